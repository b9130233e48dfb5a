"""Exact equity: every deal counted by the rank multisets each live player receives.

An ace-to-five low is decided by ranks alone (section 8: suits never enter it), and the deck only
says how many cards of each rank are left. So instead of dealing cards (heads-up on 3rd street
with six cards known, 18,265,297,050 deals) this enumerates the *rank multisets* each player
receives, each weighted by the number of ways the deck deals it: for a deck holding ``d[r]``
unseen cards of rank ``r``, a player receiving ``m[r]`` of each rank can be dealt them in
``prod C(d[r], m[r])`` ways, and the next player draws from ``d - m``. Heads-up on 3rd street that
is at most 1,820 multisets a player and about 3 million pairs; the counts stay whole numbers.

The pairs are counted with numpy (``_Ways``): every factor ``C(d, m)`` with ``d <= 4`` is
``2**a * 3**b`` or zero, so the exponents (and a count of impossible ranks) of a whole block of
pairs are sums of small whole numbers, which a table turns back into the ways. Heads-up on 3rd
street that takes milliseconds where a pure Python loop over the same pairs takes seconds, 250 to
300 times as long (bench/README.md, "Equity"). With a community card (section 7), its rank is enumerated
first, once for all the players.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .cards import RANK_KEYS
from .equity_spot import (
    RANK_KEY_ARRAY,
    RANKS,
    SHARE_UNITS,
    SUITS,
    Spot,
    Tally,
    hand_key,
)

_PAIR_BLOCK = 1 << 20
"""Pairs of a row and a multiset counted at once: a block's arrays hold about 20 MB, whatever the spot."""


@cache
def _multisets(size: int) -> npt.NDArray[np.uint8]:
    """Every rank multiset of ``size`` cards from one deck (no rank more than four times), one row a multiset of
    13 counts, ace first."""
    rows = []
    for ranks in combinations_with_replacement(range(RANKS), size):
        row = [0] * RANKS
        for rank in ranks:
            row[rank] += 1
        if max(row, default=0) <= SUITS:
            rows.append(row)
    return np.array(rows, dtype=np.uint8).reshape(-1, RANKS)


def _code_of(ways: int) -> int:
    """The code of one factor ``C(d, m)``: ``a + 32 b`` for ``2**a * 3**b``, or 1024 for zero ways."""
    if ways == 0:
        return _IMPOSSIBLE
    twos = threes = 0
    while ways % 2 == 0:
        ways, twos = ways // 2, twos + 1
    while ways % 3 == 0:
        ways, threes = ways // 3, threes + 1
    assert ways == 1, "C(d, m) with d <= 4 has no prime factor but 2 and 3"
    return twos + _THREE * threes


_THREE = 32
_IMPOSSIBLE = 1024
_MOST_TWOS, _MOST_THREES = 12, 6
"""A player receives at most 6 cards, each rank's factor at most 4 = 2**2 a card, or 3 a card (3 unseen), or 6 a
pair: at most 2**12 and 3**6 (larger codes are left at 0, never reached)."""
_FACTOR_CODES = np.array([[_code_of(comb(d, m)) for m in range(SUITS + 1)] for d in range(SUITS + 1)],
                         dtype=np.int16)
"""``_FACTOR_CODES[d, m]``: the code of C(d, m), the ways to deal m cards of a rank of which d are unseen."""
_WAYS_OF_CODE = np.array([2 ** (code % _THREE) * 3 ** (code // _THREE)
                          if code % _THREE <= _MOST_TWOS and code // _THREE <= _MOST_THREES else 0
                          for code in range(_IMPOSSIBLE * (RANKS + 1))], dtype=np.int32)
"""A summed code back to the whole number of ways: every rank's exponents add, one impossible rank makes it 0.
Codes stay below 14,336 (at most 13 impossible ranks, 12 twos and 6 threes), so they add up exactly in int16."""


class _Ways:
    """The ways each of many decks deals each of one player's multisets: ``prod_r C(deck[r], multiset[r])``.

    Every deck is the enumeration's starting deck less a few ranks the players before took, so a
    deck's codes are the starting deck's codes (``base``) plus one row of ``changes`` per rank taken
    from: a few additions of whole rows (a float32 matrix product over every rank's one-hot cost
    twice as much, and its OpenBLAS threads contended with the other worker for the cores). A table
    turns the summed codes into whole numbers.
    """

    def __init__(self, multisets: npt.NDArray[np.uint8], counts: Sequence[int]) -> None:
        self.multisets = multisets
        self.counts = np.array(counts, dtype=np.int16)
        start = _FACTOR_CODES[self.counts[:, None], multisets.T]  # (rank, multiset)
        self.base = start.sum(axis=0).astype(np.int16)
        left = np.clip(self.counts[:, None] - np.arange(SUITS + 1), 0, SUITS)  # (rank, taken)
        changes = _FACTOR_CODES[left[:, :, None], multisets.T[:, None, :]] - start[:, None, :]
        impossible = self.counts[:, None] < np.arange(SUITS + 1)
        changes[impossible] = _IMPOSSIBLE
        self.changes = changes.reshape(RANKS * (SUITS + 1), len(multisets)).astype(np.int16)

    def of(self, decks: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
        """A (decks, multisets) array of whole numbers of ways."""
        taken = self.counts - decks.astype(np.int16)
        most = int((taken > 0).sum(axis=1).max(initial=0))
        ranks = np.argsort(taken == 0, axis=1, kind="stable")[:, :most]
        rows = np.arange(len(decks))[:, None]
        which = ranks * (SUITS + 1) + taken[rows, ranks]
        codes = np.broadcast_to(self.base, (len(decks), len(self.base))).copy()
        for column in range(most):
            codes += self.changes[which[:, column]]
        return _WAYS_OF_CODE[codes]


def _player_multisets(need: int, counts: Sequence[int]) -> npt.NDArray[np.uint8]:
    """The multisets of ``need`` cards the unseen ``counts`` allow."""
    every = _multisets(need)
    return every[(every <= np.array(counts, dtype=np.uint8)).all(axis=1)]


def exact_tally(spot: Spot, ranks: npt.NDArray[np.uint16]) -> Tally:
    """Every deal counted by rank multisets: the community card's rank first when there is one, then each player's
    multiset in turn, the deck shrinking by what each receives. ``ranks`` is the rank of every 7-card key
    (``equity_spot.seven_card_values``): an evaluator that suits never decide."""
    counts = spot.unseen_counts()
    if not spot.community_card:
        return _enumerate(spot, ranks, counts, 0)
    tally = Tally(0, (), (), ())
    for rank in range(RANKS):
        if counts[rank]:
            rest = counts[:rank] + (counts[rank] - 1,) + counts[rank + 1:]
            counted = _enumerate(spot, ranks, rest, RANK_KEYS[rank + 1])
            tally += Tally(counted.total * counts[rank], *(tuple(value * counts[rank] for value in values)
                                                           for values in (counted.wins, counted.ties, counted.shares)))
    return tally


class _Rows(NamedTuple):
    """Tuples of multisets given to the players enumerated so far: their ways, the deck each leaves, and the value
    each player's hand reaches."""

    weights: npt.NDArray[np.int64]
    decks: npt.NDArray[np.uint8]
    held: npt.NDArray[np.int32]


class _Player(NamedTuple):
    """One player's multisets, the ways a deck deals them, and the value of the hand each completes."""

    ways: _Ways
    values: npt.NDArray[np.int32]


def _enumerate(spot: Spot, ranks: npt.NDArray[np.uint16], counts: tuple[int, ...], shared_key: int) -> Tally:
    """The tally over every tuple of multisets. The player with the most multisets is the columns of the pair
    blocks; the others are expanded one at a time into rows, depth first and a block at a time, so memory stays
    bounded (``_PAIR_BLOCK`` pairs a block) whatever the number of tuples."""
    players = []
    for player, need in zip(spot.players, spot.needs(), strict=True):
        multisets = _player_multisets(need, counts)
        keys = hand_key(player) + shared_key + multisets.astype(np.int64) @ RANK_KEY_ARRAY
        values = ranks[keys].astype(np.int32)
        by_value = np.argsort(values, kind="stable")
        players.append(_Player(_Ways(multisets[by_value], counts), values[by_value]))
    order = sorted(range(len(players)), key=lambda index: len(players[index].values))
    start = _Rows(np.ones(1, dtype=np.int64), np.array([counts], dtype=np.uint8), np.zeros((1, 0), dtype=np.int32))
    counted = _Counts(len(players))
    _walk(start, [players[index] for index in order[:-1]], players[order[-1]], counted)
    return counted.tally(order)


def _walk(rows: _Rows, outer: list[_Player], last: _Player, counted: _Counts) -> None:
    """Expand ``rows`` by each of ``outer`` in turn, then count them against ``last``: a block of rows at a time."""
    if not outer:
        step = max(1, _PAIR_BLOCK // len(last.values))
        for start in range(0, len(rows.weights), step):
            block = slice(start, start + step)
            counted.add(_Rows(rows.weights[block], rows.decks[block], rows.held[block]), last)
        return
    player, rest = outer[0], outer[1:]
    step = max(1, _PAIR_BLOCK // len(player.values))
    for start in range(0, len(rows.weights), step):
        block = slice(start, start + step)
        ways = player.ways.of(rows.decks[block])
        taken, given = np.nonzero(ways)
        taken += start
        expanded = _Rows(rows.weights[taken] * ways[taken - start, given],
                         rows.decks[taken] - player.ways.multisets[given],
                         np.column_stack((rows.held[taken], player.values[given])))
        _walk(expanded, rest, last, counted)


class _Counts:
    """Whole-number tallies of the players as ``_walk`` orders them: the last player last."""

    def __init__(self, players: int) -> None:
        self.total = 0
        self.wins = np.zeros(players, dtype=np.int64)
        self.ties = np.zeros(players, dtype=np.int64)
        self.shares = np.zeros(players, dtype=np.int64)

    def add(self, rows: _Rows, last: _Player) -> None:
        """Count every row against every multiset of ``last``. Its multisets are sorted by value, so those that
        lose to, tie with and beat a row's best hand are three runs, summed from one running sum a row."""
        ways = last.ways.of(rows.decks)
        running = np.zeros((ways.shape[0], ways.shape[1] + 1), dtype=np.int32)
        np.cumsum(ways, axis=1, out=running[:, 1:])
        weight = rows.weights
        best = rows.held.min(axis=1)
        at_best = rows.held == best[:, None]
        holders = at_best.sum(axis=1)
        below = np.searchsorted(last.values, best, side="left")
        through = np.searchsorted(last.values, best, side="right")
        row = np.arange(len(best))
        every = running[:, -1].astype(np.int64)
        lower = running[row, below] * weight
        level = (running[row, through] - running[row, below]) * weight
        higher = (every - running[row, through]) * weight
        self.total += int(every @ weight)
        alone = holders == 1
        share = higher * (SHARE_UNITS // holders) + level * (SHARE_UNITS // (holders + 1))
        self.wins[:-1] += (at_best & alone[:, None]).T @ higher
        self.ties[:-1] += at_best.T @ level + (at_best & ~alone[:, None]).T @ higher
        self.shares[:-1] += at_best.T @ share
        self.wins[-1] += lower.sum()
        self.ties[-1] += level.sum()
        self.shares[-1] += lower.sum() * SHARE_UNITS + (level * (SHARE_UNITS // (holders + 1))).sum()

    def tally(self, order: Sequence[int]) -> Tally:
        """The tally with the players back in the request's order."""
        place = {index: position for position, index in enumerate(order)}
        def back(values: npt.NDArray[np.int64]) -> tuple[int, ...]:
            return tuple(int(values[place[index]]) for index in range(len(order)))
        return Tally(self.total, back(self.wins), back(self.ties), back(self.shares))
