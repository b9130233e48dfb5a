"""The shape every JSON operation shares: one decorator stack and one serialiser."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from http import HTTPStatus
from typing import Any

import marshmallow as ma
import msgspec
from flask import Response, request
from flask_smorest import Blueprint

from ..problems import DETAIL_BY_STATUS
from .direct_loading import direct_loader
from .errors import SCHEMA_KIND, Problem, field_problem, flatten_messages, schema_kind

_ENCODER = msgspec.json.Encoder()
"""One encoder for every answer: compact UTF-8 JSON."""

_DECODER = msgspec.json.Decoder()
"""The one JSON reader of request bodies the typed decoders refuse: they are then read as plain JSON."""

BODY_PROBLEMS = (HTTPStatus.BAD_REQUEST, HTTPStatus.REQUEST_ENTITY_TOO_LARGE, HTTPStatus.UNSUPPORTED_MEDIA_TYPE)
"""What any JSON body can get wrong before the schema is even read."""


class ApiBlueprint(Blueprint):
    """A flask-smorest blueprint whose JSON operations all read the same way."""

    def json_post(self, rule: str, request_schema: type[ma.Schema], response_schema: type[ma.Schema],
                  example: Any = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Route a POST that loads ``request_schema``, answers ``response_schema`` and documents its problems.

        A whole-request ``example`` lets clients and fuzzers start from a body the rules accept.
        flask-smorest's decorators describe the operation, but each would also wrap the view for
        every request; the route keeps their description and runs only the load and the view. A
        body the schema's msgspec types take loads directly (``direct_loader``); any other is read
        as plain JSON by msgspec and loaded by the schema, which names everything wrong with it.
        The request schema and its decoders are built once: loading keeps no state.
        """
        schema = request_schema()
        load_directly = direct_loader(schema)

        def decorator(view: Callable[..., Any]) -> Callable[..., Any]:
            described = view
            for status in BODY_PROBLEMS:
                described = self.alt_response(status.value, response=status.name)(described)
            described = self.response(200, response_schema)(described)
            described = self.arguments(schema, example=example)(described)

            @wraps(view)
            def endpoint() -> Any:
                body = request.get_data(cache=True)
                loaded = load_directly(body)
                return view(load_or_refuse(schema, body) if loaded is None else loaded)

            endpoint._apidoc = described._apidoc  # type: ignore[attr-defined]
            return self.route(rule, methods=["POST"])(endpoint)
        return decorator


def load_or_refuse(schema: ma.Schema, body: bytes) -> Any:
    """``body`` loaded by ``schema``, or the problem naming everything wrong with it."""
    try:
        data = _DECODER.decode(body)
    except msgspec.ValidationError:  # valid JSON, but over 4,300 digits of an integer, or a float past 1.8e308
        raise field_problem(SCHEMA_KIND, "body", "Holds a number too large to read.") from None
    except msgspec.DecodeError:  # including text with half a surrogate pair ("\\ud800"), which no answer could hold
        raise Problem("malformed-request", DETAIL_BY_STATUS[400], status=400) from None
    except RecursionError:
        raise field_problem(SCHEMA_KIND, "body", "Nested too deeply to read.") from None
    try:
        return schema.load(data)
    except ma.ValidationError as error:
        errors = flatten_messages(error.messages)
        path, messages = next(iter(errors.items()))
        raise Problem(schema_kind(messages[0]), f"{path}: {messages[0]}", errors) from None


def json_response(body: Any) -> Response:
    """Serialise with msgspec, compactly: answers can hold a thousand hands."""
    return Response(_ENCODER.encode(body), mimetype="application/json")
