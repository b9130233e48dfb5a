"""The numbers a scenario is drawn from: SplitMix64 at a counter, the same on every machine and every release.

Scenario ``index`` of ``seed`` reads the stream ``key = mix(mix(seed) ^ mix(index * 2**8 + attempt))`` and
its draw ``k`` (0, 1, 2...) is ``mix((key + (k + 1) * GOLDEN) mod 2**64)``, where ``mix`` is
SplitMix64's finalizer and ``GOLDEN`` is 0x9E3779B97F4A7C15. A number below ``n`` is the draw
modulo ``n`` (the bias, under n / 2**64, is far below anything a test can see). Nothing reads
Python's ``random``, whose streams may change between versions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
ATTEMPT_BITS = 8
"""A scenario's attempts (``attempt`` < 256) share its index's key space without meeting another index's."""

Item = TypeVar("Item")


def mix(value: int) -> int:
    """SplitMix64's finalizer: a 64-bit value scrambled so that neighbouring inputs give unrelated outputs."""
    value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9 & MASK
    value = (value ^ (value >> 27)) * 0x94D049BB133111EB & MASK
    return value ^ (value >> 31)


class Draws:
    """The stream of numbers of one attempt at one scenario."""

    def __init__(self, seed: int, index: int, attempt: int = 0) -> None:
        self._key = mix(mix(seed & MASK) ^ mix((index << ATTEMPT_BITS | attempt) & MASK))
        self._count = 0

    def below(self, n: int) -> int:
        """The next number in 0 .. n - 1."""
        self._count += 1
        return mix((self._key + self._count * GOLDEN) & MASK) % n

    def between(self, low: int, high: int) -> int:
        """The next number in low .. high, both included."""
        return low + self.below(high - low + 1)

    def chance(self, numerator: int, denominator: int) -> bool:
        """True ``numerator`` times in ``denominator``."""
        return self.below(denominator) < numerator

    def pick(self, items: Sequence[Item]) -> Item:
        """One of ``items``."""
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[Item]) -> list[Item]:
        """``items`` in an order drawn by Fisher-Yates, last place first."""
        order = list(items)
        for last in range(len(order) - 1, 0, -1):
            other = self.below(last + 1)
            order[last], order[other] = order[other], order[last]
        return order
