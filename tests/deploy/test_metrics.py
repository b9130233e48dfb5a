"""/metrics: per-endpoint counts and latency, summed across gunicorn workers, outside the API contract."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from service.app import create_app

from ..serving.conftest import ROOT, Server, call, serving
from ..yaml_documents import safe_load

DURATION = "flask_http_request_duration_seconds"


@pytest.fixture
def app():
    """A fresh app per test, unlike the run's shared one: these tests count every request its metrics saw."""
    return create_app({"TESTING": True})


def samples(text: str, name: str) -> dict[tuple[str, str, str], float]:
    """``name``'s samples keyed by (method, route, status)."""
    return {(sample.labels["method"], sample.labels["url_rule"], sample.labels["status"]): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples
            if sample.name == name}


def serving_pids(server: Server) -> set[int]:
    """The workers that have answered a request so far, from the access log."""
    return {json.loads(line)["pid"] for line in server.stdout.read_text().splitlines()}


@pytest.mark.serving
def test_counts_add_up_across_workers_and_recycled_workers(tmp_path: Path):
    metrics_dir = tmp_path / "not" / "yet" / "there"
    with serving(tmp_path, PROMETHEUS_MULTIPROC_DIR=str(metrics_dir), WEB_CONCURRENCY="2",
                 GUNICORN_MAX_REQUESTS="10") as server:
        ranked = 0
        while ranked < 40 or (len(serving_pids(server)) < 3 and ranked < 400):  # a worker leaves within a second
            call(f"{server.base}/v1/hands/rank", {"hands": [["As", "2d", "3c"]]})
            ranked += 1
            time.sleep(0.02)
        for _ in range(3):
            request = urllib.request.Request(f"{server.base}/v1/hands/rank", data=b"x", method="POST",
                                             headers={"Content-Type": "text/plain"})
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=5)
            refused.value.close()
        with urllib.request.urlopen(f"{server.base}/metrics", timeout=5) as response:
            assert response.headers["Content-Type"].startswith("text/plain")
            text = response.read().decode()
        assert server.stop() == 0
    assert "Autorestarting worker" in server.stderr.read_text(), "no worker was recycled: the test proves nothing"
    counts = samples(text, f"{DURATION}_count")
    assert counts[("POST", "/v1/hands/rank", "200")] == ranked
    assert counts[("POST", "/v1/hands/rank", "415")] == 3
    assert counts[("GET", "/readyz", "200")] >= 1
    assert not any(route == "/metrics" for _, route, _ in counts)
    buckets = samples(text, f"{DURATION}_bucket")
    assert buckets[("POST", "/v1/hands/rank", "200")] == ranked  # the +Inf bucket holds every observation
    assert len({path.stem.rsplit("_", 1)[1] for path in metrics_dir.glob("histogram_*.db")}) > 2


def test_each_app_has_its_own_registry_in_one_process():
    first, second = create_app().test_client(), create_app().test_client()
    first.post("/v1/hands/rank", json={"hands": [["As"]]})
    first.post("/v1/hands/rank", json={"hands": [["2d"]]})
    assert samples(first.get("/metrics").get_data(as_text=True), f"{DURATION}_count") == {
        ("POST", "/v1/hands/rank", "200"): 2}
    assert samples(second.get("/metrics").get_data(as_text=True), f"{DURATION}_count") == {}


def test_unknown_paths_share_one_series(client):
    for path in ("/a", "/b/c", "/v1/hands/nothing"):
        client.get(path)
    counts = samples(client.get("/metrics").get_data(as_text=True), f"{DURATION}_count")
    assert counts == {("GET", "None", "404"): 3}


def test_metrics_is_an_operation_not_part_of_the_contract(client):
    assert client.get("/metrics").status_code == 200
    assert "/metrics" not in safe_load((ROOT / "openapi.yaml").read_text())["paths"]
    assert "/metrics" not in json.loads(client.get("/openapi.json").get_data())["paths"]


def test_made_up_methods_share_one_series(client):
    for index in range(40):
        client.open("/healthz", method=f"QWERTY{index}")
    client.open("/healthz", method="DELETE")
    counts = samples(client.get("/metrics").get_data(as_text=True), f"{DURATION}_count")
    assert counts == {("other", "None", "405"): 40, ("DELETE", "None", "405"): 1}  # no route takes them
