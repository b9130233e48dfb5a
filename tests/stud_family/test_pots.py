"""Pots by contribution level: rules reference section 6 examples 3 and 4, plus properties."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from service.stud_family.pots import (
    DEAD_MONEY_STAYS,
    ONE_HAND_LEFT,
    POTS_APART,
    UNCALLED_RETURNED,
    Pot,
    Taken,
    build_pots,
    pots_reached,
    uncalled_excess,
)


def test_s6_example3_side_pots_by_contribution_level():
    # A (s1) 50 all-in, B (s2) 120 all-in, C (s3) 200, D (s4) 200.
    assert build_pots({1: 50, 2: 120, 3: 200, 4: 200}) == (
        Pot(200, (1, 2, 3, 4)),
        Pot(210, (2, 3, 4)),
        Pot(160, (3, 4)),
    )


def test_s6_example4_all_in_for_part_of_the_ante():
    # Ante 5, four players; s3 has only 3 chips.
    assert build_pots({1: 5, 2: 5, 3: 3, 4: 5}) == (Pot(12, (1, 2, 3, 4)), Pot(6, (1, 2, 4)))


def test_s6_example4_later_betting_goes_to_the_side_pot():
    # Same antes; then s1 and s2 bet 40 more each, s4 folds: s4's 2 above s3's level stay in the side pot.
    assert build_pots({1: 45, 2: 45, 3: 3, 4: 5}, folded={4}) == (Pot(12, (1, 2, 3)), Pot(86, (1, 2)))


def test_uncalled_excess_comes_back_as_a_pot_for_one_seat():
    assert build_pots({1: 100, 2: 60, 3: 60}) == (Pot(180, (1, 2, 3)), Pot(40, (1,)))


def test_folded_chips_above_every_live_level_are_dead_money_in_the_top_pot():
    assert build_pots({1: 50, 2: 200, 3: 120}, folded={2}) == (Pot(150, (1, 3)), Pot(220, (3,)))


def test_one_live_player_takes_one_pot_of_everything():
    assert build_pots({1: 5, 2: 15, 3: 45}, folded={2, 3}) == (Pot(65, (1,)),)


def test_nothing_in_means_no_pot():
    assert build_pots({1: 0, 2: 0}) == ()


def test_a_live_seat_with_nothing_in_is_eligible_for_nothing():
    assert build_pots({1: 0, 2: 10, 3: 10}) == (Pot(20, (2, 3)),)


@st.composite
def contributions(draw):
    seats = draw(st.lists(st.integers(1, 8), min_size=1, max_size=8, unique=True))
    chips = st.one_of(st.sampled_from([0, 3, 5, 50, 120, 200]), st.integers(0, 400))
    contributions = {seat: draw(chips) for seat in seats}
    folded = {seat for seat in seats[1:] if draw(st.booleans())}
    return contributions, folded


@settings(max_examples=200, deadline=None)
@given(contributions())
def test_pots_hold_every_chip_and_only_live_seats_are_eligible(table):
    contributions, folded = table
    pots = build_pots(contributions, folded)
    assert sum(pot.amount for pot in pots) == sum(contributions.values())
    for pot in pots:
        assert pot.amount > 0 and pot.eligible
        assert not set(pot.eligible) & folded
    for lower, upper in itertools.pairwise(pots):
        assert set(upper.eligible) < set(lower.eligible)
    assert all(len(pot.eligible) > 1 for pot in pots[:-1])


@st.composite
def contributions_with_mucks(draw):
    put_in, folded = draw(contributions())
    live = [seat for seat in put_in if seat not in folded]
    mucked = {seat for seat in live[1:] if draw(st.booleans())}
    return put_in, folded, mucked


@settings(max_examples=200, deadline=None)
@given(contributions_with_mucks())
def test_with_mucks_no_two_adjacent_pots_have_the_same_eligible_seats(table):
    contributions, folded, mucked = table
    pots = build_pots(contributions, folded, mucked)
    assert sum(pot.amount for pot in pots) == sum(contributions.values())
    for lower, upper in itertools.pairwise(pots):
        assert lower.eligible != upper.eligible


def test_a_muck_between_two_levels_leaves_one_pot():
    assert build_pots({1: 50, 2: 100, 3: 100}, conceded={1}) == (Pot(250, (2, 3)),)
    assert build_pots({1: 50, 2: 100, 3: 100, 4: 30}, folded={4}, conceded={1}) == (Pot(280, (2, 3)),)


def test_the_uncalled_excess_is_what_the_most_put_in_tops_the_next_most_by():
    assert uncalled_excess({1: 100, 2: 60, 3: 60}) == (1, 40)
    assert uncalled_excess({1: 60, 2: 60}) is None


def test_chips_a_folded_seat_matched_are_called_though_they_are_dead():
    # Seat 2 called 80 and folded: 20 of seat 1's chips are uncalled; its top pot also holds seat 2's dead 30.
    assert uncalled_excess({1: 100, 2: 80, 3: 50}) == (1, 20)
    assert pots_reached({1: 100, 2: 80, 3: 50}, folded={2})[-1].dead == 30


def test_each_pot_says_why_it_goes_where_it_goes_with_its_rule():
    def taken(*table):
        return [(reach.taken, reach.rule, reach.conceded) for reach in pots_reached(*table)]
    assert taken({1: 100, 2: 60, 3: 60}) == [(Taken.CONTESTED, POTS_APART, ()), (Taken.UNCALLED, UNCALLED_RETURNED, ())]
    assert taken({1: 5, 2: 15, 3: 45}, {2, 3}) == [(Taken.LAST_HAND, ONE_HAND_LEFT, ())]
    assert taken({1: 50, 2: 80}, (), {2}) == [(Taken.CONCEDED, ONE_HAND_LEFT, (2,)),
                                              (Taken.UNCALLED, UNCALLED_RETURNED, ())]
    assert taken({1: 50, 2: 50, 3: 50}, (), {2, 3}) == [(Taken.CONCEDED, ONE_HAND_LEFT, (2, 3))]
    assert taken({1: 50, 2: 200, 3: 120}, {2}) == [(Taken.CONTESTED, POTS_APART, ()),
                                                   (Taken.DEAD_MONEY, DEAD_MONEY_STAYS, ())]


def unmatched(contributions):
    """The uncalled excess worked out directly: the most any seat put in over the most any other seat put in."""
    top = max(contributions, key=contributions.__getitem__)
    matched = max((chips for seat, chips in contributions.items() if seat != top), default=0)
    return (top, contributions[top] - matched) if contributions[top] > matched else None


@settings(max_examples=200, deadline=None)
@given(contributions_with_mucks())
def test_the_uncalled_excess_is_the_chips_the_top_pot_returns(table):
    contributions, folded, mucked = table
    assert uncalled_excess(contributions) == unmatched(contributions)
    reached = pots_reached(contributions, folded, mucked)
    assert sum(reach.returned for reach in reached) == (unmatched(contributions) or (0, 0))[1] * \
        (max(contributions, key=contributions.__getitem__) not in folded)
