"""The game as a value: razz's directions as data, in the order the reference gives them."""

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from service.stud_family.betting import explain, replay
from service.stud_family.bring_in import DoorCard, explain_bring_in, find_bring_in
from service.stud_family.cards import CARD_CODES
from service.stud_family.first_to_act import BoardIn, find_first_to_act
from service.stud_family.games import GAMES, RAZZ, Direction
from service.stud_family.limits import Stakes
from service.stud_family.ranking import evaluate
from service.stud_family.rules import OPTIONS, PRESETS, Rules
from service.stud_family.snapshot import Action, PlayerIn, Snapshot


def test_razz_brings_in_the_highest_door_card_kings_high_aces_low_spades_highest():
    key = RAZZ.door.brings_in
    order = sorted(CARD_CODES, key=lambda card: key[CARD_CODES[card]])
    assert RAZZ.door.direction is Direction.HIGHEST
    assert order[:5] == ["Ac", "Ad", "Ah", "As", "2c"]
    assert order[-2:] == ["Kh", "Ks"]


def test_razz_opens_later_streets_with_the_lowest_ace_to_five_board():
    board = RAZZ.board
    value = board.value([CARD_CODES["6d"], CARD_CODES["2c"]])
    assert board.direction is Direction.LOWEST
    assert (value.rank, value.name) == (board.value([CARD_CODES["6s"], CARD_CODES["2h"]]).rank, "6-2")
    assert board.value([CARD_CODES["As"], CARD_CODES["2d"]]).rank == 1


def test_razz_accepts_the_options_and_presets_of_the_summary_table_and_is_found_by_its_name():
    assert RAZZ.options == OPTIONS and RAZZ.presets == PRESETS
    assert GAMES["razz"] is RAZZ and list(GAMES) == ["razz", "stud", "stud8"]
    assert RAZZ.citations == "razz"


class _Turned(NamedTuple):
    """A razz board's value counted from the other end: the highest low ranks first."""

    rank: int
    name: str
    category: str


def _highest_low(cards: Sequence[int]) -> _Turned:
    value = evaluate(cards)
    return _Turned(-value.rank, value.name, value.category)


TURNED = replace(RAZZ, name="turned",
                 door=replace(RAZZ.door, direction=Direction.LOWEST),
                 board=replace(RAZZ.board, direction=Direction.HIGHEST, value=_highest_low))
"""A made-up game whose table rules point the other way: the lowest door card brings in, the highest board opens."""

STAKES = Stakes(ante=5, bring_in=10, small_bet=40)
DEALT = (PlayerIn(1, 1000, ("7c", "8d")), PlayerIn(3, 1000, ("Kc", "2h")), PlayerIn(5, 1000, ("Ah", "Qs")))
BROUGHT_IN_AND_CALLED = (Action(3, "bring_in"), Action(5, "call"), Action(1, "call"))
TURNED_BROUGHT_IN_AND_CALLED = (Action(5, "bring_in"), Action(1, "call"), Action(3, "call"))


def test_the_game_value_says_who_brings_in():
    doors = [DoorCard(player.seat, player.up_cards[0], player.stack) for player in DEALT]
    assert (find_bring_in(doors, STAKES).seat, find_bring_in(doors, STAKES, TURNED).seat) == (3, 5)
    doors_only = tuple(PlayerIn(player.seat, player.stack, player.up_cards[:1]) for player in DEALT)
    assert replay(Snapshot(STAKES, doors_only)).bring_in_seat == 3
    assert replay(Snapshot(STAKES, doors_only, game=TURNED)).bring_in_seat == 5
    said = explain_bring_in(find_bring_in(doors, STAKES, TURNED), STAKES, Rules(), game=TURNED)[0].text
    assert said == "seat 5's Ah is the lowest door card (kings high, aces low): seat 5 brings in"


def test_the_game_value_says_which_board_opens_a_later_street():
    boards = [BoardIn(player.seat, player.up_cards) for player in DEALT]
    assert find_first_to_act(4, boards).seat == 1  # 8-7, the lowest
    assert find_first_to_act(4, boards, game=TURNED).seat == 3  # K-2, the highest low
    assert replay(Snapshot(STAKES, DEALT, BROUGHT_IN_AND_CALLED)).to_act == 1
    assert replay(Snapshot(STAKES, DEALT, TURNED_BROUGHT_IN_AND_CALLED, game=TURNED)).to_act == 3
    why = explain(Snapshot(STAKES, DEALT, TURNED_BROUGHT_IN_AND_CALLED, game=TURNED)).why
    assert "the highest board of 2 up cards on 4th street" in next(w.text for w in why if w.decision == "first_to_act")
