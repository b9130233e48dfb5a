"""What a request asks of a worker, estimated before the work starts, and the budget every request is held to.

Work is counted in units of about a microsecond of one core on the machines of bench/ (a busy
2-core machine takes three to four times as long): each kind of work is priced by what it
repeats, so the estimate is a product of counts the request states, never a timing. A request
whose estimate passes ``WORK_BUDGET`` is refused before any of its work (``WorkBudgetError``); a
history check spends what its hands leave on their all-in equities, pot by pot, and leaves out
the equities the budget cannot pay for (``Budget``).

>>> ranking_work(1000), history_work(1000)
(2000, 1000000)
"""

from __future__ import annotations

from .errors import WorkBudgetError

WORK_BUDGET = 3_000_000
"""The most work units one request may ask for: about 3 s of one core on bench/'s machines, 10 s on a busy one,
well within the 30 s after which gunicorn replaces a worker that has stopped answering. It holds the heaviest
sampled equity (8 players, 100,000 samples: 200,000 units in razz, 800,000 in stud and stud/8), an exact one at its
own budget (1,000,000 in every game), a 1,000-hand check (1,000,000) and a 1,000-hand ranking batch (2,000)."""

SAMPLE_VALUATIONS_PER_UNIT = 4
"""Players' hands valued in one unit when sampling: 8 players times 100,000 samples take 0.2 s."""
STUD_SAMPLE_VALUATIONS_PER_UNIT = 1
"""Stud and stud/8 hands valued in one unit when sampling (a hand's suits are counted besides its ranks): 8 players
times 100,000 samples of stud/8, 800,000 units, took 1.39 s on a machine at a load average of 7 (bench/README.md,
"Stud and stud/8 equity over HTTP")."""
EXACT_COMBINATIONS_PER_UNIT = 10
"""Rank combinations enumerated in one unit by the exact count: 10 million take a second at the slowest."""
HAND_CHECK_UNITS = 1_000
"""A history's hand read, replayed, settled and written, its all-in equity aside: 1,000 hands take about a second."""
RANKED_HAND_UNITS = 2
"""One hand of a ranking batch valued and written."""
MOST_POTS = 7
"""The most pots a hand makes: eight players, each all-in for a different amount."""
HAND_ALL_IN_WORK = MOST_POTS * -(-20_000 * 8 // STUD_SAMPLE_VALUATIONS_PER_UNIT)
"""What a hand's all-in equity may take when its pots are sampled (20,000 samples, as ``equity`` samples by
default, for up to 8 players in each of 7 pots, valued as stud and stud/8 value them, the dearest): a history
check may take that much more a hand, within the budget."""


def sampled_work(samples: int, players: int) -> int:
    """The units of ``samples`` deals valued for ``players`` each.

    >>> sampled_work(100_000, 8)
    200000
    """
    return -(-samples * players // SAMPLE_VALUATIONS_PER_UNIT)


def stud_sampled_work(samples: int, players: int) -> int:
    """The units of ``samples`` stud or stud/8 deals valued for ``players`` each.

    >>> stud_sampled_work(100_000, 8)
    800000
    """
    return -(-samples * players // STUD_SAMPLE_VALUATIONS_PER_UNIT)


def exact_work(combinations: int) -> int:
    """The units of enumerating ``combinations`` rank combinations.

    >>> exact_work(10_000_000)
    1000000
    """
    return -(-combinations // EXACT_COMBINATIONS_PER_UNIT)


def history_work(hands: int) -> int:
    """The units of checking ``hands`` hands of a history, their all-in equities aside."""
    return hands * HAND_CHECK_UNITS


def most_history_work(hands: int) -> int:
    """The most units checking ``hands`` hands may take in one request: their own work, and their all-in
    equities as far as the budget goes.

    >>> most_history_work(1), most_history_work(1000)
    (1121000, 3000000)
    """
    return min(WORK_BUDGET, max(history_work(hands), hands * (HAND_CHECK_UNITS + HAND_ALL_IN_WORK)))


def ranking_work(hands: int) -> int:
    """The units of ranking a batch of ``hands`` hands."""
    return hands * RANKED_HAND_UNITS


def within_budget(units: int, path: str) -> int:
    """``units``, when the budget holds them; else a WorkBudgetError at ``path`` naming the estimate and the budget.

    >>> within_budget(3_000_001, "samples")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    service.stud_family.errors.WorkBudgetError: samples: ... estimated 3,000,001 work units: the budget ... is 3,000,000
    """
    if units > WORK_BUDGET:
        raise WorkBudgetError(path, f"this request would take an estimated {units:,} work units: the budget of one "
                                    f"request is {WORK_BUDGET:,}")
    return units


class Budget:
    """What is left of one request's budget as its work is done: each piece is paid for before it starts.

    >>> budget = Budget(history_work(1000))
    >>> budget.pay(1_500_000), budget.pay(600_000), budget.left
    (True, False, 500000)
    """

    __slots__ = ("left",)

    def __init__(self, spent: int = 0) -> None:
        self.left = WORK_BUDGET - spent

    def pay(self, units: int) -> bool:
        """Take ``units`` from what is left if it covers them; whether it did (if not, nothing is taken)."""
        if units > self.left:
            return False
        self.left -= units
        return True
