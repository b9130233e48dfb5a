"""The judging value: razz's evaluator answers as the ranking tables do, and the judging modules ask it, not them."""

import random
import re
from pathlib import Path

import pytest

from service.stud_family.cards import CARD_CODES
from service.stud_family.games import RAZZ
from service.stud_family.judging import RAZZ_JUDGING, Division
from service.stud_family.ranking import LOW_HANDS, SEVEN_CARD_RANKS, best_cards, evaluate, low_rank
from service.stud_family.rules import OddChipRule

SERVICE = Path(__file__).resolve().parents[2] / "service"
JUDGING_MODULES = ["stud_family/comparison.py", "stud_family/showdown.py", "stud_family/pots.py",
                   "stud_family/settlement.py", "stud_family/equity.py", "stud_family/equity_spot.py",
                   "stud_family/equity_samples.py", "stud_family/rank_multisets.py", "api/hands.py",
                   "api/showdown.py", "api/equity.py", "histories/allin.py"]
"""The modules that value hands or divide pots: each asks the judging it is given."""

LOW = RAZZ_JUDGING.hand


def test_razz_judges_by_ace_to_five_low_in_one_winner_group():
    assert RAZZ.judging is RAZZ_JUDGING
    assert RAZZ_JUDGING.division is Division.ONE_WINNER_GROUP
    assert set(RAZZ_JUDGING.odd_chip_orders) == set(OddChipRule) - {OddChipRule.ALL_CARDS_BY_SUIT}
    assert LOW.citation == ("§8", "BARGE Appendix A")
    assert LOW.seven_card_ranks is SEVEN_CARD_RANKS


def test_every_value_is_listed_once():
    listed = list(LOW.values())
    assert len(listed) == len(set(map(id, listed)))
    assert set(map(id, listed)) == {id(value) for table in LOW_HANDS for value in table.values()}


def test_the_evaluator_answers_as_the_tables():
    rng = random.Random(38)
    deck = list(CARD_CODES.values())
    hands = [rng.sample(deck, rng.randint(1, 7)) for _ in range(2000)]
    values, best = LOW.rank_batch(hands)
    for hand, value, cards in zip(hands, values, best, strict=True):
        assert LOW.evaluate(hand) is value is evaluate(hand)
        assert list(cards) == list(LOW.best_cards(hand)) == list(best_cards(hand))
        if len(hand) <= 4:
            assert LOW.board(hand) is value
            assert LOW.board_rank(hand) == low_rank(hand) == value.rank


@pytest.mark.parametrize("path", JUDGING_MODULES)
def test_the_judging_modules_read_no_ranking_table(path):
    source = (SERVICE / path).read_text()
    assert not re.search(r"\b(LOW_HANDS|BEST_CARDS|SEVEN_CARD_RANKS|LOW_RANKING|ODD_CHIP_ORDER)\b", source)
    assert not re.search(r"from \.+(stud_family\.)?ranking import", source)
    assert not re.search(r"\b(HIGH_HANDS|FLUSHES|STUD_HIGH|EIGHT_OR_BETTER_LOW|QUALIFYING_LOWS)\b", source)
    assert not re.search(r"from \.+(stud_family\.)?(high_ranking|eight_or_better) import", source)
