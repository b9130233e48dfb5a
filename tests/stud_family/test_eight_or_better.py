"""Stud/8's qualifying low (stud rules reference sections 4 and 8) against the reference's examples and a brute
force that reads card text and shares no code with razz's tables."""

import itertools
import random
from itertools import combinations

import pytest
from pokerkit import EightOrBetterLowHand

from service.stud_family.cards import CARD_TEXT, parse_cards
from service.stud_family.eight_or_better import QUALIFYING_LOWS, low_batch, qualifying_low, rank_batch
from service.stud_family.high_ranking import evaluate as evaluate_high

LOW_ORDER = "A2345678"
"""The ranks a low may use, lowest first: the ace plays as one."""
DECK = [rank + suit for rank in "A23456789TJQK" for suit in "cdhs"]


def brute_low(cards):
    """The best qualifying low's ranks, highest first (smaller tuples are better lows), or None."""
    lows = []
    for five in combinations(cards, 5):
        ranks = {card[0] for card in five}
        if len(ranks) == 5 and ranks <= set(LOW_ORDER):
            lows.append(tuple(sorted((LOW_ORDER.index(rank) + 1 for rank in ranks), reverse=True)))
    return min(lows, default=None)


EVERY_LOW = sorted(tuple(sorted(ranks, reverse=True)) for ranks in combinations(range(1, 9), 5))
"""The 56 qualifying lows, best first."""


def named(low):
    return "-".join(LOW_ORDER[rank - 1] for rank in low)


def test_there_are_56_qualifying_lows_placed_best_first():
    assert len(EVERY_LOW) == QUALIFYING_LOWS
    hands = [parse_cards([LOW_ORDER[rank - 1] + suit for rank, suit in zip(low, "shdcs", strict=True)])
             for low in EVERY_LOW]
    lows, cards = low_batch(hands)
    assert [low.rank for low in lows] == list(range(1, QUALIFYING_LOWS + 1))
    assert [low.name for low in lows] == [named(low) for low in EVERY_LOW]
    assert [sorted(best) for best in cards] == [sorted(hand) for hand in hands]


def test_every_other_five_card_rank_set_does_not_qualify():
    """Each set of five ranks with a pair or a card above 8 makes no low, in some suits."""
    rng = random.Random(0)
    ranks = "A23456789TJQK"
    for chosen in combinations(ranks * 2, 5):
        if set(chosen) <= set(LOW_ORDER) and len(set(chosen)) == 5:
            continue
        suits = iter(rng.sample("cdhs" * 2, 5) if len(set(chosen)) == 5 else "cdhsc")
        hand = [rank + next(suits) for rank in chosen]
        if len(set(hand)) == 5:
            assert qualifying_low(parse_cards(hand)) is None, hand


@pytest.mark.parametrize("size", range(1, 8))
def test_random_hands_agree_with_brute_force(size):
    rng = random.Random(size)
    hands = [rng.sample(DECK, size) for _ in range(4000)]
    lows, cards = low_batch([parse_cards(hand) for hand in hands])
    for hand, low, best in zip(hands, lows, cards, strict=True):
        expected = brute_low(hand)
        if expected is None:
            assert low is None and best is None, hand
            continue
        assert low.name == named(expected) and low.rank == EVERY_LOW.index(expected) + 1, hand
        best_texts = [CARD_TEXT[code] for code in best]
        assert set(best_texts) <= set(hand) and "-".join(card[0] for card in best_texts) == low.name, hand
        assert qualifying_low(parse_cards(hand)) is low, hand


def test_hands_rich_in_low_cards_agree_with_brute_force():
    rng = random.Random(8)
    low_cards = [card for card in DECK if card[0] in LOW_ORDER]
    hands = [rng.sample(low_cards, 5) + rng.sample([card for card in DECK if card[0] not in LOW_ORDER], 2)
             for _ in range(2000)]
    for hand in hands:
        low = qualifying_low(parse_cards(hand))
        expected = brute_low(hand)
        assert (low and low.name) == (expected and named(expected)), hand


@pytest.mark.parametrize(("cards", "low"), [
    ("5-4-3-2-A", 1), ("6-4-3-2-A", 2), ("6-5-4-3-2", 6), ("7-5-4-3-A", 10), ("7-6-4-3-2", 15), ("7-6-5-4-3", 21),
    ("8-4-3-2-A", 22), ("8-7-4-2-A", 38), ("8-7-6-5-4", 56),
])
def test_section_8_low_ranks(cards, low):
    hand = parse_cards([rank + suit for rank, suit in zip(cards.split("-"), "shdcs", strict=True)])
    assert qualifying_low(hand).rank == low


@pytest.mark.parametrize(("cards", "high", "high_rank", "low", "low_best"), [
    ("Kh Kd Ks 7c 7d 7h 2s", "K-K-K-7-7", 185, None, None),
    ("As 2d 3c 4h 5s Kd Kc", "5-4-3-2-A", 1609, "5-4-3-2-A", "5s 4h 3c 2d As"),
    ("Ac 2c 4c 7c 8d 9c Kc", "A-K-9-7-4", 439, "8-7-4-2-A", "8d 7c 4c 2c Ac"),
    ("9s 9d 8h 7c 6s 5d Kd", "9-8-7-6-5", 1605, None, None),
    ("2s 2d 3h 4c 5s 6d 6h", "6-5-4-3-2", 1608, "6-5-4-3-2", "6h 5s 4c 3h 2s"),
    ("As 2d 3c 5h 9s Kd 4h", "5-4-3-2-A", 1609, "5-4-3-2-A", "5h 4h 3c 2d As"),
    ("Kc Kd Kh 2s 9s Jd Qd", "K-K-K-Q-J", None, None, None),
    ("As 3c 4d 5h 7c Td Jh", "A-J-T-7-5", None, "7-5-4-3-A", "7c 5h 4d 3c As"),
    ("Qh Qd Jc 9c 9d 7h Th", "Q-Q-9-9-J", None, None, None),
])
def test_section_4_8_and_7_both_halves(cards, high, high_rank, low, low_best):
    """Section 4 vectors 6 to 9, section 8 vector 4, section 7 vector 1 and the hands of section 5 vectors 3 and 8."""
    hand = parse_cards(cards.split())
    highs, _, lows, low_cards = rank_batch([hand])
    assert highs[0] is evaluate_high(hand) and highs[0].name == high
    assert high_rank is None or highs[0].rank == high_rank
    assert (lows[0] and lows[0].name) == low
    assert low_cards[0] is None if low is None else [CARD_TEXT[code] for code in low_cards[0]] == low_best.split()


@pytest.mark.parametrize(("better", "worse"), [
    ("7s 5d 4h 3c As", "7d 6s 4c 3h 2s"), ("7h 6d 5s 4c 3d", "8s 4d 3s 2c Ad"),
])
def test_section_4_vector_10_low_order(better, worse):
    assert qualifying_low(parse_cards(better.split())).rank < qualifying_low(parse_cards(worse.split())).rank


@pytest.mark.parametrize(("cards", "qualifies"), [("8s 7d 6h 5c 4s", True), ("9s 4d 3h 2c As", False)])
def test_section_4_vector_10_the_qualifier(cards, qualifies):
    assert (qualifying_low(parse_cards(cards.split())) is not None) == qualifies


def test_section_5_vector_6_tied_lows_write_their_cards_for_the_odd_chip():
    """Two `7-5-4-3-A` lows: the sevens are compared first, 7♠ over 7♦."""
    first, second = parse_cards("Ah 3s 4s 5d 7s Jd Td".split()), parse_cards("Ac 3d 4h 5h 7d 9s 9d".split())
    lows, cards = low_batch([first, second])
    assert lows[0] is lows[1]
    assert [[CARD_TEXT[code] for code in best] for best in cards] == [
        ["7s", "5d", "4s", "3s", "Ah"], ["7d", "5h", "4h", "3d", "Ac"]]


def test_seven_card_lows_agree_with_pokerkit_on_random_hands():
    """Section 9: PokerKit's eight-or-better lows qualify and order the same hands as the reference does."""
    rng = random.Random(9)
    hands = [rng.sample(DECK, 7) for _ in range(3001)]
    ours = [qualifying_low(parse_cards(hand)) for hand in hands]
    theirs = []
    for hand in hands:
        try:
            theirs.append(EightOrBetterLowHand.from_game("".join(hand)))
        except ValueError:
            theirs.append(None)
    assert [low is None for low in ours] == [low is None for low in theirs]
    pairs = [(mine, their) for mine, their in zip(ours, theirs, strict=True) if mine is not None]
    assert len(pairs) > 300
    for (mine, their), (next_mine, next_their) in itertools.pairwise(pairs):
        assert (mine.rank < next_mine.rank) == (their > next_their)
        assert (mine is next_mine) == (their == next_their)
