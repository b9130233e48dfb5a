"""Ace-to-five ranking (rules reference section 8) against its examples and a brute force (``brute_ranking``, which
shares no code with the service's tables)."""

import random

import pytest
from pokerkit import RegularLowHand

from service.stud_family.cards import CARD_TEXT, RANK_CHARS, RANK_OF, SUIT_CHARS, SUIT_OF, parse_cards
from service.stud_family.ranking import (
    CATEGORIES,
    LOW_HANDS,
    SEVEN_CARD_RANKS,
    best_cards,
    evaluate,
    low_rank,
    rank_batch,
    why_lower,
)
from tests.stud_family.brute_ranking import brute_best, brute_places, multisets


def deal(ranks, rng):
    """Cards with these ranks and random distinct suits."""
    suits_left = {rank: list(SUIT_CHARS) for rank in set(ranks)}
    cards = []
    for rank in ranks:
        suit = suits_left[rank].pop(rng.randrange(len(suits_left[rank])))
        cards.append(RANK_CHARS[rank - 1] + suit)
    rng.shuffle(cards)
    return parse_cards(cards)


@pytest.mark.slow
@pytest.mark.parametrize("size", range(1, 8))
def test_every_rank_multiset_agrees_with_brute_force(size):
    rng = random.Random(size)
    places = brute_places(min(size, 5))
    hands = []
    for ranks in multisets(size):
        hand = deal(ranks, rng)
        hands.append(hand)
        value = evaluate(hand)
        best = brute_best(ranks)
        assert value.ranks == best[1], ranks
        assert value.category == CATEGORIES[best[0]], ranks
        assert value.rank == places[best] == low_rank(hand), ranks
        used = best_cards(hand)
        assert set(used) <= set(hand) and [RANK_OF[code] for code in used] == list(value.ranks)
        for rank in set(value.ranks):
            suits_held = sorted((SUIT_OF[code] for code in hand if RANK_OF[code] == rank), reverse=True)
            suits_used = sorted((SUIT_OF[code] for code in used if RANK_OF[code] == rank), reverse=True)
            assert suits_used == suits_held[:len(suits_used)], (ranks, rank)
    values, cards = rank_batch(hands)
    assert values == [evaluate(hand) for hand in hands]
    assert cards == [best_cards(hand) for hand in hands]


def test_five_card_ranks_run_from_wheel_to_four_kings():
    places = brute_places(5)
    assert len(places) == 6175
    assert evaluate(parse_cards("5s 4h 3d 2c As".split())).rank == 1
    assert evaluate(parse_cards("Ks Kh Kd Kc Qs".split())).rank == 6175


def test_seven_card_array_agrees_with_the_value_table():
    for key, value in LOW_HANDS[7].items():
        assert SEVEN_CARD_RANKS[key] == value.rank


@pytest.mark.parametrize("cards, name, category, description", [
    ("As 2c 3d 4h 5s 9c Kd", "5-4-3-2-A", "no_pair", "five-four low"),
    ("Ks Kh Qd Qc Js Jh Td", "J-J-K-Q-T", "one_pair", "pair of jacks"),
    ("As Ah 2c 2d 3c 3h 4s", "A-A-4-3-2", "one_pair", "pair of aces"),
    ("As Ah Ad 2c 2d 2h 3c", "2-2-A-A-3", "two_pair", "two pair, twos and aces"),
    ("As Ah Ad Ac 2s 2h 2d", "A-A-A-2-2", "full_house", "aces full of twos"),
])
def test_s8_vectors_1_to_5_best_five_of_seven(cards, name, category, description):
    value = evaluate(parse_cards(cards.split()))
    assert (value.name, value.category, value.description) == (name, category, description)


def test_s8_example1_best_cards_in_comparison_order():
    hand = parse_cards("As 2d 3c 4h 9s Kd Kc".split())
    assert [CARD_TEXT[code] for code in best_cards(hand)] == ["9s", "4h", "3c", "2d", "As"]


def test_s8_example2_pair_cards_take_the_highest_suit_first():
    hand = parse_cards("Ks Kh Qd Qc Js Jh Td".split())
    assert [CARD_TEXT[code] for code in best_cards(hand)] == ["Js", "Jh", "Ks", "Qd", "Td"]


def rank_of(cards):
    return evaluate(parse_cards(cards.split())).rank


@pytest.mark.parametrize("better, worse", [
    ("7s 5d 4c 3h Ac", "7d 6c 4s 3d 2h"),
    ("As Ad 7c 6h 5s", "2s 2d 5c 4h 3s"),
    ("Ks Qd Jc Th 9s", "2s 2d 3c 4h 5s"),
    ("3s 3d 2c 2h As", "4s 4d Ac Ah 2s"),
    ("As Ad 6c 5h 4s", "Ac Ah 7c 3h 2s"),
])
def test_s8_example6_comparisons(better, worse):
    assert rank_of(better) < rank_of(worse)


def test_s8_example6_same_ranks_other_suits_tie():
    assert rank_of("7s 5d 4c 3h Ac") == rank_of("7h 5s 4d 3c As")


@pytest.mark.parametrize("lower, higher", [
    ("Kc Qd", "2c 2d"), ("As Ad", "2c 2d"), ("8c 4d 2h", "8s 5c Ad"), ("Kc Qd Jh Ts", "9c 7d 4h 4s"),
])
def test_s8_example7_boards(lower, higher):
    assert rank_of(lower) < rank_of(higher)


def test_straights_and_flushes_are_ignored():
    assert rank_of("5s 4s 3s 2s As") == rank_of("5c 4d 3h 2s As") == 1
    assert evaluate(parse_cards("9h Th Jh Qh Kh".split())).category == "no_pair"
    assert rank_of("Kh Qh Jh Th 9h") < rank_of("2c 2d 3h 4s 5c")


LADDER = [
    "5s 4h 3d 2c As", "6s 4h 3d 2c As", "6s 5h 4d 3c 2s", "7s 4h 3d 2c As", "7s 6h 5d 4c 3s",
    "8s 4h 3d 2c As", "9s 8h 7d 6c 5s", "Ts 4h 3d 2c As", "Ks Qh Jd Tc 9s", "As Ah 4d 3c 2s",
    "As Ah Kd Qc Js", "2s 2h 4d 3c As", "Ks Kh Qd Jc Ts", "2s 2h As Ac 3d", "Ks Kh Qd Qc Js",
    "As Ah Ad 3c 2s", "Ks Kh Kd Qc Js", "As Ah Ad 2c 2s", "Ks Kh Kd Qc Qs", "As Ah Ad Ac 2s",
]
"""Twenty hands from the best low to the worst, crossing every category boundary of section 8."""


def test_twenty_hand_order():
    ranks = [rank_of(hand) for hand in LADDER]
    assert ranks == sorted(ranks) and len(set(ranks)) == 20


def test_seven_card_order_agrees_with_pokerkit_on_random_hands():
    rng = random.Random(8)
    deck = [rank + suit for rank in RANK_CHARS for suit in SUIT_CHARS]
    hands = [rng.sample(deck, 7) for _ in range(400)]
    ours = [low_rank(parse_cards(hand)) for hand in hands]
    theirs = [RegularLowHand.from_game("".join(hand)) for hand in hands]
    for i in range(len(hands) - 1):
        a, b = theirs[i], theirs[i + 1]
        assert (ours[i] < ours[i + 1]) == (a > b), (hands[i], hands[i + 1])
        assert (ours[i] == ours[i + 1]) == (a == b), (hands[i], hands[i + 1])


@pytest.mark.parametrize(("lower", "higher", "why"), [
    ("8s 5h 4c 3d 2s", "8c 6d 4h 3s Ac", "compared from the top down, 5 is lower than 6"),
    ("As Ah 7c 6d 5s", "2s 2h 5c 4d 3s", "the pairs are compared first: aces are lower than twos"),
    ("7s 7h 5c 4d 2s", "7c 7d 6c 4h 3s",
     "the pairs tie, so the side cards decide from the top down: 5 is lower than 6"),
    ("9s 9h 4c 4d Ks", "9c 9d 5c 5h 3s", "the higher pairs tie, so the lower pairs decide: fours are lower than fives"),
    ("Qs Qh Qc 4d 3s", "Ks Kh Kc 4h 2s", "the trips are compared first: queens are lower than kings"),
    ("As Ac 3c 3d 2s", "Ah Ad 3h 3s Kh",
     "the pairs tie, so the side cards decide from the top down: 2 is lower than K"),
    ("Ks Qs Jd Tc 9h", "2s 2h 3c 4d 5s", "no pair beats one pair"),
])
def test_why_a_hand_is_lower_names_the_group_that_decides(lower, higher, why):
    better, worse = evaluate(parse_cards(lower.split())), evaluate(parse_cards(higher.split()))
    assert better.rank < worse.rank
    assert why_lower(better, worse) == why
