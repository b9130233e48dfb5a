"""Stud high evaluators side by side: the service's own tables against phevaluator and eval7, in one run.

Run from the project root: ``python bench/high_ranking.py [--rounds 41]``. phevaluator and eval7
are not dependencies of the service: ``pip install phevaluator==0.6.0 eval7==0.1.11`` first (a
missing one is left out of the table, said so).

The same 1,000 random seven-card hands (card codes, as the routes decode them) are valued by each
side: the service's batch (value and best five), its value alone hand by hand, each library's value
hand by hand (cards converted to the library's own, its answer mapped to the service's value, so
every side gives the same answer, which is checked), razz's batch and stud/8's two halves. The sides
alternate in each round, timed in the thread's CPU time; medians of the rounds are printed as the
cost of 1,000 hands. Import and table build: each module imported in a fresh interpreter, medians
of five, numpy already imported for the service's tables (the service imports it anyway); then the
memory the tables keep and the peak of their build.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from itertools import compress, count, repeat, starmap
from operator import call, getitem, rshift
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.stud_family import eight_or_better, high_ranking, ranking
from service.stud_family.cards import CARD_CODES, CARD_TEXT, SUIT_BITS
from service.stud_family.high_ranking import BEST_CARDS, FLUSHES, HIGH_HANDS, MAX_USED, HighHand

ROOT = Path(__file__).resolve().parents[1]
HANDS = 1000
STARTS = 5

FIVE_CARD_VALUES: list[HighHand | None] = [None] * (high_ranking.FIVE_CARD_CLASSES + 1)
for value in [*HIGH_HANDS[MAX_USED].values(), *FLUSHES.values()]:
    FIVE_CARD_VALUES[value.rank] = value
"""The service's value of each five-card rank, 1 to 7,462: what a library's answer is mapped to."""
FLUSH_VALUES = frozenset(FLUSHES.values())


def phevaluator_side() -> Callable[[Sequence[Sequence[int]]], list[Any]] | None:
    """phevaluator's C evaluator (ids rank * 4 + suit, deuce 0 and clubs 0; rank 1 = best, as ours)."""
    if importlib.util.find_spec("phevaluator") is None:
        return None
    from phevaluator import _pheval  # type: ignore[import-not-found]

    ids = {code: "23456789TJQKA".index(text[0]) * 4 + "cdhs".index(text[1]) for text, code in CARD_CODES.items()}
    evaluate = {5: _pheval.evaluate_5cards, 6: _pheval.evaluate_6cards, 7: _pheval.evaluate_7cards}

    def value(hands: Sequence[Sequence[int]]) -> list[Any]:
        places = starmap(evaluate[7], map(map, repeat(ids.__getitem__), hands))
        return list(map(FIVE_CARD_VALUES.__getitem__, places))

    return value


def phevaluator_with_best_five(value: Callable[[Sequence[Sequence[int]]], list[Any]]
                               ) -> Callable[[Sequence[Sequence[int]]], tuple[list[Any], list[Sequence[int]]]]:
    """The whole answer with phevaluator's value: the service's pickers take the best five by the hand's ranks,
    and a flush's five (which the value says it is) are taken as the service takes them."""

    def batch(hands: Sequence[Sequence[int]]) -> tuple[list[Any], list[Sequence[int]]]:
        values = value(hands)
        keys = map(rshift, map(sum, hands), repeat(SUIT_BITS))
        pickers = map(getitem, map(BEST_CARDS.__getitem__, map(len, hands)), keys)
        cards: list[Sequence[int]] = list(map(call, pickers, map(sorted, hands)))
        for index in compress(count(), map(FLUSH_VALUES.__contains__, values)):
            cards[index] = high_ranking.best_cards(hands[index])
        return values, cards

    return batch


def eval7_side() -> Callable[[Sequence[Sequence[int]]], list[Any]] | None:
    """eval7's evaluator (its cards as objects, a larger number the better hand), mapped to ours by a dict built
    from one hand of each of the 7,462 classes."""
    if importlib.util.find_spec("eval7") is None:
        return None
    import eval7  # type: ignore[import-not-found]

    cards = {code: eval7.Card(text) for code, text in CARD_TEXT.items()}
    to_ours = {eval7.evaluate([cards[code] for code in five]): high_ranking.evaluate(five)
               for five in _one_per_class()}

    def value(hands: Sequence[Sequence[int]]) -> list[Any]:
        return list(map(to_ours.__getitem__, map(eval7.evaluate, map(list, map(map, repeat(cards.__getitem__),
                                                                                 hands)))))

    return value


def _one_per_class() -> list[list[int]]:
    """A five-card hand of each class: every rank multiset off suit and every five ranks suited."""
    from itertools import combinations, combinations_with_replacement

    hands = []
    for ranks in combinations_with_replacement("A23456789TJQK", 5):
        if max(ranks.count(rank) for rank in ranks) <= 4:
            used: dict[str, int] = {}
            texts = []
            for rank in ranks:
                used[rank] = used.get(rank, -1) + 1
                texts.append(rank + "cdhs"[used[rank]])
            if len({text[1] for text in texts}) == 1:
                texts[0] = texts[0][0] + "d"
            hands.append([CARD_CODES[text] for text in texts])
    hands += [[CARD_CODES[rank + "h"] for rank in ranks] for ranks in combinations("A23456789TJQK", 5)]
    return hands


def import_seconds(statement: str, before: str = "") -> float:
    """Median seconds of ``statement`` (an import) in a fresh interpreter, after ``before``."""
    probe = f"{before}\nimport time\nt = time.perf_counter()\n{statement}\nprint(time.perf_counter() - t)"
    return statistics.median(float(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                                                  check=True, cwd=ROOT).stdout) for _ in range(STARTS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=41)
    rounds = parser.parse_args().rounds
    rng = random.Random(2026)
    deck = list(CARD_CODES.values())
    hands = [rng.sample(deck, 7) for _ in range(HANDS)]
    sides: dict[str, Callable[[Sequence[Sequence[int]]], Any]] = {
        "own tables: rank_batch (value and best five)": high_ranking.rank_batch,
        "own tables: evaluate, hand by hand (value)": lambda batch: list(map(high_ranking.evaluate, batch)),
    }
    expected = list(map(high_ranking.evaluate, hands))
    for name, side in (("phevaluator 0.6.0: evaluate_7cards, hand by hand (value)", phevaluator_side()),
                       ("eval7 0.1.11: evaluate, hand by hand (value)", eval7_side())):
        if side is None:
            print(f"{name.split(':')[0]}: not installed, left out")
            continue
        if side(hands) != expected:
            raise SystemExit(f"{name} disagrees with the service's tables")
        sides[name] = side
        if name.startswith("phevaluator"):
            whole = phevaluator_with_best_five(side)
            if whole(hands) != high_ranking.rank_batch(hands):
                raise SystemExit("phevaluator with the best five disagrees with rank_batch")
            sides["phevaluator 0.6.0 and own pickers (value and best five)"] = whole
    sides["stud/8: eight_or_better.rank_batch (both halves)"] = eight_or_better.rank_batch
    sides["razz: ranking.rank_batch (value and best five)"] = ranking.rank_batch
    if high_ranking.rank_batch(hands)[0] != expected:
        raise SystemExit("rank_batch disagrees with evaluate")
    costs: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(rounds):
        for name, side in sides.items():
            start = time.thread_time()
            side(hands)
            costs[name].append(time.thread_time() - start)
    print(f"{HANDS} seven-card hands, {rounds} rounds, CPU time of this thread, medians and quartiles:")
    for name, times in costs.items():
        quartiles = statistics.quantiles(times, n=4)
        print(f"  {name:58} {statistics.median(times) * 1e6:8,.0f} us  ({quartiles[0] * 1e6:,.0f} to "
              f"{quartiles[2] * 1e6:,.0f})")
    print(f"import, fresh interpreter, median of {STARTS}:")
    numpy_first = "import numpy"
    for name, statement, before in (
            ("numpy", "import numpy", ""),
            ("razz's tables (service.stud_family.ranking)", "import service.stud_family.ranking", ""),
            ("own high tables (high_ranking, after numpy and razz's)", "import service.stud_family.high_ranking",
             numpy_first + "\nimport service.stud_family.ranking"),
            ("phevaluator (its C evaluator)", "from phevaluator import _pheval", ""),
            ("eval7", "import eval7", "")):
        if name.split()[0] in ("phevaluator", "eval7") and importlib.util.find_spec(name.split()[0]) is None:
            continue
        print(f"  {name:58} {import_seconds(statement, before) * 1e3:8,.0f} ms")
    probe = ("import numpy, tracemalloc, service.stud_family.ranking\ntracemalloc.start()\n"
             "import service.stud_family.high_ranking\nprint(*tracemalloc.get_traced_memory())")
    kept, peak = map(int, subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                                         cwd=ROOT).stdout.split())
    print(f"memory of the stud high tables (tracemalloc): {kept / 1e6:,.1f} MB kept, {peak / 1e6:,.1f} MB at the "
          "peak of the build")


if __name__ == "__main__":
    main()
