"""PokerStars stud-family exports: the hands of an export, each read line by line into the hand as written.

PokerStars writes one fact a line, ``NAME: action`` for each action; what the sites' exports share
is read by ``site_export``, and this module gives PokerStars' wording and reads its header. Amounts
are cents for a cash hand's money, chips for a tournament's or play money.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from .errors import OtherGameError, UnreadableHandError
from .site_export import AMOUNT, FEES, NAME, Header, Money, SiteHandReader, split_at_headers
from .written import Entry, Game, Section, Verb, WrittenHand

HAND_START = re.compile(r"PokerStars (?:Home Game )?(?:Hand|Game) #")
"""A hand's first words: a Home Game hand (a club's private table) is written like any other after them."""

_HEADER = re.compile(r"PokerStars (?:Home Game )?(?:Hand|Game) #(?P<id>\d+):\s+(?:\{[^{}]*\}\s+)?(?P<rest>.*)")
"""The header past the hand's number and, on a Home Game hand, its club's room (``{Dazzle's Room}``)."""
_TOURNAMENT = re.compile(r"Tournament #(?P<number>\d+), (?P<rest>.*)")
_GAMES = MappingProxyType({"Razz Limit": Game.RAZZ, "7 Card Stud Limit": Game.STUD,
                           "7 Card Stud Hi/Lo Limit": Game.STUD8})
"""The games read, as PokerStars names them; ``2-7 Razz Limit`` (razz played deuce-to-seven, aces high, straights
and flushes counting) is another game."""
_MIXED_GAME = re.compile(r"[^()]*\((?![$€£]?\d[\d.,]*/)(?P<game>[^(),]+)(?:, [^()]*)?\)")
"""A mixed game's rotation and the hand's own game in brackets: ``8-Game (Razz Limit)``, ``HORSE (Razz Limit,
$0.10/$0.20)``."""
_BUY_IN = re.compile(r"(?:(?:[$€£]\d[\d.,]*(?:\+[$€£]\d[\d.,]*)*|\d[\d.,]*(?:\+\d[\d.,]*)+) (?:[A-Z]{3} )?)?"
                     r"(?P<game>[^()]*?)(?: \([^()]*\))?")
"""A game after a tournament's buy-in (``$200+$15 USD Razz Limit``), or before a cash hand's stakes."""
_CASH_STAKES = re.compile(rf"\((?:[^()]*, )?(?P<small>{AMOUNT})/(?P<big>{AMOUNT})(?: [A-Z]{{3}})?\)")
"""``($0.04/$0.08 USD)``, or a mixed game's ``HORSE (Razz Limit, $0.10/$0.20)``."""
_LEVEL_STAKES = re.compile(rf"\bLevel [^\s()]+ \((?P<small>{AMOUNT})/(?P<big>{AMOUNT})\)")


def split(text: str) -> list[Section]:
    """The sections of an export, in order: each hand, and any other text on its own, so reading it names its line.
    PokerStars separates hands by blank lines."""
    return split_at_headers(text, HAND_START, blank_ends_hand=True)


def read(section: Section) -> WrittenHand:
    """One hand of a PokerStars export as written, or an error naming the line that keeps it from being read."""
    return _PokerStarsHand(section).hand()


class _PokerStarsHand(SiteHandReader):
    """PokerStars' wording."""

    SITE = "PokerStars"
    STREET = re.compile(r"\*\*\* (?P<name>3rd STREET|4th STREET|5th STREET|6th STREET|RIVER|SHOW DOWN|SUMMARY) \*\*\*"
                        r"(?: \[(?P<card>[^\]]*)\])?")
    PHASES = MappingProxyType({"3rd STREET": 3, "4th STREET": 4, "5th STREET": 5, "6th STREET": 6, "RIVER": 7,
                               "SHOW DOWN": 8, "SUMMARY": 9})
    TABLE = re.compile(r"Table '.+' (?P<size>\d+)-max(?: \((?:Play|Real) Money\))?(?: Seat #\d+ is the button)?")
    SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT}) in chips(?:, [^()]*)?\)(?: .*)?")
    """The name runs to the first ``(N in chips)``, so it may hold brackets; the line may go on (``is sitting out``)."""
    SPEAKS = ": "
    ANTE = re.compile(rf"posts the ante (?P<amount>{AMOUNT})")
    BETTING = (
        (re.compile(r"folds(?: \[[^\]]*\])?"), Verb.FOLD),
        (re.compile("checks"), Verb.CHECK),
        (re.compile(rf"raises (?P<by>{AMOUNT}) to (?P<to>{AMOUNT})"), Verb.INCREASE),
        (re.compile(rf"brings in for (?P<amount>{AMOUNT})"), Verb.BRING_IN),
        (re.compile(rf"calls (?P<amount>{AMOUNT})"), Verb.CALL),
        (re.compile(rf"bets (?P<amount>{AMOUNT})"), Verb.INCREASE),
    )
    ALL_IN = (" and is all-in",)
    MUCKS = frozenset({"mucks hand"})
    SILENT = frozenset({"doesn't show hand"})
    COLLECTED = re.compile(rf"collected (?P<amount>{AMOUNT}) from (?:pot|main pot|side pot(?:-\d+)?)")
    UNCALLED = re.compile(rf"Uncalled bet \((?P<amount>{AMOUNT})\) returned to (?P<name>.+)")
    TOTAL_POT = re.compile(rf"Total pot {AMOUNT}(?: Main pot {AMOUNT}\.(?: Side pot(?:-\d+)? {AMOUNT}\.)*)?"
                           rf" \| Rake (?P<rake>{AMOUNT}){FEES}")
    NOISE = re.compile(
        rf'{NAME} said, ".*"'
        rf"|{NAME} joins the table at seat #\d+"
        rf"|{NAME} leaves the table"
        rf"|{NAME} (?:is disconnected|is connected|has returned|is sitting out|will be allowed to play after the "
        r"button)"
        rf"|{NAME} has timed out(?: while (?:being )?disconnected)?"
        rf"|{NAME} finished the tournament(?: in \d+(?:st|nd|rd|th) place)?(?: and received .+)?"
        rf"|{NAME} wins the tournament and receives .+"
        rf"|{NAME}:? sits out"
        rf"|{NAME}: is sitting out"
        rf"|{NAME} has \d+ seconds left to act"
        rf"|{NAME} was removed from the table for failing to post"
        rf"|{NAME} re-buys and receives \d[\d,]* chips for {AMOUNT}"
        rf"|{NAME} takes the add-on and receives \d[\d,]* chips for {AMOUNT}"
        rf"|{NAME} (?:wins|split) the {AMOUNT} bounty for eliminating .+"
        rf"|{NAME} wins {AMOUNT} for (?:eliminating|splitting the elimination of) .+"
        r"|Betting is capped"
        r"|Pair on board - a double bet is allowed"
        r"|No low hand qualified"
    )
    """Chat, the lobby and the clock; seats taken and left, sitting out, a player removed for not posting;
    rebuys and add-ons (chips bought between hands, which the next hand's seat lines count); bounties (prizes
    paid outside the pot); what the dealer says that the rules decide (the betting capped, the double bet an open
    pair on 4th street allows in stud, a stud hi/lo showdown without a qualifying low)."""
    CANCELLED = re.compile(r"Hand cancelled")
    FOLDS_WHEN_FREE = True
    """PokerStars' tables offer a fold where a check is free, and its histories write it (a stud hi/lo sample's
    ``denny501: folds`` with nothing to call)."""

    def read_header(self, header: Entry) -> Header:
        """The hand number, its game, its unit and its small and big bets; a game not read is skipped."""
        match = _HEADER.fullmatch(header.source)
        if match is None:
            raise UnreadableHandError(header, 'not a PokerStars hand: a hand starts with a line "PokerStars '
                                              'Hand #<number>: ...", "PokerStars Game #<number>: ..." or '
                                              '"PokerStars Home Game Hand #<number>: ..."')
        tournament = _TOURNAMENT.fullmatch(match["rest"])
        rest = tournament["rest"] if tournament else match["rest"]
        written = rest.split(" - ")[0]
        named = _MIXED_GAME.fullmatch(written) or _BUY_IN.fullmatch(written)
        game = named["game"] if named else written
        if game not in _GAMES:
            raise OtherGameError(header, game)
        stakes = _LEVEL_STAKES.search(rest) if tournament else _CASH_STAKES.search(written)
        if stakes is None:
            where = ('the tournament level, like "Level IV (50/100)"' if tournament
                     else 'brackets, like "($0.04/$0.08)"')
            raise UnreadableHandError(header, f"the header does not give the small and big bet in {where}")
        sample = stakes["small"]
        symbol = sample[0] if sample[0] in "$€£" and tournament is None else ""
        money = Money(symbol, cents=symbol != "", sample=sample)
        return Header(match["id"], money, money.amount(stakes["small"], header), money.amount(stakes["big"], header),
                      _GAMES[game], tournament["number"] if tournament else None)
