"""Fair by cost, not by body size, and bounded: beside 64 callers of the heaviest equity, a legal-actions caller
keeps its latency, and every equity caller is answered or told when to come back; 1,000 seven-player all-in hands
are checked within the budget while light callers keep theirs; 200 callers that never read their answers leave
the server's memory bounded. All within bounds a busy 2-core machine keeps.

The heaviest sampled equity has a small body and a second of work on a busy machine; queued on the
worker's loop, 64 of them made a legal-actions call wait 13 s (p99). Now their work runs in each
worker's heavy lane while the loop answers the light callers, and the lane refuses, with 503 and
``Retry-After`` before any work, what it could not start within its bound.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import threading
import time
import urllib.request
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from service.api.table import SNAPSHOT_EXAMPLE
from tests.histories.phh_texts import all_in_phhs

from .conftest import Server
from .test_heavy_requests import CHECK, EQUITY, HEAVIEST_EQUITY, check_body

HEAVY_CALLERS = 64
SECONDS = 8
LIGHT_P99 = 0.5
"""Seconds the slowest legal-actions call of the run but 1% may take (it waited 13 s)."""
HEAVY_ANSWER_BOUND = 30
"""Seconds within which every equity caller is answered or told to retry."""


def light_calls(server: Server, until: float, seconds: list[float], statuses: list[int]) -> None:
    """Legal-actions calls on a kept-alive connection, 50 a second at most, until ``until``: how long each took."""
    body = json.dumps(SNAPSHOT_EXAMPLE).encode()
    connection = http.client.HTTPConnection(*server.address, timeout=30)
    while time.monotonic() < until:
        started = time.monotonic()
        connection.request("POST", "/v1/legal-actions", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        statuses.append(response.status)
        seconds.append(time.monotonic() - started)
        if response.getheader("Connection", "").lower() == "close":
            connection.close()
        time.sleep(0.02)
    connection.close()


def p99(seconds: list[float]) -> float:
    """The 99th percentile of ``seconds``."""
    ordered = sorted(seconds)
    return ordered[int(0.99 * (len(ordered) - 1))]


def equity_once(server: Server, answers: list[tuple[int, float, str | None]]) -> None:
    """One heaviest equity request on a new connection: its status, how long it took and its Retry-After."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(*server.address, timeout=60)
    try:
        connection.request("POST", EQUITY, body=HEAVIEST_EQUITY, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        answers.append((response.status, time.monotonic() - started, response.getheader("Retry-After")))
    finally:
        connection.close()


def test_light_callers_keep_their_latency_beside_64_heaviest_equity_callers(server):
    answers: list[tuple[int, float, str | None]] = []
    heavy = [threading.Thread(target=equity_once, args=(server, answers)) for _ in range(HEAVY_CALLERS)]
    for caller in heavy:
        caller.start()
    light: list[float] = []
    statuses: list[int] = []
    light_calls(server, time.monotonic() + SECONDS, light, statuses)
    for caller in heavy:
        caller.join(HEAVY_ANSWER_BOUND + 5)
    assert set(statuses) == {200} and p99(light) <= LIGHT_P99, sorted(light)[-10:]
    assert len(answers) == HEAVY_CALLERS
    assert {status for status, _, _ in answers} <= {200, 503}, answers
    assert all(seconds < HEAVY_ANSWER_BOUND for _, seconds, _ in answers), sorted(answers, key=lambda a: a[1])[-3:]
    assert all(retry is not None and int(retry) >= 1 for status, _, retry in answers if status == 503), answers
    assert any(status == 200 for status, _, _ in answers)
    metrics = {family.name: sum(sample.value for sample in family.samples if not sample.name.endswith("_created"))
               for family in text_string_to_metric_families(scrape(server))}
    refused = sum(status == 503 for status, _, _ in answers)
    assert metrics["razz_heavy_refused"] == refused and metrics["razz_heavy_queue_requests"] == 0, metrics
    assert metrics["razz_heavy_queue_work_units"] == 0 and "razz_heavy_wait_seconds" in metrics


def scrape(server: Server) -> str:
    """The server's /metrics, every worker's summed."""
    with urllib.request.urlopen(f"{server.base}/metrics", timeout=10) as response:
        return response.read().decode()


ALL_IN_BOUND = 40
"""Seconds within which the 1,000 all-in hands are answered (60 s of CPU took a worker down)."""
ALL_IN_LIGHT_P99 = 1.0


def test_a_thousand_all_in_hands_are_answered_within_the_budget_while_light_callers_keep_theirs(server):
    body = json.dumps({"format": "phh", "text": all_in_phhs(1000)}).encode()
    light: list[float] = []
    statuses: list[int] = []
    caller = threading.Thread(target=light_calls, args=(server, time.monotonic() + 10, light, statuses))
    caller.start()
    started = time.monotonic()
    connection = http.client.HTTPConnection(*server.address, timeout=60)
    connection.request("POST", CHECK, body=body, headers={"Content-Type": "application/json",
                                                        "Prefer": "return=minimal"})
    response = connection.getresponse()
    answer = json.loads(response.read())
    took = time.monotonic() - started
    connection.close()
    caller.join()
    assert response.status == 200 and took < ALL_IN_BOUND, (response.status, took)
    hands = answer["hands"]
    assert len(hands) == 1000 and any(hand["allin"] for hand in hands)
    assert any("its all-in equity is left out" in note for hand in hands for note in hand["notes"])
    assert set(statuses) == {200} and p99(light) <= ALL_IN_LIGHT_P99, sorted(light)[-10:]


NON_READERS = 200
MOST_RESIDENT_MIB = 450


def resident_mib(server: Server) -> float:
    """The arbiter's and its workers' resident memory, summed, in MiB: each one's proportional share (Pss), so that
    the tables the arbiter builds before it forks, which the workers share unwritten, count once, not thrice."""
    total = 0
    for pid in [server.process.pid, *server.workers()]:
        try:
            found = re.search(r"Pss:\s+(\d+)", Path(f"/proc/{pid}/smaps_rollup").read_text())
        except FileNotFoundError:
            continue
        total += int(found.group(1)) if found else 0
    return total / 1024


def never_reads(server: Server, request: bytes, until: float, ended: list[bytes]) -> None:
    """Send ``request`` and read nothing until ``until``; then the status line of what came."""
    with socket.socket() as connection:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        connection.settimeout(30)
        try:
            connection.connect(server.address)
            connection.sendall(request)
        except OSError:
            ended.append(b"not sent")
            return
        time.sleep(max(0.0, until - time.monotonic()))
        try:
            ended.append(connection.recv(64).split(b"\r\n")[0])
        except OSError as error:
            ended.append(type(error).__name__.encode())


def test_callers_that_never_read_leave_memory_bounded_and_others_served(server):
    """200 callers post a 1,000-hand check and read nothing for 12 s: bodies wait unread for room, answers that
    could not be held are refused before their work; the server stays under 450 MiB and answers a light caller."""
    body = check_body(1000)
    request = (f"POST {CHECK} HTTP/1.1\r\nHost: razz\r\nContent-Type: application/json\r\n"
               f"Content-Length: {len(body)}\r\n\r\n").encode() + body
    until = time.monotonic() + 12
    ended: list[bytes] = []
    callers = [threading.Thread(target=never_reads, args=(server, request, until, ended)) for _ in range(NON_READERS)]
    for caller in callers:
        caller.start()
    peak = 0.0
    light: list[float] = []
    statuses: list[int] = []
    watcher = threading.Thread(target=light_calls, args=(server, until - 1, light, statuses))
    watcher.start()
    while time.monotonic() < until:
        peak = max(peak, resident_mib(server))
        time.sleep(0.2)
    watcher.join()
    for caller in callers:
        caller.join()
    assert peak < MOST_RESIDENT_MIB, peak
    assert set(statuses) == {200}, statuses
    assert len(ended) == NON_READERS and all(line.startswith((b"HTTP/1.1 200", b"HTTP/1.1 503")) for line in ended), \
        sorted(set(ended))
