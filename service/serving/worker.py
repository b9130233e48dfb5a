"""The gunicorn worker: a greenlet per connection, whole bodies within a deadline, and problems for bad HTTP.

A client that sends its request a byte at a time holds a greenlet and a little memory, never
the worker: probes and other callers are answered meanwhile. The rules are CPU work, so the
app still runs one request at a time; it only ever runs once the whole request is in. The
probes are answered by the worker's front door, in a thread of its own (``front_door.py``).
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import gevent
from gevent import Greenlet
from gevent.event import Event
from gevent.pool import Group
from gunicorn import http, util
from gunicorn.http import errors
from gunicorn.http.message import Request
from gunicorn.http.wsgi import Response
from gunicorn.workers.ggevent import GeventWorker

from ..api.work import LANE_KEY
from ..problems import DETAIL_BY_STATUS, KIND_BY_STATUS, PROBLEM_CONTENT_TYPE, problem_json, status_title
from ..request_ids import request_id
from .front_door import FrontDoor
from .heavy_lane import HeavyLane
from .logs import PROBE_PATHS
from .turns import SMALL_BODY, Turns
from .unread_answers import WithinUnreadLimit

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
WsgiApp = Callable[[Environ, StartResponse], Iterable[bytes]]

MALFORMED_BODY = (errors.InvalidChunkSize, errors.ChunkMissingTerminator, errors.InvalidChunkExtension)
"""What gunicorn raises while reading a chunked body whose framing is broken."""

REFUSALS: tuple[tuple[type[Exception] | tuple[type[Exception], ...], int], ...] = (
    ((errors.InvalidResponseHeader, errors.InvalidResponseHeaderName), 500),  # the app's fault, not the client's
    (errors.LimitRequestLine, 414),
    (errors.LimitRequestHeaders, 431),
    (errors.UnsupportedTransferCoding, 501),
    (errors.ExpectationFailed, 417),
    (errors.ForbiddenProxyRequest, 403),
    (errors.ParseException, 400),
)
"""What gunicorn's parser refuses, first match wins, and the status each gets; anything else that fails is a 500.

Every other parser error (a bad request line, header or chunk, a ``SCRIPT_NAME`` that does not
lead the path) is the request's fault: 400.
"""

TURN_WAIT = 0.05
"""Seconds a connection waits at most, after an answer, for the others to have their turn."""

CONNECTION_MAX_AGE = 2.0
"""Seconds after which a kept-alive connection is closed after its next answer, so that its caller reconnects.

The kernel spreads new connections over the workers' sockets; a connection kept forever stays
on its worker. When a worker dies its callers all reconnect to the survivors at once, and its
replacement got almost nothing (27,483 requests to 0 in 20 s). Reconnecting every 2 s spreads
them again within that, at the cost of one loopback handshake per connection per 2 s.
"""



class BodyTimedOut(Exception):
    """The client had not sent its whole body when the deadline came."""


class BodyRefused(Exception):
    """A request body the app will not get: too slow, too large, badly framed or no room for it; the worker answers
    it (with ``Retry-After`` when the caller may simply ask again)."""

    def __init__(self, status: int, detail: str | None = None, retry_after: int | None = None) -> None:
        super().__init__(detail or DETAIL_BY_STATUS[status])
        self.status = status
        self.detail = detail or DETAIL_BY_STATUS[status]
        self.retry_after = retry_after


BODIES_PER_WORKER = 4
"""Bodies of the largest size a worker holds at once (``BodyRoom``): 16 MiB with the default 4 MiB limit."""
BODY_RETRY_SECONDS = 2
"""What a caller whose body found no room within its deadline is told to wait before it asks again."""


class BodyRoom:
    """The request bodies a worker holds at once, bounded: a body is read only once its size fits beside the others.

    Read as they came, 200 bodies of 821 KB were held at once before their turns; now a body waits in
    the kernel's buffers, unread, until the ones read before it are done with (a body alone always fits).

    >>> room = BodyRoom(10)
    >>> room.wait_for(6, 0), room.wait_for(6, 0), room.held
    (True, False, 6)
    >>> room.give_back(6); room.wait_for(6, 0)
    True
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held = 0
        self.changed = Event()

    def wait_for(self, size: int, seconds: float) -> bool:
        """Hold ``size`` bytes once they fit, waiting ``seconds`` at most; whether they were held."""
        deadline = time.monotonic() + seconds
        while self.held and self.held + size > self.limit:
            self.changed.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self.changed.wait(remaining):
                return False
        self.held += size
        return True

    def give_back(self, size: int) -> None:
        """A body of ``size`` bytes is done with: wake the bodies waiting for room."""
        self.held -= size
        self.changed.set()


ARRIVED_KEY = "razz.arrived"
"""Where ``WholeBodies`` notes, in the environ, when the request's head was in: its deadline counts from then."""


class InTurn:
    """WSGI middleware: ``app`` runs a request only in its turn (``turns.py``: small before big); a probe at once.

    The app's heavy work goes to the worker's heavy lane (``heavy_lane.py``), offered in the environ,
    and the request hands its turn on while it waits for it. The probes are answered in the front
    door's thread, which must not wait on this loop's turns.
    """

    def __init__(self, app: WsgiApp, deadline: float) -> None:
        self.app = app
        self.turns = Turns()
        self.lane = HeavyLane(self.turns, deadline)

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        """The app's answer (held whole by ``WithinUnreadLimit``), computed in this request's turn."""
        if environ.get("PATH_INFO") in PROBE_PATHS:
            return self.app(environ, start_response)
        arrived = environ.get(ARRIVED_KEY, time.monotonic())
        with self.turns.turn(int(environ.get("CONTENT_LENGTH") or 0)) as turn:
            route = environ.get("PATH_INFO", "")
            environ[LANE_KEY] = lambda units, work: self.lane.run(units, work, turn, arrived, route)
            return self.app(environ, start_response)


class WholeBodies:
    """WSGI middleware: each request body read in full, within ``seconds``, before ``app`` sees it.

    Past the deadline it is a 408, over ``limit`` bytes a 413, with broken chunked framing a 400,
    raised as ``BodyRefused`` for the worker to answer. The app gets the body's bytes themselves,
    with their length. A body is read only once the worker has room for it (``BodyRoom``: its
    declared length, the limit for a chunked one), within the same deadline, counted from the
    request's arrival; else a 503 with ``Retry-After``, its body never read. A big body (a history
    check) is refused so at once while the worker's heavy lane is past its wait bound.
    """

    def __init__(self, app: WsgiApp, limit: int, seconds: float, lane: HeavyLane) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds
        self.room = BodyRoom(BODIES_PER_WORKER * limit)
        self.lane = lane

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        """Read the body, then call the app."""
        environ[ARRIVED_KEY] = time.monotonic()
        if "CONTENT_LENGTH" not in environ and "HTTP_TRANSFER_ENCODING" not in environ:
            environ["wsgi.input"] = io.BytesIO()  # no body: nothing for the app to read off the connection
            return self.app(environ, start_response)
        arrived = environ[ARRIVED_KEY]
        size = int(environ.get("CONTENT_LENGTH") or self.limit)
        behind = self.lane.behind() if size > SMALL_BODY else None
        if behind is not None:  # a big body is heavy work: refused unread while the lane is past its bound
            busy = self.lane.busy(behind)
            raise BodyRefused(503, busy.detail, busy.retry_after)
        if not self.room.wait_for(size, self.seconds):
            raise BodyRefused(503, f"this worker holds {self.room.held / (1024 * 1024):.0f} MiB of request bodies, no "
                                   f"room for this one's within {self.seconds:g} s: ask again in "
                                   f"{BODY_RETRY_SECONDS} s", BODY_RETRY_SECONDS)
        try:
            try:
                with gevent.Timeout(max(0.0, arrived + self.seconds - time.monotonic()), BodyTimedOut):
                    body = environ["wsgi.input"].read(self.limit + 1)
            except BodyTimedOut:
                raise BodyRefused(408, f"the request body did not arrive in full within {self.seconds:g} s") from None
            except MALFORMED_BODY as error:
                raise BodyRefused(400, f"the chunked body is malformed: {error}") from None
            if len(body) > self.limit:
                raise BodyRefused(413)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            return self.app(environ, start_response)
        finally:
            self.room.give_back(size)


@dataclass(frozen=True)
class ListenerAddress:
    """What gunicorn asks of the listener a connection came from, its address, known still once it has closed.

    A connection handed over just before the worker stops listening may start after its listener closed.
    """

    address: Any

    def getsockname(self) -> Any:
        """The listener's address."""
        return self.address


class Worker(GeventWorker):
    """gunicorn's gevent worker, with whole bodies before the app and problem+json for what HTTP refuses.

    The idle wait and the request line and headers together get the keep-alive timeout, as in
    gevent's worker; the body gets the app's ``REQUEST_TIMEOUT`` (``RAZZ_REQUEST_TIMEOUT``), and
    the answer as long again: a client that does not read it is closed on.
    """

    wsgi: Any
    """The app gunicorn loaded (a Flask app), then ``WholeBodies`` around it."""

    def load_wsgi(self) -> None:
        """Put ``WholeBodies`` in front of the app, with the app's own body limit and deadline."""
        super().load_wsgi()
        settings = self.wsgi.config
        answers = WithinUnreadLimit(self.wsgi, settings["UNREAD_ANSWERS_LIMIT"])
        in_turn = InTurn(answers, settings["REQUEST_TIMEOUT"])
        self.wsgi = WholeBodies(in_turn, settings["MAX_CONTENT_LENGTH"], settings["REQUEST_TIMEOUT"], in_turn.lane)
        self._opened: dict[int, float] = {}
        self._progressed = time.monotonic()
        """When the loop last finished a request or a turn of ``run``: the heartbeat's evidence (``_beat``)."""
        self._loop: Any = None
        """The worker's own event loop (its hub), where every request but the front door's probes is served."""

    def run(self) -> None:
        """Serve what the front door hands over until told to stop; then finish what was accepted.

        The front door (``front_door.py``) accepts in a thread of its own and answers the probes
        there, so no request on this loop can hold a probe up. Told to stop, it stops listening
        without resetting any connection the kernel had completed, hands over the last ones, and
        those in flight get the graceful timeout to finish, as before.
        """
        connections = Group()
        listeners = self.sockets
        self._loop = gevent.get_hub()
        addresses = [ListenerAddress(listener.getsockname()) for listener in listeners]

        def take(client: Any, address: Any, index: int) -> None:
            connections.start(Greenlet(self.handle, addresses[index], client, address))

        self.front_door = FrontDoor(listeners, serve=self._serve_probe,
                                    full=lambda: len(connections) >= self.worker_connections,
                                    connections=self.worker_connections, sniff_seconds=self.cfg.keepalive or 2,
                                    drain=bool(self.cfg.reuse_port),  # its own socket: closing it stops only this one
                                    beat=self._beat)
        self.front_door.open(take)
        while self.alive and not self.front_door.finished.ready():
            self._progressed = time.monotonic()
            self.notify()
            gevent.sleep(1.0)
        if self.front_door.finished.ready() and not self.front_door.finished.successful():
            self.log.error("The front door failed, the worker stops (pid: %s): %r", self.pid,
                           self.front_door.finished.exception)
        self.front_door.close()
        deadline = time.monotonic() + self.cfg.graceful_timeout
        self.front_door.closed.wait(self.cfg.graceful_timeout)
        if not self.front_door.filtered:
            self.log.info("The kernel refused to drop new connections while this worker stopped listening (pid: "
                          "%s): it stopped listening the moment its queue was empty", self.pid)
        for listener in listeners:  # the front door listened on copies: the socket closes with these
            listener.close()
        while len(connections):
            if time.monotonic() > deadline:
                self.log.warning("Worker graceful timeout (pid:%s)", self.pid)
                connections.kill(timeout=1)
                return
            self.notify()
            gevent.sleep(0.1)

    def _beat(self) -> None:
        """From the front door's thread: tell the arbiter this worker lives, while its loop still makes progress.

        The loop told it between requests, and a loop working through 100 queued 1,000-hand
        checks did not get to for 30 s: the arbiter killed both workers ("WORKER TIMEOUT") with
        every request they held. A request running alone for the whole ``timeout`` (30 s) still
        gets its worker replaced, as gunicorn means it to.
        """
        if time.monotonic() - self._progressed < self.cfg.timeout:
            self.tmp.notify()

    def handle_exit(self, sig: int, frame: Any) -> None:
        """SIGTERM: stop listening at once, even while this loop runs a request; then stop as ``run`` says."""
        super().handle_exit(sig, frame)
        front_door = getattr(self, "front_door", None)
        if front_door is not None:
            front_door.close()

    def _serve_probe(self, listener_name: Any, client: Any, address: Any) -> bool:
        """Serve one probe's request in the front door's thread; whether the connection may carry another.

        Read by a parser of its own, so that nothing of a next request is taken off the connection
        before the front door sees it; a request sent before this one's answer closes the connection
        after the answer.
        """
        request = None
        try:
            parser = http.get_parser(self.cfg, client, address)
            with self.timeout_ctx():
                request = next(parser)
            if request is None:
                return False
            if parser.unreader.buf.getvalue():
                request.force_close()
            self.handle_request(listener_name, request, client, address)
            return True
        except (StopIteration, OSError, http.errors.NoMoreData):
            return False
        except Exception as error:
            self.handle_error(request, client, address, error)
            return False

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        """Serve one connection, noting when it opened (``CONNECTION_MAX_AGE``)."""
        self._opened[id(client)] = time.monotonic()
        try:
            super().handle(listener, client, addr)
        finally:
            del self._opened[id(client)]

    def handle_request(self, listener_name: Any, req: Request, sock: Any, addr: Any) -> None:
        """Serve one request within its deadline, or refuse it; then let the other connections have their turn.

        A body declared over the limit is refused before gunicorn can invite it (``Expect:
        100-continue``); a refused body is answered and the connection closed, lingering so that
        the client reads the answer before the close.
        """
        started = time.monotonic()
        if started - self._opened.get(id(sock), started) > CONNECTION_MAX_AGE:
            req.force_close()
        deadline = gevent.Timeout(2 * self.wsgi.seconds)
        deadline.start()
        try:
            declared = dict(req.headers).get("CONTENT-LENGTH")
            if declared is not None and int(declared) > self.wsgi.limit:
                raise BodyRefused(413)
            super().handle_request(listener_name, req, sock, addr)
        except BodyRefused as refusal:
            self._answer(req, sock, addr, refusal.status, refusal.detail, time.monotonic() - started,
                         refusal.retry_after)
            util.close_graceful(sock)
            raise StopIteration() from None
        except gevent.Timeout as expired:
            if expired is not deadline:
                raise
            self.log.warning("Closed on ip=%s: its answer was not read within %g s", addr[0] if addr else "",
                             2 * self.wsgi.seconds)
            util.close(sock)
            raise StopIteration() from None
        finally:
            deadline.close()
            if gevent.get_hub() is self._loop:  # not a probe's, answered in the front door's thread
                self._progressed = time.monotonic()
        self._wait_turn()

    @staticmethod
    def _wait_turn() -> None:
        """Let every other connection with a request in be served before this one's next request.

        Otherwise gevent serves whichever connection's next request is already in, over and over:
        under 64 saturating connections p99 was 1.1 s and probes timed out; waiting for the loop to
        go idle gives each its turn (bench/README.md). At most ``TURN_WAIT``, so that a flood of
        events can only slow the turns, never stop them.
        """
        with gevent.Timeout(TURN_WAIT, False):
            gevent.idle()

    def handle_error(self, req: Request | None, client: Any, addr: Any, exc: BaseException) -> None:
        """Answer a request gunicorn could not read, or could not serve, with a problem instead of HTML."""
        status = next((status for kinds, status in REFUSALS if isinstance(exc, kinds)), 500)
        host = addr[0] if addr else ""
        if status == 500:
            self.log.exception("Error handling request from ip=%s", host)
            self._answer(req, client, addr, 500, DETAIL_BY_STATUS[500])
        else:
            self.log.warning("Invalid request from ip=%s: %s", host, exc)
            self._answer(req, client, addr, status, f"the HTTP server refused the request: {exc}")
        util.close_graceful(client)

    def _answer(self, req: Request | None, client: Any, addr: Any, status: int, detail: str,
                seconds: float = 0.0, retry_after: int | None = None) -> None:
        """Write the problem with ``Connection: close``, and log it as any request (when one was read)."""
        body = problem_json(status, KIND_BY_STATUS[status], detail)
        sent = dict(req.headers) if req is not None else {}
        line = f"{status} {status_title(status)}"
        headers = [("Content-Type", PROBLEM_CONTENT_TYPE), ("Content-Length", str(len(body))),
                   ("X-Request-ID", request_id(sent.get("X-REQUEST-ID"))), ("Connection", "close")]
        if retry_after is not None:
            headers.append(("Retry-After", str(retry_after)))
        if req is not None:
            environ = {"REMOTE_ADDR": addr[0] if addr else "", "REQUEST_METHOD": req.method, "PATH_INFO": req.path,
                       "QUERY_STRING": req.query, "HTTP_USER_AGENT": sent.get("USER-AGENT")}
            response = Response(req, client, self.cfg)
            response.status = line
            response.headers = headers
            response.sent = len(body)
            self.log.access(response, req, environ, timedelta(seconds=seconds))
        head = "".join(f"{name}: {value}\r\n" for name, value in headers)
        try:
            util.write(client, f"HTTP/1.1 {line}\r\n{head}\r\n".encode("latin-1") + body)
        except OSError:
            self.log.debug("Failed to send error message.")
