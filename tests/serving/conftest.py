"""The real server, started as users start it: ``python -m service`` on a free loopback port."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def call(url, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.status, dict(response.headers), json.loads(response.read())


def wait_until_ready(base: str, process: subprocess.Popen, log: Callable[[], str], seconds: float = 30) -> None:
    """Poll /readyz until the server answers; fail with its log if it exits or takes too long."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            call(f"{base}/readyz")
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"server did not start:\n{log()}")
            time.sleep(0.1)


@pytest.fixture(scope="module")
def server():
    port = free_port()
    env = {**os.environ, "WEB_CONCURRENCY": "2"}
    process = subprocess.Popen([sys.executable, "-m", "service", "--bind", f"127.0.0.1:{port}"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    wait_until_ready(base, process, process.stdout.read)
    yield base, process
    if process.poll() is None:
        process.kill()
        process.wait()
    process.stdout.close()


