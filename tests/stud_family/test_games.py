"""The game as a value: razz's directions as data, in the order the reference gives them."""

from service.stud_family.cards import CARD_CODES
from service.stud_family.games import GAMES, RAZZ, Direction
from service.stud_family.rules import OPTIONS, PRESETS


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
    assert GAMES == {"razz": RAZZ}
    assert RAZZ.citations == "razz"
