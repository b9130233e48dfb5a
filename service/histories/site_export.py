"""What the sites' text exports share: one fact a line, each hand read line by line into the hand as written.

PokerStars, Full Tilt Poker and Winamax write a hand alike: a header, the seats, the antes, each street opened by
a marker line, a line per card dealt and per action, the showdown and a summary. Only the wording differs, so a
site's reader (``pokerstars``, ``fulltilt``, ``winamax``) is a ``SiteHandReader`` that declares the patterns of its
lines and reads its own header; the order of a hand and what each line means to it are read here, once.

Player names may hold spaces, colons and brackets: a line is attributed by matching the seated names (longest
first) followed by the words that come after a name, never by splitting on spaces. Amounts become integers in
the smallest unit (``Money``): cents for a cash hand's money, chips for a tournament's.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from functools import lru_cache
from typing import ClassVar, NamedTuple

from ..stud_family.cards import CARD_CODES
from ..stud_family.seating import MAX_SEAT
from ..stud_family.streets import FACE_DOWN
from ..stud_family.why import ordinal
from ..stud_family.wording import quoted
from .errors import MOST_DIGITS, UnreadableHandError, too_many_digits, whole_number
from .written import Entry, Game, Recorded, Section, Verb, WrittenAction, WrittenHand, WrittenPlayer, text_lines

AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?[$€£]?"
"""An amount as a line writes it, the currency sign before (``$0.04``) or after (``5€``); ``Money`` reads it
strictly."""
_AMOUNT_PARTS = re.compile(r"(?P<before>[$€£]?)(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<cents>\d\d))?"
                           r"(?P<after>[$€£]?)")
CARD = re.compile(r"[A2-9TJQK][shdc]")
CARDS = frozenset(CARD_CODES)
"""The 52 cards as written (``CARD`` matches exactly these): a card is looked up, not matched."""

SEATING, RIVER, SHOWDOWN, SUMMARY = 0, 7, 8, 9
"""Where the hand stands: before the deal, on a street (3 to 7, the river), at the showdown, in the summary."""
_WHERE = {SEATING: "before the deal", 3: "on 3rd street", 4: "on 4th street", 5: "on 5th street", 6: "on 6th street",
          RIVER: "on 7th street", SHOWDOWN: "at the showdown", SUMMARY: "in the summary"}

NAME = ".{1,100}"
"""Who a passed-over line names: far longer than a site's screen names, and bounded, so each noise pattern tries at
most 100 places for the words after the name and stays linear in a line of any length (an unbounded ``.+`` before
``said, ".*"`` took 12.7 s on a 450 KB line)."""
_SUMMARY_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<rest>.*)")
_SUMMARY_CARDS = re.compile(r"(?:showed|mucked) \[(?P<cards>[^\]]*)\](?: .*)?")
_SHOW = re.compile(r"shows \[(?P<cards>[^\]]*)\](?: .*)?")
_FEE = re.compile(rf" \| [A-Z][A-Za-z]* (?P<amount>{AMOUNT})")
FEES = rf"(?P<fees>(?: \| [A-Z][A-Za-z]* {AMOUNT}){{0,8}})"
"""What a total-pot line may write after the rake, each taken from the pot as the rake is (``| Jackpot $0.01``):
counted in the rake, since the winners collect the pot without them."""
_DEALT = re.compile(r"\[(?P<so_far>[^\]]*)\](?: \[(?P<new>[^\]]*)\])?")


def opening(pattern: re.Pattern[str]) -> str:
    r"""The literal words every match of ``pattern`` starts with (empty when it may start otherwise): a line that
    does not start with them need not be tried against it.

    >>> opening(re.compile(r"\*\*\* (?P<name>RIVER|SUMMARY) \*\*\*")), opening(re.compile("folds|checks"))
    ('*** ', '')
    >>> opening(re.compile("bets?")), opening(re.compile(r"calls (?P<amount>\d+)")), opening(re.compile("(?:a|b)c"))
    ('bet', 'calls ', '')
    >>> opening(re.compile("folds", re.IGNORECASE))
    ''
    """
    if pattern.flags & (re.IGNORECASE | re.VERBOSE):  # its letters are not matched as written
        return ""
    source, depth, escaped, in_class = pattern.pattern, 0, False, False
    for char in source:  # an alternation outside every group lets a match start with either side
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char in "()":
            depth += 1 if char == "(" else -1
        elif char == "|" and depth == 0:
            return ""
    words: list[str] = []
    place = 0
    while place < len(source):
        char, step = source[place], 1
        if char == "\\" and source[place + 1:place + 2] in _ESCAPED_LITERALS:
            char, step = source[place + 1], 2
        elif char in _SPECIAL:
            break
        if source[place + step:place + step + 1] in ("*", "?", "{"):  # the character may be left out or repeated
            break
        words.append(char)
        place += step
    return "".join(words)


_SPECIAL = frozenset(".^$*+?{}[]()|\\")
_ESCAPED_LITERALS = _SPECIAL | {" ", "-", "#", "/", ":", "'", '"', "&", "~", "@", "%", "!", ",", "<", ">", "="}
"""What a backslash may stand before in a literal: a special character, or punctuation escaped for clarity."""


def split_at_headers(text: str, start: re.Pattern[str], blank_ends_hand: bool) -> list[Section]:
    """The sections of an export, in order: each hand from its header line, and any other text on its own, so
    reading it names its line. Where a site doubles its line breaks (Full Tilt), blank lines end nothing."""
    sections: list[Section] = []
    current: list[str] | None = None
    for number, line in enumerate(text_lines(text), start=1):
        cleaned = clean(line)
        if not cleaned:
            if blank_ends_hand:
                current = None
            elif current is not None:  # kept, so that each line after it keeps its number
                current.append(line)
        elif current is None or start.match(cleaned):
            current = [line]
            sections.append(Section(number, current))
        else:
            current.append(line)
    if sections and current is not None and clean(current[-1]):  # the text's last line has no line break
        sections[-1] = sections[-1]._replace(cut=True)
    return sections


def clean(line: str) -> str:
    """A line's words: without the byte-order mark each file pasted in starts with, nor the spaces at its ends."""
    return line.replace("\ufeff", "").strip()


def who(player: WrittenPlayer) -> str:
    """A player as the readers' messages name him: by his seat, as the snapshot does, and his name as written."""
    return f"seat {player.seat}" if player.name is None else f"seat {player.seat} ({quoted(player.name)})"


class Money:
    """A hand's unit: cents when its money is written with cents (cash), else whole chips (a tournament's)."""

    def __init__(self, symbol: str, cents: bool, sample: str, after: bool = False) -> None:
        self.symbol = symbol
        """The currency sign every amount of the hand carries (``$``, ``€``), or none."""
        self.cents = cents
        self.sample = sample
        self.after = after
        """Whether the sign follows the amount (``5€``)."""

    def amount(self, written: str, entry: Entry) -> int:
        """An amount in the smallest unit: ``$1,234.50`` is 123450 cents, ``1,500`` is 1500 chips."""
        value = _amount_value(written, self.symbol, self.cents, self.after)
        if isinstance(value, int):
            return value
        raise UnreadableHandError(entry, value or f"{quoted(written)} is not an amount written as this hand's stakes "
                                                  f"are (like {quoted(self.sample)})")

    def unit(self, site: str, sign: str | None = None, tournament: str | None = None) -> str:
        """What the amounts count, with the site: cents of a currency, play money's cents, or chips, each
        tournament's its own (a tournament's chips are worth nothing outside it), so that no total adds one to
        another.

        >>> Money("$", True, "$1").unit("PokerStars"), Money("", False, "40").unit("Full Tilt", tournament="243603038")
        ('PokerStars $ cents', 'Full Tilt tournament #243603038 chips')
        """
        sign = self.symbol if sign is None else sign
        if not self.cents:
            return f"{site} chips" if tournament is None else f"{site} tournament #{tournament} chips"
        return f"{site} {sign} cents" if sign else f"{site} play money cents"


@lru_cache(maxsize=4096)
def _amount_value(written: str, symbol: str, cents: bool, after: bool) -> int | str:
    """``written`` in the smallest unit of a hand whose amounts carry ``symbol`` (``after`` them) and are written
    with ``cents`` or not; else why not (empty when it is not written so). Read once per process for each distinct
    amount: a hand's antes, bets and stacks repeat the same few (bounded, least recently used past 4,096).

    >>> _amount_value("$1,234.50", "$", True, False), _amount_value("1,500", "", False, False)
    (123450, 1500)
    >>> _amount_value("5€", "$", True, False)
    ''
    """
    parts = _AMOUNT_PARTS.fullmatch(written)
    if parts is None or parts["before" if after else "after"] or parts["after" if after else "before"] != symbol or \
            (parts["cents"] is not None and not cents):
        return ""
    digits = parts["whole"].replace(",", "")
    if len(digits) > MOST_DIGITS:
        return too_many_digits(digits)
    whole = int(digits)
    return whole * 100 + int(parts["cents"] or "0") if cents else whole


class Header(NamedTuple):
    """What a hand's first line says: its number, its unit, its small and big bets, its game and the tournament it
    belongs to, if the line names one."""

    id: str
    money: Money
    small_bet: int
    big_bet: int
    game: Game
    tournament: str | None = None


class SiteHandReader(ABC):
    """One hand's lines read in order; each line moves the hand on or is refused with its entry.

    A site declares its wording in the class attributes and reads its header in ``read_header``.
    """

    SITE: ClassVar[str]
    """The site, as messages name it."""
    STREET: ClassVar[re.Pattern[str]]
    """A street's marker line: group ``name`` (a key of ``PHASES``), and ``card`` when a community card is dealt."""
    PHASES: ClassVar[Mapping[str, int]]
    TABLE: ClassVar[re.Pattern[str] | None] = None
    """The table line, group ``size`` (seats at the table), if the site writes one, and group ``tournament`` where
    it names the tournament the header does not."""
    SEAT: ClassVar[re.Pattern[str]]
    """A seat line: groups ``seat``, ``name`` and ``stack``."""
    SPEAKS: ClassVar[str] = " "
    """What follows a name before the words of an action (``": "`` on PokerStars)."""
    ANTE: ClassVar[re.Pattern[str]]
    BETTING: ClassVar[tuple[tuple[re.Pattern[str], Verb], ...]]
    """Each betting line and the verb it writes: group ``amount`` for the chips added now, ``to`` for the street
    total reached, and ``by`` where a raise's increase is written reliably."""
    ALL_IN: ClassVar[tuple[str, ...]]
    """What a line adds when the action takes the player's last chips."""
    MUCKS: ClassVar[frozenset[str]]
    """The words of a player giving up his hand at showdown unseen."""
    SILENT: ClassVar[frozenset[str]] = frozenset()
    """Words a player's line may say that tell nothing (``doesn't show hand``)."""
    COLLECTED: ClassVar[re.Pattern[str]]
    """What a seat took from a pot, after ``NAME `` (group ``amount``)."""
    UNCALLED: ClassVar[re.Pattern[str] | None] = None
    """An uncalled bet handed back: groups ``amount`` and ``name``. A site without one (Winamax) counts the bet
    nobody called in what its maker collected, which is how the check compares it."""
    TOTAL_POT: ClassVar[re.Pattern[str]]
    """The summary's total-pot line: group ``rake`` (unmatched when the site writes that there is none) and
    ``fees``, what the line writes after the rake (``FEES``)."""
    UNSEEN: ClassVar[str | None] = None
    """How the site writes a card dealt face down that the recording player did not see (Winamax ``X``), if at all."""
    NOISE: ClassVar[re.Pattern[str]]
    """Lines that tell nothing about the hand's play, wherever they come: chat, the lobby, the clock, the seats
    changing hands, rebuys and add-ons between hands, bounties."""
    FOLDS_WHEN_FREE: ClassVar[bool] = False
    """Whether the site's software lets a player fold where he could check (``WrittenHand.folds_when_free``)."""
    CANCELLED: ClassVar[re.Pattern[str] | None] = None
    """The line a site writes in a hand it cancelled (the chips went back): the hand has no play to check."""
    _OPENINGS: ClassVar[dict[str, str]]
    """The literal words each of ``STREET``, ``CANCELLED`` and ``UNCALLED`` starts with (``opening``)."""
    _BETTING_BY_LETTER: ClassVar[dict[str, tuple[tuple[re.Pattern[str], Verb], ...]]]
    """``BETTING`` by the letter a player's words start with: only the patterns that may match words starting so,
    in ``BETTING``'s order (the default, ``_BETTING_ANY``: those that may start with anything)."""
    _BETTING_ANY: ClassVar[tuple[tuple[re.Pattern[str], Verb], ...]]

    def __init_subclass__(cls) -> None:
        """Each site's wording sorted once, when its class is made, so that a line is tried only against the
        patterns its first words allow."""
        super().__init_subclass__()
        cls._OPENINGS = {name: "" if pattern is None else opening(pattern)
                         for name, pattern in (("STREET", cls.STREET), ("CANCELLED", cls.CANCELLED),
                                               ("UNCALLED", cls.UNCALLED))}
        betting = [(opening(pattern)[:1], pattern, verb) for pattern, verb in cls.BETTING]
        cls._BETTING_ANY = tuple((pattern, verb) for letter, pattern, verb in betting if not letter)
        cls._BETTING_BY_LETTER = {
            first: tuple((pattern, verb) for letter, pattern, verb in betting if letter in ("", first))
            for first in {letter for letter, _, _ in betting if letter}}

    def __init__(self, section: Section) -> None:
        self.entries = [Entry(section.first_line + offset, clean(line)) for offset, line in enumerate(section.lines)]
        if not self.entries:
            raise UnreadableHandError(Entry(section.first_line, ""), "an empty section holds no hand")
        self.header = self.entries[0]
        self.cut = section.cut
        self.hand_id, self.money, self.small_bet, self.big_bet, self.game, self.tournament = \
            self.read_header(self.header)
        self.phase = SEATING
        self.table_size: int | None = None
        self.seats: dict[int, WrittenPlayer] = {}
        self.by_name: dict[str, WrittenPlayer] = {}
        self.speaking: dict[str, dict[str, list[tuple[str, WrittenPlayer]]]] | None = None
        """For each of the words that may follow a name (``SPEAKS``, a space), the seated names with them and their
        players by the name's first character, longest name first, so that ``PC [Mittel]`` is matched before
        ``PC``, and a line is tried only against the names it may start with; made when a line first asks after
        the seats read (None until then)."""
        self.folded: set[int] = set()
        self.anted: list[WrittenPlayer] = []
        self.actions: list[WrittenAction] = []
        self.community_card: tuple[str, Entry] | None = None
        self.antes: list[int] = []
        self.full_bring_in: int | None = None
        self.bring_in_posted = False
        self.third_street_opened = False
        self.first_call_of_bring_in: int | None = None
        self.field_entries: dict[str, Entry] = {}
        """Where the ante and the bring-in are written (the bets are in the header)."""
        self.short_bring_in = 0
        """A bring-in posted all-in: a call of the bring-in for no more than it does not say what the bring-in is."""
        self.raise_faced: int | None = None
        """What the last ``raises A to B`` faced (B - A): the first on 3rd street says what the bring-in was."""
        self.first_raise_faced: int | None = None
        self.collected: dict[int, int] = {}
        self.first_collected: Entry | None = None
        self.returned: dict[int, int] = {}
        self.first_returned: Entry | None = None
        self.returned_before_deal: list[tuple[WrittenPlayer, Entry]] = []
        """Antes handed back before the deal, and where: each seat must then be dealt in."""
        self.total_pot: Entry | None = None
        self.rake = 0

    @abstractmethod
    def read_header(self, header: Entry) -> Header:
        """The hand's number, unit, bets and game from its first line; a game not read is an OtherGameError."""

    def hand(self) -> WrittenHand:
        """Read every line after the header, then put the hand together."""
        for entry in self.entries[1:]:
            if entry.source:
                try:
                    self.line(entry)
                except UnreadableHandError as error:
                    if self.cut and entry is self.entries[-1]:
                        raise UnreadableHandError(entry, "the text stops in the middle of this line: it is truncated ("
                                                         f"{error.message})") from None
                    raise
        if self.phase < 3:
            raise UnreadableHandError(self.header, "the hand ends before 3rd street: nobody is dealt cards")
        for player, entry in self.returned_before_deal:
            self.dealt_in(player, entry)
        players = [self.seats[seat] for seat in sorted(self.seats) if self.seats[seat].cards]
        notes: list[str] = []
        bring_in = self.full_bring_in
        if bring_in is None:
            if self.first_call_of_bring_in is not None:
                bring_in, why = self.first_call_of_bring_in, "what the first call of the bring-in adds"
            elif self.first_raise_faced is not None and self.first_raise_faced > self.short_bring_in:
                bring_in, why = self.first_raise_faced, "what the first raise of 3rd street faced"
            else:
                bring_in, why = max(1, self.small_bet // 2), "half the small bet"
            notes.append(f"the history does not show a full bring-in: taken as {bring_in} ({why})")
        return WrittenHand(
            entry=self.header,
            id=self.hand_id,
            game=self.game,
            unit=self.money.unit(self.SITE, tournament=self.tournament),
            stakes={"ante": max(self.antes, default=0), "bring_in": bring_in, "small_bet": self.small_bet,
                    "big_bet": self.big_bet},
            players=players,
            actions=self.actions,
            community_card=self.community_card,
            recorded=self.recorded(players),
            field_entries=self.field_entries,
            notes=notes,
            folds_when_free=self.SITE if self.FOLDS_WHEN_FREE else None,
        )

    def line(self, entry: Entry) -> None:
        """Read one line after the header, as the part of the hand reached allows."""
        text, openings = entry.source, self._OPENINGS
        if self.CANCELLED is not None and text.startswith(openings["CANCELLED"]) and self.CANCELLED.fullmatch(text):
            raise UnreadableHandError(entry, f"{self.SITE} cancelled this hand and handed its chips back: it has no "
                                             "play to check")
        if text.startswith(openings["STREET"]) and (street := self.STREET.fullmatch(text)):
            self.street(entry, self.PHASES[street["name"]], street.groupdict().get("card"))
            return
        if self.phase == SEATING:
            known = self.seating(entry)
        elif self.phase == SUMMARY:
            known = self.summary(entry)
        else:
            known = self.play(entry)
        if not known and not self.NOISE.fullmatch(entry.source):
            raise UnreadableHandError(entry, f"a line the {self.SITE} reader does not know ({_WHERE[self.phase]})")

    def street(self, entry: Entry, phase: int, card: str | None) -> None:
        """Move to the next street, the showdown or the summary; 7th street deals each live hand a card face down."""
        if phase == SEATING or phase == 3:
            in_order = self.phase == SEATING
        elif phase <= RIVER:
            in_order = self.phase == phase - 1
        else:
            in_order = 3 <= self.phase < phase
        if not in_order:
            raise UnreadableHandError(entry, f"{quoted(entry.source)} comes out of order: the hand is "
                                             f"{_WHERE[self.phase]}")
        if card is not None and phase != RIVER:
            raise UnreadableHandError(entry, "only 7th street deals a community card")
        self.phase = phase
        if phase != RIVER:
            return
        if card is not None:
            cards = self.cards(card, entry)
            if len(cards) != 1 or cards[0] is None:
                raise UnreadableHandError(entry, "7th street's community card is one card")
            self.community_card = (cards[0], entry)
            return
        for player in self.live():
            if len(player.cards) != 6:
                raise UnreadableHandError(entry, f"{who(player)} holds {len(player.cards)} cards when 7th street is "
                                                 "dealt, not 6")
            player.cards.append(None)
            player.card_entries.append(entry)

    def live(self) -> list[WrittenPlayer]:
        """The players dealt in who have not folded, by seat."""
        return [self.seats[seat] for seat in sorted(self.seats) if self.seats[seat].cards and seat not in self.folded]

    def speaker(self, text: str, after: str) -> tuple[WrittenPlayer, str] | None:
        """The seated player whose name starts the text followed by ``after`` (``SPEAKS`` or a space), and the words
        after that."""
        if self.speaking is None:
            names = sorted(self.by_name, key=len, reverse=True)
            self.speaking = {
                words: {first: [(known + words, self.by_name[known]) for known in names if known[0] == first]
                        for first in {known[0] for known in names}} for words in (self.SPEAKS, " ")}
        for start, player in self.speaking[after].get(text[:1], ()):
            if text.startswith(start):
                return player, text[len(start):]
        return None

    def dealt_in(self, player: WrittenPlayer, entry: Entry) -> WrittenPlayer:
        """The player, who must have been dealt cards on 3rd street to take part in the hand."""
        if not player.cards:
            raise UnreadableHandError(entry, f"{who(player)} is seated but was not dealt cards on 3rd street")
        return player

    def seating(self, entry: Entry) -> bool:
        """A line before the deal: the table, a seat or an ante."""
        if self.TABLE is not None and (table := self.TABLE.fullmatch(entry.source)):
            if self.table_size is not None:
                raise UnreadableHandError(entry, "the table is named twice")
            self.table_size = whole_number(table["size"], entry)
            self.tournament = self.tournament or table.groupdict().get("tournament")
            return True
        if seat_line := self.SEAT.fullmatch(entry.source):
            self.seat(entry, seat_line)
            return True
        if self.uncalled(entry):
            return True
        found = self.speaker(entry.source, self.SPEAKS)
        if found is None:
            return False
        ante = self.ANTE.fullmatch(self.without_all_in(found[1])[0])
        if ante is None:
            return False
        self.antes.append(self.money.amount(ante["amount"], entry))
        self.anted.append(found[0])
        self.field_entries.setdefault("stakes.ante", entry)
        return True

    def uncalled(self, entry: Entry) -> bool:
        """An uncalled bet handed back, or False when the line is none. Before the deal it is an ante nobody
        matched (all the others all-in for less): the seat it returns to must then be dealt in by the hand's end."""
        found = None if self.UNCALLED is None or not entry.source.startswith(self._OPENINGS["UNCALLED"]) else \
            self.UNCALLED.fullmatch(entry.source)
        if found is None:
            return False
        if found["name"] not in self.by_name:
            raise UnreadableHandError(entry, f"no seat line lists {quoted(found['name'])}")
        player = self.by_name[found["name"]]
        if self.phase == SEATING:
            self.returned_before_deal.append((player, entry))
        else:
            self.dealt_in(player, entry)
        amount = self.money.amount(found["amount"], entry)
        self.returned[player.seat] = self.returned.get(player.seat, 0) + amount
        self.first_returned = self.first_returned or entry
        return True

    def without_all_in(self, words: str) -> tuple[str, bool]:
        """The words without the site's all-in ending, and whether they had it."""
        for ending in self.ALL_IN:
            if words.endswith(ending):
                return words[:-len(ending)], True
        return words, False

    def seat(self, entry: Entry, line: re.Match[str]) -> None:
        """A seat line: the seat's player and his chips before the antes."""
        seat, name = whole_number(line["seat"], entry), line["name"]
        if seat in self.seats:
            raise UnreadableHandError(entry, f"seat {seat} is listed twice")
        if len(self.seats) == MAX_SEAT:
            raise UnreadableHandError(entry, f"a stud-family table seats at most {MAX_SEAT} players: this is seat line "
                                             f"{MAX_SEAT + 1}")
        if self.table_size is not None and not 1 <= seat <= self.table_size:
            raise UnreadableHandError(entry, f"the table is {self.table_size}-max: it has no seat {seat}")
        if name in self.by_name:
            raise UnreadableHandError(entry, f"{quoted(name)} is listed in seat {self.by_name[name].seat} and "
                                             f"seat {seat}")
        player = WrittenPlayer(seat=seat, entry=entry, stack=self.money.amount(line["stack"], entry), name=name)
        self.seats[seat] = player
        self.by_name[name] = player
        self.speaking = None

    def play(self, entry: Entry) -> bool:
        """A line from 3rd street to the showdown: a card dealt, a betting line, a show or muck, what a seat took."""
        text = entry.source
        if text.startswith("Dealt to "):
            self.deal(entry, text.removeprefix("Dealt to "))
            return True
        if self.uncalled(entry):
            return True
        if (found := self.speaker(text, self.SPEAKS)) and self.act(entry, *found):
            return True
        if found := self.speaker(text, " "):
            collected = self.COLLECTED.fullmatch(found[1])
            if collected is None:
                return False
            player = self.dealt_in(found[0], entry)
            amount = self.money.amount(collected["amount"], entry)
            self.collected[player.seat] = self.collected.get(player.seat, 0) + amount
            self.first_collected = self.first_collected or entry
            return True
        return False

    def act(self, entry: Entry, player: WrittenPlayer, words: str) -> bool:
        """A player's line: a show, a muck or a betting action; False when the words are none of these."""
        if show := _SHOW.fullmatch(words):
            self.reveal_all(entry, self.dealt_in(player, entry), show["cards"], "shows")
            return True
        if words in self.MUCKS:
            if len(self.live()) > 1:  # the last player left gives up nothing: he takes the pot unseen
                self.dealt_in(player, entry)
                player.muck, player.muck_after = entry, len(self.actions)
            return True
        if words in self.SILENT:
            return True
        words, all_in = self.without_all_in(words)
        action = self.betting(entry, player.seat, words)
        if action is None:
            return False
        self.dealt_in(player, entry)
        if self.phase == SHOWDOWN:
            raise UnreadableHandError(entry, "a betting line after the showdown has begun")
        if action.verb is Verb.FOLD:
            self.folded.add(player.seat)
        elif self.phase == 3:
            self.third_street(action, all_in)
        self.actions.append(action)
        return True

    def betting(self, entry: Entry, seat: int, words: str) -> WrittenAction | None:
        """The betting action the words write (the all-in ending taken off), or None when they write none."""
        for pattern, verb in self._BETTING_BY_LETTER.get(words[:1], self._BETTING_ANY):
            found = pattern.fullmatch(words)
            if found is None:
                continue
            written = found.groupdict()
            adds = None if written.get("amount") is None else self.money.amount(written["amount"], entry)
            to = None if written.get("to") is None else self.money.amount(written["to"], entry)
            if to is not None and written.get("by") is not None:
                self.raise_faced = to - self.money.amount(written["by"], entry)
            return WrittenAction(seat, verb, entry, to=to, adds=adds)
        return None

    def third_street(self, action: WrittenAction, all_in: bool) -> None:
        """Keep what 3rd street tells of the bring-in: a full one posted, or else what the first call of it adds
        above a short one, or what the first raise faced (a call of the short amount itself is the question the
        check answers)."""
        if action.verb is Verb.BRING_IN:
            self.bring_in_posted = True
            self.field_entries["stakes.bring_in"] = action.entry
            if not all_in and self.full_bring_in is None:
                self.full_bring_in = action.adds
            elif all_in:
                self.short_bring_in = action.adds or 0
        elif action.verb is Verb.INCREASE:
            if self.bring_in_posted and not self.third_street_opened and action.to is not None:
                self.first_raise_faced = self.raise_faced
            self.third_street_opened = True
        elif (action.verb is Verb.CALL and self.bring_in_posted and not self.third_street_opened
              and not all_in  # an all-in call may be short of the bring-in too: it tells nothing of its size
              and self.first_call_of_bring_in is None and (action.adds or 0) > self.short_bring_in):
            self.first_call_of_bring_in = action.adds

    def deal(self, entry: Entry, words: str) -> None:
        """A ``Dealt to`` line: 3rd street's cards, or a later street's cards so far and the new one."""
        found = self.speaker(words, " ")
        dealt = _DEALT.fullmatch(found[1]) if found else None
        if found is None or dealt is None:
            raise UnreadableHandError(entry, "cards dealt to nobody a seat line lists, or not written like "
                                             '"Dealt to NAME [Qc]" or "Dealt to NAME [Qc] [8s]"')
        player = found[0]
        if self.phase == SHOWDOWN:
            raise UnreadableHandError(entry, "a card dealt after the showdown has begun")
        if self.community_card:
            raise UnreadableHandError(entry, "7th street is a community card: nobody is dealt a 7th card")
        so_far = self.cards(dealt["so_far"], entry)
        if self.phase == 3:
            third = so_far if dealt["new"] is None else so_far + self.cards(dealt["new"], entry)
            if player.cards or len(third) not in (1, 3) or (dealt["new"] is not None and len(so_far) != 2):
                raise UnreadableHandError(entry, f"3rd street deals {who(player)} once: his door card, or his two "
                                                 "down cards and door card ([Jc 2d 6s] or [Jc 2d] [6s])")
            player.cards = [None, None, *third] if len(third) == 1 else third
            player.card_entries = [entry] * 3
            return
        self.dealt_in(player, entry)
        if player.seat in self.folded:
            raise UnreadableHandError(entry, f"{who(player)} has folded: he is dealt no more cards")
        new = self.cards(dealt["new"] or "", entry)
        if len(new) != 1:
            raise UnreadableHandError(entry, "the new card is written alone in the last brackets")
        held = self.phase - 1
        if self.phase == RIVER and player.cards[6] is not None:
            raise UnreadableHandError(entry, f"{who(player)} is dealt a second card on 7th street")
        if self.phase != RIVER and len(player.cards) != held:
            raise UnreadableHandError(entry, f"{who(player)} is dealt a card {_WHERE[self.phase]} while holding "
                                             f"{len(player.cards)} cards, not {held}")
        if len(so_far) not in (held, held - 2):
            raise UnreadableHandError(entry, f"the first brackets write the cards so far of {who(player)}: his "
                                             f"{held} cards, or his {held - 2} up cards, not {len(so_far)}")
        self.reveal(entry, player, so_far, 0 if len(so_far) == held else 2)
        if self.phase == RIVER:
            player.cards[6], player.card_entries[6] = new[0], entry
        else:
            player.cards.append(new[0])
            player.card_entries.append(entry)

    def cards(self, written: str, entry: Entry) -> list[str | None]:
        """The cards of one pair of brackets, each a rank from A23456789TJQK and a suit from shdc (None for a card
        the site writes unseen, where it writes them)."""
        cards = written.split()
        for card in cards:
            if card not in CARDS and card != self.UNSEEN:
                raise UnreadableHandError(entry, f"{quoted(card)} is not a card: a rank from A23456789TJQK and a suit "
                                                 "from shdc")
        return [None if card == self.UNSEEN else card for card in cards]

    def reveal_all(self, entry: Entry, player: WrittenPlayer, written: str, verb: str) -> None:
        """A show or a summary's ``showed``/``mucked``: all the player's cards in the order dealt."""
        cards = self.cards(written, entry)
        if len(cards) != len(player.cards):
            raise UnreadableHandError(entry, f"{who(player)} {verb} {len(cards)} cards but was dealt "
                                             f"{len(player.cards)}")
        self.reveal(entry, player, _down_cards_as_dealt(cards, player.cards), 0)

    def reveal(self, entry: Entry, player: WrittenPlayer, cards: list[str | None], start: int) -> None:
        """Fill the player's unseen cards from ``start`` with those written; refuse a known card written otherwise."""
        for place, card in enumerate(cards, start):
            known = player.cards[place]
            if card is None:
                continue
            if known is None:
                player.cards[place], player.card_entries[place] = card, entry
            elif known != card:
                raise UnreadableHandError(entry, f"the {ordinal(place + 1)} card of {who(player)} is written {card} "
                                                 f"here but was dealt as {known} on line "
                                                 f"{player.card_entries[place].line}")

    def summary(self, entry: Entry) -> bool:
        """A summary line: the total pot and rake, or a seat's result (read when it shows the seat's cards)."""
        if total := self.TOTAL_POT.fullmatch(entry.source):
            if self.total_pot is not None:
                raise UnreadableHandError(entry, f"a second total-pot line (the first is line {self.total_pot.line})")
            self.total_pot = entry
            self.rake = 0 if total["rake"] is None else self.money.amount(total["rake"], entry)
            self.rake += sum(self.money.amount(fee["amount"], entry) for fee in _FEE.finditer(total["fees"] or ""))
            return True
        seat_line = _SUMMARY_SEAT.fullmatch(entry.source)
        if seat_line is None:
            return False
        seat = whole_number(seat_line["seat"], entry)
        player = self.seats.get(seat)
        if player is None:
            raise UnreadableHandError(entry, f"seat {seat} has no seat line in this hand")
        if not seat_line["rest"].startswith(f"{player.name} "):
            raise UnreadableHandError(entry, f"this line names someone other than {who(player)}")
        shown = _SUMMARY_CARDS.fullmatch(seat_line["rest"].removeprefix(f"{player.name} "))
        if shown:
            self.reveal_all(entry, self.dealt_in(player, entry), shown["cards"], "shows")
        return True

    def recorded(self, players: list[WrittenPlayer]) -> Recorded | None:
        """What the history says each dealt seat collected, the uncalled bets it returned and the rake."""
        entry = self.first_collected or self.total_pot or self.first_returned
        if entry is None:
            return None
        collected = {player.seat: self.collected.get(player.seat, 0) for player in players}
        return Recorded(kind="collected", amounts=collected, entry=entry, returned=self.returned, rake=self.rake)


def _down_cards_as_dealt(shown: list[str | None], dealt: list[str | None]) -> list[str | None]:
    """A shown hand with its down cards put in the places they were dealt in, where the show lists them in another
    order (Full Tilt may show ``[9s 9h ...]`` dealt ``[9h 9s]``); a known card missing from the show stays for
    ``reveal`` to refuse.

    >>> _down_cards_as_dealt(["9s", "9h", "5c"], ["9h", "9s", "5c"])
    ['9h', '9s', '5c']
    """
    places = [place for place in range(len(shown)) if place >= len(FACE_DOWN) or FACE_DOWN[place]]
    down = [shown[place] for place in places]
    known = [dealt[place] for place in places]
    if not all(card is None or card in down for card in known):
        return shown
    rest = iter([card for card in down if card not in known])
    ordered = list(shown)
    for place, card in zip(places, known, strict=True):
        ordered[place] = card if card is not None else next(rest)
    return ordered
