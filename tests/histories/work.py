"""The work a hand-history reader does, counted rather than timed, so a test can say it grows linearly.

Two counters, neither of them a clock: every function called while the reader runs (Python's and
the C functions it calls, through ``sys.setprofile``), which grows faster than the text when a loop
runs inside a loop; and every character of every entry the readers make of a line, which grows
faster than the text when a line is copied again for each thing found on it (a Merge export on one
line whose every element made an entry of the whole line would). A text made 2, 4, 8 times
larger then costs work whose increments double; a quadratic path quadruples them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from itertools import pairwise
from types import FrameType
from typing import Any
from unittest.mock import patch

from service.histories import detect, merge, phh, site_export
from service.histories.formats import FORMATS
from service.histories.written import Entry

_MAKE_ENTRIES = (site_export, merge, phh)
"""The reader modules that make the entries of a text's lines."""


@contextmanager
def counted() -> Iterator[list[int]]:
    """Count, while the block runs, the functions called and the characters of the entries made: ``[calls,
    characters]``."""
    count = [0, 0]

    def entry(line: int, source: str) -> Entry:
        count[1] += len(source)
        return Entry(line, source)

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            count[0] += 1

    with ExitStack() as patches:
        for module in _MAKE_ENTRIES:
            patches.enter_context(patch.object(module, "Entry", entry))
        sys.setprofile(profile)
        try:
            yield count
        finally:
            sys.setprofile(None)


def read_all(text: str, fmt: str | None = None) -> None:
    """What the check does before the rules are asked: tell the format (unless given), split the text into hands
    and read each, a hand it cannot read set aside as the check sets it aside."""
    format_name = fmt or detect.detect(text)
    reader = FORMATS[format_name]
    for section in reader.split(text):
        try:
            reader.read(section)
        except ValueError:  # UnreadableHandError and NotRazzError are InputErrors, which are ValueErrors
            continue


def work(run: Callable[[], object]) -> tuple[int, int]:
    """The calls and the characters ``run`` costs."""
    run()  # once uncounted: the first run fills the caches (compiled patterns, imports) later runs find filled
    with counted() as count:
        run()
    return count[0], count[1]


def increments(make: Callable[[int], str], fmt: str | None, size: int, doublings: int = 3) -> list[float]:
    """Reading ``make(size)``, ``make(2 * size)``...: for each counter, what each doubling added over what the
    doubling before it added. About 2 for linear work, 4 for quadratic; 0 where a counter did not grow at all."""
    texts = [make(size * 2 ** step) for step in range(doublings + 1)]
    costs = [work(lambda text=text: read_all(text, fmt)) for text in texts]
    ratios = []
    for counter in range(2):
        added = [later[counter] - earlier[counter] for earlier, later in pairwise(costs)]
        ratios += [later / earlier if earlier else 0.0 if later == 0 else float("inf")
                   for earlier, later in pairwise(added)]
    return ratios
