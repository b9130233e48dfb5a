"""Sampled equity: random completions dealt from a seed with the scenarios' generator.

Sample ``i`` of ``seed`` is dealt by ``draws.Draws(seed, i)`` (SplitMix64 at a counter, the same on
every machine and release); numpy computes the same draws for a block of samples at once.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .cards import RANK_KEYS, RANK_OF
from .draws import ATTEMPT_BITS, GOLDEN, MASK, mix
from .equity_spot import SHARE_UNITS, Spot, Tally, hand_key

_SAMPLE_BLOCK = 25_000
"""Samples dealt at once: a block's arrays hold a few megabytes, so memory stays flat whatever the count."""


def _mix(values: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """``draws.mix`` on many 64-bit values at once (numpy's unsigned arithmetic wraps as the mask does)."""
    values = (values ^ (values >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    values = (values ^ (values >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return values ^ (values >> np.uint64(31))


def sample_tally(spot: Spot, ranks: npt.NDArray[np.uint16], samples: int, seed: int) -> Tally:
    """``samples`` random completions: sample ``i`` is dealt by ``draws.Draws(seed, i)``, each hand's rank read from
    ``ranks`` by its 7-card key (``equity_spot.seven_card_values``).

    Its draws shuffle the unseen cards (ascending by code: clubs, diamonds, hearts, spades within a
    rank, aces first) as ``Draws.shuffled`` does, last place first, for as many steps as cards are
    needed; the cards so placed at the end, last place first, go to the players in the request's
    order, each its missing cards, then to the community card. numpy computes the same draws for a
    block of samples at once (a test checks them against ``Draws``).
    """
    tally = Tally(0, (), (), (), ())
    for start in range(0, samples, _SAMPLE_BLOCK):
        tally += _sample_block(spot, ranks, start, min(samples, start + _SAMPLE_BLOCK), seed)
    return tally


def _sample_block(spot: Spot, ranks: npt.NDArray[np.uint16], start: int, stop: int, seed: int) -> Tally:
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
        keys_held = hand_key(player) + dealt[:, taken:taken + need].sum(axis=1) + shared
        values[:, index] = ranks[keys_held]
        taken += need
    best = values.min(axis=1)
    at_best = values == best[:, None]
    holders = at_best.sum(axis=1)
    share = at_best * (SHARE_UNITS // holders)[:, None]
    return Tally(count, tuple(map(int, (at_best & (holders == 1)[:, None]).sum(axis=0))),
                 tuple(map(int, (at_best & (holders > 1)[:, None]).sum(axis=0))),
                 tuple(map(int, share.sum(axis=0))), tuple(map(int, (share.astype(np.int64) ** 2).sum(axis=0))))
