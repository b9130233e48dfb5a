"""Stud/8's halves (stud rules reference sections 4 and 8): the high hand, and the low that qualifies or none.

The low half is razz's ace-to-five low restricted to five different ranks, all 8 or lower. Razz's
tables already value every hand by its best five: a hand holds a qualifying low exactly when that
best five is among the 56 best five-card lows (``5-4-3-2-A`` to ``8-7-6-5-4``), since every low of
five unpaired cards 8 or lower beats every other five-card low. So the low is one razz lookup and
one membership test, and a qualifying low's value, rank and cards are razz's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, repeat

from . import high_ranking, ranking
from .high_ranking import HighHand
from .ranking import LowHand

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
    values = list(map(ranking.evaluate, hands))
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
