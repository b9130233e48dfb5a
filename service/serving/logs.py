"""Every line the server writes is one JSON object of one schema: log pipelines parse them with no format to keep.

Each line has ``time``, ``level``, ``logger`` (``access`` for requests, ``gunicorn`` for the
server's own messages, else the Python logger's name, e.g. ``service.app`` for the app's),
``pid`` and ``message``; a request's line adds what it was and how it went, an error its
``exception``. Access lines go to stdout, everything else to stderr.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

from gunicorn.config import Config
from gunicorn.glogging import Logger
from gunicorn.http.message import Request
from gunicorn.http.wsgi import Response

PROBE_PATHS = frozenset({"/healthz", "/readyz"})
"""Answered every few seconds per pod by the kubelet: logged only when they fail."""


OTHER_LINES = logging.StreamHandler(sys.stderr)
"""Every other logger's lines, the app's and Python's warnings, on stderr beside gunicorn's own."""


class JsonFormatter(logging.Formatter):
    """A log record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        """The record's common fields, the request's when it is an access line, and any traceback."""
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": {"gunicorn.access": "access", "gunicorn.error": "gunicorn"}.get(record.name, record.name),
            "pid": record.process,
            "message": record.getMessage(),
            **getattr(record, "request", {}),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line)


def _has_an_address(record: logging.LogRecord) -> bool:
    """False for gunicorn's "Listening at" line when the workers hold the sockets: it names no address then."""
    return not (record.msg == "Listening at: %s (%s)" and isinstance(record.args, tuple) and not record.args[0])


class JsonLogger(Logger):
    """gunicorn's logger, writing JSON lines, with the app's and Python's own messages beside its own."""

    def setup(self, cfg: Config) -> None:
        """Set gunicorn's handlers up, then make them and a handler for every other logger write JSON."""
        super().setup(cfg)
        formatter = JsonFormatter()
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.setFormatter(formatter)
        if _has_an_address not in self.error_log.filters:
            self.error_log.addFilter(_has_an_address)
        OTHER_LINES.setFormatter(formatter)
        if OTHER_LINES not in logging.getLogger().handlers:  # a configuration reload sets up again
            logging.getLogger().addHandler(OTHER_LINES)
        logging.captureWarnings(True)

    def access(self, resp: Response, req: Request, environ: dict[str, Any], request_time: timedelta) -> None:
        """Log one request with its X-Request-ID, so a caller's report leads to its line."""
        status = int(str(resp.status).split(None, 1)[0])
        path = environ.get("PATH_INFO")
        if not self.access_log_enabled or (status == 200 and path in PROBE_PATHS):
            return
        method = environ.get("REQUEST_METHOD")
        self.access_log.info("%s %s %s", method, path, status, extra={"request": {
            "request_id": next((value for name, value in resp.headers if name.lower() == "x-request-id"), None),
            "remote_addr": environ.get("REMOTE_ADDR"),
            "method": method,
            "path": path,
            "query": environ.get("QUERY_STRING") or None,
            "status": status,
            "bytes": getattr(resp, "sent", None),
            "duration_ms": round(request_time.total_seconds() * 1000, 3),
            "user_agent": environ.get("HTTP_USER_AGENT"),
        }})

