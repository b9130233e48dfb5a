"""What the command line's inputs hold: the hand-history files behind each file, folder, archive or ``-``.

Every input becomes ``Source`` records in a fixed order, so that two runs over the same inputs
check the same files in the same order (and ``--jobs`` changes nothing but the speed): a
folder's history files in name order, depth first; an archive's members in the archive's order,
each named ``ARCHIVE:MEMBER`` and read into memory (never unpacked to disk). Memory stays bounded:
no file or member larger than ``LARGEST`` is read, and each is read only when its turn comes. An
input that cannot be listed or read is a source carrying why, so that it is reported in its place
and the others are still checked.
"""

from __future__ import annotations

import os
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import PurePath, PurePosixPath
from typing import IO, BinaryIO

HISTORY_SUFFIXES = (".phh", ".phhs", ".txt", ".xml")
"""What a folder's or an archive's history files end with (any case); other files are left alone."""
ZIP_SUFFIXES = (".zip",)
TAR_SUFFIXES = (".tar.gz", ".tgz")
LARGEST = 32 * 2**20
"""The most bytes read from one file or member: a site's export of a long session is a few MiB."""
STDIN = "<stdin>"


class Unreadable(Exception):
    """Why a source's bytes cannot be had: the message names the cause in words."""


@dataclass(frozen=True)
class Source:
    """One history file to check: the name it is reported by, and its bytes or where to read them.

    ``parts`` is the name split into path parts (the archive's, then the member's), which
    ``--to-phh`` mirrors under its folder. A source found unreadable while listing carries
    ``problem``.
    """

    name: str
    parts: tuple[str, ...]
    path: str | None = None
    data: bytes | None = None
    problem: str | None = None
    size: int = 0
    """The file's size on disk when listed (what a worker will read), for sharing the work out."""
    passed_over: str | None = None
    """Why a folder's or an archive's file is not checked (not a history's suffix): it is named, never read."""

    @property
    def weight(self) -> int:
        """About how many bytes checking this source reads."""
        return self.size if self.data is None else len(self.data)

    def read(self) -> bytes:
        """The file's bytes (read now for a file on disk), or Unreadable saying why not."""
        if self.problem is not None:
            raise Unreadable(self.problem)
        if self.data is not None:
            return self.data
        assert self.path is not None
        try:
            with open(self.path, "rb") as file:
                return _bounded(file)
        except OSError as error:
            raise Unreadable(error.strerror or str(error)) from None


def loaded(source: Source) -> Source:
    """The source with its bytes in it (or why they cannot be had), to be checked where its path means nothing: on
    another machine."""
    if source.data is not None or source.problem is not None or source.passed_over is not None:
        return source
    try:
        return Source(source.name, source.parts, data=source.read())
    except Unreadable as error:
        return Source(source.name, source.parts, problem=str(error))


def sources(inputs: list[str], stdin: BinaryIO | None) -> Iterator[Source]:
    """Every history file the inputs name, in order: ``-`` is standard input, a folder its history files, a
    ``.zip``, ``.tar.gz`` or ``.tgz`` file its history members, any other name that file itself. A folder or an
    archive holding no history file is a source saying so: a run that checked nothing must not pass."""
    for name in inputs:
        if name == "-":
            yield _stdin(stdin)
        elif os.path.isdir(name):
            yield from _nonempty(name, _folder(name, given(name)), "a folder")
        elif name.lower().endswith(ZIP_SUFFIXES):
            yield from _nonempty(name, _zip(name), "an archive")
        elif name.lower().endswith(TAR_SUFFIXES):
            yield from _nonempty(name, _tar(name), "an archive")
        else:
            yield Source(name, given(name), path=name, size=_size(name))


def given(name: str) -> tuple[str, ...]:
    """What ``--to-phh`` mirrors of a name given on the command line: its last part alone, so that the files under
    it are written relative to what was given, wherever it lies (``/home/me/hands`` mirrors as ``hands``).

    >>> given("/home/me/hands/"), given("2024/a.txt"), given("/")
    (('hands',), ('a.txt',), ('root',))
    """
    return (os.path.basename(os.path.abspath(name)) or "root",)


def parts_of(name: str, pure: type[PurePath] = PurePath) -> tuple[str, ...]:
    """A name's path parts, relative: the root dropped, ``..`` written ``up`` (``--to-phh`` writes nothing outside
    its folder).

    >>> parts_of("/hands/../2024/a.txt")
    ('hands', 'up', '2024', 'a.txt')
    """
    path = pure(name)
    relative = path.parts[1:] if path.anchor else path.parts
    return tuple("up" if part == ".." else part for part in relative)


SUFFIXES_WRITTEN = f"{', '.join(HISTORY_SUFFIXES[:-1])} or {HISTORY_SUFFIXES[-1]}"
"""The history suffixes as a sentence lists them: ``.phh, .phhs, .txt or .xml``."""


def passed_over(name: str, parts: tuple[str, ...]) -> Source:
    """A visible file of a folder or an archive that is not checked, named with why, so that no file is left out
    silently."""
    return Source(name, parts, passed_over=f"not a {SUFFIXES_WRITTEN} file")


def is_hidden(name: str) -> bool:
    """Whether a path has a hidden part (``.git``, macOS's ``._`` companions, ``__MACOSX``): such files are left
    out without a word.

    >>> is_hidden("__MACOSX/._a.txt"), is_hidden(".git/config"), is_hidden("notes.md")
    (True, True, False)
    """
    return any(part.startswith(".") or part == "__MACOSX" for part in PurePosixPath(name).parts)


def is_history(name: str) -> bool:
    """Whether a folder's or an archive's file is one to check: a history suffix, and no hidden part (``.git``,
    macOS's ``._`` companions).

    >>> is_history("2024/table-1.TXT"), is_history("__MACOSX/._table-1.txt"), is_history("notes.md")
    (True, False, False)
    """
    path = PurePosixPath(name)
    return path.suffix.lower() in HISTORY_SUFFIXES and not any(part.startswith(".") for part in path.parts)


def _size(file: str | os.DirEntry[str]) -> int:
    """A file's size, or 0 when it cannot be had (reading it will say why)."""
    try:
        return file.stat().st_size if isinstance(file, os.DirEntry) else os.stat(file).st_size
    except OSError:
        return 0


def _bounded(file: IO[bytes]) -> bytes:
    """All of a file's bytes, or Unreadable once it passes ``LARGEST``."""
    data = file.read(LARGEST + 1)
    if len(data) > LARGEST:
        raise Unreadable(_too_large())
    return data


def _too_large() -> str:
    most = f"{LARGEST // 2**20} MiB" if LARGEST % 2**20 == 0 else f"{LARGEST:,} bytes"
    return f"larger than {most}, the most read from one file: split it"


def _stdin(stdin: BinaryIO | None) -> Source:
    if stdin is None:
        return Source(STDIN, ("stdin",), problem="no standard input")
    try:
        return Source(STDIN, ("stdin",), data=_bounded(stdin))
    except Unreadable as error:
        return Source(STDIN, ("stdin",), problem=str(error))
    except OSError as error:
        return Source(STDIN, ("stdin",), problem=error.strerror or str(error))


def _nonempty(name: str, found: Iterator[Source], what: str) -> Iterator[Source]:
    """The sources found, or one saying that ``name`` holds none."""
    empty = True
    for source in found:
        empty &= source.passed_over is not None
        yield source
    if empty:
        yield Source(name, given(name), problem=f"{what} holding no {SUFFIXES_WRITTEN} file")


def _folder(folder: str, parts: tuple[str, ...]) -> Iterator[Source]:
    """A folder's history files, in name order, depth first, each with ``parts``, the folder's, and its own name;
    symbolic links to folders are not followed (no cycles)."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError as error:
        yield Source(folder, parts, problem=error.strerror or str(error))
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        path = os.path.join(folder, entry.name)
        if entry.is_dir(follow_symlinks=False):
            yield from _folder(path, (*parts, entry.name))
        elif is_history(entry.name):
            yield Source(path, (*parts, entry.name), path=path, size=_size(entry))
        else:
            yield passed_over(path, (*parts, entry.name))


def _member(archive: str, member: str, data: bytes | None = None, problem: str | None = None) -> Source:
    return Source(f"{archive}:{member}", given(archive) + parts_of(member, PurePosixPath), data=data,
                  problem=problem)


def _zip(archive: str) -> Iterator[Source]:
    """A zip archive's history members, in the archive's order, each read when its turn comes."""
    try:
        with zipfile.ZipFile(archive) as opened:
            for info in opened.infolist():
                if info.is_dir() or is_hidden(info.filename):
                    continue
                if not is_history(info.filename):
                    yield passed_over(f"{archive}:{info.filename}", given(archive) + parts_of(info.filename,
                                                                                                  PurePosixPath))
                    continue
                if info.file_size > LARGEST:
                    yield _member(archive, info.filename, problem=_too_large())
                    continue
                try:
                    with opened.open(info) as member:
                        yield _member(archive, info.filename, data=_bounded(member))
                except Unreadable as error:
                    yield _member(archive, info.filename, problem=str(error))
                except (zipfile.BadZipFile, RuntimeError, NotImplementedError, EOFError, zlib.error) as error:
                    yield _member(archive, info.filename, problem=f"cannot be unpacked: {error}")
    except OSError as error:
        yield Source(archive, given(archive), problem=error.strerror or str(error))
    except zipfile.BadZipFile as error:
        yield Source(archive, given(archive), problem=f"not a zip archive: {error}")


def _tar(archive: str) -> Iterator[Source]:
    """A gzipped tar archive's history members, in the archive's order, read as a stream (one member in memory)."""
    try:
        with tarfile.open(archive, "r|gz") as opened:
            for info in opened:
                if not info.isfile() or is_hidden(info.name):
                    continue
                if not is_history(info.name):
                    yield passed_over(f"{archive}:{info.name}", given(archive) + parts_of(info.name, PurePosixPath))
                    continue
                if info.size > LARGEST:
                    yield _member(archive, info.name, problem=_too_large())
                    continue
                member = opened.extractfile(info)
                assert member is not None  # a regular file's
                yield _member(archive, info.name, data=_bounded(member))
    except OSError as error:
        yield Source(archive, given(archive), problem=error.strerror or f"not a gzipped tar archive: {error}")
    except (tarfile.TarError, EOFError, zlib.error) as error:
        yield Source(archive, given(archive), problem=f"not a gzipped tar archive, or a damaged one: {error}")
