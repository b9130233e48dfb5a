"""Full Tilt Poker stud-family exports: the hands of an export, each read line by line into the hand as written.

Full Tilt writes ``NAME action`` with no colon (a colon after a name is chat), ``raises to`` and
``completes it to`` the street total, ``wins the pot`` after the rake and the uncalled bet apart, as
PokerStars does. Its files are usually UTF-16 with their line breaks doubled once decoded, so hands
are found at their header lines, never at blank lines (``encodings`` decodes the file).
"""

from __future__ import annotations

import re
from types import MappingProxyType

from .errors import OtherGameError, UnreadableHandError
from .site_export import AMOUNT, FEES, NAME, Header, Money, SiteHandReader, split_at_headers
from .written import Entry, Game, Section, Verb, WrittenHand

HAND_START = re.compile(r"Full Tilt Poker Game #")

_HEADER = re.compile(r"Full Tilt Poker Game #(?P<id>\d+): (?P<rest>.*)")
_STAKES = re.compile(rf"(?P<small>{AMOUNT})/(?P<big>{AMOUNT})(?: Ante {AMOUNT})?")
"""``$0.10/$0.20 Ante $0.02`` (cash) or ``40/80 Ante 7`` (a tournament's chips): the small and big bets."""
_GAMES = MappingProxyType({"Limit Razz": Game.RAZZ, "Limit Stud Hi": Game.STUD, "Limit 7 Card Stud": Game.STUD,
                           "Limit Stud H/L": Game.STUD8, "Limit Stud Hi/Lo": Game.STUD8})
"""The games read, as Full Tilt names them."""
_TOURNAMENT = re.compile(r"\((?P<number>\d+)\), Table ")
"""A tournament's number before its table: ``$200 Heads-Up Sit & Go (243603038), Table 1``."""
_PARTIAL = "(partial)"
"""What ends the header of a hand whose history Full Tilt wrote only from part-way through."""


def split(text: str) -> list[Section]:
    """The sections of an export, in order: each hand from its header line, and any other text on its own."""
    return split_at_headers(text, HAND_START, blank_ends_hand=False)


def read(section: Section) -> WrittenHand:
    """One hand of a Full Tilt export as written, or an error naming the line that keeps it from being read."""
    return _FullTiltHand(section).hand()


class _FullTiltHand(SiteHandReader):
    """Full Tilt's wording."""

    SITE = "Full Tilt"
    STREET = re.compile(r"\*\*\* (?P<name>3RD STREET|4TH STREET|5TH STREET|6TH STREET|7TH STREET|SHOW DOWN|SUMMARY)"
                        r" \*\*\*(?: \[(?P<card>[^\]]*)\])?(?: \(Total Pot: [^()]*\))?")
    """A tournament's street line adds the pot so far: ``(Total Pot: 12, 2 Players, 1 All-In)``."""
    PHASES = MappingProxyType({"3RD STREET": 3, "4TH STREET": 4, "5TH STREET": 5, "6TH STREET": 6, "7TH STREET": 7,
                               "SHOW DOWN": 8, "SUMMARY": 9})
    SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(?:,? .*)?")
    """The name runs to the first ``(amount)``; the line may go on (``, is sitting out``)."""
    ANTE = re.compile(rf"antes (?P<amount>{AMOUNT})")
    BETTING = (
        (re.compile("folds"), Verb.FOLD),
        (re.compile("checks"), Verb.CHECK),
        (re.compile(rf"brings in for (?P<amount>{AMOUNT})"), Verb.BRING_IN),
        (re.compile(rf"completes it to (?P<to>{AMOUNT})"), Verb.INCREASE),
        (re.compile(rf"raises to (?P<to>{AMOUNT})"), Verb.INCREASE),
        (re.compile(rf"bets (?P<amount>{AMOUNT})"), Verb.INCREASE),
        (re.compile(rf"calls (?P<amount>{AMOUNT})"), Verb.CALL),
    )
    ALL_IN = (", and is all in",)
    MUCKS = frozenset({"mucks"})
    COLLECTED = re.compile(rf"(?:wins|ties for) (?:the )?(?:high |low )?(?:pot|main pot|side pot(?: #?\d+)?) "
                           rf"\((?P<amount>{AMOUNT})\)(?: with .*)?")
    UNCALLED = re.compile(rf"(?:Uncalled bet|Ante) of (?P<amount>{AMOUNT}) returned to (?P<name>.+)")
    """An uncalled bet, or an ante nobody could match handed back before the deal (either wording)."""
    TOTAL_POT = re.compile(rf"Total pot {AMOUNT}(?: [^|]*)? \| Rake (?P<rake>{AMOUNT}){FEES}")
    NOISE = re.compile(
        rf"{NAME}: .*"
        rf"|{NAME} (?:is high|is low) with \[[^\]]*\]"
        rf"|{NAME} has \d+ seconds? (?:left to act|to reconnect)"
        rf"|{NAME} has requested TIME"
        rf"|{NAME} (?:stands up|sits down|is sitting out|has returned|has reconnected|is disconnected|"
        r"has been disconnected|has timed out|is feeling [a-z]+)"
        rf"|{NAME} adds {AMOUNT}(?: .*)?"
        rf"|{NAME} sits out"
        rf"|{NAME} re-buys and receives \d[\d,]* chips for {AMOUNT}"
        rf"|{NAME} takes the add-on and receives \d[\d,]* chips for {AMOUNT}"
        rf"|{NAME} wins the {AMOUNT} bounty for eliminating .+"
        r"|\d+ seconds left to act"
        r"|The button is in seat #\d+"
    )
    """Chat, the clock, the lobby; ``is high with [Qc]`` names who must bring in, which the rules decide; rebuys,
    add-ons and bounties (chips and prizes outside the pot); the button, which the stud games do not use."""
    CANCELLED = re.compile(r"Hand #\d+ has been cancell?ed")

    def read_header(self, header: Entry) -> Header:
        """The hand number, its game, its unit and its small and big bets; a game not read is skipped."""
        match = _HEADER.fullmatch(header.source)
        if match is None:
            raise UnreadableHandError(header, 'not a Full Tilt hand: a hand starts with a line "Full Tilt Poker '
                                              'Game #<number>: ..."')
        parts = match["rest"].split(" - ")
        found = next(((index, stakes) for index, part in enumerate(parts[:-1])
                      if (stakes := _STAKES.fullmatch(part))), None)
        if found is None:
            raise UnreadableHandError(header, 'the header does not give the bets and the game, like "$0.10/$0.20 '
                                              'Ante $0.02 - Limit Razz"')
        place, stakes = found
        if match["rest"].endswith(_PARTIAL):
            raise UnreadableHandError(header, f"Full Tilt marks this hand {_PARTIAL}: its history was written from "
                                              "part-way through the hand, so it is truncated")
        game = parts[place + 1]
        if game not in _GAMES:
            raise OtherGameError(header, game)
        sample = stakes["small"]
        symbol = sample[0] if sample[0] in "$€£" else ""
        money = Money(symbol, cents=symbol != "", sample=sample)
        tournament = None if money.cents else _TOURNAMENT.search(" - ".join(parts[:place]))
        return Header(match["id"], money, money.amount(stakes["small"], header), money.amount(stakes["big"], header),
                      _GAMES[game], tournament["number"] if tournament else None)
