"""Rules reference sections 1-4 and 9: every worked example, through HTTP.

Bring-in (POST /v1/bring-in), first to act (POST /v1/first-to-act) and the betting replay
(POST /v1/legal-actions, POST /v1/table/state); structure 5/10/40/80 unless an example says otherwise.
"""

import pytest

from .table_helpers import (
    action_of,
    assert_action_problem,
    legal,
    post_ok,
    snapshot,
)

DOORS4 = {1: "7c", 2: "Kd", 3: "Ks", 4: "As"}
DOORS8 = {1: "7c", 2: "2d", 3: "Ks", 4: "As", 5: "3c", 6: "4d", 7: "5h", 8: "6s"}
STAKES_NO_BIG = {"ante": 5, "bring_in": 10, "small_bet": 40}


def bring_in(client, doors, stacks=None, stakes=STAKES_NO_BIG):
    """POST /v1/bring-in for {seat: door card}, with stacks when given."""
    players = []
    for seat, card in doors.items():
        player = {"seat": seat, "door_card": card}
        if stacks and seat in stacks:
            player["stack"] = stacks[seat]
        players.append(player)
    body = {"players": players}
    if stakes is not None:
        body["stakes"] = stakes
    return post_ok(client, "/v1/bring-in", body)


def first_to_act(client, street, boards, all_in=(), folded=(), rules=None):
    """POST /v1/first-to-act for {seat: 'up cards'}."""
    players = [{"seat": seat, "up_cards": cards.split(), "all_in": seat in all_in, "folded": seat in folded}
               for seat, cards in boards.items()]
    body = {"street": street, "players": players}
    if rules is not None:
        body["rules"] = rules
    return post_ok(client, "/v1/first-to-act", body)


def state(client, boards, *acts, **kwargs):
    """POST /v1/legal-actions for a snapshot; the answer."""
    return post_ok(client, "/v1/legal-actions", snapshot(boards, *acts, **kwargs))


def rejected(client, boards, *acts, **kwargs):
    """POST /v1/legal-actions for a snapshot the service must refuse; the response."""
    return client.post("/v1/legal-actions", json=snapshot(boards, *acts, **kwargs))


# -- section 1: bring-in -------------------------------------------------------------------------

def test_s1_example1_king_of_spades_brings_in_then_s4_acts(client):
    answer = bring_in(client, DOORS4)
    assert answer == {"seat": 3, "card": "Ks", "tie_broken_by_suit": True, "opener": 3, "amount": 10}
    opened = state(client, DOORS4)
    assert (opened["to_act"], opened["bring_in_seat"]) == (3, 3)
    assert state(client, DOORS4, "s3 bring_in")["to_act"] == 4


def test_s1_example2_queen_of_hearts_over_queen_of_clubs(client):
    answer = bring_in(client, {1: "Qh", 2: "Qc", 3: "Js"}, stakes=None)
    assert answer == {"seat": 1, "card": "Qh", "tie_broken_by_suit": True, "opener": 1, "amount": None}


def test_s1_example3_ace_of_spades_is_the_highest_ace(client):
    answer = bring_in(client, {1: "Ac", 2: "Ad", 3: "Ah", 4: "As"})
    assert (answer["seat"], answer["card"], answer["tie_broken_by_suit"]) == (4, "As", True)


def test_s1_example4_bring_in_all_in_for_the_ante(client):
    doors = DOORS4 | {4: "Ac"}
    assert bring_in(client, doors, stacks={3: 5}) == {
        "seat": 3, "card": "Ks", "tie_broken_by_suit": True, "opener": 4, "amount": 0}
    answer = state(client, doors, stacks={3: 5})
    assert answer["to_act"] == 4 and answer["phase"] == "betting"
    assert legal(answer) == ["fold", "bring_in 10", "complete 40"]
    assert "check" not in legal(answer)


def test_s1_example4_pokerkit_variant_offers_no_fold(client):
    rules = {"allow_fold_when_opening_after_all_in_bring_in": False}
    answer = state(client, DOORS4 | {4: "Ac"}, stacks={3: 5}, rules=rules)
    assert legal(answer) == ["bring_in 10", "complete 40"]
    response = rejected(client, DOORS4 | {4: "Ac"}, "s4 fold", stacks={3: 5}, rules=rules)
    assert_action_problem(response, 0, "seat 4")


def test_s1_example5_short_bring_in_others_call_the_full_bring_in(client):
    doors = DOORS4 | {4: "Ac"}
    assert bring_in(client, doors, stacks={3: 12})["amount"] == 7
    answer = state(client, doors, "s3 bring_in", stacks={3: 12})
    seat3 = next(p for p in answer["players"] if p["seat"] == 3)
    assert (seat3["committed_street"], seat3["stack"], seat3["all_in"]) == (7, 0, True)
    assert legal(answer) == ["fold", "call 10", "complete 40"]
    assert action_of(answer, "call")["amount"] == 10


def test_s1_example5_side_pot_of_three_from_every_caller(client):
    answer = post_ok(client, "/v1/table/state",
                     snapshot(DOORS4 | {4: "Ac"}, "s3 bring_in", "s4 call", "s1 call", "s2 call", stacks={3: 12}))
    assert answer["phase"] == "dealing"
    assert answer["pots"] == [{"amount": 48, "eligible": [1, 2, 3, 4]}, {"amount": 9, "eligible": [1, 2, 4]}]


def test_s1_example5_posted_amount_variant_calls_the_short_amount(client):
    answer = state(client, DOORS4 | {4: "Ac"}, "s3 bring_in", stacks={3: 12},
                   rules={"short_bring_in_call_amount": "posted_amount"})
    assert legal(answer) == ["fold", "call 7", "complete 40"]


# -- section 2: third street after the bring-in; cap; heads-up -------------------------------------

CAP_ACTIONS = ("s3 bring_in", "s4 complete", "s5 raise", "s6 raise", "s7 raise")


def test_s2_example1_facing_the_bring_in(client):
    assert legal(state(client, DOORS4, "s3 bring_in")) == ["fold", "call 10", "complete 40"]


@pytest.mark.parametrize("raise_text", ["s4 raise 20", "s4 raise"])
def test_s2_example1_raise_to_twenty_is_illegal(client, raise_text):
    response = rejected(client, DOORS4, "s3 bring_in", raise_text)
    assert_action_problem(response, 1, "seat 4 may not raise")


def test_s2_example2_default_cap_after_completion_and_three_raises(client):
    answer = state(client, DOORS8, *CAP_ACTIONS)
    assert (answer["to_act"], answer["street_bet"], answer["raises"], answer["capped"]) == (8, 160, 3, True)
    assert legal(answer) == ["fold", "call 160"]
    everyone_after = state(client, DOORS8, *CAP_ACTIONS, "s8 call", "s1 call")
    assert everyone_after["to_act"] == 2 and legal(everyone_after) == ["fold", "call 160"]
    assert_action_problem(rejected(client, DOORS8, *CAP_ACTIONS, "s8 raise"), 5, "seat 8", "capped")


def test_s2_example2_four_raises_lets_s8_raise_to_200(client):
    answer = state(client, DOORS8, *CAP_ACTIONS, rules={"max_raises_after_bet": 4})
    assert legal(answer) == ["fold", "call 160", "raise 200"]
    assert legal(state(client, DOORS8, *CAP_ACTIONS, rules={"preset": "wsop_cash"})) == legal(answer)


HEADS_UP_DOORS = {3: "Ks", 4: "2c", 5: "3c"}
HEADS_UP = ("s3 bring_in", "s4 complete", "s5 raise", "s3 fold")


@pytest.mark.parametrize("mode", ["round_starts_heads_up", "never"])
def test_s2_example3_heads_up_before_the_cap_stays_capped(client, mode):
    rules = {"heads_up_uncap": mode}
    answer = state(client, HEADS_UP_DOORS, *HEADS_UP, "s4 raise", "s5 raise", rules=rules)
    assert (answer["street_bet"], answer["capped"]) == (160, True)
    assert legal(answer) == ["fold", "call 160"]
    response = rejected(client, HEADS_UP_DOORS, *HEADS_UP, "s4 raise", "s5 raise", "s4 raise", rules=rules)
    assert_action_problem(response, 6, "seat 4", "capped")


def test_s2_example3_heads_up_any_time_before_cap_is_unlimited(client):
    rules = {"heads_up_uncap": "any_time_before_cap"}
    answer = state(client, HEADS_UP_DOORS, *HEADS_UP, "s4 raise", "s5 raise", rules=rules)
    assert not answer["capped"] and legal(answer) == ["fold", "call 160", "raise 200"]
    answer = state(client, HEADS_UP_DOORS, *HEADS_UP, "s4 raise", "s5 raise", "s4 raise", "s5 raise", rules=rules)
    assert legal(answer) == ["fold", "call 240", "raise 280"]


def test_s2_example4_everyone_calls_the_bring_in_and_the_round_ends(client):
    answer = state(client, {3: "Ks", 4: "As", 5: "3c", 6: "4d"}, "s3 bring_in", "s4 call", "s5 call", "s6 call")
    assert (answer["street"], answer["phase"], answer["to_act"], answer["legal_actions"]) == (3, "dealing", None, [])
    assert answer["pot"] == 60


def test_s2_completion_gives_the_bring_in_the_difference(client):
    """The reference's note under section 2's default: call 30 more, raise, or fold."""
    answer = state(client, {3: "Ks", 4: "As", 5: "3c"}, "s3 bring_in", "s4 complete", "s5 call")
    assert answer["to_act"] == 3 and legal(answer) == ["fold", "call 40", "raise 80"]
    assert action_of(answer, "call")["amount"] == 30


# -- section 3: first to act on 4th-7th street ------------------------------------------------------

EXAMPLE1_BOARDS = {1: "6d 2c", 3: "6s 2h", 5: "7c Ad"}


def test_s3_example1_tie_goes_to_position(client):
    answer = first_to_act(client, 4, EXAMPLE1_BOARDS)
    assert (answer["seat"], answer["showing"], answer["tied_with"]) == (1, "6-2", [3])


def test_s3_example1_tie_by_high_card_by_suit(client):
    answer = first_to_act(client, 4, EXAMPLE1_BOARDS, rules={"later_street_tie_break": "high_card_by_suit"})
    assert (answer["seat"], answer["showing"], answer["tied_with"]) == (3, "6-2", [1])
    assert first_to_act(client, 4, EXAMPLE1_BOARDS, rules={"preset": "tda_tournament"})["seat"] == 3


@pytest.mark.parametrize("rules, opener", [(None, 1), ({"later_street_tie_break": "high_card_by_suit"}, 6)])
def test_s3_example1_tie_in_the_betting_replay(client, rules, opener):
    boards = {1: "6d 2c", 3: "Ks 9c", 5: "7c Ad", 6: "6s 2h"}
    answer = state(client, boards, "s3 bring_in", "s5 call", "s6 call", "s1 call", rules=rules)
    assert (answer["street"], answer["to_act"]) == (4, opener)


def test_s3_example2_no_pair_beats_any_pair(client):
    answer = first_to_act(client, 4, {2: "Kc Kd", 4: "Qh Js", 6: "2d 2h"})
    assert (answer["seat"], answer["showing"], answer["tied_with"]) == (4, "Q-J", [])


def test_s3_example3_second_card_decides(client):
    answer = first_to_act(client, 5, {1: "8c 4d 2h", 2: "8s 5c Ad"})
    assert (answer["seat"], answer["showing"]) == (1, "8-4-2")


SIXTH_BOARDS = {2: "9c 7d 4h 4s", 6: "Kc Qd Jh Ts", 7: "Qs Qh Qc 8c"}


@pytest.mark.parametrize("street", [6, 7])
def test_s3_example4_no_pair_acts_first_on_sixth_and_seventh(client, street):
    answer = first_to_act(client, street, SIXTH_BOARDS)
    assert (answer["seat"], answer["showing"]) == (6, "K-Q-J-T")


def test_s3_example4_all_in_lowest_board_passes_clockwise(client):
    answer = first_to_act(client, 7, SIXTH_BOARDS, all_in=(6,))
    assert (answer["seat"], answer["board_seat"], answer["showing"]) == (7, 6, "K-Q-J-T")


THROUGH_FIFTH = ("s6 bring_in", "s7 call", "s2 call", "s2 check", "s6 check", "s7 check")


def test_s3_example4_seventh_street_opener_in_the_replay(client):
    answer = post_ok(client, "/v1/table/state",
                     snapshot(SIXTH_BOARDS, *THROUGH_FIFTH, "s2 check", "s6 check", "s7 check",
                              "s6 check", "s7 check", "s2 check"))
    assert (answer["street"], answer["to_act"]) == (7, 6)
    assert [street["opener"] for street in answer["streets"]] == [6, 2, 2, 6, 6]


def test_s3_example4_all_in_on_sixth_passes_seventh_clockwise(client):
    answer = state(client, SIXTH_BOARDS, *THROUGH_FIFTH, "s2 bet", "s6 call", "s7 call",
                   "s6 bet", "s7 call", "s2 call", stacks={6: 175})
    assert (answer["street"], answer["to_act"]) == (7, 7)
    assert [p["all_in"] for p in answer["players"]] == [False, True, False]


def test_s3_example5_open_pair_bets_the_small_bet_only(client):
    answer = state(client, {3: "Ks Kh", 4: "5c 5d", 5: "Qd Qc"}, "s3 bring_in", "s4 call", "s5 call")
    assert (answer["street"], answer["to_act"]) == (4, 4)
    assert legal(answer) == ["check", "bet 40"]
    assert action_of(answer, "bet")["amount"] == 40


# -- section 4: limit sizes and short all-ins ----------------------------------------------------

FIFTH = {1: "2c Ad 3h", 2: "3c 6d 7h", 3: "4c 8d 9h", 4: "Kc Qd Jh"}
TO_FIFTH = ("s4 bring_in", "s1 call", "s2 call", "s3 call", "s1 check", "s2 check", "s3 check", "s4 check")
UNDER_HALF = (*TO_FIFTH, "s1 bet 80", "s2 call", "s3 raise 110")
"""Example 1: s3 (stack 125: 110 left on 5th) goes all-in for 110, +30 over the 80 bet."""
HALF = (*TO_FIFTH, "s1 bet 80", "s2 call", "s3 raise 125")
"""Example 2: s3 (stack 140: 125 left on 5th) goes all-in for 125, +45 over the 80 bet."""


def test_s4_example1_allin_under_half_bet(client):
    answer = state(client, FIFTH, *UNDER_HALF, stacks={3: 125})
    assert (answer["street"], answer["to_act"]) == (5, 4)
    assert legal(answer) == ["fold", "call 110", "complete 160"]
    assert (answer["street_bet"], answer["highest_bet"], answer["raises"]) == (80, 110, 0)


def test_s4_example1_after_a_call_no_reopening(client):
    answer = state(client, FIFTH, *UNDER_HALF, "s4 call", stacks={3: 125})
    assert answer["to_act"] == 1 and legal(answer) == ["fold", "call 110"]
    assert action_of(answer, "call")["amount"] == 30
    answer = state(client, FIFTH, *UNDER_HALF, "s4 call", "s1 call", stacks={3: 125})
    assert answer["to_act"] == 2 and legal(answer) == ["fold", "call 110"]
    assert action_of(answer, "call")["amount"] == 30
    response = rejected(client, FIFTH, *UNDER_HALF, "s4 call", "s1 raise", stacks={3: 125})
    assert_action_problem(response, 12, "seat 1 may not raise", "reopened")


def test_s4_example1_after_a_completion_s1_and_s2_may_raise(client):
    answer = state(client, FIFTH, *UNDER_HALF, "s4 complete 160", stacks={3: 125})
    assert answer["to_act"] == 1 and legal(answer) == ["fold", "call 160", "raise 240"]
    answer = state(client, FIFTH, *UNDER_HALF, "s4 complete 160", "s1 call", stacks={3: 125})
    assert answer["to_act"] == 2 and legal(answer) == ["fold", "call 160", "raise 240"]


def test_s4_example2_allin_half_bet_reopens(client):
    answer = state(client, FIFTH, *HALF, stacks={3: 140})
    assert answer["to_act"] == 4 and legal(answer) == ["fold", "call 125", "raise 205"]
    assert answer["raises"] == 1
    answer = state(client, FIFTH, *HALF, "s4 call", stacks={3: 140})
    assert answer["to_act"] == 1 and legal(answer) == ["fold", "call 125", "raise 205"]
    assert [a["amount"] for a in answer["legal_actions"][1:]] == [45, 125]


BRING_IN_1 = {"ante": 0, "bring_in": 1, "small_bet": 4}
BRING_IN_2 = {"ante": 0, "bring_in": 2, "small_bet": 8}
READINGS = ["total_vs_small_bet", "increment_over_bring_in"]


@pytest.mark.parametrize("reading", READINGS)
def test_s4_example3_third_street_allin_for_three_is_a_full_bet(client, reading):
    boards, rules = {3: "Ks", 4: "2c", 5: "3c"}, {"third_street_half_bet_base": reading}
    answer = state(client, boards, "s3 bring_in", "s4 complete", stacks={4: 3}, stakes=BRING_IN_1, rules=rules)
    assert answer["to_act"] == 5 and legal(answer) == ["fold", "call 3", "raise 7"]
    answer = state(client, boards, "s3 bring_in", "s4 complete", "s5 call", stacks={4: 3}, stakes=BRING_IN_1,
                   rules=rules)
    assert answer["to_act"] == 3 and legal(answer) == ["fold", "call 3", "raise 7"]
    assert action_of(answer, "call")["amount"] == 2


@pytest.mark.parametrize("reading", READINGS)
def test_s4_example4_third_street_allin_for_three_is_not_a_bet(client, reading):
    boards, rules = {1: "Ks", 2: "2c", 3: "3c"}, {"third_street_half_bet_base": reading}
    answer = state(client, boards, "s1 bring_in", "s2 complete", stacks={2: 3}, stakes=BRING_IN_2, rules=rules)
    assert answer["to_act"] == 3 and legal(answer) == ["fold", "call 3", "complete 8"]
    answer = state(client, boards, "s1 bring_in", "s2 complete", "s3 call", stacks={2: 3}, stakes=BRING_IN_2,
                   rules=rules)
    assert answer["to_act"] == 1 and legal(answer) == ["fold", "call 3"]
    assert action_of(answer, "call")["amount"] == 1


@pytest.mark.parametrize("reading, expected", [
    ("total_vs_small_bet", ["fold", "call 2", "raise 6"]),
    ("increment_over_bring_in", ["fold", "call 2", "complete 4"]),
])
def test_s4_example4_boundary_allin_for_two_separates_the_readings(client, reading, expected):
    answer = state(client, {1: "Ks", 2: "2c", 3: "3c"}, "s1 bring_in", "s2 complete", stacks={2: 2},
                   stakes=BRING_IN_1, rules={"third_street_half_bet_base": reading})
    assert answer["to_act"] == 3 and legal(answer) == expected


# -- section 9: legal action sets, betting ends, uncontested, out of turn --------------------------

FOURTH = {seat: " ".join(cards.split()[:2]) for seat, cards in FIFTH.items()}


@pytest.mark.parametrize("boards, acts, stacks, expected", [
    pytest.param(DOORS4, ["s3 bring_in"], {}, ["fold", "call 10", "complete 40"], id="facing-bring-in"),
    pytest.param(DOORS4, ["s3 bring_in", "s4 complete"], {}, ["fold", "call 40", "raise 80"], id="after-completion"),
    pytest.param(FOURTH, TO_FIFTH[:4], {}, ["check", "bet 40"], id="later-street-no-bet"),
    pytest.param(FIFTH, [*TO_FIFTH, "s1 bet 80"], {}, ["fold", "call 80", "raise 160"], id="facing-a-bet"),
    pytest.param(FIFTH, [*TO_FIFTH, "s1 bet 80", "s2 call"], {3: 60}, ["fold", "call 45"], id="call-all-in"),
    pytest.param(FIFTH, [*TO_FIFTH, "s1 bet 80", "s2 call"], {3: 125}, ["fold", "call 80", "raise 110"],
                 id="short-raise-all-in"),
])
def test_s9_legal_action_sets(client, boards, acts, stacks, expected):
    assert legal(state(client, boards, *acts, stacks=stacks)) == expected


def test_s9_short_stacks_are_offered_all_in_amounts(client):
    short_call = state(client, FIFTH, *TO_FIFTH, "s1 bet 80", "s2 call", stacks={3: 60})
    assert action_of(short_call, "call") == {"type": "call", "amount": 45, "to": 45, "all_in": True}
    short_raise = state(client, FIFTH, *TO_FIFTH, "s1 bet 80", "s2 call", stacks={3: 125})
    assert action_of(short_raise, "raise") == {"type": "raise", "amount": 110, "to": 110, "all_in": True}
    assert action_of(short_raise, "call")["all_in"] is False


def test_s9_fold_with_no_bet_is_refused_by_default(client):
    response = rejected(client, FOURTH, *TO_FIFTH[:4], "s1 fold")
    assert_action_problem(response, 4, "seat 1", "fold_when_no_bet")


def test_s9_fold_with_no_bet_offered_as_an_option(client):
    answer = state(client, FOURTH, *TO_FIFTH[:4], rules={"fold_when_no_bet": True})
    assert legal(answer) == ["fold", "check", "bet 40"]
    assert state(client, FOURTH, *TO_FIFTH[:4], "s1 fold", rules={"fold_when_no_bet": True})["to_act"] == 2


ONE_LEFT_TO_ACT = (*TO_FIFTH, "s1 bet 80", "s2 fold", "s3 call", "s4 fold")
"""s3 (stack 95) calls all-in on 5th: only s1 can still bet."""


def test_s9_betting_ends_when_one_player_not_all_in_has_matched(client):
    answer = state(client, FIFTH, *ONE_LEFT_TO_ACT, stacks={3: 95})
    assert (answer["phase"], answer["to_act"], answer["legal_actions"]) == ("showdown", None, [])
    response = rejected(client, FIFTH, *ONE_LEFT_TO_ACT, "s1 check", stacks={3: 95})
    assert_action_problem(response, 12, "seat 1", "betting is over")


def test_s9_betting_ends_and_the_streets_are_dealt_without_betting(client):
    boards = {1: "2c Ad 3h 4s", 2: "3c 6d 7h", 3: "4c 8d 9h 5s", 4: "Kc Qd Jh"}
    answer = post_ok(client, "/v1/table/state", snapshot(boards, *ONE_LEFT_TO_ACT, stacks={3: 95}))
    assert (answer["phase"], answer["street"]) == ("showdown", 7)
    assert [street["opener"] for street in answer["streets"]] == [4, 1, 1, None, None]


FOLDED_TO_S4 = ("s3 bring_in", "s4 complete", "s1 fold", "s2 fold", "s3 fold")


def test_s9_uncontested_pot_ends_the_betting(client):
    answer = state(client, DOORS4, *FOLDED_TO_S4)
    assert (answer["phase"], answer["to_act"], answer["legal_actions"], answer["pot"]) == ("complete", None, [], 70)
    assert_action_problem(rejected(client, DOORS4, *FOLDED_TO_S4, "s4 check"), 5, "seat 4")


def test_s9_uncontested_pot_is_won_without_showing(client):
    answer = post_ok(client, "/v1/table/state", snapshot(DOORS4, *FOLDED_TO_S4))
    assert answer["phase"] == "complete" and answer["result"]["uncontested"] is True
    assert answer["result"]["winners"] == [4] and answer["result"]["show_order"] == []
    assert answer["result"]["payouts"] == [{"seat": 1, "amount": 0}, {"seat": 2, "amount": 0},
                                           {"seat": 3, "amount": 0}, {"seat": 4, "amount": 70}]


def test_s9_out_of_turn_is_rejected(client):
    assert_action_problem(rejected(client, DOORS4, "s4 bring_in"), 0, "seat 4", "seat 3's turn")
    response = rejected(client, DOORS4, "s3 bring_in", "s1 call")
    assert_action_problem(response, 1, "seat 1", "seat 4's turn")
