"""gunicorn as the container runs it: its settings, one JSON access line per request, a clean SIGTERM."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error

import pytest

from ..serving.conftest import ROOT, call
from .conftest import serving


def effective_settings(**env: str) -> dict[str, str]:
    """gunicorn's own view of gunicorn.conf.py (``--print-config``) under ``env``."""
    clean = {key: value for key, value in os.environ.items()
             if key not in {"BIND", "HOST", "PORT", "WEB_CONCURRENCY", "GUNICORN_THREADS", "GUNICORN_CMD_ARGS"}}
    printed = subprocess.run([sys.executable, "-m", "service", "--print-config"], cwd=ROOT, env={**clean, **env},
                             capture_output=True, text=True, check=True).stdout
    return {name.strip(): value.strip() for name, _, value in (line.partition("=") for line in printed.splitlines())}


def test_defaults_fit_a_container():
    settings = effective_settings()
    assert settings["bind"] == "['127.0.0.1:8080']"
    assert (settings["workers"], settings["threads"], settings["worker_class"]) == ("2", "4", "gthread")
    assert settings["control_socket_disable"] == "True"
    assert settings["worker_tmp_dir"] == "/dev/shm"
    assert settings["preload_app"] == "True"
    recycle, jitter = int(settings["max_requests"]), int(settings["max_requests_jitter"])
    assert 0 < jitter < recycle
    assert 0 < int(settings["graceful_timeout"]) <= 25
    assert "JsonAccessLogger" in settings["logger_class"]


def test_environment_sets_listener_and_concurrency():
    settings = effective_settings(HOST="0.0.0.0", PORT="9000", WEB_CONCURRENCY="3", GUNICORN_THREADS="2",
                                  GUNICORN_GRACEFUL_TIMEOUT="7")
    assert settings["bind"] == "['0.0.0.0:9000']"
    assert (settings["workers"], settings["threads"], settings["graceful_timeout"]) == ("3", "2", "7")
    assert effective_settings(BIND="unix:/tmp/razz.sock", PORT="9000")["bind"] == "['unix:/tmp/razz.sock']"


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory) -> dict:
    """One server: a traced call, an untraced call, an awkward user agent and a 404, then SIGTERM."""
    with serving(tmp_path_factory.mktemp("logs")) as server:
        _, traced, _ = call(f"{server.base}/v1/hands/rank", {"hands": [["As", "2d"]]}, {"X-Request-ID": "trace-1"})
        _, untraced, _ = call(f"{server.base}/healthz", headers={"User-Agent": 'probe "quoted" \\ agent'})
        with pytest.raises(urllib.error.HTTPError) as missing:
            call(f"{server.base}/nowhere?x=1")
        missing.value.close()
        exit_code = server.stop()
        return {"exit_code": exit_code, "stdout": server.stdout.read_text(), "stderr": server.stderr.read_text(),
                "untraced_id": untraced["X-Request-ID"], "missing_id": missing.value.headers["X-Request-ID"],
                "traced_id": traced["X-Request-ID"]}


def access_lines(run: dict) -> list[dict]:
    """Every access-log line, each of which must be one JSON object."""
    return [json.loads(line) for line in run["stdout"].splitlines()]


def test_every_access_line_is_a_json_object_with_the_request_id(finished_run):
    lines = access_lines(finished_run)
    assert len(lines) == 4  # readiness wait, the rank call, the probe, the 404
    assert all(isinstance(line, dict) and line["request_id"] for line in lines)
    traced = next(line for line in lines if line["request_id"] == "trace-1")
    assert (traced["method"], traced["path"], traced["status"]) == ("POST", "/v1/hands/rank", 200)
    assert traced["duration_ms"] >= 0 and traced["bytes"] > 0 and traced["time"].endswith("+00:00")


def test_generated_request_ids_and_awkward_values_survive(finished_run):
    by_id = {line["request_id"]: line for line in access_lines(finished_run)}
    assert by_id[finished_run["untraced_id"]]["user_agent"] == 'probe "quoted" \\ agent'
    missing = by_id[finished_run["missing_id"]]
    assert (missing["status"], missing["path"], missing["query"]) == (404, "/nowhere", "x=1")


def test_sigterm_stops_the_server_cleanly(finished_run):
    assert finished_run["exit_code"] == 0
    assert "Traceback" not in finished_run["stderr"] and "[ERROR]" not in finished_run["stderr"]
    assert "Shutting down: Master" in finished_run["stderr"]
