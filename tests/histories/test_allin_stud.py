"""The all-in equity of stud and stud/8 hands: each pot's equity among its seats as POST /v1/equity answers it, and
in stud/8 what each seat could expect from each half, every pot's amounts summing exactly to it."""

import pytest

from service.histories.allin import all_in_equity
from service.stud_family.betting import replay
from service.stud_family.equity import Method, equity
from service.stud_family.equity_spot import read_spot
from service.stud_family.games import STUD, STUD8
from service.stud_family.limits import Stakes
from service.stud_family.rules import resolve_rules
from service.stud_family.settlement import settle
from service.stud_family.snapshot import Action, PlayerIn, Snapshot

FIFTH_STREET = (
    PlayerIn(1, 150, ("2h", "8c", "9c", "Tc"), ("3h", "4h", "Jc")),
    PlayerIn(2, 1000, ("6s", "Kd", "Qd", "Jd"), ("Ah", "7s", "8d")),
)
"""Seat 1 brings in with the 2h, calls the completion and a bet on 4th street, and calls all-in on 5th."""
ACTIONS = (Action(1, "bring_in"), Action(2, "complete"), Action(1, "call"), Action(2, "bet"), Action(1, "call"),
           Action(2, "bet"), Action(1, "call"))

THREE_WAY = (
    PlayerIn(1, 90, ("5c", "6d", "9d", "Th"), ("As", "3s", "Qs")),
    PlayerIn(2, 130, ("7h", "8c", "9h", "2c"), ("6h", "4d", "Kh")),
    PlayerIn(3, 1000, ("Kc", "Qc", "Jh", "Td"), ("Ac", "Ks", "3c")),
)
"""Seat 1 all-in on 4th street, seat 2 all-in raising over him, seat 3 calling: a main pot and a side pot."""
THREE_WAY_ACTIONS = (Action(1, "bring_in"), Action(2, "complete"), Action(3, "call"), Action(1, "call"),
                     Action(3, "bet"), Action(1, "call"), Action(2, "raise"), Action(3, "call"))


def allin(game, players, actions):
    snapshot = Snapshot(stakes=Stakes(ante=10, bring_in=10, small_bet=40, big_bet=80), players=players,
                        actions=actions, rules=resolve_rules(None, game.name), game=game)
    state = replay(snapshot)
    return all_in_equity(snapshot, state, settle(snapshot, state))


def test_stud_is_the_equity_of_the_cards_known_then():
    found = allin(STUD, FIFTH_STREET, ACTIONS)
    assert found.street == 5
    pot, excess = found.pots
    assert excess.eligible == (2,) and excess.expected == ((2, excess.amount),)
    spot = read_spot([(1, ["2h", "8c", "9c"], ["3h", "4h"]), (2, ["6s", "Kd", "Qd"], ["Ah", "7s"])], [], [2, 2, 2], 8)
    answer = equity(STUD.judging, spot, Method.AUTO)
    assert answer.method is Method.EXACT
    assert pot.equities == tuple((player.seat, player.equity) for player in answer.players)
    assert pot.halves is None and sum(chips for _, chips in pot.expected) == pot.amount
    assert found.expected == ((1, dict(pot.expected)[1]), (2, dict(pot.expected)[2] + excess.amount))


def test_stud8_gives_each_pot_by_half():
    found = allin(STUD8, FIFTH_STREET, ACTIONS)
    pot, excess = found.pots
    assert pot.halves is not None and excess.halves is None
    parts = [*pot.halves.high, *pot.halves.low]
    assert sum(part.amount for part in parts) == pot.amount
    for seat, share in pot.equities:
        high, low = (next(part for part in half if part.seat == seat) for half in (pot.halves.high, pot.halves.low))
        assert high.equity + low.equity == pytest.approx(share, abs=1e-12)
        assert dict(pot.expected)[seat] == high.amount + low.amount
        assert abs(high.amount - high.equity * pot.amount) < 1 and abs(low.amount - low.equity * pot.amount) < 1


@pytest.mark.parametrize("game", [STUD, STUD8])
def test_every_pot_sums_exactly_to_its_amount(game):
    found = allin(game, THREE_WAY, THREE_WAY_ACTIONS)
    assert found.street == 4 and len(found.pots) == 2
    for pot in found.pots:
        assert sum(chips for _, chips in pot.expected) == pot.amount
        if game is STUD8:
            assert pot.halves is not None
            assert sum(part.amount for part in (*pot.halves.high, *pot.halves.low)) == pot.amount
    assert sum(chips for _, chips in found.expected) == sum(pot.amount for pot in found.pots)
