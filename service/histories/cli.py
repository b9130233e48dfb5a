"""Check hand-history files, folders and archives without a server, as a QA pipeline does.

The check is the endpoint's own (``POST /v1/hand-histories/check``, no limit on the number of
hands): the core's ``history.check_history``, each hand written as the lean answer writes it.
Files are spread over worker processes (or a Dask cluster's workers, or the HTTP service's
replicas); their answers are printed in input order, so that ``--jobs`` changes the speed and
nothing else. Past one machine, ``--shard K/N --out DIR`` writes one of N parts and ``merge DIR``
prints what one run prints (``shards.py``).
"""

from __future__ import annotations

import argparse
import ctypes
import dataclasses
import functools
import gc
import importlib.util
import json
import os
import re
import signal
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import AbstractContextManager, closing, contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePath

from ..stud_family.rules import rules_of
from .check import HandCheck, rules_by_game
from .detect import UnsupportedFormatError, detect
from .encodings import EncodingError, decode_history
from .formats import FORMATS
from .history import Summary, check_history
from .lean import lean_hand
from .phh import write as write_phh
from .printed import INTERRUPTED, PROG, WORKER_ENDED, ExecutorError, Outcome, count, report, show
from .shards import PIECE_BYTES, Deal, PartWriter, ShardError, Unit, merge, parse_shard, shard_from_environment
from .sources import HISTORY_SUFFIXES, LARGEST, Source, Unreadable, loaded, sources

AUTO = "auto"
EPILOG = f"""\
inputs:
  FILE       a hand-history file, whatever its name
  FOLDER     its {", ".join(HISTORY_SUFFIXES)} files, in its sub-folders too, in name
             order (hidden files and folders are skipped; any other file is named on
             standard error as passed over, and counted in the total)
  ARCHIVE    a .zip, .tar.gz or .tgz file: its {", ".join(HISTORY_SUFFIXES)} members, in the
             archive's order, read in memory and named ARCHIVE:MEMBER
  -          standard input
  A file may be UTF-8, with or without a byte-order mark, or UTF-16 LE or BE with one;
  one larger than {LARGEST // 2**20} MiB is refused. A file that cannot be read is named, with
  why, on standard error, and the others are still checked.

output:
  A line per file (its hands, how many are valid, how many agree with their record), a
  line per invalid or disagreeing hand (file:line, the hand, why), and a total line: the
  counts over every file and each named player's net result in each unit (the site and
  its currency, or a tournament's chips, never added across), what the rules paid less what it
  put in, with its all-in adjusted result in brackets. With --json, one JSON line per
  hand instead (its "file", then the hand as the endpoint's lean answer, Prefer:
  return=minimal, writes it), a line for each file that cannot be read ({{"file", "read":
  false, "detail"}}), and the total line on standard error. On a terminal, a long run shows
  its progress on standard error.

shards:
  --shard K/N --out DIR checks the K-th (from 0) of N even parts of the inputs (a file each,
  or a run of hands of a file larger than {PIECE_BYTES // 2**20} MiB) and writes its outcomes to
  DIR/shard-K-of-N.jsonl, replacing that part if a retry finds it there; it exits 0 once the
  part is written. In a Kubernetes Indexed Job, K and N default to $JOB_COMPLETION_INDEX and
  $JOB_COMPLETIONS. `merge DIR` then prints what one run over the inputs prints, with its
  exit status, or names the parts missing or not of one run and exits 2.

exit status:
  0    every hand checked is valid and agrees with its record (skipped hands, of a
       game not checked, count apart)
  1    a hand is invalid or disagrees with its record
  2    something could not be read (a file, a member, an encoding, a format) or
       written, or the command line is wrong; this wins over 1
  130  interrupted

examples:
  {PROG} hands/
  {PROG} --json logs.zip > checked.jsonl
  {PROG} --to-phh converted/ --jobs 2 export.txt
  {PROG} --shard 0/2 --out parts/ hands/    (and 1/2, anywhere)
  {PROG} merge parts/
"""


Checker = Callable[[str, str, tuple[int, int]], tuple[list[HandCheck], Summary]]
"""The check of one text in a given format: every hand of it (or of its share), checked, and the counts over them."""


@functools.cache
def _checker(rules: str) -> Checker:
    """The check under the rules written as JSON (the ``--rules`` object, checked as ``rules_of`` says): the core's
    own (``history.check_history``, no limit on the number of hands), built once per process."""
    mapping = json.loads(rules)
    loaded = rules_by_game(lambda game: rules_of(mapping, game))

    def check(format_name: str, text: str, share: tuple[int, int] = (0, 1)) -> tuple[list[HandCheck], Summary]:
        checked = check_history(text, format_name, loaded, share=share)
        return list(checked), checked.summary

    return check


@dataclass(frozen=True)
class Settings:
    """What the command line asks of every file."""

    format: str
    rules: str
    """The ``--rules`` object as JSON text."""
    json: bool


@dataclass(frozen=True)
class Task:
    """One file to check, and where its hands go as PHH (None without ``--to-phh``)."""

    source: Source
    settings: Settings
    phh: Path | None
    share: tuple[int, int] = (0, 1)
    """Which of a very large file's even runs of hands to check (``shards``): the j-th of p."""


def opened(task: Task) -> tuple[str, str] | Outcome:
    """A file's text, decoded, and the format it is written in; or, for a file that cannot be read, its Outcome
    saying why. Whoever checks the hands (this process, a worker, the service) opens the file here."""
    source, settings = task.source, task.settings
    if source.passed_over is not None:
        return Outcome(source.name, err=[f"{source.name}: passed over: {source.passed_over}"], json=settings.json,
                       read=False, passed=True)
    try:
        text = decode_history(source.read())
        return text, detect(text) if settings.format == AUTO else settings.format
    except (Unreadable, EncodingError) as error:
        return unread(source.name, str(error), settings.json)
    except UnsupportedFormatError as error:
        return unread(source.name, error.message, settings.json)


def unread(name: str, why: str, as_json: bool) -> Outcome:
    """A file that cannot be read: named with why on standard error and, with ``--json``, as a line of its own, so
    that a pipeline reading the lines misses no file."""
    line = json.dumps({"file": name, "read": False, "detail": f"cannot be read: {why}"}, ensure_ascii=False,
                      separators=(",", ":"))
    return Outcome(name, [line] if as_json else [], err=[f"{name}: cannot be read: {why}"], json=as_json, read=False)


def check_task(task: Task) -> Outcome:
    """Read, decode and check one file (in a worker process, or in this one with ``--jobs 1``)."""
    source, settings = task.source, task.settings
    text_and_format = opened(task)
    if isinstance(text_and_format, Outcome):
        return text_and_format
    text, format_name = text_and_format
    hands, summary = _checker(settings.rules)(format_name, text, task.share)
    lines = report(source.name, [lean_hand(hand) for hand in hands if hand.error is not None or hand.discrepancies])
    outcome = Outcome(source.name, [json.dumps({"file": source.name, **lean_hand(hand)}, ensure_ascii=False,
                                               separators=(",", ":")) for hand in hands] if settings.json else lines,
                      json=settings.json, hands=summary.hands, valid=summary.valid, agree=summary.agree,
                      unrecorded=sum(hand.valid and hand.discrepancies is None for hand in hands),
                      skipped=skipped_games(hands), wrong=bool(lines), nets=nets(hands))
    if task.phh is not None:
        written = [f"[{hand.index + 1}]\n{phh_text}" for hand in hands if (phh_text := phh_of(hand)) is not None]
        if written:
            try:
                task.phh.parent.mkdir(parents=True, exist_ok=True)
                task.phh.write_text("\n".join(written), encoding="utf-8")
            except OSError as error:
                outcome.err.append(f"{task.phh}: cannot be written: {error.strerror or error}")
                outcome.unwritten = True
    return outcome


def skipped_games(hands: Sequence[HandCheck]) -> dict[str, int]:
    """How many of a file's hands were skipped, by game, in order of first appearance."""
    found: dict[str, int] = {}
    for checked in hands:
        if checked.skipped is not None:
            found[checked.skipped.game] = found.get(checked.skipped.game, 0) + 1
    return found


def phh_of(checked: HandCheck) -> str | None:
    """A valid hand written as PHH, as the full answer's ``phh`` writes it; None for an invalid one."""
    hand = checked.hand
    if checked.error is not None or checked.snapshot is None or checked.state is None or hand is None:
        return None
    return write_phh(checked.snapshot, checked.state, checked.result, hand.id, [player.name for player in hand.players])


def nets(hands: Sequence[HandCheck]) -> dict[str, tuple[int, int]]:
    """Each named player's net result over a file's decided hands, and the same with each all-in hand's expectation
    in place of what it paid (the "all-in adjusted" figure trackers report), by player and unit: a player's name with
    the unit its amounts count (``Hero (PokerStars $ cents)``), so that no total adds one unit to another."""
    found: dict[str, tuple[int, int]] = {}
    for checked in hands:
        state, result, hand = checked.state, checked.result, checked.hand
        if checked.error is not None or state is None or result is None or hand is None:
            continue
        paid = {share.seat: share.amount for share in result.payouts}
        expected = paid if checked.allin is None else dict(checked.allin.expected)
        names = {player.seat: player.name for player in hand.players}
        for player in state.players:
            seat, put_in = player.seat, player.committed_total
            if not names.get(seat):
                continue  # a seat the history names no one in (PHH without players) is no player across hands
            name = f"{names[seat]} ({hand.unit})"
            actual, adjusted = found.get(name, (0, 0))
            found[name] = (actual + paid[seat] - put_in, adjusted + expected[seat] - put_in)
    return found


class PhhPaths:
    """Where ``--to-phh`` writes each file's hands: its path relative to what was given (``sources.given``) mirrored
    under the folder, ``.phhs`` in place of ``.phh`` or ``.phhs`` and after any other suffix; a name already given
    is numbered, never overwritten.

    >>> paths = PhhPaths()
    >>> [str(paths.path(parts)) for parts in [("a", "t.txt"), ("b", "t.txt"), ("a", "t.phh"), ("a", "t.phhs")]]
    ['a/t.txt.phhs', 'b/t.txt.phhs', 'a/t.phhs', 'a/t~2.phhs']
    """

    def __init__(self) -> None:
        self.files: set[tuple[str, ...]] = set()
        self.folders: set[tuple[str, ...]] = set()

    def path(self, parts: tuple[str, ...]) -> PurePath:
        """The next file's path, relative to the folder."""
        folders: tuple[str, ...] = ()
        for part in parts[:-1]:
            while (*folders, part) in self.files:
                part += "~"
            folders += (part,)
        stem = parts[-1]
        for suffix in (".phh", ".phhs"):
            if stem.lower().endswith(suffix):
                stem = stem[:-len(suffix)]
        number = 1
        candidate = (*folders, f"{stem}.phhs")
        while candidate in self.files or candidate in self.folders:
            number += 1
            candidate = (*folders, f"{stem}~{number}.phhs")
        self.files.add(candidate)
        self.folders.update(candidate[:end] for end in range(1, len(candidate)))
        return PurePath(*candidate)


def default_jobs() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _worker_start(parent: int) -> None:
    """In each worker: end with the parent, so that no worker outlives a killed run (Linux's parent-death signal;
    elsewhere the pool's own shutdown), and leave Ctrl-C to the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:  # the parent ended before the signal was asked for
            os._exit(1)


CHUNK_BYTES = 64 * 2**10
CHUNK_FILES = 32
"""A worker is handed files by the chunk, closed once it holds this many files or bytes, so that a folder of small
files does not cost a round trip between the processes each, and a large file is not held back behind others."""


def chunks(tasks: Iterator[Task]) -> Iterator[list[Task]]:
    """The tasks in order, in chunks of about ``CHUNK_BYTES``.

    >>> from .sources import Source
    >>> tasks = [Task(Source(str(size), (), data=bytes(size)), Settings(AUTO, "null", False), None)
    ...          for size in (40_000, 30_000, 100_000, 10)]
    >>> [[task.source.name for task in chunk] for chunk in chunks(iter(tasks))]
    [['40000', '30000'], ['100000'], ['10']]
    """
    chunk: list[Task] = []
    weight = 0
    for task in tasks:
        chunk.append(task)
        weight += task.source.weight
        if weight >= CHUNK_BYTES or len(chunk) == CHUNK_FILES:
            yield chunk
            chunk, weight = [], 0
    if chunk:
        yield chunk


def check_chunk(chunk: list[Task]) -> list[Outcome]:
    """A worker's share: each task of a chunk checked, in order."""
    return [check_task(task) for task in chunk]


Work = Callable[[list[Task]], list[Outcome]]
"""What one worker does with a chunk of tasks: ``check_chunk`` here, in a worker process or on a Dask worker."""


@contextmanager
def _frozen() -> Iterator[None]:
    """The objects made before the check (the core's tables, built at import: tens of thousands of values) kept
    out of the collector's passes while it runs: a full collection traversed them all again, and forked workers,
    which share this process's objects, would copy the pages it touches."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@contextmanager
def _processes(jobs: int) -> Iterator[tuple[Executor, int, Work]]:
    """``jobs`` worker processes on this machine, forked, ended however the run ends."""
    import multiprocessing

    context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
    with _frozen():
        pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_worker_start, initargs=(os.getpid(),))
        try:
            yield pool, jobs, check_chunk
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def _on_dask(address: str) -> Callable[[], AbstractContextManager[tuple[Executor, int, Work]]]:
    """The workers of the Dask cluster whose scheduler is at ``address`` (tcp://HOST:PORT): the optional ``dask``
    extra. The tasks carry their bytes (the workers need not see this machine's files)."""

    @contextmanager
    def cluster() -> Iterator[tuple[Executor, int, Work]]:
        from distributed import Client  # the optional extra: imported only when asked for

        try:
            client = Client(address, set_as_default=False, timeout=DASK_CONNECT_SECONDS)
        except OSError as error:  # the scheduler cannot be reached (a TimeoutError is one)
            raise ExecutorError(f"--executor: no Dask scheduler answers at {address}: {error}") from None
        with client:
            threads = sum(client.nthreads().values())
            yield client.get_executor(pure=False), max(threads, 1), check_chunk

    return cluster


DASK_CONNECT_SECONDS = 30


def outcomes(tasks: Iterator[Task], jobs: int,
             workers: Callable[[], AbstractContextManager[tuple[Executor, int, Work]]] | None = None,
             ) -> Generator[Outcome, None, None]:
    """Each task's outcome, in task order, as they come. With ``jobs`` above 1, checked in that many processes; with
    ``workers``, by the executor they open (a Dask cluster, the HTTP service). Either way handed out in chunks, at
    most two chunks a worker read ahead (so an archive's members are not all held at once)."""
    if workers is None and jobs == 1:
        with _frozen():
            yield from map(check_task, tasks)
        return
    remote = workers is not None
    with (workers or functools.partial(_processes, jobs))() as (pool, width, work):
        pending: deque[Future[list[Outcome]]] = deque()
        for chunk in chunks(tasks):
            if remote:
                chunk = [dataclasses.replace(task, source=loaded(task.source)) for task in chunk]
            pending.append(pool.submit(work, chunk))
            if len(pending) >= 2 * width:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()


def _jobs(text: str) -> int:
    """``--jobs N``: a whole number of worker processes, 1 or more; argparse names the option with the message."""
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a whole number of processes, 1 or more: {text!r}")
    return int(text)


def _rules(text: str) -> object:
    """``--rules JSON``: the rules object as JSON text (its options are checked by ``rules_of``, after)."""
    try:
        return json.loads(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"not JSON ({error}): {text[:40]!r}") from None


def parser() -> argparse.ArgumentParser:
    """The command line."""
    made = argparse.ArgumentParser(
        prog=PROG, formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG,
        description="Check razz hand histories without a server: each hand read, replayed under the rules,\n"
                    "settled and compared with what its history says was paid.")
    made.add_argument("inputs", nargs="+", metavar="INPUT",
                      help="a file, a folder, an archive, or - for standard input")
    made.add_argument("--format", default=AUTO, choices=[AUTO, *FORMATS],
                      help="the format the files are written in; auto (the default) tells it from each file's text, "
                           "as the endpoint does")
    made.add_argument("--rules", type=_rules, default=None, metavar="JSON",
                      help='the rules object, as a request writes it: \'{"preset": "tda_tournament"}\'')
    made.add_argument("--json", action="store_true", help="one JSON line per hand, the total on standard error")
    made.add_argument("--to-phh", type=Path, metavar="DIR",
                      help="write every valid hand as PHH under DIR: a .phhs file for each input file holding one, "
                           "at its path relative to what was given mirrored under DIR")
    made.add_argument("--jobs", type=_jobs, default=default_jobs(), metavar="N",
                      help="check the files in N processes (default: the cores, here %(default)s); the output is the "
                           "same whatever N")
    made.add_argument("--executor", metavar="dask://HOST:PORT",
                      help="check the files on the Dask cluster whose scheduler is there (pip install "
                           "'razz-rules-service[dask]'), each sent with its bytes, the output printed in order as it "
                           "comes; --jobs is then the cluster's")
    made.add_argument("--server", metavar="URL",
                      help="have the HTTP service at URL check the hands (POST /v1/hand-histories/check, Prefer: "
                           "return=minimal), --jobs requests in flight; the players' nets are then not known")
    made.add_argument("--shard", metavar="K/N",
                      help="with --out: check the K-th of N even parts of the inputs, K from 0 (default: "
                           "$JOB_COMPLETION_INDEX/$JOB_COMPLETIONS in a Kubernetes Indexed Job, else 0/1)")
    made.add_argument("--out", type=Path, metavar="DIR",
                      help="write this shard's outcomes to DIR/shard-K-of-N.jsonl (replacing a part written "
                           "before); then `merge DIR` prints what one run prints")
    return made


def main(argv: Sequence[str] | None = None) -> int:
    """Check every input, or write one shard's part, or merge the parts (``merge DIR``); the exit status says how
    it went (see the epilog)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["merge"]:
        return merge(argv[1:])
    try:
        arguments = parser().parse_args(argv)
    except SystemExit as stop:  # --help, or a usage error argparse has reported
        return stop.code if isinstance(stop.code, int) else 2
    settings = Settings(arguments.format, json.dumps(arguments.rules), arguments.json)
    try:
        _checker(settings.rules)
    except ValueError as error:
        print(f"{PROG}: --rules: {error}", file=sys.stderr)
        return 2
    if arguments.shard is not None and arguments.out is None:
        print(f"{PROG}: --shard writes its part to a folder: give --out DIR", file=sys.stderr)
        return 2
    if arguments.inputs.count("-") > 1:
        print(f"{PROG}: - (standard input) can be read once", file=sys.stderr)
        return 2
    try:
        workers = executor(arguments)
    except ExecutorError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    listed = sources(arguments.inputs, getattr(sys.stdin, "buffer", None))
    if arguments.out is not None:
        return shard(arguments, settings, listed)
    out: Path | None = arguments.to_phh
    paths = PhhPaths()
    tasks = (Task(source, settings, None if out is None else out / paths.path(source.parts)) for source in listed)
    return show(outcomes(tasks, arguments.jobs, workers), arguments.json)


def executor(arguments: argparse.Namespace) -> Callable[[], AbstractContextManager[tuple[Executor, int, Work]]] | None:
    """The workers ``--executor`` names (None: this machine's processes), or an ExecutorError saying why not."""
    if arguments.server is not None:
        if arguments.executor is not None or arguments.out is not None or arguments.to_phh is not None:
            raise ExecutorError("--server checks and prints here: run it without --executor, --out and --to-phh")
        from .served import Server, on_server  # the one path that speaks HTTP

        Server(arguments.server)  # a URL it cannot call is said now
        return functools.partial(on_server, arguments.server, arguments.jobs)
    if arguments.executor is None:
        return None
    if arguments.out is not None or arguments.to_phh is not None:
        raise ExecutorError("--executor checks and prints here: run it without --out and --to-phh")
    found = re.fullmatch(r"dask://([^/:]+:\d+)/?", arguments.executor)
    if found is None:
        raise ExecutorError(f"--executor {arguments.executor}: give dask://HOST:PORT, the Dask scheduler's address")
    if importlib.util.find_spec("distributed") is None:
        raise ExecutorError("--executor dask://: Dask is not installed here: pip install 'razz-rules-service[dask]'")
    return _on_dask(f"tcp://{found[1]}")


def shard(arguments: argparse.Namespace, settings: Settings, listed: Iterator[Source]) -> int:
    """Check the K-th of N parts of the inputs and write its outcomes to ``--out``, a record per unit, as they come
    (nothing held but the units in flight). Exit 0 once the part is written, whatever its hands: ``merge`` says how
    the run went, and a job must not retry a shard for an invalid hand."""
    try:
        if arguments.to_phh is not None:
            raise ShardError("--to-phh writes files of its own: run it without --out")
        number, shards = (parse_shard(arguments.shard) if arguments.shard is not None
                          else shard_from_environment(os.environ))
    except ShardError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    deal = Deal(listed, number, shards, settings.rules + settings.format + str(settings.json))
    units = deque[Unit]()

    def tasks() -> Iterator[Task]:
        for unit in deal:
            units.append(unit)
            yield Task(unit.source, settings, None, (unit.piece, unit.pieces))

    header = {"format": settings.format, "rules": json.loads(settings.rules), "json": settings.json}
    try:
        writer = PartWriter(arguments.out, number, shards, header)
    except OSError as error:
        print(f"{PROG}: {arguments.out}: cannot be written: {error.strerror or error}", file=sys.stderr)
        return 2
    hands = 0
    try:
        with closing(outcomes(tasks(), arguments.jobs)) as checked:
            for outcome in checked:
                writer.add(units.popleft(), outcome.record())
                hands += outcome.hands
        writer.finish(deal)
    except OSError as error:
        writer.drop()
        print(f"{PROG}: {writer.path}: cannot be written: {error.strerror or error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        writer.drop()
        print(INTERRUPTED, file=sys.stderr)
        return 130
    except BrokenProcessPool:
        writer.drop()
        print(WORKER_ENDED, file=sys.stderr)
        return 2
    print(f"shard {number}/{shards}: {count(writer.units, 'unit')} of {count(deal.files, 'file')}, "
          f"{count(hands, 'hand')} checked, written to {writer.path}", file=sys.stderr)
    return 0
