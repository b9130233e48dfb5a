"""Show order at showdown: rules reference section 5 examples and the no-bet options."""

import pytest

from service.stud_family.errors import DuplicateSeatError, ShowdownError
from service.stud_family.rules import NoBetShowOrder
from service.stud_family.show_order import (
    ALL_AT_ONCE,
    EARLIEST_POSITION,
    LAST_AGGRESSOR,
    LAST_AGGRESSOR_SHOWS,
    LOWEST_BOARD,
    NO_BET_SHOWS,
    ShowOrder,
    explain_show_order,
    show_order,
)

CHECKED_AROUND = {1: 200, 4: 200, 6: 200}
FIRST_TO_ACT_BOARD = NO_BET_SHOWS[NoBetShowOrder.FIRST_TO_ACT_BOARD]
EARLIEST = NO_BET_SHOWS[NoBetShowOrder.EARLIEST_POSITION]


def test_s5_example1_last_aggressor_on_7th_shows_first():
    shown = show_order({2: 360, 5: 360}, last_aggressor=2, first_to_act_board=5)
    assert shown == ShowOrder(False, (2, 5), LAST_AGGRESSOR, shown_by=LAST_AGGRESSOR_SHOWS)


def test_s5_example2_checked_around_lowest_board_shows_first():
    shown = show_order(CHECKED_AROUND, first_to_act_board=4)
    assert shown == ShowOrder(False, (4, 6, 1), LOWEST_BOARD, shown_by=FIRST_TO_ACT_BOARD)


def test_s5_example2_checked_around_earliest_position():
    result = show_order(CHECKED_AROUND, first_to_act_board=4, no_bet_show_order=NoBetShowOrder.EARLIEST_POSITION)
    assert result == ShowOrder(False, (1, 4, 6), EARLIEST_POSITION, shown_by=EARLIEST)


def test_s5_example3_all_in_all_hands_tabled_at_once():
    # s3 went all-in on 6th street; the others' betting is complete. Side-pot players show first.
    result = show_order({1: 300, 3: 150, 5: 300}, all_in=True, first_to_act_board=5)
    assert result == ShowOrder(True, (5, 1, 3), LOWEST_BOARD, shown_by=ALL_AT_ONCE)


def test_all_in_order_puts_the_biggest_side_pot_first_then_clockwise():
    result = show_order({1: 50, 2: 120, 3: 200, 4: 200}, all_in=True, last_aggressor=4)
    assert result == ShowOrder(True, (4, 3, 2, 1), LAST_AGGRESSOR, shown_by=ALL_AT_ONCE)


def test_earliest_position_counts_from_the_dealer():
    result = show_order(CHECKED_AROUND, position=[5, 6, 7, 8, 1, 2, 3, 4],
                        no_bet_show_order=NoBetShowOrder.EARLIEST_POSITION)
    assert result == ShowOrder(False, (6, 1, 4), EARLIEST_POSITION, shown_by=EARLIEST)


def test_last_aggressor_any_street_takes_the_first_live_bettor_of_the_latest_street_with_a_bet():
    aggressors = {6: [6, 1], 5: [4]}
    rule = "last_aggressor_any_street"
    after = {"aggressors": aggressors, "first_to_act_board": 4, "no_bet_show_order": rule}
    assert show_order(CHECKED_AROUND, **after).order == (6, 1, 4)
    assert show_order({1: 200, 4: 200}, **after).order == (1, 4)
    assert show_order(CHECKED_AROUND, aggressors={5: [4], 3: [1]}, no_bet_show_order=rule).order == (4, 6, 1)


def test_last_aggressor_any_street_with_no_bet_at_all_falls_back_to_the_lowest_board():
    result = show_order(CHECKED_AROUND, aggressors={}, first_to_act_board=6,
                        no_bet_show_order=NoBetShowOrder.LAST_AGGRESSOR_ANY_STREET)
    assert result.order == (6, 1, 4)


LATEST_STREET_RULE = ("nobody bet on 7th street: under last_aggressor_any_street the first live player to bet or "
                      "raise on the latest street on which one did shows first (the first, not the last): ")


@pytest.mark.parametrize(
    ("rule", "aggressors", "said"),
    [
        ("last_aggressor_any_street", {5: [4], 3: [1]}, f"{LATEST_STREET_RULE}seat 4, on 5th street, then clockwise"),
        ("last_aggressor_any_street", {6: [2], 5: [4, 6]},
         f"{LATEST_STREET_RULE}seat 4, on 5th street, then clockwise"),
        ("last_aggressor_any_street", {}, f"{LATEST_STREET_RULE}nobody live bet or raised on any street, so the lowest "
                                          "board does: seat 4, then clockwise"),
        ("first_to_act_board", {5: [4]}, "nobody bet on 7th street: seat 4, the lowest board, shows first, then "
                                         "clockwise"),
    ],
)
def test_the_first_shower_when_7th_street_is_checked_is_explained_by_what_chose_him(rule, aggressors, said):
    # Seat 4 holds the lowest board and, in the first cases, was first to bet 5th street (seat 2, who bet 6th street,
    # has folded): the text names the rule that chose him.
    shown = show_order(CHECKED_AROUND, first_to_act_board=4, aggressors=aggressors, no_bet_show_order=rule)
    (why,) = explain_show_order(shown, NoBetShowOrder(rule))
    assert why.text == f"{said} (4, 6, 1)"


def test_one_live_seat_wins_without_showing():
    assert show_order({3: 45}) == ShowOrder(False, ())


@pytest.mark.parametrize(
    ("kwargs", "path"),
    [
        ({"last_aggressor": 2}, "last_aggressor"),
        ({"first_to_act_board": 3}, "first_to_act_board"),
        ({}, "first_to_act_board"),
        ({"first_to_act_board": 4, "position": [1, 2, 3, 4, 5]}, "position"),
    ],
)
def test_invalid_arguments_name_the_argument(kwargs, path):
    with pytest.raises(ShowdownError) as caught:
        show_order(CHECKED_AROUND, **kwargs)
    assert caught.value.path == path


def test_a_seat_listed_twice_in_the_position_is_a_duplicate_seat():
    with pytest.raises(DuplicateSeatError) as caught:
        show_order(CHECKED_AROUND, first_to_act_board=4, position=[1, 2, 3, 4, 5, 6, 2])
    assert caught.value.path == "position[6]"


def test_no_live_seat_is_an_error():
    with pytest.raises(ShowdownError) as caught:
        show_order({}, first_to_act_board=1)
    assert caught.value.path == "contributed"
