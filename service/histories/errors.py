"""What a hand history can get wrong before the rules are asked: a hand the reader cannot read."""

from __future__ import annotations

from ..stud_family.errors import InputError
from ..stud_family.limits import MOST_CHIPS
from ..stud_family.wording import quoted
from .written import Entry

MOST_DIGITS = len(str(MOST_CHIPS))
"""Digits a written count may have: no hand holds more chips than that (nor does ``int`` take 4,300 digits)."""


class UnreadableHandError(InputError):
    """A hand history the reader cannot read: bad syntax, a required field missing, a line it does not know."""

    kind = "unreadable-hand"

    def __init__(self, entry: Entry, message: str) -> None:
        super().__init__(f"line {entry.line}", message)
        self.entry = entry


class OtherGameError(Exception):
    """A hand of a game the service does not play (hold'em, Omaha, 2-7 razz, five-card stud...): it is skipped, its
    game named as the history writes it, and never counted invalid. Not an InputError: nothing is wrong with it."""

    def __init__(self, entry: Entry, game: str) -> None:
        super().__init__(f"a hand of {quoted(game)}: not a game this service plays")
        self.entry = entry
        self.game = game
        self.message = str(self)


def whole_number(digits: str, entry: Entry) -> int:
    """A seat, a table size or an amount written in decimal digits; more digits than any hand's chips is unreadable."""
    if len(digits) > MOST_DIGITS:
        raise UnreadableHandError(entry, too_many_digits(digits))
    return int(digits)


def too_many_digits(digits: str) -> str:
    """Why a count written with more than ``MOST_DIGITS`` digits is refused."""
    return f"{quoted(digits)} has more than {MOST_DIGITS} digits: more than any hand's chips"
