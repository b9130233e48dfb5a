"""Betting replay: reference sections 1, 2, 3, 4 and 9 test vectors, and snapshot checks."""

import pytest

from service.razz.betting import replay
from service.razz.errors import DuplicateCardError, DuplicateSeatError, IllegalActionError, SnapshotError
from service.razz.limits import Stakes
from service.razz.rules import Rules
from service.razz.snapshot import Action, PlayerIn, Snapshot

STAKES = Stakes(5, 10, 40, 80)


def snapshot(boards, actions=(), stacks=None, stakes=STAKES, rules=Rules(), **extra):
    """A snapshot from {seat: 'up cards'}, actions like 's3 bring_in' or 's1 bet 80', {seat: stack}."""
    players = tuple(PlayerIn(seat, (stacks or {}).get(seat, 1000), tuple(cards.split()))
                    for seat, cards in boards.items())
    parsed = []
    for text in actions:
        seat, kind, *amount = text.split()
        parsed.append(Action(int(seat[1:]), kind, int(amount[0]) if amount else None))
    return Snapshot(stakes, players, tuple(parsed), rules, **extra)


def legal(state):
    """Legal actions as 'type' or 'type to' strings."""
    return [a.type if a.to is None else f"{a.type} {a.to}" for a in state.legal_actions]


def rejected(snap, error=SnapshotError):
    """The error a snapshot raises."""
    with pytest.raises(error) as caught:
        replay(snap)
    return caught.value


DOORS4 = {1: "7c", 2: "Kd", 3: "Ks", 4: "As"}
DOORS8 = {1: "7c", 2: "2d", 3: "Ks", 4: "As", 5: "3c", 6: "4d", 7: "5h", 8: "6s"}


# -- section 1 ---------------------------------------------------------------------------------

def test_s1_example1_bring_in_then_next_seat():
    state = replay(snapshot(DOORS4))
    assert state.to_act == 3 and legal(state) == ["bring_in 10", "complete 40"]
    state = replay(snapshot(DOORS4, ["s3 bring_in"]))
    assert state.to_act == 4 and state.streets[0].opener == 3


def test_s1_example4_bring_in_all_in_for_the_ante():
    state = replay(snapshot(DOORS4 | {4: "Ac"}, stacks={3: 5}))
    assert state.to_act == 4 and legal(state) == ["fold", "bring_in 10", "complete 40"]
    assert state.bring_in_seat == 3 and state.pot == 20
    no_fold = replay(snapshot(DOORS4 | {4: "Ac"}, stacks={3: 5},
                              rules=Rules(allow_fold_when_opening_after_all_in_bring_in=False)))
    assert legal(no_fold) == ["bring_in 10", "complete 40"]


def test_s1_example4_opener_folds_and_the_next_seat_opens():
    state = replay(snapshot(DOORS4 | {4: "Ac"}, ["s4 fold"], stacks={3: 5}))
    assert state.to_act == 1 and legal(state) == ["fold", "bring_in 10", "complete 40"]


def test_s1_example5_short_bring_in_others_call_the_full_bring_in():
    state = replay(snapshot(DOORS4 | {4: "Ac"}, ["s3 bring_in"], stacks={3: 12}))
    assert [(p.seat, p.committed_street, p.all_in) for p in state.players if p.seat == 3] == [(3, 7, True)]
    assert legal(state) == ["fold", "call 10", "complete 40"]
    posted = replay(snapshot(DOORS4 | {4: "Ac"}, ["s3 bring_in"], stacks={3: 12},
                             rules=Rules(short_bring_in_call_amount="posted_amount")))
    assert legal(posted) == ["fold", "call 7", "complete 40"]


# -- section 2 ---------------------------------------------------------------------------------

def test_s2_example1_facing_the_bring_in():
    state = replay(snapshot(DOORS4, ["s3 bring_in"]))
    assert legal(state) == ["fold", "call 10", "complete 40"]
    error = rejected(snapshot(DOORS4, ["s3 bring_in", "s4 raise 20"]))
    assert error.path == "actions[1]" and "seat 4 may not raise" in error.message


def test_s2_example2_cap_after_completion_and_three_raises():
    actions = ["s3 bring_in", "s4 complete", "s5 raise", "s6 raise", "s7 raise"]
    state = replay(snapshot(DOORS8, actions))
    assert state.to_act == 8 and legal(state) == ["fold", "call 160"] and state.capped
    error = rejected(snapshot(DOORS8, actions + ["s8 raise"]))
    assert str(error) == "actions[5]: seat 8 may not raise: the betting is capped"
    four = replay(snapshot(DOORS8, actions, rules=Rules(max_raises_after_bet=4)))
    assert legal(four) == ["fold", "call 160", "raise 200"]


@pytest.mark.parametrize("mode, uncapped", [
    ("any_time_before_cap", True), ("round_starts_heads_up", False), ("never", False),
])
def test_s2_example3_heads_up_before_the_cap(mode, uncapped):
    actions = ["s3 bring_in", "s4 complete", "s5 raise", "s3 fold", "s4 raise", "s5 raise"]
    state = replay(snapshot({3: "Ks", 4: "2c", 5: "3c"}, actions, rules=Rules(heads_up_uncap=mode)))
    assert ("raise 200" in legal(state)) is uncapped
    if uncapped:
        state = replay(snapshot({3: "Ks", 4: "2c", 5: "3c"}, actions + ["s4 raise", "s5 raise", "s4 raise"],
                                rules=Rules(heads_up_uncap=mode)))
        assert legal(state) == ["fold", "call 280", "raise 320"]


def test_s2_round_starts_heads_up_lifts_the_cap():
    actions = ["s3 bring_in", "s4 complete", "s3 raise", "s4 raise", "s3 raise"]
    state = replay(snapshot({3: "Ks", 4: "2c"}, actions, rules=Rules(heads_up_uncap="round_starts_heads_up")))
    assert legal(state) == ["fold", "call 160", "raise 200"]


def test_s2_capped_round_stays_capped_after_a_fold():
    actions = ["s3 bring_in", "s4 complete", "s5 raise", "s6 raise", "s3 raise", "s4 fold"]
    state = replay(snapshot({3: "Ks", 4: "2c", 5: "3c", 6: "4c"}, actions,
                            rules=Rules(heads_up_uncap="any_time_before_cap")))
    assert legal(state) == ["fold", "call 160"]


def test_s2_example4_everyone_calls_the_bring_in_round_over():
    state = replay(snapshot(DOORS8 | {1: "7c"}, ["s3 bring_in", "s4 call", "s5 call", "s6 call", "s7 call",
                                                  "s8 call", "s1 call", "s2 call"]))
    assert state.phase == "dealing" and state.to_act is None and state.street == 3
    state = replay(snapshot({3: "Ks", 4: "As", 5: "3c", 6: "4d"}, ["s3 bring_in", "s4 call", "s5 call", "s6 call"]))
    assert state.phase == "dealing" and state.pot == 60


def test_s2_bring_in_not_counted_as_acted_gets_an_option():
    rules = Rules(bring_in_counts_as_acted=False)
    state = replay(snapshot({3: "Ks", 4: "As", 5: "3c"}, ["s3 bring_in", "s4 call", "s5 call"], rules=rules))
    assert state.to_act == 3 and legal(state) == ["check", "complete 40"]


def test_s2_completion_gives_the_bring_in_call_difference():
    state = replay(snapshot({3: "Ks", 4: "As", 5: "3c"}, ["s3 bring_in", "s4 complete", "s5 call"]))
    assert state.to_act == 3 and legal(state) == ["fold", "call 40", "raise 80"]
    assert state.legal_actions[1].amount == 30


# -- section 3 ---------------------------------------------------------------------------------

THIRD_CALLED = ["s3 bring_in", "s4 call", "s5 call", "s6 call"]


def test_s3_example1_fourth_street_tie_in_the_replay():
    boards = {1: "6d 2c", 3: "Ks 9c", 5: "7c Ad", 6: "6s 2h"}
    actions = ["s3 bring_in", "s5 call", "s6 call", "s1 call"]
    assert replay(snapshot(boards, actions)).to_act == 1
    assert replay(snapshot(boards, actions, rules=Rules(later_street_tie_break="high_card_by_suit"))).to_act == 6


def test_s3_example4_seventh_street_opener_is_sixth_streets():
    boards = {2: "9c 7d 4h 4s", 6: "Kc Qd Jh Ts", 7: "Qs Qh Qc 8c"}
    third = ["s6 bring_in", "s7 call", "s2 call"]
    checks = ["s6 check", "s7 check", "s2 check"]
    fourth_fifth = ["s2 check", "s6 check", "s7 check"] * 2
    state = replay(snapshot(boards, third + fourth_fifth + checks))
    assert state.street == 7 and state.to_act == 6
    assert [s.opener for s in state.streets] == [6, 2, 2, 6, 6]


def test_s3_example4_all_in_lowest_board_passes_clockwise():
    boards = {2: "9c 7d 4h 4s", 6: "Kc Qd Jh Ts", 7: "Qs Qh Qc 8c"}
    actions = ["s6 bring_in", "s7 call", "s2 call", "s2 check", "s6 check", "s7 check",
               "s2 bet", "s6 call", "s7 call", "s6 bet", "s7 call", "s2 call"]
    state = replay(snapshot(boards, actions, stacks={6: 175}))
    assert state.street == 7 and state.to_act == 7
    assert [p.all_in for p in state.players] == [False, True, False]


def test_s3_example5_open_pair_on_fourth_street_bets_the_small_bet_only():
    boards = {3: "Ks Kh", 4: "5c 5d", 5: "Qd Qc"}
    state = replay(snapshot(boards, ["s3 bring_in", "s4 call", "s5 call"]))
    assert state.to_act == 4 and legal(state) == ["check", "bet 40"]


# -- section 4 ---------------------------------------------------------------------------------

FIFTH = {1: "2c Ad 3h", 2: "3c 6d 7h", 3: "4c 8d 9h", 4: "Kc Qd Jh"}
TO_FIFTH = ["s4 bring_in", "s1 call", "s2 call", "s3 call", "s1 check", "s2 check", "s3 check", "s4 check"]


def test_s4_example1_short_allin_under_half_bet_does_not_reopen():
    base = TO_FIFTH + ["s1 bet 80", "s2 call", "s3 raise 110"]
    state = replay(snapshot(FIFTH, base, stacks={3: 125}))
    assert state.to_act == 4 and legal(state) == ["fold", "call 110", "complete 160"]
    assert state.street_bet == 80 and state.highest_bet == 110 and state.raises == 0
    called = replay(snapshot(FIFTH, base + ["s4 call"], stacks={3: 125}))
    assert called.to_act == 1 and legal(called) == ["fold", "call 110"]
    assert called.legal_actions[1].amount == 30
    error = rejected(snapshot(FIFTH, base + ["s4 call", "s1 raise"], stacks={3: 125}))
    assert error.message == ("seat 1 may not raise: it has acted and the betting has not been reopened "
                             "by a full bet or raise")
    completed = replay(snapshot(FIFTH, base + ["s4 complete 160"], stacks={3: 125}))
    assert completed.to_act == 1 and legal(completed) == ["fold", "call 160", "raise 240"]


def test_s4_example2_allin_half_bet_reopens():
    base = TO_FIFTH + ["s1 bet 80", "s2 call", "s3 raise 125"]
    state = replay(snapshot(FIFTH, base, stacks={3: 140}))
    assert legal(state) == ["fold", "call 125", "raise 205"] and state.raises == 1
    called = replay(snapshot(FIFTH, base + ["s4 call"], stacks={3: 140}))
    assert called.to_act == 1 and legal(called) == ["fold", "call 125", "raise 205"]
    assert [a.amount for a in called.legal_actions[1:]] == [45, 125]


def test_s4_example2_full_bet_threshold_does_not_reopen():
    base = TO_FIFTH + ["s1 bet 80", "s2 call", "s3 raise 125", "s4 call"]
    state = replay(snapshot(FIFTH, base, stacks={3: 140}, rules=Rules(short_allin_threshold="full_bet")))
    assert legal(state) == ["fold", "call 125"]


def test_s4_example3_third_street_allin_three_of_four_is_a_full_bet():
    stakes = Stakes(0, 1, 4)
    boards = {3: "Ks", 4: "2c", 5: "3c"}
    state = replay(snapshot(boards, ["s3 bring_in", "s4 complete"], stacks={4: 3}, stakes=stakes))
    assert state.to_act == 5 and legal(state) == ["fold", "call 3", "raise 7"]
    state = replay(snapshot(boards, ["s3 bring_in", "s4 complete", "s5 call"], stacks={4: 3}, stakes=stakes))
    assert state.to_act == 3 and legal(state) == ["fold", "call 3", "raise 7"]
    assert state.legal_actions[1].amount == 2


def test_s4_example4_third_street_allin_below_half_is_not_a_bet():
    stakes = Stakes(0, 2, 8)
    boards = {1: "Ks", 2: "2c", 3: "3c"}
    state = replay(snapshot(boards, ["s1 bring_in", "s2 complete"], stacks={2: 3}, stakes=stakes))
    assert legal(state) == ["fold", "call 3", "complete 8"]
    state = replay(snapshot(boards, ["s1 bring_in", "s2 complete", "s3 call"], stacks={2: 3}, stakes=stakes))
    assert state.to_act == 1 and legal(state) == ["fold", "call 3"]


@pytest.mark.parametrize("base, expected", [
    ("total_vs_small_bet", ["fold", "call 2", "raise 6"]),
    ("increment_over_bring_in", ["fold", "call 2", "complete 4"]),
])
def test_s4_example4_boundary_separates_the_readings(base, expected):
    state = replay(snapshot({1: "Ks", 2: "2c", 3: "3c"}, ["s1 bring_in", "s2 complete"], stacks={2: 2},
                            stakes=Stakes(0, 1, 4), rules=Rules(third_street_half_bet_base=base)))
    assert legal(state) == expected


def test_s4_short_allin_raise_is_offered_all_in():
    state = replay(snapshot(FIFTH, TO_FIFTH + ["s1 bet 80", "s2 call"], stacks={3: 125}))
    raise_action = state.legal_actions[-1]
    assert (raise_action.type, raise_action.amount, raise_action.to, raise_action.all_in) == ("raise", 110, 110, True)


# -- section 9 ---------------------------------------------------------------------------------

FOURTH = {seat: " ".join(cards.split()[:2]) for seat, cards in FIFTH.items()}


def test_s9_later_street_no_bet_check_or_bet_and_fold_option():
    state = replay(snapshot(FOURTH, TO_FIFTH[:4]))
    assert state.street == 4 and state.to_act == 1 and legal(state) == ["check", "bet 40"]
    state = replay(snapshot(FOURTH, TO_FIFTH[:4], rules=Rules(fold_when_no_bet=True)))
    assert legal(state) == ["fold", "check", "bet 40"]
    error = rejected(snapshot(FOURTH, TO_FIFTH[:4] + ["s1 fold"]))
    assert "fold_when_no_bet" in error.message


def test_s9_short_stack_calls_all_in():
    state = replay(snapshot(FIFTH, TO_FIFTH + ["s1 bet 80", "s2 call"], stacks={3: 60}))
    call = state.legal_actions[1]
    assert legal(state) == ["fold", "call 45"] and call.all_in and call.amount == 45


def test_s9_betting_ends_when_one_player_can_act():
    state = replay(snapshot(FIFTH, TO_FIFTH + ["s1 bet 80", "s2 fold", "s3 call", "s4 fold"], stacks={3: 95}))
    assert state.phase == "showdown" and state.to_act is None and state.legal_actions == ()
    error = rejected(snapshot(FIFTH, TO_FIFTH + ["s1 bet 80", "s2 fold", "s3 call", "s4 fold", "s1 check"],
                              stacks={3: 95}))
    assert error.message == "seat 1 may not act: the betting is over"


def test_s9_showdown_streets_advance_as_the_cards_show():
    boards = {1: "2c Ad 3h 4s", 3: "4c 8d 9h 5s", 2: "3c 6d 7h", 4: "Kc Qd Jh"}
    state = replay(snapshot(boards, TO_FIFTH + ["s1 bet 80", "s2 fold", "s3 call", "s4 fold"], stacks={3: 95}))
    assert state.phase == "showdown" and state.street == 7
    assert [s.opener for s in state.streets] == [4, 1, 1, None, None]


def test_s9_uncontested_pot():
    state = replay(snapshot(DOORS4, ["s3 bring_in", "s4 complete", "s1 fold", "s2 fold", "s3 fold"]))
    assert state.phase == "complete" and state.winner == 4 and state.pot == 70


def test_s9_out_of_turn_is_rejected():
    error = rejected(snapshot(DOORS4, ["s4 bring_in"]))
    assert str(error) == "actions[0]: seat 4 may not act: it is seat 3's turn"


def test_wrong_amount_is_rejected():
    error = rejected(snapshot(DOORS4, ["s3 bring_in", "s4 complete 30"]))
    assert str(error) == "actions[1]: seat 4's complete adds 40 chips, not 30"


def test_state_fields_after_a_full_round():
    state = replay(snapshot(DOORS4, ["s3 bring_in", "s4 complete", "s1 call", "s2 fold", "s3 call"]))
    assert (state.street, state.phase, state.pot, state.street_bet, state.raises) == (3, "dealing", 140, 40, 0)
    assert [(p.seat, p.stack, p.committed_total, p.folded) for p in state.players] == [
        (1, 955, 45, False), (2, 995, 5, True), (3, 955, 45, False), (4, 955, 45, False)]
    third = state.streets[0]
    assert (third.opener, third.first_aggressor, third.last_aggressor) == (3, 4, 4)
    assert [a.amount for a in third.actions] == [10, 40, 40, None, 30]


def test_ante_all_in_for_less_than_the_ante():
    state = replay(snapshot(DOORS4, stacks={1: 3}))
    assert state.pot == 18 and state.players[0].all_in and state.players[0].committed_total == 3


# -- snapshot checks -----------------------------------------------------------------------------

@pytest.mark.parametrize("boards, actions, extra, path", [
    ({1: "7c", 2: "Kd"}, [], {"community_card": "2d"}, "community_card"),
    ({1: "7c 2c", 2: "Kd"}, [], {}, "players[0].up_cards"),
    ({1: "7c", 2: "Kd", 3: "Qd"}, ["s2 bring_in", "s3 call", "s1 call", "s2 check"], {}, "players[0].up_cards"),
])
def test_impossible_snapshots_name_the_field(boards, actions, extra, path):
    assert rejected(snapshot(boards, actions, **extra)).path == path


@pytest.mark.parametrize("boards, community_card, card, path, first_seen", [
    ({1: "7c", 2: "7c"}, None, "7c", "players[1].up_cards[0]", "players[0].up_cards[0]"),
    ({1: "7c", 2: "Kd 2s"}, "2s", "2s", "community_card", "players[1].up_cards[1]"),
])
def test_a_card_dealt_twice_names_both_places(boards, community_card, card, path, first_seen):
    error = rejected(snapshot(boards, community_card=community_card), DuplicateCardError)
    assert (error.card, error.path, error.first_seen, error.kind) == (card, path, first_seen, "duplicate-card")


@pytest.mark.parametrize("actions, path", [
    (["s5 call"], "actions[0].seat"),
    (["s1 bring_in"], "actions[0]"),
    (["s2 bring_in 20"], "actions[0]"),
    (["s2 bring_in", "s1 fold", "s2 check"], "actions[2]"),
])
def test_actions_the_rules_do_not_allow_are_illegal_actions(actions, path):
    error = rejected(snapshot({1: "7c", 2: "Kd"}, actions), IllegalActionError)
    assert (error.path, error.kind) == (path, "illegal-action")


@pytest.mark.parametrize("actions, path", [
    (["s1 call", "s9 call"], "actions[0]"),
    (["s2 bring_in", "s1 fold", "s9 call"], "actions[2].seat"),
])
def test_the_first_action_that_cannot_be_played_is_named(actions, path):
    """An action is checked when its turn comes: a fault further on waits for the ones before to play."""
    error = rejected(snapshot({1: "7c", 2: "Kd"}, actions), IllegalActionError)
    assert error.path == path


def test_a_seat_taken_twice_names_both_players():
    players = (PlayerIn(2, 1000, ("7c",)), PlayerIn(2, 1000, ("Kd",)))
    error = rejected(Snapshot(STAKES, players), DuplicateSeatError)
    assert str(error) == "players[1].seat: seat 2 appears more than once (also at players[0].seat)"
    assert error.kind == "duplicate-seat"


def test_too_many_players_for_max_players():
    assert rejected(snapshot(DOORS4, rules=Rules(max_players=3))).path == "players"


def test_folded_player_cannot_show_later_cards():
    assert replay(snapshot({1: "7c 2c", 2: "Kd 3d", 3: "Qd"}, ["s2 bring_in", "s3 fold", "s1 call"])).street == 4
    boards = {1: "7c 2c", 2: "Kd 3d", 3: "Qd 4h"}
    assert rejected(snapshot(boards, ["s2 bring_in", "s3 fold", "s1 call"])).path == "players[2].up_cards"


def test_community_card_on_seventh_street_with_eight_players():
    boards = {seat: f"{r}c {r}d {r}h {r}s" for seat, r in zip(range(1, 9), "A2345678", strict=True)}
    boards[8] = "Kc Kd Kh Ks"
    actions = ["s8 bring_in"] + [f"s{s} call" for s in range(1, 8)]
    for _street in range(4, 7):
        actions += [f"s{s} check" for s in range(1, 9)]
    state = replay(snapshot(boards, actions, community_card="Qs"))
    assert state.street == 7 and state.community_card_allowed and state.to_act == 1
