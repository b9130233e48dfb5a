"""Start-up beside a baseline checkout, in one run: the app's and the command line's import, the server's start to
its first ready ``/readyz``, and each server process's memory once ready.

Run from the project root: ``python bench/startup.py BASELINE [--rounds 5]``. BASELINE is another checkout (its
``.venv/bin/python`` runs it, as ``bench.serving.running_server`` does). Each round runs both checkouts in turn,
the order turning each round, every figure in a fresh interpreter: ``import service.app`` and
``import service.histories.cli`` timed inside it (what ``-X importtime`` totals), and ``python -m service`` with two
workers timed from its launch to the first 200 from ``/readyz``, then the resident and proportional set size of the
master and of each worker (``/proc``: the workers share the tables the master built before forking them, so their
proportional size is what each really adds). Prints the medians of each side and their ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.serving import free_port  # noqa: E402

IMPORTS = {"app import": "service.app", "CLI import": "service.histories.cli"}


def python_of(checkout: Path) -> str:
    return sys.executable if checkout == ROOT else str(checkout / ".venv" / "bin" / "python")


def import_seconds(checkout: Path, module: str) -> float:
    """Seconds ``import module`` takes in a fresh interpreter run from ``checkout``."""
    timed = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    return float(subprocess.run([python_of(checkout), "-c", timed], cwd=checkout, check=True, capture_output=True,
                                text=True).stdout)


def _memory_kib(pid: int) -> tuple[int, int]:
    """A process's resident and proportional set size, KiB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:])
    return int(fields["Rss"].split()[0]), int(fields["Pss"].split()[0])


def server_start(checkout: Path) -> dict[str, float]:
    """Seconds from launching the server (two workers) to its first ready ``/readyz``, and its processes' memory."""
    port = free_port()
    command = [python_of(checkout), "-m", "service", "--bind", f"127.0.0.1:{port}", "--access-logfile", "/dev/null"]
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=checkout, env={**os.environ, "WEB_CONCURRENCY": "2"},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.perf_counter() - started > 60:
                    raise SystemExit(f"{checkout}: the server did not start") from None
                time.sleep(0.02)
        ready = time.perf_counter() - started
        workers = list(map(int, Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()))
        master_rss, master_pss = _memory_kib(process.pid)
        worker_memory = [_memory_kib(worker) for worker in workers]
        return {"server to /readyz": ready, "master RSS MiB": master_rss / 1024, "master PSS MiB": master_pss / 1024,
                "worker RSS MiB": statistics.mean(rss for rss, _ in worker_memory) / 1024,
                "worker PSS MiB": statistics.mean(pss for _, pss in worker_memory) / 1024}
    finally:
        process.terminate()
        process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    sides = {"baseline": arguments.baseline.resolve(), "this": ROOT}
    figures: dict[str, dict[str, list[float]]] = {side: {} for side in sides}
    for round_ in range(arguments.rounds):
        order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
        for side in order:
            found = {name: import_seconds(sides[side], module) for name, module in IMPORTS.items()}
            found |= server_start(sides[side])
            for name, value in found.items():
                figures[side].setdefault(name, []).append(value)
    print(f"load average {os.getloadavg()[0]:.2f}; medians of {arguments.rounds} rounds")
    print(f"{'figure':<20} {'baseline':>10} {'this':>10} {'this/baseline':>14}")
    for name in figures["this"]:
        base, this = (statistics.median(figures[side][name]) for side in sides)
        print(f"{name:<20} {base:>10.3f} {this:>10.3f} {this / base:>13.2f}x")


if __name__ == "__main__":
    main()
