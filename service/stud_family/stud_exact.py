"""Exact stud high and stud/8 equity: every completion counted, in whole numbers (sections 4, 5 and 7).

A player's hand value depends only on his own cards, so each player's completions (the sets of cards
he can still receive from the unseen ones) are valued once, with numpy (``seven_card_values``). What
couples the players is only that their completions are disjoint. All players but one (the *outer*
players) are enumerated explicitly, as rows of disjoint completions; the last player (the one with the
most completions) is never enumerated against them. For a row whose outer players took the cards
``U``, the last player's completions that avoid ``U`` and have a value below ``x`` are counted by
inclusion and exclusion over the subsets ``T`` of ``U``:

    #{S : S ∩ U = ∅, v(S) < x} = Σ_{T ⊆ U} (-1)^|T| #{S ⊇ T : v(S) < x}

and every ``#{S ⊇ T : ...}`` is a binary search in the last player's values grouped by ``T`` (each
completion of ``k`` cards sits in the ``2**k`` groups of its subsets) and sorted by high value. Heads-up
on 4th street (141 million completions) that is 13,244 rows of 8 searches each, instead of 141 million
comparisons. Stud/8 needs the last player's completions counted by high value and low class together
(a scoop, a high half won while somebody holds a low): a running count of each low class along the
sorted groups answers those, one lookup a search. Suits no player holds and no dead card names are
interchangeable (``suit_symmetry``): of the rows that renaming them maps to one another, one is counted,
weighted by their number. With a community card (section 7) its card is enumerated first, once for every
player, and joins every hand.

The pot is counted in ``POT_UNITS`` per completion, so that a half pot shared by up to eight players is
a whole number: shares are exact, and each player's equity is ``shares / (deals * POT_UNITS)``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import chain, combinations
from math import comb
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .seven_card_values import LOW_CLASSES, NO_LOW, CardArrays, values
from .streets import HAND_SIZE
from .suit_symmetry import Symmetry

POT_UNITS = 1680
"""Twice the least common multiple of 1 to 8: a half pot shared by any number of players up to eight is a whole
number of these units."""
HALF = POT_UNITS // 2

_HIGH_SPAN = 8192
"""Above every high rank (7,462 at most): a group and a high rank make one sortable key."""
_DENSE_MOST = 1 << 22
"""The most counts (16 MB) kept to read a group's completions below a high value in one gather, not a search: each
group's counts below each distinct high value of the last player."""
_ROW_BLOCK = 1 << 16
"""Rows of outer players' completions handled at once: each row's searches and lookups hold a few hundred bytes."""


@dataclass(frozen=True, slots=True)
class CardsToCome:
    """Where a stud hand stands: each live player's known cards (up and down, as card codes), how many cards
    each still receives of his own, every card still unseen, and whether 7th street is one community card."""

    known: tuple[tuple[int, ...], ...]
    needs: tuple[int, ...]
    unseen: tuple[int, ...]
    community_card: bool

    def __post_init__(self) -> None:
        for index, (hand, need) in enumerate(zip(self.known, self.needs, strict=True)):
            if len(hand) + need + self.community_card != HAND_SIZE:
                raise ValueError(f"player {index} holds {len(hand)} cards and receives {need}"
                                 f"{' and the community card' if self.community_card else ''}: a hand is "
                                 f"{HAND_SIZE} cards")

    def deals(self) -> int:
        """The equally likely completions: each player's cards as a set, in turn, then the community card.

        >>> CardsToCome(((1, 2, 3, 4, 5), (6, 7, 8, 9, 10)), (2, 2), tuple(range(11, 53)), False).deals()
        671580
        """
        left, ways = len(self.unseen), 1
        for need in (*self.needs, int(self.community_card)):
            ways *= comb(left, need)
            left -= need
        return ways


@dataclass(frozen=True, slots=True)
class HighTally:
    """Stud's whole-number counts over ``deals`` completions, per player: the completions he holds the one best
    hand, those he shares it, and his share of the pot in ``POT_UNITS`` per completion (the shares sum to
    ``deals * POT_UNITS``)."""

    deals: int
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    shares: tuple[int, ...]

    def equity(self) -> tuple[Fraction, ...]:
        """Each player's expected share of the pot."""
        return tuple(Fraction(share, self.deals * POT_UNITS) for share in self.shares)


@dataclass(frozen=True, slots=True)
class HiLoTally:
    """Stud/8's whole-number counts over ``deals`` completions, per player: the high half won alone and shared,
    the low half won alone and shared (a low that qualifies), the whole pot won alone (a scoop: the one best high
    and the one best low, or no qualifying low anywhere), and the share of the pot in ``POT_UNITS`` per
    completion, halves and the qualifier counted (no qualifying low: the high takes the whole pot).

    ``hilo_same_winners`` (section 5) changes no share: the same ``k`` players holding both halves receive
    ``1/k`` of the pot each whether it is split as one pot or by halves; only the odd chips differ."""

    deals: int
    high_wins: tuple[int, ...]
    high_ties: tuple[int, ...]
    low_wins: tuple[int, ...]
    low_ties: tuple[int, ...]
    scoops: tuple[int, ...]
    shares: tuple[int, ...]
    low_shares: tuple[int, ...]
    """The part of ``shares`` won in low halves: the rest was won in high halves (or whole pots without a low)."""

    def equity(self) -> tuple[Fraction, ...]:
        """Each player's expected share of the pot."""
        return tuple(Fraction(share, self.deals * POT_UNITS) for share in self.shares)


def stud_tally(spot: CardsToCome) -> HighTally:
    """Stud high: every completion counted exactly.

    >>> from service.stud_family.cards import CARD_CODES, parse_cards
    >>> known = (tuple(parse_cards(["Ah", "Ad", "As", "Kc", "Qc", "Jc"])), tuple(parse_cards(["2c", "3c", "4c",
    ...          "5c", "7d", "8d"])))
    >>> unseen = tuple(code for code in CARD_CODES.values() if all(code not in hand for hand in known))
    >>> tally = stud_tally(CardsToCome(known, (1, 1), unseen, False))
    >>> tally.deals, tally.wins, tally.ties, [str(share) for share in tally.equity()]
    (1560, (1291, 269), (0, 0), ['1291/1560', '269/1560'])
    """
    counts = _Counts(len(spot.known), hilo=False)
    _enumerate(spot, counts)
    return HighTally(spot.deals(), *counts.totals()[:3])


def hilo_tally(spot: CardsToCome) -> HiLoTally:
    """Stud/8: every completion counted exactly, each half with its winners, the qualifier and scoops."""
    counts = _Counts(len(spot.known), hilo=True)
    _enumerate(spot, counts)
    return HiLoTally(spot.deals(), *counts.totals())


class Work(NamedTuple):
    """What an exact count will do, from counts alone, before it starts: the last player's completions as many
    times as they have subsets (``entries``: sorted once, and for stud/8 a running count of each low class kept per
    entry), and the searches (or lookups) of the rows, each row's subsets of its cards that fit a completion; both
    over every community card.

    >>> Work.of(CardsToCome(((1, 2, 3, 4), (5, 6, 7, 8)), (3, 3), tuple(range(9, 53)), False))  # heads-up 4th
    Work(entries=105952, searches=105952)
    """

    entries: int
    searches: int

    @classmethod
    def of(cls, spot: CardsToCome) -> Work:
        community = len(spot.unseen) if spot.community_card else 1
        left = len(spot.unseen) - spot.community_card
        last = _last_player(spot.needs)
        need = spot.needs[last]
        outer = [spot.needs[index] for index in range(len(spot.needs)) if index != last]
        rows, deck = 1, left
        for taken in outer:
            rows *= comb(deck, taken)
            deck -= taken
        subsets = sum(comb(sum(outer), size) for size in range(min(need, sum(outer)) + 1))
        return cls(community * comb(left, need) * 2 ** need, community * rows * subsets)

    def units(self, hilo: bool) -> int:
        """Work units (``work.py``: about a microsecond of one core on bench/'s machines).

        >>> Work(105_952, 105_952).units(False), Work(105_952, 105_952).units(True)
        (58274, 116548)
        """
        entries, searches = (_HILO_ENTRIES_PER_UNIT, _HILO_SEARCHES_PER_UNIT) if hilo else (
            _ENTRIES_PER_UNIT, _SEARCHES_PER_UNIT)
        return -(-self.entries // entries) + -(-self.searches // searches)

    def peak_bytes(self, hilo: bool) -> int:
        """The most memory the count holds at once, about: what each entry holds while they are sorted (and for
        stud/8 its running count of each low class, kept), and at most ``_DENSE_MOST`` counts below each high value
        and a block of rows with their searches.

        >>> Work(105_952, 105_952).peak_bytes(True) // 10**6
        95
        """
        return self.entries * (_HILO_ENTRY_BYTES if hilo else _ENTRY_BYTES) + _FIXED_BYTES


_ENTRIES_PER_UNIT, _HILO_ENTRIES_PER_UNIT = 2, 1
_SEARCHES_PER_UNIT, _HILO_SEARCHES_PER_UNIT = 20, 10
"""From bench/stud_equity.py (bench/README.md): an entry costs about 0.5 µs (stud) and 1 µs (stud/8, its running
low counts), a search 0.05 and 0.1 µs, on bench/'s machines."""
_ENTRY_BYTES, _HILO_ENTRY_BYTES = 40, 40 + (LOW_CLASSES + 1) * 4
_FIXED_BYTES = 64 << 20
"""What tracemalloc saw: heads-up on 3rd street (2,610,960 entries) peaked at 92 MB counting stud; the dense counts
(16 MB, counted in 48 MB) and a block of rows take the rest."""


def _last_player(needs: Sequence[int]) -> int:
    """The player left out of the rows: the one with the most cards to come (his completions are the most)."""
    return max(range(len(needs)), key=lambda index: (needs[index], -index))


def _enumerate(spot: CardsToCome, counts: _Counts) -> None:
    """Count every completion into ``counts``: for each community card in turn when there is one."""
    if not spot.community_card:
        _count(spot.known, spot.needs, spot.unseen, counts)
        return
    for shared in spot.unseen:
        rest = tuple(code for code in spot.unseen if code != shared)
        _count(tuple((*hand, shared) for hand in spot.known), spot.needs, rest, counts)


@cache
def _completions(cards: int, need: int) -> npt.NDArray[np.int64]:
    """Every set of ``need`` of ``cards`` cards, as sorted indices, one row a set."""
    every = np.fromiter(chain.from_iterable(combinations(range(cards), need)), dtype=np.int64)
    return every.reshape(comb(cards, need), need)


@cache
def _binomials(cards: int, most: int) -> npt.NDArray[np.int64]:
    """``C(n, j)`` for n below ``cards`` and j up to ``most``: a sorted subset's place among subsets of its size is
    ``sum(C(t_i, i + 1))`` (the combinatorial number system)."""
    return np.array([[comb(n, j) for j in range(most + 1)] for n in range(cards)], dtype=np.int64)


def _subset_patterns(size: int, most: int) -> list[tuple[int, ...]]:
    """The positions of every subset of at most ``most`` of ``size`` sorted cards, the empty one first."""
    return [pattern for taken in range(min(size, most) + 1) for pattern in combinations(range(size), taken)]


class _Groups:
    """The last player's completions grouped by every subset ``T`` of their cards and sorted by high value, with,
    for stud/8, a running count of each low class along them."""

    def __init__(self, high: npt.NDArray[np.int32], low: npt.NDArray[np.int32], sets: npt.NDArray[np.int64],
                 cards: int, hilo: bool) -> None:
        need = sets.shape[1]
        self.need, self.cards = need, cards
        self.binomials = _binomials(cards + 1, need)
        self.offsets = np.cumsum([0] + [comb(cards, size) for size in range(need + 1)])
        groups = np.concatenate([self.group_of(sets, pattern) for pattern in _subset_patterns(need, need)])
        repeats = len(groups) // len(sets)
        keys = groups * _HIGH_SPAN + np.tile(high, repeats)
        order = np.argsort(keys, kind="stable")
        self.keys = keys[order]
        self.starts = np.searchsorted(self.keys, np.arange(self.offsets[-1] + 1) * _HIGH_SPAN)
        self.whole_high = np.empty(len(sets), dtype=np.int32)
        self.whole_low = np.empty(len(sets), dtype=np.int32)
        whole = self.group_of(sets, tuple(range(need))) - self.offsets[need]
        self.whole_high[whole], self.whole_low[whole] = high, low
        self.distinct = np.unique(high)
        self.dense: npt.NDArray[np.int32] | None = None
        width = len(self.distinct) + 1
        if len(self.starts) * width <= _DENSE_MOST:
            place = np.searchsorted(self.distinct, self.keys % _HIGH_SPAN) + 1
            dense = np.bincount(self.keys // _HIGH_SPAN * width + place, minlength=(len(self.starts) - 1) * width)
            self.dense = np.cumsum(dense.reshape(-1, width), axis=1, dtype=np.int32).ravel()
        self.running: npt.NDArray[np.int32] | None = None
        if hilo:
            classes = np.tile(low, repeats)[order]
            running = np.zeros((LOW_CLASSES + 1, len(self.keys) + 1), dtype=np.int32)
            for column in range(1, LOW_CLASSES + 1):
                np.cumsum(classes < column, dtype=np.int32, out=running[column, 1:])
            self.running = running

    def places(self, group: npt.NDArray[np.int64], start: npt.NDArray[np.int64], best_high: npt.NDArray[np.int32],
               ranked: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None) -> tuple[
                   npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Where each row's best high falls in its group's sorted completions: the first place at it and the first
        past it. ``ranked`` is ``ranks(best_high)``, read from the dense counts when there are any."""
        if self.dense is not None and ranked is not None:
            row = group * (len(self.distinct) + 1)
            return start + self.dense[row + ranked[0]], start + self.dense[row + ranked[1]]
        key = group * _HIGH_SPAN + best_high
        return np.searchsorted(self.keys, key, side="left"), np.searchsorted(self.keys, key, side="right")

    def ranks(self, best_high: npt.NDArray[np.int32]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Each high value's place among the last player's distinct high values: the first at it, the first past."""
        return (np.searchsorted(self.distinct, best_high, side="left"),
                np.searchsorted(self.distinct, best_high, side="right"))

    def group_of(self, sets: npt.NDArray[np.int64], pattern: tuple[int, ...]) -> npt.NDArray[np.int64]:
        """The group of the subset at ``pattern``'s positions of each row of sorted cards."""
        group = np.full(len(sets), self.offsets[len(pattern)], dtype=np.int64)
        for place, position in enumerate(pattern):
            group += self.binomials[sets[:, position], place + 1]
        return group


class _Searched(NamedTuple):
    """Per row, the last player's completions avoiding the row's cards: all of them (``total``); below and through
    the row's best high (``below``, ``through``: ranks ``< x`` and ``<= x``); and for stud/8, ``(where, name)``:
    those of ``where`` with a low class under the column ``name`` (``_LOW_WANTED``)."""

    total: npt.NDArray[np.int64]
    below: npt.NDArray[np.int64]
    through: npt.NDArray[np.int64]
    with_low: dict[tuple[str, str], npt.NDArray[np.int64]]

    def weighted(self, weights: npt.NDArray[np.int64]) -> _Searched:
        """Every count of a row times the rows it stands for (``suit_symmetry``): what follows is linear in them."""
        return _Searched(self.total * weights, self.below * weights, self.through * weights,
                         {want: counted * weights for want, counted in self.with_low.items()})


_LOW_WANTED = (("total", "low"), ("total", "next"), ("total", "any"), ("below", "low"), ("below", "any"),
               ("through", "next"), ("through", "any"))
"""The counts by high value and low class stud/8 reads: ``low`` is the row's best low class, ``next`` one past it,
``any`` the qualifying lows."""


def _search(groups: _Groups, used: npt.NDArray[np.int64], best_high: npt.NDArray[np.int32],
            low_columns: dict[str, npt.NDArray[np.int64]]) -> _Searched:
    """Inclusion and exclusion over the subsets of each row's cards (``used``, sorted) that fit a completion.

    The running low counts are read flat (``column * places + place``): one gather a count."""
    rows = len(best_high)
    total = np.zeros(rows, dtype=np.int64)
    below = np.zeros(rows, dtype=np.int64)
    through = np.zeros(rows, dtype=np.int64)
    wanted = _LOW_WANTED if groups.running is not None else ()
    with_low = {want: np.zeros(rows, dtype=np.int64) for want in wanted}
    width = groups.running.shape[1] if groups.running is not None else 0
    flat = groups.running.ravel() if groups.running is not None else None
    ranked = groups.ranks(best_high)
    for pattern in _subset_patterns(used.shape[1], groups.need):
        add = np.subtract if len(pattern) % 2 else np.add
        group = groups.group_of(used, pattern)
        if len(pattern) == groups.need:
            _add_whole(groups, group, add, best_high, low_columns, (total, below, through), with_low)
            continue
        start, end = groups.starts[group], groups.starts[group + 1]
        lower, upper = groups.places(group, start, best_high, ranked)
        places = {"total": end, "below": lower, "through": upper}
        add(total, end - start, out=total)
        add(below, places["below"] - start, out=below)
        add(through, places["through"] - start, out=through)
        if flat is not None:
            rows_of = {name: column * width for name, column in low_columns.items()}
            base = {name: flat[row + start] for name, row in rows_of.items()}
            for where, name in wanted:
                add(with_low[where, name], flat[rows_of[name] + places[where]] - base[name], out=with_low[where, name])
    return _Searched(total, below, through, with_low)


def _add_whole(groups: _Groups, group: npt.NDArray[np.int64], add: np.ufunc, best_high: npt.NDArray[np.int32],
               low_columns: dict[str, npt.NDArray[np.int64]], counts: tuple[npt.NDArray[np.int64], ...],
               with_low: dict[tuple[str, str], npt.NDArray[np.int64]]) -> None:
    """A subset of the row's cards as large as a completion is one completion: its group holds it alone, so its
    counts are its own value compared, no search."""
    total, below, through = counts
    whole = group - groups.offsets[groups.need]
    high = groups.whole_high[whole]
    places = {"total": np.ones(len(group), dtype=bool), "below": high < best_high, "through": high <= best_high}
    add(total, 1, out=total)
    add(below, places["below"], out=below)
    add(through, places["through"], out=through)
    if with_low:
        low = groups.whole_low[whole]
        for where, name in with_low:
            add(with_low[where, name], places[where] & (low < low_columns[name]), out=with_low[where, name])


class _Rows(NamedTuple):
    """Rows of the outer players' disjoint completions: the completion each took, and every card taken, sorted."""

    picks: npt.NDArray[np.int64]
    used: npt.NDArray[np.int64]


def _rows(sets: list[npt.NDArray[np.int64]], cards: int) -> Iterator[_Rows]:
    """Every row of disjoint completions of the outer players, a block at a time (at most ``_ROW_BLOCK`` rows,
    or one player's completions against one row)."""
    masks = [(np.left_shift(np.int64(1), chosen)).sum(axis=1) if chosen.shape[1] else np.zeros(len(chosen), np.int64)
             for chosen in sets]

    def expand(picks: npt.NDArray[np.int64], taken: npt.NDArray[np.int64], depth: int) -> Iterator[_Rows]:
        if depth == len(sets):
            used = np.concatenate([sets[player][picks[:, player]] for player in range(depth)], axis=1)
            yield _Rows(picks, np.sort(used, axis=1))
            return
        step = max(1, _ROW_BLOCK // len(sets[depth]))
        for start in range(0, len(picks), step):
            block = slice(start, start + step)
            free = (taken[block, None] & masks[depth][None, :]) == 0
            row, pick = np.nonzero(free)
            row += start
            yield from expand(np.column_stack((picks[row], pick)), taken[row] | masks[depth][pick], depth + 1)

    assert cards <= 63, "a row's cards are bits of one 64-bit mask"
    yield from expand(np.zeros((1, 0), dtype=np.int64), np.zeros(1, dtype=np.int64), 0)


def _count(known: tuple[tuple[int, ...], ...], needs: Sequence[int], unseen: Sequence[int], counts: _Counts) -> None:
    """Count the completions of every player from ``unseen``, each hand then seven cards, into ``counts``."""
    cards = CardArrays(unseen)
    last = _last_player(needs)
    outer = [index for index in range(len(needs)) if index != last]
    sets = [_completions(len(unseen), need) for need in needs]
    valued = [values(hand, cards, chosen) for hand, chosen in zip(known, sets, strict=True)]
    groups = _Groups(*valued[last], sets[last], len(unseen), counts.hilo)
    symmetry = Symmetry(unseen, len(outer))
    for block in _rows([sets[index] for index in outer], len(unseen)):
        kept, weights = symmetry.weigh([sets[index][block.picks[:, place]] for place, index in enumerate(outer)])
        picks, used = block.picks[kept], block.used[kept]
        high = np.column_stack([valued[index][0][picks[:, place]] for place, index in enumerate(outer)])
        low = np.column_stack([valued[index][1][picks[:, place]] for place, index in enumerate(outer)])
        counts.add(groups, used, weights, high, low, outer, last)


class _Counts:
    """The running whole-number counts of every player, in the request's order."""

    def __init__(self, players: int, hilo: bool) -> None:
        self.hilo = hilo
        self.columns = [np.zeros(players, dtype=np.int64) for _ in range(7 if hilo else 3)]

    def totals(self) -> list[tuple[int, ...]]:
        return [tuple(int(value) for value in column) for column in self.columns]

    def add(self, groups: _Groups, used: npt.NDArray[np.int64], weights: npt.NDArray[np.int64],
            high: npt.NDArray[np.int32], low: npt.NDArray[np.int32], outer: list[int], last: int) -> None:
        """Count a block of rows, each standing for ``weights`` rows, against every completion of the last player."""
        best_high = high.min(axis=1)
        at_high = high == best_high[:, None]
        high_holders = at_high.sum(axis=1)
        if not self.hilo:
            found = _search(groups, used, best_high, {}).weighted(weights)
            self._add_high(found, at_high, high_holders, outer, last)
            return
        best_low = low.min(axis=1)
        some_low = best_low < NO_LOW
        at_low = (low == best_low[:, None]) & some_low[:, None]
        low_holders = at_low.sum(axis=1)
        columns: dict[str, npt.NDArray[np.int64]] = {
            "low": best_low.astype(np.int64), "next": best_low.astype(np.int64) + 1,
            "any": np.full(len(best_low), NO_LOW, dtype=np.int64)}
        found = _search(groups, used, best_high, columns).weighted(weights)
        self._add_hilo(found, at_high, high_holders, at_low, low_holders, some_low, outer, last)

    def _add_high(self, found: _Searched, at_high: npt.NDArray[np.bool_], holders: npt.NDArray[np.int64],
                  outer: list[int], last: int) -> None:
        wins, ties, shares = self.columns
        higher = found.total - found.through
        level = found.through - found.below
        alone = holders == 1
        wins[last] += found.below.sum()
        ties[last] += level.sum()
        shares[last] += found.below.sum() * POT_UNITS + (level * (POT_UNITS // (holders + 1))).sum()
        wins[outer] += (at_high & alone[:, None]).T @ higher
        ties[outer] += at_high.T @ level + (at_high & ~alone[:, None]).T @ higher
        shares[outer] += at_high.T @ (higher * (POT_UNITS // holders) + level * (POT_UNITS // (holders + 1)))

    def _add_hilo(self, found: _Searched, at_high: npt.NDArray[np.bool_], high_holders: npt.NDArray[np.int64],
                  at_low: npt.NDArray[np.bool_], low_holders: npt.NDArray[np.int64],
                  some_low: npt.NDArray[np.bool_], outer: list[int], last: int) -> None:
        """Stud/8's counts of a block of rows. Where the row holds a low, the pot is halved whatever the last
        player's low; where it holds none, the halving depends on whether the last player's low qualifies, so the
        last player's completions are split by that (``(where, "any")``: those with a qualifying low)."""
        high_wins, high_ties, low_wins, low_ties, scoops, shares, low_shares = self.columns
        total, below, through, with_low = found.total, found.below, found.through, found.with_low
        level = through - below
        higher = total - through
        lows_below = with_low["total", "low"]
        lows_through = np.where(some_low, with_low["total", "next"], lows_below)
        low_level = lows_through - lows_below
        low_higher = total - lows_through
        qualifying = with_low["total", "any"]
        # High halves and wholes: with a row low every completion halves; else only those with a qualifying low.
        below_halved = np.where(some_low, below, with_low["below", "any"])
        level_halved = np.where(some_low, level, with_low["through", "any"] - with_low["below", "any"])
        higher_halved = np.where(some_low, higher, qualifying - with_low["through", "any"])
        high_parts = (below_halved * HALF + (below - below_halved) * POT_UNITS,
                      level_halved * HALF + (level - level_halved) * POT_UNITS)
        tied_last, tied_outer = high_holders + 1, high_holders
        high_wins[last] += below.sum()
        high_ties[last] += level.sum()
        low_wins[last] += lows_below.sum()
        low_ties[last] += low_level.sum()
        shares[last] += (high_parts[0] + high_parts[1] // tied_last).sum()
        low_last = (lows_below * HALF + low_level * HALF // (low_holders + 1)).sum()
        shares[last] += low_last
        low_shares[last] += low_last
        scoop_column = np.where(some_low, with_low["below", "low"], below)
        scoops[last] += scoop_column.sum()
        alone = high_holders == 1
        high_wins[outer] += (at_high & alone[:, None]).T @ higher
        high_ties[outer] += at_high.T @ level + (at_high & ~alone[:, None]).T @ higher
        higher_parts = higher_halved * HALF + (higher - higher_halved) * POT_UNITS
        shares[outer] += at_high.T @ (higher_parts // tied_outer + high_parts[1] // tied_last)
        low_alone = low_holders == 1
        low_wins[outer] += (at_low & low_alone[:, None]).T @ low_higher
        low_ties[outer] += at_low.T @ low_level + (at_low & ~low_alone[:, None]).T @ low_higher
        low_outer = at_low.T @ ((low_higher * HALF) // np.maximum(low_holders, 1)
                                 + (low_level * HALF) // (low_holders + 1))
        shares[outer] += low_outer
        low_shares[outer] += low_outer
        # An outer player scoops when he alone holds the best high and the best low (or no low is anywhere), and the
        # last player's completion is worse at both: a higher high and a low class at or past ``next`` (or none).
        lows_past = np.where(some_low, with_low["total", "next"], qualifying)
        lows_past_through = np.where(some_low, with_low["through", "next"], with_low["through", "any"])
        worse_both = total - through - lows_past + lows_past_through
        sole = at_high & alone[:, None] & (~some_low[:, None] | (at_low & low_alone[:, None]))
        scoops[outer] += sole.T @ worse_both
