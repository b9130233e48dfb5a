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

_LOW_RANKS = np.frombuffer(SEVEN_CARD_RANKS, dtype=np.uint16)
"""Razz's rank of every seven-card key, read without a copy."""
_HIGH_RANKS = np.zeros(len(_LOW_RANKS), dtype=np.uint16)
_HIGH_RANKS[sorted(HIGH_HANDS[HAND_SIZE])] = [HIGH_HANDS[HAND_SIZE][key].rank for key in sorted(HIGH_HANDS[HAND_SIZE])]
"""The high rank of every seven-card rank multiset by its key (1 is the best of the 7,462 classes; 15 MB, as razz's
table, so that a hand is one lookup, not a search)."""
_FLUSH_RANKS = np.zeros(_FLUSH_MASKS, dtype=np.int32)
_FLUSH_RANKS[list(FLUSHES)] = [value.rank for value in FLUSHES.values()]
"""A suit's ranks as a bit mask (ace bit 0) to the rank of its flush or straight flush (0 below five cards)."""
_SUIT_SHIFT = 32
"""A card's summand holds its rank key in the low 32 bits and a count of its suit, four bits a suit, above them:
one sum gives a hand's rank key and how many cards of each suit it holds."""
_SUIT_BITS = 4
_FIVE_OF_A_SUIT = int("3" * SUITS, 16), int("8" * SUITS, 16)
"""A suit's count (at most 7) plus 3 reaches 8, the count's fourth bit, exactly when the suit holds five cards."""


class CardArrays:
    """Per-card arrays of a list of cards: each card's rank key, suit and rank bit, for values summed over hands
    given as indices into the list."""

    def __init__(self, cards: Sequence[int]) -> None:
        self.suits = np.array([SUIT_OF[code] for code in cards], dtype=np.int64)
        self.bits = np.array([1 << (RANK_OF[code] - 1) for code in cards], dtype=np.int64)
        self.summands = np.array([RANK_KEYS[RANK_OF[code]] for code in cards], dtype=np.int64) + (
            np.int64(1) << (_SUIT_SHIFT + _SUIT_BITS * self.suits))


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
    sums = int(known_cards.summands.sum()) + cards.summands[completions].sum(axis=1)
    keys = sums & ((1 << _SUIT_SHIFT) - 1)
    high = _HIGH_RANKS[keys].astype(np.int32)
    suited = sums >> _SUIT_SHIFT
    flushes = np.flatnonzero((suited + _FIVE_OF_A_SUIT[0]) & _FIVE_OF_A_SUIT[1])
    if len(flushes):
        counts = suited[flushes]
        suit = np.zeros(len(flushes), dtype=np.int64)
        for place in range(1, SUITS):
            suit[(counts >> (_SUIT_BITS * place) & 0xF) >= HAND_SIZE - 2] = place
        known_masks = np.array([int(known_cards.bits[known_cards.suits == place].sum()) for place in range(SUITS)],
                               dtype=np.int64)
        chosen = completions[flushes]
        masks = known_masks[suit] + (cards.bits[chosen] * (cards.suits[chosen] == suit[:, None])).sum(axis=1)
        high[flushes] = _FLUSH_RANKS[masks]
    low = np.minimum(_LOW_RANKS[keys].astype(np.int32), QUALIFYING_LOWS + 1) - 1
    return high, low
