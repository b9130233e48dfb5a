"""A bound on what a worker holds for callers who do not read their answers.

A caller that never reads holds its whole answer (about 3 MB for 1,000 hands checked) until the
worker closes on it, twice ``RAZZ_REQUEST_TIMEOUT`` after the request began: 30 such callers took
a pod from 281 to 371 MB, about 50 would have passed the chart's 512 Mi limit. A worker now
holds at most ``RAZZ_UNREAD_ANSWERS_LIMIT`` bytes (32 MiB) of answers not yet written to the kernel in full; a caller
whose answer would pass it gets a 503 ``not-ready`` problem with ``Retry-After`` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..api.work import ROOM_KEY
from ..problems import PROBLEM_CONTENT_TYPE, Busy, problem_json
from ..request_ids import request_id
from .logs import PROBE_PATHS

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
WsgiApp = Callable[[Environ, StartResponse], Iterable[bytes]]

SMALL_ANSWER = 64 * 1024
"""Answers up to this size may use the last sixth of the limit, so that while big unread answers fill the rest,
every ordinary caller (a ruling is a few KB) is still answered."""

RETRY_AFTER_SECONDS = 2
"""What a caller refused for want of memory is told to wait before it asks again."""


class UnreadAnswers:
    """How many bytes of answers this worker holds for callers who have not read them yet."""

    def __init__(self, limit: int, small: int = SMALL_ANSWER) -> None:
        self.limit = limit
        self.reserve = limit // 6
        self.small = small
        self.held = 0

    def take(self, size: int) -> bool:
        """Hold ``size`` more bytes if they fit (big answers leave the reserve to small ones), or if nothing else is
        held; whether they were.

        >>> answers = UnreadAnswers(limit=120, small=10)
        >>> answers.take(90), answers.take(20), answers.take(10), answers.take(10), answers.take(10)
        (True, False, True, True, True)
        >>> answers.take(1)
        False
        """
        room = self.limit - (0 if size <= self.small else self.reserve)
        if self.held and self.held + size > room:  # alone, any answer is held: an estimate may pass the room
            return False
        self.held += size
        return True

    def has_room(self) -> bool:
        """Whether an answer over the small size could fit now.

        >>> answers = UnreadAnswers(limit=120, small=10)
        >>> answers.has_room(), answers.take(100), answers.has_room()
        (True, True, False)
        """
        return self.held + self.small < self.limit - self.reserve

    def settle(self, reserved: int, size: int) -> None:
        """An answer made after ``reserved`` bytes were held for it (``take``) is ``size``: hold that instead, room
        or not, since its work is done.

        >>> answers = UnreadAnswers(limit=120, small=10)
        >>> answers.take(50), answers.settle(50, 60), answers.held
        (True, None, 60)
        """
        self.held += size - reserved

    def give_back(self, size: int) -> None:
        """The answer of ``size`` bytes was written (or dropped): its bytes are held no more."""
        self.held -= size


class Answer:
    """An answer's body as the app wrote it, whose bytes count as held until gunicorn has written it and closes it."""

    def __init__(self, body: list[bytes], size: int, unread: UnreadAnswers) -> None:
        self.body = body
        self.size = size
        self.unread: UnreadAnswers | None = unread

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.body)

    def close(self) -> None:
        """Written in full, or given up on: give its bytes back once."""
        if self.unread is not None:
            self.unread.give_back(self.size)
            self.unread = None


RESERVED_KEY = "razz.answer_reserved"


class WithinUnreadLimit:
    """WSGI middleware: ``app``'s answer is sent if the worker's unread answers leave it room, else a 503.

    An app that can estimate its answer before making it (a history check: ``api/work.py``) holds
    room for it first (``ROOM_KEY``): refused then, with ``Busy``, before any work; held, the answer is
    sent whatever its size turns out to be, and counted as it is.

    The app writes its answers whole (JSON), so holding the body costs nothing more; its bytes
    count until gunicorn has written them all to the kernel, or given up on the connection. While
    big answers have no room left, a request with a body over the small size (a hand-history
    check, a ranking batch) is refused before any work: the worker serves everyone else meanwhile.
    """

    def __init__(self, app: WsgiApp, limit: int) -> None:
        self.app = app
        self.unread = UnreadAnswers(limit)

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        """The app's answer, if it fits; a probe's always (its thread keeps no count, ``front_door.py``)."""
        if environ.get("PATH_INFO") in PROBE_PATHS:
            return self.app(environ, start_response)
        if int(environ.get("CONTENT_LENGTH") or 0) > self.unread.small and not self.unread.has_room():
            return self._refuse(environ, start_response, None)
        environ[ROOM_KEY] = lambda size: self._reserve(environ, size)
        started: list[tuple[str, list[tuple[str, str]]]] = []
        chunks = self.app(environ, lambda status, headers, exc_info=None: started.append((status, headers)))
        try:
            body = list(chunks)
        finally:
            close = getattr(chunks, "close", None)
            if close is not None:
                close()
        size = sum(map(len, body))
        reserved = environ.get(RESERVED_KEY, 0)
        if reserved:
            self.unread.settle(reserved, size)
        elif not self.unread.take(size):
            return self._refuse(environ, start_response, size)
        start_response(*started[-1])
        return Answer(body, size, self.unread)

    def _reserve(self, environ: Environ, size: int) -> None:
        """Hold room for an answer of about ``size`` bytes before it is made; Busy, before the work, if none."""
        if not self.unread.take(size):
            raise Busy(self._no_room(f"this one's estimated {size / (1024 * 1024):.1f} MiB"), RETRY_AFTER_SECONDS)
        environ[RESERVED_KEY] = environ.get(RESERVED_KEY, 0) + size

    def _no_room(self, this: str) -> str:
        """Why an answer is refused: what the worker holds, and when to ask again."""
        held = self.unread.held / (1024 * 1024)
        return (f"this worker holds {held:.0f} MiB of answers their callers have not read, no room for {this}: ask "
                f"again in {RETRY_AFTER_SECONDS} s")

    def _refuse(self, environ: Environ, start_response: StartResponse, size: int | None) -> list[bytes]:
        """A 503 for an answer the worker has no room for (``size`` None: a big request not even begun)."""
        this = "this big request's" if size is None else f"this one's {size / (1024 * 1024):.1f} MiB"
        body = problem_json(503, "not-ready", self._no_room(this))
        start_response("503 Service Unavailable", [
            ("Content-Type", PROBLEM_CONTENT_TYPE), ("Content-Length", str(len(body))),
            ("Retry-After", str(RETRY_AFTER_SECONDS)), ("X-Request-ID", request_id(environ.get("HTTP_X_REQUEST_ID")))])
        return [body]
