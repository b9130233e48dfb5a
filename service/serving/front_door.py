"""The worker's front door: a thread of its own accepts every connection, answers the probes, passes the rest on.

A gevent worker is one event loop, and the rules are CPU work: while the loop ran a 1,000-hand
check, nothing else on that worker moved, and a probe waited for the whole request (up to 4.6 s,
past the liveness probe's 2 s). So the loop no longer accepts. A native thread with an event
loop of its own does: it reads the first bytes of each new connection without taking them
(``MSG_PEEK``), answers a ``GET /healthz`` or ``GET /readyz`` itself, and hands every other
connection, untouched, to the worker's loop, which serves it as before. Kept-alive connections
cost nothing more; a new one costs one hand-over between threads.

No request has to cooperate for this: the thread needs the GIL for a moment only, and CPython
takes it from whatever the loop runs within its switch interval, set to ``SLICE_SECONDS`` (1 ms).
That is the bound on a slice of a request: a probe waits for a few of them.

Stopping, the front door stops listening without resetting anyone (``listening.py``), and says
when it has handed over its last connection.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Any

import gevent
import gevent.socket
from gevent.event import Event
from gevent.pool import Pool
from gevent.server import StreamServer
from gevent.threadpool import ThreadPool

from .listening import stop_accepting, stop_listening, wait_until_drained

PROBES = (b"GET /healthz ", b"GET /healthz?", b"GET /readyz ", b"GET /readyz?")
"""How a probe's request line starts: the kubelet's and the image's, a new connection each."""

LONGEST_PROBE = max(map(len, PROBES))

SLICE_SECONDS = 0.001
"""The longest the loop's request keeps the GIL from the front door once it asks (CPython's switch interval,
5 ms by default): a probe asks a few times, so with 5 ms they waited 37 ms at the median behind 1,000-hand checks.
Only a thread waiting for the GIL makes the running one give it up, so the loop alone runs as fast as before."""

Serve = Callable[[Any, Any, Any], bool]
"""Serves one probe's request on a connection (the listener's address, client, address); whether the connection
stays open."""


def probe_or_not(start: bytes) -> bool | None:
    """Whether a request that starts with ``start`` is a probe; None while its first bytes cannot tell yet.

    >>> probe_or_not(b"GET /healthz HTTP/1.1"), probe_or_not(b"GET /heal"), probe_or_not(b"POST /v1/hands/rank")
    (True, None, False)
    """
    if start.startswith(PROBES):
        return True
    if any(probe.startswith(start) for probe in PROBES):
        return None
    return False


class FrontDoor:
    """Accepts on the worker's listeners in a thread of its own: probes served there, other connections handed on.

    ``serve`` serves a probe's request in the front door's thread; ``full`` says when the
    worker's loop holds all the connections it may, so that the front door waits before handing
    it more (holding at most ``connections`` itself; the kernel queues the rest). A connection
    that sends nothing within ``sniff_seconds`` (the keep-alive timeout) is closed, as gunicorn
    closes one that sends no request line in that time. ``beat`` is called every second, so that
    the worker tells the arbiter it lives while its loop works through a queue of heavy requests.
    """

    def __init__(self, listeners: list[socket.socket], serve: Serve, full: Callable[[], bool], connections: int,
                 sniff_seconds: float, drain: bool, beat: Callable[[], None]) -> None:
        self.listeners = listeners
        self.serve = serve
        self.beat = beat
        self.full = full
        self.connections = connections
        self.sniff_seconds = sniff_seconds
        self.drain = drain
        self.handed: deque[tuple[int, Any, int]] = deque()
        """Connections for the loop: the socket's descriptor, the peer's address, the listener's index."""
        self.arrived = gevent.get_hub().loop.async_()
        """Wakes the worker's loop when ``handed`` has connections; made in the worker's thread, for its loop."""
        self.closed = Event()
        """Set, in the worker's loop, once the front door listens no more and has handed over its last connection."""
        self._closing = False
        self._stopped = False
        self.filtered = True
        """False when the kernel refused to drop new connections while the queue emptied (``stop_accepting``)."""
        self._stop: Any = None
        self._thread = ThreadPool(1)

    def open(self, take: Callable[[Any, Any, int], None]) -> None:
        """Start accepting; ``take`` gets each connection that is not a probe, in the worker's loop, and must not
        block."""
        def take_handed() -> None:
            while self.handed:
                descriptor, address, index = self.handed.popleft()
                take(gevent.socket.socket(fileno=descriptor), address, index)
            if self._stopped:
                self.closed.set()

        self.arrived.start(take_handed)
        sys.setswitchinterval(SLICE_SECONDS)
        self.finished = self._thread.spawn(self._run)
        """Ready once the thread has ended: after ``close``, or on an error it could not survive."""

    def close(self) -> None:
        """Stop accepting, from the worker's thread or a signal handler: the front door drains and closes."""
        self._closing = True
        if self._stop is not None:
            self._stop.send()

    def _run(self) -> None:
        """The front door's thread: its own loop, its own servers on copies of the listeners, until told to stop."""
        stopping = Event()
        self._stop = gevent.get_hub().loop.async_()
        self._stop.start(stopping.set)
        own = [gevent.socket.socket(fileno=os.dup(listener.fileno())) for listener in self.listeners]
        servers = [StreamServer(listener, handle=partial(self._sort, listener.getsockname(), index),
                                spawn=Pool(self.connections)) for index, listener in enumerate(own)]
        for server in servers:
            server.start()
        heart = gevent.spawn(self._keep_beating)
        if not self._closing:  # else close() came before the watcher above was there to hear it
            stopping.wait()
        if self.drain:
            for listener in own:
                self.filtered = stop_accepting(listener) and self.filtered
            wait_until_drained(own, self.sniff_seconds, gevent.sleep)
            for listener in own:  # in the same step as the last look at the queue: nothing can join it in between
                stop_listening(listener)
        for server in servers:
            server.close()
        for server in servers:
            server.pool.join(timeout=2 * self.sniff_seconds)
        heart.kill()
        self._stopped = True
        self.arrived.send()

    def _keep_beating(self) -> None:
        """Call ``beat`` every second, from this thread: the worker's loop may run heavy requests for longer."""
        while True:
            self.beat()
            gevent.sleep(1)

    def _sort(self, name: Any, index: int, client: Any, address: Any) -> None:
        """A new connection: its probes served here, and the connection handed to the worker's loop as it is at its
        first other request (a caller's client may ask /readyz, then keep the connection for its work)."""
        while (verdict := self._sniff(client)) is True:
            if not self.serve(name, client, address):
                client.close()
                return
        if verdict is None:
            client.close()
            return
        while self.full():
            gevent.sleep(0.01)
        self.handed.append((client.detach(), address, index))
        self.arrived.send()

    def _sniff(self, client: Any) -> bool | None:
        """Whether the connection's request is a probe, from its first bytes left unread; None if they do not come."""
        deadline = time.monotonic() + self.sniff_seconds
        while (remaining := deadline - time.monotonic()) > 0:
            start = None
            with gevent.Timeout(remaining, False):
                try:
                    start = client.recv(LONGEST_PROBE, socket.MSG_PEEK)
                except OSError:
                    return None
            if not start:  # closed, or silent until the deadline
                return None
            verdict = probe_or_not(start)
            if verdict is not None:
                return verdict
            gevent.sleep(0.01)  # more of the request line is on its way
        return None
