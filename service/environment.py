"""Every environment variable the service reads, with its default and what it sets: one table for all who read them.

``python -m service --help`` prints it, the gunicorn settings and the app read their values
from it, so a default is written once. No import here costs anything: ``--help`` answers at once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Variable:
    """An environment variable: its name, its default (empty: unset) and what it sets, in a line."""

    name: str
    default: str
    meaning: str


MAX_CONTENT_LENGTH = 4 * 1024 * 1024
REQUEST_TIMEOUT = 30
UNREAD_ANSWERS_LIMIT = 32 * 1024 * 1024

VARIABLES = (
    Variable("HOST", "127.0.0.1", "address to listen on (the image sets 0.0.0.0)"),
    Variable("PORT", "8080", "port to listen on"),
    Variable("BIND", "", "where to listen instead of HOST:PORT: HOST:PORT or unix:PATH"),
    Variable("WEB_CONCURRENCY", "2", "worker processes, one per core: each answers one request at a time"),
    Variable("GUNICORN_WORKER_CONNECTIONS", "1000", "connections a worker holds open at once"),
    Variable("GUNICORN_GRACEFUL_TIMEOUT", "20", "seconds requests in flight get to finish after SIGTERM"),
    Variable("GUNICORN_MAX_REQUESTS", "0", "requests before a worker is replaced, 0 for never (workers then share one "
                                           "socket)"),
    Variable("GUNICORN_CMD_ARGS", "", "any other gunicorn setting, as gunicorn's own flags"),
    Variable("PROMETHEUS_MULTIPROC_DIR", "", "folder where workers share metrics (unset: the server makes its own)"),
    Variable("RAZZ_REQUEST_TIMEOUT", str(REQUEST_TIMEOUT), "seconds to send a request body once its headers are in, "
                                                           "else 408"),
    Variable("RAZZ_MAX_CONTENT_LENGTH", str(MAX_CONTENT_LENGTH), "largest request body in bytes, else 413"),
    Variable("RAZZ_UNREAD_ANSWERS_LIMIT", str(UNREAD_ANSWERS_LIMIT), "bytes of answers not yet read a worker holds, "
                                                                     "past it 503"),
)
"""Every variable read, in the order ``--help`` lists them."""

DEFAULTS = {variable.name: variable.default for variable in VARIABLES}


def setting(name: str) -> str:
    """The variable's value, or its default when it is unset or empty.

    >>> setting("WEB_CONCURRENCY") == (os.environ.get("WEB_CONCURRENCY") or "2")
    True
    """
    return os.environ.get(name) or DEFAULTS[name]
