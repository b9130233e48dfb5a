"""Sampled equity: random completions dealt from a seed with the scenarios' generator.

Sample ``i`` of ``seed`` is dealt by ``draws.Draws(seed, i)`` (SplitMix64 at a counter, the same on
every machine and release); numpy computes the same draws for a block of samples at once. Every
game deals the same cards from the same seed (``dealt_block``); razz values them by their ranks
(``sample_tally``), stud and stud/8 by their ranks and suits (``stud_sample_tally``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .cards import RANK_KEYS, RANK_OF
from .draws import ATTEMPT_BITS, GOLDEN, MASK, mix
from .equity_spot import SHARE_UNITS, Spot, Tally, hand_key
from .seven_card_values import NO_LOW, CardArrays, values
from .stud_exact import HALF, POT_UNITS, HighTally, HiLoTally

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


def dealt_block(spot: Spot, start: int, stop: int, seed: int) -> npt.NDArray[np.intp]:
    """The cards dealt in samples ``start`` to ``stop - 1``, as places in ``spot.unseen``: one row a sample, each
    player's missing cards in the request's order, then the community card (``sample_tally`` says how)."""
    wanted = sum(spot.needs()) + spot.community_card
    count = stop - start
    left = len(spot.unseen)
    indices = np.arange(start, stop, dtype=np.uint64)
    keys = _mix(np.uint64(mix(seed & MASK)) ^ _mix((indices << np.uint64(ATTEMPT_BITS)) & np.uint64(MASK)))
    order = np.repeat(np.arange(left, dtype=np.int16)[:, None], count, axis=1)  # a row a place, a column a sample
    columns = np.arange(count)
    dealt = np.empty((wanted, count), dtype=np.intp)
    for step in range(wanted):
        last = left - 1 - step
        other = (_mix(keys + np.uint64((step + 1) * GOLDEN & MASK)) % np.uint64(last + 1)).astype(np.intp)
        placed = order[other, columns]
        order[other, columns] = order[last]
        order[last] = placed
        dealt[step] = placed
    return dealt.T


def _sample_block(spot: Spot, ranks: npt.NDArray[np.uint16], start: int, stop: int, seed: int) -> Tally:
    """Samples ``start`` to ``stop - 1``."""
    needs = spot.needs()
    unseen = np.array([RANK_KEYS[RANK_OF[code]] for code in spot.unseen], dtype=np.int64)
    dealt = unseen[dealt_block(spot, start, stop, seed)]
    count = stop - start
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


class StudSample(NamedTuple):
    """Stud's or stud/8's counts over samples (``deals`` is the samples dealt), and each player's sum of squared
    shares of the pot in ``POT_UNITS``: its variance."""

    tally: HighTally | HiLoTally
    squares: tuple[int, ...]


def stud_sample_tally(spot: Spot, hilo: bool, samples: int, seed: int) -> StudSample:
    """``samples`` random completions dealt as ``sample_tally`` deals them (the same cards for the same seed), each
    hand of seven cards valued for stud high (``seven_card_values``) and, for stud/8, its qualifying low: the pot
    to the best high, or halved between the best high and the best qualifying low."""
    columns = [np.zeros(len(spot.players), dtype=np.int64) for _ in range(8 if hilo else 4)]
    for start in range(0, samples, _SAMPLE_BLOCK):
        block = _stud_block(spot, hilo, start, min(samples, start + _SAMPLE_BLOCK), seed)
        for column, counted in zip(columns, block, strict=True):
            column += counted
    totals = [tuple(map(int, column)) for column in columns]
    tally = HiLoTally(samples, *totals[:-1]) if hilo else HighTally(samples, *totals[:-1])
    return StudSample(tally, totals[-1])


def _stud_block(spot: Spot, hilo: bool, start: int, stop: int, seed: int) -> list[npt.NDArray[np.int64]]:
    """Samples ``start`` to ``stop - 1``: the columns of ``HighTally`` or ``HiLoTally`` after ``deals``, then the
    squared shares."""
    dealt = dealt_block(spot, start, stop, seed)
    cards = CardArrays(spot.unseen)
    shared = dealt[:, -1:] if spot.community_card else dealt[:, :0]
    count, players = stop - start, len(spot.players)
    high = np.empty((count, players), dtype=np.int32)
    low = np.empty((count, players), dtype=np.int32)
    taken = 0
    for index, (player, need) in enumerate(zip(spot.players, spot.needs(), strict=True)):
        completions = np.concatenate((dealt[:, taken:taken + need], shared), axis=1)
        high[:, index], low[:, index] = values((*player.up_cards, *player.down_cards), cards, completions)
        taken += need
    at_high = high == high.min(axis=1)[:, None]
    high_holders = at_high.sum(axis=1)
    high_alone = at_high & (high_holders == 1)[:, None]
    high_shared = at_high & (high_holders > 1)[:, None]
    if not hilo:
        share = at_high * (POT_UNITS // high_holders)[:, None]
        return [high_alone.sum(axis=0), high_shared.sum(axis=0), share.sum(axis=0), (share ** 2).sum(axis=0)]
    best_low = low.min(axis=1)
    at_low = (low == best_low[:, None]) & (best_low < NO_LOW)[:, None]
    low_holders = at_low.sum(axis=1)
    high_pot = np.where(low_holders > 0, HALF, POT_UNITS)
    low_share = at_low * (HALF // np.maximum(low_holders, 1))[:, None]
    share = at_high * (high_pot // high_holders)[:, None] + low_share
    scoop = high_alone & ((low_holders == 0)[:, None] | (at_low & (low_holders == 1)[:, None]))
    return [high_alone.sum(axis=0), high_shared.sum(axis=0), (at_low & (low_holders == 1)[:, None]).sum(axis=0),
            (at_low & (low_holders > 1)[:, None]).sum(axis=0), scoop.sum(axis=0), share.sum(axis=0),
            low_share.sum(axis=0), (share ** 2).sum(axis=0)]
