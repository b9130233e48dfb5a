"""The hand-history formats the service reads: a new format is a reader module and a line here."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from . import fulltilt, merge, phh, pokerstars, winamax
from .written import Section, WrittenHand


class Format(NamedTuple):
    """A format's reader: ``split`` finds the hands of a text, ``read`` reads one (or names the line it cannot)."""

    split: Callable[[str], list[Section]]
    read: Callable[[Section], WrittenHand]


FORMATS = {
    "phh": Format(phh.split, phh.read),
    "pokerstars": Format(pokerstars.split, pokerstars.read),
    "fulltilt": Format(fulltilt.split, fulltilt.read),
    "winamax": Format(winamax.split, winamax.read),
    "merge": Format(merge.split, merge.read),
}
"""Each format by the name a request gives it."""
