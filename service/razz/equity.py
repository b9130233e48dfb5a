"""Who is ahead with cards to come: each live player's chance to win, to tie and share of the pot.

Every unseen card is equally likely to be any card not named, so the exact answer is a count
over every way to complete the hands. Dealing cards is hopeless early (heads-up on 3rd street
with six cards known, 18,265,297,050 deals), but an ace-to-five low is decided by ranks alone
(section 8: suits never enter it), and the deck only says how many cards of each rank are
left. So ``exact`` enumerates the *rank multisets* each player receives, each weighted by the
number of ways the deck deals it: for a deck holding ``d[r]`` unseen cards of rank ``r``, a
player receiving ``m[r]`` of each rank can be dealt them in ``prod C(d[r], m[r])`` ways, and the
next player draws from ``d - m``. Heads-up on 3rd street that is at most 1,820 multisets a player
and about 3 million pairs instead of 18 billion deals; the counts stay whole numbers throughout.

The pairs are counted with numpy (``_Ways``): every factor ``C(d, m)`` with ``d <= 4`` is
``2**a * 3**b`` or zero, so the exponents (and a count of impossible ranks) of a whole block of
pairs are sums of small whole numbers, which a table turns back into the ways. Heads-up on 3rd
street that takes milliseconds where a pure Python loop over the same pairs takes seconds, about
200 times as long (bench/README.md).

``sample`` deals random completions instead, from ``seed`` with the scenarios' generator
(``draws.Draws``, SplitMix64 at a counter) computed for many samples at once; ``auto`` is exact
when the enumeration fits ``EXACT_BUDGET`` rank combinations, else it samples.

Section 7 applies: when the deal would run out, 7th street is one community card that plays in
every hand, so each player receives one card fewer and the community card is enumerated (or
dealt) once for all.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations_with_replacement
from math import comb, prod, sqrt
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .cards import CARD_CODES, CARD_TEXT, RANK_CHARS, RANK_KEYS, RANK_OF, Deck
from .draws import ATTEMPT_BITS, GOLDEN, MASK, mix
from .errors import ExactBudgetError, SnapshotError
from .ranking import LOW_RANKING, MAX_CARDS, SEVEN_CARD_RANKS
from .running_out import community_card_dealt, explain_seventh_street
from .seating import MIN_PLAYERS, SeatChart, check_player_count
from .showdown import TIES_SPLIT
from .streets import MAX_DOWN_CARDS, MAX_UP_CARDS, STREETS
from .why import Why, street_name

RANKS = len(RANK_CHARS)
SUITS = 4
SHARE_UNITS = 840
"""The least common multiple of 1 to 8: a k-way tie's share of the pot is a whole number of these units."""

EXACT_BUDGET = 10_000_000
"""The most rank combinations ``exact`` enumerates: one tuple of rank multisets, one per live player, and the
community card's rank when there is one. Measured (bench/README.md), the enumeration runs at 10 million
combinations a second or more (the slowest: many players receiving one card each; heads-up, over 100 million),
so the budget keeps an exact answer within about a second on the machines of ``bench/``. Heads-up it covers any
street with the down cards known and 5th street on whatever is known; three players, 5th street with the down
cards known; up to eight, 6th street with the down cards known."""

MOST_DEALS = 2**63 // (SHARE_UNITS * 2)
"""The most deals an exact count holds: the tallies are 64-bit whole numbers of share units."""

DEFAULT_SAMPLES = 20_000
"""Samples when the request names none: a share's standard deviation is at most 1/2, so the standard error is at
most 0.36%."""
MOST_SAMPLES = 100_000
"""The most samples one request deals: eight players on 3rd street with no down card known, the most cards to
deal, take about half a second (bench/README.md), well within the 2 s every request is answered in, so a worker
computing equities back to back leaves its other connections a turn often."""
_SAMPLE_BLOCK = 25_000
"""Samples dealt at once: a block's arrays hold a few megabytes, so memory stays flat whatever the count."""
_PAIR_BLOCK = 1 << 20
"""Pairs of a row and a multiset counted at once: a block's arrays hold about 20 MB, whatever the spot."""


class Method(StrEnum):
    """How an equity is computed: enumerated, sampled, or exact where it fits the budget."""

    AUTO = "auto"
    EXACT = "exact"
    SAMPLE = "sample"


@dataclass(frozen=True, slots=True)
class LivePlayer:
    """A live player's cards: the up cards in deal order and the down cards the caller knows."""

    seat: int
    up_cards: tuple[int, ...]
    down_cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Spot:
    """Where the hand stands: the live players, every card named, and how 7th street will be dealt."""

    players: tuple[LivePlayer, ...]
    unseen: tuple[int, ...]
    """Every card not named anywhere, by code: each is equally likely to be any card still to come."""
    street: int
    players_dealt: tuple[int, ...]
    """How many players were (or, for streets to come, will be) dealt 3rd, 4th, 5th and 6th street."""
    community_card: bool
    """Whether 7th street is one community card (section 7)."""

    @property
    def own_cards(self) -> int:
        """The cards each player holds at the end of the deal, besides the community card."""
        return MAX_CARDS - self.community_card

    def needs(self) -> tuple[int, ...]:
        """How many cards each player still receives."""
        return tuple(self.own_cards - len(player.up_cards) - len(player.down_cards) for player in self.players)

    def deals(self) -> int:
        """The equally likely deals: the ways to give each player its missing cards as a set, then the community
        card."""
        left, ways = len(self.unseen), 1
        for need in (*self.needs(), int(self.community_card)):
            ways *= comb(left, need)
            left -= need
        return ways

    def among(self, seats: Collection[int]) -> Spot:
        """The spot of a pot only some live players are eligible for: the others' cards stay named, and they are
        still dealt the cards to come (unseen to this pot, as any other), so 7th street is dealt as for the table."""
        return Spot(tuple(player for player in self.players if player.seat in seats), self.unseen, self.street,
                    self.players_dealt, self.community_card)

    def unseen_counts(self) -> tuple[int, ...]:
        """Unseen cards of each rank, ace first."""
        counts = [0] * RANKS
        for code in self.unseen:
            counts[RANK_OF[code] - 1] += 1
        return tuple(counts)

    def combinations(self) -> int:
        """The rank combinations ``exact`` enumerates at most: the multisets each player could receive from the
        unseen ranks, multiplied, and the community card's ranks."""
        counts = self.unseen_counts()
        total = prod(_multiset_count(counts, need) for need in self.needs())
        return total * (sum(count > 0 for count in counts) if self.community_card else 1)


def read_spot(players: Sequence[tuple[int, Sequence[str], Sequence[str]]], dead_cards: Sequence[str],
              dealt: Sequence[int] | None, max_players: int) -> Spot:
    """The spot a request describes, every card from one deck: each player as (seat, up cards, down cards known).

    Raises the InputError naming the field at fault: a card named twice, a seat taken twice, up cards
    of different counts, a third down card before 7th street could be dealt, ``dealt`` that does not
    fit the street or the live players, or too few cards left to deal.
    """
    if len(players) < MIN_PLAYERS:
        raise SnapshotError("players", f"{len(players)} live player: equity needs {MIN_PLAYERS} or more")
    check_player_count(len(players), max_players)
    deck, seats = Deck(), SeatChart()
    live = []
    for index, (seat, up_cards, down_cards) in enumerate(players):
        seats.take(seat, f"players[{index}].seat")
        up = deck.take_each(up_cards, f"players[{index}].up_cards")
        down = deck.take_each(down_cards, f"players[{index}].down_cards")
        live.append(LivePlayer(seat, tuple(up), tuple(down)))
    deck.take_each(dead_cards, "dead_cards")
    shown = len(live[0].up_cards)
    for index, player in enumerate(live):
        if len(player.up_cards) != shown:
            raise SnapshotError(f"players[{index}].up_cards", f"holds {_cards(len(player.up_cards))} where "
                                f"players[0] holds {shown}: every live player shows as many on a street")
    street = next(number for number, street in STREETS.items() if street.up_cards == shown)
    players_dealt = _players_dealt(street, len(live), dealt, max_players)
    community = community_card_dealt(players_dealt, len(live))
    for index, player in enumerate(live):
        if len(player.down_cards) > MAX_DOWN_CARDS - 1 and (shown < MAX_UP_CARDS or community):
            reason = ("7th street is a community card here (section 7)" if community else
                      f"the 7th-street down card is dealt after 6th street's up card, and {street_name(street)} "
                      f"shows {shown}")
            raise SnapshotError(f"players[{index}].down_cards", f"holds {len(player.down_cards)} down cards: "
                                f"{reason}, so a player holds at most {MAX_DOWN_CARDS - 1}")
    named = {code for player in live for code in (*player.up_cards, *player.down_cards)}
    named.update(CARD_CODES[text] for text in dead_cards)
    unseen = tuple(code for code in sorted(CARD_TEXT) if code not in named)
    spot = Spot(tuple(live), unseen, street, players_dealt, community)
    wanted = sum(spot.needs()) + community
    if wanted > len(unseen):
        raise SnapshotError("dead_cards", f"{len(named)} cards are named, leaving {len(unseen)} unseen: the deal "
                                          f"still needs {wanted}")
    return spot


def _cards(count: int) -> str:
    """``1 up card``, ``3 up cards``."""
    return f"{count} up card" if count == 1 else f"{count} up cards"


def _players_dealt(street: int, live: int, dealt: Sequence[int] | None, max_players: int) -> tuple[int, ...]:
    """How many players were dealt each street from 3rd to 6th: ``dealt`` for the streets dealt so far (default:
    the live players), the live players for the streets to come."""
    so_far = street - 2
    if dealt is None:
        dealt = [live] * so_far
    elif len(dealt) != so_far:
        raise SnapshotError("dealt", f"holds {len(dealt)} counts: {street_name(street)} was reached, so the streets "
                                     f"dealt so far are {so_far} (3rd street first)")
    for index, count in enumerate(dealt):
        name = street_name(index + 3)
        if count < live:
            raise SnapshotError(f"dealt[{index}]", f"{count} players dealt {name}, but the {live} live players "
                                                   "were all dealt it")
        if count > max_players:
            raise SnapshotError(f"dealt[{index}]", f"{count} players dealt {name}: a hand deals at most {max_players} "
                                                   "(max_players)")
        if index and count > dealt[index - 1]:
            raise SnapshotError(f"dealt[{index}]", f"{count} players dealt {name}, more than the {dealt[index - 1]} "
                                                   f"dealt {street_name(index + 2)}: a player who folded is dealt "
                                                   "no more")
    return (*dealt, *[live] * (4 - so_far))


# --- rank multisets -----------------------------------------------------------------------------------------

def _multiset_count(counts: Sequence[int], size: int) -> int:
    """How many rank multisets of ``size`` cards the unseen ``counts`` allow (a product of polynomials)."""
    ways = [1] + [0] * size
    for count in counts:
        ways = [sum(ways[total - taken] for taken in range(min(count, total) + 1)) for total in range(size + 1)]
    return ways[size]


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


_KEYS = np.array(RANK_KEYS[1:], dtype=np.int64)
"""The ranking tables' key of each rank, ace first: a hand's key is the sum over its ranks."""
_SEVEN = np.frombuffer(SEVEN_CARD_RANKS, dtype=np.uint16)
"""``ranking.SEVEN_CARD_RANKS`` without a copy: the rank of every 7-card key (1 is the best low)."""


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


@dataclass(frozen=True, slots=True)
class Tally:
    """Whole-number counts over ``total`` equally likely deals (or samples): for each player, the deals it holds
    the one best hand, those it shares it, and its share of the pot in ``SHARE_UNITS`` per deal."""

    total: int
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    shares: tuple[int, ...]
    """Summed over players, ``total * SHARE_UNITS`` exactly."""
    squares: tuple[int, ...] = ()
    """For a sample, the sum of each player's squared share per sample: its variance."""

    def __add__(self, other: Tally) -> Tally:
        def add(mine: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(map(int.__add__, mine, theirs)) if mine and theirs else mine or theirs
        return Tally(self.total + other.total, add(self.wins, other.wins), add(self.ties, other.ties),
                     add(self.shares, other.shares), add(self.squares, other.squares))


def _player_multisets(need: int, counts: Sequence[int]) -> npt.NDArray[np.uint8]:
    """The multisets of ``need`` cards the unseen ``counts`` allow."""
    every = _multisets(need)
    return every[(every <= np.array(counts, dtype=np.uint8)).all(axis=1)]


def exact_tally(spot: Spot) -> Tally:
    """Every deal counted by rank multisets: the community card's rank first when there is one, then each player's
    multiset in turn, the deck shrinking by what each receives."""
    counts = spot.unseen_counts()
    if not spot.community_card:
        return _enumerate(spot, counts, 0)
    tally = Tally(0, (), (), ())
    for rank in range(RANKS):
        if counts[rank]:
            rest = counts[:rank] + (counts[rank] - 1,) + counts[rank + 1:]
            counted = _enumerate(spot, rest, RANK_KEYS[rank + 1])
            tally += Tally(counted.total * counts[rank], *(tuple(value * counts[rank] for value in values)
                                                           for values in (counted.wins, counted.ties, counted.shares)))
    return tally


def _hand_key(player: LivePlayer) -> int:
    """The ranking key of the cards a player holds already."""
    return sum(RANK_KEYS[RANK_OF[code]] for code in (*player.up_cards, *player.down_cards))


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


def _enumerate(spot: Spot, counts: tuple[int, ...], shared_key: int) -> Tally:
    """The tally over every tuple of multisets. The player with the most multisets is the columns of the pair
    blocks; the others are expanded one at a time into rows, depth first and a block at a time, so memory stays
    bounded (``_PAIR_BLOCK`` pairs a block) whatever the number of tuples."""
    players = []
    for player, need in zip(spot.players, spot.needs(), strict=True):
        multisets = _player_multisets(need, counts)
        values = _SEVEN[_hand_key(player) + shared_key + multisets.astype(np.int64) @ _KEYS].astype(np.int32)
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


# --- samples ------------------------------------------------------------------------------------------------

def _mix(values: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """``draws.mix`` on many 64-bit values at once (numpy's unsigned arithmetic wraps as the mask does)."""
    values = (values ^ (values >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    values = (values ^ (values >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return values ^ (values >> np.uint64(31))


def sample_tally(spot: Spot, samples: int, seed: int) -> Tally:
    """``samples`` random completions: sample ``i`` is dealt by ``draws.Draws(seed, i)``.

    Its draws shuffle the unseen cards (ascending by code: clubs, diamonds, hearts, spades within a
    rank, aces first) as ``Draws.shuffled`` does, last place first, for as many steps as cards are
    needed; the cards so placed at the end, last place first, go to the players in the request's
    order, each its missing cards, then to the community card. numpy computes the same draws for a
    block of samples at once (a test checks them against ``Draws``).
    """
    tally = Tally(0, (), (), (), ())
    for start in range(0, samples, _SAMPLE_BLOCK):
        tally += _sample_block(spot, start, min(samples, start + _SAMPLE_BLOCK), seed)
    return tally


def _sample_block(spot: Spot, start: int, stop: int, seed: int) -> Tally:
    """Samples ``start`` to ``stop - 1``."""
    needs = spot.needs()
    wanted = sum(needs) + spot.community_card
    unseen = np.array([RANK_KEYS[RANK_OF[code]] for code in spot.unseen], dtype=np.int64)
    count = stop - start
    left = len(unseen)
    indices = np.arange(start, stop, dtype=np.uint64)
    keys = _mix(np.uint64(mix(seed & MASK)) ^ _mix((indices << np.uint64(ATTEMPT_BITS)) & np.uint64(MASK)))
    order = np.tile(np.arange(left, dtype=np.int16), (count, 1))
    rows = np.arange(count)
    dealt = np.empty((count, wanted), dtype=np.int64)
    for step in range(wanted):
        last = left - 1 - step
        other = (_mix(keys + np.uint64((step + 1) * GOLDEN & MASK)) % np.uint64(last + 1)).astype(np.intp)
        placed = order[rows, other]
        order[rows, other] = order[:, last]
        order[:, last] = placed
        dealt[:, step] = unseen[placed]
    shared = dealt[:, -1] if spot.community_card else 0
    values = np.empty((count, len(needs)), dtype=np.int32)
    taken = 0
    for index, (player, need) in enumerate(zip(spot.players, needs, strict=True)):
        keys_held = _hand_key(player) + dealt[:, taken:taken + need].sum(axis=1) + shared
        values[:, index] = _SEVEN[keys_held]
        taken += need
    best = values.min(axis=1)
    at_best = values == best[:, None]
    holders = at_best.sum(axis=1)
    share = at_best * (SHARE_UNITS // holders)[:, None]
    return Tally(count, tuple(map(int, (at_best & (holders == 1)[:, None]).sum(axis=0))),
                 tuple(map(int, (at_best & (holders > 1)[:, None]).sum(axis=0))),
                 tuple(map(int, share.sum(axis=0))), tuple(map(int, (share.astype(np.int64) ** 2).sum(axis=0))))


# --- the answer ---------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SeatEquity:
    """One live player's chances: to hold the one best hand, to share it, and its expected share of the pot."""

    seat: int
    win: float
    tie: float
    equity: float


@dataclass(frozen=True, slots=True)
class Equity:
    """Each live player's chances and how they were computed."""

    players: tuple[SeatEquity, ...]
    method: Method
    """exact or sample: how the answer was computed (``auto`` resolved)."""
    tally: Tally
    deals: int | None
    samples: int | None
    seed: int | None
    standard_error: float | None
    """For a sample, the largest standard error of the players' equities."""
    combinations: int
    """The rank combinations exact enumerates at most."""
    asked: Method


def equity(spot: Spot, method: Method = Method.AUTO, samples: int | None = None, seed: int = 0) -> Equity:
    """The live players' equities, exact or sampled as ``method`` asks; ``exact`` past the budget is refused."""
    combinations = spot.combinations()
    deals = spot.deals()
    fits = combinations <= EXACT_BUDGET and deals <= MOST_DEALS
    if method is Method.EXACT and not fits:
        raise ExactBudgetError("method", f"exact would enumerate up to {combinations:,} rank combinations: the "
                                         f"budget is {EXACT_BUDGET:,} (use sample or auto)")
    if method is Method.SAMPLE or (method is Method.AUTO and not fits):
        count = DEFAULT_SAMPLES if samples is None else samples
        tally = sample_tally(spot, count, seed)
        return Equity(_seat_equities(spot, tally), Method.SAMPLE, tally, None, count, seed,
                      standard_error(tally), combinations, method)
    tally = exact_tally(spot)
    assert tally.total == deals, "the multisets' ways add up to every deal"
    return Equity(_seat_equities(spot, tally), Method.EXACT, tally, deals, None, None, None, combinations, method)


def standard_error(tally: Tally) -> float:
    """The largest standard error of the players' sampled equities: each share's sample variance over the samples,
    ``sqrt(variance / (n - 1))`` with the variance of the n shares drawn."""
    count = tally.total
    if count < 2:
        return 0.0
    variances = [squares / count - (share / count) ** 2 for share, squares in zip(tally.shares, tally.squares,
                                                                                     strict=True)]
    return sqrt(max(0.0, *variances) / (count - 1)) / SHARE_UNITS


def _seat_equities(spot: Spot, tally: Tally) -> tuple[SeatEquity, ...]:
    """Each seat's chances as fractions of the deals counted."""
    total = tally.total
    return tuple(SeatEquity(player.seat, tally.wins[index] / total, tally.ties[index] / total,
                            tally.shares[index] / (total * SHARE_UNITS))
                 for index, player in enumerate(spot.players))


def explain_equity(spot: Spot, answer: Equity) -> list[Why]:
    """How the answer was computed: how 7th street is dealt, exact or sampled, and how ties share."""
    why = [explain_seventh_street(spot.players_dealt, len(spot.players))]
    if answer.method is Method.EXACT:
        why.append(LOW_RANKING.says("equity_method", (
            f"suits never decide an ace-to-five low, so exact counts every deal by the ranks each player receives: "
            f"{answer.combinations:,} rank combinations at most (the budget is {EXACT_BUDGET:,}) stand for "
            f"{answer.deals:,} equally likely deals")))
    else:
        reason = ("sample was asked" if answer.asked is Method.SAMPLE else
                  f"exact would enumerate up to {answer.combinations:,} rank combinations, past the budget of "
                  f"{EXACT_BUDGET:,}")
        why.append(LOW_RANKING.says("equity_method", (
            f"{reason}: {answer.samples:,} deals sampled from seed {answer.seed} with the scenarios' generator "
            f"(SplitMix64), the largest standard error {100 * (answer.standard_error or 0):.2f}%")))
    why.append(TIES_SPLIT.says("equity_ties", "identical lows split the pot, so a k-way tie counts 1/k of it to "
                                              "each of the k players"))
    return why

