"""Start the real server (``python -m service``) on a free loopback port and load it with wrk."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A loopback port nobody listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def running_server(workers: int = 2) -> Iterator[str]:
    """The service as users run it, stopped with SIGTERM afterwards; yields its base URL."""
    port = free_port()
    env = {**os.environ, "WEB_CONCURRENCY": str(workers)}
    process = subprocess.Popen([sys.executable, "-m", "service", "--bind", f"127.0.0.1:{port}", "--access-logfile", "/dev/null"],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{base}/readyz", timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


def wrk_requests_per_second(url: str, body: object | None = None, seconds: int = 10,
                            connections: int = 4, threads: int = 1) -> float:
    """Requests/s that wrk reaches against ``url``, POSTing ``body`` as JSON when given."""
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk")
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency"]
    with tempfile.TemporaryDirectory() as folder:
        if body is not None:
            script = Path(folder) / "post.lua"
            payload = json.dumps(body).replace("\\", "\\\\").replace("]]", "] ]")
            script.write_text('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                              f"wrk.body = [[{payload}]]\n")
            command += ["-s", str(script)]
        output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in output:
        raise SystemExit(f"wrk saw errors:\n{output}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))


def alternating_medians(targets: dict[str, tuple[str, object | None]], rounds: int = 5,
                        seconds: int = 3) -> dict[str, float]:
    """Median req/s per target over ``rounds`` interleaved wrk runs, so a slow spell hits them all alike."""
    rates: dict[str, list[float]] = {name: [] for name in targets}
    for url, body in targets.values():
        wrk_requests_per_second(url, body, seconds=1)
    for _ in range(rounds):
        for name, (url, body) in targets.items():
            rates[name].append(wrk_requests_per_second(url, body, seconds=seconds))
    return {name: statistics.median(values) for name, values in rates.items()}
