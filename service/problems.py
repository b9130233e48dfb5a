"""RFC 9457 problem documents, written the same way by the app and by the HTTP server around it.

No Flask here: the gunicorn worker answers what never reaches the app (a request line too long,
a body that never finishes) with the same bytes the app's own errors have.
"""

from __future__ import annotations

import http
import json
from collections.abc import Mapping

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
    400: "The request body is not valid JSON.",
    404: "No resource lives at this path.",
    405: "This path does not accept this method.",
    408: "The request was not received in full in time.",
    413: "The request body is larger than this service accepts.",
    414: "The request line is longer than this service accepts.",
    415: "Send the request body as JSON with Content-Type: application/json.",
    431: "The request headers are larger than this service accepts.",
    500: "The service failed to answer; the request was logged.",
}
"""The sentence of an HTTP error that has no more precise one."""


def problem_json(status: int, kind: str, detail: str, errors: Mapping[str, list[str]] | None = None) -> bytes:
    """One problem as JSON bytes; ASCII only, so any text a caller sent is written back safely."""
    body: dict[str, object] = {
        "type": PROBLEM_BASE + kind,
        "title": http.HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
    }
    if errors:
        body["errors"] = errors
    return json.dumps(body, sort_keys=True).encode()
