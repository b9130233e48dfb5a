"""Bring-in: reference section 1 test vectors."""

import pytest

from service.razz.bring_in import DoorCard, find_bring_in
from service.razz.errors import DuplicateCardError, DuplicateSeatError, InvalidCardError
from service.razz.limits import Stakes

STAKES = Stakes(5, 10, 40, 80)


def doors(*cards, stacks=None):
    """Door cards for seats 1, 2, ... (optionally with stacks)."""
    return [DoorCard(seat, card, None if stacks is None else stacks[seat - 1])
            for seat, card in enumerate(cards, start=1)]


def test_s1_example1_king_of_spades_brings_in():
    result = find_bring_in(doors("7c", "Kd", "Ks", "As"), STAKES)
    assert (result.seat, result.card, result.tie_broken_by_suit) == (3, "Ks", True)
    assert result.opener == 3 and result.amount == 10


def test_s1_example2_queen_of_hearts_beats_queen_of_clubs():
    result = find_bring_in(doors("Qh", "Qc", "Js"))
    assert (result.seat, result.tie_broken_by_suit, result.amount) == (1, True, None)


def test_s1_example3_ace_of_spades_is_the_highest_ace():
    assert find_bring_in(doors("Ac", "Ad", "Ah", "As")).seat == 4


def test_s1_example4_bring_in_all_in_for_the_ante_passes_the_opening_clockwise():
    result = find_bring_in(doors("7c", "Kd", "Ks", "Ac", stacks=[500, 500, 5, 500]), STAKES)
    assert (result.seat, result.opener, result.amount) == (3, 4, 0)


def test_s1_example5_short_bring_in_posts_what_is_left():
    result = find_bring_in(doors("7c", "Kd", "Ks", "Ac", stacks=[500, 500, 12, 500]), STAKES)
    assert (result.seat, result.opener, result.amount) == (3, 3, 7)


def test_opener_wraps_clockwise_past_the_highest_seat():
    result = find_bring_in(doors("Ac", "2d", "Ks", stacks=[500, 500, 4]), STAKES)
    assert (result.seat, result.opener) == (3, 1)


def test_no_opener_when_fewer_than_two_players_have_chips():
    result = find_bring_in(doors("Ac", "Ks", stacks=[5, 500]), STAKES)
    assert (result.seat, result.opener, result.amount) == (2, None, 10)


def test_rank_alone_decides_without_suit():
    assert find_bring_in(doors("Qh", "Kc", "Js")).tie_broken_by_suit is False


def test_duplicate_door_card_is_rejected():
    with pytest.raises(DuplicateCardError) as caught:
        find_bring_in(doors("Qh", "Qh"))
    assert (caught.value.path, caught.value.first_seen) == ("players[1].door_card", "players[0].door_card")


def test_bad_door_card_is_rejected():
    with pytest.raises(InvalidCardError) as caught:
        find_bring_in(doors("Qh", "Q"))
    assert caught.value.path == "players[1].door_card"


def test_a_seat_taken_twice_names_the_second():
    with pytest.raises(DuplicateSeatError) as caught:
        find_bring_in([DoorCard(1, "Qh"), DoorCard(1, "Kd")])
    assert (caught.value.path, caught.value.kind) == ("players[1].seat", "duplicate-seat")
