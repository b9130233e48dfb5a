"""Clients that send a byte a second hold no worker: probes and callers are answered, and the dribblers are cut off."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from .conftest import Server, parse, probe, serving

BODY_DRIBBLERS = 32
HEADER_DRIBBLERS = 8
SECONDS = 10
REQUEST_TIMEOUT = 4
"""The body deadline for this server (RAZZ_REQUEST_TIMEOUT), short so that the cut-off falls inside the test."""

HEADERS = (b"POST /v1/hands/rank HTTP/1.1\r\nHost: razz\r\nContent-Type: application/json\r\n"
           b"Content-Length: 1000\r\n\r\n")


@dataclass
class Dribbled:
    """How a slow client's connection ended: after how long, and what the server sent (empty if it just closed)."""

    seconds: float
    answer: bytes


def dribble(address: tuple[str, int], start: bytes, rest: bytes, until: float) -> Dribbled | None:
    """Send ``start``, then ``rest`` a byte a second until ``until``; how the server ended it, or None if it did not."""
    began = time.monotonic()
    with socket.create_connection(address, timeout=SECONDS) as connection:
        connection.sendall(start)
        for byte in rest:
            if time.monotonic() > until:
                return None
            try:
                connection.send(bytes([byte]))
            except OSError:
                return Dribbled(time.monotonic() - began, b"")
            connection.settimeout(1)
            try:
                answer = connection.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                answer = b""
            ended = time.monotonic() - began
            while answer and (more := connection.recv(65536)):  # the rest of the answer, up to the close
                answer += more
            return Dribbled(ended, answer)
    return None


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory) -> Iterator[Server]:
    """A server with the short body deadline, for this module's slow clients."""
    with serving(tmp_path_factory.mktemp("slow"), WEB_CONCURRENCY="2",
                 RAZZ_REQUEST_TIMEOUT=str(REQUEST_TIMEOUT)) as server:
        yield server


@pytest.fixture(scope="module")
def under_slow_clients(slow_server):
    """Dribblers held open while probes and ordinary requests are made; what each of them saw."""
    until = time.monotonic() + SECONDS
    ended: dict[str, list[Dribbled | None]] = {"body": [], "headers": []}
    clients = [threading.Thread(target=lambda: ended["body"].append(
        dribble(slow_server.address, HEADERS, b" " * 1000, until))) for _ in range(BODY_DRIBBLERS)]
    clients += [threading.Thread(target=lambda: ended["headers"].append(
        dribble(slow_server.address, b"", HEADERS, until))) for _ in range(HEADER_DRIBBLERS)]
    for client in clients:
        client.start()
    time.sleep(1)
    probes, served = [], []
    while time.monotonic() < until - 1:
        probes.append(probe(slow_server, timeout=1))
        served.append(ordinary_request(slow_server))
        time.sleep(0.2)
    for client in clients:
        client.join(timeout=SECONDS + 5)
    return {"probes": probes, "served": served, **ended}


def ordinary_request(server: Server) -> int | None:
    """The status a caller ranking a hand gets, or None when it gets none within 5 s."""
    connection = http.client.HTTPConnection(*server.address, timeout=5)
    try:
        connection.request("POST", "/v1/hands/rank", body=json.dumps({"hands": [["As", "2d", "3c"]]}),
                           headers={"Content-Type": "application/json"})
        return connection.getresponse().status
    except OSError:
        return None
    finally:
        connection.close()


def test_probes_are_answered_within_a_second(under_slow_clients):
    probes = under_slow_clients["probes"]
    assert len(probes) >= 20 and None not in probes, probes


def test_ordinary_requests_are_served(under_slow_clients):
    assert set(under_slow_clients["served"]) == {200}


def test_a_body_that_does_not_arrive_in_time_gets_a_408_and_the_connection_closes(under_slow_clients):
    ended = under_slow_clients["body"]
    assert len(ended) == BODY_DRIBBLERS and None not in ended
    for dribbled in ended:
        status, headers, body = parse(dribbled.answer)
        assert (status, headers["content-type"], headers["connection"]) == (408, "application/problem+json", "close")
        assert json.loads(body)["type"] == "https://razz.rules/problems/request-timeout"
        assert REQUEST_TIMEOUT - 0.5 < dribbled.seconds < REQUEST_TIMEOUT + 2


def test_headers_that_do_not_arrive_in_time_are_closed_on(under_slow_clients):
    ended = under_slow_clients["headers"]
    assert len(ended) == HEADER_DRIBBLERS and None not in ended
    assert all(dribbled.answer == b"" and dribbled.seconds < 4 for dribbled in ended)  # the keep-alive timeout, 2 s


def test_a_client_that_does_not_read_its_answers_is_closed_on(slow_server):
    """Pipelined requests whose answers go unread: the server gives up at twice the body deadline, not later."""
    asked = 300
    with socket.socket() as connection:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        connection.connect(slow_server.address)
        connection.sendall(b"GET /openapi.json HTTP/1.1\r\nHost: razz\r\n\r\n" * asked)
        time.sleep(2 * REQUEST_TIMEOUT + 1)
        connection.settimeout(5)
        received = b""
        try:
            while chunk := connection.recv(1 << 20):
                received += chunk
        except ConnectionResetError:
            pass  # closed with answers unsent: as closed as it gets
    assert received.count(b"HTTP/1.1 200 OK") < asked / 2  # a server still waiting would send them all now
