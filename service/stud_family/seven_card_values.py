"""Stud high and stud/8 low values of many seven-card hands at once (numpy), for exact equity.

``high_ranking`` values one hand at a time from dictionaries; an enumeration values every completion
a player can receive, tens of thousands of hands, so the same tables are read here as arrays: the
seven-card rank multisets' values as two sorted arrays (searched by key), the flushes' values by rank
mask in one array of 8,192. Seven cards with five of one suit make no full house or four of a kind
(section 4), so such a hand is worth its flush's value. The low is razz's seven-card rank when it is one
of the 56 qualifying lows (``eight_or_better``), else ``NO_LOW``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .cards import RANK_KEYS, RANK_OF, SUIT_OF
from .eight_or_better import QUALIFYING_LOWS
from .high_ranking import FLUSHES, HIGH_HANDS
from .ranking import SEVEN_CARD_RANKS
from .streets import HAND_SIZE

NO_LOW = QUALIFYING_LOWS
"""A hand's low class when it holds no qualifying low; a qualifying low's class is its rank less one (0 is
``5-4-3-2-A``), so a smaller class is a better low and no low is worse than every low."""
LOW_CLASSES = QUALIFYING_LOWS + 1

SUITS = 4
_FLUSH_MASKS = 1 << 13

_HIGH_KEYS = np.array(sorted(HIGH_HANDS[HAND_SIZE]), dtype=np.int64)
_HIGH_RANKS = np.array([HIGH_HANDS[HAND_SIZE][key].rank for key in _HIGH_KEYS.tolist()], dtype=np.int32)
"""Every seven-card rank multiset's key, sorted, and its high rank (1 is the best of the 7,462 classes)."""
_FLUSH_RANKS = np.zeros(_FLUSH_MASKS, dtype=np.int32)
_FLUSH_RANKS[list(FLUSHES)] = [value.rank for value in FLUSHES.values()]
"""A suit's ranks as a bit mask (ace bit 0) to the rank of its flush or straight flush (0 below five cards)."""
_LOW_RANKS = np.frombuffer(SEVEN_CARD_RANKS, dtype=np.uint16)
"""Razz's rank of every seven-card key, read without a copy."""


class CardArrays:
    """Per-card arrays of a list of cards: each card's rank key, suit and rank bit, for values summed over hands
    given as indices into the list."""

    def __init__(self, cards: Sequence[int]) -> None:
        self.keys = np.array([RANK_KEYS[RANK_OF[code]] for code in cards], dtype=np.int64)
        self.suits = np.array([SUIT_OF[code] for code in cards], dtype=np.int64)
        self.bits = np.array([1 << (RANK_OF[code] - 1) for code in cards], dtype=np.int64)


def values(known: Sequence[int], cards: CardArrays, completions: npt.NDArray[np.int64]) -> tuple[
        npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The high rank (``high_ranking``'s, 1 the best) and the low class of each hand of ``known`` card codes and
    one row of ``completions`` (indices into ``cards``), seven cards in all.

    >>> from service.stud_family.cards import parse_cards
    >>> deck = parse_cards(["5s", "Kd", "Kc", "9s", "Ts", "8d"])
    >>> completions = np.array([[0, 1, 2], [0, 3, 4], [1, 2, 5]])
    >>> high, low = values(parse_cards(["As", "2s", "3c", "4h"]), CardArrays(deck), completions)
    >>> high.tolist(), low.tolist()  # a wheel, an ace-high flush, kings; the wheel twice, then 8-4-3-2-A
    ([1609, 708, 3583], [0, 0, 21])
    """
    known_cards = CardArrays(known)
    keys = known_cards.keys.sum() + cards.keys[completions].sum(axis=1)
    high = _HIGH_RANKS[np.searchsorted(_HIGH_KEYS, keys)]
    suit_of = cards.suits[completions]
    for suit in range(SUITS):
        in_suit = suit_of == suit
        count = int((known_cards.suits == suit).sum()) + in_suit.sum(axis=1)
        flush = count >= HAND_SIZE - 2
        if flush.any():
            known_mask = int(known_cards.bits[known_cards.suits == suit].sum())
            mask = known_mask + (cards.bits[completions] * in_suit).sum(axis=1)
            high = np.where(flush, _FLUSH_RANKS[np.where(flush, mask, 0)], high)
    low = np.minimum(_LOW_RANKS[keys].astype(np.int32), QUALIFYING_LOWS + 1) - 1
    return high.astype(np.int32), low
