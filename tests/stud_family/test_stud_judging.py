"""Stud's and stud/8's judging values: their evaluators answer as the tables do, and each half is declared once."""

import random

from service.stud_family import eight_or_better, high_ranking
from service.stud_family.cards import CARD_CODES, parse_cards
from service.stud_family.eight_or_better import EIGHT_OR_BETTER_LOW, QUALIFYING_LOWS
from service.stud_family.high_ranking import FIVE_CARD_CLASSES, STUD_HIGH
from service.stud_family.judging import RAZZ_JUDGING, STUD8_JUDGING, STUD_JUDGING, Division
from service.stud_family.rules import GAME_OPTIONS, OddChipRule

DECK = list(CARD_CODES.values())
BOARDS = 13 + 91 + 455 + 1820
"""Distinct boards of 1 to 4 cards (stud-rules.md section 8)."""


def random_hands(seed, count=2000, sizes=(1, 7)):
    rng = random.Random(seed)
    return [rng.sample(DECK, rng.randint(*sizes)) for _ in range(count)]


def test_stud_judges_by_high_in_one_winner_group_and_stud8_adds_a_low_half():
    assert STUD_JUDGING.hand is STUD8_JUDGING.hand is STUD_HIGH
    assert STUD_JUDGING.division is Division.ONE_WINNER_GROUP and STUD_JUDGING.low is None
    assert STUD8_JUDGING.division is Division.HIGH_LOW_HALVES
    assert STUD8_JUDGING.low is not None and STUD8_JUDGING.low.hand is EIGHT_OR_BETTER_LOW
    assert STUD_HIGH.seven_card_ranks is None
    assert set(STUD8_JUDGING.low.odd_chip_orders) == set(STUD8_JUDGING.odd_chip_orders)


def test_each_game_orders_odd_chips_by_every_value_of_its_odd_chip_rule():
    for game, judging in (("razz", RAZZ_JUDGING), ("stud", STUD_JUDGING), ("stud8", STUD8_JUDGING)):
        spec = next(spec for spec in GAME_OPTIONS[game].options if spec.name == "odd_chip_rule")
        assert set(judging.odd_chip_orders) == {OddChipRule(value) for value in spec.values}


def test_every_high_value_is_listed_once_boards_and_five_card_classes():
    listed = list(STUD_HIGH.values())
    assert len(listed) == len(set(map(id, listed))) == FIVE_CARD_CLASSES + BOARDS
    assert STUD_HIGH.categories == high_ranking.CATEGORIES


def test_the_56_qualifying_lows_best_first():
    lows = list(EIGHT_OR_BETTER_LOW.values())
    assert [low.rank for low in lows] == list(range(1, QUALIFYING_LOWS + 1))
    assert (lows[0].name, lows[-1].name) == ("5-4-3-2-A", "8-7-6-5-4")
    assert {low.category for low in lows} == set(EIGHT_OR_BETTER_LOW.categories) == {"no_pair"}


def test_the_high_evaluator_answers_as_the_tables():
    hands = random_hands(39)
    values, best = STUD_HIGH.rank_batch(hands)
    for hand, value, cards in zip(hands, values, best, strict=True):
        assert STUD_HIGH.evaluate(hand) is value is high_ranking.evaluate(hand)
        assert list(cards) == list(STUD_HIGH.best_cards(hand)) == list(high_ranking.best_cards(hand))
        if len(hand) <= 4:
            assert STUD_HIGH.board(hand) is value
            assert STUD_HIGH.board_rank(hand) == value.rank
        assert value.name in STUD_HIGH.explain_best(hand, value, cards)


def test_the_low_evaluator_values_a_hand_without_a_qualifying_low_as_none():
    hands = random_hands(8, sizes=(5, 7))
    values, best = EIGHT_OR_BETTER_LOW.rank_batch(hands)
    assert any(value is None for value in values) and any(value is not None for value in values)
    for hand, value, cards in zip(hands, values, best, strict=True):
        assert EIGHT_OR_BETTER_LOW.evaluate(hand) is value is eight_or_better.qualifying_low(hand)
        assert EIGHT_OR_BETTER_LOW.best_cards(hand) == cards
        assert (value is None) == (cards is None)
        if value is not None:
            assert len(cards) == 5 and value.name in EIGHT_OR_BETTER_LOW.explain_best(hand, value, cards)
    assert EIGHT_OR_BETTER_LOW.rank_batch([parse_cards(["As", "2d", "3c", "4h"])]) == ([None], [None])


def test_why_better_names_what_decides():
    def high(text):
        return STUD_HIGH.evaluate(parse_cards(text.split()))

    assert STUD_HIGH.why_better(high("As Ks Qs Js 9s"), high("As Kd Qh Jc Ts")) == "flush beats straight"
    assert STUD_HIGH.why_better(high("As Ah Kd Qc Js"), high("As Ah Kd Qc Ts")) == \
        "the pairs tie, so the side cards decide from the top down: J is higher than T"
    assert STUD_HIGH.why_better(high("Qs Qh 9d 9c 4s"), high("Qd Qc 9s 9h 3s")) == \
        "the pairs tie, so the side cards decide from the top down: 4 is higher than 3"
    assert STUD_HIGH.why_better(high("Ks Kh Kd 2c 2s"), high("Qs Qh Qd Ac As")) == \
        "the trips are compared first: kings are higher than queens"

    def low(text):
        return EIGHT_OR_BETTER_LOW.evaluate(parse_cards(text.split()))

    assert EIGHT_OR_BETTER_LOW.why_better(low("7s 5d 4h 3c As"), low("7d 6d 4c 3h 2s")) == \
        "compared from the top down, 5 is lower than 6"


def test_compare_orders_each_half_and_leaves_hands_without_a_low_out_of_the_low_order():
    from service.stud_family.comparison import compare

    both = compare(STUD8_JUDGING, [["As", "2d", "3c", "5h", "9s", "Kd"], ["8c", "7c", "6c", "2c", "Tc", "Jd"],
                                   ["Qh", "Qd", "Js", "9c", "9d", "7h"]], community_card="4h")
    assert [value.name for value in both.values] == ["5-4-3-2-A", "T-8-7-6-2", "Q-Q-9-9-J"]
    assert [low and low.name for low in both.lows] == ["5-4-3-2-A", "8-7-6-4-2", None]
    assert (both.order, both.low_order, both.winners, both.low_winners) == (((1,), (0,), (2,)), ((0,), (1,)), (1,),
                                                                             (0,))
    nobody = compare(STUD8_JUDGING, [["Kh", "Kd", "Ks", "7c", "7d", "7h", "2s"], ["Qh", "Qd", "Jc", "9c", "9d", "Th",
                                                                               "Ts"]])
    assert (nobody.low_order, nobody.low_winners, nobody.lows) == ((), (), (None, None))
    stud = compare(STUD_JUDGING, [["As", "Kd"], ["Ah", "Kc"], ["Qs", "Qd"]])
    assert (stud.order, stud.lows, stud.low_order) == (((2,), (0, 1)), (), ())
