"""The command line's hands per second with ``--jobs 2`` beside ``--jobs 1``, on the same folder, in one run; or,
with ``--games``, the hands per second of each game's hands beside razz's.

Run from the project root: ``python bench/cli.py [--copies 300] [--rounds 5] [--mixed | --games] [--baseline DIR]``.
The folder holds COPIES copies of the razz samples (4 WSOP PHH hands, 3 PokerStars hands, 1 Full
Tilt UTF-16 hand: 8 hands a copy) in sub-folders, or with ``--mixed`` of the razz and the stud and
stud hi/lo samples of every format (43 hands a copy, 8 of them razz); each round runs
``python -m service.histories --jobs 1``, ``--jobs 2``, and ``--jobs 2`` handing the workers one
file at a time (``CHUNK_FILES = 1``: what the chunks save) over it, in an order that turns each
round, as a user runs it (start-up included). ``--games`` fills three folders instead: of the razz
samples (as many hands as the stud folder: COPIES x 35 / 8 copies), of the stud and stud hi/lo
samples (COPIES copies, 35 hands a copy) and of both (COPIES copies),
and runs ``--jobs 1`` over each and ``--jobs 2`` over the mixed one: the stud hands' speed beside
razz's, and the two workers' beside one on the mixed folder; and ``--jobs 1`` over one razz hand,
the start-up alone, so that each game's CPU time past the start-up is also given per hand, per line
(the non-blank lines of the files) and per action (the betting entries read), the measure that
does not depend on how big a game's sample hands are. ``--baseline DIR`` runs the same command
line of another checkout (its ``python -m service.histories`` imported from DIR, with this
interpreter) beside, ``--jobs 1`` and ``--jobs 2`` (with ``--games``, every side), its output
compared with its own sides only. Prints each run's wall time, hands per second and CPU time (user
and system, the process and its workers), the medians, the speed-ups (medians of each round's
ratios), and the load average, since the machine is shared: a busy machine shows as a speed-up
well under 2 with CPU time unchanged.
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
STUD = [*sorted(SAMPLES.glob("phh-wsop-*.phh")), *(SAMPLES / name for name in (
    "pokerstars-stud-cash.txt", "pokerstars-stud8-cash.txt", "fulltilt-stud-cash.txt", "fulltilt-studhilo-cash.txt",
    "fulltilt-stud8-cash.txt", "winamax-stud-cash.txt", "merge-stud-cash.xml", "merge-studhilo-cash.xml",
    "merge-horse-cash.xml"))]
"""The stud and stud hi/lo samples (35 hands), for a mixed folder."""
HANDS_A_COPY = {"razz": 8, "stud": 35, "mixed": 43, "start-up": 1}
"""Hands in a copy of the razz samples, of the stud and stud hi/lo ones, of both, and of the one razz hand whose run
is the start-up."""
SAMPLES_OF = {"razz": RAZZ, "stud": STUD, "mixed": RAZZ + STUD, "start-up": RAZZ[:1]}


def size(games: str) -> tuple[int, int]:
    """The non-blank lines and the betting entries of a copy of ``games``' samples, read by this checkout's
    readers (in process: counted once, not timed)."""
    from service.histories.detect import detect
    from service.histories.encodings import decode_history
    from service.histories.formats import FORMATS

    lines = actions = 0
    for sample in SAMPLES_OF[games]:
        text = decode_history(sample.read_bytes())
        lines += sum(1 for line in text.split("\n") if line.strip())
        reader = FORMATS[detect(text)]
        actions += sum(len(reader.read(section).actions) for section in reader.split(text))
    return lines, actions


def folder(copies: int, where: Path, games: str) -> tuple[int, int]:
    """Fill ``where`` with the copies of ``games``' samples, ten to a sub-folder; the number of files and of
    hands."""
    samples = SAMPLES_OF[games]
    for copy in range(copies):
        target = where / f"{copy // 10:03}" / f"{copy:04}"
        target.mkdir(parents=True)
        for sample in samples:
            shutil.copyfile(sample, target / sample.name)
    return copies * len(samples), copies * HANDS_A_COPY[games]


SIDES = {"--jobs 1": ["-m", "service.histories", "--jobs", "1"],
         "--jobs 2": ["-m", "service.histories", "--jobs", "2"],
         "--jobs 2, a file a chunk": ["-c", "import sys; from service.histories import cli; cli.CHUNK_FILES = 1; "
                                            "sys.argv[0] = 'cli'; sys.exit(cli.main())", "--jobs", "2"]}


def timed(side: list[str], hands_folder: Path, checkout: Path = ROOT) -> tuple[float, float, bytes]:
    """One run of the CLI of ``checkout``: wall seconds, CPU seconds (its own and its workers'), its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *side, str(hands_folder)], cwd=checkout, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode in (0, 1), done.stderr.decode()  # 1: a baseline that counts the stud hands invalid
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def main() -> None:
    """Turn the sides over the folder, print each run and the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    chosen = parser.add_mutually_exclusive_group()
    chosen.add_argument("--mixed", action="store_true", help="razz, stud and stud hi/lo samples of every format")
    chosen.add_argument("--games", action="store_true",
                        help="razz's, the stud games' and both games' folders: each game's hands per second beside "
                             "razz's, --jobs 2 beside --jobs 1 on the mixed one, the costs past the start-up")
    parser.add_argument("--baseline", type=Path, help="another checkout, run beside")
    arguments = parser.parse_args()
    games = ["razz", "stud", "mixed", "start-up"] if arguments.games else ["mixed" if arguments.mixed else "razz"]
    checkouts = {"": ROOT} if arguments.baseline is None else {"": ROOT, "baseline ": arguments.baseline.resolve()}
    with tempfile.TemporaryDirectory() as temporary:
        folders = {game: Path(temporary) / game for game in games}
        # --games: as many razz hands as stud hands, so that the start-up weighs the same on both
        copies = {game: arguments.copies * HANDS_A_COPY["stud"] // HANDS_A_COPY["razz"] if game == "razz" and
                  arguments.games else 1 if game == "start-up" else arguments.copies for game in games}
        counts = {game: folder(copies[game], where, game) for game, where in folders.items()}
        if arguments.games:
            sides = {f"{which}{game} --jobs 1": (SIDES["--jobs 1"], checkout, game)
                     for which, checkout in checkouts.items() for game in games}
            sides |= {f"{which}mixed --jobs 2": (SIDES["--jobs 2"], checkout, "mixed")
                      for which, checkout in checkouts.items()}
            compared = [(f"{which}stud --jobs 1", f"{which}razz --jobs 1") for which in checkouts]
            compared += [(f"{which}mixed --jobs 2", f"{which}mixed --jobs 1") for which in checkouts]
            compared += [(f"{game} --jobs 1", f"baseline {game} --jobs 1") for game in ("razz", "stud", "mixed")
                         if len(checkouts) > 1]
        else:
            sides = {name: (side, ROOT, games[0]) for name, side in SIDES.items()}
            if arguments.baseline is not None:
                for name in ("--jobs 1", "--jobs 2"):
                    sides[f"baseline {name}"] = (SIDES[name], arguments.baseline.resolve(), games[0])
            compared = [(name, "--jobs 1") for name in list(sides)[1:]]
        for game, (files, hands) in counts.items():
            print(f"{game}: {files} files, {hands} hands")
        print(f"cores {len(os.sched_getaffinity(0))}; load average {os.getloadavg()[0]:.2f} at the start")
        names = list(sides)
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
        outputs: dict[tuple[Path, str], set[bytes]] = {}
        for round_ in range(arguments.rounds):
            for name in names[round_ % len(names):] + names[:round_ % len(names)]:
                side, checkout, game = sides[name]
                wall, cpu, output = timed(side, folders[game], checkout)
                outputs.setdefault((checkout, game), set()).add(output)
                runs[name].append((wall, cpu))
                print(f"round {round_ + 1} {name}: {wall:.2f} s, {counts[game][1] / wall:,.0f} hands/s, "
                      f"CPU {cpu:.2f} s")
    assert all(len(printed) == 1 for printed in outputs.values()), "the sides of one checkout printed different outputs"
    for name, measured in runs.items():
        hands = counts[sides[name][2]][1]
        wall = statistics.median(wall for wall, _ in measured)
        cpu = statistics.median(cpu for _, cpu in measured)
        print(f"{name}: median {wall:.2f} s, {hands / wall:,.0f} hands/s, CPU {cpu:.2f} s "
              f"({cpu / hands * 1e6:,.0f} us a hand)")
    for name, against in compared:
        per_hand = counts[sides[name][2]][1] / counts[sides[against][2]][1]
        ratios = [per_hand * one[0] / other[0] for one, other in zip(runs[against], runs[name], strict=True)]
        print(f"{name} against {against}: {statistics.median(ratios):.2f}x the hands per second (median of the "
              f"rounds' ratios, {min(ratios):.2f}-{max(ratios):.2f})")
    if arguments.games:
        for which in checkouts:
            start_up = statistics.median(cpu for _, cpu in runs[f"{which}start-up --jobs 1"])
            print(f"{which}start-up (one razz hand, --jobs 1): CPU {start_up:.2f} s")
            for game in ("razz", "stud", "mixed"):
                lines, actions = size(game)
                copied = copies[game]
                past = statistics.median(cpu for _, cpu in runs[f"{which}{game} --jobs 1"]) - start_up
                print(f"{which}{game} past the start-up: CPU {past:.2f} s, {past / counts[game][1] * 1e6:,.0f} us a "
                      f"hand, {past / (lines * copied) * 1e6:,.1f} us a line ({lines * copied:,} lines), "
                      f"{past / (actions * copied) * 1e6:,.1f} us an action ({actions * copied:,} actions)")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
