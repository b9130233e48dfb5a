"""Why an answer is what it is: each decision with the section of the rules reference and the rulebook rule.

A rule's module declares its ``Citation`` once, beside the code that applies it; the decisions of
an answer (``Why``) and the refusals of an action (``vocabulary.Refusal``) carry it, so the reason
a caller reads comes from the rule that decided.
"""

from __future__ import annotations

from typing import NamedTuple

SECTIONS = {
    "§1": "Bring-in",
    "§2": "Third-street action after the bring-in; cap; heads-up",
    "§3": "First to act on 4th-7th street",
    "§4": "Limit betting sizes and short all-ins",
    "§5": "Showdown order and the right to muck",
    "§6": "Split pots, odd chips, side pots",
    "§7": "Running out of cards (8 players)",
    "§8": "Ace-to-five low ranking",
    "§9": "Other points a legal-actions service must get right",
}
"""The sections of the rules reference (``razz-rules.md``, version ``rules.REFERENCE_VERSION``) a citation names."""

REFERENCE_DEFAULT = "reference default"
"""The source of a rule the reference chose itself, where no rulebook says it outright."""


class Citation(NamedTuple):
    """Where a rule comes from: its section of the rules reference (``§3``) and the rulebook rule (``WSOP-L 235``)."""

    rule: str
    source: str

    def says(self, decision: str, text: str) -> Why:
        """The decision this rule made, in one sentence with the hand's own values."""
        return Why(decision, self.rule, self.source, text)


class Why(NamedTuple):
    """One decision behind an answer: what was decided, the rule and source that decide it, and why, in words."""

    decision: str
    rule: str
    source: str
    text: str


_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th... (up to 20th): a street's or a card's place, as players say it."""
    return f"{number}{_SUFFIXES.get(number, 'th')}"


def street_name(street: int) -> str:
    """``5th street``."""
    return f"{ordinal(street)} street"


def raises(count: int) -> str:
    """``1 raise``, ``3 raises``: a cap's raises in words."""
    return f"{count} raise" if count == 1 else f"{count} raises"


def seat_list(seats: tuple[int, ...] | list[int]) -> str:
    """Seats in words: ``seat 2``, ``seats 2 and 6``, ``seats 1, 4 and 6``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"
