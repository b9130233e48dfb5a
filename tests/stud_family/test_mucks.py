"""A live hand mucked at showdown concedes (section 5): its chips stay in the pots they reached."""

from dataclasses import replace

import pytest

from service.stud_family.betting import replay
from service.stud_family.errors import IllegalActionError, SnapshotError
from service.stud_family.judging import RAZZ_JUDGING
from service.stud_family.rules import OddChipRule
from service.stud_family.settlement import pots_so_far, settle
from service.stud_family.showdown import ShowdownPlayer, award, replayed_hands, showdown
from tests.tables import table

CHECKED_DOWN = ("s1 bring_in", "s2 call") + ("s2 check", "s1 check") * 4
"""Heads-up: s1 (Kd) brings in, s2 calls, and s2's board is lower on every street after."""


def heads_up(*actions, stacks=None, mucked=()):
    """Seat 1 holds 5-4-3-2-A, seat 2 holds T-9-8-7-2: seat 1's hand wins whenever it is not mucked."""
    return table({1: "Kd 3d 4d 5d", 2: "2h Qh Jh Th"}, *actions, stacks=stacks,
                 down={1: "As 2s 6d", 2: "7c 8c 9c"}, mucked=mucked).snapshot()


def result(hand):
    """The settlement of a replayed hand."""
    return settle(hand, replay(hand))


def test_the_better_hand_mucked_concedes_the_pot():
    assert result(heads_up(*CHECKED_DOWN)).winners == (1,)
    outcome = result(heads_up(*CHECKED_DOWN, mucked={1}))
    assert (outcome.uncontested, outcome.winners) == (False, (2,))  # it went to a showdown: contested (section 5)
    assert [(share.seat, share.amount) for share in outcome.payouts] == [(1, 0), (2, 30)]


ALL_IN_CALL = CHECKED_DOWN[:-2] + ("s2 bet", "s1 call")
"""s1 calls all-in for 40 of s2's 80 on 7th street: every live hand is tabled at once."""


def test_a_muck_where_every_hand_is_tabled_is_refused_naming_the_seat():
    with pytest.raises(IllegalActionError) as refusal:
        replay(heads_up(*ALL_IN_CALL, stacks={1: 55}, mucked={2}))
    assert (refusal.value.path, tuple(refusal.value.citation)) == ("players[1].mucked", ("§5", "TDA 16"))
    assert refusal.value.message == ("seat 2 may not muck: seat 1 is all-in and the betting is over, so every live "
                                     "hand is tabled at once")


def test_a_muck_a_history_records_there_concedes_and_still_gets_its_uncalled_bet_back():
    hand = replace(heads_up(*ALL_IN_CALL, stacks={1: 55}, mucked={2}), mucks_as_written=True)
    state = replay(hand)
    assert [(pot.amount, pot.eligible) for pot in pots_so_far(hand, state)] == [(110, (1,)), (40, (2,))]
    assert [(share.seat, share.amount) for share in settle(hand, state).payouts] == [(1, 110), (2, 40)]


def test_a_mucked_hand_needs_no_cards():
    hand = table({1: "Kd 3d 4d 5d", 2: "2h Qh Jh Th"}, *CHECKED_DOWN, down={2: "7c 8c 9c"}, mucked={1}).snapshot()
    assert result(hand).winners == (2,)


def third_street(*actions, mucked=()):
    """The same seats on 3rd street."""
    return table({1: "Kd", 2: "2h"}, *actions, mucked=mucked).snapshot()


@pytest.mark.parametrize(("hand", "path", "reason"), [
    (third_street("s1 bring_in", mucked={2}), "players[1].mucked", "seat 2 mucks, but the hand is in its betting"),
    (third_street("s1 bring_in", "s2 fold", mucked={2}), "players[1].mucked", "seat 2 folded: only a live hand"),
    (heads_up(*CHECKED_DOWN, mucked={1, 2}), "players[1].mucked", "every live hand mucked"),
])
def test_only_a_live_hand_mucks_and_only_at_showdown(hand, path, reason):
    with pytest.raises(SnapshotError) as refusal:
        replay(hand)
    assert refusal.value.path == path
    assert reason in refusal.value.message


def test_at_showdown_too_a_muck_needs_a_live_hand_left_to_take_the_pot():
    with pytest.raises(Exception, match="every live hand mucked"):
        showdown(RAZZ_JUDGING, [ShowdownPlayer(1, 50, mucked=True), ShowdownPlayer(2, 50, folded=True)])


def test_a_side_pot_every_contender_mucked_has_nobody_to_take_it():
    players = [ShowdownPlayer(1, 50, cards="As 2s 3s 4s 5s 6s 7s".split()),
               ShowdownPlayer(2, 80, mucked=True), ShowdownPlayer(3, 80, mucked=True)]
    with pytest.raises(Exception, match="every live hand in pot 1 mucked"):
        hands = replayed_hands(RAZZ_JUDGING, players, None, [1, 2, 3])
        award(RAZZ_JUDGING, players, hands, OddChipRule.HIGH_CARD_BY_SUIT_IN_5)


@pytest.mark.parametrize(("players", "seat", "path", "all_in"), [
    ([ShowdownPlayer(1, 50, mucked=True), ShowdownPlayer(2, 80, cards="As 2s 3s 4s 5s 6s 7s".split())],
     1, "players[0].mucked", "seat 1 is"),
    ([ShowdownPlayer(1, 50, cards="As 2s 3s 4s 5s 6s 7s".split()), ShowdownPlayer(3, 80, mucked=True),
      ShowdownPlayer(2, 80, cards="Ad 2d 3d 4d 5d 6d 7d".split()), ShowdownPlayer(4, 20, folded=True)],
     3, "players[1].mucked", "seat 1 is"),
    ([ShowdownPlayer(5, 30, cards="As 2s 3s 4s 5s 6s 7s".split()),
      ShowdownPlayer(1, 50, cards="Ad 2d 3d 4d 5d 6d 7d".split()),
      ShowdownPlayer(3, 80, mucked=True), ShowdownPlayer(4, 80, cards="Ah 2h 3h 4h 5h 6h 7h".split())],
     3, "players[2].mucked", "seats 1 and 5 are"),
])
def test_a_showdown_refuses_a_muck_where_a_live_hand_put_in_less_so_is_all_in(players, seat, path, all_in):
    with pytest.raises(IllegalActionError) as refusal:
        showdown(RAZZ_JUDGING, players)
    assert (refusal.value.path, tuple(refusal.value.citation)) == (path, ("§5", "TDA 16"))
    assert refusal.value.message == (f"seat {seat} may not muck: {all_in} all-in and the betting is over, so every "
                                     "live hand is tabled at once")


def test_a_showdown_where_every_live_hand_put_in_the_same_lets_a_hand_muck():
    players = [ShowdownPlayer(1, 80, mucked=True), ShowdownPlayer(2, 80, cards="As 2s 3s 4s 5s 6s 7s".split()),
               ShowdownPlayer(3, 20, folded=True)]
    outcome = showdown(RAZZ_JUDGING, players)
    assert (outcome.uncontested, outcome.winners, outcome.payouts[1].amount) == (False, (2,), 180)


def test_the_hand_left_when_the_others_muck_takes_the_pot_unseen():
    hand = table({1: "Kd 3d 4d 5d", 2: "2h Qh Jh Th"}, *CHECKED_DOWN, down={1: "As 2s 6d"}, mucked={1}).snapshot()
    outcome = result(hand)
    assert (outcome.uncontested, outcome.winners) == (False, (2,))
