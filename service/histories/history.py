"""A history's every hand checked: the loop the endpoint and the command line share.

The text is split into its hands by its format's reader (told by the text itself with ``auto``);
each hand is read, replayed once under the rules and settled (``check``), and a hand that cannot
be read or breaks a rule never stops the others. What is made of the checks (the full answer, the
lean one, a line of the command line's) is the caller's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

from ..razz.errors import FieldError
from ..razz.rules import Rules
from .check import HandCheck, check_hand
from .detect import detect
from .formats import FORMATS

AUTO = "auto"
"""The format of a text that names none: the one its text is written in."""
STANDARD = Rules()
"""The rules a history is checked under unless told otherwise: the standard preset."""


class Summary(NamedTuple):
    """How many hands were checked, were valid, and agree with the rules' payouts."""

    hands: int
    valid: int
    agree: int


@dataclass(frozen=True, slots=True)
class HistoryCheck:
    """Every hand of a history, checked in text order, and the counts over them."""

    hands: list[HandCheck]
    summary: Summary


def check_history(text: str, format_name: str = AUTO, rules: Rules = STANDARD, most: int | None = None,
                  explain: bool = False) -> HistoryCheck:
    """Check every hand of ``text``, written in ``format_name`` (``auto``: the one the text is written in, else an
    UnsupportedFormatError); with ``explain``, each keeps the decisions behind it. A text of more than ``most``
    hands is refused as a whole (a FieldError on ``text``).

    >>> checked = check_history("PokerStars Hand #1: Razz Limit ($1/$2 USD) - 2026/01/01 12:00:00 ET")
    >>> checked.summary, checked.hands[0].error.kind
    (Summary(hands=1, valid=0, agree=0), 'unreadable-hand')
    """
    reader = FORMATS[detect(text) if format_name == AUTO else format_name]
    sections = reader.split(text)
    if most is not None and len(sections) > most:
        raise FieldError("text", f"holds {len(sections)} hands: at most {most} are checked in one request")
    hands = [check_hand(index, partial(reader.read, section), rules, explain)
             for index, section in enumerate(sections)]
    agree = sum(hand.error is None and hand.discrepancies == [] for hand in hands)
    return HistoryCheck(hands, Summary(len(hands), sum(hand.error is None for hand in hands), agree))
