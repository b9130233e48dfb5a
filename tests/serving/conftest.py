"""The real server, started as users start it: ``python -m service`` on a free loopback port."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def call(url: str, body: object = None, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], object]:
    """POST ``body`` as JSON (GET without one) and read the JSON answer; HTTPError for an error status."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.status, dict(response.headers), json.loads(response.read())


def wait_until_ready(base: str, process: subprocess.Popen, log: Callable[[], str], seconds: float = 30) -> None:
    """Poll /readyz until the server answers 200; fail with its log if it exits or takes too long."""
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


@dataclass
class Server:
    """A running ``python -m service`` and where its access log (stdout) and error log (stderr) go."""

    base: str
    process: subprocess.Popen
    stdout: Path
    stderr: Path

    @property
    def address(self) -> tuple[str, int]:
        """Host and port, for raw sockets."""
        host, port = self.base.removeprefix("http://").split(":")
        return host, int(port)

    def workers(self) -> set[int]:
        """The pids of the arbiter's live workers."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text()
        return set(map(int, children.split()))

    def stop(self) -> int:
        """SIGTERM, as Kubernetes stops a pod; the exit code."""
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)


def start(folder: Path, cwd: Path = ROOT, **env: str | None) -> Server:
    """Start the service in ``cwd``, with ``env`` over this environment (None unsets a variable); do not wait."""
    port = free_port()
    environment = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), **env}
    stdout, stderr = folder / "stdout.log", folder / "stderr.log"
    with stdout.open("w") as out, stderr.open("w") as err:
        process = subprocess.Popen([sys.executable, "-m", "service"], cwd=cwd, stdout=out, stderr=err,
                                   env={name: value for name, value in environment.items() if value is not None})
    return Server(f"http://127.0.0.1:{port}", process, stdout, stderr)


@contextmanager
def serving(folder: Path, **env: str | None) -> Iterator[Server]:
    """Start the service as ``start`` does, wait until /readyz answers, and stop it after if still running."""
    server = start(folder, **env)
    process = server.process
    try:
        wait_until_ready(server.base, process, server.stderr.read_text)
        yield server
    finally:
        if process.poll() is None:  # stopped as Kubernetes stops it, so that it cleans up after itself
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def probe(server: Server, timeout: float) -> float | None:
    """Seconds /healthz took to answer 200 on a new connection, or None when it did not within ``timeout``."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(*server.address, timeout=timeout)
    try:
        connection.request("GET", "/healthz")
        answered = connection.getresponse().status == 200
    except OSError:
        return None
    finally:
        connection.close()
    return time.monotonic() - started if answered else None


def exchange(address: tuple[str, int], request: bytes, timeout: float = 10) -> bytes:
    """Send raw bytes and read the answer until the server closes the connection."""
    with socket.create_connection(address, timeout=timeout) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def receive(connection: socket.socket) -> bytes:
    """One whole answer read off ``connection``: its head, then as many bytes as its Content-Length says."""
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += connection.recv(65536)
    length = int(parse(answer)[1]["content-length"])
    while len(answer.partition(b"\r\n\r\n")[2]) < length:
        answer += connection.recv(65536)
    return answer


def parse(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    """The status, headers (lower-case names) and body of one raw HTTP/1.1 answer."""
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines)
    return int(status_line.split()[1]), {name.lower(): value for name, value in headers.items()}, body


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    """One server for a module's tests, with the README's defaults (2 workers)."""
    with serving(tmp_path_factory.mktemp("server"), WEB_CONCURRENCY="2") as running:
        yield running
