"""Ranking speed: the core function, the brute force it replaces, and start-up (batches over HTTP:
``bench/ranking_floor.py``).

Run from the project root: ``python bench/ranking.py`` (needs the test extra).
Figures are medians of several runs measured in this one process, side by side, so their ratios
hold even on a noisy machine.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.stud_family.cards import CARD_CODES, RANK_OF
from service.stud_family.ranking import low_rank
from tests.stud_family.brute_ranking import brute_best, brute_places

RUNS = 5


def hands_per_second(rank, hands: list[tuple[int, ...]]) -> float:
    """Median hands/s of ``rank`` called once per hand."""
    rates = []
    for _ in range(RUNS):
        start = time.perf_counter()
        for hand in hands:
            rank(hand)
        rates.append(len(hands) / (time.perf_counter() - start))
    return statistics.median(rates)


FIVE_CARD_PLACES = brute_places(5)
"""Every five-card value's place, as the tests' brute force computes them: built once."""


def brute_force_rank(hand: tuple[int, ...]) -> int:
    """The tests' reference: best of all 21 five-card subsets, placed among all five-card values."""
    return FIVE_CARD_PLACES[brute_best([RANK_OF[code] for code in hand])]


def startup_seconds() -> float:
    """Median time to import the ranking module (building every table) in a fresh interpreter."""
    probe = "import time; t = time.perf_counter(); import service.stud_family.ranking; print(time.perf_counter() - t)"
    times = [float(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                                  cwd=Path(__file__).resolve().parents[1]).stdout) for _ in range(RUNS)]
    return statistics.median(times)


def main() -> None:
    """Print every ranking figure the foundation issue names."""
    rng = random.Random(2026)
    deck = list(CARD_CODES.values())
    hands = [tuple(rng.sample(deck, 7)) for _ in range(200_000)]
    core = hands_per_second(low_rank, hands)
    brute = hands_per_second(brute_force_rank, hands[:20_000])
    print(f"in process, 7-card hands: core {core:,.0f} hands/s, brute force {brute:,.0f} hands/s, "
          f"ratio {core / brute:,.0f}x")

    print(f"start-up, import and table build: {startup_seconds() * 1000:,.0f} ms")


if __name__ == "__main__":
    main()
