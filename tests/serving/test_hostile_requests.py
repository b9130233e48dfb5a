"""Hostile requests against the real server: every one gets a 4xx problem+json, never a 5xx nor HTML."""

from __future__ import annotations

import json
import socket

import pytest

from ..api.bodies import HOSTILE_BODIES, POST_PATHS
from .conftest import exchange, parse

PROBLEM = "application/problem+json"
POST = b"POST %s HTTP/1.1\r\nHost: razz\r\nContent-Type: application/json\r\nX-Request-ID: hostile-1\r\n"


def posted(path: str, body: bytes) -> bytes:
    """A POST of ``body`` with its Content-Length, asking the server to close after."""
    return POST % path.encode() + b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body


def chunked(path: str, body: bytes, chunk: int = 65536) -> bytes:
    """A POST of ``body`` in chunks of ``chunk`` bytes."""
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(body[start:start + chunk]), body[start:start + chunk])
                      for start in range(0, len(body), chunk))
    return POST % path.encode() + b"Transfer-Encoding: chunked\r\n\r\n" + chunks + b"0\r\n\r\n"


def assert_problem(answer: bytes, status: int, kind: str) -> dict:
    """The answer is problem ``kind`` with ``status``, with a request id, as the contract says."""
    got, headers, body = parse(answer)
    assert (got, headers["content-type"]) == (status, PROBLEM), answer[:300]
    problem = json.loads(body)
    assert problem["type"] == f"https://razz.rules/problems/{kind}" and problem["status"] == status
    assert headers["x-request-id"]
    return problem


@pytest.mark.parametrize("path", POST_PATHS)
@pytest.mark.parametrize("name", HOSTILE_BODIES)
def test_hostile_bodies_get_a_problem(server, path, name):
    body, status = HOSTILE_BODIES[name]
    assert_problem(exchange(server.address, posted(path, body)), status,
                   "validation-error" if status == 422 else "malformed-request")


@pytest.mark.parametrize("path", POST_PATHS)
def test_a_malformed_chunk_size_is_a_400_and_closes_the_connection(server, path):
    answer = exchange(server.address, POST % path.encode() + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
    problem = assert_problem(answer, 400, "malformed-request")
    assert "chunk" in problem["detail"] and parse(answer)[1]["connection"] == "close"


@pytest.mark.parametrize("path", POST_PATHS)
def test_a_chunked_body_over_the_limit_is_a_413(server, path):
    answer = exchange(server.address, chunked(path, b"[" + b"1," * (2 * 1024 * 1024) + b"1]"))
    assert_problem(answer, 413, "payload-too-large")
    assert parse(answer)[1]["x-request-id"] == "hostile-1"


def test_a_declared_length_over_the_limit_is_a_413_before_the_body_is_read(server):
    answer = exchange(server.address, POST % b"/v1/hands/rank" + b"Content-Length: 5000000\r\n\r\n" + b" " * 1000)
    problem = assert_problem(answer, 413, "payload-too-large")
    assert answer.startswith(b"HTTP/1.1 413 Content Too Large\r\n") and problem["title"] == "Content Too Large"
    assert answer.endswith(b'{"type":"https://razz.rules/problems/payload-too-large","title":"Content Too Large",'
                           b'"status":413,"detail":"the request body is larger than this service accepts"}')


def test_a_chunked_body_within_the_limit_is_served(server):
    _, _, body = parse(exchange(server.address, chunked("/v1/hands/rank", b'{"hands": [["As", "2d"]]}', chunk=7)
                                .replace(b"Transfer-Encoding", b"Connection: close\r\nTransfer-Encoding")))
    assert json.loads(body)["results"][0]["name"] == "2-A"


SERVER_REFUSALS = {
    "a request line over 4 KB": (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: razz\r\n\r\n", 414, "uri-too-long"),
    "120 headers": (b"GET /healthz HTTP/1.1\r\nHost: razz\r\n" + b"".join(b"X-H%d: v\r\n" % i for i in range(120))
                    + b"\r\n", 431, "header-fields-too-large"),
    "a 9 KB header": (b"GET /healthz HTTP/1.1\r\nHost: razz\r\nX-Big: " + b"v" * 9000 + b"\r\n\r\n", 431,
                      "header-fields-too-large"),
    "a Content-Length that is not a number": (POST % b"/v1/hands/rank" + b"Content-Length: ten\r\n\r\n", 400,
                                              "malformed-request"),
    "both Content-Length and chunked": (POST % b"/v1/hands/rank" + b"Content-Length: 5\r\n"
                                        b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "malformed-request"),
    "a request line that is not HTTP": (b"\x16\x03\x01\x00\xa5\x01\x00\x00\r\n\r\n", 400, "malformed-request"),
}
"""Requests gunicorn's parser refuses before the app sees them, and what each gets."""


@pytest.mark.parametrize("name", SERVER_REFUSALS)
def test_what_http_itself_refuses_is_a_problem_too(server, name):
    request, status, kind = SERVER_REFUSALS[name]
    answer = exchange(server.address, request)
    assert_problem(answer, status, kind)
    assert parse(answer)[1]["connection"] == "close"


def test_refusals_are_logged_as_json_lines(server):
    exchange(server.address, POST % b"/v1/hands/rank" + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
    exchange(server.address, POST % b"/v1/hands/rank" + b"Content-Length: 5000000\r\n\r\n")
    exchange(server.address, posted("/v1/hands/rank", b"[" * 979 + b"]" * 979))
    exchange(server.address, b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: razz\r\n\r\n")
    access, own = ([json.loads(line) for line in log.read_text().splitlines()]
                   for log in (server.stdout, server.stderr))
    assert {line["status"] for line in access} >= {400, 413, 422}  # requests read far enough to have a path
    assert not [line for line in access if line["status"] >= 500 and line["path"] != "/readyz"]  # 503s while starting
    warnings = [line["message"] for line in own if line["level"] == "warning"]
    assert any("Request Line is too large" in message for message in warnings)  # no request: no access line
    assert not [line for line in own if line["level"] == "error"]


def test_a_script_name_that_does_not_lead_the_path_is_a_400(server):
    answer = exchange(server.address, b"GET /healthz HTTP/1.1\r\nHost: razz\r\nSCRIPT_NAME: /elsewhere\r\n\r\n")
    assert_problem(answer, 400, "malformed-request")


def test_a_body_declared_over_the_limit_is_refused_before_it_is_invited(server):
    with socket.create_connection(server.address, timeout=5) as connection:
        connection.sendall(POST % b"/v1/hands/rank" + b"Content-Length: 5000000\r\nExpect: 100-continue\r\n\r\n")
        answer = connection.recv(65536)
    assert answer.startswith(b"HTTP/1.1 413 ")  # and not "100 Continue" first
