"""RFC 9457 problem documents, written the same way by the app and by the HTTP server around it.

No Flask here: the gunicorn worker answers what never reaches the app (a request line too long,
a body that never finishes) with the same bytes the app's own errors have.
"""

from __future__ import annotations

import http
import json
from collections.abc import Mapping

from .stud_family.cards import RANK_CHARS

SHOWN = 40
"""Characters of a bad value a message repeats before it is cut short with an ellipsis."""

PROBLEM_CONTENT_TYPE = "application/problem+json"
PROBLEM_BASE = "https://razz.rules/problems/"

KIND_BY_STATUS = {
    400: "malformed-request",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    408: "request-timeout",
    413: "payload-too-large",
    414: "uri-too-long",
    415: "unsupported-media-type",
    417: "expectation-failed",
    422: "validation-error",
    431: "header-fields-too-large",
    500: "internal-error",
    501: "not-implemented",
    503: "not-ready",
}
"""The problem kind of an HTTP error that has no more precise one."""

DETAIL_BY_STATUS = {
    400: "the request body is not valid JSON",
    404: "no resource lives at this path",
    405: "this path does not accept this method",
    408: "the request was not received in full in time",
    413: "the request body is larger than this service accepts",
    414: "the request line is longer than this service accepts",
    415: "send the request body as JSON with Content-Type: application/json",
    431: "the request headers are larger than this service accepts",
    500: "the service failed to answer; the request was logged",
}
"""The sentence of an HTTP error that has no more precise one, in the rules' voice: a lower-case clause, no full
stop."""


TITLE_BY_STATUS = {413: "Content Too Large"}
"""Titles in RFC 9110's words where Python's ``http.HTTPStatus`` still has an older phrase."""


def status_title(status: int) -> str:
    """The RFC 9110 reason phrase of ``status``: every problem's title and every status line, app and worker alike."""
    return TITLE_BY_STATUS.get(status) or http.HTTPStatus(status).phrase


def status_detail(status: int) -> str:
    """The detail of an HTTP error with no more precise one: its sentence, else its status in the same voice."""
    return DETAIL_BY_STATUS.get(status) or f"status {status}: {status_title(status)}"


DUPLICATE_ID = "duplicate-id"
HTTP_ERROR = "http-error"
UNSUPPORTED_FORMAT = "unsupported-format"


class Busy(Exception):
    """The server cannot start this request's work in time: a 503 ``not-ready`` telling the caller when to come back.

    Raised before any of the work is done, so that asking again is always safe.
    """

    def __init__(self, detail: str, retry_after: int) -> None:
        super().__init__(detail)
        self.detail = detail
        self.retry_after = retry_after


def problem_json(status: int, kind: str, detail: str, errors: Mapping[str, list[str]] | None = None,
                 extensions: Mapping[str, str] | None = None) -> bytes:
    """One problem as JSON bytes, compact as every answer is, its members in RFC 9457's order.

    ASCII only, so any text a caller sent is written back safely. ``errors`` keeps its order: the
    schema's field order, the first entry being the one the detail names. ``extensions`` are the
    members a kind of problem adds (an illegal action's ``rule`` and ``source``), written last.
    """
    body: dict[str, object] = {
        "type": PROBLEM_BASE + kind,
        "title": status_title(status),
        "status": status,
        "detail": detail,
    }
    if errors:
        body["errors"] = errors
    if extensions:
        body.update(extensions)
    return json.dumps(body, ensure_ascii=True, separators=(",", ":")).encode()


def quoted(text: str) -> str:
    """Text a message repeats (a request's value, a history's words), in JSON's quotes and cut short: one voice."""
    return json.dumps(text if len(text) <= SHOWN else text[:SHOWN] + "\u2026", ensure_ascii=False)


MISSING = "missing required field"
"""What a request says of a required field it does not give."""


def shown(value: object) -> str:
    """``value`` as JSON, at most ``SHOWN`` characters and an ellipsis; an array or object by its kind alone."""
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, str):
        return quoted(value)
    text = json.dumps(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "\u2026"


def not_a(kind: str, value: object) -> str:
    """A value that is not of the ``kind`` its field takes (``a whole number``), repeated."""
    return f"not {kind}: {shown(value)}"


def not_from(minimum: int, maximum: int, value: int) -> str:
    """A whole number outside its field's range.

    >>> not_from(1, 8, 9)
    'not from 1 to 8: 9'
    """
    return f"not from {minimum} to {maximum}: {shown(value)}"


def holds(count: int, noun: str, least: int | None, most: int | None) -> str | None:
    """What is wrong with holding ``count`` of ``noun`` (singular) where ``least`` to ``most`` may be; None if
    nothing.

    >>> holds(1, "item", 2, 8)
    'holds 1 item: at least 2'
    """
    counted = f"{count} {noun}" + ("" if count == 1 else "s")
    if least is not None and count < least:
        return f"holds {counted}: at least {least}"
    if most is not None and count > most:
        return f"holds {counted}: at most {most}"
    return None


def not_a_card(value: object) -> str:
    """What every card field says of a value that is not a card (an ``invalid-card`` problem)."""
    return f"{not_a('a card', value)} (a rank from {RANK_CHARS} and a suit from shdc, e.g. \"As\")"
