"""Whom an increase reopens the betting for (reference section 4, the 2026-12 ruling's second part, test vector 6),
and who concedes to whom at a showdown (section 5's last paragraphs), on the engine.

A completion, bet or raise by a player who keeps chips behind, and an all-in that is by itself a full bet or raise,
reopen every player who has acted; the per-player measure (vector 5) is only for all-ins short of a full one.
"""

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.stud_family.betting import explain, replay
from service.stud_family.settlement import explain_settlement, settle
from tests.strategies import rules, stakes
from tests.stud_family.test_betting_properties import played, tables
from tests.tables import legal, replayed, table

BIG_BRING_IN = {"ante": 5, "bring_in": 30, "small_bet": 40, "big_bet": 80}
"""Vector 6's stakes: a bring-in of 30, three quarters of the small bet."""
DOORS = {1: "Kd", 2: "7c", 3: "2c", 4: "5h"}
"""s1's king brings in; s2, s3 and s4 follow clockwise."""
COMPLETED = table(DOORS, "s1 bring_in", "s2 call", "s3 complete", "s4 fold", stakes=BIG_BRING_IN)
"""Vector 6: s1 brings in 30, s2 calls 30, s3 completes to 40 with chips behind, s4 folds: s1 is to act."""

OPTION_SETS = [
    None,
    {"short_allin_threshold": "full_bet"},
    {"third_street_half_bet_base": "increment_over_bring_in"},
    {"short_allin_threshold": "full_bet", "third_street_half_bet_base": "increment_over_bring_in"},
    {"short_allin_reopens": "everyone"},
    {"bring_in_counts_as_acted": False},
    {"preset": "wsop_tournament"},
]
"""The default and every option that measures a short all-in or reopening, alone and together."""


@pytest.mark.parametrize("options", OPTION_SETS)
def test_vector_6_the_completion_reopens_the_bring_in_seat(options):
    state = replayed(replace(COMPLETED, rules=options))
    assert (state.to_act, legal(state)) == (1, ["fold", "call 40", "raise 80"])


@pytest.mark.parametrize("options", OPTION_SETS)
def test_vector_6_and_the_limper_once_the_bring_in_seat_calls(options):
    state = replayed(replace(COMPLETED, rules=options).then("s1 call"))
    assert (state.to_act, legal(state)) == (2, ["fold", "call 40", "raise 80"])


@pytest.mark.parametrize("options", OPTION_SETS)
def test_vector_6_the_re_raise_is_played_and_the_completer_may_raise_again(options):
    state = replayed(replace(COMPLETED, rules=options).then("s1 raise 50", "s2 call"))
    assert (state.to_act, state.street_bet, state.raises, legal(state)) == (3, 80, 1, ["fold", "call 80", "raise 120"])


@pytest.mark.parametrize("options", OPTION_SETS)
def test_vector_6_a_completion_all_in_for_exactly_the_small_bet_reopens_the_same_way(options):
    all_in = replace(COMPLETED, stacks={3: 45}, rules=options)
    state = replayed(all_in)
    assert (state.to_act, legal(state)) == (1, ["fold", "call 40", "raise 80"])
    assert [player.all_in for player in state.players] == [False, False, True, False]
    assert legal(replayed(all_in.then("s1 call"))) == ["fold", "call 40", "raise 80"]


def test_vector_6_no_refusal_cites_tda_47_after_the_completion():
    sources = {refused.source for refused in explain(COMPLETED.then("s1 call").snapshot()).refused}
    assert "TDA 47" not in sources


def test_a_later_street_bet_and_raise_reopen_a_caller_of_a_short_all_in_under_full_bet():
    """4th street: s1 bets 40, s2 is all-in for 50 (short under full_bet), s3 calls 50, s4 completes the short
    all-in to 80 with chips behind: s1 and s3, who have acted, face 40 and 30 more, and it reopens both (30 is short
    of a bet, so a per-player measure under full_bet would not reopen s3)."""
    hand = table({1: "2c 3c", 2: "5d 6d", 3: "Ks 9h", 4: "Qd Jd"}, "s3 bring_in", "s4 call", "s1 call", "s2 call",
                 "s1 bet 40", "s2 raise 50", "s3 call", "s4 complete", "s1 call", stacks={2: 65},
                 rules={"short_allin_threshold": "full_bet"})
    state = replayed(hand)
    assert (state.to_act, legal(state)) == (3, ["fold", "call 80", "raise 120"])


def test_vector_5_stands_the_caller_of_fifty_is_still_judged_per_player():
    """Two all-ins short of a full raise that together count as one: vector 5's ruling is unchanged."""
    hand = table({1: "2c 3c", 2: "5d 6d", 3: "Ks 9h", 4: "Qd Jd", 5: "Th 8c"}, "s3 bring_in", "s4 call", "s5 call",
                 "s1 call", "s2 call", "s1 bet 40", "s2 raise 50", "s3 call", "s4 complete 65", "s5 call", "s1 call",
                 stacks={2: 65, 4: 80})
    assert legal(replayed(hand)) == ["fold", "call 65"]


# -- section 5: a 7th-street bettor tables first; the caller who mucks concedes to him ---------------------------

SEVENTH = table({4: "Kd 8c 7c 6c", 6: "9h 8h 5h 4h"}, "s4 bring_in", "s6 call",
                *("s6 check", "s4 check") * 3, "s6 check", "s4 bet", "s6 call",
                down={4: "Ac 2c 3c", 6: "Ah 2h Th"}, mucked={6})
"""7th street: s6 checks, s4 bets, s6 calls and mucks at the showdown."""


def test_the_caller_who_mucks_concedes_a_contested_pot_to_the_bettor_who_tabled_first():
    hand = SEVENTH.snapshot()
    state = replay(hand)
    result = settle(hand, state)
    assert (result.uncontested, result.winners, result.show_order) == (False, (4,), (4, 6))
    said = [why.text for why in explain_settlement(hand, state, result)]
    assert not any("without showing" in text for text in said)
    assert "main pot of 190: seat 6 reached it too but mucked, conceding it, so seat 4 takes it" in said


def test_uncontested_is_for_a_hand_every_other_seat_folded_during_the_betting():
    folded = table({4: "Kd 8c 7c 6c", 6: "9h 8h 5h 4h"}, "s4 bring_in", "s6 call", *("s6 check", "s4 check") * 3,
                   "s6 check", "s4 bet", "s6 fold")
    hand = folded.snapshot()
    result = settle(hand, replay(hand))
    assert (result.uncontested, result.winners, result.show_order) == (True, (4,), ())


# -- the property: a full increase by a player with chips reopens every player not all-in -------------------------

INCREASES = {"complete", "bet", "raise"}
ACTED = {"call", "check", "complete", "bet", "raise"}


def reopened_by_a_full_increase(state):
    """Whether, since the seat to act last acted on this street, a player who still has chips completed, bet or
    raised (such an increase is a full one: only an all-in can be short), read from the street's record."""
    street = state.streets[-1]
    chips_behind = {player.seat for player in state.players if not player.all_in}
    last = max((index for index, action in enumerate(street.actions)
                if action.seat == state.to_act and action.type in ACTED), default=None)
    if last is None:
        return False
    return any(action.type in INCREASES and action.seat in chips_behind for action in street.actions[last + 1:])


def may_increase_as_far_as_chips_and_cap_go(state):
    """The seat to act has more chips than the call, another player can still act, and the round is not capped."""
    me = next(player for player in state.players if player.seat == state.to_act)
    others = [player for player in state.players
              if player.seat != state.to_act and not player.folded and not player.all_in]
    return not state.capped and me.stack > state.highest_bet - me.committed_street and bool(others)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), rules(), stakes(), st.sampled_from(["half_bet", "full_bet"]),
       st.sampled_from(["total_vs_small_bet", "increment_over_bring_in"]))
def test_a_completion_bet_or_raise_by_a_player_with_chips_reopens_every_player_not_all_in(
        the_table, the_rules, the_stakes, threshold, base):
    the_rules |= {"short_allin_threshold": threshold, "third_street_half_bet_base": base}
    for _, _, state, _, actions in played(the_table, the_rules, the_stakes):
        if state.phase != "betting" or not reopened_by_a_full_increase(state):
            continue
        if may_increase_as_far_as_chips_and_cap_go(state):
            assert {action.type for action in state.legal_actions} & INCREASES, (actions, state.legal_actions)
