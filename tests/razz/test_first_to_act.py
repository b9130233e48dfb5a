"""First to act: reference section 3 test vectors."""

import pytest

from service.razz.errors import DuplicateCardError, SnapshotError
from service.razz.first_to_act import BoardIn, find_first_to_act
from service.razz.rules import Rules

SUITS = Rules(later_street_tie_break="high_card_by_suit")


def boards(spec, **flags):
    """Players from {seat: 'cards'}; flags maps 'folded'/'all_in' to seats."""
    return [BoardIn(seat, tuple(cards.split()), folded=seat in flags.get("folded", ()),
                    all_in=seat in flags.get("all_in", ())) for seat, cards in spec.items()]


def test_s3_example1_tie_by_position_or_by_suit():
    players = boards({1: "6d 2c", 3: "6s 2h", 5: "7c Ad"})
    first = find_first_to_act(4, players)
    assert (first.seat, first.showing, first.tied_with) == (1, "6-2", (3,))
    first = find_first_to_act(4, players, SUITS)
    assert (first.seat, first.tied_with) == (3, (1,))


def test_s3_example2_no_pair_beats_any_pair():
    first = find_first_to_act(4, boards({2: "Kc Kd", 4: "Qh Js", 6: "2d 2h"}))
    assert (first.seat, first.showing, first.tied_with) == (4, "Q-J", ())


def test_s3_example3_second_card_decides():
    assert find_first_to_act(5, boards({1: "8c 4d 2h", 2: "8s 5c Ad"})).seat == 1


def test_s3_example4_sixth_street_and_seventh_street():
    players = {2: "9c 7d 4h 4s", 4: "Qc Qh Qs 2c", 6: "Kc Qd Jh Ts"}
    assert find_first_to_act(6, boards(players)).seat == 6
    assert find_first_to_act(7, boards(players)).seat == 6
    first = find_first_to_act(7, boards(players, all_in=(6,)))
    assert (first.seat, first.board_seat, first.showing) == (2, 6, "K-Q-J-T")


def test_position_follows_the_dealer_seat():
    players = boards({1: "6d 2c", 3: "6s 2h", 5: "7c Ad"})
    assert find_first_to_act(4, players, dealer_seat=1).seat == 3
    assert find_first_to_act(4, players, dealer_seat=3).seat == 1


def test_third_street_is_the_bring_in_or_the_next_seat_with_chips():
    players = boards({1: "7c", 2: "Kd", 3: "Ks", 4: "Ac"})
    first = find_first_to_act(3, players)
    assert (first.seat, first.showing, first.tied_with) == (3, "K", (2,))
    assert find_first_to_act(3, boards({1: "7c", 2: "Kd", 3: "Ks", 4: "Ac"}, all_in=(3,))).seat == 4


def test_folded_players_are_ignored_and_may_hide_cards():
    first = find_first_to_act(5, boards({1: "", 2: "8s 5c Ad", 3: "9c 5d 2d"}, folded=(1,)))
    assert first.seat == 2


@pytest.mark.parametrize("street, spec, path", [
    (4, {1: "6d", 2: "7c 2d"}, "players[0].up_cards"),
    (5, {1: "6d 2c 3c", 2: "7c 3d"}, "players[1].up_cards"),
])
def test_boards_must_fit_the_street(street, spec, path):
    with pytest.raises(SnapshotError) as caught:
        find_first_to_act(street, boards(spec))
    assert caught.value.path == path


def test_a_card_shown_twice_names_both_places():
    with pytest.raises(DuplicateCardError) as caught:
        find_first_to_act(4, boards({1: "6d 2c", 2: "6d 3c"}))
    assert (caught.value.path, caught.value.first_seen) == ("players[1].up_cards[0]", "players[0].up_cards[0]")


def test_more_players_than_max_players_are_refused():
    with pytest.raises(SnapshotError) as caught:
        find_first_to_act(4, boards({1: "6d 2c", 2: "7c 3c", 3: "8c 4c"}), Rules(max_players=2))
    assert caught.value.path == "players"
