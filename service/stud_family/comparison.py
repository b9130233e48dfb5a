"""Players' hands against each other as a game judges them (section 8): one deck, as many cards each, ties split.

In stud/8 each half has its own order: the high hands', and the qualifying lows' (a hand without one
is left out of it and can win no low half; the order is empty when nobody qualifies).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Deck
from .errors import TooManyCardsError, UnequalHandsError
from .judging import HandValue, Judging
from .streets import HAND_SIZE


@dataclass(frozen=True, slots=True)
class Comparison:
    """Each player's cards (community card included), value and best cards, and the finishing order."""

    hands: tuple[tuple[int, ...], ...]
    values: tuple[HandValue, ...]
    best: tuple[Sequence[int], ...]
    """Each hand's cards that make its value, in comparison order."""
    order: tuple[tuple[int, ...], ...]
    """Player indices grouped by equal value, best first: suits never break a tie (RRoP Ties 1)."""
    lows: tuple[HandValue | None, ...] = ()
    """Stud/8: each hand's qualifying low or None (empty in a game of one division)."""
    low_best: tuple[Sequence[int] | None, ...] = ()
    """Stud/8: the cards of each qualifying low, in comparison order, or None."""
    low_order: tuple[tuple[int, ...], ...] = ()
    """Stud/8: the indices of the players holding a qualifying low, grouped by equal low, best first; empty when
    nobody qualifies (and in a game of one division)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The players holding the best hand (stud/8: the best high hand)."""
        return self.order[0]

    @property
    def low_winners(self) -> tuple[int, ...]:
        """Stud/8: the players holding the best qualifying low; empty when nobody qualifies."""
        return self.low_order[0] if self.low_order else ()


def compare(judging: Judging, hands: Sequence[Sequence[str]], community_card: str | None = None) -> Comparison:
    """Value every player's hand (``players[i].cards``) from one deck as ``judging`` does and rank them, ties grouped.

    Player 1's seven-five beats the eight-five that players 0 and 2 tie with, whatever their suits:

    >>> from .judging import RAZZ_JUDGING
    >>> result = compare(RAZZ_JUDGING, [["As", "2d", "3c", "5h", "8s", "Kd", "Kc"],
    ...                   ["Ah", "2s", "4c", "5d", "7h", "Qh", "Qs"],
    ...                   ["Ac", "2h", "3d", "5s", "8c", "Js", "Jc"]])
    >>> result.order
    ((1,), (0, 2))
    >>> [value.name for value in result.values]
    ['8-5-3-2-A', '7-5-4-2-A', '8-5-3-2-A']

    A community card (section 7) plays in every hand:

    >>> shared = compare(RAZZ_JUDGING, [["2c", "3c", "4c"], ["5d", "6d", "7d"]], community_card="As")
    >>> [value.name for value in shared.values]
    ['4-3-2-A', '7-6-5-A']

    Stud/8 orders each half; only player 2 holds a qualifying low (player 0's ace to four are four ranks):

    >>> from .judging import STUD8_JUDGING
    >>> halves = compare(STUD8_JUDGING, [["As", "2d", "3c", "4h", "9s", "Kd", "Kc"],
    ...                                  ["Qh", "Qd", "Jc", "9c", "9d", "7h", "Th"],
    ...                                  ["Ah", "2s", "4c", "5d", "7s", "Qs", "Qc"]])
    >>> halves.order, halves.low_order, halves.winners, halves.low_winners
    (((1,), (0,), (2,)), ((2,),), (1,), (2,))
    """
    deck = Deck()
    community = () if community_card is None else (deck.take(community_card, "community_card"),)
    dealt = []
    for index, cards in enumerate(hands):
        path = f"players[{index}].cards"
        codes = deck.take_each(cards, path)
        if len(codes) + len(community) > HAND_SIZE:
            raise TooManyCardsError(path, "with the community card a player holds at most 6 cards of his own")
        if len(codes) != len(hands[0]):
            raise UnequalHandsError(path, f"holds {len(codes)} cards where players[0] holds {len(hands[0])}: "
                                          "only hands of as many cards compare")
        dealt.append((*codes, *community))
    values, best = judging.hand.rank_batch(dealt)
    if judging.low is None:
        return Comparison(tuple(dealt), tuple(values), tuple(best), _order(values))
    lows, low_best = judging.low.hand.rank_batch(dealt)
    return Comparison(tuple(dealt), tuple(values), tuple(best), _order(values), tuple(lows), tuple(low_best),
                      _order(lows))


def _order(values: Sequence[HandValue | None]) -> tuple[tuple[int, ...], ...]:
    """Player indices grouped by equal value (one object per value), best first; a None value is left out."""
    order: list[list[int]] = []
    ranked = [index for index in range(len(values)) if values[index] is not None]
    for index in sorted(ranked, key=lambda index: values[index].rank):  # type: ignore[union-attr]
        if order and values[order[-1][0]] is values[index]:
            order[-1].append(index)
        else:
            order.append([index])
    return tuple(tuple(group) for group in order)
