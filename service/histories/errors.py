"""What a hand history can get wrong before the rules are asked: a hand the reader cannot read."""

from __future__ import annotations

from ..razz.errors import InputError
from .written import Entry


class UnreadableHandError(InputError):
    """A hand history the reader cannot read: bad syntax, a required field missing, a line it does not know."""

    kind = "unreadable-hand"

    def __init__(self, entry: Entry, message: str) -> None:
        super().__init__(f"line {entry.line}", message)
        self.entry = entry


class NotRazzError(UnreadableHandError):
    """A hand history of another game or variant than fixed-limit razz."""

    kind = "not-razz"
