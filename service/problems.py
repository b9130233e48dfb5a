"""RFC 9457 problem documents, written the same way by the app and by the HTTP server around it.

No Flask here: the gunicorn worker answers what never reaches the app (a request line too long,
a body that never finishes) with the same bytes the app's own errors have.
"""

from __future__ import annotations

import http
import json
from collections.abc import Mapping

from .stud_family.errors import PROBLEM_BASE

PROBLEM_CONTENT_TYPE = "application/problem+json"

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
