"""gunicorn as the container runs it: its settings, a socket per worker, every log line JSON, a clean SIGTERM."""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
from pathlib import Path

import pytest

from ..serving.conftest import ROOT, call, serving

pytestmark = pytest.mark.serving

SETTINGS_ENVIRONMENT = {"BIND", "HOST", "PORT", "WEB_CONCURRENCY", "GUNICORN_WORKER_CONNECTIONS", "GUNICORN_CMD_ARGS",
                        "GUNICORN_MAX_REQUESTS", "GUNICORN_GRACEFUL_TIMEOUT", "PROMETHEUS_MULTIPROC_DIR"}


def effective_settings(folder: Path = ROOT, **env: str) -> dict[str, str]:
    """gunicorn's own view (``--print-config``) of what ``python -m service`` run in ``folder`` under ``env`` uses."""
    clean = {key: value for key, value in os.environ.items() if key not in SETTINGS_ENVIRONMENT}
    printed = subprocess.run([sys.executable, "-m", "service", "--", "--print-config"], cwd=folder,
                             env={**clean, **env}, capture_output=True, text=True, check=True).stdout
    return {name.strip(): value.strip() for name, _, value in (line.partition("=") for line in printed.splitlines())}


def test_defaults_fit_a_container():
    settings = effective_settings()
    assert settings["bind"] == "['127.0.0.1:8080']"
    assert (settings["workers"], settings["worker_connections"]) == ("2", "1000")
    assert settings["worker_class"] == "service.serving.worker.Worker"
    assert settings["control_socket_disable"] == "True"
    assert settings["worker_tmp_dir"] == "/dev/shm"
    assert settings["preload_app"] == "True"
    assert (settings["max_requests"], settings["max_requests_jitter"]) == ("0", "0")
    assert 0 < int(settings["graceful_timeout"]) <= 25
    assert "JsonLogger" in settings["logger_class"]


def test_environment_sets_listener_and_concurrency():
    settings = effective_settings(HOST="0.0.0.0", PORT="9000", WEB_CONCURRENCY="3", GUNICORN_WORKER_CONNECTIONS="50",
                                  GUNICORN_GRACEFUL_TIMEOUT="7")
    assert settings["bind"] == "['0.0.0.0:9000']"
    assert (settings["workers"], settings["worker_connections"], settings["graceful_timeout"]) == ("3", "50", "7")
    assert effective_settings(BIND="unix:/tmp/razz.sock", PORT="9000")["bind"] == "['unix:/tmp/razz.sock']"


def test_the_package_carries_its_settings_to_any_folder(tmp_path):
    elsewhere, checkout = effective_settings(tmp_path), effective_settings()
    assert (elsewhere.pop("config"), checkout.pop("config")) == ("python:service.serving.settings",
                                                                 str(ROOT / "gunicorn.conf.py"))
    assert (elsewhere.pop("chdir"), checkout.pop("chdir")) == (str(tmp_path), str(ROOT))
    assert elsewhere == checkout


def test_a_gunicorn_conf_py_in_the_working_folder_overrides_them(tmp_path):
    (tmp_path / "gunicorn.conf.py").write_text("from service.serving.settings import *  # noqa: F403\nworkers = 5\n")
    settings = effective_settings(tmp_path)
    assert (settings["workers"], settings["worker_class"]) == ("5", "service.serving.worker.Worker")


def test_recycling_workers_has_jitter():
    settings = effective_settings(GUNICORN_MAX_REQUESTS="5000")
    assert (settings["max_requests"], settings["max_requests_jitter"]) == ("5000", "500")


def listening_sockets(port: int) -> int:
    """How many TCP sockets listen on ``port`` (state 0A in /proc/net/tcp)."""
    rows = (line.split() for line in Path("/proc/net/tcp").read_text().splitlines()[1:])
    return sum(1 for row in rows if row[1].endswith(f":{port:04X}") and row[3] == "0A")


def sockets_once_workers_booted(port: int, expected: int) -> int:
    """The listening sockets on ``port`` once there are ``expected``, or after 10 s: each worker binds as it boots."""
    deadline = time.monotonic() + 10
    while (found := listening_sockets(port)) < expected and time.monotonic() < deadline:
        time.sleep(0.05)
    return found


def probe_over_connections(base: str, connections: int) -> None:
    """Hold ``connections`` keep-alive connections open together and ask each twice for the rules catalogue."""
    host, port = base.removeprefix("http://").split(":")
    clients = [http.client.HTTPConnection(host, int(port), timeout=5) for _ in range(connections)]
    for _ in range(2):
        for client in clients:
            client.request("GET", "/v1/rules")
            response = client.getresponse()
            assert response.status == 200 and response.read()
    for client in clients:
        client.close()


def test_each_worker_listens_on_its_own_socket_and_takes_connections(tmp_path):
    with serving(tmp_path) as server:
        port = int(server.base.rsplit(":", 1)[1])
        assert sockets_once_workers_booted(port, expected=2) == 2
        probe_over_connections(server.base, connections=16)
        assert server.stop() == 0
    lines = map(json.loads, server.stdout.read_text().splitlines())
    pids = {line["pid"] for line in lines if line["path"] == "/v1/rules"}
    assert len(pids) == 2  # 16 connections on one worker of two: odds 1 in 32768
    assert "Each worker listens on a socket of its own (SO_REUSEPORT)" in server.stderr.read_text()


def test_a_port_already_taken_is_refused_not_shared(tmp_path):
    with serving(tmp_path) as server:
        port = int(server.base.rsplit(":", 1)[1])
        started = time.monotonic()
        second = subprocess.run([sys.executable, "-m", "service", "--port", str(port)], cwd=ROOT,
                                capture_output=True, text=True, timeout=30, check=False)
        seconds = time.monotonic() - started
        assert sockets_once_workers_booted(port, expected=2) == 2
    assert (second.returncode, second.stdout) == (1, "")
    [line] = map(json.loads, second.stderr.splitlines())
    assert (line["level"], line["message"]) == ("error",
                                                f"cannot listen on {server.base}: the address is already in use")
    assert seconds < 4  # gunicorn alone retries for 5 s


def test_port_zero_gets_one_port_for_all_workers():
    process = subprocess.Popen([sys.executable, "-m", "service", "--bind", "127.0.0.1:0"], cwd=ROOT,
                               stderr=subprocess.PIPE, text=True)
    try:
        line = next(line for line in process.stderr if "Listening at:" in line)
    finally:
        process.terminate()
        process.wait(timeout=30)
        process.stderr.close()
    assert re.search(r"Listening at: http://127\.0\.0\.1:[1-9]\d* \(\d+\)", line), line


def test_recycled_workers_share_one_socket(tmp_path):
    with serving(tmp_path, GUNICORN_MAX_REQUESTS="1000") as server:
        assert listening_sockets(int(server.base.rsplit(":", 1)[1])) == 1


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory) -> dict:
    """One server: a traced call, an untraced call with an awkward user agent, a probe and a 404, then SIGTERM."""
    with serving(tmp_path_factory.mktemp("logs")) as server:
        _, traced, _ = call(f"{server.base}/v1/hands/rank", {"hands": [["As", "2d"]]}, {"X-Request-ID": "trace-1"})
        _, untraced, _ = call(f"{server.base}/v1/rules", headers={"User-Agent": 'probe "quoted" \\ agent'})
        call(f"{server.base}/healthz")
        with pytest.raises(urllib.error.HTTPError) as missing:
            call(f"{server.base}/nowhere?x=1")
        missing.value.close()
        exit_code = server.stop()
        return {"exit_code": exit_code, "stdout": server.stdout.read_text(), "stderr": server.stderr.read_text(),
                "untraced_id": untraced["X-Request-ID"], "missing_id": missing.value.headers["X-Request-ID"],
                "traced_id": traced["X-Request-ID"], "base": server.base}


def access_lines(run: dict) -> list[dict]:
    """Every access-log line, each of which must be one JSON object."""
    return [json.loads(line) for line in run["stdout"].splitlines()]


def test_every_access_line_is_a_json_object_with_the_request_id(finished_run):
    lines = [line for line in access_lines(finished_run) if line["path"] != "/readyz"]  # 503s while starting
    assert len(lines) == 3  # the rank call, the rules and the 404: probes that answer 200 are not logged
    assert all(isinstance(line, dict) and line["request_id"] and line["logger"] == "access" for line in lines)
    traced = next(line for line in lines if line["request_id"] == "trace-1")
    assert (traced["method"], traced["path"], traced["status"]) == ("POST", "/v1/hands/rank", 200)
    assert traced["duration_ms"] >= 0 and traced["bytes"] > 0 and traced["time"].endswith("+00:00")


def test_generated_request_ids_and_awkward_values_survive(finished_run):
    by_id = {line["request_id"]: line for line in access_lines(finished_run)}
    assert by_id[finished_run["untraced_id"]]["user_agent"] == 'probe "quoted" \\ agent'
    missing = by_id[finished_run["missing_id"]]
    assert (missing["status"], missing["path"], missing["query"]) == (404, "/nowhere", "x=1")


def test_the_servers_own_lines_are_json_of_the_same_schema(finished_run):
    lines = [json.loads(line) for line in finished_run["stderr"].splitlines()]
    assert {line["logger"] for line in lines} == {"gunicorn"}
    assert all({"time", "level", "pid", "message"} <= set(line) for line in lines)
    assert {line["level"] for line in lines} == {"info"}


def test_one_line_says_where_the_server_listens_once_it_is_ready(finished_run):
    messages = [json.loads(line)["message"] for line in finished_run["stderr"].splitlines()]
    said = [message for message in messages if message.startswith(("ready on", "Listening at"))]
    assert said == [f"ready on {finished_run['base']}, 2 workers"]
    assert messages.index(said[0]) > max(index for index, message in enumerate(messages) if "Worker warm" in message)


def test_sigterm_stops_the_server_cleanly(finished_run):
    assert finished_run["exit_code"] == 0
    assert "Traceback" not in finished_run["stderr"]
    assert any(json.loads(line)["message"] == "Shutting down: Master" for line in finished_run["stderr"].splitlines())
