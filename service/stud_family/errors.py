"""Errors a caller can cause, each naming the input field (its path) that broke a rule."""

from __future__ import annotations

from typing import ClassVar

from .why import Citation

PROBLEM_BASE = "https://razz.rules/problems/"
"""Where each kind of error is documented: an error's problem type is this and its ``kind``."""


class InputError(ValueError):
    """A request value the rules reject, named by its path (actions[5], stakes.bring_in); raised as a subclass.

    ``kind`` names the sort of problem in a word callers can branch on (the HTTP problem type).
    """

    kind: ClassVar[str]

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


class FieldError(InputError):
    """A body the request schema refuses: a missing or unknown field, a wrong type, a value out of range."""

    kind = "validation-error"


class StakesError(InputError):
    """Stakes that no betting structure has (e.g. a bring-in above the small bet)."""

    kind = "invalid-stakes"


class SnapshotError(InputError):
    """A snapshot the rules rule out: cards that do not fit the street reached, too many players, nobody to act."""

    kind = "invalid-snapshot"


class IllegalActionError(SnapshotError):
    """An action the rules do not allow where it stands: out of turn, the wrong type or amount, after the betting."""

    kind = "illegal-action"

    def __init__(self, path: str, message: str, citation: Citation) -> None:
        super().__init__(path, message)
        self.citation = citation
        """The rule that refuses the action: its section of the rules reference and its source."""


class ShowdownError(InputError):
    """A finished hand the showdown cannot settle (players, cards, position or show-order arguments)."""

    kind = "invalid-showdown"


class DuplicateSeatError(InputError):
    """A seat taken by two players, or listed twice in a position order; names both places."""

    kind = "duplicate-seat"


class InvalidCardError(InputError):
    """A card not written as a rank from A23456789TJQK and a suit from shdc."""

    kind = "invalid-card"


class DuplicateCardError(InputError):
    """A card dealt twice: one deck holds each card once; names the card, where it was seen again and first."""

    kind = "duplicate-card"

    def __init__(self, path: str, card: str, first_seen: str) -> None:
        super().__init__(path, f"card {card} appears more than once (also at {first_seen})")
        self.card = card
        self.first_seen = first_seen


class TooManyCardsError(InputError):
    """A hand bigger than seven cards once the community card joins it."""

    kind = "too-many-cards"


class UnequalHandsError(InputError):
    """Ranks place a value among hands of as many cards, so hands of different sizes do not compare."""

    kind = "unequal-hands"


class WorkBudgetError(InputError):
    """A request whose estimated work passes the service's budget, refused before any of the work.

    The budget is one request's work units (``stud_family/work.py``), or the rank combinations an exact equity may
    enumerate."""

    kind = "over-budget"
