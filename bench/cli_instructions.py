"""The instructions the command line's check takes a hand, a line and an action, razz's and the stud games', counted
by callgrind: a figure the machine's load does not move, for a change measured on a shared machine.

Run from the project root: ``python bench/cli_instructions.py [--baseline DIR]``. For each checkout (this one, and
``--baseline DIR``'s ``service`` imported from DIR with this interpreter) and each of the razz samples and the stud
and stud hi/lo ones (``bench/cli.py``'s), a process under ``valgrind --tool=callgrind --instr-atstart=no`` imports
the command line, checks every file once (so that every cache is made), and only then has its instructions counted
(``callgrind_control -i on``) while it checks every file again as ``--jobs 1`` does (``cli.check_task``); it ends
with ``os._exit``, so the interpreter's teardown is not counted. Prints the instructions of each, a hand, a
non-blank line and a betting entry read, and each game against the baseline's.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cli import HANDS_A_COPY, ROOT, SAMPLES_OF, size

CHECK = """
import os, sys, time
from pathlib import Path
from service.histories import cli
from service.histories.sources import sources
settings = cli.Settings("auto", "null", False)
tasks = [cli.Task(source, settings, None) for source in sources(sys.argv[1:-1], None)]
for task in tasks:
    cli.check_task(task)
ready = Path(sys.argv[-1])
ready.write_text("ready")
while ready.exists():
    time.sleep(0.01)
for task in tasks:
    cli.check_task(task)
sys.stdout.flush()
os._exit(0)
"""
"""The process counted: every file checked once uncounted, then again once ``ready`` is taken away."""


def instructions(checkout: Path, game: str, where: Path) -> int:
    """The instructions of checking ``game``'s samples once, with every cache made, in ``checkout``."""
    ready = where / f"ready-{game}"
    out = where / f"callgrind-{game}.out"
    environment = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    counted = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                                sys.executable, "-c", CHECK, *map(str, SAMPLES_OF[game]), str(ready)],
                               cwd=where, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not ready.exists():
        if counted.poll() is not None:
            raise RuntimeError(f"the check of {game} in {checkout} ended before it was counted")
        time.sleep(0.1)
    subprocess.run(["callgrind_control", "--instr=on", str(counted.pid)], check=True, capture_output=True)
    ready.unlink()
    counted.wait()
    totals = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
    assert totals is not None, "callgrind wrote no total"
    return int(totals[1])


def main() -> None:
    """Count each checkout's games, print them and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="another checkout, counted beside")
    arguments = parser.parse_args()
    checkouts = {"": ROOT} if arguments.baseline is None else {"": ROOT, "baseline ": arguments.baseline.resolve()}
    counted: dict[tuple[str, str], int] = {}
    with tempfile.TemporaryDirectory() as temporary:
        for which, checkout in checkouts.items():
            for game in ("razz", "stud"):
                total = counted[which, game] = instructions(checkout, game, Path(temporary))
                hands = HANDS_A_COPY[game]
                lines, actions = size(game)
                print(f"{which}{game}: {total:,} instructions for {hands} hands, {lines:,} lines, {actions} actions: "
                      f"{total / hands:,.0f} a hand, {total / lines:,.0f} a line, {total / actions:,.0f} an action")
    for which in checkouts:
        a_hand = {game: counted[which, game] / HANDS_A_COPY[game] for game in ("razz", "stud")}
        print(f"{which}stud against razz: {a_hand['stud'] / a_hand['razz']:.2f}x the instructions a hand")
    if arguments.baseline is not None:
        for game in ("razz", "stud"):
            ratio = counted['', game] / counted['baseline ', game]
            print(f"{game} against the baseline: {ratio:.3f}x the instructions")


if __name__ == "__main__":
    main()
