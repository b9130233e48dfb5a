"""Whose turn it is to run the app: small requests before big ones, each kind in the order it came.

A worker runs one request at a time. Behind 100 queued 1,000-hand checks (a second each), a
caller asking for one ruling waited for all of them and timed out. Here a request whose body is
small (``SMALL_BODY``: a ruling, a comparison, a hand) goes before every big one still waiting
(a hand-history check, a ranking batch), so it waits at most for the one request running; big
ones keep their order among themselves and, since a small request costs milliseconds, are not
starved by them. The turn is handed on only after the loop has polled its sockets: handed on at
once, it went from big request to big request in one pass of the loop's callbacks, and a small
request that came meanwhile was not even read until all of them were done (9 s behind 20 checks).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

import gevent
from gevent.event import Event

SMALL_BODY = 64 * 1024
"""Bodies up to this size go first: every table request and ranking of a few hands is well under it."""


class Turn:
    """One request's turn: its body's size, and whether it holds the turn now."""

    __slots__ = ("body_size", "held")

    def __init__(self, body_size: int) -> None:
        self.body_size = body_size
        self.held = True


class Turns:
    """One request at a time in the app, small before big; for the greenlets of one event loop."""

    def __init__(self) -> None:
        self.running = False
        self.small: deque[Event] = deque()
        self.big: deque[Event] = deque()

    @contextmanager
    def turn(self, body_size: int) -> Iterator[Turn]:
        """Wait for this request's turn, run it, then hand the turn on.

        >>> turns = Turns()
        >>> with turns.turn(10):
        ...     turns.running
        True
        >>> turns.running
        False
        """
        self._wait(body_size)
        held = Turn(body_size)
        try:
            yield held
        finally:
            if held.held:
                self._next()

    @contextmanager
    def aside(self, turn: Turn) -> Iterator[None]:
        """Within ``turn``: hand it on while its request waits for work done off the loop, then wait for it again.

        >>> turns = Turns()
        >>> with turns.turn(10) as turn:
        ...     with turns.aside(turn):
        ...         turns.running
        False
        """
        self._next()
        turn.held = False
        try:
            yield
        finally:
            self._wait(turn.body_size)
            turn.held = True

    def _wait(self, body_size: int) -> None:
        """Wait until it is this request's turn (at once when nobody runs or waits); the turn is then its own."""
        if self.running or self.small or self.big or body_size > SMALL_BODY:
            called = Event()
            (self.small if body_size <= SMALL_BODY else self.big).append(called)
            if not self.running:  # a big request waits for one poll of the sockets too: a small one may be in
                self.running = True
                gevent.get_hub().loop.timer(0).start(self._hand_on)
            try:
                called.wait()
            except BaseException:  # cut off while waiting (a deadline): the turn, if it came, goes on
                if called in self.small or called in self.big:
                    (self.small if called in self.small else self.big).remove(called)
                elif called.is_set():
                    self._next()
                raise
        self.running = True

    def _next(self) -> None:
        """Hand the turn to the oldest small request waiting; to a big one only after the loop has polled its
        sockets (``_hand_on``), so that a small request that came meanwhile goes first; else to nobody."""
        if self.small:
            self.small.popleft().set()  # running stays True: the turn passes straight on
        elif self.big:
            gevent.get_hub().loop.timer(0).start(self._hand_on)  # fires after the loop's next poll
        else:
            self.running = False

    def _hand_on(self) -> None:
        """After a poll: the turn to the oldest small request waiting, else the oldest big one, else to nobody."""
        waiting = self.small or self.big
        if waiting:
            waiting.popleft().set()
        else:
            self.running = False
