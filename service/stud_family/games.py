"""The games the service plays, each one value: what a game changes of the family's table rules.

Razz, seven-card stud and stud hi/lo 8-or-better deal the same streets (``streets.py``), bet the
same fixed limits (``limits.py``, ``cap.py``) and share every table rule but its direction: razz
brings in the highest door card and opens later streets with the lowest board, stud the lowest
door card and the highest board. A ``Game`` holds those directions as data, with the options it
accepts, the part of the rules reference its citations link into and its words; the modules of
the sections (``bring_in``, ``first_to_act``, ``show_order``, the replay in ``betting``) take the
game and ask it, so none of them names razz. ``RAZZ``, ``STUD`` and ``STUD8`` are the games, in ``GAMES``.

How a game's hands are judged (their values, how a pot is divided, the odd chips) is a value of
its own, ``judging.Judging``, which the game holds: a game is its table rules here and its judging.

Adding a game: a new ``Game`` value (its door order, its board order and their citations), its
options and presets, and its judging; docs/architecture.md, "Adding a game", walks through it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from . import high_ranking
from .cards import HIGH_CARD_ORDER, RANK_OF, SUIT_OF
from .judging import RAZZ_JUDGING, STUD8_JUDGING, STUD_JUDGING, Judging
from .ranking import CATEGORIES, evaluate
from .rules import GAME_OPTIONS, OPTIONS, PRESETS, LaterStreetTieBreak, OptionSpec, Rules
from .why import GAME, Citation


class Direction(StrEnum):
    """Which end of an order a rule picks: the highest card or board, or the lowest."""

    HIGHEST = "highest"
    LOWEST = "lowest"


@dataclass(frozen=True, slots=True)
class CardOrder:
    """The 52 cards in one order, rank first, then suit (s > h > d > c): each card code's place, the higher card
    the larger place."""

    words: str
    """How players say the order's ranks: ``kings high, aces low``."""
    place: Mapping[int, int]


ACE_LOW = CardOrder("kings high, aces low", HIGH_CARD_ORDER)
"""Razz's card order: the ace is the lowest rank."""

ACE_HIGH = CardOrder("aces high, twos low",
                     {code: (RANK_OF[code] - 2) % 13 * 4 + SUIT_OF[code] for code in HIGH_CARD_ORDER})
"""Stud's card order: 2 the lowest rank, the ace the highest (stud section 1)."""


@dataclass(frozen=True, slots=True)
class DoorOrder:
    """Who brings in (section 1): the door card at one end of a card order, the suit breaking a tie on rank."""

    direction: Direction
    cards: CardOrder
    rule: Citation
    """The rule that sends the bring-in to that door card."""
    suit_rule: Citation
    """Door cards of one rank: the suit decides."""
    brings_in: Mapping[int, int] = field(init=False)
    """Each door card's key: the largest brings in (the card order's place, turned over for the lowest)."""

    def __post_init__(self) -> None:
        """The key read for each door card: one lookup, whichever end brings in."""
        sign = 1 if self.direction is Direction.HIGHEST else -1
        object.__setattr__(self, "brings_in", {code: sign * place for code, place in self.cards.place.items()})


class BoardValue(Protocol):
    """What the board order says of a board: its place among boards of as many cards (1 opens first), its name
    (``6-2``) and its category (``no_pair``, ``one_pair``...)."""

    @property
    def rank(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def category(self) -> str: ...


@dataclass(frozen=True, slots=True)
class BoardOrder:
    """Who opens 4th street and later (section 3): the board at one end of the game's order of boards, a tie broken
    by position or by the high card by suit (``later_street_tie_break``)."""

    direction: Direction
    value: Callable[[Sequence[int]], BoardValue]
    """A board's value; the board of rank 1 is at the ``direction`` end and opens."""
    high_cards: CardOrder
    """The order the high card by suit is read in, when it breaks a tie of boards."""
    rule: Citation
    """The rule that opens the street with that board."""
    tie_rules: Mapping[LaterStreetTieBreak, Citation]
    """The rule that breaks a tie of boards, by ``later_street_tie_break``."""
    order_words: Callable[[int, BoardValue], str]
    """How boards of ``shown`` up cards compare, in words, as the opener's sentence says it of the board that
    opened."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the stud family: what its table rules decide differently, its options and its words."""

    name: str
    """The word a request names it by."""
    title: str
    door: DoorOrder
    board: BoardOrder
    options: tuple[OptionSpec, ...]
    """The options it accepts, with their values and defaults (what GET /v1/rules is to list for it): once requests
    name a game, an option or a value it lacks is refused with a 422."""
    presets: Mapping[str, Rules]
    judging: Judging
    """How its hands are valued and its pots divided (``judging.py``)."""
    open_pair_refused: Citation | None
    """The rule that keeps 4th street to the small bet whatever pairs show, under ``fourth_street_open_pair`` never:
    what refuses a big bet there. None for razz, whose refusal of a wrong amount names the bet sizes, as it always
    has."""
    citations: str
    """The part of the rules reference its own rules are cited from: each anchor starts with it (``razz-4-tda-47``,
    ``stud-3-rrop-stud-4``). Stud and stud/8 cite razz's sections for the rules their part says hold unchanged."""


_RAZZ_PAIRED_BOARDS = {
    2: "every live board is a pair: the lower pair",
    3: "every live board is paired: a pair is lower than trips; then the lower cards",
    4: "every live board is paired: one pair is lowest, then two pair, trips, four of a kind; then the lower cards",
}
"""How razz boards that are all paired compare, by the up cards shown: the lowest board's sentence says it when no
board without a pair was there to beat it."""


def _razz_board_order(shown: int, value: BoardValue) -> str:
    """How razz boards compare, said of the lowest: an unpaired one beats any pair, else the paired boards' order."""
    if value.category == CATEGORIES[0]:
        return "no pair beats any pair; then the lower cards"
    return _RAZZ_PAIRED_BOARDS[shown]


RAZZ_HIGHEST_DOOR = Citation("§1", "WSOP-L 235")
"""Razz: the highest door card, kings high and aces low, posts the bring-in."""
RAZZ_DOOR_SUITS = Citation("§1", "WSOP-T Razz")
"""Razz: door cards of one rank, the suit decides, s > h > d > c."""
RAZZ_LOWEST_BOARD = Citation("§3", "WSOP-L 235")
"""Razz: from 4th street on, the lowest ace-to-five board acts first."""
RAZZ_TIED_BOARDS = {LaterStreetTieBreak.POSITION: Citation("§3", "WSOP-L 235"),
                    LaterStreetTieBreak.HIGH_CARD_BY_SUIT: Citation("§3", "TDA 2024 RP-10D")}
"""Razz: tied lowest boards, by ``later_street_tie_break``: position from the dealer, or the high card by suit."""

RAZZ = Game(
    name="razz",
    title="Razz",
    door=DoorOrder(Direction.HIGHEST, ACE_LOW, RAZZ_HIGHEST_DOOR, RAZZ_DOOR_SUITS),
    board=BoardOrder(Direction.LOWEST, evaluate, ACE_LOW, RAZZ_LOWEST_BOARD, RAZZ_TIED_BOARDS, _razz_board_order),
    options=OPTIONS,
    presets=PRESETS,
    judging=RAZZ_JUDGING,
    open_pair_refused=None,
    citations=GAME,
)
"""Razz: ace-to-five low. The highest door card brings in, kings high and aces low, spades the highest suit; from
4th street the lowest ace-to-five board opens."""

_STUD_GROUPS = {
    2: "a pair beats no pair; then the higher cards, aces high",
    3: "trips beat a pair, a pair beats no pair; then the higher cards, aces high",
    4: "four of a kind beats trips, trips two pair, two pair one pair, a pair no pair; then the higher cards, aces "
       "high",
}
"""How stud boards compare, by the up cards shown: the highest board's sentence says it."""


def _stud_board_order(shown: int, value: BoardValue) -> str:
    """How stud boards compare, said of the highest: as a high hand of that many cards, no straight or flush."""
    return f"{_STUD_GROUPS[shown]}; a board makes no straight or flush"


STUD_LOWEST_DOOR = Citation("stud §1", "RRoP Stud 1")
"""Stud: the lowest door card, aces high, posts the bring-in."""
STUD_DOOR_SUITS = Citation("stud §1", "BARGE Stud")
"""Stud: door cards of one rank, the suit decides, clubs lowest (2c the lowest card)."""
STUD8_LOWEST_DOOR = Citation("stud §1", "RRoP Stud/8")
"""Stud/8: the low card brings in, the ace counting high for it."""
STUD8_DOOR_SUITS = Citation("stud §1", "BARGE Stud/8")
"""Stud/8: door cards of one rank, the suit decides, clubs lowest."""
STUD_HIGHEST_BOARD = Citation("stud §2", "RRoP Stud 1")
"""Stud: from 4th street on, the high hand on board acts first; a tie by position, the first dealt."""
STUD8_HIGHEST_BOARD = Citation("stud §2", "RRoP Stud/8")
"""Stud/8: from 4th street on, the high hand showing acts first; a tie to the first clockwise from the dealer."""
STUD_SMALL_FOURTH = Citation("stud §3", "TDA 2024 RP-10F")
"""Stud under ``fourth_street_open_pair`` never: bets are not doubled on 4th street for a pair showing."""
STUD8_SMALL_FOURTH = Citation("stud §3", "RRoP Stud/8")
"""Stud/8: an open pair does not affect the limit."""
TDA_TIED_BOARDS = Citation("stud §2", "TDA 2024 RP-10D")
"""Stud and stud/8 under ``high_card_by_suit``: tied high boards go to the high card by suit."""


def _stud_board(rule: Citation) -> BoardOrder:
    """The highest board opens, valued as a high hand of its cards; ties by position under ``rule`` or by suit."""
    return BoardOrder(Direction.HIGHEST, high_ranking.evaluate, ACE_HIGH, rule,
                      {LaterStreetTieBreak.POSITION: rule, LaterStreetTieBreak.HIGH_CARD_BY_SUIT: TDA_TIED_BOARDS},
                      _stud_board_order)


STUD = Game(
    name="stud",
    title="Seven-card stud",
    door=DoorOrder(Direction.LOWEST, ACE_HIGH, STUD_LOWEST_DOOR, STUD_DOOR_SUITS),
    board=_stud_board(STUD_HIGHEST_BOARD),
    options=GAME_OPTIONS["stud"].options,
    presets=GAME_OPTIONS["stud"].presets,
    judging=STUD_JUDGING,
    open_pair_refused=STUD_SMALL_FOURTH,
    citations="stud",
)
"""Seven-card stud, high only: the lowest door card brings in, aces high and clubs lowest; from 4th street the highest
board opens; an open pair on 4th street allows the big bet unless ``fourth_street_open_pair`` is never."""

STUD8 = Game(
    name="stud8",
    title="Seven-card stud hi/lo, eight or better",
    door=DoorOrder(Direction.LOWEST, ACE_HIGH, STUD8_LOWEST_DOOR, STUD8_DOOR_SUITS),
    board=_stud_board(STUD8_HIGHEST_BOARD),
    options=GAME_OPTIONS["stud8"].options,
    presets=GAME_OPTIONS["stud8"].presets,
    judging=STUD8_JUDGING,
    open_pair_refused=STUD8_SMALL_FOURTH,
    citations="stud",
)
"""Stud hi/lo 8-or-better: stud's table rules with the small bet on 4th street whatever shows, and the pot halved
between the best high and the best qualifying low."""

GAMES: dict[str, Game] = {game.name: game for game in (RAZZ, STUD, STUD8)}
"""Every game, by the name a request gives it."""
