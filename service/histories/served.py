"""``--server URL``: the files' hands checked by the HTTP service, so that its replicas (a Deployment scaled by its
HorizontalPodAutoscaler) do the work, and this machine only reads, splits and prints.

Each file is read, decoded and split into its hands here, as a run checks it; its hands go to
``POST /v1/hand-histories/check`` with ``Prefer: return=minimal`` (the lean answer, the verdicts
only) in requests of at most ``REQUEST_HANDS`` hands and ``REQUEST_CHARACTERS`` characters, cut
only between lines, so that the service splits each request's text into the same hands. Each
answer's hand index and line numbers are moved back to the whole file's. The lean answer carries
no payouts: the total line then says that the players' nets are not known.
"""

from __future__ import annotations

import http.client
import json
import threading
import urllib.parse
from collections.abc import Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

from .cli import Task, Work, opened
from .formats import FORMATS
from .printed import ExecutorError, Outcome, add_skipped, report
from .written import Section

PATH = "/v1/hand-histories/check"
REQUEST_HANDS = 1000
"""The endpoint's limit on the hands of one request."""
REQUEST_CHARACTERS = 1_000_000
"""A third of the endpoint's limit on a text's characters, so that the body stays under its 4 MiB whatever the
text's script."""
TIMEOUT_SECONDS = 120


def requests_of(sections: list[Section], lines: int) -> Iterator[tuple[int, int, int, int]]:
    """The runs of hands sent one request each: (first hand, end hand, first line, end line), lines from 1, ends
    excluded; a run is cut only where no line holds two hands, so the service splits its text the same way.

    >>> sections = [Section(1, ["a", "b"]), Section(3, ["c"]), Section(4, ["d", "e"])]
    >>> list(requests_of(sections, 5))
    [(0, 3, 1, 6)]
    """
    first = 0
    size = 0
    for index, section in enumerate(sections):
        weight = sum(len(line) + 1 for line in section.lines)
        apart = index > first and section.first_line >= _end_line(sections[index - 1])
        if apart and (index - first >= REQUEST_HANDS or size + weight > REQUEST_CHARACTERS):
            yield first, index, (1 if first == 0 else sections[first].first_line), section.first_line
            first, size = index, 0
        size += weight
    yield first, len(sections), (1 if first == 0 else sections[first].first_line), lines + 1


def _end_line(section: Section) -> int:
    return section.first_line + len(section.lines)


class Server:
    """The service at a URL, a keep-alive connection per thread."""

    def __init__(self, url: str) -> None:
        parsed = urllib.parse.urlsplit(url)
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ExecutorError(f"--server {url}: give the service's http:// or https:// URL")
        self.url, self.parsed = url, parsed
        self.path = parsed.path.rstrip("/") + PATH
        self.local = threading.local()
        self.opened: list[http.client.HTTPConnection] = []
        self.lock = threading.Lock()

    def _connection(self) -> http.client.HTTPConnection:
        connection: http.client.HTTPConnection | None = getattr(self.local, "connection", None)
        if connection is None:
            kind = http.client.HTTPSConnection if self.parsed.scheme == "https" else http.client.HTTPConnection
            connection = kind(self.parsed.hostname or "", self.parsed.port, timeout=TIMEOUT_SECONDS)
            self.local.connection = connection
            with self.lock:
                self.opened.append(connection)
        return connection

    def check(self, body: dict[str, Any]) -> dict[str, Any]:
        """The lean answer to one request, or an ExecutorError saying what the service answered instead."""
        data = json.dumps(body, ensure_ascii=False).encode()
        headers = {"Content-Type": "application/json", "Prefer": "return=minimal", "Accept": "application/json"}
        for attempt in (1, 2):  # a kept-alive connection the server closed meanwhile is opened again, once
            connection = self._connection()
            try:
                connection.request("POST", self.path, data, headers)
                answer = connection.getresponse()
                text = answer.read()
                break
            except (http.client.HTTPException, OSError) as error:
                connection.close()
                if attempt == 2:
                    raise ExecutorError(f"--server {self.url}: {error or type(error).__name__}") from None
        if answer.status != 200:
            try:
                detail = json.loads(text).get("detail", "")
            except ValueError:
                detail = text[:200].decode(errors="replace")
            raise ExecutorError(f"--server {self.url}: {answer.status} {answer.reason}: {detail}")
        found: dict[str, Any] = json.loads(text)
        return found

    def close(self) -> None:
        for connection in self.opened:
            connection.close()


def served_task(server: Server, task: Task) -> Outcome:
    """One file read and split here, its hands checked by the service: what ``check_task`` makes of it here."""
    source, settings = task.source, task.settings
    text_and_format = opened(task)
    if isinstance(text_and_format, Outcome):
        return text_and_format
    text, format_name = text_and_format
    lines = text.split("\n")
    sections = FORMATS[format_name].split(text)
    rules = json.loads(settings.rules)
    hands: list[dict[str, Any]] = []
    outcome = Outcome(source.name, json=settings.json, netted=False)
    for first, end, first_line, end_line in requests_of(sections, len(lines)):
        body = {"format": format_name, "text": "\n".join(lines[first_line - 1:end_line - 1])}
        if rules is not None:
            body["rules"] = rules
        answer = server.check(body)
        if len(answer["hands"]) != end - first:
            raise ExecutorError(f"--server {server.url}: {source.name}: {end - first} hands sent, "
                                f"{len(answer['hands'])} answered")
        for hand in answer["hands"]:
            hand["index"] += first
            for where in ("error", "skipped"):
                if hand[where] is not None:
                    hand[where]["line"] += first_line - 1
            if hand["skipped"] is not None:
                add_skipped(outcome.skipped, [(hand["skipped"]["game"], 1)])
            outcome.unrecorded += hand["valid"] and hand["agrees"] is None
        hands += answer["hands"]
        outcome.hands += answer["summary"]["hands"]
        outcome.valid += answer["summary"]["valid"]
        outcome.agree += answer["summary"]["agree"]
    wrong = report(source.name, hands)
    outcome.wrong = bool(wrong)
    outcome.lines = ([json.dumps({"file": source.name, **hand}, ensure_ascii=False, separators=(",", ":"))
                      for hand in hands] if settings.json else wrong)
    return outcome


@contextmanager
def on_server(url: str, requests: int) -> Iterator[tuple[Executor, int, Work]]:
    """``requests`` threads, each sending its files' requests one at a time: that many requests in flight."""
    server = Server(url)
    threads = ThreadPoolExecutor(requests, thread_name_prefix="server")
    try:
        yield threads, requests, lambda chunk: [served_task(server, task) for task in chunk]
    finally:
        threads.shutdown(wait=True, cancel_futures=True)
        server.close()
