"""A hand as its history writes it: what a reader takes from the text, before the rules name anything.

Each format's reader (``phh``, ``pokerstars``, ``fulltilt``, ``winamax``, ``merge``) turns one hand's
text into a ``WrittenHand``; the check (``check``) asks the engine what the entries amount to.
Every part keeps the entry it came from, so a rule broken is named with the line and the words
that broke it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import NamedTuple

import msgspec

NOTHING: Mapping[int, int] = MappingProxyType({})


def text_lines(text: str) -> list[str]:
    """A history's lines, broken where TOML and the sites break them (LF or CRLF), never at other Unicode breaks."""
    return [line.removesuffix("\r") for line in text.split("\n")]


class Game(StrEnum):
    """The games a history's hand may be of that the readers read whole: the stud family's, by the names the API
    gives them. A hand of any other game is skipped at its header (``errors.OtherGameError``)."""

    RAZZ = "razz"
    STUD = "stud"
    """Seven-card stud, high."""
    STUD8 = "stud8"
    """Seven-card stud high-low split, eight or better."""


GAME_NAMES = {Game.RAZZ: "razz", Game.STUD: "seven-card stud", Game.STUD8: "stud hi/lo 8-or-better"}
"""Each game as a sentence names it."""


class Entry(msgspec.Struct, frozen=True):
    """Where something is written: its 1-based line in the request's text, and the entry as written there.

    A frozen msgspec struct, as ``WrittenAction`` and the core's records are: a hand makes one an entry.
    """

    line: int
    source: str


class Section(NamedTuple):
    """One hand's text inside a history holding many: its lines, and the line number of the first."""

    first_line: int
    lines: list[str]
    cut: bool = False
    """Whether the text stops at the section's last line without a line break: a file cut short mid-line."""
    context: tuple[int, str] | None = None
    """An element written before the hand that still applies to it, with its line: the Merge description that a
    ``<game>`` without its own follows (a table's hands after its first)."""


class Verb(StrEnum):
    """What an entry says a player did; the rules name the action it is (a PHH ``cbr`` is a bet, a completion or a
    raise, depending on where the hand stands)."""

    BRING_IN = "bring_in"
    INCREASE = "increase"
    """PHH ``cbr``; the sites' ``bets``, ``raises`` and ``completes``."""
    CHECK_OR_CALL = "check_or_call"
    """PHH ``cc``."""
    CHECK = "check"
    CALL = "call"
    FOLD = "fold"
    ALL_IN = "all_in"
    """Merge ``ALL_IN``: the player's last chips, a call when they reach no further than the bet to match, else an
    increase."""


class WrittenAction(msgspec.Struct, frozen=True):
    """A player's betting entry, with the amounts it writes (in the smallest unit), if any."""

    seat: int
    verb: Verb
    entry: Entry
    to: int | None = None
    """The street total the entry says the player reached (PHH ``cbr 600``; PokerStars ``raises 2 to 4``)."""
    adds: int | None = None
    """The chips the entry says the player put in now (PokerStars ``calls 2``, ``bets 4``, ``brings in for 2``; Merge
    ``ALL_IN``)."""


@dataclass(slots=True)
class WrittenPlayer:
    """A player as the history writes him; cards in the order dealt, None for a card dealt face down unseen."""

    seat: int
    entry: Entry
    """Where the player is introduced: his seat line, or PHH's ``starting_stacks``."""
    stack: int | None
    """Chips before the antes; None when the history does not know them (PHH ``inf``)."""
    name: str | None = None
    cards: list[str | None] = field(default_factory=list)
    card_entries: list[Entry] = field(default_factory=list)
    """The entry that dealt (or showed) each card."""
    muck: Entry | None = None
    """The entry in which the player gave up his hand at showdown without showing it."""
    muck_after: int = 0
    """How many betting entries of the hand come before the muck (none may come after it)."""


class Recorded(NamedTuple):
    """What the history says each seat was paid, in the smallest unit."""

    kind: str
    """``finishing_stacks`` or ``winnings`` (PHH), ``collected`` (the sites' exports)."""
    amounts: Mapping[int, int]
    """By seat: the stack after the hand, or what the seat took from the pots (after the rake)."""
    entry: Entry
    returned: Mapping[int, int] = NOTHING
    """By seat: an uncalled bet handed back (PokerStars, Full Tilt and Merge write it apart from what was collected;
    Winamax counts it in)."""
    rake: int = 0


@dataclass
class WrittenHand:
    """One hand as written: the table, the deal, the betting entries and what the history says was paid.

    ``stakes`` holds ``ante``, ``bring_in``, ``small_bet`` and ``big_bet`` as a request writes them.
    ``players`` are in the history's order: clockwise, the first dealt first.
    """

    entry: Entry
    """The hand's first line."""
    id: str | None
    stakes: dict[str, int]
    players: list[WrittenPlayer]
    game: Game = Game.RAZZ
    """The game the history says the hand is of."""
    unit: str = ""
    """What the hand's amounts count, with the site (``PokerStars $ cents``, ``Full Tilt chips``): a player's results
    are added up only within one unit."""
    actions: list[WrittenAction] = field(default_factory=list)
    dealer_seat: int | None = None
    community_card: tuple[str, Entry] | None = None
    recorded: Recorded | None = None
    field_entries: dict[str, Entry] = field(default_factory=dict)
    """Where a snapshot field is written (by its path, ``stakes.bring_in``) when not on the hand's first line."""
    notes: list[str] = field(default_factory=list)
    """What the reader assumed where the history is silent (a bring-in never posted, decimals scaled)."""
    folds_when_free: str | None = None
    """The site, when its software lets a player fold where he could check (PokerStars): a fold that the rules
    would refuse for that reason is the site's rule choice, accepted and noted."""
