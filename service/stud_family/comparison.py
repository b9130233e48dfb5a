"""Players' hands against each other as a game judges them (section 8): one deck, as many cards each, ties split."""

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
    order: list[list[int]] = []
    for index in sorted(range(len(values)), key=lambda index: values[index].rank):
        if order and values[order[-1][0]] is values[index]:
            order[-1].append(index)
        else:
            order.append([index])
    return Comparison(tuple(dealt), tuple(values), tuple(best), tuple(tuple(group) for group in order))
