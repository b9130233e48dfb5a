"""Heavy work off the worker's loop: one request's work at a time in a thread of the worker, queued by cost.

A worker's loop runs one request at a time. An equity request of 100,000 samples has a small
body but a second of work on a busy machine: 64 of them ahead of a legal-actions call made it
wait 13 s. Here the app tells the lane what a request's work will cost before starting it
(``stud_family/work.py``, through ``api/work.py``); work under ``HEAVY_WORK`` units runs at once on the
loop, anything heavier runs in the lane's thread while the request hands its turn on
(``turns.py``), so the loop keeps serving everyone else. The two threads share the interpreter
by its switch interval (``front_door.SLICE_SECONDS``): heavy work gets at most about half of the
worker's time while light requests wait, all of it while none do; numpy's counting gives the lock
up besides.

Heavy requests queue for the thread in the order they came. Before one joins, the lane predicts
its wait from the work queued: each request's units times the seconds a unit of its route has
taken (``seconds_per_unit``, learned from the work done, by route, since a history check's
estimate counts its all-in equities at the most the budget allows while an equity's is what it
will deal). Past ``MOST_HEAVY_WAIT``, or past the request's deadline counted from its arrival,
it is refused at once with a 503 and ``Retry-After``, before any work. A burst can come before
any of its route's work was timed: one whose wait turned out past the bound when its turn in the
thread comes is refused then, still before any of its work.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Callable
from typing import TypeVar

from gevent.threadpool import ThreadPool
from prometheus_client import Counter, Gauge, Histogram

from ..problems import Busy
from .turns import Turn, Turns

T = TypeVar("T")

HEAVY_WORK = 50_000
"""Work units (``stud_family/work.py``, about 50 ms of one core) from which a request's work runs in the lane, not on
the loop: every rules question about a table is far under it; most equities, every history check, are over."""
MOST_HEAVY_WAIT = 15.0
"""Seconds a heavy request may wait for the lane before it is told to come back later: long enough for a few
1,000-hand checks queued on a worker of a busy machine (2.5 s each there), short enough that a request refused at
this bound is told so within half of a 30 s client timeout."""
FIRST_SECONDS_PER_UNIT = 1e-6
"""What a unit is taken to cost before any of its route's work was timed: a microsecond, as on an idle core."""
WAIT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
"""Seconds, for the histogram of the lane's waits."""
LEARNING = 0.3
"""How much each finished piece of work moves ``seconds_per_unit`` towards what it took."""


class HeavyLane:
    """A worker's heavy lane: ``run`` does a request's work at once when light, else in the lane's thread."""

    def __init__(self, turns: Turns, deadline: float) -> None:
        self.turns = turns
        self.deadline = deadline
        """Seconds from a request's arrival within which its work must start (the budget bounds the work itself)."""
        self.thread = ThreadPool(1)
        self.queued_by_route: dict[str, int] = {}
        """The work units waiting for or running in the thread, by route."""
        self.seconds_per_unit: dict[str, float] = {}
        """By route: what a unit of its work has taken lately."""
        # made in the worker, whose metrics folder exists by then; summed across workers by /metrics
        self.units_metric = Gauge("razz_heavy_queue_work_units", "Work units of heavy requests waiting for or "
                                  "running in a worker's heavy lane", multiprocess_mode="livesum", registry=None)
        self.queued_metric = Gauge("razz_heavy_queue_requests", "Heavy requests waiting for or running in a "
                                   "worker's heavy lane", multiprocess_mode="livesum", registry=None)
        self.refused_metric = Counter("razz_heavy_refused_total", "Heavy requests refused with 503 because the "
                                      "lane's wait passed its bound", registry=None)
        self.waited_metric = Histogram("razz_heavy_wait_seconds", "Seconds a heavy request waited for the lane "
                                       "before its work began", buckets=WAIT_BUCKETS, registry=None)

    def behind(self) -> float | None:
        """The predicted wait for the lane when it passes the bound (a heavy request would be refused), else None."""
        wait = self._wait()
        return wait if wait > MOST_HEAVY_WAIT else None

    def _wait(self) -> float:
        """Seconds the work queued now is predicted to take."""
        return sum(queued * self._rate(route) for route, queued in self.queued_by_route.items())

    def run(self, units: int, work: Callable[[], T], turn: Turn, arrived: float, route: str) -> T:
        """``work``'s result, done where its ``units`` say; Busy, before any of it, when the lane is too far behind.

        The work runs in the caller's context (Flask's request and app), copied into the lane's thread.
        """
        if units < HEAVY_WORK:
            return work()
        wait = self._wait()
        if wait > MOST_HEAVY_WAIT or time.monotonic() - arrived + wait > self.deadline:
            raise self.busy(wait)
        self.queued_by_route[route] = self.queued_by_route.get(route, 0) + units
        self.units_metric.inc(units)
        self.queued_metric.inc()
        queued_at = time.monotonic()
        try:
            with self.turns.aside(turn):
                return self.thread.apply(self._timed, (units, route, arrived, queued_at,
                                                       contextvars.copy_context().run, work))
        finally:
            self.queued_by_route[route] -= units
            self.units_metric.dec(units)
            self.queued_metric.dec()

    def _rate(self, route: str) -> float:
        """The seconds a unit of ``route``'s work has taken lately."""
        return self.seconds_per_unit.get(route, FIRST_SECONDS_PER_UNIT)

    def busy(self, wait: float, waited: bool = False) -> Busy:
        """The refusal of a request that would wait (or, ``waited``, has waited) ``wait`` seconds, counted."""
        self.refused_metric.inc()
        retry = max(1, round(wait))
        when = f"has waited {wait:.0f} s" if waited else f"would start in about {wait:.0f} s"
        return Busy(f"this request's heavy work {when}, past this worker's bound of {MOST_HEAVY_WAIT:g} s: ask "
                    f"again in {retry} s", retry)

    def _timed(self, units: int, route: str, arrived: float, queued_at: float,
               run: Callable[[Callable[[], T]], T], work: Callable[[], T]) -> T:
        """In the lane's thread: do ``work`` unless it waited past the bound, and learn from how long it took."""
        started = time.monotonic()
        self.waited_metric.observe(started - queued_at)
        if started - arrived > min(MOST_HEAVY_WAIT, self.deadline):
            raise self.busy(started - arrived, waited=True)
        try:
            return run(work)
        finally:
            took = (time.monotonic() - started) / units
            known = self.seconds_per_unit.get(route, FIRST_SECONDS_PER_UNIT)
            self.seconds_per_unit[route] = known + LEARNING * (took - known)
