"""The server's life: readiness while starting and stopping, SIGTERM with requests in flight, a worker killed."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import threading
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from .conftest import Server, call, parse, receive, serving, start

RANK = json.dumps({"hands": [["As", "2d", "3c", "4h", "9s", "Kd", "Kc"]]}).encode()


def test_requests_in_flight_at_sigterm_all_complete(tmp_path: Path):
    with serving(tmp_path, WEB_CONCURRENCY="2") as server:
        half = len(RANK) // 2
        connections = [socket.create_connection(server.address, timeout=10) for _ in range(8)]
        for connection in connections:
            connection.sendall(b"POST /v1/hands/rank HTTP/1.1\r\nHost: razz\r\nContent-Type: application/json\r\n"
                               b"Content-Length: %d\r\n\r\n" % len(RANK) + RANK[:half])
        time.sleep(0.3)
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        for connection in connections:
            connection.sendall(RANK[half:])
        answers = [parse(receive(connection)) for connection in connections]
        for connection in connections:
            connection.close()
        assert server.process.wait(timeout=30) == 0
    assert [(status, json.loads(body)["results"][0]["name"]) for status, _, body in answers] == [(200, "9-4-3-2-A")] * 8


def test_readyz_turns_503_on_a_kept_connection_once_shutdown_begins(tmp_path: Path):
    with serving(tmp_path, WEB_CONCURRENCY="1") as server:
        connection = http.client.HTTPConnection(*server.address, timeout=5)
        connection.request("GET", "/readyz")
        before = connection.getresponse()
        assert (before.status, json.loads(before.read())) == (200, {"status": "ready"})
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        connection.request("GET", "/readyz")
        after = connection.getresponse()
        problem = json.loads(after.read())
        connection.close()
        assert server.process.wait(timeout=30) == 0
    assert (after.status, after.getheader("Content-Type")) == (503, "application/problem+json")
    assert problem["type"] == "https://razz.rules/problems/not-ready" and problem["detail"].startswith("shutting down")


def test_readyz_is_200_only_once_every_worker_is_warm(tmp_path: Path):
    """Without preloading each worker builds the tables itself, so workers come up one after the other."""
    (tmp_path / "gunicorn.conf.py").write_text("from service.serving.settings import *  # noqa: F403\n"
                                               "preload_app = False\n")
    server = start(tmp_path, cwd=tmp_path, WEB_CONCURRENCY="2")
    answers: list[tuple[datetime, int]] = []
    try:
        deadline = time.monotonic() + 30
        while [status for _, status in answers].count(200) < 3 and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{server.base}/readyz", timeout=1) as response:
                    answers.append((datetime.now(UTC), response.status))
            except urllib.error.HTTPError as refused:
                answers.append((datetime.now(UTC), refused.code))
                refused.close()
            except OSError:
                time.sleep(0.01)
        assert server.stop() == 0
    finally:
        if server.process.poll() is None:
            server.process.kill()
    warm = [datetime.fromisoformat(line["time"]) for line in map(json.loads, server.stderr.read_text().splitlines())
            if line["message"].startswith("Worker warm")]
    assert len(warm) == 2 and {status for _, status in answers} <= {200, 503}
    assert all(when >= max(warm) for when, status in answers if status == 200), (warm, answers)


def test_a_worker_killed_under_load_is_replaced_and_serving_goes_on(tmp_path: Path):
    with serving(tmp_path, WEB_CONCURRENCY="2") as server:
        statuses: list[int | None] = []
        loading = threading.Event()
        loading.set()

        def load() -> None:
            while loading.is_set():
                try:
                    statuses.append(call(f"{server.base}/v1/hands/rank", json.loads(RANK))[0])
                except (OSError, http.client.HTTPException):  # an answer cut short by the kill is not one
                    statuses.append(None)

        loader = threading.Thread(target=load)
        loader.start()
        time.sleep(0.5)
        first = server.workers()
        killed = min(first)
        os.kill(killed, signal.SIGKILL)
        deadline = time.monotonic() + 15
        while (len(server.workers() - first) < 1 or len(server.workers()) < 2) and time.monotonic() < deadline:
            time.sleep(0.05)
        replaced = server.workers()
        served_before = len(statuses)
        deadline = time.monotonic() + 15  # a loaded machine may take seconds to serve these: wait for them, boundedly
        while (len(statuses) < served_before + 20 or statuses.count(200) <= 100) and time.monotonic() < deadline:
            time.sleep(0.05)
        loading.clear()
        loader.join()
        assert call(f"{server.base}/readyz")[0] == 200
        assert server.stop() == 0
    assert killed not in replaced and len(replaced) == 2
    assert statuses[served_before:] and set(statuses[served_before:]) == {200}
    assert statuses.count(200) > 100 and statuses.count(None) <= 2  # at most what was in flight on the killed worker


def test_metrics_are_summed_over_the_workers_in_a_folder_the_server_makes_and_removes(tmp_path: Path):
    with serving(tmp_path, WEB_CONCURRENCY="2", PROMETHEUS_MULTIPROC_DIR=None) as server:
        for _ in range(30):
            call(f"{server.base}/v1/hands/rank", json.loads(RANK))
        scrapes = []
        while len(scrapes) < 40 and len(answering(server, "/metrics")) < 2:  # each worker must answer some
            scrapes.append(scraped_count(server))
        assert server.stop() == 0
    assert len(answering(server, "/v1/hands/rank")) == 2 and len(answering(server, "/metrics")) == 2
    assert scrapes == [30] * len(scrapes)
    folder = re.search(r"Workers share their metrics in (\S+)", server.stderr.read_text()).group(1)
    assert Path(folder).name.startswith("razz-metrics-") and not Path(folder).exists()


def answering(server: Server, path: str) -> set[int]:
    """The workers that have answered ``path`` so far, from the access log."""
    return {line["pid"] for line in map(json.loads, server.stdout.read_text().splitlines()) if line["path"] == path}


def scraped_count(server: Server) -> float:
    """How many 200 rankings one scrape of /metrics counts."""
    connection = http.client.HTTPConnection(*server.address, timeout=5)
    connection.request("GET", "/metrics")
    text = connection.getresponse().read().decode()
    connection.close()
    return next(sample.value for family in text_string_to_metric_families(text) for sample in family.samples
                if sample.name == "flask_http_request_duration_seconds_count"
                and sample.labels == {"method": "POST", "url_rule": "/v1/hands/rank", "status": "200"})


def test_readiness_follows_the_worker_count_through_ttin_and_ttou(tmp_path: Path):
    with serving(tmp_path, WEB_CONCURRENCY="1") as server:
        for signal_number, workers in ((signal.SIGTTIN, 2), (signal.SIGTTOU, 1)):
            server.process.send_signal(signal_number)
            deadline = time.monotonic() + 15
            while len(server.workers()) != workers and time.monotonic() < deadline:
                time.sleep(0.05)
            assert len(server.workers()) == workers
            while time.monotonic() < deadline:
                try:
                    assert call(f"{server.base}/readyz")[0] == 200
                    break
                except urllib.error.HTTPError as starting:
                    starting.close()
                    time.sleep(0.05)
            else:
                raise AssertionError(f"not ready with {workers} workers")
        assert server.stop() == 0
