"""What each seat could expect when the chips went in: the all-in equity of a hand whose betting ended early.

A hand whose betting ended before 7th street with two or more live players, every one of whom
showed down, is a question of cards alone from that moment on: each pot goes to the best hand
among the seats eligible for it (in stud/8 halved with the best qualifying low). Its equity is
what ``POST /v1/equity`` answers on the cards known then (each live player's down cards and the
up cards dealt so far, the folded players' up cards as dead cards), asked of each pot among its
eligible seats; a seat's expectation is each pot's amount times its equity there, summed, in the
history's unit; in stud/8 each pot's amount is also given by half (what each seat could expect
from the high half and from the low half). Each pot's amounts are rounded to the unit so that
they sum exactly to it. Trackers call the difference from what was paid "all-in adjusted"
results: luck taken out.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..stud_family.betting import TableState
from ..stud_family.equity import Method, SeatEquity, SeatHiLoEquity, equity, equity_work
from ..stud_family.equity_spot import Spot, read_spot
from ..stud_family.judging import Judging
from ..stud_family.settlement import Settlement, pots_so_far
from ..stud_family.snapshot import Snapshot
from ..stud_family.streets import FIRST_STREET, LAST_STREET, STREETS, up_cards_on
from ..stud_family.vocabulary import Phase
from ..stud_family.work import Budget

DEALT_DOWN_BEFORE_SEVENTH = STREETS[LAST_STREET - 1].down_cards
"""The down cards a player holds before 7th street: the first ones dealt."""


@dataclass(frozen=True, slots=True)
class HalfShare:
    """What a seat could expect from one half of a stud/8 pot: its expected share of the pot won in that half, and
    that share of the pot in chips."""

    seat: int
    equity: float
    amount: int


@dataclass(frozen=True, slots=True)
class PotHalves:
    """A stud/8 pot's expectations by half: each eligible seat's from the high half (with the whole pots won when
    no low qualifies) and from the low half; all of them sum exactly to the pot."""

    high: tuple[HalfShare, ...]
    low: tuple[HalfShare, ...]


@dataclass(frozen=True, slots=True)
class PotEquity:
    """One pot: its chips, the seats eligible for it and each one's equity in it."""

    amount: int
    eligible: tuple[int, ...]
    equities: tuple[tuple[int, float], ...]
    """(seat, equity) for each eligible seat, ascending; a pot one seat is eligible for is its own."""
    expected: tuple[tuple[int, int], ...]
    """(seat, chips) for each eligible seat, ascending: the pot's amount times the seat's equity, rounded so that
    they sum exactly to it (``pot_shares``)."""
    halves: PotHalves | None = None
    """In stud/8, the same by half (the high half's and the low half's chips of every seat sum to the pot); else
    None."""


@dataclass(frozen=True, slots=True)
class AllIn:
    """The equity at the moment the betting ended, and what each seat could expect from the pots."""

    street: int
    """The street the betting ended on."""
    pots: tuple[PotEquity, ...]
    expected: tuple[tuple[int, int], ...]
    """(seat, chips) for every seat of the hand, ascending: its pots' amounts times its equities, each pot's rounded
    so that they sum exactly to it (``pot_shares``)."""


class LeftOut(Exception):
    """The hand's all-in equity would take more work units than its request's budget has left."""

    def __init__(self, units: int, left: int) -> None:
        super().__init__(f"its all-in equity is left out: it would take an estimated {units:,} work units, and this "
                         f"request's budget has {left:,} left")


def all_in_equity(snapshot: Snapshot, state: TableState, result: Settlement | None,
                  budget: Budget | None = None) -> AllIn | None:
    """The all-in equity of a settled hand whose betting ended before 7th street with two or more live players,
    every one showing down, its hands valued as its game judges them; None for any other hand. Its pots' work is paid
    from ``budget`` before any is done; LeftOut when the budget cannot pay it all."""
    if result is None or state.phase is not Phase.SHOWDOWN:
        return None
    street = state.betting_ended_on
    folded = {seated.seat for seated in state.players if seated.folded}
    live = [player for player in snapshot.players if player.seat not in folded]
    if street >= LAST_STREET or len(live) < 2 or any(player.mucked or player.down_cards is None for player in live):
        return None
    shown = up_cards_on(street)
    dead = [card for player in snapshot.players if player.seat in folded for card in player.up_cards]
    dealt = [sum(len(player.up_cards) >= up_cards_on(number) for player in snapshot.players)
             for number in range(FIRST_STREET, street + 1)]
    spot = read_spot([(player.seat, player.up_cards[:shown], (player.down_cards or ())[:DEALT_DOWN_BEFORE_SEVENTH])
                      for player in live], dead, dealt, snapshot.rules.max_players)
    reached = pots_so_far(snapshot, state)
    if budget is not None:
        units = sum(equity_work(snapshot.game.judging, spot.among(pot.eligible)) for pot in reached
                    if len(pot.eligible) > 1)
        left = budget.left
        if not budget.pay(units):
            raise LeftOut(units, left)
    pots = tuple(_pot_equity(snapshot.game.judging, spot, pot.amount, pot.eligible) for pot in reached)
    expected = dict.fromkeys(sorted(seated.seat for seated in state.players), 0)
    for pot in pots:
        for seat, chips in pot.expected:
            expected[seat] += chips
    return AllIn(street, pots, tuple(expected.items()))


def pot_shares(amount: int, equities: tuple[tuple[int, float], ...]) -> tuple[tuple[int, int], ...]:
    """Each seat's expectation from one pot in whole units, summing exactly to the pot: each seat's amount times
    equity rounded down, then the units left one each to the largest remainders, ties to the lower seat (the
    largest remainder method), so no pot is given out more or less than once.

    >>> pot_shares(100, ((1, 1 / 3), (2, 1 / 3), (3, 1 / 3)))
    ((1, 34), (2, 33), (3, 33))
    >>> pot_shares(100, ((2, 0.625), (5, 0.375)))
    ((2, 63), (5, 37))
    """
    exact = [(seat, amount * equity) for seat, equity in equities]
    floors = {seat: int(share) for seat, share in exact}
    left = amount - sum(floors.values())
    for seat, _ in sorted(exact, key=lambda pair: (floors[pair[0]] - pair[1], pair[0]))[:left]:
        floors[seat] += 1
    return tuple(sorted(floors.items()))


def _pot_equity(judging: Judging, spot: Spot, amount: int, eligible: tuple[int, ...]) -> PotEquity:
    """Each eligible seat's equity in one pot and what it could expect from it (by half in stud/8): exact where the
    budget allows, else sampled from seed 0."""
    if len(eligible) < 2:
        return PotEquity(amount, eligible, tuple((seat, 1.0) for seat in eligible),
                         tuple((seat, amount) for seat in eligible))
    players: list[SeatEquity | SeatHiLoEquity] = sorted(equity(judging, spot.among(eligible), Method.AUTO).players,
                                                        key=lambda player: player.seat)
    equities = tuple((player.seat, player.equity) for player in players)
    lows = [player for player in players if isinstance(player, SeatHiLoEquity)]
    if not lows:
        return PotEquity(amount, eligible, equities, pot_shares(amount, equities))
    parts = tuple((_HALVES * player.seat + half, share) for player in lows
                  for half, share in enumerate((player.high_equity, player.low_equity)))
    chips = dict(pot_shares(amount, parts))
    halves = PotHalves(*(tuple(HalfShare(key // _HALVES, share, chips[key]) for key, share in parts
                               if key % _HALVES == half) for half in range(_HALVES)))
    expected = tuple((seat, chips[_HALVES * seat] + chips[_HALVES * seat + 1]) for seat, _ in equities)
    return PotEquity(amount, eligible, equities, expected, halves)


_HALVES = 2
"""A stud/8 pot's high half and low half: ``pot_shares`` rounds the pot over each seat's two parts at once (a part's
key is ``2 * seat + half``, so a tie goes to the lower seat, then to the high half)."""
