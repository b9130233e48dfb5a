"""What a run of the command line prints: each file's outcome as it comes, in order, and the total line.

A file's ``Outcome`` is made wherever it was checked (here, in a worker process, on a Dask worker,
from the service's answers, or joined from a shard's parts) and printed here the same way, so that
every way of running the check prints the same. Light on purpose: ``merge`` imports this and not
the check.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from concurrent.futures.process import BrokenProcessPool
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, ClassVar, TextIO

from ..stud_family.errors import PROBLEM_BASE

PROG = "python -m service.histories"
INTERRUPTED = f"{PROG}: interrupted"
"""What a run stopped by Ctrl-C says (exit status 130), whole or a shard."""
WORKER_ENDED = f"{PROG}: a worker process ended abruptly (out of memory?); try --jobs 1"
"""What a run says when a worker process of ``--jobs`` dies under it (exit status 2), whole or a shard."""


class RunError(Exception):
    """The run cannot go on: the message is the one line that says why, after the command's name."""

    command: ClassVar[str] = ""
    """What follows the program's name in the message (`` merge``)."""


class ExecutorError(RunError):
    """The workers asked for cannot be had, or failed: the message says why."""


@dataclass
class Outcome:
    """What checking one file (or a run of its hands) gives: its lines, counts and players' results."""

    name: str = ""
    lines: list[str] = field(default_factory=list)
    """A JSON line per hand with ``--json``; else a line per invalid or disagreeing hand."""
    err: list[str] = field(default_factory=list)
    json: bool = False
    read: bool = True
    passed: bool = False
    """A file of a folder or an archive passed over (not a history's suffix): named, not read, never a failure."""
    hands: int = 0
    valid: int = 0
    agree: int = 0
    unrecorded: int = 0
    """Valid hands whose history records no payouts: neither agreeing nor not."""
    skipped: dict[str, int] = field(default_factory=dict)
    """The hands not checked, by their game (``stud``, or a game not played as written), in order of first
    appearance: counted apart, never invalid."""
    wrong: bool = False
    """A hand is invalid or disagrees with its record."""
    unwritten: bool = False
    """Its hands could not be written as PHH."""
    nets: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each player's net result in the file and its all-in adjusted one, in order of first appearance."""
    netted: bool = True
    """Whether ``nets`` was known: not from the service's lean answer (``--server``)."""

    @property
    def out(self) -> list[str]:
        """Its lines for standard output: with ``--json`` a line per hand, else the file's line and a line per
        invalid or disagreeing hand; for a file not read, its JSON line with ``--json``, else none."""
        if not self.read:
            return self.lines if self.json else []
        if self.json:
            return self.lines
        return [f"{self.name}: {count(self.hands, 'hand')}, {self.valid} valid, {self.agree} agree"
                f"{unrecorded_words(self.unrecorded)}{skipped_words(self.skipped, by_game=True)}", *self.lines]

    def record(self) -> dict[str, Any]:
        """As a shard's part holds it (``shards``)."""
        written = {name: getattr(self, name) for name in ("name", "lines", "err", "json", "read", "passed", "hands",
                                                          "valid", "agree", "unrecorded", "wrong", "unwritten")}
        return {**written, "skipped": [[game, number] for game, number in self.skipped.items()],
                "nets": [[name, actual, adjusted] for name, (actual, adjusted) in self.nets.items()]}

    @classmethod
    def joined(cls, records: Sequence[dict[str, Any]]) -> Outcome:
        """One file's outcome from its pieces' records, in order: what checking it whole gives.

        >>> piece = Outcome("f", ["x"], hands=2, valid=2, agree=1, wrong=True, nets={"a": (1, 2), "b": (-1, -2)})
        >>> joined = Outcome.joined([piece.record(), Outcome("f", hands=1, nets={"c": (5, 5), "a": (1, 1)}).record()])
        >>> joined.out, joined.nets
        (['f: 3 hands, 2 valid, 1 agree', 'x'], {'a': (2, 3), 'b': (-1, -2), 'c': (5, 5)})
        """
        first = records[0]
        joined = cls(first["name"], json=first["json"])
        for record in records:
            joined.lines += record["lines"]
            joined.err += [line for line in record["err"] if line not in joined.err]
            joined.read &= record["read"]
            joined.passed |= record["passed"]
            joined.hands += record["hands"]
            joined.valid += record["valid"]
            joined.agree += record["agree"]
            joined.unrecorded += record["unrecorded"]
            add_skipped(joined.skipped, record["skipped"])
            joined.wrong |= record["wrong"]
            joined.unwritten |= record["unwritten"]
            for name, actual, adjusted in record["nets"]:
                before = joined.nets.get(name, (0, 0))
                joined.nets[name] = (before[0] + actual, before[1] + adjusted)
        return joined


def add_skipped(into: dict[str, int], skipped: Iterable[Sequence[Any]]) -> None:
    """Count skipped hands by game into ``into``, each game's count added (its place kept where first seen)."""
    for game, number in skipped:
        into[game] = into.get(game, 0) + number


def unrecorded_words(unrecorded: int) -> str:
    """What a line says of its valid hands without a record to compare: nothing when every one had one.

    >>> unrecorded_words(0), unrecorded_words(2)
    ('', ' (2 without a record)')
    """
    return f" ({unrecorded} without a record)" if unrecorded else ""


def skipped_words(skipped: dict[str, int], by_game: bool) -> str:
    """What a line says of its skipped hands: nothing when none was, else how many, and by game when asked.

    >>> skipped_words({}, True), skipped_words({"stud": 2, "Hold'em Limit": 1}, True)
    ('', ", 3 skipped (stud 2, Hold'em Limit 1)")
    >>> skipped_words({"stud": 2}, False)
    ', 2 skipped'
    """
    total = sum(skipped.values())
    if not total:
        return ""
    games = " (" + ", ".join(f"{game} {number}" for game, number in skipped.items()) + ")" if by_game else ""
    return f", {total} skipped{games}"


def count(number: int, thing: str) -> str:
    """A number of things, in words.

    >>> count(1, "hand"), count(2, "hand"), count(0, "file")
    ('1 hand', '2 hands', '0 files')
    """
    return f"{number} {thing}{'' if number == 1 else 's'}"



def report(name: str, hands: Sequence[dict[str, Any]]) -> list[str]:
    """A line for each hand of a file that is invalid or disagrees with its record, from the hands as the lean answer
    writes them (here, or by the service with ``--server``).

    >>> report("f.txt", [{"index": 2, "id": "7", "error": None, "discrepancies": [
    ...     {"seat": 1, "recorded": 5, "computed": 4}]}])
    ['f.txt: hand 2 (7): disagrees: seat 1 recorded 5, the rules give 4']
    """
    lines = []
    for hand in hands:
        label = f"hand {hand['index']}" + ("" if hand["id"] is None else f" ({hand['id']})")
        error = hand["error"]
        if error is not None:
            lines.append(f"{name}:{error['line']}: {label}: invalid, {error['type'].removeprefix(PROBLEM_BASE)}: "
                         f"{error['detail']} [{error['source']}]")
        elif hand["discrepancies"]:
            found = "; ".join(f"seat {item['seat']} recorded {item['recorded']}, the rules give {item['computed']}"
                              for item in hand["discrepancies"])
            lines.append(f"{name}: {label}: disagrees: {found}")
    return lines



class Tally:
    """The counts over every file, and each player's results, in the order the files were given."""

    def __init__(self) -> None:
        self.files = self.unread = self.passed = self.hands = self.valid = self.agree = self.unrecorded = 0
        self.skipped: dict[str, int] = {}
        self.wrong = self.unwritten = False
        self.netted = True
        self.nets: dict[str, tuple[int, int]] = {}

    def add(self, outcome: Outcome) -> None:
        """Count one file's outcome."""
        self.files += outcome.read
        self.passed += outcome.passed
        self.unread += not outcome.read and not outcome.passed
        self.hands += outcome.hands
        self.valid += outcome.valid
        self.agree += outcome.agree
        self.unrecorded += outcome.unrecorded
        add_skipped(self.skipped, outcome.skipped.items())
        self.wrong |= outcome.wrong
        self.unwritten |= outcome.unwritten
        self.netted &= outcome.netted or not outcome.read
        for name, (actual, adjusted) in outcome.nets.items():
            before = self.nets.get(name, (0, 0))
            self.nets[name] = (before[0] + actual, before[1] + adjusted)

    @property
    def status(self) -> int:
        """The exit status: 2 when something could not be read or written, else 1 when a hand is wrong, else 0;
        a skipped hand is never wrong."""
        return 2 if self.unread or self.unwritten else 1 if self.wrong else 0

    def line(self) -> str:
        """The total line: the counts (every file given, and how many of them could not be read), then each player's
        net and, in brackets, its all-in adjusted net."""
        players = ", ".join(f"{name} {actual:+d} ({adjusted:+d})" for name, (actual, adjusted) in self.nets.items())
        aside = [f"{self.unread} not read"] * bool(self.unread) + [f"{self.passed} passed over"] * bool(self.passed)
        unread = f" ({', '.join(aside)})" if aside else ""
        net = (f"net (all-in adjusted): {players or 'no named player in a hand decided'}" if self.netted
               else "net: not in the service's lean answers")
        return (f"total: {count(self.files + self.unread + self.passed, 'file')}{unread}, {count(self.hands, 'hand')}, "
                f"{self.valid} valid, {self.agree} agree{unrecorded_words(self.unrecorded)}"
                f"{skipped_words(self.skipped, by_game=False)}; {net}")



class Progress:
    """A line on standard error saying how far a long run has got, rewritten in place; only on a terminal, and
    only once the run has lasted ``after`` seconds."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic, after: float = 2.0,
                 every: float = 0.25) -> None:
        self.stream, self.clock, self.after, self.every = stream, clock, after, every
        self.on = stream.isatty()
        self.start = self.last = clock()
        self.shown = False

    def update(self, files: int, hands: int) -> None:
        """Show the counts so far, when the run is long and the line was not just rewritten."""
        if not self.on:
            return
        now = self.clock()
        if now - self.start < self.after or now - self.last < self.every:
            return
        self.last = now
        self.stream.write(f"\r{count(files, 'file')}, {count(hands, 'hand')} checked "
                          f"({hands / (now - self.start):.0f} hands/s)\x1b[K")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Take the line away before anything else is written."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False



def show(checked: Generator[Outcome, None, None], as_json: bool) -> int:
    """Print each outcome as it comes, in order, then the total line; the exit status."""
    tally, progress = Tally(), Progress(sys.stderr)
    try:
        with closing(checked):  # the workers are shut down however this ends
            for outcome in checked:
                progress.clear()
                if outcome.out:
                    print("\n".join(outcome.out))
                if outcome.err:
                    sys.stdout.flush()  # the two streams in order, when they go to one place
                    print("\n".join(outcome.err), file=sys.stderr)
                tally.add(outcome)
                progress.update(tally.files + tally.unread, tally.hands)
        progress.clear()
        sys.stdout.flush()
        print(tally.line(), file=sys.stderr if as_json else sys.stdout)
    except BrokenPipeError:  # the reader stopped reading (| head): stop without a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 2
    except KeyboardInterrupt:
        progress.clear()
        print(INTERRUPTED, file=sys.stderr)
        return 130
    except BrokenProcessPool:
        progress.clear()
        print(WORKER_ENDED, file=sys.stderr)
        return 2
    except RunError as error:
        progress.clear()
        print(f"{PROG}{error.command}: {error}", file=sys.stderr)
        return 2
    return tally.status
