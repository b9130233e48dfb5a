"""Rules options and presets (the reference's summary table).

Each option is declared once, as a field of ``Rules`` with its default, its allowed values and
its meaning; ``OPTIONS`` (what GET /v1/rules and the request schema say) is derived from those
fields. Words are string enums, spelled exactly as in the summary table; nothing else is accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, Literal

UNLIMITED = "unlimited"
"""The word ``max_raises_after_bet`` takes for no cap."""


class HeadsUpUncap(StrEnum):
    """When the raise cap is lifted for two players who are not all-in (section 2)."""

    NEVER = "never"
    ANY_TIME_BEFORE_CAP = "any_time_before_cap"
    ROUND_STARTS_HEADS_UP = "round_starts_heads_up"
    EVENT_HEADS_UP = "event_heads_up"


class LaterStreetTieBreak(StrEnum):
    """Who acts first on 4th-7th street when the lowest boards tie (section 3)."""

    POSITION = "position"
    HIGH_CARD_BY_SUIT = "high_card_by_suit"


class OddChipRule(StrEnum):
    """Which tied winner gets an odd chip of a split pot (section 6)."""

    HIGH_CARD_BY_SUIT_IN_5 = "high_card_by_suit_in_5"
    LOW_CARD_BY_SUIT_ALL_CARDS = "low_card_by_suit_all_cards"
    SEAT_ORDER = "seat_order"


class NoBetShowOrder(StrEnum):
    """Who shows first when 7th street is checked through (section 5)."""

    FIRST_TO_ACT_BOARD = "first_to_act_board"
    EARLIEST_POSITION = "earliest_position"
    LAST_AGGRESSOR_ANY_STREET = "last_aggressor_any_street"


class ShortAllinThreshold(StrEnum):
    """How big a short all-in must be to count as a full bet or raise (section 4)."""

    HALF_BET = "half_bet"
    FULL_BET = "full_bet"


class ShortAllinReopens(StrEnum):
    """Whom a short all-in that counts as a full bet or raise reopens the betting for (section 4)."""

    PER_PLAYER = "per_player"
    EVERYONE = "everyone"


class ThirdStreetHalfBetBase(StrEnum):
    """What a 3rd-street all-in over the bring-in is measured against (section 4)."""

    TOTAL_VS_SMALL_BET = "total_vs_small_bet"
    INCREMENT_OVER_BRING_IN = "increment_over_bring_in"


class ShortBringInCallAmount(StrEnum):
    """What the others call when the bring-in is posted all-in for less than the bring-in (section 1)."""

    FULL_BRING_IN = "full_bring_in"
    POSTED_AMOUNT = "posted_amount"


def _option(default: Any, description: str, values: tuple[Any, ...] | None = None,
            integer_minimum: int | None = None) -> Any:
    """A ``Rules`` field declaring one option: its default, its meaning and, unless an enum's, its values."""
    return field(default=default, metadata={"description": description, "values": values,
                                            "integer_minimum": integer_minimum})


@dataclass(frozen=True, slots=True)
class Rules:
    """One value per option of the summary table; the defaults are the `standard` preset."""

    max_raises_after_bet: int | Literal["unlimited"] = _option(
        3, "Raises allowed after the bet (the completion counts as the bet): 3 RRoP, 4 WSOP.",
        values=(UNLIMITED,), integer_minimum=1)
    heads_up_uncap: HeadsUpUncap = _option(
        HeadsUpUncap.NEVER,
        "When the raise cap is lifted: never (TDA 48); any_time_before_cap, once two players who are not all-in are "
        "left before the round is capped (RRoP); round_starts_heads_up, on a round that begins with two such players "
        "(WSOP-L 127); event_heads_up, when exactly two players were dealt in, on every round of the hand: a "
        "snapshot does not know the event, so set it for hands dealt heads-up, not event-wide.")
    later_street_tie_break: LaterStreetTieBreak = _option(
        LaterStreetTieBreak.POSITION, "Who acts first on 4th-7th street when the lowest boards tie.")
    odd_chip_rule: OddChipRule = _option(
        OddChipRule.HIGH_CARD_BY_SUIT_IN_5, "Which tied winner gets an odd chip of a split pot.")
    no_bet_show_order: NoBetShowOrder = _option(
        NoBetShowOrder.FIRST_TO_ACT_BOARD,
        "Who shows first when 7th street is checked through: first_to_act_board, the lowest board (TDA 17A); "
        "earliest_position, the first live seat clockwise from the dealer (WSOP-L 145); last_aggressor_any_street, "
        "the first live player to bet or raise on the latest street on which one did (the first, not the last, "
        "whatever the name says), else the lowest board.")
    short_allin_threshold: ShortAllinThreshold = _option(
        ShortAllinThreshold.HALF_BET,
        "How big a short all-in must be to count as a full bet or raise and reopen the betting.")
    short_allin_reopens: ShortAllinReopens = _option(
        ShortAllinReopens.PER_PLAYER,
        "Whom an all-in short of a full bet or raise that counts as one reopens: per_player, a player who has acted "
        "only if he faces at least half a bet (a full bet under full_bet) more than he matched (TDA 47, WSOP-L "
        "129); everyone, every player not all-in. A completion, bet or raise by a player with chips behind, and an "
        "all-in that is a full bet or raise by itself, reopen every player not all-in under both.")
    third_street_half_bet_base: ThirdStreetHalfBetBase = _option(
        ThirdStreetHalfBetBase.TOTAL_VS_SMALL_BET, "What a 3rd-street all-in over the bring-in is measured against.")
    short_bring_in_call_amount: ShortBringInCallAmount = _option(
        ShortBringInCallAmount.FULL_BRING_IN,
        "What the others call when the bring-in is posted all-in for less than the bring-in.")
    fold_when_no_bet: bool = _option(
        False, "Whether fold is offered when check is (TDA 58 makes such a fold binding).", values=(False, True))
    allow_fold_when_opening_after_all_in_bring_in: bool = _option(
        True, "Whether the opener after a bring-in seat all-in from the ante may fold.", values=(True, False))
    bring_in_counts_as_acted: bool = _option(
        True, "Whether posting the bring-in is the bring-in player's action in the round.", values=(True, False))
    fourth_street_double_on_pair: bool = _option(
        False, "An open pair on 4th street never allows a double bet in razz.", values=(False,))
    max_players: int = _option(8, "Most players dealt in (the deck allows 8).", values=tuple(range(2, 9)))

    def __post_init__(self) -> None:
        """Words given as plain strings become their enum members, so the engine compares them by identity."""
        for spec in _WORD_OPTIONS:
            value = getattr(self, spec.name)
            if type(value) is not spec.words:
                object.__setattr__(self, spec.name, spec.words(value))  # type: ignore[misc]  # words is set

    @property
    def raise_limit(self) -> int | None:
        """Raises allowed after the bet in a capped round; None when unlimited."""
        return None if self.max_raises_after_bet == UNLIMITED else int(self.max_raises_after_bet)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """What GET /v1/rules says about one option: its values (as JSON writes them), default and meaning."""

    name: str
    values: tuple[Any, ...]
    """The allowed literal values (for max_raises_after_bet, besides any integer >= integer_minimum)."""
    default: Any
    description: str
    integer_minimum: int | None = None
    words: type[StrEnum] | None = None
    """The enum whose members the values name, for the options that take a word."""


def _spec(declared: Any) -> OptionSpec:
    """The spec of one ``Rules`` field, its values taken from its enum when it has one."""
    metadata = declared.metadata
    words = type(declared.default) if isinstance(declared.default, StrEnum) else None
    values = metadata["values"] if words is None else tuple(member.value for member in words)
    default = declared.default.value if words is not None else declared.default
    return OptionSpec(declared.name, values, default, metadata["description"], metadata["integer_minimum"], words)


OPTIONS: tuple[OptionSpec, ...] = tuple(_spec(declared) for declared in fields(Rules))
"""Every option of the summary table, in its order."""

_WORD_OPTIONS = tuple(spec for spec in OPTIONS if spec.words is not None)

PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "rrop_cash": Rules(heads_up_uncap=HeadsUpUncap.ANY_TIME_BEFORE_CAP),
    "wsop_cash": Rules(max_raises_after_bet=4, heads_up_uncap=HeadsUpUncap.ROUND_STARTS_HEADS_UP,
                       no_bet_show_order=NoBetShowOrder.EARLIEST_POSITION),
    "tda_tournament": Rules(heads_up_uncap=HeadsUpUncap.NEVER,
                            later_street_tie_break=LaterStreetTieBreak.HIGH_CARD_BY_SUIT,
                            odd_chip_rule=OddChipRule.HIGH_CARD_BY_SUIT_IN_5),
    "wsop_tournament": Rules(max_raises_after_bet=4, heads_up_uncap=HeadsUpUncap.NEVER,
                             later_street_tie_break=LaterStreetTieBreak.POSITION),
}
"""The `ruleset` row of the summary table: `standard` is the default."""

DEFAULT_PRESET = "standard"
PRESET_KEY = "preset"


def resolve_rules(mapping: Mapping[str, Any] | None) -> Rules:
    """The preset named by ``preset`` (default `standard`), then each explicit option over it.

    The names and values are the request schema's to check (``api/rules_options.py`` derives it from ``OPTIONS``).
    """
    if not mapping:
        return PRESETS[DEFAULT_PRESET]
    overrides = {name: value for name, value in mapping.items() if name != PRESET_KEY}
    return replace(PRESETS[mapping.get(PRESET_KEY, DEFAULT_PRESET)], **overrides)


def rules_of(mapping: Any) -> Rules:
    """``resolve_rules`` of a rules object as a request writes it, read from JSON where no schema checked it (the
    command line's ``--rules``): each name and value checked against what ``GET /v1/rules`` says it takes, else a
    ValueError naming ``rules.<option>`` and what it takes.

    >>> rules_of({"preset": "tda_tournament", "max_raises_after_bet": 4}).raise_limit
    4
    >>> rules_of({"max_raises_after_bet": True})
    Traceback (most recent call last):
    ...
    ValueError: rules.max_raises_after_bet: takes unlimited or a whole number of at least 1
    """
    if mapping is None:
        return PRESETS[DEFAULT_PRESET]
    if not isinstance(mapping, Mapping):
        raise ValueError("rules: takes an object of options")
    specs = {spec.name: spec for spec in OPTIONS}
    for name, value in mapping.items():
        if name == PRESET_KEY:
            if not isinstance(value, str) or value not in PRESETS:
                raise ValueError(f"rules.{PRESET_KEY}: takes {', '.join(PRESETS)}")
            continue
        spec = specs.get(name)
        if spec is None:
            raise ValueError(f"rules.{name}: not an option; the options are {', '.join(specs)}")
        minimum = spec.integer_minimum
        if not (any(type(value) is type(allowed) and value == allowed for allowed in spec.values)
                or (minimum is not None and type(value) is int and value >= minimum)):
            whole = "" if minimum is None else f" or a whole number of at least {minimum}"
            raise ValueError(f"rules.{name}: takes {', '.join(map(_word, spec.values))}{whole}")
    return resolve_rules(mapping)


REFERENCE_VERSION = "2026-12"
"""The version of the rules reference (docs/rules-reference.md) these rules implement, as every answer names it."""


_ORDER = {PRESET_KEY: -1, **{spec.name: index for index, spec in enumerate(OPTIONS)}}


def _word(value: Any) -> str:
    """An option's value as JSON writes it: ``true``, ``4``, ``unlimited``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value.value if isinstance(value, StrEnum) else value)


def rules_label(mapping: Mapping[str, Any] | None) -> str:
    """What the ``X-Razz-Rules`` header says of a request's rules object: its preset (`standard` unless named), each
    option it gives with its value, and the reference's version: ``tda_tournament, max_raises_after_bet=4; reference
    2026-12``.

    The options are written in the order of ``Rules`` (GET /v1/rules' order), whatever order the request wrote them
    in, so that one rules object has one label.

    >>> rules_label(None)
    'standard; reference 2026-12'
    >>> rules_label({"preset": "tda_tournament", "max_raises_after_bet": 4, "fold_when_no_bet": True})
    'tda_tournament, max_raises_after_bet=4, fold_when_no_bet=true; reference 2026-12'
    """
    preset = DEFAULT_PRESET
    options = []
    for name, value in sorted((mapping or {}).items(), key=lambda item: _ORDER[item[0]]):
        if name == PRESET_KEY:
            preset = value
        else:
            options.append(f"{name}={_word(value)}")
    return f"{', '.join([preset, *options])}; reference {REFERENCE_VERSION}"


DEFAULT_LABEL = rules_label(None)
"""The label of the defaults: ``standard; reference 2026-12``."""


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
