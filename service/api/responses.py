"""The shape every JSON operation shares: one decorator stack and one serialiser."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from http import HTTPStatus
from typing import Any

import marshmallow as ma
import orjson
from flask import Response, request
from flask_smorest import Blueprint

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
        body every field takes loads field by field (``load_directly``); any other goes through
        webargs, which gathers every message. The request schema is built once: loading keeps no
        state, so threads share it.
        """
        schema = request_schema()
        parse = self.ARGUMENTS_PARSER.parse

        def decorator(view: Callable[..., Any]) -> Callable[..., Any]:
            described = view
            for status in BODY_PROBLEMS:
                described = self.alt_response(status.value, response=status.name)(described)
            described = self.response(200, response_schema)(described)
            described = self.arguments(schema, example=example)(described)

            @wraps(view)
            def endpoint() -> Any:
                loaded = load_directly(schema)
                return view(parse(schema, location="json") if loaded is None else loaded)

            endpoint._apidoc = described._apidoc  # type: ignore[attr-defined]
            return self.route(rule, methods=["POST"])(endpoint)
        return decorator


def load_directly(schema: ma.Schema) -> dict[str, Any] | None:
    """The JSON body loaded by the schema's own fields, without webargs and ``Schema.load``; None if any field refuses.

    The body is decoded by orjson, three times faster than ``json``, and loaded without the
    per-request work of webargs and ``Schema.load``. For a body whose keys are all known and
    whose every field loads, the result is what ``Schema.load`` gives (the request schemas have
    no schema-level hooks or validators). Anything else returns None and goes through webargs,
    so each fault is still reported with all the others. That includes what orjson reads
    differently from ``json``: it refuses NaN, and reads integers beyond 64 bits as floats,
    which every field here refuses as out of range.
    """
    try:
        body = orjson.loads(request.get_data(cache=True))
    except orjson.JSONDecodeError:
        return None
    fields = schema.load_fields
    if type(body) is not dict or not body.keys() <= fields.keys():
        return None
    loaded = {}
    try:
        for name, field in fields.items():
            value = field.deserialize(body.get(name, ma.missing), name, body)
            if value is not ma.missing:
                loaded[name] = value
    except ma.ValidationError:
        return None
    return loaded


def json_response(body: Any) -> Response:
    """Serialise with orjson, compactly: answers can hold a thousand hands."""
    return Response(orjson.dumps(body), mimetype="application/json")
