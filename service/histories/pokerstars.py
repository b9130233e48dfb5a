"""PokerStars razz exports: the hands of an export, each read line by line into the hand as written.

PokerStars writes one fact a line, so every part of the hand keeps the line it came from and a problem names it.
Player names may hold spaces, colons and brackets: a line is attributed by matching the seated names (longest
first) followed by the words that come after a name, never by splitting on spaces. Amounts become integers in
the smallest unit: cents for a cash hand's money, chips for a tournament's or play money.
"""

from __future__ import annotations

import re

from ..problems import quoted
from ..razz.seating import MAX_SEAT
from ..razz.why import ordinal
from .errors import NotRazzError, UnreadableHandError, whole_number
from .written import Entry, Recorded, Section, Verb, WrittenAction, WrittenHand, WrittenPlayer, text_lines

_HAND_START = re.compile(r"PokerStars (?:Hand|Game) #")

_AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
"""An amount as a line writes it; ``_Money`` reads it strictly."""
_AMOUNT_PARTS = re.compile(r"(?P<symbol>[$€£]?)(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<cents>\d\d))?")

_HEADER = re.compile(r"PokerStars (?:Hand|Game) #(?P<id>\d+):\s+(?P<rest>.*)")
_TOURNAMENT = re.compile(r"Tournament #\d+, (?P<rest>.*)")
_RAZZ = re.compile(r"(?<![\w'/-])Razz Limit(?![\w'/-])")
_CASH_STAKES = re.compile(rf"\((?:[^()]*, )?(?P<small>{_AMOUNT})/(?P<big>{_AMOUNT})(?: [A-Z]{{3}})?\)")
"""``($0.04/$0.08 USD)``, or a mixed game's ``HORSE (Razz Limit, $0.10/$0.20)``."""
_LEVEL_STAKES = re.compile(rf"\bLevel [^\s()]+ \((?P<small>{_AMOUNT})/(?P<big>{_AMOUNT})\)")

_TABLE = re.compile(r"Table '.+' (?P<size>\d+)-max(?: \(Play Money\))?(?: Seat #\d+ is the button)?")
_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{_AMOUNT}) in chips(?:, [^()]*)?\)(?: .*)?")
"""The name runs to the first ``(N in chips)``, so it may hold brackets; the line may go on (``is sitting out``)."""

_STREET = re.compile(r"\*\*\* (?P<name>3rd STREET|4th STREET|5th STREET|6th STREET|RIVER|SHOW DOWN|SUMMARY) \*\*\*"
                     r"(?: \[(?P<card>[^\]]*)\])?")
_PHASES = {"3rd STREET": 3, "4th STREET": 4, "5th STREET": 5, "6th STREET": 6, "RIVER": 7, "SHOW DOWN": 8,
           "SUMMARY": 9}
_SEATING, _RIVER, _SHOWDOWN, _SUMMARY = 0, 7, 8, 9
"""Where the hand stands: before the deal, on a street (3 to 7, the river), at the showdown, in the summary."""
_WHERE = {_SEATING: "before the deal", 3: "on 3rd street", 4: "on 4th street", 5: "on 5th street", 6: "on 6th street",
          _RIVER: "on the river", _SHOWDOWN: "at the showdown", _SUMMARY: "in the summary"}

_ALL_IN = " and is all-in"
_ANTE = re.compile(rf"posts the ante (?P<amount>{_AMOUNT})")
_BRING_IN = re.compile(rf"brings in for (?P<amount>{_AMOUNT})")
_CALL = re.compile(rf"calls (?P<amount>{_AMOUNT})")
_BET = re.compile(rf"bets (?P<amount>{_AMOUNT})")
_RAISE = re.compile(rf"raises (?P<by>{_AMOUNT}) to (?P<to>{_AMOUNT})")
_FOLD = re.compile(r"folds(?: \[[^\]]*\])?")
_SHOW = re.compile(r"shows \[(?P<cards>[^\]]*)\](?: .*)?")
_DEALT = re.compile(r"\[(?P<so_far>[^\]]*)\](?: \[(?P<new>[^\]]*)\])?")
_COLLECTED = re.compile(rf"(?P<amount>{_AMOUNT}) from (?:pot|main pot|side pot(?:-\d+)?)")
_UNCALLED = re.compile(rf"Uncalled bet \((?P<amount>{_AMOUNT})\) returned to (?P<name>.+)")
_TOTAL_POT = re.compile(rf"Total pot {_AMOUNT}(?: Main pot {_AMOUNT}\.(?: Side pot(?:-\d+)? {_AMOUNT}\.)*)?"
                        rf" \| Rake (?P<rake>{_AMOUNT})")
_SUMMARY_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<rest>.*)")
_SUMMARY_CARDS = re.compile(r"(?:showed|mucked) \[(?P<cards>[^\]]*)\](?: .*)?")
_CARD = re.compile(r"[A2-9TJQK][shdc]")

_NAME = ".{1,100}"
"""Who a passed-over line names: far longer than a site's screen names, and bounded, so each pattern below tries
at most 100 places for the words after the name and stays linear in a line of any length (an unbounded ``.+``
before ``said, ".*"`` took 12.7 s on a 450 KB line)."""
_NOISE = re.compile(
    rf'{_NAME} said, ".*"'
    rf"|{_NAME} joins the table at seat #\d+"
    rf"|{_NAME} leaves the table"
    rf"|{_NAME} (?:is disconnected|is connected|has returned|is sitting out|will be allowed to play after the button)"
    rf"|{_NAME} has timed out(?: while (?:being )?disconnected)?"
    rf"|{_NAME} finished the tournament(?: in \d+(?:st|nd|rd|th) place)?(?: and received .+)?"
    rf"|{_NAME} wins the tournament and receives .+"
    r"|Betting is capped"
)
"""Lines that tell nothing about the hand's play, wherever they come: chat, the lobby, a tournament's end."""


def split(text: str) -> list[Section]:
    """The sections of an export, in order: each hand, and any other text on its own, so reading it names its line."""
    sections: list[Section] = []
    current: list[str] | None = None
    for number, line in enumerate(text_lines(text), start=1):
        cleaned = _clean(line)
        if not cleaned:
            current = None
        elif current is None or _HAND_START.match(cleaned):
            current = [line]
            sections.append(Section(number, current))
        else:
            current.append(line)
    return sections


def read(section: Section) -> WrittenHand:
    """One hand of a PokerStars razz export as written, or an error naming the line that keeps it from being read."""
    return _HandReader(section).hand()


def _who(player: WrittenPlayer) -> str:
    """A player as the reader's messages name him: by his seat, as the snapshot does, and his name as written."""
    return f"seat {player.seat}" if player.name is None else f"seat {player.seat} ({quoted(player.name)})"


def _clean(line: str) -> str:
    """A line's words: without the byte-order mark each file pasted in starts with, nor the spaces at its ends."""
    return line.replace("\ufeff", "").strip()


class _Money:
    """The hand's unit, from its stakes: cents when they carry a currency sign, chips when they do not."""

    def __init__(self, sample: str, tournament: bool) -> None:
        self.symbol = sample[0] if sample[0] in "$€£" and not tournament else ""
        self.sample = sample

    def amount(self, written: str, entry: Entry) -> int:
        """An amount in the smallest unit: ``$1,234.50`` is 123450 cents, ``1,500`` is 1500 chips."""
        parts = _AMOUNT_PARTS.fullmatch(written)
        if parts is None or parts["symbol"] != self.symbol or (parts["cents"] is not None and not self.symbol):
            raise UnreadableHandError(entry, f"{quoted(written)} is not an amount written as this hand's stakes "
                                             f"are (like {quoted(self.sample)})")
        whole = whole_number(parts["whole"].replace(",", ""), entry)
        if not self.symbol:
            return whole
        return whole * 100 + int(parts["cents"] or "0")


class _HandReader:
    """One hand's lines read in order; each line moves the hand on or is refused with its entry."""

    def __init__(self, section: Section) -> None:
        self.entries = [Entry(section.first_line + offset, _clean(line)) for offset, line in enumerate(section.lines)]
        if not self.entries:
            raise UnreadableHandError(Entry(section.first_line, ""), "an empty section holds no hand")
        self.header = self.entries[0]
        self.hand_id, self.money, self.small_bet, self.big_bet = self._header()
        self.phase = _SEATING
        self.table_size: int | None = None
        self.seats: dict[int, WrittenPlayer] = {}
        self.by_name: dict[str, WrittenPlayer] = {}
        self.names: list[str] = []
        """The seated names, longest first, so that ``PC [Mittel]`` is matched before ``PC``."""
        self.folded: set[int] = set()
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
        self.total_pot: Entry | None = None
        self.rake = 0

    def hand(self) -> WrittenHand:
        """Read every line after the header, then put the hand together."""
        for entry in self.entries[1:]:
            if entry.source:
                self._line(entry)
        if self.phase == _SEATING:
            raise UnreadableHandError(self.header, 'the hand ends before "*** 3rd STREET ***": nobody is dealt cards')
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
            stakes={"ante": max(self.antes, default=0), "bring_in": bring_in, "small_bet": self.small_bet,
                    "big_bet": self.big_bet},
            players=players,
            actions=self.actions,
            community_card=self.community_card,
            recorded=self._recorded(players),
            field_entries=self.field_entries,
            notes=notes,
        )

    def _header(self) -> tuple[str, _Money, int, int]:
        """The hand number, its unit and its small and big bets; another game than fixed-limit razz is refused."""
        match = _HEADER.fullmatch(self.header.source)
        if match is None:
            raise UnreadableHandError(self.header, 'not a PokerStars hand: a hand starts with a line "PokerStars '
                                                   'Hand #<number>: ..." or "PokerStars Game #<number>: ..."')
        tournament = _TOURNAMENT.fullmatch(match["rest"])
        rest = tournament["rest"] if tournament else match["rest"]
        game = rest.split(" - ")[0]
        if not _RAZZ.search(game):
            raise NotRazzError(self.header, f"a hand of {quoted(game)}: this reader reads fixed-limit razz only")
        stakes = _LEVEL_STAKES.search(rest) if tournament else _CASH_STAKES.search(game)
        if stakes is None:
            where = ('the tournament level, like "Level IV (50/100)"' if tournament
                     else 'brackets, like "($0.04/$0.08)"')
            raise UnreadableHandError(self.header, f"the header does not give the small and big bet in {where}")
        money = _Money(stakes["small"], tournament is not None)
        return (match["id"], money, money.amount(stakes["small"], self.header),
                money.amount(stakes["big"], self.header))

    def _line(self, entry: Entry) -> None:
        """Read one line after the header, as the part of the hand reached allows."""
        street = _STREET.fullmatch(entry.source)
        if street:
            self._street(entry, street)
            return
        if self.phase == _SEATING:
            known = self._seating(entry)
        elif self.phase == _SUMMARY:
            known = self._summary(entry)
        else:
            known = self._play(entry)
        if not known and not _NOISE.fullmatch(entry.source):
            raise UnreadableHandError(entry, f"a line the PokerStars reader does not know ({_WHERE[self.phase]})")

    def _street(self, entry: Entry, street: re.Match[str]) -> None:
        """Move to the next street, the showdown or the summary; the river deals each live hand a card face down."""
        phase = _PHASES[street["name"]]
        if phase == 3:
            in_order = self.phase == _SEATING
        elif phase <= _RIVER:
            in_order = self.phase == phase - 1
        else:
            in_order = 3 <= self.phase < phase
        if not in_order:
            raise UnreadableHandError(entry, f"{quoted(entry.source)} comes out of order: the hand is "
                                             f"{_WHERE[self.phase]}")
        if street["card"] is not None and phase != _RIVER:
            raise UnreadableHandError(entry, "only the river deals a community card")
        self.phase = phase
        if phase != _RIVER:
            return
        if street["card"] is not None:
            card = self._cards(street["card"], entry)
            if len(card) != 1:
                raise UnreadableHandError(entry, "the river's community card is one card")
            self.community_card = (card[0], entry)
            return
        for seat in sorted(self.seats):
            player = self.seats[seat]
            if player.cards and seat not in self.folded:
                if len(player.cards) != 6:
                    raise UnreadableHandError(entry, f"{_who(player)} holds {len(player.cards)} cards when the river "
                                                     "is dealt, not 6")
                player.cards.append(None)
                player.card_entries.append(entry)

    def _speaker(self, text: str, after: str) -> tuple[WrittenPlayer, str] | None:
        """The seated player whose name starts the text followed by ``after``, and the words after that."""
        for name in self.names:
            if text.startswith(name + after):
                return self.by_name[name], text[len(name) + len(after):]
        return None

    def _dealt_in(self, player: WrittenPlayer, entry: Entry) -> WrittenPlayer:
        """The player, who must have been dealt cards on 3rd street to take part in the hand."""
        if not player.cards:
            raise UnreadableHandError(entry, f"{_who(player)} is seated but was not dealt cards on 3rd street")
        return player

    def _seating(self, entry: Entry) -> bool:
        """A line before the deal: the table, a seat or an ante."""
        if table := _TABLE.fullmatch(entry.source):
            if self.table_size is not None:
                raise UnreadableHandError(entry, "the table is named twice")
            self.table_size = whole_number(table["size"], entry)
            return True
        if seat_line := _SEAT.fullmatch(entry.source):
            self._seat(entry, seat_line)
            return True
        found = self._speaker(entry.source, ": ")
        if found is None:
            return False
        ante = _ANTE.fullmatch(found[1].removesuffix(_ALL_IN))
        if ante is None:
            return False
        self.antes.append(self.money.amount(ante["amount"], entry))
        self.field_entries.setdefault("stakes.ante", entry)
        return True

    def _seat(self, entry: Entry, line: re.Match[str]) -> None:
        """A seat line: the seat's player and his chips before the antes."""
        seat, name = whole_number(line["seat"], entry), line["name"]
        if seat in self.seats:
            raise UnreadableHandError(entry, f"seat {seat} is listed twice")
        if len(self.seats) == MAX_SEAT:
            raise UnreadableHandError(entry, f"a razz table seats at most {MAX_SEAT} players: this is seat line "
                                             f"{MAX_SEAT + 1}")
        if self.table_size is not None and not 1 <= seat <= self.table_size:
            raise UnreadableHandError(entry, f"the table is {self.table_size}-max: it has no seat {seat}")
        if name in self.by_name:
            raise UnreadableHandError(entry, f"{quoted(name)} is listed in seat {self.by_name[name].seat} and "
                                             f"seat {seat}")
        player = WrittenPlayer(seat=seat, entry=entry, stack=self.money.amount(line["stack"], entry), name=name)
        self.seats[seat] = player
        self.by_name[name] = player
        self.names = sorted(self.by_name, key=len, reverse=True)

    def _play(self, entry: Entry) -> bool:
        """A line from 3rd street to the showdown: a card dealt, a betting line, a show or muck, what a seat took."""
        text = entry.source
        if text.startswith("Dealt to "):
            self._deal(entry, text.removeprefix("Dealt to "))
            return True
        if uncalled := _UNCALLED.fullmatch(text):
            if uncalled["name"] not in self.by_name:
                raise UnreadableHandError(entry, f"no seat line lists {quoted(uncalled['name'])}")
            player = self._dealt_in(self.by_name[uncalled["name"]], entry)
            amount = self.money.amount(uncalled["amount"], entry)
            self.returned[player.seat] = self.returned.get(player.seat, 0) + amount
            self.first_returned = self.first_returned or entry
            return True
        if found := self._speaker(text, ": "):
            return self._act(entry, self._dealt_in(found[0], entry), found[1])
        if found := self._speaker(text, " collected "):
            collected = _COLLECTED.fullmatch(found[1])
            if collected is None:
                return False
            player = self._dealt_in(found[0], entry)
            amount = self.money.amount(collected["amount"], entry)
            self.collected[player.seat] = self.collected.get(player.seat, 0) + amount
            self.first_collected = self.first_collected or entry
            return True
        return False

    def _act(self, entry: Entry, player: WrittenPlayer, words: str) -> bool:
        """A line ``NAME: ...``: a show, a muck or a betting action."""
        if show := _SHOW.fullmatch(words):
            self._reveal_all(entry, player, show["cards"], "shows")
            return True
        if words == "mucks hand":
            player.muck, player.muck_after = entry, len(self.actions)
            return True
        if words == "doesn't show hand":
            return True
        action = self._betting(entry, player.seat, words.removesuffix(_ALL_IN))
        if action is None:
            return False
        if self.phase == _SHOWDOWN:
            raise UnreadableHandError(entry, "a betting line after the showdown has begun")
        if action.verb is Verb.FOLD:
            self.folded.add(player.seat)
        elif self.phase == 3:
            self._third_street(action, all_in=words.endswith(_ALL_IN))
        self.actions.append(action)
        return True

    def _betting(self, entry: Entry, seat: int, words: str) -> WrittenAction | None:
        """The betting action the words write (``and is all-in`` taken off), or None when they write none."""
        if _FOLD.fullmatch(words):
            return WrittenAction(seat, Verb.FOLD, entry)
        if words == "checks":
            return WrittenAction(seat, Verb.CHECK, entry)
        if raised := _RAISE.fullmatch(words):
            by, to = self.money.amount(raised["by"], entry), self.money.amount(raised["to"], entry)
            self.raise_faced = to - by
            return WrittenAction(seat, Verb.INCREASE, entry, to=to)
        for pattern, verb in ((_BRING_IN, Verb.BRING_IN), (_CALL, Verb.CALL), (_BET, Verb.INCREASE)):
            if match := pattern.fullmatch(words):
                return WrittenAction(seat, verb, entry, adds=self.money.amount(match["amount"], entry))
        return None

    def _third_street(self, action: WrittenAction, all_in: bool) -> None:
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

    def _deal(self, entry: Entry, words: str) -> None:
        """A ``Dealt to`` line: 3rd street's cards, or a later street's cards so far and the new one."""
        found = self._speaker(words, " ")
        dealt = _DEALT.fullmatch(found[1]) if found else None
        if found is None or dealt is None:
            raise UnreadableHandError(entry, "cards dealt to nobody a seat line lists, or not written like "
                                             '"Dealt to NAME [Qc]" or "Dealt to NAME [Qc] [8s]"')
        player = found[0]
        if self.phase == _SHOWDOWN:
            raise UnreadableHandError(entry, "a card dealt after the showdown has begun")
        if self.community_card:
            raise UnreadableHandError(entry, "the river is a community card: nobody is dealt a 7th card")
        so_far = self._cards(dealt["so_far"], entry)
        if self.phase == 3:
            if player.cards or dealt["new"] is not None or len(so_far) not in (1, 3):
                raise UnreadableHandError(entry, f"3rd street deals {_who(player)} once: his door card, or his two "
                                                 "down cards and door card, in one pair of brackets")
            player.cards = [None, None, *so_far] if len(so_far) == 1 else [*so_far]
            player.card_entries = [entry] * 3
            return
        self._dealt_in(player, entry)
        if player.seat in self.folded:
            raise UnreadableHandError(entry, f"{_who(player)} has folded: he is dealt no more cards")
        new = self._cards(dealt["new"] or "", entry)
        if len(new) != 1:
            raise UnreadableHandError(entry, "the new card is written alone in the last brackets")
        held = self.phase - 1
        if self.phase == _RIVER and player.cards[6] is not None:
            raise UnreadableHandError(entry, f"{_who(player)} is dealt a second card on the river")
        if self.phase != _RIVER and len(player.cards) != held:
            raise UnreadableHandError(entry, f"{_who(player)} is dealt a card {_WHERE[self.phase]} while holding "
                                             f"{len(player.cards)} cards, not {held}")
        if len(so_far) not in (held, held - 2):
            raise UnreadableHandError(entry, f"the first brackets write the cards so far of {_who(player)}: his "
                                             f"{held} cards, or his {held - 2} up cards, not {len(so_far)}")
        self._reveal(entry, player, so_far, 0 if len(so_far) == held else 2)
        if self.phase == _RIVER:
            player.cards[6], player.card_entries[6] = new[0], entry
        else:
            player.cards.append(new[0])
            player.card_entries.append(entry)

    def _cards(self, written: str, entry: Entry) -> list[str]:
        """The cards of one pair of brackets, each a rank from A23456789TJQK and a suit from shdc."""
        cards = written.split()
        for card in cards:
            if not _CARD.fullmatch(card):
                raise UnreadableHandError(entry, f"{quoted(card)} is not a card: a rank from A23456789TJQK and a suit "
                                                 "from shdc")
        return cards

    def _reveal_all(self, entry: Entry, player: WrittenPlayer, written: str, verb: str) -> None:
        """A show or a summary's ``showed``/``mucked``: all the player's cards in the order dealt."""
        cards = self._cards(written, entry)
        if len(cards) != len(player.cards):
            raise UnreadableHandError(entry, f"{_who(player)} {verb} {len(cards)} cards but was dealt "
                                             f"{len(player.cards)}")
        self._reveal(entry, player, cards, 0)

    def _reveal(self, entry: Entry, player: WrittenPlayer, cards: list[str], start: int) -> None:
        """Fill the player's unseen cards from ``start`` with those written; refuse a known card written otherwise."""
        for place, card in enumerate(cards, start):
            known = player.cards[place]
            if known is None:
                player.cards[place], player.card_entries[place] = card, entry
            elif known != card:
                raise UnreadableHandError(entry, f"the {ordinal(place + 1)} card of {_who(player)} is written {card} "
                                                 f"here "
                                                 f"but was dealt as {known} on line "
                                                 f"{player.card_entries[place].line}")

    def _summary(self, entry: Entry) -> bool:
        """A summary line: the total pot and rake, or a seat's result (read when it shows the seat's cards)."""
        if total := _TOTAL_POT.fullmatch(entry.source):
            if self.total_pot is not None:
                raise UnreadableHandError(entry, f"a second total-pot line (the first is line {self.total_pot.line})")
            self.total_pot = entry
            self.rake = self.money.amount(total["rake"], entry)
            return True
        seat_line = _SUMMARY_SEAT.fullmatch(entry.source)
        if seat_line is None:
            return False
        seat = whole_number(seat_line["seat"], entry)
        player = self.seats.get(seat)
        if player is None:
            raise UnreadableHandError(entry, f"seat {seat} has no seat line in this hand")
        if not seat_line["rest"].startswith(f"{player.name} "):
            raise UnreadableHandError(entry, f"this line names someone other than {_who(player)}")
        shown = _SUMMARY_CARDS.fullmatch(seat_line["rest"].removeprefix(f"{player.name} "))
        if shown:
            self._reveal_all(entry, self._dealt_in(player, entry), shown["cards"], "shows")
        return True

    def _recorded(self, players: list[WrittenPlayer]) -> Recorded | None:
        """What the history says each dealt seat collected, the uncalled bets it returned and the rake."""
        entry = self.first_collected or self.total_pot or self.first_returned
        if entry is None:
            return None
        collected = {player.seat: self.collected.get(player.seat, 0) for player in players}
        return Recorded(kind="collected", amounts=collected, entry=entry, returned=self.returned, rake=self.rake)
