"""Winamax stud-family exports: the hands of an export, each read line by line into the hand as written.

Winamax writes ``NAME action`` with its currency sign after the amount (``5€``), an ante/blinds
section before 3rd street, ``X`` for a card it does not show, and ``raises A to B`` of which only
B, the street total, is reliable (a completion may read ``raises 25€ to 25€``). It writes no
uncalled-bet line: a bet nobody called comes back inside what its maker collected, which is what
the check compares. A cash hand's amounts are in cents (real or play money), a tournament's in
chips. An older export names the streets ``*** THIRD ***`` to ``*** SEVENTH ***`` and deals no
cards in writing: each street deals every live hand unseen cards, and only a showdown shows them.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from .errors import OtherGameError, UnreadableHandError
from .site_export import AMOUNT, FEES, NAME, Header, Money, SiteHandReader, split_at_headers
from .written import Entry, Game, Section, Verb, WrittenHand

HAND_START = re.compile(r"Winamax Poker - ")

_PREFIX = "Winamax Poker - "
_HAND_ID = re.compile(r"HandId: #(?P<id>\d[\d-]*)")
_GAME = re.compile(r"(?P<game>[^()]+) \((?P<stakes>[^()]*)\)")
"""``Razz fixed limit (5€/25€/50€)``: the header's part after the hand number."""
_STAKES = re.compile(rf"(?P<ante>{AMOUNT})/(?P<small>{AMOUNT})/(?P<big>{AMOUNT})")
"""``(5€/25€/50€)``: the ante, the small bet and the big bet."""
_GAMES = MappingProxyType({"Razz fixed limit": Game.RAZZ, "7-Card Stud fixed limit": Game.STUD,
                           "7stud fixed limit": Game.STUD, "7-Card Stud Hi/Lo fixed limit": Game.STUD8,
                           "7stud Hi/Lo fixed limit": Game.STUD8, "7stud8 fixed limit": Game.STUD8})
"""The games read, as Winamax names them (``7stud`` and ``7stud8``: the older export's)."""
_UNSEEN_STREETS = MappingProxyType({"THIRD": 3, "FOURTH": 4, "FIFTH": 5, "SIXTH": 6})
"""An older export's street names: no ``Dealt to`` lines follow them."""


def split(text: str) -> list[Section]:
    """The sections of an export, in order: each hand from its header line, and any other text on its own."""
    return split_at_headers(text, HAND_START, blank_ends_hand=False)


def read(section: Section) -> WrittenHand:
    """One hand of a Winamax export as written, or an error naming the line that keeps it from being read."""
    return _WinamaxHand(section).hand()


class _WinamaxHand(SiteHandReader):
    """Winamax's wording."""

    SITE = "Winamax"
    STREET = re.compile(r"\*\*\* (?P<name>ANTE/BLINDS|3rd STREET|4th STREET|5th STREET|6th STREET|7th STREET|THIRD|"
                        r"FOURTH|FIFTH|SIXTH|SEVENTH|SHOW DOWN|SUMMARY) \*\*\*(?: \[(?P<card>[^\]]*)\])?")
    PHASES = MappingProxyType({"ANTE/BLINDS": 0, "3rd STREET": 3, "4th STREET": 4, "5th STREET": 5, "6th STREET": 6,
                               "7th STREET": 7, "THIRD": 3, "FOURTH": 4, "FIFTH": 5, "SIXTH": 6, "SEVENTH": 7,
                               "SHOW DOWN": 8, "SUMMARY": 9})
    TABLE = re.compile(r"Table: '(?:[^'()]*\((?P<tournament>\d+)\)#\d+|.+)' (?P<size>\d+)-max"
                       r"(?: \((?:real|play) money\))?(?: Seat #\d+ is the button)?")
    """A tournament's table names its tournament's number and its own: ``'Kill The Fish(123456)#004'``."""
    SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})(?:, [^()]*)?\)(?: .*)?")
    ANTE = re.compile(rf"posts ante (?P<amount>{AMOUNT})")
    BETTING = (
        (re.compile("folds"), Verb.FOLD),
        (re.compile("checks"), Verb.CHECK),
        (re.compile(rf"bring(?:s in|-in) (?P<amount>{AMOUNT})"), Verb.BRING_IN),
        (re.compile(rf"raises {AMOUNT} to (?P<to>{AMOUNT})"), Verb.INCREASE),
        (re.compile(rf"bets (?P<amount>{AMOUNT})"), Verb.INCREASE),
        (re.compile(rf"calls (?P<amount>{AMOUNT})"), Verb.CALL),
    )
    ALL_IN = (" and is all-in",)
    MUCKS = frozenset({"mucks", "mucks hand"})
    SILENT = frozenset({"doesn't show", "doesn't show hand"})
    UNSEEN = "X"
    COLLECTED = re.compile(rf"collected (?P<amount>{AMOUNT}) from (?:pot|main pot|side pot(?: ?\d+)?)"
                           r"(?: ?\((?:HI|LO)\))?")
    """What a seat took; a stud hi/lo pot's halves are collected apart (``from pot(HI)``, ``from pot(LO)``)."""
    TOTAL_POT = re.compile(rf"Total pot {AMOUNT}(?: [^|]*)? \| (?:Rake (?P<rake>{AMOUNT})|No rake){FEES}")
    NOISE = re.compile(
        rf"{NAME} (?:sits out|is sitting out|is back|leaves the table|joins the table|is disconnected|"
        r"is connected|has timed out)"
        rf"|{NAME} said, .*"
        rf"|{NAME} (?:wins|finished) .*tournament.*"
        rf"|{NAME} (?:re-buys|rebuys|takes the add-on|adds) .{{0,200}}"
        rf"|{NAME} wins (?:the )?{AMOUNT} bounty .*"
    )
    """Chat, the lobby, sitting out and coming back, disconnects and time-outs; rebuys, add-ons and bounties
    (chips and prizes outside the pot)."""

    def read_header(self, header: Entry) -> Header:
        """The hand number, its game, its unit and its small and big bets; a game not read is skipped."""
        parts = header.source.removeprefix(_PREFIX).split(" - ")  # parts, not one pattern: linear in any line
        found = next(((index, hand_id) for index, part in enumerate(parts[:-1])
                      if (hand_id := _HAND_ID.fullmatch(part))), None)
        match = None if found is None or not header.source.startswith(_PREFIX) else _GAME.fullmatch(parts[found[0] + 1])
        if found is None or match is None:
            raise UnreadableHandError(header, 'not a Winamax hand: a hand starts with a line "Winamax Poker - ... - '
                                              'HandId: #<number> - Razz fixed limit (<ante>/<small bet>/<big bet>) - '
                                              '..."')
        if match["game"] not in _GAMES:
            raise OtherGameError(header, match["game"])
        stakes = _STAKES.fullmatch(match["stakes"])
        if stakes is None:
            raise UnreadableHandError(header, 'the header does not give the ante, small bet and big bet, like '
                                              '"(5€/25€/50€)"')
        sample = stakes["small"]
        symbol = sample[-1] if sample[-1] in "$€£" else ""
        cash = parts[0] == "CashGame"
        money = Money(symbol, cents=cash, sample=sample, after=True)
        return Header(found[1]["id"], money, money.amount(stakes["small"], header), money.amount(stakes["big"], header),
                      _GAMES[match["game"]])

    def street(self, entry: Entry, phase: int, card: str | None) -> None:
        """A street; an older export's deals every live hand its unseen cards (3rd street: those who anted)."""
        super().street(entry, phase, card)
        name = entry.source.strip("* ")
        if name not in _UNSEEN_STREETS:
            return
        if phase == 3:
            for player in self.anted:
                player.cards, player.card_entries = [None] * 3, [entry] * 3
            return
        for player in self.live():
            player.cards.append(None)
            player.card_entries.append(entry)

