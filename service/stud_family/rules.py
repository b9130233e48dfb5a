"""Rules options and presets (the summary tables of razz's reference and stud's).

Each option of the family is declared once, as a field of ``Rules`` with its default, its allowed values and its
meaning (``FAMILY_OPTIONS``). Each game takes some of them, some of their values, and its own presets
(``GameOptions``, one per game in ``GAME_OPTIONS``, declared once from the stud reference's summary table); a game's
defaults are its ``standard`` preset. ``resolve_rules`` turns a request's rules object into ``Rules`` for a game and
refuses an option or value the game lacks (``OptionError``, naming the option, the value and the game). ``OPTIONS``
and ``PRESETS`` are razz's, as GET /v1/rules has always listed them. Words are string enums, spelled exactly as in
the summary tables; nothing else is accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, Literal

from .errors import FieldError
from .wording import shown

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
    """Which tied winner gets an odd chip of a split pot (razz section 6, stud section 5).

    ``low_card_by_suit_all_cards`` (razz) and ``all_cards_by_suit`` (stud, stud/8) are the one RRoP rule, all the
    player's cards read, under each game's name.
    """

    HIGH_CARD_BY_SUIT_IN_5 = "high_card_by_suit_in_5"
    LOW_CARD_BY_SUIT_ALL_CARDS = "low_card_by_suit_all_cards"
    ALL_CARDS_BY_SUIT = "all_cards_by_suit"
    SEAT_ORDER = "seat_order"


class HiloSameWinners(StrEnum):
    """Stud/8: a pot whose best high hands and best lows are the same players (stud section 5)."""

    ONE_POT = "one_pot"
    BY_HALVES = "by_halves"


class FourthStreetOpenPair(StrEnum):
    """Whether an open pair on 4th street lets every player bet or raise the big bet there (stud section 3)."""

    NEVER = "never"
    DOUBLE_BET_ALLOWED = "double_bet_allowed"


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
    hilo_same_winners: HiloSameWinners = _option(
        HiloSameWinners.ONE_POT,
        "A pot whose best high hands and best qualifying lows are the same two or more players: one_pot, split "
        "among them as one pot, odd chips by their high hands (RRoP Ties, TDA 19-F 2015-17); by_halves, halved "
        "and each half split (TDA 2024 text).")
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
    fourth_street_open_pair: FourthStreetOpenPair = _option(
        FourthStreetOpenPair.NEVER,
        "An open pair on 4th street: double_bet_allowed, every player may bet or raise the small or the big bet on "
        "that street, and once a big one is made every raise is big (RRoP stud 4, WSOP-L 220); never, the small bet "
        "only (TDA RP-10F).")
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
    field: str = ""
    """The ``Rules`` field it sets (its own name unless it is another name for one)."""
    field_values: tuple[Any, ...] | None = None
    """The field's value each of ``values`` sets, in their order, when it is another name (None: the same)."""

    def __post_init__(self) -> None:
        """An option sets the field of its own name unless it says otherwise."""
        if not self.field:
            object.__setattr__(self, "field", self.name)

    def sets(self, value: Any) -> Any:
        """The field's value a request's ``value`` of this option sets."""
        if self.field_values is None:
            return value
        return self.field_values[next(i for i, allowed in enumerate(self.values) if _same(allowed, value))]

    def read(self, rules: Rules) -> Any:
        """This option's value in ``rules``, as JSON writes it (a word, a whole number, true or false)."""
        value = getattr(rules, self.field)
        if self.field_values is not None:
            value = self.values[self.field_values.index(value)]
        return value.value if isinstance(value, StrEnum) else value

    def allows(self, value: Any) -> bool:
        """Whether a request may set this option to ``value`` (true and 1 kept apart)."""
        minimum = self.integer_minimum
        return (any(_same(allowed, value) for allowed in self.values)
                or (minimum is not None and type(value) is int and value >= minimum))

    def takes(self) -> str:
        """The values it takes, in words: ``unlimited or a whole number of at least 1``."""
        whole = "" if self.integer_minimum is None else f" or a whole number of at least {self.integer_minimum}"
        return f"{', '.join(map(_word, self.values))}{whole}"


def _same(allowed: Any, value: Any) -> bool:
    """A request's value is an allowed one of the same JSON type: true is not 1, nor "1" 1."""
    if isinstance(allowed, str):
        return isinstance(value, str) and value == allowed
    return type(value) is type(allowed) and value == allowed


def _spec(declared: Any) -> OptionSpec:
    """The spec of one ``Rules`` field, its values taken from its enum when it has one."""
    metadata = declared.metadata
    words = type(declared.default) if isinstance(declared.default, StrEnum) else None
    values = metadata["values"] if words is None else tuple(member.value for member in words)
    default = declared.default.value if words is not None else declared.default
    return OptionSpec(declared.name, values, default, metadata["description"], metadata["integer_minimum"], words)


FAMILY_OPTIONS: tuple[OptionSpec, ...] = tuple(_spec(declared) for declared in fields(Rules))
"""Every option of the family, each with every value some game takes, in the order of ``Rules``."""

_WORD_OPTIONS = tuple(spec for spec in FAMILY_OPTIONS if spec.words is not None)

DEFAULT_PRESET = "standard"
PRESET_KEY = "preset"

RAZZ_PRESETS: dict[str, Rules] = {
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
"""Razz's `ruleset` row of its summary table: `standard` is the default."""

_OPEN_PAIR = FourthStreetOpenPair.DOUBLE_BET_ALLOWED
STUD_PRESETS: dict[str, Rules] = {
    "standard": Rules(fourth_street_open_pair=_OPEN_PAIR),
    "rrop_cash": replace(RAZZ_PRESETS["rrop_cash"], fourth_street_open_pair=_OPEN_PAIR),
    "wsop_cash": replace(RAZZ_PRESETS["wsop_cash"], fourth_street_open_pair=_OPEN_PAIR),
    "tda_tournament": replace(RAZZ_PRESETS["tda_tournament"], fourth_street_open_pair=FourthStreetOpenPair.NEVER),
    "wsop_tournament": replace(RAZZ_PRESETS["wsop_tournament"], fourth_street_open_pair=FourthStreetOpenPair.NEVER,
                               later_street_tie_break=LaterStreetTieBreak.HIGH_CARD_BY_SUIT),
}
"""Stud's presets (stud-rules.md, after its summary table): razz's, with the open pair allowed in the cash games and
refused in the tournaments, and WSOP-T's high card by suit for tied boards."""

STUD8_PRESETS: dict[str, Rules] = dict(RAZZ_PRESETS)
"""Stud/8's presets: razz's, whose open pair is never and whose pots are one when the same players win both ways
(`hilo_same_winners` is one_pot in every preset); wsop_tournament keeps `position`, as razz's does."""


@dataclass(frozen=True, slots=True)
class GameOptions:
    """What one game's rules object may say: its options with the values it takes, in the order GET /v1/rules lists
    them (each default its `standard` preset's value), its presets, and the other names it accepts for an option."""

    game: str
    options: tuple[OptionSpec, ...]
    presets: Mapping[str, Rules]
    other_names: tuple[OptionSpec, ...] = ()
    """Options a request may set that the game's listing leaves out (another name for a listed one)."""
    accepted: Mapping[str, OptionSpec] = field(init=False)
    """Every option a request may set in this game, by name."""

    def __post_init__(self) -> None:
        """Every preset gives each option a value the game takes, and the accepted options by name."""
        object.__setattr__(self, "accepted", {spec.name: spec for spec in (*self.options, *self.other_names)})
        for name, rules in self.presets.items():
            for spec in self.accepted.values():
                field_values = spec.field_values
                if not (getattr(rules, spec.field) in field_values if field_values else spec.allows(spec.read(rules))):
                    raise ValueError(f"{self.game}'s preset {name}: {spec.name} takes {spec.takes()}")

    def check(self, mapping: Mapping[str, Any]) -> None:
        """Refuse the first option or value of ``mapping`` this game lacks (``OptionError``)."""
        for name, value in mapping.items():
            if name == PRESET_KEY:
                if not isinstance(value, str) or value not in self.presets:
                    raise OptionError(self.game, name, value, f"takes {', '.join(self.presets)}")
                continue
            spec = self.accepted.get(name)
            if spec is None:
                listed = ", ".join(option.name for option in self.options)
                if name not in _ANY_GAME_OPTIONS:
                    raise OptionError(self.game, name, value, f"not an option; the options are {listed}")
                raise OptionError(self.game, name, value,
                                  f"not an option of {self.game}, only of {_owners(name)} (given {shown(value)}); "
                                  f"{self.game}'s options are {listed}")
            if not spec.allows(value):
                elsewhere = [options.game for options in GAME_OPTIONS.values() if name in options.accepted
                             and options.game != self.game and options.accepted[name].allows(value)]
                if elsewhere:
                    raise OptionError(self.game, name, value,
                                      f"{shown(value)} is not a value of {name} in {self.game} (only in "
                                      f"{' and '.join(elsewhere)}); {self.game} takes {spec.takes()}")
                raise OptionError(self.game, name, value, f"takes {spec.takes()}")

    def resolve(self, mapping: Mapping[str, Any] | None) -> Rules:
        """The preset named by ``preset`` (default `standard`), then each explicit option over it, once checked."""
        if not mapping:
            return self.presets[DEFAULT_PRESET]
        self.check(mapping)
        overrides = {self.accepted[name].field: self.accepted[name].sets(value)
                     for name, value in mapping.items() if name != PRESET_KEY}
        return replace(self.presets[mapping.get(PRESET_KEY, DEFAULT_PRESET)], **overrides)

    def catalogue(self) -> dict[str, Any]:
        """The presets with every value and each option's allowed values, default and meaning."""
        return {
            "default_preset": DEFAULT_PRESET,
            "presets": {name: {spec.name: spec.read(rules) for spec in self.options}
                        for name, rules in self.presets.items()},
            "options": [
                {"name": spec.name, "values": list(spec.values), "integer_minimum": spec.integer_minimum,
                 "default": spec.default, "description": spec.description}
                for spec in self.options
            ],
        }


class OptionError(FieldError):
    """A rules object's option or value that the game asked for does not take, at ``rules.<option>``."""

    def __init__(self, game: str, option: str, value: Any, message: str) -> None:
        super().__init__(f"rules.{option}", message)
        self.game = game
        self.option = option
        self.value = value


def _game_options(game: str, presets: Mapping[str, Rules], values: Mapping[str, tuple[Any, ...]],
                  left_out: tuple[str, ...] = (), descriptions: Mapping[str, str] | None = None,
                  renamed: Mapping[str, OptionSpec] | None = None, other_names: tuple[OptionSpec, ...] = ()
                  ) -> GameOptions:
    """A game's options from the family's: some left out or listed under another name, some values only, its own
    words for some; each default read from its standard preset."""
    standard = presets[DEFAULT_PRESET]
    options = []
    for spec in FAMILY_OPTIONS:
        if spec.name in left_out:
            continue
        spec = (renamed or {}).get(spec.name, spec)
        spec = replace(spec, values=values.get(spec.name, spec.values),
                       description=(descriptions or {}).get(spec.name, spec.description))
        options.append(replace(spec, default=spec.read(standard)))
    return GameOptions(game, tuple(options), presets, other_names)


_OLD_OPEN_PAIR = OptionSpec(
    "fourth_street_double_on_pair", (False,), False, "An open pair on 4th street never allows a double bet in razz.",
    field="fourth_street_open_pair", field_values=(FourthStreetOpenPair.NEVER,))
"""Razz's name for ``fourth_street_open_pair``, with its one value (false: never), which razz requests keep."""

_ONLY_NEVER = (FourthStreetOpenPair.NEVER.value,)
_HIGH_BOARDS = {
    "later_street_tie_break": "Who acts first on 4th-7th street when the highest boards tie.",
    "no_bet_show_order":
        "Who shows first when 7th street is checked through: first_to_act_board, the highest board (TDA 17A); "
        "earliest_position, the first live seat clockwise from the dealer (WSOP-L 145); last_aggressor_any_street, "
        "the first live player to bet or raise on the latest street on which one did (the first, not the last, "
        "whatever the name says), else the highest board.",
}
"""The descriptions that name the board that opens, in the games whose highest board opens."""
_STUD_ODD_CHIPS = (OddChipRule.HIGH_CARD_BY_SUIT_IN_5.value, OddChipRule.ALL_CARDS_BY_SUIT.value,
                   OddChipRule.SEAT_ORDER.value)

GAME_OPTIONS: dict[str, GameOptions] = {
    "razz": _game_options(
        "razz", RAZZ_PRESETS, left_out=("hilo_same_winners",),
        values={"odd_chip_rule": (OddChipRule.HIGH_CARD_BY_SUIT_IN_5.value,
                                  OddChipRule.LOW_CARD_BY_SUIT_ALL_CARDS.value, OddChipRule.SEAT_ORDER.value),
                "fourth_street_open_pair": _ONLY_NEVER},
        renamed={"fourth_street_open_pair": _OLD_OPEN_PAIR},
        other_names=(replace(_spec(next(f for f in fields(Rules) if f.name == "fourth_street_open_pair")),
                             values=_ONLY_NEVER, default=_ONLY_NEVER[0]),)),
    "stud": _game_options(
        "stud", STUD_PRESETS, left_out=("hilo_same_winners",), values={"odd_chip_rule": _STUD_ODD_CHIPS},
        descriptions=_HIGH_BOARDS),
    "stud8": _game_options(
        "stud8", STUD8_PRESETS, values={"odd_chip_rule": _STUD_ODD_CHIPS, "fourth_street_open_pair": _ONLY_NEVER},
        descriptions=_HIGH_BOARDS),
}
"""Each game's options, values and presets: the stud reference's summary table (razz's as razz's table has it)."""

_ANY_GAME_OPTIONS = {name for options in GAME_OPTIONS.values() for name in options.accepted}


def _owners(option: str) -> str:
    """The games that take ``option``, in words: ``stud8``, ``razz``."""
    return " and ".join(options.game for options in GAME_OPTIONS.values() if option in options.accepted)


OPTIONS: tuple[OptionSpec, ...] = GAME_OPTIONS["razz"].options
"""Razz's options, in its summary table's order (what GET /v1/rules has always listed)."""

PRESETS: Mapping[str, Rules] = RAZZ_PRESETS
"""Razz's presets."""


def resolve_rules(mapping: Mapping[str, Any] | None, game: str = "razz") -> Rules:
    """The rules of ``game`` a request's rules object gives: the preset named by ``preset`` (default `standard`), then
    each explicit option over it; an option or value the game lacks is an ``OptionError`` naming the option, the
    value and the game.

    >>> resolve_rules({"hilo_same_winners": "by_halves"}, "stud8").hilo_same_winners
    <HiloSameWinners.BY_HALVES: 'by_halves'>
    >>> resolve_rules({"hilo_same_winners": "one_pot"}, "stud")
    Traceback (most recent call last):
    ...
    service.stud_family.rules.OptionError: rules.hilo_same_winners: not an option of stud, only of stud8 (given \
"one_pot"); stud's options are max_raises_after_bet, heads_up_uncap, later_street_tie_break, odd_chip_rule, \
no_bet_show_order, short_allin_threshold, short_allin_reopens, third_street_half_bet_base, \
short_bring_in_call_amount, fold_when_no_bet, allow_fold_when_opening_after_all_in_bring_in, \
bring_in_counts_as_acted, fourth_street_open_pair, max_players
    """
    return GAME_OPTIONS[game].resolve(mapping)


def rules_of(mapping: Any, game: str = "razz") -> Rules:
    """``resolve_rules`` of a rules object as a request writes it, read from JSON where no schema checked it (the
    command line's ``--rules``): each name and value checked against what ``GET /v1/rules`` says it takes, else a
    ValueError naming ``rules.<option>`` and what it takes.

    >>> rules_of({"preset": "tda_tournament", "max_raises_after_bet": 4}).raise_limit
    4
    >>> rules_of({"max_raises_after_bet": True})
    Traceback (most recent call last):
    ...
    service.stud_family.rules.OptionError: rules.max_raises_after_bet: takes unlimited or a whole number of at least 1
    """
    if mapping is None:
        return GAME_OPTIONS[game].presets[DEFAULT_PRESET]
    if not isinstance(mapping, Mapping):
        raise ValueError("rules: takes an object of options")
    return resolve_rules(mapping, game)


REFERENCE_VERSION = "2026-12"
"""The version of the rules reference (docs/rules-reference.md) these rules implement, as every answer names it."""


_ORDER = {PRESET_KEY: -1, **{name: index for index, name in enumerate(dict.fromkeys(
    spec.name for options in GAME_OPTIONS.values() for spec in (*options.options, *options.other_names)))}}


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


def catalogue(game: str = "razz") -> dict[str, Any]:
    """A game's presets with every value and each option's allowed values, default and meaning."""
    return GAME_OPTIONS[game].catalogue()
