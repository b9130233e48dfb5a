"""Betting replay: what the reference states without a worked example, the state a replay reports, snapshot checks.

The reference's worked examples of sections 1-4 and 9 are asserted once, in test_reference_examples.py.
"""

import pytest

from service.stud_family.betting import replay
from service.stud_family.errors import DuplicateCardError, DuplicateSeatError, IllegalActionError, SnapshotError
from tests.tables import legal, player, replayed, snapshot_of, table

DOORS4 = {1: "7c", 2: "Kd", 3: "Ks", 4: "As"}


def rejected(snap, error=SnapshotError):
    """The error a snapshot raises."""
    with pytest.raises(error) as caught:
        replay(snap)
    return caught.value


# -- section 2: what its defaults say beyond the examples ---------------------------------------------

def test_s2_round_starts_heads_up_lifts_the_cap():
    state = replayed(table({3: "Ks", 4: "2c"}, "s3 bring_in", "s4 complete", "s3 raise", "s4 raise", "s3 raise",
                           rules={"heads_up_uncap": "round_starts_heads_up"}))
    assert legal(state) == ["fold", "call 160", "raise 200"]


def test_s2_capped_round_stays_capped_after_a_fold():
    state = replayed(table({3: "Ks", 4: "2c", 5: "3c", 6: "4c"}, "s3 bring_in", "s4 complete", "s5 raise",
                           "s6 raise", "s3 raise", "s4 fold", rules={"heads_up_uncap": "any_time_before_cap"}))
    assert legal(state) == ["fold", "call 160"]


def test_s2_bring_in_not_counted_as_acted_gets_an_option():
    state = replayed(table({3: "Ks", 4: "As", 5: "3c"}, "s3 bring_in", "s4 call", "s5 call",
                           rules={"bring_in_counts_as_acted": False}))
    assert state.to_act == 3 and legal(state) == ["check", "complete 40"]


# -- amounts and the state a replay reports -------------------------------------------------------------

def test_wrong_amount_is_rejected():
    error = rejected(table(DOORS4, "s3 bring_in", "s4 complete 30").snapshot())
    assert str(error) == "actions[1]: seat 4's complete adds 40 chips, not 30"


def test_state_fields_after_a_full_round():
    state = replayed(table(DOORS4, "s3 bring_in", "s4 complete", "s1 call", "s2 fold", "s3 call"))
    assert (state.street, state.phase, state.pot, state.street_bet, state.raises) == (3, "dealing", 140, 40, 0)
    assert [(p.seat, p.stack, p.committed_total, p.folded) for p in state.players] == [
        (1, 955, 45, False), (2, 995, 5, True), (3, 955, 45, False), (4, 955, 45, False)]
    third = state.streets[0]
    assert (third.opener, third.first_aggressor, third.last_aggressor) == (3, 4, 4)
    assert [a.amount for a in third.actions] == [10, 40, 40, None, 30]


def test_ante_all_in_for_less_than_the_ante():
    state = replayed(table(DOORS4, stacks={1: 3}))
    assert state.pot == 18 and state.players[0].all_in and state.players[0].committed_total == 3


# -- snapshot checks -----------------------------------------------------------------------------

@pytest.mark.parametrize("boards, actions, extra, path", [
    ({1: "7c", 2: "Kd"}, [], {"community_card": "2d"}, "community_card"),
    ({1: "7c 2c", 2: "Kd"}, [], {}, "players[0].up_cards"),
    ({1: "7c", 2: "Kd", 3: "Qd"}, ["s2 bring_in", "s3 call", "s1 call", "s2 check"], {}, "players[0].up_cards"),
])
def test_impossible_snapshots_name_the_field(boards, actions, extra, path):
    assert rejected(table(boards, *actions, **extra).snapshot()).path == path


@pytest.mark.parametrize("boards, community_card, card, path, first_seen", [
    ({1: "7c", 2: "7c"}, None, "7c", "players[1].up_cards[0]", "players[0].up_cards[0]"),
    ({1: "7c", 2: "Kd 2s"}, "2s", "2s", "community_card", "players[1].up_cards[1]"),
])
def test_a_card_dealt_twice_names_both_places(boards, community_card, card, path, first_seen):
    error = rejected(table(boards, community_card=community_card).snapshot(), DuplicateCardError)
    assert (error.card, error.path, error.first_seen, error.kind) == (card, path, first_seen, "duplicate-card")


@pytest.mark.parametrize("actions, path", [
    (["s5 call"], "actions[0].seat"),
    (["s1 bring_in"], "actions[0]"),
    (["s2 bring_in 20"], "actions[0]"),
    (["s2 bring_in", "s1 fold", "s2 check"], "actions[2]"),
])
def test_actions_the_rules_do_not_allow_are_illegal_actions(actions, path):
    error = rejected(table({1: "7c", 2: "Kd"}, *actions).snapshot(), IllegalActionError)
    assert (error.path, error.kind) == (path, "illegal-action")


FULL_BRING_IN = {"ante": 5, "bring_in": 40, "small_bet": 40, "big_bet": 80}
"""Stakes whose bring-in is the small bet: section 1 says "complete" does not exist then."""


def test_a_bring_in_of_the_small_bet_is_the_rounds_bet_so_the_next_increase_is_a_raise():
    state = replayed(table({1: "7c", 3: "Ks", 4: "As"}, "s3 bring_in", stakes=FULL_BRING_IN))
    assert legal(state) == ["fold", "call 40", "raise 80"]


def test_a_bring_in_of_the_small_bet_leaves_three_raises_to_the_cap():
    state = replayed(table({1: "7c", 3: "Ks", 4: "As"}, "s3 bring_in", "s4 raise", "s1 raise", "s3 raise",
                           stakes=FULL_BRING_IN))
    assert legal(state) == ["fold", "call 160"]


@pytest.mark.parametrize(("call_amount", "legal_actions"), [
    ("full_bring_in", ["fold", "call 40", "raise 80"]),
    ("posted_amount", ["fold", "call 20", "complete 40"]),
])
def test_a_short_bring_in_of_the_small_bet_is_the_bet_when_a_call_must_reach_it(call_amount, legal_actions):
    state = replayed(table({1: "7c", 3: "Ks", 4: "As"}, "s3 bring_in", stakes=FULL_BRING_IN, stacks={3: 25},
                           rules={"short_bring_in_call_amount": call_amount}))
    assert legal(state) == legal_actions


def test_a_cap_of_one_raise_is_said_in_the_singular():
    error = rejected(table({3: "Ks", 4: "2c", 5: "3c"}, "s3 bring_in", "s4 complete", "s5 raise", "s3 raise",
                           rules={"max_raises_after_bet": 1}).snapshot(), IllegalActionError)
    assert str(error) == "actions[3]: seat 3 may not raise: the betting is capped: a bet and 1 raise on 3rd street"


@pytest.mark.parametrize("stakes, stacks, reason", [
    ({"ante": 5, "bring_in": 40, "small_bet": 40, "big_bet": 80}, {}, "the bring-in is the small bet itself"),
    ({"ante": 5, "bring_in": 10, "small_bet": 40, "big_bet": 80}, {2: 15}, "its chips go no further than the bring-in"),
])
def test_a_completion_that_does_not_exist_names_why(stakes, stacks, reason):
    error = rejected(table({1: "7c", 2: "Kd"}, "s2 complete", stakes=stakes, stacks=stacks).snapshot(),
                     IllegalActionError)
    assert error.path == "actions[0]"
    assert str(error) == f"actions[0]: seat 2 may not complete: {reason}, so there is nothing to complete"


@pytest.mark.parametrize("actions, path", [
    (["s1 call", "s9 call"], "actions[0]"),
    (["s2 bring_in", "s1 fold", "s9 call"], "actions[2].seat"),
])
def test_the_first_action_that_cannot_be_played_is_named(actions, path):
    """An action is checked when its turn comes: a fault further on waits for the ones before to play."""
    error = rejected(table({1: "7c", 2: "Kd"}, *actions).snapshot(), IllegalActionError)
    assert error.path == path


def test_a_seat_taken_twice_names_both_players():
    error = rejected(snapshot_of((player(2, "7c"), player(2, "Kd"))), DuplicateSeatError)
    assert str(error) == "players[1].seat: seat 2 appears more than once (also at players[0].seat)"
    assert error.kind == "duplicate-seat"


def test_too_many_players_for_max_players():
    assert rejected(table(DOORS4, rules={"max_players": 3}).snapshot()).path == "players"


def test_folded_player_cannot_show_later_cards():
    assert replayed(table({1: "7c 2c", 2: "Kd 3d", 3: "Qd"}, "s2 bring_in", "s3 fold", "s1 call")).street == 4
    showing = table({1: "7c 2c", 2: "Kd 3d", 3: "Qd 4h"}, "s2 bring_in", "s3 fold", "s1 call")
    assert rejected(showing.snapshot()).path == "players[2].up_cards"


def test_community_card_on_seventh_street_with_eight_players():
    boards = {seat: f"{r}c {r}d {r}h {r}s" for seat, r in zip(range(1, 9), "A2345678", strict=True)}
    boards[8] = "Kc Kd Kh Ks"
    actions = ["s8 bring_in"] + [f"s{s} call" for s in range(1, 8)]
    for _street in range(4, 7):
        actions += [f"s{s} check" for s in range(1, 9)]
    state = replayed(table(boards, *actions, community_card="Qs"))
    assert state.street == 7 and state.community_card_allowed and state.to_act == 1
