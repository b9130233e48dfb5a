"""Slow clients against the real server: 100 connections sending a byte a second, and what everyone else gets.

Run from the project root: ``python bench/slow_clients.py [--clients 100] [--seconds 90] [--load 64]
[--checkout PATH]``. The server runs as the README starts it (2 workers, the 30 s body
deadline), from this checkout or from PATH's, on its own ``.venv`` (a baseline). Half the slow
clients dribble a request body, half the request line and headers; each opens a new connection
when the server cuts it off, so the pod holds about ``--clients`` of them throughout. Meanwhile
a prober calls ``/healthz`` every 0.2 s with a 1 s timeout, a liveness prober does as the
chart's probe does (a 2 s timeout), a caller ranks a hand every 0.2 s and, with ``--load``, wrk
saturates the server with that many connections of legal-actions requests (Debian's wrk).
Prints how each fared.
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.engine import build_snapshot
from bench.serving import ROOT, lua_text, running_server, timed_request
from bench.table import request_body

HEADERS = (b"POST /v1/hands/rank HTTP/1.1\r\nHost: razz\r\nContent-Type: application/json\r\n"
           b"Content-Length: 4096\r\n\r\n")


def dribble(target: tuple[str, int], headers_first: bool, until: float, endings: Counter) -> None:
    """Keep one slow client going until ``until``: a byte a second, a new connection each time one is cut off."""
    while time.monotonic() < until:
        try:
            connection = socket.create_connection(target, timeout=5)
        except OSError:
            endings["refused connection"] += 1
            time.sleep(0.1)
            continue
        with connection:
            endings[held(connection, headers_first, until)] += 1


def held(connection: socket.socket, headers_first: bool, until: float) -> str:
    """Dribble on ``connection`` until the server ends it or ``until`` comes: how it ended."""
    rest = b" " * 4096
    if headers_first:
        connection.sendall(HEADERS)
    else:
        rest = HEADERS + rest
    connection.settimeout(1)
    try:
        for byte in rest:
            if time.monotonic() >= until:
                return "still open at the end"
            connection.send(bytes([byte]))
            try:
                answer = connection.recv(256)
            except TimeoutError:
                continue
            return f"answered {answer.split(b' ', 2)[1].decode()}" if answer else "closed"
    except OSError:
        return "closed"
    return "sent in full"


def main() -> None:
    """Hold the slow clients, probe and call meanwhile, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--load", type=int, default=0, help="wrk connections of legal-actions meanwhile")
    parser.add_argument("--checkout", type=Path, default=ROOT, help="serve another checkout, on its own .venv")
    options = parser.parse_args()
    rank = json.dumps({"hands": [["As", "2d", "3c", "4h", "9s", "Kd", "Kc"]]}).encode()
    with running_server(checkout=options.checkout.resolve()) as server, tempfile.TemporaryDirectory() as folder:
        target = server.address
        until = time.monotonic() + options.seconds
        load = None
        if options.load:
            script = Path(folder) / "legal.lua"
            script.write_text('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                              f"wrk.body = {lua_text(request_body(build_snapshot()))}\n")
            load = subprocess.Popen(["wrk", "-t1", f"-c{options.load}", f"-d{int(options.seconds)}s", "-s",
                                     str(script), f"{server.base}/v1/legal-actions"], stdout=subprocess.PIPE, text=True)
        endings: Counter = Counter()
        clients = [threading.Thread(target=dribble, args=(target, index % 2 == 0, until, endings))
                   for index in range(options.clients)]
        for client in clients:
            client.start()
        time.sleep(2)
        probes: list[float | None] = []
        liveness: list[float | None] = []
        calls: list[float | None] = []
        while time.monotonic() < until - 1:
            probes.append(timed_request(target, 1, "GET", "/healthz"))
            calls.append(timed_request(target, 10, "POST", "/v1/hands/rank", rank))
            if len(probes) % 5 == 0:
                liveness.append(timed_request(target, 2, "GET", "/healthz"))
            time.sleep(0.2)
        for client in clients:
            client.join()
        loaded = load.communicate()[0] if load else ""
    answered = sorted(seconds for seconds in probes if seconds is not None)
    print(f"{options.checkout}: {options.clients} slow clients for {options.seconds:.0f} s, 2 workers")
    if loaded:
        rate = re.search(r"Requests/sec:\s+([\d.]+)", loaded).group(1)
        errors = re.search(r"Non-2xx or 3xx responses: \d+|Socket errors: .*", loaded)
        print(f"meanwhile wrk, {options.load} connections of legal-actions: {rate} req/s, "
              + (errors.group(0) if errors else "no errors"))
    spread = (f", median {statistics.median(answered) * 1000:.1f} ms, p99 "
              f"{answered[int(0.99 * (len(answered) - 1))] * 1000:.1f} ms, max {answered[-1] * 1000:.1f} ms"
              if answered else "")
    print(f"/healthz, 1 s timeout: {len(answered)} of {len(probes)} answered "
          f"({100 * len(answered) / len(probes):.1f}%){spread}")
    passed = [seconds for seconds in liveness if seconds is not None]
    print(f"liveness probe as the chart's (2 s timeout): {len(passed)} of {len(liveness)} passed"
          + (f", slowest {max(passed) * 1000:.1f} ms" if passed else ""))
    print(f"ranking calls: {sum(seconds is not None for seconds in calls)} of {len(calls)} served")
    print("slow clients cut off: " + ", ".join(f"{count} {ending}" for ending, count in sorted(endings.items())))


if __name__ == "__main__":
    main()
