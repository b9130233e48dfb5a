"""Start the real server (``python -m service``) on a free loopback port and load it with wrk."""

from __future__ import annotations

import http.client
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
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CONNECTIONS = 8
"""wrk's connections: each worker has its own socket and the kernel spreads connections by hash,
so with 8 all land on one worker of two in 1 run in 128 (with 4, 1 in 8)."""

HTTP_SETUP = f"2 workers, wrk {CONNECTIONS} connections, medians of 5 interleaved 3 s runs"


def free_port() -> int:
    """A loopback port nobody listens on: the first free one of ``RAZZ_BENCH_PORTS`` (``18500-18599``) when set, so
    benches run beside each other keep to their own ranges, else one the kernel picks."""
    first, _, last = os.environ.get("RAZZ_BENCH_PORTS", "0-0").partition("-")
    for port in range(int(first), int(last or first) + 1):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return probe.getsockname()[1]
    raise SystemExit(f"no free loopback port in RAZZ_BENCH_PORTS={os.environ['RAZZ_BENCH_PORTS']}")


@dataclass(frozen=True)
class Server:
    """A running server: where to reach it, and its process to account its CPU time."""

    base: str
    pid: int

    @property
    def address(self) -> tuple[str, int]:
        """Host and port, for sockets and ``http.client``."""
        host, port = self.base.removeprefix("http://").split(":")
        return host, int(port)

    def cpu_seconds(self) -> float:
        """CPU time (user and system) used so far by the arbiter and its live workers."""
        children = Path(f"/proc/{self.pid}/task/{self.pid}/children").read_text().split()
        total = 0
        for pid in [self.pid, *map(int, children)]:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Load:
    """What one wrk run measured: the rate, and what it cost the server (so a busy machine shows)."""

    requests_per_second: float
    server_cores: float
    """Server CPU seconds per second of the run: near the worker count when the load saturates it."""
    cpu_ms_per_request: float


@contextmanager
def running_server(workers: int = 2, checkout: Path = ROOT, app: str | None = None,
                   port: int | None = None) -> Iterator[Server]:
    """The service as users run it, from ``checkout`` with the Python running this, stopped with SIGTERM after.

    Another checkout is served by its own ``.venv`` (which must have it installed), so two
    versions can be measured side by side. ``app`` (``module:factory()``, found from the
    checkout's folder) is served instead of the service, by gunicorn with the service's settings. ``port``
    (default: one the kernel finds free) is the loopback port it listens on.
    """
    port = port or free_port()
    python = sys.executable if checkout == ROOT else str(checkout / ".venv" / "bin" / "python")
    env = {**os.environ, "WEB_CONCURRENCY": str(workers)}
    served = ["service"] if app is None else ["gunicorn", "--config", "python:service.serving.settings"]
    command = [python, "-m", *served, "--bind", f"127.0.0.1:{port}", "--access-logfile", "/dev/null",
               *([] if app is None else [app])]
    process = subprocess.Popen(command, cwd=checkout, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{base}/readyz", timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"{checkout}: the server did not start") from None
                time.sleep(0.1)
        yield Server(base, process.pid)
    finally:
        process.terminate()
        process.wait(timeout=30)


def timed_request(target: tuple[str, int], timeout: float, method: str, path: str,
                  body: bytes | None = None) -> float | None:
    """Seconds a request took on a new connection to answer 200, or None when it failed or took over ``timeout``."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(*target, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return time.monotonic() - started if response.status == 200 else None
    except OSError:
        return None
    finally:
        connection.close()


def cost_line(name: str, load: Load, healthz: Load) -> str:
    """What a request of ``name`` and a probe cost the server, and whether the load kept both workers busy."""
    return (f"server CPU per request: {name} {load.cpu_ms_per_request:.2f} ms, /healthz "
            f"{healthz.cpu_ms_per_request:.2f} ms; cores the server used: {load.server_cores:.2f} and "
            f"{healthz.server_cores:.2f} of 2 (under 2: a busy machine, or wrk's connections all on one worker)")


def lua_text(body: object) -> str:
    """``body`` as JSON in a Lua long string for wrk's scripts: no "]]" may end it early, and the same JSON."""
    return "[[" + json.dumps(body).replace("]]", "] ]") + "]]"


def wrk_load(server: Server, path: str, body: object | None = None, seconds: int = 10,
             connections: int = CONNECTIONS, threads: int = 1) -> Load:
    """What wrk reaches against ``path``, POSTing ``body`` as JSON when given, and the server's CPU for it."""
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk")
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency"]
    with tempfile.TemporaryDirectory() as folder:
        if body is not None:
            script = Path(folder) / "post.lua"
            script.write_text('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                              f"wrk.body = {lua_text(body)}\n")
            command += ["-s", str(script)]
        cpu_before, started = server.cpu_seconds(), time.monotonic()
        output = subprocess.run(command + [server.base + path], capture_output=True, text=True, check=True).stdout
        cpu, elapsed = server.cpu_seconds() - cpu_before, time.monotonic() - started
    if "Non-2xx" in output:
        raise SystemExit(f"wrk saw errors:\n{output}")
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    return Load(rate, cpu / elapsed, 1000 * cpu / requests)


def beside_healthz(path: str, body: object | None) -> tuple[Load, Load]:
    """``path`` (POSTing ``body``) and ``/healthz`` on a fresh 2-worker server, in alternating runs."""
    with running_server(workers=2) as server:
        loads = alternating_medians(server, {"target": (path, body), "healthz": ("/healthz", None)})
    return loads["target"], loads["healthz"]


def alternating_medians(server: Server, targets: dict[str, tuple[str, object | None]], rounds: int = 5,
                        seconds: int = 3) -> dict[str, Load]:
    """Medians per target over ``rounds`` interleaved wrk runs, so a slow spell hits them all alike."""
    loads: dict[str, list[Load]] = {name: [] for name in targets}
    for path, body in targets.values():
        wrk_load(server, path, body, seconds=1)
    for _ in range(rounds):
        for name, (path, body) in targets.items():
            loads[name].append(wrk_load(server, path, body, seconds=seconds))
    return {name: Load(*(statistics.median(getattr(load, field) for load in runs)
                         for field in ("requests_per_second", "server_cores", "cpu_ms_per_request")))
            for name, runs in loads.items()}
