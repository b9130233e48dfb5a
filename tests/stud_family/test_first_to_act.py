"""First to act: section 3 beyond its worked examples (test_reference_examples.py has those), and input checks."""

import pytest

from service.stud_family.errors import DuplicateCardError, SnapshotError
from service.stud_family.first_to_act import find_first_to_act
from service.stud_family.rules import Rules
from tests.tables import boards_in


def test_position_follows_the_dealer_seat():
    players = boards_in({1: "6d 2c", 3: "6s 2h", 5: "7c Ad"})
    assert find_first_to_act(4, players, dealer_seat=1).seat == 3
    assert find_first_to_act(4, players, dealer_seat=3).seat == 1


def test_third_street_is_the_bring_in_or_the_next_seat_with_chips():
    players = boards_in({1: "7c", 2: "Kd", 3: "Ks", 4: "Ac"})
    first = find_first_to_act(3, players)
    assert (first.seat, first.showing, first.tied_with) == (3, "K", (2,))
    assert find_first_to_act(3, boards_in({1: "7c", 2: "Kd", 3: "Ks", 4: "Ac"}, all_in=(3,))).seat == 4


def test_folded_players_are_ignored_and_may_hide_cards():
    first = find_first_to_act(5, boards_in({1: "", 2: "8s 5c Ad", 3: "9c 5d 2d"}, folded=(1,)))
    assert first.seat == 2


@pytest.mark.parametrize("street, spec, path", [
    (4, {1: "6d", 2: "7c 2d"}, "players[0].up_cards"),
    (5, {1: "6d 2c 3c", 2: "7c 3d"}, "players[1].up_cards"),
])
def test_boards_must_fit_the_street(street, spec, path):
    with pytest.raises(SnapshotError) as caught:
        find_first_to_act(street, boards_in(spec))
    assert caught.value.path == path


def test_a_card_shown_twice_names_both_places():
    with pytest.raises(DuplicateCardError) as caught:
        find_first_to_act(4, boards_in({1: "6d 2c", 2: "6d 3c"}))
    assert (caught.value.path, caught.value.first_seen) == ("players[1].up_cards[0]", "players[0].up_cards[0]")


def test_more_players_than_max_players_are_refused():
    with pytest.raises(SnapshotError) as caught:
        find_first_to_act(4, boards_in({1: "6d 2c", 2: "7c 3c", 3: "8c 4c"}), Rules(max_players=2))
    assert caught.value.path == "players"
