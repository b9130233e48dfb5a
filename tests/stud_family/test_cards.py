"""Card notation and the rank keys every ranking table relies on."""

from itertools import combinations_with_replacement

import pytest

from service.stud_family.cards import (
    CARD_CODES,
    CARD_TEXT,
    HIGH_CARD_ORDER,
    RANK_KEYS,
    RANK_OF,
    SUIT_OF,
    first_duplicate,
    parse_card,
    parse_cards,
)
from service.stud_family.errors import DuplicateCardError, InvalidCardError


def test_deck_has_52_distinct_codes_that_write_back():
    assert len(set(CARD_CODES.values())) == 52
    assert all(CARD_TEXT[code] == text for text, code in CARD_CODES.items())


@pytest.mark.parametrize("text, rank, suit", [("As", 1, 3), ("Td", 10, 1), ("Kc", 13, 0), ("7h", 7, 2)])
def test_card_rank_is_ace_low_and_suit_strength_is_s_h_d_c(text, rank, suit):
    code = parse_card(text)
    assert (RANK_OF[code], SUIT_OF[code]) == (rank, suit)


@pytest.mark.parametrize("text", ["as", "AS", "1s", "10s", "A", "Asx", "", None, 7])
def test_parse_card_rejects_anything_but_rank_and_suit(text):
    with pytest.raises(ValueError):
        parse_card(text)


def test_parse_cards_names_the_duplicate():
    with pytest.raises(DuplicateCardError) as error:
        parse_cards(["As", "2c", "As"])
    assert (error.value.card, error.value.path, error.value.first_seen) == ("As", "cards[2]", "cards[0]")
    assert first_duplicate(parse_cards(["As", "2c"])) is None


def test_parse_cards_names_the_bad_card():
    with pytest.raises(InvalidCardError) as error:
        parse_cards(["As", "1c"])
    assert (error.value.path, error.value.kind) == ("cards[1]", "invalid-card")


def test_high_card_order_is_rank_then_suit():
    order = sorted(CARD_CODES, key=lambda text: HIGH_CARD_ORDER[CARD_CODES[text]])
    assert order[:5] == ["Ac", "Ad", "Ah", "As", "2c"]
    assert order[-2:] == ["Kh", "Ks"]


@pytest.mark.parametrize("size", range(1, 8))
def test_rank_keys_separate_every_multiset_of_a_size(size):
    multisets = [ranks for ranks in combinations_with_replacement(range(1, 14), size)
                 if all(ranks.count(rank) <= 4 for rank in set(ranks))]
    sums = {sum(RANK_KEYS[rank] for rank in ranks) for ranks in multisets}
    assert len(sums) == len(multisets)

