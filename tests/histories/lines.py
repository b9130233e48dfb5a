"""Where something is written in a text, as a test says which line a problem must name: three ways of asking.

A test names the line it expects without asking the reader under test: by the words the line holds
(the first such line, or the first after a table's header; or the last, where an entry is written
again later) or by what the line reads once its spaces are trimmed (an entry as the readers give it).
"""

from __future__ import annotations


def first_line_holding(text: str, words: str, after: int = 0) -> int:
    """The 1-based number of the first line past line ``after`` that holds ``words``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if number > after and words in line:
            return number
    raise AssertionError(f"{words!r} is not in the text after line {after}")


def last_line_holding(text: str, words: str) -> int:
    """The 1-based number of the last line that holds ``words``."""
    numbers = [number for number, line in enumerate(text.splitlines(), start=1) if words in line]
    assert numbers, f"{words!r} is not in the text"
    return numbers[-1]


def line_reading(text: str, source: str) -> int:
    """The 1-based number of the first line that reads ``source`` once its spaces are trimmed (lines broken at LF
    only, as the readers break them)."""
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip() == source:
            return number
    raise AssertionError(f"no line reads {source!r}")
