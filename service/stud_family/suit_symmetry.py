"""The suits' symmetry: suits no player holds and no dead card names are interchangeable.

When every card of two or more suits is unseen, renaming those suits among themselves maps each
deal to another deal with the same values for every player (no known card changes), so only one
deal of each class need be counted, weighted by the size of its class. For rows of players'
completions, a suit's *profile* is the ranks each player takes in it (a 13-bit mask a player);
renaming permutes the profiles of the interchangeable suits, so a row's class holds one row whose
profiles are in non-increasing order: that one is counted, weighted by the number of distinct
orders of its profiles, ``g! / (m1! m2! ...)`` for ``g`` suits whose profiles repeat ``m1, m2, ...`` times.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import factorial

import numpy as np
import numpy.typing as npt

from .cards import RANK_OF, SUIT_OF

SUITS = 4
_RANK_BITS = 13
MOST_PLAYERS = 64 // _RANK_BITS
"""The players whose profiles fit one 64-bit key; past them a row is counted without the symmetry."""


def interchangeable_suits(unseen: Sequence[int]) -> tuple[int, ...]:
    """The suits of which every card is unseen.

    >>> from service.stud_family.cards import CARD_CODES, parse_cards
    >>> named = set(parse_cards(["As", "Kh"]))
    >>> interchangeable_suits([code for code in CARD_CODES.values() if code not in named])
    (0, 1)
    """
    held = dict.fromkeys(range(SUITS), 0)
    for code in unseen:
        held[SUIT_OF[code]] += 1
    return tuple(suit for suit, count in held.items() if count == _RANK_BITS)


class Symmetry:
    """Which rows of completions to count, and each one's weight, for cards drawn from ``unseen``."""

    def __init__(self, unseen: Sequence[int], players: int) -> None:
        suits = interchangeable_suits(unseen) if players <= MOST_PLAYERS else ()
        self.suits = suits if len(suits) > 1 else ()
        self.suit_of = np.array([SUIT_OF[code] for code in unseen], dtype=np.int64)
        self.bit_of = np.array([1 << (RANK_OF[code] - 1) for code in unseen], dtype=np.int64)

    def weigh(self, chosen: Sequence[npt.NDArray[np.int64]]) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
        """For rows given as each player's cards (``chosen[p]``, indices into ``unseen``, one row a row): which rows
        to count and each counted row's weight.

        >>> from service.stud_family.cards import CARD_CODES, parse_cards
        >>> named = set(parse_cards(["Ac", "Kd"]))  # hearts and spades unseen
        >>> unseen = [code for code in CARD_CODES.values() if code not in named]
        >>> symmetry = Symmetry(unseen, 1)
        >>> cards = [[unseen.index(CARD_CODES[text]) for text in row] for row in (["2h"], ["2s"], ["2c"])]
        >>> kept, weights = symmetry.weigh([np.array(cards)])
        >>> kept.tolist(), weights.tolist()  # 2h stands for 2s as well; 2c for itself alone
        ([True, False, True], [2, 1])
        """
        rows = len(chosen[0]) if chosen else 1
        if not self.suits:
            return np.ones(rows, dtype=bool), np.ones(rows, dtype=np.int64)
        profiles = np.zeros((rows, len(self.suits)), dtype=np.int64)
        for player, cards in enumerate(chosen):
            for place, suit in enumerate(self.suits):
                bits = (self.bit_of[cards] * (self.suit_of[cards] == suit)).sum(axis=1)
                profiles[:, place] |= bits << (_RANK_BITS * player)
        kept: npt.NDArray[np.bool_] = np.all(profiles[:, :-1] >= profiles[:, 1:], axis=1)
        ordered = profiles[kept]
        weights = np.full(len(ordered), factorial(len(self.suits)), dtype=np.int64)
        run = np.ones(len(ordered), dtype=np.int64)
        for place in range(1, len(self.suits)):
            run = np.where(ordered[:, place] == ordered[:, place - 1], run + 1, 1)
            weights //= run
        return kept, weights
