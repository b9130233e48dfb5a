"""A soak: the real server under a saturating mix for minutes, its errors, latency and workers' memory.

Run from the project root: ``python bench/soak.py [--seconds 300] [--connections 64]`` (needs
Debian's wrk; not in CI). wrk alternates the 8-player legal-actions hand of ``bench/table.py``
and a 100-hand ranking batch over 64 connections; meanwhile a liveness prober calls ``/healthz``
every second with the chart's 2 s timeout. Prints req/s, errors, p50/p99, the probes, and each
worker's resident memory at the start and the end.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.engine import build_snapshot
from bench.serving import Server, lua_text, running_server, timed_request
from bench.table import request_body
from service.stud_family.cards import CARD_CODES

MIX = """
local bodies = {%s, %s}
local paths = {"/v1/legal-actions", "/v1/hands/rank"}
local sent = 0
request = function()
  sent = sent + 1
  local pick = sent %% 2 + 1
  return wrk.format("POST", paths[pick], {["Content-Type"] = "application/json"}, bodies[pick])
end
"""
"""wrk's script: legal-actions and ranking requests in turn."""


def worker_memory(server: Server) -> dict[int, int]:
    """Each live worker's resident memory in KiB, by pid."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    return {int(pid): int(re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text()).group(1))
            for pid in children}


def probe_liveness(server: Server, stop: threading.Event, results: list[float | None]) -> None:
    """Call /healthz each second as the chart's liveness probe does; the seconds each took, None for a failure."""
    while not stop.wait(1):
        results.append(timed_request(server.address, 2, "GET", "/healthz"))


def main() -> None:
    """Warm the server, soak it, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=300)
    parser.add_argument("--connections", type=int, default=64)
    options = parser.parse_args()
    rng = random.Random(2026)
    batch = {"hands": [rng.sample(list(CARD_CODES), 7) for _ in range(100)]}
    with running_server(workers=2) as server, tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "mix.lua"
        script.write_text(MIX % (lua_text(request_body(build_snapshot())), lua_text(batch)))
        wrk = ["wrk", "-t2", f"-c{options.connections}", "--latency", "-s", str(script), server.base]
        subprocess.run([*wrk[:1], "-d10s", *wrk[1:]], capture_output=True, check=True)
        before = worker_memory(server)
        stop, probes = threading.Event(), []
        prober = threading.Thread(target=probe_liveness, args=(server, stop, probes))
        prober.start()
        output = subprocess.run([*wrk[:1], f"-d{options.seconds}s", *wrk[1:]], capture_output=True, text=True,
                                check=True).stdout
        stop.set()
        prober.join()
        after = worker_memory(server)
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", output, re.MULTILINE))
    socket_errors = re.search(r"Socket errors: (.*)", output)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    print(f"{options.seconds} s at {options.connections} connections, legal-actions and 100-hand batches in turn, "
          f"2 workers: {rate:,.0f} req/s, p50 {latency['50']}, p99 {latency['99']}")
    print(f"errors: {non_2xx.group(1) if non_2xx else 0} non-2xx, socket errors: "
          f"{socket_errors.group(1) if socket_errors else 'none'}")
    passed = [seconds for seconds in probes if seconds is not None]
    print(f"liveness probes (2 s timeout): {len(passed)} of {len(probes)} passed, median "
          f"{statistics.median(passed) * 1000:.0f} ms, slowest {max(passed) * 1000:.0f} ms")
    for pid in sorted(before):
        growth = (after[pid] / before[pid] - 1) * 100 if pid in after else float("nan")
        print(f"worker {pid}: {before[pid] / 1024:.1f} MiB after warm-up, "
              f"{after.get(pid, 0) / 1024:.1f} MiB at the end "
              f"({growth:+.1f}%)")


if __name__ == "__main__":
    main()
