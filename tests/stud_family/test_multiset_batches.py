"""Batches valued by rank multiset give each evaluator's own answers: values, and the best cards they pick."""

import random

import numpy as np
import pytest

from service.stud_family.cards import CARD_CODES
from service.stud_family.eight_or_better import EIGHT_OR_BETTER_LOW
from service.stud_family.high_ranking import STUD_HIGH
from service.stud_family.multiset_batches import size_table, value_sorted
from service.stud_family.ranking import ACE_TO_FIVE_LOW

CODES = sorted(CARD_CODES.values())
EVALUATORS = [ACE_TO_FIVE_LOW, STUD_HIGH, EIGHT_OR_BETTER_LOW]


def hands_of(size, rng, count=2000):
    """Random hands of ``size`` cards sorted by code, and more holding five to seven cards of one suit (flushes, some
    straight flushes)."""
    hands = [sorted(rng.sample(CODES, size)) for _ in range(count)]
    for suit in range(4):
        suited = [code for code in CODES if code & 31 == suit]
        for _ in range(count // 10):
            held = rng.sample(suited, rng.randint(min(size, 5), size))
            hands.append(sorted(held + rng.sample([code for code in CODES if code not in held], size - len(held))))
    return hands


@pytest.mark.parametrize("evaluator", EVALUATORS, ids=lambda evaluator: type(evaluator).__name__)
@pytest.mark.parametrize("size", range(1, 8))
def test_a_batch_is_valued_and_picked_as_the_evaluator_does(evaluator, size):
    hands = hands_of(size, random.Random(size))
    (valued,) = value_sorted([evaluator], np.array(hands, dtype=np.int64))
    values, best = evaluator.rank_batch(hands)
    assert valued.values == values
    picked = [None if value is None else [hand[place] for place in places]
              for hand, value, places in zip(hands, valued.values, valued.places.tolist(), strict=True)]
    assert picked == [None if cards is None else list(cards) for cards in best]


@pytest.mark.parametrize("evaluator", EVALUATORS, ids=lambda evaluator: type(evaluator).__name__)
def test_every_seven_card_multiset_is_kept_once(evaluator):
    """49,205 multisets: C(19, 7) less the 13 * 91 with one rank five times or more."""
    table = size_table(evaluator, 7)
    assert len(table.keys) == len(set(table.keys.tolist())) == 49_205
    assert (np.diff(table.keys) > 0).all()
