"""Ace-to-five low ranking (rules reference section 8), answered by table lookup.

Every rank multiset of 1 to 7 cards is valued once, at import: a hand's value is then
``LOW_HANDS[len(hand)][sum(hand) >> SUIT_BITS]``. Straights and flushes do not exist in this
ranking because suits never enter the key.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import compress, repeat
from operator import call, getitem, rshift

import numpy as np
import numpy.typing as npt

from .cards import (
    CARD_TEXT,
    RANK_CHARS,
    RANK_KEYS,
    RANK_NAMES,
    RANK_OF,
    RANK_PLURALS,
    SUIT_BITS,
)
from .multiset_batches import (
    Picker,
    Places,
    best_of_smaller,
    looked_up,
    multiset_keys,
    multiset_ranks,
    picker,
    picker_table,
)
from .streets import HAND_SIZE
from .why import Citation

LOW_RANKING = Citation("§8", "BARGE Appendix A")
"""Ace-to-five: aces low, straights and flushes ignored, pairs bad, the lowest five distinct ranks play."""

CATEGORIES = ("no_pair", "one_pair", "two_pair", "three_of_a_kind", "full_house", "four_of_a_kind")
"""Categories from best to worst: any hand without a pair beats any hand with one."""

_CATEGORY_OF_SHAPE = {
    (1,): 0, (2,): 1, (2, 2): 2, (3,): 3, (3, 2): 4, (4,): 5,
}
"""Group sizes (singletons dropped) to category: (2, 2) is two pair, (3, 2) a full house."""

MAX_USED = 5


@dataclass(frozen=True, slots=True, eq=False)
class LowHand:
    """The value of a rank multiset: everything about a low except which suits made it.

    One object per distinct value, shared by every hand worth it: identity is equality.
    """

    rank: int
    """Place among all distinct values of the same number of cards used; 1 is the best."""
    category: str
    ranks: tuple[int, ...]
    """The ranks used (at most five), in comparison order: bigger groups first, higher rank first."""
    name: str
    description: str


def _comparison_ranks(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Order ranks for comparison and naming: bigger groups first, then higher rank first (a stable sort by group
    size of the ranks sorted high first)."""
    high_first = sorted(ranks, reverse=True)
    return tuple(sorted(high_first, key=high_first.count, reverse=True))


def _category(ranks: tuple[int, ...]) -> int:
    """Index into CATEGORIES for at most five ranks."""
    shape = tuple(sorted((n for n in map(ranks.count, set(ranks)) if n > 1), reverse=True))
    return _CATEGORY_OF_SHAPE.get(shape, 0)


def _describe(category: int, ranks: tuple[int, ...]) -> str:
    """Words for a value, e.g. 'nine-four low', 'pair of twos', 'aces full of twos'."""
    top = ranks[0] - 1
    if category == 0:
        if len(ranks) == 1:
            return f"{RANK_NAMES[top]} low"
        return f"{RANK_NAMES[top]}-{RANK_NAMES[ranks[1] - 1]} low"
    if category == 1:
        return f"pair of {RANK_PLURALS[top]}"
    if category == 2:
        return f"two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[2] - 1]}"
    if category == 3:
        return f"three {RANK_PLURALS[top]}"
    if category == 4:
        return f"{RANK_PLURALS[top]} full of {RANK_PLURALS[ranks[3] - 1]}"
    return f"four {RANK_PLURALS[top]}"


_RANK_KEYS = np.array(RANK_KEYS, dtype=np.int64)


def _values_of_five_or_fewer(size: int) -> tuple[dict[int, LowHand], list[int]]:
    """Every multiset of ``size`` (1 to 5) cards valued, its values sorted by (category, comparison ranks), and the
    keys of those without a pair."""
    ranks = multiset_ranks(size)[0]
    valued = sorted(((_category(row), _comparison_ranks(row)), key)
                    for row, key in zip(map(tuple, ranks.tolist()), multiset_keys(size), strict=True))
    values = {
        key: LowHand(rank=place, category=CATEGORIES[category], ranks=order,
                     name="-".join(RANK_CHARS[rank - 1] for rank in order), description=_describe(category, order))
        for place, ((category, order), key) in enumerate(valued, start=1)
    }
    return values, [key for (category, _), key in valued if category == 0]


def _lowest_five_places(ranks: npt.NDArray[np.int8]) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.intp]]:
    """Which multisets (sorted rows) hold five different ranks or more, and for each of them where the highest card of
    each of its five lowest ranks sits, highest rank first."""
    ends = np.ones(ranks.shape, dtype=np.bool_)
    ends[:, :-1] = ranks[:, :-1] != ranks[:, 1:]
    five = ends.sum(axis=1) >= MAX_USED
    return five, np.argsort(~ends[five], axis=1, kind="stable")[:, MAX_USED - 1::-1]


def _build_tables() -> tuple[list[dict[int, LowHand]], list[dict[int, Picker]]]:
    """Value every rank multiset of 1 to 7 cards; the lists are indexed by hand size.

    Up to five cards, values are sorted by (category, comparison ranks). A bigger hand plays its
    best five: the best value among the hands one card smaller, found for all multisets at once.
    Hands that play five different ranks also get a picker of their cards' places in the hand
    sorted by code: every card, highest first, or each of the lowest five ranks' highest card.
    """
    values: list[dict[int, LowHand]] = [{}]
    pickers: list[dict[int, Picker]] = [{}]
    for size in range(1, MAX_USED + 1):
        table, unpaired = _values_of_five_or_fewer(size)
        values.append(table)
        pickers.append(dict.fromkeys(unpaired, picker(range(size - 1, -1, -1))))
    lowest_five: dict[tuple[int, ...], Picker] = {}
    for size in range(MAX_USED + 1, HAND_SIZE + 1):
        ranks = multiset_ranks(size)[0]
        values.append(best_of_smaller(size, values[size - 1]))
        five, places = _lowest_five_places(ranks)
        pickers.append(picker_table(compress(multiset_keys(size), five.tolist()), places, lowest_five))
    return values, pickers


def _seven_card_ranks(table: dict[int, LowHand]) -> array[int]:
    """A flat array from 7-card key to rank, which numpy reads without a copy to rank many deals at once
    (``equity_spot.seven_card_values``)."""
    ranks = array("H", bytes(2 * (max(table) + 1)))
    np.frombuffer(ranks, dtype=np.uint16)[list(table)] = [value.rank for value in table.values()]
    return ranks


LOW_HANDS, BEST_CARDS = _build_tables()
"""``LOW_HANDS[size][key]``: the value of every hand of 1 to 7 cards; ``BEST_CARDS[size][key]`` picks its cards."""

SEVEN_CARD_RANKS = _seven_card_ranks(LOW_HANDS[HAND_SIZE])


def evaluate(hand: Sequence[int]) -> LowHand:
    """The low value of 1 to 7 distinct card codes: one sum and one lookup.

    Seven cards play their best five; the pair of fives and the king are left out, and only the
    ranks count (an 8-5-3-2-A is the 23rd best low of five cards):

    >>> from service.stud_family.cards import parse_cards
    >>> evaluate(parse_cards(["As", "2d", "3c", "5h", "5s", "8d", "Kc"]))
    LowHand(rank=23, category='no_pair', ranks=(8, 5, 3, 2, 1), name='8-5-3-2-A', description='eight-five low')

    Four different ranks cannot make a five-card low without a pair, and a pair loses to any hand without one:

    >>> evaluate(parse_cards(["7c", "7d", "3h", "3s", "9c", "9d", "Kh"])).description
    'pair of threes'
    """
    return LOW_HANDS[len(hand)][sum(hand) >> SUIT_BITS]


def low_rank(hand: Sequence[int]) -> int:
    """The hand's rank alone (1 is best among hands of as many cards used): what a board is compared by.

    >>> from service.stud_family.cards import parse_cards
    >>> low_rank(parse_cards(["As", "2d", "3c", "4h", "5s"])), low_rank(parse_cards(["2c", "As"]))
    (1, 1)
    """
    return LOW_HANDS[len(hand)][sum(hand) >> SUIT_BITS].rank


def best_cards(hand: Sequence[int]) -> Sequence[int]:
    """The cards that make the hand's value, in comparison order; within a rank the highest suits are used.

    Codes sort by rank, then suit, so where the best cards sit in the sorted hand depends on its
    ranks alone: a hand of five different ranks is one lookup, one sort and one pick.

    >>> from service.stud_family.cards import CARD_TEXT, parse_cards
    >>> [CARD_TEXT[code] for code in best_cards(parse_cards(["As", "2d", "3c", "5h", "5s", "8d", "Kc"]))]
    ['8d', '5s', '3c', '2d', 'As']
    """
    pick = BEST_CARDS[len(hand)].get(sum(hand) >> SUIT_BITS, _walk_best_cards)
    return pick(sorted(hand))


def _walk_best_cards(ordered: list[int]) -> list[int]:
    """A hand that plays a rank twice or more takes that rank's cards from the top suit down."""
    top_down = ordered[::-1]
    ranks = list(map(RANK_OF.__getitem__, top_down))
    chosen = []
    for rank in evaluate(ordered).ranks:
        index = ranks.index(rank)
        ranks[index] = 0
        chosen.append(top_down[index])
    return chosen


def rank_batch(hands: Sequence[Sequence[int]]) -> tuple[list[LowHand], list[Sequence[int]]]:
    """``evaluate`` and ``best_cards`` of many hands, each step one C-level pass over the whole batch.

    A thousand hands cost more in per-hand Python calls than in the lookups themselves, so the
    batch is keyed, valued, sorted and picked by ``map`` over the tables ``best_cards`` uses.
    """
    sizes = list(map(len, hands))
    keys = list(map(rshift, map(sum, hands), repeat(SUIT_BITS)))
    values = list(map(getitem, map(LOW_HANDS.__getitem__, sizes), keys))
    pickers = map(dict.get, map(BEST_CARDS.__getitem__, sizes), keys, repeat(_walk_best_cards))
    return values, list(map(call, pickers, map(sorted, hands)))


def rank_multisets(hands: npt.NDArray[np.int64]) -> tuple[list[LowHand], Places]:
    """``rank_batch`` of hands of one size, each sorted by code, its best cards as places in the hand: each value
    looked up by key, and its ranks' cards placed in numpy passes over the batch (``multiset_batches.looked_up``).

    >>> from service.stud_family.cards import parse_cards
    >>> values, places = rank_multisets(np.array([sorted(parse_cards(["As", "2d", "3c", "5h", "5s", "8d", "Kc"]))]))
    >>> values[0].name, places.tolist()
    ('8-5-3-2-A', [[5, 4, 2, 1, 0]])
    """
    return looked_up(LOW_HANDS, hands)


def value_batch(hands: Sequence[Sequence[int]]) -> list[LowHand]:
    """``evaluate`` of many hands, keyed and looked up in C-level passes over the whole batch (``rank_batch``'s
    values without its cards)."""
    keys = map(rshift, map(sum, hands), repeat(SUIT_BITS))
    return list(map(getitem, map(LOW_HANDS.__getitem__, map(len, hands)), keys))


def explain_best(hand: Sequence[int], value: LowHand, used: Sequence[int]) -> str:
    """Why a hand's best low is those cards (``used``, the best cards its valuation found worth ``value``): all of
    them, the five lowest distinct ranks, or the lowest pairs added.

    >>> from service.stud_family.cards import parse_cards
    >>> hand = parse_cards(["As", "2d", "3c", "5h", "5s", "8d", "Kc"])
    >>> explain_best(hand, evaluate(hand), best_cards(hand))
    'the five lowest distinct ranks play: 8-5-3-2-A, no pair (Kc 5h left out)'
    """
    category = value.category.replace("_", " ")
    if len(hand) <= MAX_USED:
        return f"all {len(hand)} card(s) play: {value.name}, {category}"
    left_out = " ".join(CARD_TEXT[code] for code in sorted(set(hand) - set(used), reverse=True))
    distinct = len(set(map(RANK_OF.__getitem__, hand)))
    if distinct >= MAX_USED:
        return f"the five lowest distinct ranks play: {value.name}, {category} ({left_out} left out)"
    return (f"only {distinct} distinct ranks, so repeated ranks fill the five, the lowest first: {value.name}, "
            f"{category} ({left_out} left out)")


_GROUPS = {2: "pairs", 3: "trips", 4: "quads"}
"""A group of equal ranks by its size, as the comparison names the groups of two hands."""


def why_lower(better: LowHand, worse: LowHand) -> str:
    """Why ``better`` is the lower hand: a better category, else the first rank that is lower in comparison order
    (the bigger groups first, then from the top down).

    >>> from service.stud_family.cards import parse_cards
    >>> six = evaluate(parse_cards(["As", "2d", "3c", "4h", "6s"]))
    >>> eight = evaluate(parse_cards(["As", "2d", "3c", "5h", "8s"]))
    >>> why_lower(six, eight)
    'compared from the top down, 6 is lower than 8'
    """
    if better.category != worse.category:
        return f"{better.category.replace('_', ' ')} beats {worse.category.replace('_', ' ')}"
    for place, (mine, theirs) in enumerate(zip(better.ranks, worse.ranks, strict=True)):
        if mine == theirs:
            continue
        lower = f"{RANK_PLURALS[mine - 1]} are lower than {RANK_PLURALS[theirs - 1]}"
        if better.category == CATEGORIES[0]:
            return f"compared from the top down, {RANK_CHARS[mine - 1]} is lower than {RANK_CHARS[theirs - 1]}"
        size, first = better.ranks.count(mine), _GROUPS[better.ranks.count(better.ranks[0])]
        if size == 1:
            return (f"the {first} tie, so the side cards decide from the top down: {RANK_CHARS[mine - 1]} is lower "
                    f"than {RANK_CHARS[theirs - 1]}")
        if place == 0:
            return f"the {first} are compared first: {lower}"
        if first == _GROUPS[size]:
            return f"the higher {first} tie, so the lower {first} decide: {lower}"
        return f"the {first} tie, so the {_GROUPS[size]} decide: {lower}"
    raise ValueError(f"{better.name} and {worse.name} tie")


class AceToFiveLow:
    """Ace-to-five low as an evaluator (``judging.Evaluator``): the operations showdown, ranking and equity ask of
    a game's hands, over this module's tables. Razz values every hand so; stud/8 its low half, qualified."""

    __slots__ = ()

    citation = LOW_RANKING
    categories = CATEGORIES
    seven_card_ranks = SEVEN_CARD_RANKS

    def values(self) -> Iterator[LowHand]:
        """Every distinct low, each once (the tables of larger hands share the values of five cards)."""
        return iter({value: None for table in LOW_HANDS for value in table.values()})

    def evaluate(self, hand: Sequence[int]) -> LowHand:
        """``evaluate``."""
        return evaluate(hand)

    def rank_batch(self, hands: Sequence[Sequence[int]]) -> tuple[list[LowHand], list[Sequence[int]]]:
        """``rank_batch``."""
        return rank_batch(hands)

    def rank_multisets(self, hands: npt.NDArray[np.int64]) -> tuple[list[LowHand], Places]:
        """``rank_multisets``."""
        return rank_multisets(hands)

    def best_cards(self, hand: Sequence[int]) -> Sequence[int]:
        """``best_cards``."""
        return best_cards(hand)

    def board(self, board: Sequence[int]) -> LowHand:
        """``evaluate``: a board of 1 to 4 cards is a low of as many cards."""
        return evaluate(board)

    def board_rank(self, board: Sequence[int]) -> int:
        """``low_rank``: the lowest board showing is the best."""
        return low_rank(board)

    def explain_best(self, hand: Sequence[int], value: LowHand, best: Sequence[int]) -> str:
        """``explain_best``."""
        return explain_best(hand, value, best)

    def why_better(self, better: LowHand, worse: LowHand) -> str:
        """``why_lower``."""
        return why_lower(better, worse)


ACE_TO_FIVE_LOW = AceToFiveLow()
"""The one ace-to-five low evaluator."""
