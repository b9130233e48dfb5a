"""Bring-in: section 1 beyond its worked examples (test_reference_examples.py has those), and input checks."""

import pytest

from service.stud_family.bring_in import find_bring_in
from service.stud_family.errors import DuplicateCardError, DuplicateSeatError, InvalidCardError
from service.stud_family.limits import Stakes
from tests.tables import door_card, door_cards

STAKES = Stakes(5, 10, 40, 80)


def test_opener_wraps_clockwise_past_the_highest_seat():
    result = find_bring_in(door_cards({1: "Ac", 2: "2d", 3: "Ks"}, {1: 500, 2: 500, 3: 4}), STAKES)
    assert (result.seat, result.opener) == (3, 1)


def test_no_opener_when_fewer_than_two_players_have_chips():
    result = find_bring_in(door_cards({1: "Ac", 2: "Ks"}, {1: 5, 2: 500}), STAKES)
    assert (result.seat, result.opener, result.amount) == (2, None, 10)


def test_rank_alone_decides_without_suit():
    assert find_bring_in(door_cards({1: "Qh", 2: "Kc", 3: "Js"})).tie_broken_by_suit is False


def test_duplicate_door_card_is_rejected():
    with pytest.raises(DuplicateCardError) as caught:
        find_bring_in(door_cards({1: "Qh", 2: "Qh"}))
    assert (caught.value.path, caught.value.first_seen) == ("players[1].door_card", "players[0].door_card")


def test_bad_door_card_is_rejected():
    with pytest.raises(InvalidCardError) as caught:
        find_bring_in(door_cards({1: "Qh", 2: "Q"}))
    assert caught.value.path == "players[1].door_card"


def test_a_seat_taken_twice_names_the_second():
    with pytest.raises(DuplicateSeatError) as caught:
        find_bring_in([door_card(1, "Qh"), door_card(1, "Kd")])
    assert (caught.value.path, caught.value.kind) == ("players[1].seat", "duplicate-seat")
