"""A history's every hand checked: the loop the endpoint and the command line share.

The text is split into its hands by its format's reader (told by the text itself with ``auto``);
each hand is read, replayed once under the rules and settled (``check``), and a hand that cannot
be read or breaks a rule never stops the others. What is made of the checks (the full answer, the
lean one, a line of the command line's) is the caller's.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import NamedTuple

from ..stud_family.errors import FieldError
from ..stud_family.rules import Rules
from ..stud_family.work import Budget, history_work, most_history_work, within_budget
from .check import HandCheck, RulesByGame, check_hand
from .detect import detect
from .formats import FORMATS, Format
from .written import Section

AUTO = "auto"
"""The format of a text that names none: the one its text is written in."""
STANDARD = Rules()
"""The rules a history is checked under unless told otherwise: the standard preset."""


class Summary(NamedTuple):
    """How many hands there were, were valid, agree with the rules' payouts, and were skipped (of a game not
    checked: counted apart, neither valid nor invalid)."""

    hands: int
    valid: int
    agree: int
    skipped: int = 0


class HistoryCheck:
    """Every hand of a history, checked one at a time in text order as it is iterated, and the counts over them.

    A caller writes each hand and lets it go before the next is checked: holding a hundred hands'
    replays at once made the garbage collector traverse them again and again, at 40% of the whole
    check (bench/README.md, "Hand histories").
    """

    __slots__ = ("_agree", "_checks", "_done", "_hands", "_skipped", "_valid")

    def __init__(self, checks: Iterator[HandCheck]) -> None:
        self._checks = checks
        self._hands = self._valid = self._agree = self._skipped = 0
        self._done = False

    def __iter__(self) -> Iterator[HandCheck]:
        """Each hand, checked when it is reached; once."""
        for hand in self._checks:
            self._hands += 1
            if hand.skipped is not None:
                self._skipped += 1
            elif hand.error is None:
                self._valid += 1
                self._agree += hand.discrepancies == []
            yield hand
        self._done = True

    @property
    def summary(self) -> Summary:
        """The counts over every hand, once they have all been iterated."""
        if not self._done:
            raise RuntimeError("the summary counts every hand: iterate them all first")
        return Summary(self._hands, self._valid, self._agree, self._skipped)


def check_history(text: str, format_name: str = AUTO, rules: Rules | RulesByGame = STANDARD, most: int | None = None,
                  explain: bool = False, share: tuple[int, int] = (0, 1)) -> HistoryCheck:
    """Every hand of ``text``, written in ``format_name`` (``auto``: the one the text is written in, else an
    UnsupportedFormatError now), each checked under ``rules`` as it is iterated; with ``explain``, each keeps the
    decisions behind it. A text of more than ``most`` hands is refused now, as a whole (a FieldError on ``text``).
    ``share`` ``(j, p)`` checks only the j-th of p even runs of its hands, each keeping its index and lines in the
    whole text, so that the shares of a very large file checked apart add up to the whole.

    >>> checked = check_history("PokerStars Hand #1: Razz Limit ($1/$2 USD) - 2026/01/01 12:00:00 ET")
    >>> [hand.error.kind for hand in checked], checked.summary
    (['unreadable-hand'], Summary(hands=1, valid=0, agree=0, skipped=0))
    >>> three = "\\n\\n".join(["PokerStars Hand #1: Razz Limit ($1/$2 USD) - 2026/01/01 12:00:00 ET"] * 3)
    >>> [[hand.index for hand in check_history(three, share=(part, 2))] for part in (0, 1)]
    [[0], [1, 2]]
    """
    return HistoryPlan(text, format_name, most).check(rules, explain, budgeted=False, share=share)


class HistoryPlan:
    """A history's hands found (``split``), and the work checking them will take, before any is read.

    The endpoint learns the estimate before the work starts (``work``: the hands' own work, ``stud_family/work.py``);
    a budgeted check then pays each hand's all-in equity from what the hands leave of the request's budget, and
    leaves out, with a note, the equities it cannot pay for. The command line checks without a budget.
    """

    def __init__(self, text: str, format_name: str = AUTO, most: int | None = None) -> None:
        self.reader: Format = FORMATS[detect(text) if format_name == AUTO else format_name]
        self.sections: list[Section] = self.reader.split(text)
        if most is not None and len(self.sections) > most:
            raise FieldError("text", f"holds {len(self.sections)} hands: at most {most} are checked in one request")
        self.work = history_work(len(self.sections))
        """The work units of the hands themselves; their all-in equities may take the rest of the budget."""
        self.most_work = most_history_work(len(self.sections))
        """The most a budgeted check of these hands may take."""

    def check(self, rules: Rules | RulesByGame = STANDARD, explain: bool = False, budgeted: bool = True,
              share: tuple[int, int] = (0, 1)) -> HistoryCheck:
        """Every hand checked under ``rules`` as it is iterated; ``budgeted``, within the budget of one request (a
        WorkBudgetError now when the hands alone pass it), the all-in equities paid from what they leave;
        ``share`` ``(j, p)``, only the j-th of p even runs of the hands (``check_history``)."""
        budget = Budget(within_budget(self.work, "text")) if budgeted else None
        part, parts = share
        first, end = part * len(self.sections) // parts, (part + 1) * len(self.sections) // parts
        return HistoryCheck(check_hand(index, partial(self.reader.read, self.sections[index]), rules, explain, budget)
                            for index in range(first, end))
