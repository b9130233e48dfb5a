"""Whether this server should get traffic: every gunicorn worker booted and warm, and no shutdown begun.

``/readyz`` asks ``READINESS``. Run without gunicorn (Flask's test client, ``flask run``) nothing
sets it up and the one process is ready. Under gunicorn the settings' hooks give it a
``WorkerBoard`` in the arbiter, which every worker inherits when it is forked, and each worker
tells it when it has loaded the app and whether it is still alive.
"""

from __future__ import annotations

import mmap
import multiprocessing
from typing import Protocol


class WorkerBoard:
    """Which workers are warm, in memory the arbiter and every worker forked from it share.

    Byte 0 holds how many workers the arbiter wants; byte 1 + slot is 1 while the worker in that
    slot is warm. The arbiter hands out the slots, by worker age, before each fork (so the worker
    finds its own in its copy of ``_slots``) and clears a slot when its worker exits; a worker
    only ever writes its own. Every write is one byte, so readers need no lock. The last byte is
    1 once the server has been all warm, which only the lock's holder tests and sets.
    """

    CAPACITY = 254

    def __init__(self) -> None:
        self._memory = mmap.mmap(-1, 2 + self.CAPACITY)
        self._slots: dict[int, int] = {}
        self._first_time = multiprocessing.get_context("fork").Lock()

    def expect(self, workers: int) -> None:
        """Arbiter: how many workers it runs now (the ``workers`` setting, or after TTIN/TTOU)."""
        self._memory[0] = min(workers, self.CAPACITY)

    def assign(self, age: int) -> None:
        """Arbiter, before forking the worker of this age: give it a free slot, not warm yet."""
        free = set(range(self.CAPACITY)) - set(self._slots.values())
        if not free:
            raise RuntimeError(f"readiness counts at most {self.CAPACITY} workers at once")
        slot = min(free)
        self._slots[age] = slot
        self._memory[1 + slot] = 0

    def release(self, age: int) -> None:
        """Arbiter, once the worker of this age has exited (or the worker, as it exits): its slot counts no more.

        Releasing twice does nothing more.
        """
        slot = self._slots.pop(age, None)
        if slot is not None:
            self._memory[1 + slot] = 0

    def mark_warm(self, age: int) -> bool:
        """Worker: it has loaded the app and can answer; whether that made the server all warm for the first time."""
        self._memory[1 + self._slots[age]] = 1
        if not self._first_time.acquire(timeout=1):  # held by a worker killed while it held it: say nothing
            return False
        try:
            warm, wanted = self.counts()
            if warm < wanted or self._memory[-1]:
                return False
            self._memory[-1] = 1
            return True
        finally:
            self._first_time.release()

    def counts(self) -> tuple[int, int]:
        """How many workers are warm, and how many the arbiter wants."""
        return self._memory[1:-1].count(1), self._memory[0]


class LiveWorker(Protocol):
    """What readiness reads of the gunicorn worker it runs in."""

    alive: bool
    """False once the worker has been told to stop (SIGTERM, SIGINT, recycling)."""


STOPPING = "shutting down: send new requests to another replica"
"""Why a process that has begun to stop gets no traffic."""


def starting(warm: int, wanted: int) -> str:
    """Why a server whose workers are not all warm yet gets no traffic: how far it is."""
    return f"starting: {warm} of {wanted} workers are warm"


class Readiness:
    """The answer to "send me traffic?" for the process it lives in."""

    def __init__(self) -> None:
        self.board: WorkerBoard | None = None
        self.worker: LiveWorker | None = None

    def refusal(self) -> str | None:
        """Why this process should get no traffic now, or None when it should."""
        if self.worker is not None and not self.worker.alive:
            return STOPPING
        if self.board is not None:
            warm, wanted = self.board.counts()
            if warm < wanted:
                return starting(warm, wanted)
        return None


READINESS = Readiness()
"""This process's readiness; the gunicorn settings' hooks set its board and worker."""
