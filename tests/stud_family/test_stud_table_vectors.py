"""stud-rules.md's table vectors (sections 1, 2, 3, 6 and 7), each named by its section and number."""

from __future__ import annotations

import pytest

from service.stud_family.bring_in import DoorCard, find_bring_in
from service.stud_family.first_to_act import BoardIn, find_first_to_act
from service.stud_family.games import STUD, STUD8
from service.stud_family.rules import resolve_rules

BY_SUIT = {"later_street_tie_break": "high_card_by_suit"}


def _doors(*cards: str) -> list[DoorCard]:
    return [DoorCard(seat, card) for seat, card in enumerate(cards, start=1)]


@pytest.mark.parametrize("game, doors, seat", [
    pytest.param(STUD, _doors("7c", "Kd", "2s", "2c"), 4, id="§1.1"),
    pytest.param(STUD8, _doors("5h", "Jc", "2h", "7h", "3h", "Qh", "Ah"), 3, id="§1.2"),
    pytest.param(STUD, _doors("Ah", "3c"), 2, id="§1.3-ace-high"),
    pytest.param(STUD, _doors("4h", "4d", "4s"), 2, id="§1.3-diamonds-under-hearts"),
    pytest.param(STUD, _doors("Ac", "Ad", "As", "Ah"), 1, id="§1.3-ace-of-clubs"),
])
def test_section_1_the_lowest_door_card_aces_high_clubs_lowest_brings_in(game, doors, seat):
    assert find_bring_in(doors, game=game).seat == seat


def _boards(street: int, game, seats: dict[int, str], all_in: tuple[int, ...] = (),
            folded: dict[int, str] | None = None,
            rules=None) -> int | None:
    players = [BoardIn(seat, tuple(cards.split()), all_in=seat in all_in) for seat, cards in seats.items()]
    players += [BoardIn(seat, tuple(cards.split()), folded=True) for seat, cards in (folded or {}).items()]
    players.sort(key=lambda player: player.seat)
    return find_first_to_act(street, players, resolve_rules(rules, game.name), game=game).seat


@pytest.mark.parametrize("street, seats, default, by_suit", [
    pytest.param(4, {1: "2c 7h", 2: "2d 7s", 3: "2h 7c"}, 1, 2, id="§2.1"),
    pytest.param(4, {1: "Ah 2c", 2: "Ks Qd"}, 1, 1, id="§2.2-ace-high"),
    pytest.param(4, {1: "As Kd", 4: "3c 3d"}, 4, 4, id="§2.2-pair"),
    pytest.param(5, {1: "9s 9h Kc", 2: "9d 9c Ah"}, 2, 2, id="§2.3"),
    pytest.param(5, {1: "2s 2d Ac", 3: "2h 2c Ad"}, 1, 3, id="§2.4"),
    pytest.param(4, {2: "Kh Kc", 5: "Ks Kd"}, 2, 5, id="§2.5"),
    pytest.param(6, {3: "8s 7s 6s 5s", 5: "9c 2d 3h 4s"}, 5, 5, id="§2.6"),
    pytest.param(6, {2: "5s 5h 3c 3d", 6: "6c 6d Ah Ks"}, 2, 2, id="§2.7-two-pair"),
    pytest.param(6, {2: "5s 5h 3c 3d", 4: "7c 7d 7h 2s", 6: "6c 6d Ah Ks"}, 4, 4, id="§2.7-trips"),
])
def test_section_2_the_highest_board_opens_and_ties_go_by_position_or_suit(street, seats, default, by_suit):
    for game in (STUD, STUD8):
        assert _boards(street, game, seats) == default
        assert _boards(street, game, seats, rules=BY_SUIT) == by_suit


def test_section_2_8_an_all_in_highest_board_passes_the_opening_clockwise():
    seats = {1: "Qs Jd 9c", 4: "Ah Ad Kc", 6: "Kh 8c 7d"}
    assert _boards(5, STUD8, seats, all_in=(4,)) == 6


def test_section_2_9_the_merge_stud8_hand_opens_as_the_file_acts():
    assert _boards(4, STUD8, {3: "2h 8s", 4: "7h 6s", 5: "3h 4h"}) == 3
    assert _boards(5, STUD8, {3: "2h 8s Js", 4: "7h 6s Ad", 5: "3h 4h Qc"}) == 4
    assert _boards(6, STUD8, {4: "7h 6s Ad 3s", 5: "3h 4h Qc 4d"}, folded={3: "2h 8s Js"}) == 5
