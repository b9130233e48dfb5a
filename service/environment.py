"""Every environment variable the service reads, with its default and what it sets: one table for all who read them.

``python -m service --help`` prints it, the gunicorn settings and the app read their values
from it, so a default is written once. No import here costs anything: ``--help`` answers at once.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

PROGRAM = "python -m service"


def port_number(text: str) -> int:
    """A TCP port, 0 to 65535 (0: any free port): ``PORT`` and ``--port``.

    >>> port_number("8080")
    8080
    >>> port_number("70000")
    Traceback (most recent call last):
    ValueError: not a port (0 to 65535): '70000'
    """
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise ValueError(f"not a port (0 to 65535): {text!r}")
    return int(text)


def whole_number(least: int, noun: str) -> Callable[[str], int]:
    """A reader of a whole number of ``noun``, at least ``least``, in decimal digits."""
    def read(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or int(text) < least:
            raise ValueError(f"not a number of {noun} ({least} or more): {text!r}")
        return int(text)
    return read


worker_count = whole_number(1, "workers")
"""``WEB_CONCURRENCY`` and ``--workers``: 0 workers would start an arbiter that never gets ready."""

HOST_NAME = re.compile(r"(?=.{1,253}\.?$)(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")


def host_address(text: str) -> str:
    """An IP address (IPv6 with or without brackets) or a host name: ``HOST`` and ``--host``.

    >>> host_address("0.0.0.0"), host_address("::"), host_address("razz.internal")
    ('0.0.0.0', '[::]', 'razz.internal')
    >>> host_address("999.1.1.1")
    Traceback (most recent call last):
    ValueError: not an IP address or host name: '999.1.1.1'
    """
    bare = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    try:
        address = ipaddress.ip_address(bare)
    except ValueError:
        if bare is text and HOST_NAME.fullmatch(text) and not text.rstrip(".").rpartition(".")[2].isdigit():
            return text
        raise ValueError(f"not an IP address or host name: {text!r}") from None
    return f"[{address.compressed}]" if address.version == 6 else address.compressed


def bind_address(text: str) -> str:
    """Where to listen: ``unix:PATH`` or ``HOST:PORT`` (an IPv6 host in brackets): ``BIND`` and ``--bind``.

    >>> bind_address("0.0.0.0:8080"), bind_address("[::1]:80"), bind_address("unix:/tmp/razz.sock")
    ('0.0.0.0:8080', '[::1]:80', 'unix:/tmp/razz.sock')
    >>> bind_address("8080")
    Traceback (most recent call last):
    ValueError: not HOST:PORT or unix:PATH: '8080'
    """
    wrong = f"not HOST:PORT or unix:PATH: {text!r}"
    if text.startswith("unix:"):
        if not text.removeprefix("unix:"):
            raise ValueError(wrong)
        return text
    host, _, port = text.rpartition(":")
    try:
        return f"{host_address(host)}:{port_number(port)}"
    except ValueError:
        raise ValueError(wrong) from None


def positive_number(text: str) -> float:
    """A number above 0, as JSON writes it (``30``, ``2.5``): how the app reads ``RAZZ_REQUEST_TIMEOUT``."""
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < float("inf"):
        raise ValueError(f"not a number above 0: {text!r}")
    return value


def gunicorn_flags(text: str) -> list[str]:
    """gunicorn's own flags, split as a shell splits words (gunicorn judges the flags themselves)."""
    try:
        return shlex.split(text)
    except ValueError as error:
        raise ValueError(f"not flags a shell can split ({error}): {text!r}") from None


def shared_folder(text: str) -> str:
    """A folder the workers can write in, or one that can be made: not a file, and not under a file."""
    path = Path(text).absolute()
    existing = next(folder for folder in (path, *path.parents) if folder.exists())
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise ValueError(f"not a folder this process can write in or make: {text!r}")
    return text


@dataclass(frozen=True)
class Variable:
    """An environment variable: its name, its default (empty: unset), what it sets, in a line, and how its value
    is read (raising ValueError with what is wrong and what is allowed)."""

    name: str
    default: str
    meaning: str
    read: Callable[[str], object]


MAX_CONTENT_LENGTH = 4 * 1024 * 1024
REQUEST_TIMEOUT = 30
UNREAD_ANSWERS_LIMIT = 32 * 1024 * 1024

VARIABLES = (
    Variable("HOST", "127.0.0.1", "address to listen on (the image sets 0.0.0.0)", host_address),
    Variable("PORT", "8080", "port to listen on", port_number),
    Variable("BIND", "", "where to listen instead of HOST:PORT: HOST:PORT or unix:PATH", bind_address),
    Variable("WEB_CONCURRENCY", "2", "worker processes, one per core: each answers one request at a time",
             worker_count),
    Variable("GUNICORN_WORKER_CONNECTIONS", "1000", "connections a worker holds open at once",
             whole_number(1, "connections")),
    Variable("GUNICORN_GRACEFUL_TIMEOUT", "20", "seconds requests in flight get to finish after SIGTERM",
             whole_number(0, "seconds")),
    Variable("GUNICORN_MAX_REQUESTS", "0", "requests before a worker is replaced, 0 for never (workers then share one "
                                           "socket)", whole_number(0, "requests")),
    Variable("GUNICORN_CMD_ARGS", "", "any other gunicorn setting, as gunicorn's own flags", gunicorn_flags),
    Variable("PROMETHEUS_MULTIPROC_DIR", "", "folder where workers share metrics (unset: the server makes its own)",
             shared_folder),
    Variable("RAZZ_REQUEST_TIMEOUT", str(REQUEST_TIMEOUT), "seconds to send a request body once its headers are in, "
                                                           "else 408", positive_number),
    Variable("RAZZ_MAX_CONTENT_LENGTH", str(MAX_CONTENT_LENGTH), "largest request body in bytes, else 413",
             whole_number(1, "bytes")),
    Variable("RAZZ_UNREAD_ANSWERS_LIMIT", str(UNREAD_ANSWERS_LIMIT), "bytes of answers not yet read a worker holds, "
                                                                     "past it 503", whole_number(1, "bytes")),
)
"""Every variable read, in the order ``--help`` lists them."""

DEFAULTS = {variable.name: variable.default for variable in VARIABLES}


def listen_address() -> str:
    """Where the variables say to listen: ``BIND``, else ``HOST:PORT`` (an IPv6 host in brackets)."""
    return setting("BIND") or f"{host_address(setting('HOST'))}:{setting('PORT')}"


def setting(name: str) -> str:
    """The variable's value, or its default when it is unset or empty.

    >>> setting("WEB_CONCURRENCY") == (os.environ.get("WEB_CONCURRENCY") or "2")
    True
    """
    return os.environ.get(name) or DEFAULTS[name]


def refusal(environ: Mapping[str, str] = os.environ, program: str = PROGRAM) -> str | None:
    """The line that refuses the first variable set to a value it does not take, as ``program`` refuses a bad
    flag; None when every one is fine. An empty variable is unset.

    >>> refusal({"WEB_CONCURRENCY": "0"})
    "python -m service: error: environment WEB_CONCURRENCY: not a number of workers (1 or more): '0'"
    >>> refusal({"PORT": "8080", "WEB_CONCURRENCY": ""}) is None
    True
    """
    for variable in VARIABLES:
        text = environ.get(variable.name)
        if text:
            try:
                variable.read(text)
            except ValueError as error:
                return f"{program}: error: environment {variable.name}: {error}"
    return None
