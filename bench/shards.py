"""The command line's ways past one process, each beside ``--jobs 1`` on the same folder in one run: shards merged,
a Dask cluster, the HTTP service; then the merge's cost and a shard's peak memory against the archive's size.

Run from the project root: ``python bench/shards.py [--copies 300] [--rounds 3]``. The folder is
bench/cli.py's (COPIES copies of the razz samples, 8 hands a copy). Each round runs, in an order
that turns, as a user runs them (start-up included):

* ``--jobs 1``: one process, the baseline;
* 1 shard merged: ``--shard 0/1 --out DIR``, then ``merge DIR``;
* 2 shards merged: ``--shard 0/2`` and ``--shard 1/2`` at once (``--jobs 1`` each), then ``merge``;
* ``--executor``: a Dask ``LocalCluster`` of 2 worker processes (a thread each), started before;
* ``--server``: ``python -m service`` with 2 gunicorn workers on loopback, started before, with
  ``--jobs 2`` and ``--jobs 4`` requests in flight.

Every side's output is compared with the baseline's (``--server``'s but for its total line's nets).
Prints each run's wall time and hands per second, the medians and the medians of the rounds' ratios
against ``--jobs 1``. Then, on archives of COPIES and 4 x COPIES copies: one shard's peak resident
memory (its VmHWM) beside ``--jobs 1``'s and the merge's; and the merge of
the larger one's part called in process (its start-up aside), per million hands.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.cli import folder
from bench.serving import ROOT, running_server

CLI = [sys.executable, "-m", "service.histories"]
NO_NETS = b"net: not in the service's lean answers"


def run(*arguments: str) -> bytes:
    """One run of the command line; its standard output (a failed run stops the bench)."""
    done = subprocess.run([*CLI, *arguments], cwd=ROOT, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout


def sharded(shards: int, hands_folder: Path, parts: Path) -> bytes:
    """N shards at once, one process each, then the merge; its output."""
    started = [subprocess.Popen([*CLI, "--jobs", "1", "--shard", f"{shard}/{shards}", "--out", str(parts),
                                 str(hands_folder)], cwd=ROOT, stderr=subprocess.DEVNULL)
               for shard in range(shards)]
    assert all(process.wait() == 0 for process in started)
    return run("merge", str(parts))


PEAK = ("import re, sys, runpy\n"
        "sys.argv[0] = 'service.histories'\n"
        "try:\n"
        "    runpy.run_module('service.histories', run_name='__main__')\n"
        "finally:\n"
        "    status = open('/proc/self/status').read()\n"
        "    print(re.search(r'VmHWM:\\s+(\\d+)', status)[1], file=sys.stderr)\n")
"""The command line, then its peak resident memory in KiB on standard error: the high-water mark of its own memory
(VmHWM), which an exec starts afresh, unlike ``ru_maxrss`` (Linux carries the forking parent's over)."""


def peak_memory(*arguments: str) -> tuple[float, int]:
    """Wall seconds and peak resident KiB of one run."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PEAK, *arguments], cwd=ROOT, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    assert done.returncode == 0, done.stderr.decode()
    return wall, int(done.stderr.splitlines()[-1])


def merge_in_process(parts: Path, rounds: int) -> float:
    """The median wall seconds of ``merge`` over ``parts`` called in this process, its output thrown away: the
    merge's own cost, without the command line's start-up."""
    from service.histories import cli

    walls = []
    for _ in range(rounds):
        with open(os.devnull, "w") as devnull, contextlib.redirect_stdout(devnull):
            start = time.perf_counter()
            assert cli.main(["merge", str(parts)]) == 0
            walls.append(time.perf_counter() - start)
    return statistics.median(walls)


def comparable(output: bytes) -> bytes:
    """The output but for the total line's nets, which ``--server`` does not know."""
    head, _, total = output.rstrip(b"\n").rpartition(b"\n")
    return head + b"\n" + total[:total.index(b"; net")]


def sides_with(hands_folder: Path, scratch: Path, scheduler: str, server: str) -> dict[str, Callable[[int], bytes]]:
    """Each side, as a call taking the round (for a fresh parts folder) and giving its output."""
    folder_argument = str(hands_folder)
    return {
        "--jobs 1": lambda _: run("--jobs", "1", folder_argument),
        "1 shard merged": lambda round_: sharded(1, hands_folder, scratch / f"one-{round_}"),
        "2 shards merged": lambda round_: sharded(2, hands_folder, scratch / f"two-{round_}"),
        "--executor, 2-worker LocalCluster": lambda _: run("--executor", scheduler, folder_argument),
        "--server, 2 workers, --jobs 2": lambda _: run("--server", server, "--jobs", "2", folder_argument),
        "--server, 2 workers, --jobs 4": lambda _: run("--server", server, "--jobs", "4", folder_argument),
    }


def main() -> None:
    """The sides in turn, then memory and the merge; print each run and the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    from distributed import LocalCluster

    with tempfile.TemporaryDirectory() as temporary, running_server(workers=2) as server, \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, protocol="tcp", host="127.0.0.1",
                         dashboard_address=None) as cluster:
        scratch = Path(temporary)
        hands_folder = scratch / "hands"
        hands = folder(arguments.copies, hands_folder)
        scheduler = cluster.scheduler_address.replace("tcp://", "dask://")
        sides = sides_with(hands_folder, scratch, scheduler, server.base)
        names = list(sides)
        print(f"{arguments.copies * 6} files, {hands} hands; cores {len(os.sched_getaffinity(0))}; "
              f"load average {os.getloadavg()[0]:.2f} at the start")
        walls: dict[str, list[float]] = {name: [] for name in names}
        baseline: bytes | None = None
        outputs: set[tuple[str, bytes]] = set()
        for round_ in range(arguments.rounds):
            for name in names[round_ % len(names):] + names[:round_ % len(names)]:
                start = time.perf_counter()
                output = sides[name](round_)
                wall = time.perf_counter() - start
                walls[name].append(wall)
                if name == "--jobs 1":
                    baseline = baseline or output
                    assert output == baseline
                print(f"round {round_ + 1} {name}: {wall:.2f} s, {hands / wall:,.0f} hands/s")
                outputs.add((name, output))
        for name, output in outputs:
            assert baseline is not None
            if name.startswith("--server"):
                assert comparable(output) == comparable(baseline) and NO_NETS in output, name
            else:
                assert output == baseline, name
        for name in names:
            wall = statistics.median(walls[name])
            ratios = [one / other for one, other in zip(walls[names[0]], walls[name], strict=True)]
            against = "" if name == names[0] else (f", {statistics.median(ratios):.2f}x --jobs 1's hands/s "
                                                   f"({min(ratios):.2f}-{max(ratios):.2f})")
            print(f"{name}: median {wall:.2f} s, {hands / wall:,.0f} hands/s{against}")

        print(f"load average {os.getloadavg()[0]:.2f}; memory and the merge:")
        for scale in (1, 4):
            archive = scratch / f"archive-{scale}"
            scaled = folder(arguments.copies * scale, archive)
            parts = scratch / f"parts-{scale}"
            shard_wall, shard_peak = peak_memory("--jobs", "1", "--shard", "0/1", "--out", str(parts), str(archive))
            _, plain_peak = peak_memory("--jobs", "1", str(archive))
            merge_wall, merge_peak = peak_memory("merge", str(parts))
            print(f"{scaled} hands: a shard {shard_wall:.2f} s, peak {shard_peak / 1024:.1f} MiB (--jobs 1: "
                  f"{plain_peak / 1024:.1f} MiB); its merge {merge_wall:.2f} s, peak {merge_peak / 1024:.1f} MiB")
        in_process = merge_in_process(parts, arguments.rounds)
        size = (parts / "shard-0-of-1.jsonl").stat().st_size
        print(f"the merge in process, start-up aside, of the {scaled} hands' part ({size / 2**20:.2f} MiB): "
              f"{in_process:.3f} s (median of {arguments.rounds}), {in_process / scaled * 1e6:.1f} s a million hands, "
              f"{size / scaled * 1e6 / 2**30:.2f} GiB of parts a million hands")
        print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
