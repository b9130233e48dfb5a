"""The readiness board, in memory shared across fork as the arbiter and its workers share it."""

from __future__ import annotations

import os
from dataclasses import dataclass

from service.serving.readiness import Readiness, WorkerBoard


@dataclass
class FakeWorker:
    alive: bool = True


def in_child(action) -> None:
    """Run ``action`` in a forked child, as a worker runs after the arbiter forks it."""
    pid = os.fork()
    if pid == 0:
        try:
            action()
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def test_workers_marking_themselves_warm_after_fork_are_seen_by_every_process():
    board = WorkerBoard()
    readiness = Readiness()
    readiness.board = board
    board.expect(2)
    board.assign(1)
    board.assign(2)
    assert readiness.refusal() == "starting: 0 of 2 workers are warm"
    in_child(lambda: board.mark_warm(1))
    assert board.counts() == (1, 2) and readiness.refusal() == "starting: 1 of 2 workers are warm"
    in_child(lambda: board.mark_warm(2))
    assert board.counts() == (2, 2) and readiness.refusal() is None


def test_an_exited_worker_counts_no_more_and_its_slot_goes_to_the_next():
    board = WorkerBoard()
    board.expect(2)
    for age in (1, 2):
        board.assign(age)
        in_child(lambda age=age: board.mark_warm(age))
    board.release(1)
    assert board.counts() == (1, 2)
    board.assign(3)
    assert board.counts() == (1, 2)
    in_child(lambda: board.mark_warm(3))
    assert board.counts() == (2, 2)


def test_fewer_workers_wanted_after_ttou_are_enough():
    board = WorkerBoard()
    for age in (1, 2, 3):
        board.assign(age)
        board.mark_warm(age)
    board.expect(3)
    board.release(3)
    board.expect(2)
    assert board.counts() == (2, 2)


def test_a_stopping_worker_refuses_traffic_whatever_the_board_says():
    readiness = Readiness()
    readiness.worker = FakeWorker()
    assert readiness.refusal() is None
    readiness.worker.alive = False
    assert readiness.refusal() == "shutting down: send new requests to another replica"


def test_without_gunicorn_the_one_process_is_ready():
    assert Readiness().refusal() is None
