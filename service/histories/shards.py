"""An archive's check cut into N even, deterministic parts, each written to a file of its own, and put back together.

Every shard lists the same inputs in the same order (``sources``) and deals them out the same way,
so each knows which parts are its own without asking anyone: a unit is a file, or one of the even
runs of hands of a file larger than ``PIECE_BYTES`` (a very large export is shared out by hand), and
each unit in turn goes to the shard with the fewest bytes so far (the lowest index on a tie). A
shard reads only its own units; another's are listed and passed over.

A shard writes its part as JSON lines: a header (the version that wrote it, the shard, N and the
settings), one record per unit it checked, in order, and a last line with the fingerprint of
everything every shard listed (each file's name and size, and the settings). It is written to a
hidden temporary file in the folder, then renamed into place: a shard retried replaces its part
whole, and a part that is there was finished. ``merge`` reads every part's first and last lines
before it reads anything else, so that a part missing, another N, another version or other inputs
is said, and nothing merged wrongly; then it merges the records in unit order as a stream.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, TextIO

from .printed import PROG, Outcome, RunError, show
from .sources import Source

PIECE_BYTES = 2**20
"""A file larger than this is cut into runs of hands of about this many bytes, each a unit of its own: a second
or so of one core's work."""
INDEX_VARIABLE = "JOB_COMPLETION_INDEX"
"""Kubernetes sets it in each pod of an Indexed Job: the shard's K, from 0."""
COUNT_VARIABLE = "JOB_COMPLETIONS"
"""The shards' N. Kubernetes sets no variable for an Indexed Job's completion count: the chart sets this one from
the same value it writes as ``completions``."""
PART = re.compile(r"shard-(?P<shard>\d+)-of-(?P<shards>\d+)\.jsonl")
FORMAT = 2
"""The part file's own layout; a change to it, as to the checks, comes with a new version."""


def written_by() -> str:
    """The version every part carries: the package's, and the part layout's."""
    try:
        package = version("razz-rules-service")
    except PackageNotFoundError:  # run from a checkout that was never installed
        package = "unknown"
    return f"{package}+parts{FORMAT}"


class ShardError(RunError):
    """A shard cannot be run or the parts cannot be merged: the message is the one line that says why."""

    command = " merge"


def part_name(shard: int, shards: int) -> str:
    """The file a shard writes its part to.

    >>> part_name(0, 4)
    'shard-0-of-4.jsonl'
    """
    return f"shard-{shard}-of-{shards}.jsonl"


def parse_shard(text: str) -> tuple[int, int]:
    """``K/N`` read as the K-th of N shards, K from 0 (as Kubernetes counts its completion index).

    >>> parse_shard("1/4")
    (1, 4)
    >>> parse_shard("4/4")
    Traceback (most recent call last):
    ...
    service.histories.shards.ShardError: shard 4/4 is out of range: K counts from 0 and is below N (0/4 to 3/4)
    """
    found = re.fullmatch(r"(\d+)/(\d+)", text.strip())
    if found is None:
        raise ShardError(f"shard {text!r} is not K/N (the K-th of N shards, K from 0: 0/4)")
    shard, shards = int(found[1]), int(found[2])
    if shards < 1:
        raise ShardError(f"shard {text}: N is at least 1")
    if shard >= shards:
        raise ShardError(f"shard {text} is out of range: K counts from 0 and is below N (0/{shards} to "
                         f"{shards - 1}/{shards})")
    return shard, shards


def shard_from_environment(environment: dict[str, str] | os._Environ[str]) -> tuple[int, int]:
    """K and N from an Indexed Job's pod (``JOB_COMPLETION_INDEX``, ``JOB_COMPLETIONS``); 0/1 when neither is set.

    >>> shard_from_environment({"JOB_COMPLETION_INDEX": "2", "JOB_COMPLETIONS": "8"}), shard_from_environment({})
    ((2, 8), (0, 1))
    """
    index, count = environment.get(INDEX_VARIABLE), environment.get(COUNT_VARIABLE)
    if index is None and count is None:
        return 0, 1
    if index is None or count is None:
        missing = INDEX_VARIABLE if index is None else COUNT_VARIABLE
        raise ShardError(f"{missing} is not set beside {COUNT_VARIABLE if index is None else INDEX_VARIABLE}: "
                         "give --shard K/N")
    return parse_shard(f"{index}/{count}")


def pieces_of(weight: int) -> int:
    """How many units a file of ``weight`` bytes is: one, or a run of hands per ``PIECE_BYTES`` or part of it.

    >>> pieces_of(0), pieces_of(PIECE_BYTES), pieces_of(PIECE_BYTES + 1)
    (1, 1, 2)
    """
    return max(1, -(-weight // PIECE_BYTES))


@dataclass(frozen=True)
class Unit:
    """One unit of the work: the ``piece``-th of ``pieces`` runs of hands of the ``file``-th file listed."""

    file: int
    source: Source
    piece: int
    pieces: int


class Deal:
    """The units of the inputs, dealt to ``shards`` shards; iterating yields the ones shard ``shard`` checks.

    Every unit goes to the shard with the fewest bytes dealt so far, so the parts are even to within a
    unit whatever the files' sizes. Once iterated, ``fingerprint`` names what was listed and ``files``
    counts it.

    >>> from .sources import Source
    >>> listed = [Source(name, (name,), data=bytes(size)) for name, size in [("a", 3), ("b", 1), ("c", 1), ("d", 2)]]
    >>> [[unit.source.name for unit in Deal(listed, shard, 2, "{}")] for shard in (0, 1)]
    [['a'], ['b', 'c', 'd']]
    """

    def __init__(self, listed: Iterable[Source], shard: int, shards: int, settings: str) -> None:
        self.listed, self.shard, self.shards = listed, shard, shards
        self.hash = hashlib.sha256(settings.encode())
        self.files = 0

    def __iter__(self) -> Iterator[Unit]:
        loads = [(0, shard) for shard in range(self.shards)]  # a heap: the least loaded first, then the lowest
        for file, source in enumerate(self.listed):
            self.files += 1
            self.hash.update(json.dumps([source.name, source.weight, source.problem]).encode() + b"\n")
            pieces = pieces_of(source.weight)
            for piece in range(pieces):
                load, shard = heapq.heappop(loads)
                share = (piece + 1) * source.weight // pieces - piece * source.weight // pieces
                heapq.heappush(loads, (load + max(share, 1), shard))
                if shard == self.shard:
                    yield Unit(file, source, piece, pieces)

    @property
    def fingerprint(self) -> str:
        """What every shard listed and the settings, as a hash: the same in every part of one run."""
        return self.hash.hexdigest()[:32]


class PartWriter:
    """A shard's part, written to a hidden temporary file in the folder and renamed into place when finished."""

    def __init__(self, folder: Path, shard: int, shards: int, settings: dict[str, Any]) -> None:
        self.path = folder / part_name(shard, shards)
        self.temporary = folder / f".{self.path.name}.{os.getpid()}.tmp"
        folder.mkdir(parents=True, exist_ok=True)
        self.file: TextIO = open(self.temporary, "w", encoding="utf-8")  # noqa: SIM115 (closed by finish or drop)
        self.units = 0
        self._line({"version": written_by(), "shard": shard, "shards": shards, "settings": settings})

    def _line(self, record: dict[str, Any]) -> None:
        self.file.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")

    def add(self, unit: Unit, outcome: dict[str, Any]) -> None:
        """One unit's outcome, after the ones before it."""
        self.units += 1
        self._line({"file": unit.file, "piece": unit.piece, "pieces": unit.pieces, "outcome": outcome})

    def finish(self, deal: Deal) -> None:
        """The last line, then the part in place of any earlier one for the same shard."""
        self._line({"end": True, "files": deal.files, "units": self.units, "inputs": deal.fingerprint})
        self.file.flush()
        os.fsync(self.file.fileno())
        self.file.close()
        os.replace(self.temporary, self.path)

    def drop(self) -> None:
        """Leave nothing behind when the shard did not finish."""
        self.file.close()
        self.temporary.unlink(missing_ok=True)


@dataclass(frozen=True)
class Part:
    """A part found in the folder, its header and its last line read."""

    path: Path
    shard: int
    shards: int
    settings: dict[str, Any]
    files: int
    inputs: str


def _last_line(path: Path) -> bytes:
    with open(path, "rb") as file:
        end = file.seek(0, os.SEEK_END)
        chunk = b""
        while end > 0 and chunk.count(b"\n") < 2:
            start = max(0, end - 4096)
            file.seek(start)
            chunk = file.read(end - start) + chunk
            end = start
    return chunk.rstrip(b"\n").rsplit(b"\n", 1)[-1]


def _read_part(path: Path, version_here: str) -> Part:
    """A part's header and last line, or a ShardError naming what is wrong with it."""
    try:
        with open(path, encoding="utf-8") as file:
            header = json.loads(file.readline())
        end = json.loads(_last_line(path))
    except (OSError, ValueError) as error:
        raise ShardError(f"{path}: not a part this command wrote ({error})") from None
    if not isinstance(header, dict) or not isinstance(end, dict):
        raise ShardError(f"{path}: not a part this command wrote")
    if header.get("version") != version_here:
        raise ShardError(f"{path}: written by version {header.get('version')}, this is {version_here}: check its "
                         "shard again with this version")
    found = PART.fullmatch(path.name)
    assert found is not None  # only such names are listed
    if (header.get("shard"), header.get("shards")) != (int(found["shard"]), int(found["shards"])):
        raise ShardError(f"{path}: its header says shard {header.get('shard')}/{header.get('shards')}, its name "
                         "another: renamed?")
    if end.get("end") is not True:
        raise ShardError(f"{path}: unfinished (no last line): check its shard again")
    return Part(path, header["shard"], header["shards"], header["settings"], end["files"], end["inputs"])


def read_parts(folder: Path) -> list[Part]:
    """Every part of one run, checked to belong together, in shard order; a ShardError saying what is not so."""
    if not folder.is_dir():
        raise ShardError(f"{folder}: no such folder")
    names = sorted(path for path in folder.iterdir() if PART.fullmatch(path.name))
    if not names:
        raise ShardError(f"{folder}: no part (shard-K-of-N.jsonl) to merge")
    here = written_by()
    parts = [_read_part(path, here) for path in names]
    counts = sorted({part.shards for part in parts})
    if len(counts) > 1:
        raise ShardError(f"{folder}: parts of runs in {' and '.join(map(str, counts))} shards: N changed between "
                         "shards; keep one run's parts")
    shards = counts[0]
    missing = sorted(set(range(shards)) - {part.shard for part in parts})
    if missing:
        raise ShardError(f"{folder}: shard{'s' if len(missing) > 1 else ''} "
                         f"{', '.join(f'{shard}/{shards}' for shard in missing)} missing "
                         f"({', '.join(part_name(shard, shards) for shard in missing)}): run "
                         f"{'them' if len(missing) > 1 else 'it'}, then merge")
    first = min(parts, key=lambda part: part.shard)
    for part in sorted(parts, key=lambda part: part.shard):
        if part.inputs != first.inputs or part.settings != first.settings:
            raise ShardError(f"{part.path}: checked other inputs or settings than {first.path.name} (inputs "
                             f"{part.inputs} against {first.inputs}): check every shard of one run alike")
    return sorted(parts, key=lambda part: part.shard)


def _records(part: Part) -> Iterator[tuple[int, int, int, dict[str, Any]]]:
    with open(part.path, encoding="utf-8") as file:
        file.readline()
        for line in file:
            record = json.loads(line)
            if "end" in record:
                return
            yield record["file"], record["piece"], record["pieces"], record["outcome"]


def merged_units(parts: list[Part]) -> Iterator[list[dict[str, Any]]]:
    """Each file's outcomes, its pieces' in order, over every part in file order, read as a stream (one record of
    each part and one file's pieces held); a ShardError when a unit is missing or found twice."""
    expected_file, pieces_wanted = 0, 1
    pieces_found: list[dict[str, Any]] = []
    for file, piece, pieces, outcome in heapq.merge(*map(_records, parts), key=lambda record: record[:2]):
        if (file, piece) != (expected_file, len(pieces_found)) or (pieces_found and pieces != pieces_wanted):
            raise ShardError(f"{parts[0].path.parent}: file {expected_file}'s unit {len(pieces_found)} is missing "
                             "or found twice: the parts do not belong together")
        pieces_found.append(outcome)
        pieces_wanted = pieces
        if len(pieces_found) == pieces:
            yield pieces_found
            expected_file, pieces_found = expected_file + 1, []
    if pieces_found or expected_file != parts[0].files:
        raise ShardError(f"{parts[0].path.parent}: {parts[0].files} files listed, {expected_file} found whole: the "
                         "parts do not belong together")


def merge(argv: Sequence[str]) -> int:
    """``merge DIR``: every shard's part, put back together: what one run over the inputs prints, and its status."""
    if len(argv) != 1 or argv[0].startswith("-"):
        print(f"usage: {PROG} merge DIR\n{PROG} merge: error: give the one folder the shards wrote their parts to "
              "(--out)", file=sys.stderr)
        return 2
    try:
        parts = read_parts(Path(argv[0]))
    except ShardError as error:
        print(f"{PROG} merge: {error}", file=sys.stderr)
        return 2
    joined = (Outcome.joined(pieces) for pieces in merged_units(parts))
    return show(joined, parts[0].settings["json"])
