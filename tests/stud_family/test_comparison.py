"""Comparing players' lows: one deck, hands of as many cards, equal values tied."""

import pytest

from service.stud_family.comparison import compare
from service.stud_family.errors import DuplicateCardError, TooManyCardsError, UnequalHandsError
from service.stud_family.judging import RAZZ_JUDGING


def test_equal_values_tie_whatever_the_suits():
    result = compare(RAZZ_JUDGING, ["7s 5d 4c 3c Ad Qc Jc".split(), "Ks Kh Qd Qs Js Jh Td".split(),
                                    "7h 5s 4d 3h Ac Kc 9d".split()])
    assert result.order == ((0, 2), (1,))
    assert [value.name for value in result.values] == ["7-5-4-3-A", "J-J-K-Q-T", "7-5-4-3-A"]


def test_the_community_card_plays_in_every_hand():
    result = compare(RAZZ_JUDGING, ["8s 6d 4c 3c Qc Jc".split(), "7h 5s 4d 3h Kc 9d".split()], community_card="2c")
    assert result.order == ((1,), (0,)) and all(len(hand) == 7 for hand in result.hands)


def test_one_deck_names_both_places():
    with pytest.raises(DuplicateCardError) as error:
        compare(RAZZ_JUDGING, [["As", "2c"], ["3c", "As"]])
    assert (error.value.path, error.value.first_seen) == ("players[1].cards[1]", "players[0].cards[0]")


def test_hands_of_different_sizes_do_not_compare():
    with pytest.raises(UnequalHandsError) as error:
        compare(RAZZ_JUDGING, [["As", "2c"], ["3c", "4c", "5c"]])
    assert error.value.path == "players[1].cards"


def test_seven_own_cards_and_a_community_card_are_too_many():
    with pytest.raises(TooManyCardsError):
        compare(RAZZ_JUDGING, ["As 2c 3c 4c 5c 6c 7c".split(), "Ah 2h 3h 4h 5h 6h 7h".split()], community_card="8c")
