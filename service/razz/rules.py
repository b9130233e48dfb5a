"""Rules options and presets (the reference's summary table), and the betting structure (stakes).

The summary table is the complete list of options: every name and value here is spelled
exactly as it is there, and nothing else is accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from .errors import RulesError, StakesError
from .seating import is_int


@dataclass(frozen=True, slots=True)
class Rules:
    """One value per option of the summary table; the defaults are the `standard` preset."""

    max_raises_after_bet: int | str = 3
    heads_up_uncap: str = "never"
    later_street_tie_break: str = "position"
    odd_chip_rule: str = "high_card_by_suit_in_5"
    no_bet_show_order: str = "first_to_act_board"
    short_allin_threshold: str = "half_bet"
    third_street_half_bet_base: str = "total_vs_small_bet"
    short_bring_in_call_amount: str = "full_bring_in"
    fold_when_no_bet: bool = False
    allow_fold_when_opening_after_all_in_bring_in: bool = True
    bring_in_counts_as_acted: bool = True
    fourth_street_double_on_pair: bool = False
    max_players: int = 8

    @property
    def raise_limit(self) -> int | None:
        """Raises allowed after the bet in a capped round; None when unlimited."""
        return None if self.max_raises_after_bet == "unlimited" else int(self.max_raises_after_bet)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """What GET /v1/rules says about one option: its values, default and meaning."""

    name: str
    values: tuple[Any, ...]
    """The allowed literal values (for max_raises_after_bet, besides any integer >= integer_minimum)."""
    default: Any
    description: str
    integer_minimum: int | None = None


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("max_raises_after_bet", ("unlimited",), 3,
               "Raises allowed after the bet (the completion counts as the bet): 3 RRoP, 4 WSOP.",
               integer_minimum=1),
    OptionSpec("heads_up_uncap", ("never", "any_time_before_cap", "round_starts_heads_up", "event_heads_up"),
               "never", "When the raise cap is lifted for two players who are not all-in."),
    OptionSpec("later_street_tie_break", ("position", "high_card_by_suit"), "position",
               "Who acts first on 4th-7th street when the lowest boards tie."),
    OptionSpec("odd_chip_rule", ("high_card_by_suit_in_5", "low_card_by_suit_all_cards", "seat_order"),
               "high_card_by_suit_in_5", "Which tied winner gets an odd chip of a split pot."),
    OptionSpec("no_bet_show_order", ("first_to_act_board", "earliest_position", "last_aggressor_any_street"),
               "first_to_act_board", "Who shows first when 7th street is checked through."),
    OptionSpec("short_allin_threshold", ("half_bet", "full_bet"), "half_bet",
               "How big a short all-in must be to count as a full bet or raise and reopen the betting."),
    OptionSpec("third_street_half_bet_base", ("total_vs_small_bet", "increment_over_bring_in"),
               "total_vs_small_bet", "What a 3rd-street all-in over the bring-in is measured against."),
    OptionSpec("short_bring_in_call_amount", ("full_bring_in", "posted_amount"), "full_bring_in",
               "What the others call when the bring-in is posted all-in for less than the bring-in."),
    OptionSpec("fold_when_no_bet", (False, True), False,
               "Whether fold is offered when check is (TDA 58 makes such a fold binding)."),
    OptionSpec("allow_fold_when_opening_after_all_in_bring_in", (True, False), True,
               "Whether the opener after a bring-in seat all-in from the ante may fold."),
    OptionSpec("bring_in_counts_as_acted", (True, False), True,
               "Whether posting the bring-in is the bring-in player's action in the round."),
    OptionSpec("fourth_street_double_on_pair", (False,), False,
               "An open pair on 4th street never allows a double bet in razz."),
    OptionSpec("max_players", tuple(range(2, 9)), 8, "Most players dealt in (the deck allows 8)."),
)
"""Every option of the summary table, in its order."""

_SPECS = {spec.name: spec for spec in OPTIONS}

PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "rrop_cash": Rules(heads_up_uncap="any_time_before_cap"),
    "wsop_cash": Rules(max_raises_after_bet=4, heads_up_uncap="round_starts_heads_up",
                       no_bet_show_order="earliest_position"),
    "tda_tournament": Rules(heads_up_uncap="never", later_street_tie_break="high_card_by_suit",
                            odd_chip_rule="high_card_by_suit_in_5"),
    "wsop_tournament": Rules(max_raises_after_bet=4, heads_up_uncap="never", later_street_tie_break="position"),
}
"""The `ruleset` row of the summary table: `standard` is the default."""

DEFAULT_PRESET = "standard"
PRESET_KEY = "preset"


def _allowed_text(spec: OptionSpec) -> str:
    """The allowed values of an option, written for an error message."""
    values = ", ".join(_json_text(value) for value in spec.values)
    if spec.integer_minimum is not None:
        return f"an integer >= {spec.integer_minimum} or {values}"
    return values


def _json_text(value: object) -> str:
    """A value as JSON writes it, so messages match what the caller sent."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def _check_value(spec: OptionSpec, value: object) -> None:
    """Raise RulesError unless ``value`` is one the option allows (booleans are never integers)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        ok = isinstance(value, bool) and any(isinstance(v, bool) and v is value for v in spec.values)
    elif isinstance(value, int) and spec.integer_minimum is not None:
        ok = value >= spec.integer_minimum
    else:
        ok = any(type(v) is type(value) and v == value for v in spec.values)
    if not ok:
        raise RulesError(spec.name, f"{_json_text(value) if isinstance(value, (bool, int, str)) else repr(value)} "
                         f"is not a value of {spec.name}; allowed: {_allowed_text(spec)}",
                         spec.values)


def resolve_rules(mapping: Mapping[str, Any] | None) -> Rules:
    """The preset named by ``preset`` (default `standard`), then each explicit option over it."""
    if not mapping:
        return PRESETS[DEFAULT_PRESET]
    preset = mapping.get(PRESET_KEY, DEFAULT_PRESET)
    if not isinstance(preset, str) or preset not in PRESETS:
        raise RulesError(PRESET_KEY, f"{preset!r} is not a preset; allowed: {', '.join(PRESETS)}",
                         tuple(PRESETS))
    overrides = {}
    for name, value in mapping.items():
        if name == PRESET_KEY:
            continue
        spec = _SPECS.get(name)
        if spec is None:
            raise RulesError(name, f"unknown option {name!r}; options: {', '.join(_SPECS)}, {PRESET_KEY}",
                             tuple(_SPECS))
        _check_value(spec, value)
        overrides[name] = value
    return replace(PRESETS[preset], **overrides)


def catalogue() -> dict[str, Any]:
    """The presets with every value and each option's allowed values, default and meaning."""
    return {
        "default_preset": DEFAULT_PRESET,
        "presets": {name: asdict(rules) for name, rules in PRESETS.items()},
        "options": [
            {"name": spec.name, "values": list(spec.values), "integer_minimum": spec.integer_minimum,
             "default": spec.default, "description": spec.description}
            for spec in OPTIONS
        ],
    }


@dataclass(frozen=True, slots=True)
class Stakes:
    """The fixed-limit structure: ante, bring-in, small bet (3rd/4th), big bet (5th-7th)."""

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int | None = None
    """Twice the small bet when omitted."""

    def __post_init__(self) -> None:
        """Fill the big bet and reject structures the reference rules out."""
        for name in ("ante", "bring_in", "small_bet", "big_bet"):
            value = getattr(self, name)
            if value is None and name == "big_bet":
                continue
            if not is_int(value):
                raise StakesError(f"stakes.{name}", f"{value!r} is not a whole number of chips")
        big_bet = 2 * self.small_bet if self.big_bet is None else self.big_bet
        object.__setattr__(self, "big_bet", big_bet)
        if self.ante < 0:
            raise StakesError("stakes.ante", f"the ante ({self.ante}) must be 0 or more")
        if self.bring_in <= 0:
            raise StakesError("stakes.bring_in", f"the bring-in ({self.bring_in}) must be more than 0")
        if self.bring_in > self.small_bet:
            raise StakesError("stakes.bring_in",
                              f"the bring-in ({self.bring_in}) must not exceed the small bet ({self.small_bet})")
        if self.small_bet > big_bet:
            raise StakesError("stakes.big_bet",
                              f"the big bet ({big_bet}) must not be less than the small bet ({self.small_bet})")

    def bet_size(self, street: int) -> int:
        """The limit of a street: the small bet on 3rd and 4th, the big bet from 5th on."""
        return self.small_bet if street <= 4 else self.big_bet  # type: ignore[return-value]
