"""The rules reference's worked examples of sections 1-4 and 9, each asserted once, on the engine.

Structure 5/10/40/80 unless an example says otherwise. The tables are the reference's; the HTTP
tests (tests/api/test_table_examples.py) post some of them to prove each endpoint answers what the
engine does here.
"""

from dataclasses import replace

import pytest

from service.stud_family.betting import LegalAction, replay
from service.stud_family.bring_in import BringIn, find_bring_in
from service.stud_family.errors import IllegalActionError
from service.stud_family.first_to_act import FirstToAct, find_first_to_act
from service.stud_family.limits import Stakes
from service.stud_family.pots import Pot
from service.stud_family.rules import resolve_rules
from service.stud_family.settlement import pots_so_far, settle
from service.stud_family.showdown import Share
from tests.tables import STAKES, boards_in, door_cards, legal, replayed, table

from .reference_tables import (
    ALL_IN_FOR_THREE,
    ANTE_ALL_IN,
    ANTE_ALL_IN_DOORS,
    BRING_IN_1,
    BRING_IN_2,
    CAPPED,
    DEALT_TO_SEVENTH,
    DOORS4,
    DOORS8,
    FACING_A_BET,
    FOLDED_TO_S4,
    FOURTH_NO_BET,
    HALF,
    HEADS_UP,
    NO_FOLD,
    ONE_LEFT_TO_ACT,
    SHORT_BRING_IN,
    SIXTH_BOARDS,
    SUIT_TIE_BREAK,
    THROUGH_FOURTH,
    TIED_AFTER_THIRD,
    TIED_BOARDS,
    TWO_ALL_INS,
    UNDER_HALF,
)

STRUCTURE = Stakes(**STAKES)
FOLD = LegalAction("fold")


def refused(description):
    """The path and message of the action the engine refuses in a table."""
    with pytest.raises(IllegalActionError) as caught:
        replay(description.snapshot())
    return str(caught.value)


# -- section 1: bring-in ------------------------------------------------------------------------------


def test_s1_example1_king_of_spades_brings_in_then_s4_acts():
    assert find_bring_in(door_cards(DOORS4), STRUCTURE) == BringIn(3, "Ks", tie_broken_by_suit=True, opener=3,
                                                                   amount=10)
    before = replayed(table(DOORS4))
    assert (before.to_act, before.bring_in_seat, legal(before)) == (3, 3, ["bring_in 10", "complete 40"])
    after = replayed(table(DOORS4, "s3 bring_in"))
    assert (after.to_act, after.streets[0].opener) == (4, 3)


def test_s1_example2_queen_of_hearts_over_queen_of_clubs():
    doors = door_cards({1: "Qh", 2: "Qc", 3: "Js"})
    assert find_bring_in(doors) == BringIn(1, "Qh", tie_broken_by_suit=True, opener=1, amount=None)


def test_s1_example3_ace_of_spades_is_the_highest_ace():
    doors = door_cards({1: "Ac", 2: "Ad", 3: "Ah", 4: "As"})
    assert find_bring_in(doors, STRUCTURE) == BringIn(4, "As", tie_broken_by_suit=True, opener=4, amount=10)


def test_s1_example4_bring_in_all_in_for_the_ante_passes_the_opening_clockwise():
    doors = door_cards(ANTE_ALL_IN_DOORS, ANTE_ALL_IN.stacks)
    assert find_bring_in(doors, STRUCTURE) == BringIn(3, "Ks", tie_broken_by_suit=True, opener=4, amount=0,
                                                      chips=0)
    state = replayed(ANTE_ALL_IN)
    assert (state.to_act, state.phase, state.bring_in_seat, state.pot) == (4, "betting", 3, 20)
    assert legal(state) == ["fold", "bring_in 10", "complete 40"]


def test_s1_example4_the_opener_folds_and_the_next_seat_opens():
    state = replayed(ANTE_ALL_IN.then("s4 fold"))
    assert (state.to_act, legal(state)) == (1, ["fold", "bring_in 10", "complete 40"])


def test_s1_example4_pokerkit_variant_offers_no_fold():
    assert legal(replayed(replace(ANTE_ALL_IN, rules=NO_FOLD))) == ["bring_in 10", "complete 40"]
    assert refused(replace(ANTE_ALL_IN, rules=NO_FOLD).then("s4 fold")) == (
        "actions[0]: seat 4 may not fold: allow_fold_when_opening_after_all_in_bring_in is false: "
        "the opener must bring in or complete")


def test_s1_example5_short_bring_in_others_call_the_full_bring_in():
    doors = door_cards(ANTE_ALL_IN_DOORS, SHORT_BRING_IN.stacks)
    assert find_bring_in(doors, STRUCTURE) == BringIn(3, "Ks", tie_broken_by_suit=True, opener=3, amount=7,
                                                      chips=7)
    state = replayed(SHORT_BRING_IN)
    seat3 = state.players[2]
    assert (seat3.seat, seat3.committed_street, seat3.stack, seat3.all_in) == (3, 7, 0, True)
    assert legal(state) == ["fold", "call 10", "complete 40"]
    assert state.legal_actions[1].amount == 10


def test_s1_example5_side_pot_of_three_from_every_caller():
    hand = SHORT_BRING_IN.then("s4 call", "s1 call", "s2 call").snapshot()
    state = replay(hand)
    assert state.phase == "dealing"
    assert pots_so_far(hand, state) == (Pot(48, (1, 2, 3, 4)), Pot(9, (1, 2, 4)))


def test_s1_example5_posted_amount_variant_calls_the_short_amount():
    state = replayed(replace(SHORT_BRING_IN, rules={"short_bring_in_call_amount": "posted_amount"}))
    assert legal(state) == ["fold", "call 7", "complete 40"]


# -- section 2: third street after the bring-in; cap; heads-up -------------------------------------------


def test_s2_example1_facing_the_bring_in():
    assert legal(replayed(table(DOORS4, "s3 bring_in"))) == ["fold", "call 10", "complete 40"]


@pytest.mark.parametrize("raise_text", ["s4 raise 20", "s4 raise"])
def test_s2_example1_raise_to_twenty_is_illegal(raise_text):
    assert refused(table(DOORS4, "s3 bring_in", raise_text)) == (
        "actions[1]: seat 4 may not raise: the increase here is a complete")


def test_s2_example2_default_cap_after_completion_and_three_raises():
    state = replayed(CAPPED)
    assert (state.to_act, state.street_bet, state.raises, state.capped) == (8, 160, 3, True)
    assert legal(state) == ["fold", "call 160"]
    everyone_after = replayed(CAPPED.then("s8 call", "s1 call"))
    assert (everyone_after.to_act, legal(everyone_after)) == (2, ["fold", "call 160"])
    assert refused(CAPPED.then("s8 raise")) == (
        "actions[5]: seat 8 may not raise: the betting is capped: a bet and 3 raises on 3rd street")


@pytest.mark.parametrize("rules", [{"max_raises_after_bet": 4}, {"preset": "wsop_cash"}])
def test_s2_example2_four_raises_let_s8_raise_to_200(rules):
    assert legal(replayed(replace(CAPPED, rules=rules))) == ["fold", "call 160", "raise 200"]


@pytest.mark.parametrize("mode", ["round_starts_heads_up", "never"])
def test_s2_example3_heads_up_before_the_cap_stays_capped(mode):
    capped = replace(HEADS_UP, rules={"heads_up_uncap": mode})
    state = replayed(capped)
    assert (state.street_bet, state.capped, legal(state)) == (160, True, ["fold", "call 160"])
    assert refused(capped.then("s4 raise")) == (
        "actions[6]: seat 4 may not raise: the betting is capped: a bet and 3 raises on 3rd street")


@pytest.mark.parametrize("more_raises, expected", [
    ((), ["fold", "call 160", "raise 200"]),
    (("s4 raise", "s5 raise"), ["fold", "call 240", "raise 280"]),
    (("s4 raise", "s5 raise", "s4 raise"), ["fold", "call 280", "raise 320"]),
])
def test_s2_example3_heads_up_any_time_before_cap_is_unlimited(more_raises, expected):
    state = replayed(replace(HEADS_UP, rules={"heads_up_uncap": "any_time_before_cap"}).then(*more_raises))
    assert (state.capped, legal(state)) == (False, expected)


def test_s2_example4_everyone_calls_the_bring_in_and_the_round_ends():
    four = replayed(table({3: "Ks", 4: "As", 5: "3c", 6: "4d"}, "s3 bring_in", "s4 call", "s5 call", "s6 call"))
    assert (four.street, four.phase, four.to_act, four.legal_actions, four.pot) == (3, "dealing", None, (), 60)
    eight = replayed(table(DOORS8, "s3 bring_in", *(f"s{seat} call" for seat in (4, 5, 6, 7, 8, 1, 2))))
    assert (eight.street, eight.phase, eight.to_act, eight.legal_actions) == (3, "dealing", None, ())


def test_s2_default_a_completion_gives_the_bring_in_the_difference():
    """The section's default: facing a completion, the bring-in calls 30 more, raises or folds."""
    state = replayed(table({3: "Ks", 4: "As", 5: "3c"}, "s3 bring_in", "s4 complete", "s5 call"))
    assert (state.to_act, legal(state)) == (3, ["fold", "call 40", "raise 80"])
    assert state.legal_actions[1].amount == 30


# -- section 3: first to act on 4th-7th street -------------------------------------------------------------


@pytest.mark.parametrize("rules, expected", [
    (None, FirstToAct(1, board_seat=1, showing="6-2", tied_with=(3,))),
    (SUIT_TIE_BREAK, FirstToAct(3, board_seat=3, showing="6-2", tied_with=(1,))),
    ({"preset": "tda_tournament"}, FirstToAct(3, board_seat=3, showing="6-2", tied_with=(1,))),
])
def test_s3_example1_a_tie_goes_to_position_or_the_high_card_by_suit(rules, expected):
    assert find_first_to_act(4, boards_in(TIED_BOARDS), resolve_rules(rules)) == expected


@pytest.mark.parametrize("rules, opener", [(None, 1), (SUIT_TIE_BREAK, 6)])
def test_s3_example1_the_tie_in_the_betting_replay(rules, opener):
    state = replayed(replace(TIED_AFTER_THIRD, rules=rules))
    assert (state.street, state.to_act) == (4, opener)


def test_s3_example2_no_pair_beats_any_pair():
    boards = boards_in({2: "Kc Kd", 4: "Qh Js", 6: "2d 2h"})
    assert find_first_to_act(4, boards) == FirstToAct(4, board_seat=4, showing="Q-J", tied_with=())


def test_s3_example3_second_card_decides():
    boards = boards_in({1: "8c 4d 2h", 2: "8s 5c Ad"})
    assert find_first_to_act(5, boards) == FirstToAct(1, board_seat=1, showing="8-4-2", tied_with=())


@pytest.mark.parametrize("street", [6, 7])
def test_s3_example4_no_pair_acts_first_on_sixth_and_seventh(street):
    assert find_first_to_act(street, boards_in(SIXTH_BOARDS)) == FirstToAct(6, board_seat=6, showing="K-Q-J-T",
                                                                            tied_with=())


@pytest.mark.parametrize("boards, next_seat", [
    pytest.param(SIXTH_BOARDS, 7, id="next-seat"),
    pytest.param({2: "9c 7d 4h 4s", 4: "Qc Qh Qs 2c", 6: "Kc Qd Jh Ts"}, 2, id="past-the-highest-seat"),
])
def test_s3_example4_an_all_in_lowest_board_passes_the_action_clockwise(boards, next_seat):
    first = find_first_to_act(7, boards_in(boards, all_in=(6,)))
    assert first == FirstToAct(next_seat, board_seat=6, showing="K-Q-J-T", tied_with=())


def test_s3_example4_seventh_street_opener_is_sixth_streets():
    state = replayed(table(SIXTH_BOARDS, *THROUGH_FOURTH, "s2 check", "s6 check", "s7 check", "s6 check", "s7 check",
                           "s2 check"))
    assert (state.street, state.to_act) == (7, 6)
    assert [street.opener for street in state.streets] == [6, 2, 2, 6, 6]


def test_s3_example4_all_in_on_sixth_passes_seventh_clockwise():
    """s6 (175 chips) calls 80 on 5th and bets his last 80 on 6th."""
    state = replayed(table(SIXTH_BOARDS, *THROUGH_FOURTH, "s2 bet", "s6 call", "s7 call", "s6 bet", "s7 call",
                           "s2 call", stacks={6: 175}))
    assert (state.street, state.to_act) == (7, 7)
    assert [player.all_in for player in state.players] == [False, True, False]


def test_s3_example5_open_pair_bets_the_small_bet_only():
    state = replayed(table({3: "Ks Kh", 4: "5c 5d", 5: "Qd Qc"}, "s3 bring_in", "s4 call", "s5 call"))
    assert (state.street, state.to_act, legal(state)) == (4, 4, ["check", "bet 40"])
    assert state.legal_actions[1].amount == 40


# -- section 4: limit sizes and short all-ins ------------------------------------------------------------

READINGS = ["total_vs_small_bet", "increment_over_bring_in"]
"""The two ways of measuring half a bet on 3rd street: examples 3 and 4 hold under both."""


def test_s4_example1_all_in_under_half_a_bet_is_no_raise():
    state = replayed(UNDER_HALF)
    assert (state.street, state.to_act, legal(state)) == (5, 4, ["fold", "call 110", "complete 160"])
    assert (state.street_bet, state.highest_bet, state.raises) == (80, 110, 0)


@pytest.mark.parametrize("callers, to_act", [(("s4 call",), 1), (("s4 call", "s1 call"), 2)])
def test_s4_example1_after_a_call_no_reopening(callers, to_act):
    state = replayed(UNDER_HALF.then(*callers))
    assert (state.to_act, legal(state)) == (to_act, ["fold", "call 110"])
    assert state.legal_actions[1].amount == 30


def test_s4_example1_after_a_call_a_raise_is_refused():
    assert refused(UNDER_HALF.then("s4 call", "s1 raise")) == (
        "actions[12]: seat 1 may not raise: it has acted and the betting has not been reopened by a full bet or raise")


@pytest.mark.parametrize("callers, to_act", [((), 1), (("s1 call",), 2)])
def test_s4_example1_after_a_completion_s1_and_s2_may_raise(callers, to_act):
    state = replayed(UNDER_HALF.then("s4 complete 160", *callers))
    assert (state.to_act, legal(state)) == (to_act, ["fold", "call 160", "raise 240"])


def test_s4_example2_all_in_half_a_bet_reopens():
    state = replayed(HALF)
    assert (state.to_act, legal(state), state.raises) == (4, ["fold", "call 125", "raise 205"], 1)
    called = replayed(HALF.then("s4 call"))
    assert (called.to_act, legal(called)) == (1, ["fold", "call 125", "raise 205"])
    assert [action.amount for action in called.legal_actions[1:]] == [45, 125]


def test_s4_example2_pokerkit_full_bet_threshold_does_not_reopen():
    state = replayed(replace(HALF, rules={"short_allin_threshold": "full_bet"}).then("s4 call"))
    assert legal(state) == ["fold", "call 125"]


@pytest.mark.parametrize("reading", READINGS)
def test_s4_example3_third_street_all_in_for_three_is_a_full_bet(reading):
    all_in = replace(ALL_IN_FOR_THREE, rules={"third_street_half_bet_base": reading})
    state = replayed(all_in)
    assert (state.to_act, legal(state)) == (5, ["fold", "call 3", "raise 7"])
    reopened = replayed(all_in.then("s5 call"))
    assert (reopened.to_act, legal(reopened)) == (3, ["fold", "call 3", "raise 7"])
    assert reopened.legal_actions[1].amount == 2


@pytest.mark.parametrize("reading", READINGS)
def test_s4_example4_third_street_all_in_for_three_is_not_a_bet(reading):
    all_in = table({1: "Ks", 2: "2c", 3: "3c"}, "s1 bring_in", "s2 complete", stacks={2: 3}, stakes=BRING_IN_2,
                   rules={"third_street_half_bet_base": reading})
    state = replayed(all_in)
    assert (state.to_act, legal(state)) == (3, ["fold", "call 3", "complete 8"])
    not_reopened = replayed(all_in.then("s3 call"))
    assert (not_reopened.to_act, legal(not_reopened)) == (1, ["fold", "call 3"])
    assert not_reopened.legal_actions[1].amount == 1


@pytest.mark.parametrize("reading, expected", [
    ("total_vs_small_bet", ["fold", "call 2", "raise 6"]),
    ("increment_over_bring_in", ["fold", "call 2", "complete 4"]),
])
def test_s4_example4_boundary_all_in_for_two_separates_the_readings(reading, expected):
    state = replayed(table({1: "Ks", 2: "2c", 3: "3c"}, "s1 bring_in", "s2 complete", stacks={2: 2},
                           stakes=BRING_IN_1, rules={"third_street_half_bet_base": reading}))
    assert (state.to_act, legal(state)) == (3, expected)


def test_s4_example5_the_two_all_ins_count_as_a_raise():
    state = replayed(TWO_ALL_INS)
    assert (state.street_bet, state.highest_bet, state.raises) == (65, 65, 1)


def test_s4_example5_the_bettor_facing_twenty_five_more_is_reopened():
    state = replayed(TWO_ALL_INS)
    assert (state.to_act, legal(state)) == (1, ["fold", "call 65", "raise 105"])


def test_s4_example5_the_caller_of_fifty_facing_fifteen_more_is_not():
    state = replayed(TWO_ALL_INS.then("s1 call"))
    assert (state.to_act, legal(state)) == (3, ["fold", "call 65"])
    assert refused(TWO_ALL_INS.then("s1 call", "s3 raise")) == (
        "actions[11]: seat 3 may not raise: it has acted, matching 50, and faces only 15 more, under half a bet of "
        "40: all-ins short of a full bet or raise reopen the betting only for a player facing half a bet more")


def test_s4_example5_everyone_reopens_the_caller_too():
    state = replayed(replace(TWO_ALL_INS, rules={"short_allin_reopens": "everyone"}).then("s1 call"))
    assert (state.to_act, legal(state)) == (3, ["fold", "call 65", "raise 105"])


def test_s4_example5_a_raise_since_reopens_the_caller():
    """s1, reopened, raises to 105: s3 now faces 55 more than the 50 it matched, and may raise again."""
    state = replayed(TWO_ALL_INS.then("s1 raise"))
    assert (state.to_act, legal(state)) == (3, ["fold", "call 105", "raise 145"])


# -- section 9: legal action sets, betting ends, uncontested, out of turn -----------------------------------
# (3rd street facing the bring-in only is section 2's example 1.)


def test_s9_after_the_completion_fold_call_or_raise():
    assert legal(replayed(table(DOORS4, "s3 bring_in", "s4 complete"))) == ["fold", "call 40", "raise 80"]


def test_s9_later_street_with_no_bet_check_or_bet():
    state = replayed(FOURTH_NO_BET)
    assert (state.street, state.to_act, legal(state)) == (4, 1, ["check", "bet 40"])


def test_s9_facing_a_bet_fold_call_or_raise():
    assert legal(replayed(FACING_A_BET)) == ["fold", "call 80", "raise 160"]


def test_s9_fewer_chips_than_the_call_calls_all_in():
    state = replayed(replace(FACING_A_BET, stacks={3: 60}).then("s2 call"))
    assert state.legal_actions == (FOLD, LegalAction("call", amount=45, to=45, all_in=True))


def test_s9_chips_between_the_call_and_a_full_raise_raise_all_in():
    state = replayed(replace(FACING_A_BET, stacks={3: 125}).then("s2 call"))
    assert state.legal_actions == (FOLD, LegalAction("call", amount=80, to=80, all_in=False),
                                   LegalAction("raise", amount=110, to=110, all_in=True))


def test_s9_fold_with_no_bet_is_refused_by_default():
    assert refused(FOURTH_NO_BET.then("s1 fold")) == (
        "actions[4]: seat 1 may not fold: nothing to call and fold_when_no_bet is false: check instead")


def test_s9_fold_with_no_bet_offered_as_an_option():
    offered = replace(FOURTH_NO_BET, rules={"fold_when_no_bet": True})
    assert legal(replayed(offered)) == ["fold", "check", "bet 40"]
    assert replayed(offered.then("s1 fold")).to_act == 2


def test_s9_betting_ends_when_one_player_not_all_in_has_matched():
    state = replayed(ONE_LEFT_TO_ACT)
    assert (state.phase, state.to_act, state.legal_actions) == ("showdown", None, ())
    assert refused(ONE_LEFT_TO_ACT.then("s1 check")) == "actions[12]: seat 1 may not act: the betting is over"


def test_s9_betting_ends_and_the_streets_are_dealt_without_betting():
    state = replayed(DEALT_TO_SEVENTH)
    assert (state.phase, state.street) == ("showdown", 7)
    assert [street.opener for street in state.streets] == [4, 1, 1, None, None]


def test_s9_uncontested_pot_is_won_without_showing():
    state = replayed(FOLDED_TO_S4)
    assert (state.phase, state.to_act, state.legal_actions, state.pot, state.winner) == ("complete", None, (), 70, 4)
    result = settle(FOLDED_TO_S4.snapshot(), state)
    assert (result.uncontested, result.winners, result.show_order) == (True, (4,), ())
    assert result.payouts == (Share(1, 0), Share(2, 0), Share(3, 0), Share(4, 70))
    assert refused(FOLDED_TO_S4.then("s4 check")) == "actions[5]: seat 4 may not act: every other player has folded"


def test_s9_out_of_turn_is_rejected():
    assert refused(table(DOORS4, "s4 bring_in")) == "actions[0]: seat 4 may not act: it is seat 3's turn"
    assert refused(table(DOORS4, "s3 bring_in", "s1 call")) == "actions[1]: seat 1 may not act: it is seat 4's turn"
