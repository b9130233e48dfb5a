"""One digest of every table the rankings build at import, so that a faster build can be shown to build the same.

Run from the project root: ``python bench/table_digest.py [--parts]`` prints the digest (with ``--parts``, one per
table too). It imports the app's batch route first, as the server does, so that the multiset tables and the
numbering of each evaluator's values (``distinct_values``) are built in the server's order. Each table is dumped
in key order: each value's fields and its identity (which objects are the same one, numbered as first met, across
all tables: identity is equality for values), each picker's places (applied to ``range(size)``), each array's
bytes. tests/stud_family/test_table_digest.py holds the digest of the current build.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from service.api import hands
from service.stud_family import eight_or_better, high_ranking, multiset_batches, ranking, seven_card_values
from service.stud_family.eight_or_better import EIGHT_OR_BETTER_LOW
from service.stud_family.high_ranking import STUD_HIGH
from service.stud_family.ranking import ACE_TO_FIVE_LOW

EVALUATORS = {"razz": ACE_TO_FIVE_LOW, "stud high": STUD_HIGH, "stud/8 low": EIGHT_OR_BETTER_LOW}


class Identities:
    """Numbers each value object as first met, so that a digest sees which values are one object."""

    def __init__(self) -> None:
        self._numbers: dict[int, int] = {}
        self._kept: list[Any] = []

    def __call__(self, value: Any) -> str:
        if value is None:
            return "None"
        number = self._numbers.setdefault(id(value), len(self._numbers))
        if number == len(self._kept):
            self._kept.append(value)
        return f"#{number} {value!r}"


def _lines(lines: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for line in lines:
        digest.update(line.encode())
        digest.update(b"\n")
    return digest.hexdigest()


def _array(array: Any) -> str:
    array = np.ascontiguousarray(array)
    return f"{array.dtype.str} {array.shape} {hashlib.sha256(array.tobytes()).hexdigest()}"


def _values(tables: Iterable[dict[int, Any]], identity: Identities) -> Iterable[str]:
    for size, table in enumerate(tables):
        for key in sorted(table):
            yield f"{size} {key} {identity(table[key])}"


def _pickers(tables: Iterable[dict[int, Callable[[list[int]], Any]]]) -> Iterable[str]:
    for size, table in enumerate(tables):
        for key in sorted(table):
            yield f"{size} {key} {tuple(table[key](list(range(size))))}"


def _size_table(table: multiset_batches.SizeTable) -> Iterable[str]:
    yield from map(_array, table)


def parts() -> dict[str, str]:
    """Each table's digest, by name, in a fixed order."""
    identity = Identities()
    found = {
        "ranking.LOW_HANDS": _lines(_values(ranking.LOW_HANDS, identity)),
        "ranking.BEST_CARDS": _lines(_pickers(ranking.BEST_CARDS)),
        "ranking.SEVEN_CARD_RANKS": _array(np.frombuffer(ranking.SEVEN_CARD_RANKS, dtype=np.uint16)),
        "high_ranking.HIGH_HANDS": _lines(_values(high_ranking.HIGH_HANDS, identity)),
        "high_ranking.BEST_CARDS": _lines(_pickers(high_ranking.BEST_CARDS)),
        "high_ranking.FLUSHES": _lines(_values([high_ranking.FLUSHES], identity)),
        "eight_or_better._QUALIFYING": _lines(sorted(map(identity, eight_or_better._QUALIFYING))),
        "seven_card_values": _lines(map(_array, (seven_card_values._HIGH_RANKS, seven_card_values._FLUSH_RANKS))),
    }
    for name, evaluator in EVALUATORS.items():
        found[f"{name} values()"] = _lines(map(identity, evaluator.values()))
        found[f"{name} distinct_values"] = _lines(map(identity, multiset_batches.distinct_values(evaluator).values))
        for size in range(1, 8):
            found[f"{name} size_table {size}"] = _lines(_size_table(multiset_batches.size_table(evaluator, size)))
        if multiset_batches.suits_decide(evaluator):
            found[f"{name} suited_table"] = _lines(_size_table(multiset_batches.suited_table(evaluator)))
    found["rows by colex"] = _lines(_array(multiset_batches._row_by_colex(size)) for size in range(1, 8))
    found["hands value fields"] = _lines(
        f"{name} {_array(division.fields)}" for name, divisions in hands._DIVISIONS.items() for division in divisions)
    return found


def digest(found: dict[str, str]) -> str:
    """The one digest of every table's."""
    return _lines(f"{name} {part}" for name, part in found.items())


if __name__ == "__main__":
    found = parts()
    if "--parts" in sys.argv[1:]:
        for name, part in found.items():
            print(f"{part[:16]}  {name}")
    print(digest(found))
