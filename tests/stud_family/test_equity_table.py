"""The live hands' equity where a table's snapshot stands, in every game: what equity answers on the cards shown."""

import pytest

from service.stud_family.betting import replay
from service.stud_family.equity import Method, SeatHiLoEquity, equity
from service.stud_family.equity_spot import read_spot
from service.stud_family.equity_table import live_equity
from service.stud_family.errors import SnapshotError
from service.stud_family.games import RAZZ, STUD, STUD8
from service.stud_family.limits import Stakes
from service.stud_family.rules import resolve_rules
from service.stud_family.snapshot import Action, PlayerIn, Snapshot
from service.stud_family.vocabulary import Phase

PLAYERS = (
    PlayerIn(1, 1000, ("2h", "8c", "9c"), ("3h", "4h")),
    PlayerIn(2, 1000, ("6s", "Kd", "Qd"), ("Ah", "7s")),
    PlayerIn(3, 1000, ("Tc", "Td", "5s"), ("Jh", "Js")),
)
"""Three players dealt to 5th street, every down card given."""


def snapshot(game, actions, players=PLAYERS):
    return Snapshot(stakes=Stakes(ante=10, bring_in=10, small_bet=40, big_bet=80), players=players,
                    actions=actions, rules=resolve_rules(None, game.name), game=game)


def dealt_to(street, folded):
    """The players as dealt to ``street``: seat 3, folded on 3rd street, shows his door card only."""
    return tuple(PlayerIn(player.seat, player.stack, player.up_cards[:1 if player.seat in folded else street - 2],
                          player.down_cards) for player in PLAYERS)


def replayed(game, actions, folded):
    """The hand so far and its state, its players dealt to the street its actions reach."""
    for street in (3, 4, 5):
        hand = snapshot(game, tuple(actions), dealt_to(street, folded))
        try:
            state = replay(hand)
        except SnapshotError:
            continue
        if state.phase is not Phase.DEALING:
            return hand, state
    raise AssertionError(actions)


def opened_and_folded(game):
    """3rd street completed and called, seat 3 folding, then 4th street checked or called: 5th street reached by
    seats 1 and 2."""
    actions: list[Action] = []
    folded: set[int] = set()
    while True:
        hand, state = replayed(game, actions, folded)
        if state.street == 5 or state.to_act is None:
            return hand
        kinds = [legal.type for legal in state.legal_actions]
        if "bring_in" in kinds:
            kind = "bring_in"
        elif state.to_act == 3 and "fold" in kinds:
            kind = "fold"
            folded.add(3)
        else:
            kind = next(kind for kind in ("complete", "check", "call") if kind in kinds)
        actions.append(Action(state.to_act, kind))


@pytest.mark.parametrize("game", [RAZZ, STUD, STUD8])
def test_the_live_hands_on_the_cards_shown(game):
    hand = opened_and_folded(game)
    state = replay(hand)
    assert state.street == 5 and [seated.seat for seated in state.players if seated.folded] == [3]
    live = live_equity(hand, state)
    assert live is not None and live.units > 0
    asked = read_spot([(1, ["2h", "8c", "9c"], ["3h", "4h"]), (2, ["6s", "Kd", "Qd"], ["Ah", "7s"])],
                      ["Tc", "Jh", "Js"], [3, 2, 2], 8)
    answer = live.compute()
    assert answer == equity(game.judging, asked, Method.AUTO)
    assert answer.method is Method.EXACT
    assert all(isinstance(player, SeatHiLoEquity) for player in answer.players) is (game is STUD8)


def test_a_hand_won_uncontested_has_no_equity():
    actions = [Action(replay(snapshot(STUD, (), dealt_to(3, ()))).bring_in_seat, "bring_in")]
    while (state := replay(snapshot(STUD, tuple(actions), dealt_to(3, ())))).to_act is not None:
        actions.append(Action(state.to_act, "fold"))
    assert live_equity(snapshot(STUD, tuple(actions), dealt_to(3, ())), state) is None
