"""Stud high values (stud rules reference sections 4 and 8), answered by table lookup.

A hand without five cards of one suit is worth what its ranks are worth: every rank multiset of
1 to 7 cards is valued once, at import, and looked up by ``sum(hand) >> SUIT_BITS`` as the razz
tables are. Seven cards or fewer with five of one suit make no full house or four of a kind
(quads or a full house need three cards off the suit, and only two are left), so such a hand is
worth the best straight flush or flush of its suited cards, looked up by their ranks as a bit mask.
Boards of 1 to 4 cards make no straight or flush and are ranked among boards of as many cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, compress, count, repeat
from operator import add, and_, call, getitem, rshift

import numpy as np
import numpy.typing as npt

from .cards import (
    CARD_CODES,
    CARD_TEXT,
    RANK_CHARS,
    RANK_KEYS,
    RANK_NAMES,
    RANK_OF,
    RANK_PLURALS,
    SUIT_BITS,
    SUIT_OF,
)
from .multiset_batches import (
    Picker,
    Places,
    best_of_smaller,
    looked_up,
    multiset_keys,
    multiset_ranks,
    picker_table,
    places_of,
    ranks_used,
)
from .streets import HAND_SIZE
from .why import Citation

CATEGORIES = ("straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind",
              "two_pair", "one_pair", "high_card")
"""Categories from best to worst (section 4); a board of fewer than five cards has no straight, flush or full house."""

FIVE_CARD_CLASSES = 7462
"""Distinct values of five cards: 1 is the ace-high straight flush, 7462 the seven-five high (section 8)."""

MAX_USED = 5

ACE = 1
"""The ace's rank in card codes (ace-to-five order); it plays above the king except in ``5-4-3-2-A``."""


def strength(rank: int) -> int:
    """A rank's place in high order, 2 to 14: the ace is the highest card.

    >>> strength(1), strength(2), strength(13)
    (14, 2, 13)
    """
    return 14 if rank == ACE else rank


@dataclass(frozen=True, slots=True, eq=False)
class HighHand:
    """The value of a hand for high: everything about it but which suits made it (a flush aside).

    One object per distinct value, shared by every hand worth it: identity is equality.
    """

    rank: int
    """Place among all distinct values of the same number of cards used; 1 is the best."""
    category: str
    ranks: tuple[int, ...]
    """The ranks used (at most five), in comparison order: bigger groups first, then higher ranks first,
    aces high, the ace last in ``5-4-3-2-A``."""
    name: str
    description: str


_SHAPES = {(4, 1): 1, (4,): 1, (3, 2): 2, (3, 1, 1): 5, (3, 1): 5, (3,): 5, (2, 2, 1): 6, (2, 2): 6}
"""Group sizes, largest first, to a category index; any other shape with a 2 is one pair, else high card."""

_STRAIGHTS = tuple((top, *range(top - 1, top - 5, -1)) if top > 5 else (5, 4, 3, 2, 14) for top in range(14, 4, -1))
"""The ten straights in high order (strengths), best first: ace-high down to ``5-4-3-2-A``."""


def _shape_category(ranks: tuple[int, ...]) -> int:
    """Index into CATEGORIES of the groups of at most five ranks, straights and flushes aside."""
    shape = tuple(sorted(map(ranks.count, set(ranks)), reverse=True))
    return _SHAPES.get(shape, 7 if 2 in shape else 8)


def _straight(strengths: set[int]) -> tuple[int, ...] | None:
    """The best straight among these strengths, in comparison order, or None."""
    for straight in _STRAIGHTS:
        if strengths.issuperset(straight):
            return straight
    return None


def _comparison_strengths(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Strengths in comparison order: bigger groups first, then higher first (a stable sort by group size of the
    strengths sorted high first)."""
    highs = sorted(map(strength, ranks), reverse=True)
    return tuple(sorted(highs, key=highs.count, reverse=True))


def _rank_of_strength(high: int) -> int:
    return ACE if high == 14 else high


_LEAD = {0: "{}-high straight flush", 3: "{}-high flush", 4: "{}-high straight"}


def _describe(category: int, ranks: tuple[int, ...]) -> str:
    """Words for a value: 'ace-high straight flush', 'kings full of sevens', 'pair of aces', 'ace-king high'."""
    top, plural = RANK_NAMES[ranks[0] - 1], RANK_PLURALS[ranks[0] - 1]
    if category in _LEAD:
        return _LEAD[category].format(top)
    if category == 1:
        return f"four {plural}"
    if category == 2:
        return f"{plural} full of {RANK_PLURALS[ranks[3] - 1]}"
    if category == 5:
        return f"three {plural}"
    if category == 6:
        return f"two pair, {plural} and {RANK_PLURALS[ranks[2] - 1]}"
    if category == 7:
        return f"pair of {plural}"
    if len(ranks) == 1:
        return f"{top} high"
    return f"{top}-{RANK_NAMES[ranks[1] - 1]} high"


def _value(place: int, category: int, strengths: tuple[int, ...]) -> HighHand:
    ranks = tuple(map(_rank_of_strength, strengths))
    return HighHand(rank=place, category=CATEGORIES[category], ranks=ranks,
                    name="-".join(RANK_CHARS[rank - 1] for rank in ranks), description=_describe(category, ranks))


_RANK_KEYS = np.array(RANK_KEYS, dtype=np.int64)
"""Each rank's key: a rank multiset's table key is the sum of its ranks' keys, what its cards' codes sum to
shifted down by SUIT_BITS."""


def _listed(size: int) -> list[tuple[tuple[int, ...], int]]:
    """``multiset_ranks(size)`` as Python tuples and keys, for the tables valued one multiset at a time."""
    ranks = multiset_ranks(size)[0]
    return list(zip(map(tuple, ranks.tolist()), multiset_keys(size), strict=True))


def _five_card_values() -> tuple[dict[int, HighHand], dict[int, HighHand]]:
    """The 7,462 five-card values: by rank key for unsuited hands, by rank mask for flushes.

    Each class is keyed by (category, strengths in comparison order) and placed by sorting.
    """
    unsuited = []
    for ranks, key in _listed(MAX_USED):
        category, order = _shape_category(ranks), _comparison_strengths(ranks)
        straight = _straight(set(order)) if category == 8 else None
        unsuited.append(((4, straight) if straight else (category, order), key))
    suited = []
    for ranks in combinations(range(1, len(RANK_CHARS) + 1), MAX_USED):
        order = _comparison_strengths(ranks)
        straight = _straight(set(order))
        suited.append(((0, straight) if straight else (3, order), sum(1 << (rank - 1) for rank in ranks)))
    places = {sort_key: place for place, sort_key in enumerate(sorted({key for key, _ in unsuited + suited},
                                                                      key=lambda key: (key[0], [-s for s in key[1]])),
                                                               start=1)}
    made = {key: _value(place, key[0], key[1]) for key, place in places.items()}
    return {table_key: made[key] for key, table_key in unsuited}, {mask: made[key] for key, mask in suited}


def _board_values(size: int) -> dict[int, HighHand]:
    """Every board of ``size`` (1 to 4) cards, placed among boards of as many cards: groups, then kickers."""
    valued = sorted(((_shape_category(ranks), tuple(-s for s in _comparison_strengths(ranks))), key)
                    for ranks, key in _listed(size))
    places: dict[tuple[int, tuple[int, ...]], HighHand] = {}
    for key, _ in valued:
        if key not in places:
            places[key] = _value(len(places) + 1, key[0], tuple(-s for s in key[1]))
    return {table_key: places[key] for key, table_key in valued}


def _pickers(size: int, values: dict[int, HighHand], shared: dict[tuple[int, ...], Picker]) -> dict[int, Picker]:
    """Each multiset's picker: where the cards of its value's ranks sit in a hand sorted by code
    (``multiset_batches.places_of``: the highest suits of a rank first)."""
    ranks = multiset_ranks(size)[0]
    used = ranks_used(list(map(values.__getitem__, multiset_keys(size))))
    return picker_table(multiset_keys(size), places_of(_RANK_KEYS[ranks] << SUIT_BITS, used), shared)


def _build_tables() -> tuple[list[dict[int, HighHand]], list[dict[int, Picker]], dict[int, HighHand]]:
    """Value every rank multiset of 1 to 7 cards (lists indexed by hand size) and every flush's rank mask.

    A six- or seven-card multiset is worth the best of the multisets one card smaller, and so is a flush
    of six or seven cards; a picker takes the cards of the value's ranks.
    """
    unsuited_five, flushes = _five_card_values()
    values: list[dict[int, HighHand]] = [{}]
    values += [_board_values(size) for size in range(1, MAX_USED)]
    values.append(unsuited_five)
    for size in range(MAX_USED + 1, HAND_SIZE + 1):
        values.append(best_of_smaller(size, values[size - 1]))
    shared: dict[tuple[int, ...], Picker] = {}
    pickers: list[dict[int, Picker]] = [{}]
    pickers += [_pickers(size, values[size], shared) for size in range(1, HAND_SIZE + 1)]
    for size in (6, 7):
        flushes.update(_best_flush_of_smaller(size, flushes))
    return values, pickers, flushes


def _best_flush_of_smaller(size: int, smaller: dict[int, HighHand]) -> dict[int, HighHand]:
    """Every flush of ``size`` (6 or 7) cards, by rank mask, valued as the best of its flushes one card smaller (in
    ``smaller``), all at once."""
    bits = 1 << np.array(list(combinations(range(len(RANK_CHARS)), size)), dtype=np.int64)
    masks = bits.sum(axis=1)
    without_one = masks[:, None] - bits
    smaller_values = list(smaller.values())
    number = np.zeros(1 << len(RANK_CHARS), dtype=np.intp)
    number[list(smaller)] = np.arange(len(smaller_values))
    rank = np.array([value.rank for value in smaller_values], dtype=np.int64)
    candidates = number[without_one]
    best = candidates[np.arange(len(masks)), rank[candidates].argmin(axis=1)]
    return dict(zip(masks.tolist(), map(smaller_values.__getitem__, best.tolist()), strict=True))


HIGH_HANDS, BEST_CARDS, FLUSHES = _build_tables()
"""``HIGH_HANDS[size][key]``: the value of every hand of 1 to 7 cards without five of a suit, and
``BEST_CARDS[size][key]`` picks its cards; ``FLUSHES[mask]``: the value of 5 to 7 cards of one suit by their ranks."""

_SUIT_COUNT = {code: 1 << 4 * SUIT_OF[code] for code in CARD_CODES.values()}
"""A card's suit as a count in its own four bits: a hand's sum counts each suit."""
_PAST_FOUR = 0x3333
_FIVE_OF_A_SUIT = 0x8888
"""Adding 3 to each suit's count sets its fourth bit exactly when the count is 5 or more (7 at most)."""


def _flush(hand: Sequence[int], suits: int) -> tuple[HighHand, list[int]]:
    """The straight flush or flush of a hand holding five or more cards of the suit whose count passed four."""
    suit = ((suits + _PAST_FOUR) & _FIVE_OF_A_SUIT).bit_length() // 4 - 1
    suited = {RANK_OF[code]: code for code in hand if SUIT_OF[code] == suit}
    value = FLUSHES[sum(1 << (rank - 1) for rank in suited)]
    return value, [suited[rank] for rank in value.ranks]


def evaluate(hand: Sequence[int]) -> HighHand:
    """The high value of 1 to 7 distinct card codes.

    Seven cards play their best five: the straight flush beats the four tens it shares a card with.

    >>> from service.stud_family.cards import parse_cards
    >>> evaluate(parse_cards(["9s", "8s", "7s", "6s", "5s", "Ts", "Th"]))  # doctest: +NORMALIZE_WHITESPACE
    HighHand(rank=5, category='straight_flush', ranks=(10, 9, 8, 7, 6), name='T-9-8-7-6',
             description='ten-high straight flush')

    A board of fewer than five cards has no straight: it is ranked among boards of as many cards.

    >>> evaluate(parse_cards(["5s", "4d", "3h", "2c"]))
    HighHand(rank=1820, category='high_card', ranks=(5, 4, 3, 2), name='5-4-3-2', description='five-four high')
    """
    if len(hand) >= MAX_USED:
        suits = sum(map(_SUIT_COUNT.__getitem__, hand))
        if (suits + _PAST_FOUR) & _FIVE_OF_A_SUIT:
            return _flush(hand, suits)[0]
    return HIGH_HANDS[len(hand)][sum(hand) >> SUIT_BITS]


def high_rank(hand: Sequence[int]) -> int:
    """The hand's rank alone (1 is best among hands of as many cards used): what boards and showdowns compare.

    >>> from service.stud_family.cards import parse_cards
    >>> high_rank(parse_cards(["5s", "4d", "3h", "2c", "As"])), high_rank(parse_cards(["As", "Kd"]))
    (1609, 14)
    """
    return evaluate(hand).rank


def best_cards(hand: Sequence[int]) -> Sequence[int]:
    """The cards that make the hand's value, in comparison order; of equal sets, the one with the higher suits first.

    That order is the one the odd chip reads (section 5): in a wheel the five comes first and the ace last.

    >>> from service.stud_family.cards import CARD_TEXT, parse_cards
    >>> [CARD_TEXT[code] for code in best_cards(parse_cards(["Kh", "Kd", "Ks", "7c", "7d", "7h", "2s"]))]
    ['Ks', 'Kh', 'Kd', '7h', '7d']
    >>> [CARD_TEXT[code] for code in best_cards(parse_cards(["As", "2c", "3d", "4h", "5s", "9c", "Kd"]))]
    ['5s', '4h', '3d', '2c', 'As']
    """
    if len(hand) >= MAX_USED:
        suits = sum(map(_SUIT_COUNT.__getitem__, hand))
        if (suits + _PAST_FOUR) & _FIVE_OF_A_SUIT:
            return _flush(hand, suits)[1]
    return BEST_CARDS[len(hand)][sum(hand) >> SUIT_BITS](sorted(hand))


def rank_batch(hands: Sequence[Sequence[int]]) -> tuple[list[HighHand], list[Sequence[int]]]:
    """``evaluate`` and ``best_cards`` of many hands, each step one C-level pass over the whole batch.

    Every hand is first valued by its ranks; the few with five cards of one suit (their suit counts
    summed in one more pass) are then valued again by their flush.
    """
    sizes = list(map(len, hands))
    keys = list(map(rshift, map(sum, hands), repeat(SUIT_BITS)))
    values = list(map(getitem, map(HIGH_HANDS.__getitem__, sizes), keys))
    pickers = map(getitem, map(BEST_CARDS.__getitem__, sizes), keys)
    cards: list[Sequence[int]] = list(map(call, pickers, map(sorted, hands)))
    suits = list(map(sum, map(map, repeat(_SUIT_COUNT.__getitem__), hands)))
    for index in compress(count(), map(and_, map(add, suits, repeat(_PAST_FOUR)), repeat(_FIVE_OF_A_SUIT))):
        values[index], cards[index] = _flush(hands[index], suits[index])
    return values, cards


def rank_multisets(hands: npt.NDArray[np.int64]) -> tuple[list[HighHand], Places]:
    """``rank_batch`` of hands of one size holding no five cards of a suit (a flush aside, a hand is worth its ranks),
    each sorted by code, its best cards as places in the hand: each value looked up by key, and its ranks' cards
    placed in numpy passes over the batch (``multiset_batches.looked_up``).

    >>> from service.stud_family.cards import parse_cards
    >>> values, places = rank_multisets(np.array([sorted(parse_cards(["Kh", "Kd", "Ks", "7c", "7d", "7h", "2s"]))]))
    >>> values[0].name, places.tolist()
    ('K-K-K-7-7', [[6, 5, 4, 3, 2]])
    """
    return looked_up(HIGH_HANDS, hands)


HIGH_RANKING = Citation("stud §4", "BARGE Appendix C")
"""Stud high: the best five, aces high (low only in ``5-4-3-2-A``), straights and flushes count, suits never rank."""


def explain_best(hand: Sequence[int], value: HighHand, used: Sequence[int]) -> str:
    """Why a hand's best high is those cards (``used``, the cards its valuation found worth ``value``).

    >>> from service.stud_family.cards import parse_cards
    >>> hand = parse_cards(["Kh", "Kd", "Ks", "7c", "7d", "7h", "2s"])
    >>> explain_best(hand, evaluate(hand), best_cards(hand))
    'the best five of 7 cards play: K-K-K-7-7, full house (7c 2s left out)'
    """
    category = value.category.replace("_", " ")
    if len(hand) <= MAX_USED:
        return f"all {len(hand)} card(s) play: {value.name}, {category}"
    left_out = " ".join(CARD_TEXT[code] for code in sorted(set(hand) - set(used), key=_high_first))
    return f"the best five of {len(hand)} cards play: {value.name}, {category} ({left_out} left out)"


def _high_first(code: int) -> tuple[int, int]:
    """A card's place in high order, highest first: rank (aces high), then suit."""
    return -strength(RANK_OF[code]), -SUIT_OF[code]


_GROUPS = {2: "pairs", 3: "trips", 4: "quads"}
"""A group of equal ranks by its size, as the comparison names the groups of two hands."""


def why_higher(better: HighHand, worse: HighHand) -> str:
    """Why ``better`` is the higher hand: a better category, else the first rank that is higher in comparison order
    (the bigger groups first, then from the top down; the five of ``5-4-3-2-A`` is its top card).

    >>> from service.stud_family.cards import parse_cards
    >>> six = evaluate(parse_cards(["6s", "5d", "4c", "3h", "2s"]))
    >>> wheel = evaluate(parse_cards(["5s", "4d", "3c", "2h", "As"]))
    >>> why_higher(six, wheel)
    'compared from the top down, 6 is higher than 5'
    >>> why_higher(six, evaluate(parse_cards(["Ks", "Kd", "9c", "9h", "4s"])))
    'straight beats two pair'
    >>> nines, eights = parse_cards(["Ks", "Kd", "9c", "9h", "4s"]), parse_cards(["Kc", "Kh", "8c", "8h", "As"])
    >>> why_higher(evaluate(nines), evaluate(eights))
    'the higher pairs tie, so the lower pairs decide: nines are higher than eights'
    """
    if better.category != worse.category:
        return f"{better.category.replace('_', ' ')} beats {worse.category.replace('_', ' ')}"
    for place, (mine, theirs) in enumerate(zip(better.ranks, worse.ranks, strict=True)):
        if mine == theirs:
            continue
        higher = f"{RANK_PLURALS[mine - 1]} are higher than {RANK_PLURALS[theirs - 1]}"
        size = better.ranks.count(mine)
        if better.category in ("high_card", "flush", "straight", "straight_flush"):
            return f"compared from the top down, {RANK_CHARS[mine - 1]} is higher than {RANK_CHARS[theirs - 1]}"
        first = _GROUPS[better.ranks.count(better.ranks[0])]
        if size == 1:
            return (f"the {first} tie, so the side cards decide from the top down: {RANK_CHARS[mine - 1]} is higher "
                    f"than {RANK_CHARS[theirs - 1]}")
        if place == 0:
            return f"the {first} are compared first: {higher}"
        if first == _GROUPS[size]:
            return f"the higher {first} tie, so the lower {first} decide: {higher}"
        return f"the {first} tie, so the {_GROUPS[size]} decide: {higher}"
    raise ValueError(f"{better.name} and {worse.name} tie")


class StudHigh:
    """Stud high as an evaluator (``judging.Evaluator``): what showdown, ranking and comparison ask of a stud or
    stud/8 hand's high half, over this module's tables."""

    __slots__ = ()

    citation = HIGH_RANKING
    categories = CATEGORIES
    seven_card_ranks = None
    """Suits decide a flush, so no table by rank multiset values seven cards: equity counts suits
    (``seven_card_values``, ``stud_exact``)."""

    def values(self) -> Iterator[HighHand]:
        """Every distinct value, each once: boards of 1 to 4 cards and the 7,462 five-card classes (larger hands
        share the five-card values)."""
        tables: list[Iterable[HighHand]] = [*(table.values() for table in HIGH_HANDS), FLUSHES.values()]
        return iter({value: None for table in tables for value in table})

    def evaluate(self, hand: Sequence[int]) -> HighHand:
        """``evaluate``."""
        return evaluate(hand)

    def rank_batch(self, hands: Sequence[Sequence[int]]) -> tuple[list[HighHand], list[Sequence[int]]]:
        """``rank_batch``."""
        return rank_batch(hands)

    def rank_multisets(self, hands: npt.NDArray[np.int64]) -> tuple[list[HighHand], Places]:
        """``rank_multisets``."""
        return rank_multisets(hands)

    def best_cards(self, hand: Sequence[int]) -> Sequence[int]:
        """``best_cards``."""
        return best_cards(hand)

    def board(self, board: Sequence[int]) -> HighHand:
        """``evaluate``: a board of 1 to 4 cards is ranked among boards of as many cards (section 8)."""
        return evaluate(board)

    def board_rank(self, board: Sequence[int]) -> int:
        """``high_rank``: the highest board showing is the best."""
        return high_rank(board)

    def explain_best(self, hand: Sequence[int], value: HighHand, best: Sequence[int]) -> str:
        """``explain_best``."""
        return explain_best(hand, value, best)

    def why_better(self, better: HighHand, worse: HighHand) -> str:
        """``why_higher``."""
        return why_higher(better, worse)


STUD_HIGH = StudHigh()
"""The one stud high evaluator."""
