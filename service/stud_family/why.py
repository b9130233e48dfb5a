"""Why an answer is what it is: each decision with the section of the rules reference and the rulebook rule.

A rule's module declares its ``Citation`` once, beside the code that applies it; the decisions of
an answer (``Why``) and the refusals of an action (``vocabulary.Refusal``) carry it, so the reason
a caller reads comes from the rule that decided.
"""

from __future__ import annotations

import re
from functools import cache
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
"""The sections of the rules reference (docs/rules-reference.md, version ``rules.REFERENCE_VERSION``) a citation names:
the razz part's, which stud and stud/8 share wherever their part says a razz section holds unchanged."""

STUD_SECTIONS = {
    "stud §1": "Bring-in",
    "stud §2": "First to act on 4th to 7th street",
    "stud §3": "Stud only: an open pair on 4th street",
    "stud §4": "Showdown hand values",
    "stud §5": "Splitting pots, odd chips, side pots",
    "stud §6": "Show order and the right to muck",
    "stud §7": "Running out of cards (8 players)",
    "stud §8": "Values for the rank and compare endpoints",
}
"""The sections of the reference's stud and stud/8 part a citation names: what those games change of razz's. A
citation's section is written with the part's name (``stud §3``), its anchor starts with it (``stud-3``)."""

REFERENCE_PATH = "/v1/rules/reference"
"""Where the service publishes the rules reference (docs/rules-reference.md): a citation links to its anchor there."""

GAME = "razz"
"""The game whose part of the reference a citation's section is in: its anchors start with its name."""

REFERENCE_DEFAULT = "reference default"
"""The source of a rule the reference chose itself, where no rulebook says it outright."""


def section_anchor(rule: str) -> str:
    """The anchor of a section in the published reference: the razz part's unless the section names its part.

    >>> section_anchor("§4"), section_anchor("stud §3")
    ('razz-4', 'stud-3')
    """
    part, _, section = rule.rpartition(" ")
    return f"{part or GAME}-{section.removeprefix('§')}"


def anchor(rule: str, source: str) -> str:
    """The anchor of a citation in the published reference: its section's, then the source's words in lower case.

    Each section of the reference lists the citations answers make from it under these anchors.

    >>> anchor("§2", "RRoP Betting & Raising 4")
    'razz-2-rrop-betting-raising-4'
    """
    return f"{section_anchor(rule)}-{re.sub(r'[^a-z0-9]+', '-', source.lower()).strip('-')}"


@cache
def link(rule: str, source: str) -> str:
    """The link to a citation in the published reference: made once per citation, as explained answers write it
    in every decision."""
    return f"{REFERENCE_PATH}#{anchor(rule, source)}"


class Citation(NamedTuple):
    """Where a rule comes from: its section of the rules reference (``§3``) and the rulebook rule (``WSOP-L 235``)."""

    rule: str
    source: str

    @property
    def see(self) -> str:
        """The link to this citation in the published reference, which an answer writes beside it.

        >>> Citation("§4", "TDA 47").see
        '/v1/rules/reference#razz-4-tda-47'
        """
        return link(self.rule, self.source)

    def says(self, decision: str, text: str) -> Why:
        """The decision this rule made, in one sentence with the hand's own values."""
        return Why(decision, self.rule, self.source, link(self.rule, self.source), text)


class Why(NamedTuple):
    """One decision behind an answer: what was decided, the rule and source that decide it, where the reference says
    so (``Citation.see``), and why, in words."""

    decision: str
    rule: str
    source: str
    see: str
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
