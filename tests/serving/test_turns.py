"""Turns in a worker's loop: small requests before big ones waiting, each kind in order, nobody left waiting."""

from __future__ import annotations

import gevent

from service.serving.turns import SMALL_BODY, Turns

BIG = SMALL_BODY + 1


def run(requests: list[tuple[str, int, float]], late: list[tuple[str, int, float]]) -> tuple[list[str], Turns]:
    """Greenlets asking for turns (name, body size, seconds of work), ``late`` ones 10 ms after: who ran, in order."""
    turns = Turns()
    ran: list[str] = []

    def request(name: str, size: int, work: float) -> None:
        with turns.turn(size):
            ran.append(name)
            gevent.sleep(work)

    greenlets = [gevent.spawn(request, *asked) for asked in requests]
    gevent.sleep(0.01)
    greenlets += [gevent.spawn(request, *asked) for asked in late]
    gevent.joinall(greenlets, timeout=5)
    return ran, turns


def test_a_small_request_goes_before_the_big_ones_waiting():
    ran, turns = run([("big 1", BIG, 0.05), ("big 2", BIG, 0.01), ("big 3", BIG, 0.01)],
                     [("small 1", 10, 0), ("small 2", 10, 0)])
    assert ran == ["big 1", "small 1", "small 2", "big 2", "big 3"] and not turns.running


def test_one_at_a_time_and_in_order_among_equals():
    ran, turns = run([(f"small {index}", 10, 0.001) for index in range(5)], [("big", BIG, 0)])
    assert ran == [f"small {index}" for index in range(5)] + ["big"] and not turns.running


def test_a_request_cut_off_while_waiting_leaves_the_turn_to_the_others():
    turns = Turns()
    ran: list[str] = []

    def request(name: str, size: int, seconds: float) -> None:
        with gevent.Timeout(seconds, False), turns.turn(size):
            ran.append(name)
            gevent.sleep(0.05)

    greenlets = [gevent.spawn(request, "first", BIG, 1), gevent.spawn(request, "cut off", BIG, 0.01),
                 gevent.spawn(request, "last", BIG, 1)]
    gevent.joinall(greenlets, timeout=5)
    assert ran == ["first", "last"] and not turns.running
