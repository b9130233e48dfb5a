"""Many hands valued at once by their rank multisets, numpy over the answers an evaluator gave once for each.

Every evaluator of the stud family values a hand by its ranks alone, except where five of its cards
share a suit (stud's flushes, stud §4). And where a hand's best cards sit in the hand sorted by code
(rank, then suit) depends on its ranks alone too: the evaluators pick them by place in that order,
the highest suits of a rank last (``ranking.best_cards``, ``high_ranking.best_cards``). So each rank
multiset of a hand size is asked of the evaluator once, as a hand of no five of a suit, and its value
and best cards' places are kept; a batch is then sorted, keyed and looked up in numpy passes. Where
five of a suit change any of an evaluator's values (``suits_decide``: stud high's, not razz's or
stud/8's low), it values a hand holding five or more of a suit by those cards alone (a flush or
straight flush: with at most seven cards, the two others are too few for a full house or four of
a kind), so each set of five to seven ranks of one suit is asked of it once too, and a batch's
hands with five of a suit are looked up again by their suit's cards. Nothing is decided here:
every value and every card is the evaluator's own answer (the tests hold batches to ``rank_batch``).

An evaluator's tables are built once per process (``build_tables``, a few megabytes), before the server forks its
workers, which share them: each size's multisets are asked all at once (``rank_multisets``), and the evaluator answers
from its own tables by rank multiset in numpy passes, its best cards placed by the one rule of where a rank's highest
suits sit (``places_of``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import chain, combinations, combinations_with_replacement
from math import comb
from operator import is_not, itemgetter
from typing import Any, NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from .cards import RANK_CHARS, RANK_KEYS, SUIT_BITS, SUIT_CHARS
from .streets import HAND_SIZE

Codes = npt.NDArray[np.int64]
"""Card codes, a hand a row."""
Places = npt.NDArray[np.int8]
"""Places in a hand sorted by code, a hand a row."""

FIVE_OF_A_SUIT = 5
"""The cards of one suit from which suits may decide a value: a flush (stud §4)."""
SUIT_MASK = (1 << SUIT_BITS) - 1
"""A card code's suit bits."""
_SUIT_COUNTS = np.array([1 << 4 * suit for suit in range(len(SUIT_CHARS))], dtype=np.int64)
"""A card's suit as a count in its own four bits: a hand's sum counts each suit."""
_PAST_FOUR = 0x3333
_FIVE_OF_A_SUIT = 0x8888
"""Adding 3 to each suit's count sets its fourth bit exactly when the count is 5 or more (7 at most)."""
_RANK_KEYS = np.array(RANK_KEYS, dtype=np.int64)
"""Each rank's key, by rank: a rank multiset's key is the sum of its ranks' keys."""


class BatchEvaluator(Protocol):
    """What a table is built from: an evaluator's batch of values and best cards (None for a hand without one: a
    stud/8 low that does not qualify)."""

    def rank_batch(self, hands: Sequence[Sequence[int]]) -> tuple[Sequence[Any], Sequence[Sequence[int] | None]]:
        """Values and best cards (comparison order) of many hands of card codes."""
    def rank_multisets(self, hands: Codes) -> tuple[Sequence[Any], Places]:
        """``rank_batch`` of hands of one size sorted by code (a row each) holding no five cards of a suit, the best
        cards as their places in each hand (a row of 0 for a hand without a value): what a size's table asks."""
    def __hash__(self) -> int:
        """An evaluator is one object, its tables kept by it."""


class Distinct:
    """An evaluator's distinct values (None among them for a hand without one, as a stud/8 low), each numbered once in
    the order its tables first hold it: a table keeps each row's number, so that a batch's values are numbers moved in
    numpy passes, and a caller reads a value's object, or anything it keeps per value, by that number."""

    def __init__(self) -> None:
        self.values: list[Any] = []
        """Every value numbered so far, at its number."""
        self._numbers: dict[Any, int] = {}

    def numbers(self, values: Sequence[Any]) -> npt.NDArray[np.int32]:
        """The number of each of ``values`` (an evaluator's objects, one per distinct value), numbering the new ones."""
        for value in dict.fromkeys(values):  # each distinct one once, as first met: a few thousand of 50,000
            if value not in self._numbers:
                self._numbers[value] = len(self.values)
                self.values.append(value)
        return np.fromiter(map(self._numbers.__getitem__, values), dtype=np.int32, count=len(values))


@cache
def distinct_values(evaluator: BatchEvaluator) -> Distinct:
    """``evaluator``'s values numbered: the numbers its tables keep."""
    return Distinct()


class SizeTable(NamedTuple):
    """One hand size's rank multisets, their values and their best cards' places in the hand sorted by code."""

    keys: npt.NDArray[np.int64]
    """Every rank multiset's key (``sum(codes) >> SUIT_BITS``), ascending: the same in every evaluator's table."""
    numbers: npt.NDArray[np.int32]
    """The value of each key's hands, by its number among the evaluator's ``distinct_values``."""
    places: Places
    """Where each key's best cards sit in its hand sorted by code, in comparison order (the row of a None value
    is unused)."""
    valued: npt.NDArray[np.bool_]
    """Whether each key's value is one (not None)."""


@cache
def multiset_ranks(size: int) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]:
    """Every sorted rank multiset of ``size`` cards from one deck (no rank more than four times), a row each, in
    ``combinations_with_replacement`` order, and its key (the sum of its ranks' keys); made once per process for every
    table by rank multiset, so read-only (ranks as bytes: they are kept)."""
    every = combinations_with_replacement(range(1, len(RANK_CHARS) + 1), size)
    ranks = np.fromiter(chain.from_iterable(every), dtype=np.int8).reshape(-1, size)
    ranks = ranks[~(ranks[:, 4:] == ranks[:, :-4]).any(axis=1)]
    keys = _RANK_KEYS[ranks].sum(axis=1)
    ranks.setflags(write=False)
    keys.setflags(write=False)
    return ranks, keys


@cache
def multiset_keys(size: int) -> list[int]:
    """``multiset_ranks(size)``'s keys as Python numbers, made once: every table by rank multiset of that size holds
    these same objects as its keys, not a copy each (over a megabyte a table of seven cards)."""
    return multiset_ranks(size)[1].tolist()


@cache
def _representatives(size: int) -> Codes:
    """A hand of each rank multiset of ``size`` cards, sorted by code, with no five cards of a suit, in the order of
    their keys.

    The k-th card of the sorted ranks gets suit k mod 4: the cards of one rank sit together and get
    different suits, and seven cards hold at most two of a suit.
    """
    ranks, _ = multiset_ranks(size)
    suits = np.arange(size) % len(SUIT_CHARS)
    codes = np.array(RANK_KEYS, dtype=np.int64)[ranks] << SUIT_BITS | suits
    codes.sort(axis=1)
    return codes[np.argsort(codes.sum(axis=1))]


def _places(hands: Codes, best: Sequence[Sequence[int] | None], width: int) -> Places:
    """Where each hand's best cards sit in it (hands sorted by code); a row without best cards is left at 0."""
    missing = (-1,) * width
    if any(cards is not None and len(cards) != width for cards in best):
        raise ValueError(f"best cards of {width} cards expected for hands of {hands.shape[1]}")
    picked = np.fromiter(chain.from_iterable(missing if cards is None else cards for cards in best), dtype=np.int64,
                         count=width * len(best)).reshape(len(best), width)
    places: Places = (hands[:, None, :] == picked[:, :, None]).argmax(axis=2).astype(np.int8)
    return places


def places_of(hands: Codes, used: npt.NDArray[np.int64]) -> Places:
    """Where the cards of the ``used`` ranks (a row each, in comparison order, a rank as often as it is used) sit in
    each hand (sorted by code): a rank's cards sit together, its highest suit last, so a rank used k times takes the
    last k places of its run, the highest suits first, as the evaluators pick a hand's best cards.

    >>> from service.stud_family.cards import parse_cards
    >>> places_of(np.array([sorted(parse_cards(["As", "Ad", "2c", "3c"]))]), np.array([[1, 1, 3]])).tolist()
    [[1, 0, 3]]
    """
    ends = (hands[:, None, :] >> SUIT_BITS <= _RANK_KEYS[used][:, :, None]).sum(axis=2) - 1
    earlier = np.tril(np.ones((used.shape[1], used.shape[1]), dtype=np.bool_), -1)
    taken = ((used[:, :, None] == used[:, None, :]) & earlier).sum(axis=2)
    places: Places = (ends - taken).astype(np.int8)
    return places


def ranks_used(values: Sequence[Any]) -> npt.NDArray[np.int64]:
    """Each value's ``ranks`` (all of one length), a row each, read once per distinct value."""
    numbered = {value: number for number, value in enumerate(dict.fromkeys(values))}
    rows = np.fromiter(map(numbered.__getitem__, values), dtype=np.intp, count=len(values))
    return np.array([value.ranks for value in numbered], dtype=np.int64).reshape(len(numbered), -1)[rows]


def looked_up(tables: Sequence[dict[int, Any]], hands: Codes) -> tuple[list[Any], Places]:
    """Hands of one size, each sorted by code, valued from an evaluator's ``tables`` by rank multiset (indexed by hand
    size, by key), and their best cards placed (``places_of``): how an evaluator answers ``rank_multisets`` when
    suits do not change the hands asked."""
    values = list(map(tables[hands.shape[1]].__getitem__, (hands.sum(axis=1) >> SUIT_BITS).tolist()))
    return values, places_of(hands, ranks_used(values))


def best_of_smaller(size: int, smaller: dict[int, Any]) -> dict[int, Any]:
    """Every multiset of ``size`` cards valued as the best (lowest ``rank``) of the multisets one card smaller
    (``smaller``, by key, each rank one value), all at once: how a hand of six or seven cards plays its best five."""
    ranks, keys = multiset_ranks(size)
    smaller_keys = np.array(sorted(smaller), dtype=np.int64)
    smaller_values = list(map(smaller.__getitem__, smaller_keys.tolist()))
    smaller_ranks = np.array([value.rank for value in smaller_values], dtype=np.int64)
    rows = np.searchsorted(smaller_keys, keys[:, None] - _RANK_KEYS[ranks])
    best = rows[np.arange(len(keys)), smaller_ranks[rows].argmin(axis=1)]
    return dict(zip(multiset_keys(size), map(smaller_values.__getitem__, best.tolist()), strict=True))


Picker = Callable[[Sequence[int]], Sequence[int]]
"""Takes a hand's best cards, in comparison order, from the hand sorted by code."""


def picker(where: Sequence[int]) -> Picker:
    """One C-level call that takes the cards at ``where`` (a slice keeps a single card in a sequence)."""
    return itemgetter(*where) if len(where) > 1 else itemgetter(slice(where[0], where[0] + 1))


def picker_table(keys: Iterable[int], places: npt.NDArray[Any],
                 shared: dict[tuple[int, ...], Picker]) -> dict[int, Picker]:
    """Each key's picker of the cards at its row of ``places``: one picker per distinct row, shared (``shared``, by
    places) between the keys and tables that pick the same places."""
    packed = places.astype(np.int64) @ (1 << 3 * np.arange(places.shape[1]))  # a place is under 8: 3 bits each
    _, firsts, rows = np.unique(packed, return_index=True, return_inverse=True)
    distinct = map(tuple, places[firsts].tolist())
    pickers = [shared.get(where) or shared.setdefault(where, picker(where)) for where in distinct]
    return dict(zip(keys, map(pickers.__getitem__, rows.ravel().tolist()), strict=True))


def _valued(values: Sequence[Any]) -> npt.NDArray[np.bool_]:
    """Which of ``values`` are values (not None)."""
    return np.fromiter((value is not None for value in values), dtype=np.bool_, count=len(values))


def best_width(size: int) -> int:
    """How many cards a hand of ``size`` plays: all of them up to five, else five."""
    return min(size, FIVE_OF_A_SUIT)


@cache
def _keys(size: int) -> npt.NDArray[np.int64]:
    """The key of every rank multiset of ``size`` cards (``sum(codes) >> SUIT_BITS``), ascending: the rows of every
    evaluator's table of that size."""
    return _representatives(size).sum(axis=1) >> SUIT_BITS


_RANK_PLACE = np.zeros(RANK_KEYS[-1] + 1, dtype=np.int8)
"""A rank's place among the ranks (0 for the lowest key, the ace), by its key (``code >> SUIT_BITS``): 1.5 MB of address
space, of which only the pages of the 13 keys are ever written or read."""
_RANK_PLACE[list(RANK_KEYS[1:])] = np.arange(len(RANK_CHARS))
_COMBINATIONS = np.array([[comb(place + column, column + 1) for place in range(len(RANK_CHARS))]
                          for column in range(HAND_SIZE)], dtype=np.int64)
"""``comb(place + column, column + 1)``: the k-th smallest rank of a multiset, at its place, counted in the
multiset's colexicographic number (``_colex``), a row per k."""


def _colex(hands: Codes) -> npt.NDArray[np.int64]:
    """Each hand's rank multiset's place in colexicographic order among all multisets of as many ranks, from its ranks
    in order (each hand sorted by code): ``sum(comb(rank_k + k, k + 1))``, the ranks' places made distinct by adding
    k to the k-th, which numbers the multisets 0 to ``comb(13 + size - 1, size) - 1`` without a gap.

    >>> from service.stud_family.cards import parse_cards
    >>> _colex(np.array([sorted(parse_cards(["As", "Ad"])), sorted(parse_cards(["2c", "Ah"]))])).tolist()
    [0, 1]
    """
    size = hands.shape[1]
    places = _RANK_PLACE[hands >> SUIT_BITS] + np.arange(size) * len(RANK_CHARS)
    numbers: npt.NDArray[np.int64] = _COMBINATIONS[:size].ravel()[places] @ np.ones(size, dtype=np.int64)
    return numbers


@cache
def _row_by_colex(size: int) -> npt.NDArray[np.intp]:
    """The row of each rank multiset of ``size`` cards in every evaluator's table (keys ascending), by its place in
    colexicographic order (``_colex``): a batch finds its rows in one lookup, not by searching the keys (-1 for the
    multisets of a rank five times or more, no hand of one deck)."""
    rows = np.full(comb(len(RANK_CHARS) + size - 1, size), -1, dtype=np.intp)
    rows[_colex(_representatives(size))] = np.arange(len(_keys(size)))
    return rows


@cache
def size_table(evaluator: BatchEvaluator, size: int) -> SizeTable:
    """``evaluator``'s answer for every rank multiset of ``size`` cards, asked once per process, of all of them at once
    (``rank_multisets``: the evaluators answer from their own tables by rank multiset in numpy passes)."""
    hands = _representatives(size)
    values, places = evaluator.rank_multisets(hands)
    if places.shape != (len(hands), best_width(size)):
        raise ValueError(f"best cards of {best_width(size)} cards expected for hands of {size}")
    return SizeTable(_keys(size), distinct_values(evaluator).numbers(values), places, _valued(values))


@cache
def suits_decide(evaluator: BatchEvaluator) -> bool:
    """Whether five cards of one suit change any of the evaluator's values (stud high: a flush), asked of every five
    different ranks once as a flush and once not; where they never do, no hand of a batch is asked again."""
    ranks = np.array(list(combinations(range(1, len(RANK_CHARS) + 1), FIVE_OF_A_SUIT)), dtype=np.int64)
    keys = np.array(RANK_KEYS, dtype=np.int64)[ranks] << SUIT_BITS
    flushes, _ = evaluator.rank_batch(keys.tolist())
    mixed, _ = evaluator.rank_batch((keys | np.arange(FIVE_OF_A_SUIT) % len(SUIT_CHARS)).tolist())
    return any(map(is_not, flushes, mixed))


_HELD = 32
"""Where a suited key holds how many cards of the suit it counts, above their rank keys' sum (under ``1 << 24``)."""


def _suited_keys(codes: Codes, held: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The key of each row's cards of one suit (codes, 0 for a card of another suit): how many, and which ranks."""
    keys: npt.NDArray[np.int64] = held << _HELD | codes.sum(axis=1) >> SUIT_BITS
    return keys


_ONE_SUIT = len(SUIT_CHARS) - 1
"""The suit of ``suited_table``'s hands; the 0 after a shorter one's cards (the ace of another suit) is no card of
it."""


@cache
def _suited_representatives() -> tuple[Codes, npt.NDArray[np.int64]]:
    """A hand of each set of five to seven different ranks, all of one suit, sorted by code (seven columns, a shorter
    set's last ones 0), in the order of their keys, and how many cards each holds: the cards of one suit a hand
    holds five or more of."""
    sets = [np.array(list(combinations(range(1, len(RANK_CHARS) + 1), count)), dtype=np.int64)
            for count in range(FIVE_OF_A_SUIT, HAND_SIZE + 1)]
    codes = np.zeros((sum(map(len, sets)), HAND_SIZE), dtype=np.int64)
    rank_keys, first = np.array(RANK_KEYS, dtype=np.int64), 0
    for ranks in sets:
        codes[first:first + len(ranks), :ranks.shape[1]] = rank_keys[ranks] << SUIT_BITS | _ONE_SUIT
        first += len(ranks)
    held = np.repeat(np.arange(FIVE_OF_A_SUIT, HAND_SIZE + 1), list(map(len, sets)))
    order = np.argsort(_suited_keys(codes, held))
    return codes[order], held[order]


@cache
def suited_table(evaluator: BatchEvaluator) -> SizeTable:
    """``evaluator``'s answer for every set of five to seven cards of one suit, asked once per process: what it says of
    a hand holding them, if five of a suit decide its value (``suits_decide``), as stud high values a flush by its
    suit's cards alone. The best cards' places are in the set, sorted by code."""
    codes, held = _suited_representatives()
    hands = [row[:count] for row, count in zip(codes.tolist(), held.tolist(), strict=True)]
    values, best = evaluator.rank_batch(hands)
    return SizeTable(_suited_keys(codes, held), distinct_values(evaluator).numbers(values),
                     _places(codes, best, FIVE_OF_A_SUIT), _valued(values))


def build_tables(evaluator: BatchEvaluator) -> None:
    """Every hand size's table of ``evaluator`` (and its tables of one suit's cards where suits decide), so that no
    batch waits for one."""
    for size in range(1, HAND_SIZE + 1):
        size_table(evaluator, size)
        _row_by_colex(size)
    if suits_decide(evaluator):
        suited_table(evaluator)


class Valued(NamedTuple):
    """A batch of hands of one size valued by one evaluator: what ``value_sorted`` answers."""

    numbers: npt.NDArray[np.int32]
    """Each hand's value, by its number among the evaluator's ``distinct_values``."""
    places: Places
    """Where each hand's best cards sit in it, sorted by code, in comparison order (a None value's row is unused)."""
    valued: npt.NDArray[np.bool_]
    """Whether each hand's value is one (not None): the hands whose best cards are written."""
    distinct: list[Any]
    """The evaluator's values by number."""

    @property
    def values(self) -> list[Any]:
        """Each hand's value, the evaluator's own object (None: no value)."""
        return list(map(self.distinct.__getitem__, self.numbers.tolist()))


class _Suited(NamedTuple):
    """A batch's hands holding five or more cards of one suit."""

    rows: npt.NDArray[np.intp]
    """Where they sit in the batch."""
    keys: npt.NDArray[np.int64]
    """The key of each one's cards of that suit: its row in an evaluator's ``suited_table``."""
    places: npt.NDArray[np.intp]
    """Where each one's cards of that suit sit in it (sorted by code, so by rank), lowest first, then the others."""


def _suited(hands: Codes) -> _Suited:
    """The hands of a batch (each sorted by code) holding five or more cards of one suit, with those cards' keys and
    places: a numpy pass over the whole batch, then over the few found (3% of random seven-card hands)."""
    counts = _SUIT_COUNTS[hands & SUIT_MASK] @ np.ones(hands.shape[1], dtype=np.int64)  # a row sum, faster than sum()
    rows = np.flatnonzero((counts + _PAST_FOUR) & _FIVE_OF_A_SUIT)
    counts = counts[rows]
    passed = (counts + _PAST_FOUR) & _FIVE_OF_A_SUIT  # one suit's fourth bit: at 4 * suit + 3
    suit = (passed > 0xF).astype(np.int64) + (passed > 0xFF) + (passed > 0xFFF)
    in_suit = hands[rows] & SUIT_MASK == suit[:, None]
    keys = _suited_keys(np.where(in_suit, hands[rows], 0), counts >> 4 * suit & 0xF)
    return _Suited(rows, keys, np.argsort(~in_suit, axis=1, kind="stable"))


def value_sorted(evaluators: Sequence[BatchEvaluator], hands: Codes) -> list[Valued]:
    """Values and best cards' places of hands of one size by each evaluator (stud/8: its high and its low), each row
    distinct card codes sorted ascending.

    Every hand's rank multiset is found once among the size's keys, the same rows in every evaluator's
    table; hands with five or more of a suit are looked up again, by their suit's cards, in the suited
    tables of an evaluator for which suits decide (a flush).
    """
    size = hands.shape[1]
    rows = _row_by_colex(size)[_colex(hands)]
    suited = _suited(hands) if size >= FIVE_OF_A_SUIT and any(map(suits_decide, evaluators)) else None
    valued = []
    for evaluator in evaluators:
        table = size_table(evaluator, size)
        # take, not indexing: for rows of a 2-D table numpy's indexing goes through its general path, five times slower
        places = table.places.take(rows, axis=0)
        numbers, valued_rows = table.numbers.take(rows), table.valued.take(rows)
        if suited is not None and len(suited.rows) and suits_decide(evaluator):
            own = suited_table(evaluator)
            found = np.searchsorted(own.keys, suited.keys)
            places[suited.rows] = np.take_along_axis(suited.places, own.places[found].astype(np.intp), axis=1)
            valued_rows[suited.rows] = own.valued[found]
            numbers[suited.rows] = own.numbers[found]
        valued.append(Valued(numbers, places, valued_rows, distinct_values(evaluator).values))
    return valued
