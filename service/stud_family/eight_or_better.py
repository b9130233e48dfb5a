"""Stud/8's halves (stud rules reference sections 4 and 8): the high hand, and the low that qualifies or none.

The low half is razz's ace-to-five low restricted to five different ranks, all 8 or lower. Razz's
tables already value every hand by its best five: a hand holds a qualifying low exactly when that
best five is among the 56 best five-card lows (``5-4-3-2-A`` to ``8-7-6-5-4``), since every low of
five unpaired cards 8 or lower beats every other five-card low. So the low is one razz lookup and
one membership test, and a qualifying low's value, rank and cards are razz's own.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import compress, repeat
from operator import attrgetter, is_

import numpy as np
import numpy.typing as npt

from . import high_ranking, ranking
from .cards import CARD_TEXT
from .high_ranking import HighHand
from .multiset_batches import Places
from .ranking import LowHand
from .why import Citation

QUALIFYING_LOWS = 56
"""Five different ranks from ace to eight: C(8, 5) lows, 1 = ``5-4-3-2-A`` … 56 = ``8-7-6-5-4``."""

_QUALIFYING = frozenset(value for value in ranking.LOW_HANDS[ranking.MAX_USED].values()
                        if value.rank <= QUALIFYING_LOWS)
"""The razz values that qualify: five-card values only, so a hand of fewer than five cards never does."""


def qualifying_low(hand: Sequence[int]) -> LowHand | None:
    """The best low of five different ranks 8 or lower among 1 to 7 cards, or None when there is none.

    >>> from service.stud_family.cards import parse_cards
    >>> qualifying_low(parse_cards(["Ac", "2c", "4c", "7c", "8d", "9c", "Kc"])).name
    '8-7-4-2-A'

    Four ranks 8 or lower (the pair of nines and the king aside) make no low:

    >>> qualifying_low(parse_cards(["9s", "9d", "8h", "7c", "6s", "5d", "Kd"])) is None
    True
    """
    value = ranking.evaluate(hand)
    return value if value in _QUALIFYING else None


def low_batch(hands: Sequence[Sequence[int]]) -> tuple[list[LowHand | None], list[Sequence[int] | None]]:
    """``qualifying_low`` of many hands, with the cards of each low (razz's ``best_cards``) or None.

    Most hands hold no qualifying low (under one in five of random seven-card hands), so every hand is
    valued first and only the qualifying ones have their cards picked, in one razz batch.
    """
    values = ranking.value_batch(hands)
    qualifying = list(compress(range(len(hands)), map(_QUALIFYING.__contains__, values)))
    lows: list[LowHand | None] = list(repeat(None, len(hands)))
    low_cards: list[Sequence[int] | None] = list(repeat(None, len(hands)))
    _, cards = ranking.rank_batch(list(map(hands.__getitem__, qualifying)))
    for index, picked in zip(qualifying, cards, strict=True):
        lows[index], low_cards[index] = values[index], picked
    return lows, low_cards


def rank_batch(hands: Sequence[Sequence[int]]) -> tuple[
        list[HighHand], list[Sequence[int]], list[LowHand | None], list[Sequence[int] | None]]:
    """Both halves of many hands: each hand's high value and cards, then its qualifying low and cards or None.

    >>> from service.stud_family.cards import parse_cards
    >>> highs, _, lows, _ = rank_batch([parse_cards(["As", "2d", "3c", "4h", "5s", "Kd", "Kc"]),
    ...                                 parse_cards(["Kh", "Kd", "Ks", "7c", "7d", "7h", "2s"])])
    >>> [(high.name, low and low.name) for high, low in zip(highs, lows)]
    [('5-4-3-2-A', '5-4-3-2-A'), ('K-K-K-7-7', None)]
    """
    highs, high_cards = high_ranking.rank_batch(hands)
    lows, low_cards = low_batch(hands)
    return highs, high_cards, lows, low_cards


def low_multisets(hands: npt.NDArray[np.int64]) -> tuple[list[LowHand | None], Places]:
    """``low_batch`` of hands of one size, each sorted by code, its best cards as places in the hand (a row of 0 for
    a hand without a qualifying low): razz's answer (``ranking.rank_multisets``), its lows that do not qualify
    dropped.

    >>> from service.stud_family.cards import parse_cards
    >>> lows, places = low_multisets(np.array([sorted(parse_cards(["Ac", "2c", "4c", "7c", "8d", "9c", "Kc"])),
    ...                                        sorted(parse_cards(["9s", "9d", "8h", "7c", "6s", "5d", "Kd"]))]))
    >>> [low and low.name for low in lows], places.tolist()
    (['8-7-4-2-A', None], [[4, 3, 2, 1, 0], [0, 0, 0, 0, 0]])
    """
    values, places = ranking.rank_multisets(hands)
    lows = [value if value in _QUALIFYING else None for value in values]
    places[np.fromiter(map(is_, lows, repeat(None)), dtype=np.bool_, count=len(lows))] = 0
    return lows, places


EIGHT_OR_BETTER = Citation("stud §4", "BARGE Appendix A")
"""Stud/8's low: five different ranks, all 8 or lower, ace-to-five; without one the high hand takes the pot."""


def explain_best(hand: Sequence[int], value: LowHand, used: Sequence[int]) -> str:
    """Why a hand's qualifying low is those cards: the five lowest distinct ranks, all 8 or lower.

    >>> from service.stud_family.cards import parse_cards
    >>> hand = parse_cards(["Ac", "2c", "4c", "7c", "8d", "9c", "Kc"])
    >>> explain_best(hand, qualifying_low(hand), ranking.best_cards(hand))
    'the five lowest distinct ranks play for low, all 8 or lower: 8-7-4-2-A (Kc 9c left out)'
    """
    left_out = " ".join(CARD_TEXT[code] for code in sorted(set(hand) - set(used), reverse=True))
    return f"the five lowest distinct ranks play for low, all 8 or lower: {value.name}" + \
        (f" ({left_out} left out)" if left_out else "")


class EightOrBetterLow:
    """Stud/8's low half as an evaluator (``judging.LowEvaluator``): razz's ace-to-five value of a qualifying low, or
    None for a hand without one, which can win no low half."""

    __slots__ = ()

    citation = EIGHT_OR_BETTER
    categories = ranking.CATEGORIES[:1]
    """Every qualifying low is five unpaired cards."""

    def values(self) -> Iterator[LowHand]:
        """The 56 qualifying lows, best first."""
        return iter(sorted(_QUALIFYING, key=attrgetter("rank")))

    def evaluate(self, hand: Sequence[int]) -> LowHand | None:
        """``qualifying_low``."""
        return qualifying_low(hand)

    def rank_batch(self, hands: Sequence[Sequence[int]]) -> tuple[list[LowHand | None], list[Sequence[int] | None]]:
        """``low_batch``."""
        return low_batch(hands)

    def rank_multisets(self, hands: npt.NDArray[np.int64]) -> tuple[list[LowHand | None], Places]:
        """``low_multisets``."""
        return low_multisets(hands)

    def best_cards(self, hand: Sequence[int]) -> Sequence[int] | None:
        """The cards of the qualifying low, in comparison order (razz's ``best_cards``), or None."""
        return ranking.best_cards(hand) if qualifying_low(hand) else None

    def explain_best(self, hand: Sequence[int], value: LowHand, best: Sequence[int]) -> str:
        """``explain_best``."""
        return explain_best(hand, value, best)

    def why_better(self, better: LowHand, worse: LowHand) -> str:
        """``ranking.why_lower``: two qualifying lows compare as razz's."""
        return ranking.why_lower(better, worse)


EIGHT_OR_BETTER_LOW = EightOrBetterLow()
"""The one stud/8 low evaluator."""
