"""Stud high values (stud rules reference sections 4 and 8) against the reference's examples and a brute force.

The brute force below shares no code with the service's tables: it reads card text, values five cards
from their rank counts, suits and runs, a bigger hand as the best of its five-card subsets, and orders
the cards of a five-card hand for comparison itself.
"""

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest
from pokerkit import StandardHighHand

from service.stud_family.cards import CARD_TEXT, parse_cards
from service.stud_family.high_ranking import (
    CATEGORIES,
    FIVE_CARD_CLASSES,
    best_cards,
    evaluate,
    high_rank,
    rank_batch,
)

STRENGTHS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [rank + suit for rank in STRENGTHS for suit in SUITS]
BRUTE_CATEGORIES = ("high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
                    "four_of_a_kind", "straight_flush")
"""Worst first: a brute value's category index grows with the hand."""


def strength(card):
    return STRENGTHS.index(card[0]) + 2


def straight_top(strengths):
    """The top of a straight of five distinct strengths (5 for the wheel), else None."""
    high = sorted(set(strengths), reverse=True)
    if len(high) != 5:
        return None
    if high[0] - high[4] == 4:
        return high[0]
    return 5 if high == [14, 5, 4, 3, 2] else None


def brute_value(cards):
    """(category index, strengths in comparison order) of at most five cards: the larger the better."""
    strengths = [strength(card) for card in cards]
    counts = Counter(strengths)
    ordered = tuple(sorted(strengths, key=lambda high: (counts[high], high), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    top = straight_top(strengths) if len(cards) == 5 else None
    flush = len(cards) == 5 and len({card[1] for card in cards}) == 1
    if top and flush:
        return 8, (top,)
    if shape[0] == 4:
        return 7, ordered
    if shape[:2] == [3, 2]:
        return 6, ordered
    if flush:
        return 5, ordered
    if top:
        return 4, (top,)
    if shape[0] == 3:
        return 3, ordered
    if shape[:2] == [2, 2]:
        return 2, ordered
    return (1 if shape[0] == 2 else 0), ordered


def brute_best(cards):
    """The best value of any five of the cards (all of them when fewer)."""
    return max(brute_value(five) for five in combinations(cards, min(5, len(cards))))


def comparison_order(five):
    """Five cards as the odd chip reads them: bigger groups, higher ranks, then higher suits first; a wheel's ace
    last."""
    counts = Counter(map(strength, five))
    wheel = straight_top(list(counts.elements())) == 5

    def key(card):
        high = 1 if wheel and card[0] == "A" else strength(card)
        return counts[strength(card)], high, SUITS.index(card[1])

    return sorted(five, key=key, reverse=True)


def texts(codes):
    return [CARD_TEXT[code] for code in codes]


def brute_places(values):
    """Each distinct brute value's place, 1 = best."""
    return {value: place for place, value in enumerate(sorted(set(values), reverse=True), start=1)}


def one_hand_per_five_card_class():
    """A hand of every five-card value: each rank multiset off suit, each five distinct ranks suited."""
    hands = []
    for strengths in combinations_with_replacement(STRENGTHS, 5):
        if max(Counter(strengths).values()) <= 4:
            suits_left = {rank: list(SUITS) for rank in strengths}
            hand = [rank + suits_left[rank].pop() for rank in strengths]
            if len({card[1] for card in hand}) == 1:
                hand[0] = hand[0][0] + "c"
            hands.append(hand)
    hands += [[rank + "h" for rank in ranks] for ranks in combinations(STRENGTHS, 5)]
    return hands


def test_every_five_card_class_is_placed_as_brute_force_orders_them():
    hands = one_hand_per_five_card_class()
    brute = [brute_value(hand) for hand in hands]
    places = brute_places(brute)
    assert len(hands) == len(places) == FIVE_CARD_CLASSES
    values, _ = rank_batch([parse_cards(hand) for hand in hands])
    assert [value.rank for value in values] == [places[value] for value in brute]
    assert [value.category for value in values] == [BRUTE_CATEGORIES[category] for category, _ in brute]


def test_the_category_bands_are_the_references():
    values, _ = rank_batch([parse_cards(hand) for hand in one_hand_per_five_card_class()])
    bands = {}
    for value in values:
        low, high = bands.get(value.category, (FIVE_CARD_CLASSES, 1))
        bands[value.category] = min(low, value.rank), max(high, value.rank)
    assert bands == {"straight_flush": (1, 10), "four_of_a_kind": (11, 166), "full_house": (167, 322),
                     "flush": (323, 1599), "straight": (1600, 1609), "three_of_a_kind": (1610, 2467),
                     "two_pair": (2468, 3325), "one_pair": (3326, 6185), "high_card": (6186, 7462)}
    assert sorted(bands, key=lambda category: bands[category]) == list(CATEGORIES)


def check_against_brute_force(hands):
    """Each hand's rank, category, name and best cards against the brute force, one by one and in a batch."""
    brute = [brute_best(hand) for hand in hands]
    codes = [parse_cards(hand) for hand in hands]
    values, cards = rank_batch(codes)
    five_card_places = brute_places(brute_value(hand) for hand in one_hand_per_five_card_class())
    for hand, code, expected, value, best in zip(hands, codes, brute, values, cards, strict=True):
        if len(hand) >= 5:
            assert value.rank == five_card_places[expected], hand
        assert value.category == BRUTE_CATEGORIES[expected[0]], hand
        best_texts = texts(best)
        assert set(best_texts) <= set(hand) and len(best_texts) == min(5, len(hand)), hand
        assert brute_value(best_texts) == expected, hand
        assert best_texts == max((comparison_order(five) for five in combinations(hand, len(best_texts))
                                  if brute_value(five) == expected), key=lambda five: [SUITS.index(card[1])
                                                                                        for card in five]), hand
        assert value.name == "-".join(card[0] for card in best_texts), hand
        assert evaluate(code) is value and texts(best_cards(code)) == best_texts, hand
    return values


@pytest.mark.parametrize("size", [5, 6, 7])
def test_random_hands_agree_with_brute_force(size):
    rng = random.Random(size)
    check_against_brute_force([rng.sample(DECK, size) for _ in range(1500)])


def test_hands_full_of_one_suit_agree_with_brute_force():
    """Flushes and straight flushes, five to seven cards of a suit, with the cards off it that could compete."""
    rng = random.Random(7)
    hands = []
    for _ in range(1500):
        suit = rng.choice(SUITS)
        suited = rng.sample([rank + suit for rank in STRENGTHS], rng.randrange(5, 8))
        others = [card for card in DECK if card[1] != suit]
        hands.append(suited + rng.sample(others, rng.randrange(0, 8 - len(suited))))
    check_against_brute_force(hands)


@pytest.mark.parametrize(("size", "boards"), [(1, 13), (2, 91), (3, 455), (4, 1820)])
def test_every_board_is_placed_among_boards_of_as_many_cards(size, boards):
    hands = []
    for strengths in combinations_with_replacement(STRENGTHS, size):
        if max(Counter(strengths).values()) <= 4:
            suits_left = {rank: list(SUITS) for rank in strengths}
            hands.append([rank + suits_left[rank].pop() for rank in strengths])
    brute = [brute_value(hand) for hand in hands]
    places = brute_places(brute)
    assert len(hands) == len(places) == boards
    values = check_against_brute_force(hands)
    assert [value.rank for value in values] == [places[value] for value in brute]
    assert {value.category for value in values} <= {"four_of_a_kind", "three_of_a_kind", "two_pair", "one_pair",
                                                    "high_card"}


def brute_scores(hands):
    """Every five-card hand of ``hands`` (rows of deck indices, rank major) scored from its cards at once, a larger
    score the better hand, and its cards in comparison order: the brute force above, as array arithmetic."""
    strengths, suits = hands // 4 + 2, hands % 4
    counts = (strengths[:, :, None] == strengths[:, None, :]).sum(axis=2)
    most, distinct = counts.max(axis=1), (1 / counts).sum(axis=1).round()
    ordered = np.sort(strengths, axis=1)
    wheel = (distinct == 5) & (ordered[:, 4] == 14) & (ordered[:, 3] == 5)
    straight = (distinct == 5) & ((ordered[:, 4] - ordered[:, 0] == 4) | wheel)
    flush = (suits == suits[:, :1]).all(axis=1)
    category = np.select(
        [straight & flush, most == 4, (most == 3) & (distinct == 2), flush, straight, most == 3, distinct == 3,
         distinct == 4], [8, 7, 6, 5, 4, 3, 2, 1], 0)
    played = np.where(wheel[:, None] & (strengths == 14), 1, strengths)
    order = np.argsort(-(counts * 64 + played * 4 + suits), axis=1, kind="stable")
    in_order = np.take_along_axis(played, order, axis=1)
    score = category * 15 ** 5 + (in_order * 15 ** np.arange(4, -1, -1)).sum(axis=1)
    return score, np.take_along_axis(hands, order, axis=1)


@pytest.mark.slow
def test_every_five_card_hand_agrees_with_brute_force():
    """All 2,598,960 hands: each one's rank is the place of its brute-force score, and its best cards are the hand
    in the brute force's comparison order."""
    codes = parse_cards(DECK)
    code_order = np.argsort(codes)
    sorted_codes = np.array(codes)[code_order]
    scores, ranks = [], []
    for first in range(48):
        rest = np.array(list(combinations(range(first + 1, 52), 4)))
        hands = np.hstack([np.full((len(rest), 1), first), rest])
        score, in_order = brute_scores(hands)
        values, cards = rank_batch(np.array(codes)[hands].tolist())
        best = code_order[np.searchsorted(sorted_codes, np.array([list(best) for best in cards]))]
        assert (best == in_order).all(), DECK[first]
        scores.append(score)
        ranks.append(np.array([value.rank for value in values]))
    distinct = np.unique(np.concatenate(scores))
    assert len(distinct) == FIVE_CARD_CLASSES
    places = len(distinct) - np.searchsorted(distinct, np.concatenate(scores))
    assert (places == np.concatenate(ranks)).all()


def test_a_sample_of_five_card_hands_agrees_with_brute_force():
    """What the slow test checks of every hand, on 20,000 of them."""
    rng = random.Random(5)
    hands = [rng.sample(DECK, 5) for _ in range(20_000)]
    places = brute_places(brute_value(hand) for hand in one_hand_per_five_card_class())
    values, cards = rank_batch([parse_cards(hand) for hand in hands])
    for hand, value, best in zip(hands, values, cards, strict=True):
        assert value.rank == places[brute_value(hand)], hand
        assert texts(best) == comparison_order(hand), hand


@pytest.mark.parametrize(("cards", "rank"), [
    ("As Ks Qs Js Ts", 1), ("5h 4h 3h 2h Ah", 10), ("As Ah Ad Ac Ks", 11), ("2s 2h 2d 2c 3s", 166),
    ("As Ah Ad Ks Kh", 167), ("As Ks Qs Js 9s", 323), ("7s 5s 4s 3s 2s", 1599), ("As Kd Qh Jc Ts", 1600),
    ("5s 4d 3h 2c As", 1609), ("As Ah Ad Ks Qh", 1610), ("As Ah Kd Kc Qs", 2468), ("As Ah Kd Qc Js", 3326),
    ("As Kd Qh Jc 9s", 6186), ("7s 5d 4h 3c 2s", 7462),
])
def test_section_8_five_card_ranks(cards, rank):
    assert high_rank(parse_cards(cards.split())) == rank


@pytest.mark.parametrize(("cards", "rank"), [
    ("As", 1), ("2c", 13), ("As Ah", 1), ("As Kd", 14), ("3s 2d", 91), ("As Ah Kc", 14), ("As Ah Kd Kc", 170),
    ("As Ah Kd Qc", 248), ("As Kd Qh Jc", 1106), ("5s 4d 3h 2c", 1820),
])
def test_section_8_board_ranks(cards, rank):
    assert high_rank(parse_cards(cards.split())) == rank


@pytest.mark.parametrize(("cards", "category", "name", "rank", "best"), [
    ("As 2c 3d 4h 5s 9c Kd", "straight", "5-4-3-2-A", 1609, "5s 4h 3d 2c As"),
    ("Kh Kd Ks 7c 7d 7h 2s", "full_house", "K-K-K-7-7", 185, "Ks Kh Kd 7h 7d"),
    ("Ah Kh 9h 6h 3h Qs Qd", "flush", "A-K-9-6-3", 444, "Ah Kh 9h 6h 3h"),
    ("9s 8s 7s 6s 5s Ts Th", "straight_flush", "T-9-8-7-6", 5, "Ts 9s 8s 7s 6s"),
    ("9s 9d 8h 7c 6s 5d Kd", "straight", "9-8-7-6-5", 1605, "9s 8h 7c 6s 5d"),
    ("Ac 2c 4c 7c 8d 9c Kc", "flush", "A-K-9-7-4", 439, "Ac Kc 9c 7c 4c"),
    ("As 2d 3c 4h 5s Kd Kc", "straight", "5-4-3-2-A", 1609, "5s 4h 3c 2d As"),
    ("2s 2d 3h 4c 5s 6d 6h", "straight", "6-5-4-3-2", 1608, "6h 5s 4c 3h 2s"),
])
def test_section_4_hand_values(cards, category, name, rank, best):
    hand = parse_cards(cards.split())
    value = evaluate(hand)
    assert (value.category, value.name, value.rank) == (category, name, rank)
    assert texts(best_cards(hand)) == best.split()


def test_section_4_the_flush_beats_the_queens():
    assert high_rank(parse_cards("Ah Kh 9h 6h 3h Qs Qd".split())) < high_rank(parse_cards("Qs Qd Qh 6c 3d".split()))


@pytest.mark.parametrize(("better", "worse"), [
    ("As Ad Kc Qh Js", "Ac Ah Kd Qs Ts"), ("Qs Qd 9c 9h 4s", "Qc Qh 9s 9d 3s"), ("6s 5d 4h 3c 2s", "5h 4d 3s 2d Ac"),
])
def test_section_4_vector_5_orders(better, worse):
    assert high_rank(parse_cards(better.split())) < high_rank(parse_cards(worse.split()))


def test_section_4_vector_5_same_ranks_in_other_suits_tie():
    assert evaluate(parse_cards("As Ad Kc Qh Js".split())) is evaluate(parse_cards("Ac Ah Kd Qs Jh".split()))


def test_section_7_a_community_card_plays_for_high():
    hand = parse_cards("As 2d 3c 5h 9s Kd 4h".split())
    assert evaluate(hand).name == "5-4-3-2-A" and texts(best_cards(hand)) == ["5h", "4h", "3c", "2d", "As"]


@pytest.mark.parametrize(("first", "second", "first_best", "second_best"), [
    # Section 5 vector 1: three nine-high straights, their odd chips in the order of their nines' suits.
    ("5h 6s 2h 7c 8d 9h 3s", "5d 6h 2d 7s 8c 9d 3h", "9h 8d 7c 6s 5h", "9d 8c 7s 6h 5d"),
    # Vector 2: the nines decide among the five used; the ace of spades is not one of them.
    ("5d 6h 7s 8c 9h 2c 3d", "5c 6d 7h 8s 9c As Ad", "9h 8c 7s 6h 5d", "9c 8s 7h 6d 5c"),
    # Vector 7: kings and nines, the king of spades first.
    ("Ks Kh 9c 9d 2d 4h 7s", "Kc Kd 9s 9h 2c 4d 7h", "Ks Kh 9d 9c 7s", "Kd Kc 9s 9h 7h"),
    # Vector 5: six-high straights, the six of diamonds over the six of clubs.
    ("2d 3h 4s 5c 6d 9h Th", "2c 3d 4h 5s 6c 9d Td", "6d 5c 4s 3h 2d", "6c 5s 4h 3d 2c"),
])
def test_section_5_best_writes_the_cards_the_odd_chip_reads(first, second, first_best, second_best):
    """Tied hands' best five in comparison order: the first pair of cards that differ decides the odd chip."""
    first_hand, second_hand = parse_cards(first.split()), parse_cards(second.split())
    assert evaluate(first_hand) is evaluate(second_hand)
    assert texts(best_cards(first_hand)) == first_best.split()
    assert texts(best_cards(second_hand)) == second_best.split()


def test_a_batch_of_every_size_is_each_hand_valued_alone():
    rng = random.Random(1)
    hands = [parse_cards(rng.sample(DECK, rng.randrange(1, 8))) for _ in range(2000)]
    values, cards = rank_batch(hands)
    assert values == [evaluate(hand) for hand in hands]
    assert [list(best) for best in cards] == [list(best_cards(hand)) for hand in hands]


def test_descriptions_say_the_hand():
    described = {cards: evaluate(parse_cards(cards.split())).description for cards in [
        "As Ks Qs Js Ts", "5h 4h 3h 2h Ah", "Kh Kd Ks 7c 7d", "9s 9d 9h 9c 2d", "Ah Kh 9h 6h 3h", "5s 4d 3h 2c As",
        "Qs Qd Qh 6c 3d", "As Ah Kd Kc Qs", "7s 7d 4h", "As Kd Qh Jc 9s", "Kd",
    ]}
    assert list(described.values()) == [
        "ace-high straight flush", "five-high straight flush", "kings full of sevens", "four nines",
        "ace-high flush", "five-high straight", "three queens", "two pair, aces and kings", "pair of sevens",
        "ace-king high", "king high"]


@pytest.mark.parametrize(("higher", "lower"), [
    ("Ah 2c", "Ks Qd"), ("3c 3d", "As Kd"), ("9d 9c Ah", "9s 9h Kc"), ("9c 2d 3h 4s", "8s 7s 6s 5s"),
    ("5s 5h 3c 3d", "6c 6d Ah Ks"), ("7c 7d 7h 2s", "5s 5h 3c 3d"), ("Ah Ad Kc", "Kh 8c 7d"),
])
def test_section_2_the_higher_board(higher, lower):
    """Boards of section 2's vectors (2, 3, 6, 7, 8): no straight or flush on fewer than five cards, aces high."""
    assert high_rank(parse_cards(higher.split())) < high_rank(parse_cards(lower.split()))


@pytest.mark.parametrize("boards", ["2c 7h|2d 7s|2h 7c", "2s 2d Ac|2h 2c Ad", "Kh Kc|Ks Kd"])
def test_section_2_tied_boards_share_one_value(boards):
    """Boards of section 2's vectors 1, 4 and 5 tie: the tie-break options decide, not the value."""
    assert len({evaluate(parse_cards(board.split())) for board in boards.split("|")}) == 1


def test_seven_card_order_agrees_with_pokerkit_on_random_hands():
    """Section 9: PokerKit's standard high hands order seven-card hands as the reference does."""
    rng = random.Random(9)
    hands = [rng.sample(DECK, 7) for _ in range(2001)]
    ours = [high_rank(parse_cards(hand)) for hand in hands]
    theirs = [StandardHighHand.from_game("".join(hand)) for hand in hands]
    for i in range(len(hands) - 1):
        assert (ours[i] < ours[i + 1]) == (theirs[i] > theirs[i + 1]), (hands[i], hands[i + 1])
        assert (ours[i] == ours[i + 1]) == (theirs[i] == theirs[i + 1]), (hands[i], hands[i + 1])
