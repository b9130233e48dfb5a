"""The command line's hands per second with ``--jobs 2`` beside ``--jobs 1``, on the same folder, in one run.

Run from the project root: ``python bench/cli.py [--copies 300] [--rounds 5]``. The folder holds
COPIES copies of the razz samples (4 WSOP PHH hands, 3 PokerStars hands, 1 Full Tilt UTF-16
hand: 8 hands a copy) in sub-folders; each round runs ``python -m service.histories --jobs 1``,
``--jobs 2``, and ``--jobs 2`` handing the workers one file at a time (``CHUNK_FILES = 1``: what
the chunks save) over it, in an order that turns each round, as a user runs it (start-up
included). Prints each run's wall time, hands per second and CPU time (user and system, the
process and its workers), the medians, the speed-ups (medians of each round's ratios), and the
load average, since the machine is shared: a busy machine shows as a speed-up well under 2 with
CPU time unchanged.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "histories" / "samples"
RAZZ = [*sorted(SAMPLES.glob("wsop-*.phh")), SAMPLES / "pokerstars-razz-cash.txt", SAMPLES / "fulltilt-razz-cash.txt"]
HANDS_A_COPY = 8


def folder(copies: int, where: Path) -> int:
    """Fill ``where`` with the copies, ten to a sub-folder; the number of hands."""
    for copy in range(copies):
        target = where / f"{copy // 10:03}" / f"{copy:04}"
        target.mkdir(parents=True)
        for sample in RAZZ:
            shutil.copyfile(sample, target / sample.name)
    return copies * HANDS_A_COPY


SIDES = {"--jobs 1": ["-m", "service.histories", "--jobs", "1"],
         "--jobs 2": ["-m", "service.histories", "--jobs", "2"],
         "--jobs 2, a file a chunk": ["-c", "import sys; from service.histories import cli; cli.CHUNK_FILES = 1; "
                                            "sys.argv[0] = 'cli'; sys.exit(cli.main())", "--jobs", "2"]}


def timed(side: list[str], hands_folder: Path) -> tuple[float, float, bytes]:
    """One run of the CLI: wall seconds, CPU seconds (its own and its workers'), its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *side, str(hands_folder)], cwd=ROOT, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, done.stderr.decode()
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def main() -> None:
    """Turn the sides over the folder, print each run and the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    names = list(SIDES)
    with tempfile.TemporaryDirectory() as temporary:
        hands_folder = Path(temporary)
        hands = folder(arguments.copies, hands_folder)
        print(f"{arguments.copies * len(RAZZ)} files, {hands} hands; cores {len(os.sched_getaffinity(0))}; "
              f"load average {os.getloadavg()[0]:.2f} at the start")
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
        outputs: set[bytes] = set()
        for round_ in range(arguments.rounds):
            for name in names[round_ % len(names):] + names[:round_ % len(names)]:
                wall, cpu, output = timed(SIDES[name], hands_folder)
                outputs.add(output)
                runs[name].append((wall, cpu))
                print(f"round {round_ + 1} {name}: {wall:.2f} s, {hands / wall:,.0f} hands/s, CPU {cpu:.2f} s")
    assert len(outputs) == 1, "the sides printed different outputs"
    for name, measured in runs.items():
        wall = statistics.median(wall for wall, _ in measured)
        cpu = statistics.median(cpu for _, cpu in measured)
        print(f"{name}: median {wall:.2f} s, {hands / wall:,.0f} hands/s, CPU {cpu:.2f} s "
              f"({cpu / hands * 1e6:,.0f} us a hand)")
    for name in names[1:]:
        ratios = [one[0] / other[0] for one, other in zip(runs[names[0]], runs[name], strict=True)]
        print(f"{name} against {names[0]}: {statistics.median(ratios):.2f}x the hands per second (median of the "
              f"rounds' ratios, {min(ratios):.2f}-{max(ratios):.2f})")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
