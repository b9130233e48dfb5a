"""Every problem type the service answers, declared in one list: the contract's ``Problem.type`` names each.

Listed, not discovered: a subclass of ``InputError`` exists only once its module is imported, and
a list built by scanning them at import missed the hand histories' (``unreadable-hand``). A test
imports every module of the service and checks that each error a code path can raise, and each
kind it names, is here.
"""

from __future__ import annotations

from ..histories.detect import UnsupportedFormatError
from ..histories.errors import UnreadableHandError
from ..problems import DETAIL_BY_STATUS, DUPLICATE_ID, HTTP_ERROR, KIND_BY_STATUS, PROBLEM_BASE, status_title
from ..stud_family.errors import (
    DuplicateCardError,
    DuplicateSeatError,
    FieldError,
    IllegalActionError,
    InputError,
    InvalidCardError,
    ShowdownError,
    SnapshotError,
    StakesError,
    TooManyCardsError,
    UnequalHandsError,
    WorkBudgetError,
)

INPUT_ERRORS: tuple[type[InputError], ...] = (
    FieldError, InvalidCardError, DuplicateCardError, DuplicateSeatError, TooManyCardsError, UnequalHandsError,
    StakesError, SnapshotError, IllegalActionError, ShowdownError, WorkBudgetError,
    UnsupportedFormatError, UnreadableHandError,
)
"""The errors a caller's input can raise, the rules' and the hand histories': each class's ``kind`` is its type,
and the first line of its docstring what the type means."""

HTTP_KINDS = {
    DUPLICATE_ID: "Two players of a comparison share an id.",
    HTTP_ERROR: "An HTTP error with no more precise type.",
}
"""The problem types the HTTP layer names beyond the statuses' and the input errors'."""

PROBLEM_TYPES: dict[str, str] = {
    **{kind: DETAIL_BY_STATUS.get(status, status_title(status) + ".") for status, kind in KIND_BY_STATUS.items()},
    **HTTP_KINDS,
    **{error.kind: (error.__doc__ or "").split("\n")[0] for error in INPUT_ERRORS},
}
"""Every problem type the service sends and what it means: one per kind of mistake, on every endpoint."""


def variable_name(kind: str) -> str:
    """The name a generated client gives a problem type's enum member (``x-enum-varnames``): the kind's, not the
    URI's.

    >>> variable_name("over-budget")
    'OVER_BUDGET'
    """
    return kind.upper().replace("-", "_")


def type_property() -> dict[str, object]:
    """``Problem.type`` as the contract writes it: every type's URI, with the names and meanings generators give
    their enum members."""
    return {
        "description": "A stable URI naming the kind of problem, the same for a kind of mistake on every endpoint: "
                       + "; ".join(f"`{kind}`: {meaning}" for kind, meaning in PROBLEM_TYPES.items()),
        "enum": [PROBLEM_BASE + kind for kind in PROBLEM_TYPES],
        "x-enum-varnames": [variable_name(kind) for kind in PROBLEM_TYPES],
        "x-enum-descriptions": list(PROBLEM_TYPES.values()),
    }
