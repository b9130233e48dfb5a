"""RFC 9457 problem details: every error the service sends, one stable type per kind."""

from __future__ import annotations

import http
import json
from collections.abc import Mapping
from typing import Any

import marshmallow as ma
from flask import Response
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException

from ..problems import (
    HTTP_ERROR,
    KIND_BY_STATUS,
    PROBLEM_CONTENT_TYPE,
    problem_json,
    status_detail,
    status_title,
)
from ..serving.readiness import starting
from ..stud_family.errors import DuplicateCardError
from ..stud_family.why import REFERENCE_PATH
from .problem_types import type_property


class ProblemSchema(ma.Schema):
    """An RFC 9457 problem detail, with field errors for validation problems."""

    type = ma.fields.String(required=True, metadata=type_property())
    title = ma.fields.String(required=True, metadata={"description": "The HTTP status's phrase."})
    status = ma.fields.Integer(required=True, metadata={
        "description": "The HTTP status of the response.", "minimum": 400, "maximum": 599})
    detail = ma.fields.String(required=True, metadata={"description": "One sentence a person understands."})
    errors = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.List(ma.fields.String()),
        metadata={"description": "Field path (e.g. `players[2].cards[1]`) to what is wrong with it."},
    )
    rule = ma.fields.String(metadata={
        "description": "An illegal action's rule: the section of the rules reference that refuses it.",
        "example": "§2"})
    source = ma.fields.String(metadata={
        "description": "An illegal action's rulebook rule (`reference default` where the reference chose).",
        "example": "RRoP Betting & Raising 3"})
    see = ma.fields.String(metadata={
        "description": "An illegal action's citation in the rules reference the service publishes "
                       f"(`GET {REFERENCE_PATH}`): its path and anchor.",
        "example": f"{REFERENCE_PATH}#razz-2-rrop-betting-raising-3"})


class Problem(Exception):
    """A client error the service names precisely: its kind, the sentence, and the fields."""

    def __init__(self, kind: str, detail: str, errors: Mapping[str, list[str]] | None = None,
                 status: int = 422) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.errors = dict(errors) if errors else None
        self.status = status


class KindedMessage(str):
    """A field's error message that names its problem type: the problem takes it when it is the first error."""

    kind: str

    def __new__(cls, text: str, kind: str) -> KindedMessage:
        message = super().__new__(cls, text)
        message.kind = kind
        return message


SCHEMA_KIND = KIND_BY_STATUS[422]
"""The problem type of a body the schema refuses, unless its first error names another."""


def schema_kind(message: str) -> str:
    """The problem type of a schema's first error message."""
    return getattr(message, "kind", SCHEMA_KIND)


def field_problem(kind: str, path: str, message: str) -> Problem:
    """A 422 about one field: the detail repeats the path so a log line alone says it all."""
    return Problem(kind, f"{path}: {message}", {path: [message]})


def problem_response(status: int, kind: str, detail: str, errors: Mapping[str, list[str]] | None = None,
                     headers: Mapping[str, str] | None = None, extensions: Mapping[str, str] | None = None) -> Response:
    """Serialise one problem as application/problem+json."""
    response = Response(problem_json(status, kind, detail, errors, extensions),
                        status=f"{status} {status_title(status)}", mimetype=PROBLEM_CONTENT_TYPE)
    response.headers.update(headers or {})
    return response


def flatten_messages(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    """Turn marshmallow's nested messages into ``path -> messages`` with ``a.b[2]`` paths."""
    if isinstance(messages, Mapping):
        flat: dict[str, list[str]] = {}
        for key, value in messages.items():
            if isinstance(key, int):
                path = f"{prefix}[{key}]"
            elif key == "_schema":
                path = prefix or "body"
            else:
                path = f"{prefix}.{key}" if prefix else str(key)
            flat.update(flatten_messages(value, path))
        return flat
    if isinstance(messages, list) and all(isinstance(item, str) for item in messages):
        return {prefix or "body": messages}
    return {prefix or "body": [str(messages)]}


PROBLEM_EXAMPLES: dict[int, dict[str, Any]] = {
    422: json.loads(problem_json(422, DuplicateCardError.kind, "hands[0]: card As appears more than once",
                                 {"hands[0]": ["card As appears more than once"]})),
    503: json.loads(problem_json(503, KIND_BY_STATUS[503], starting(1, 4))),
}
"""Problems as the service writes them, where the status alone does not give the sentence."""


def problem_example(status: int) -> dict[str, Any]:
    """A problem of ``status`` exactly as the service sends one: the documented example of its response."""
    if status in PROBLEM_EXAMPLES:
        return PROBLEM_EXAMPLES[status]
    return json.loads(problem_json(status, KIND_BY_STATUS.get(status, HTTP_ERROR), status_detail(status)))


class ProblemApi(Api):
    """flask-smorest's Api, answering and documenting every error as problem+json."""

    ERROR_SCHEMA = ProblemSchema

    def handle_http_exception(self, error: HTTPException) -> Response:
        """Render Flask's and werkzeug's HTTP errors as problems."""
        status = error.code or 500
        headers = {}
        allowed = getattr(error, "valid_methods", None)  # werkzeug's MethodNotAllowed
        if status == 405 and allowed:
            headers["Allow"] = ", ".join(allowed)
        return problem_response(status, KIND_BY_STATUS.get(status, HTTP_ERROR), status_detail(status), headers=headers)

    def _register_responses(self) -> None:
        """Document the shared error responses with the problem+json content type, each with its own example."""
        self.spec.components.schema("Problem", {"example": PROBLEM_EXAMPLES[422]}, schema=self.ERROR_SCHEMA)
        for status in http.HTTPStatus:
            if status < 400:
                continue
            response = {"description": status_title(status), "schema": self.ERROR_SCHEMA,
                        "example": problem_example(status)}
            prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Default error response", "schema": self.ERROR_SCHEMA,
                    "example": problem_example(500)}
        prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)

    def _register_pagination_header(self) -> None:
        """Nothing here paginates: keep flask-smorest's PaginationMetadata out of the contract."""
