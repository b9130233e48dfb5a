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

from .direct_loading import direct_loader

_ENCODER = msgspec.json.Encoder()
"""One encoder for every answer: compact UTF-8 JSON."""

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
        body the schema's msgspec types take loads directly (``direct_loader``); any other goes
        through webargs, which gathers every message. The request schema and its decoder are
        built once: loading keeps no state, so threads share them.
        """
        schema = request_schema()
        load_directly = direct_loader(schema)
        parse = self.ARGUMENTS_PARSER.parse

        def decorator(view: Callable[..., Any]) -> Callable[..., Any]:
            described = view
            for status in BODY_PROBLEMS:
                described = self.alt_response(status.value, response=status.name)(described)
            described = self.response(200, response_schema)(described)
            described = self.arguments(schema, example=example)(described)

            @wraps(view)
            def endpoint() -> Any:
                loaded = load_directly(request.get_data(cache=True))
                return view(parse(schema, location="json") if loaded is None else loaded)

            endpoint._apidoc = described._apidoc  # type: ignore[attr-defined]
            return self.route(rule, methods=["POST"])(endpoint)
        return decorator


def json_response(body: Any) -> Response:
    """Serialise with msgspec, compactly: answers can hold a thousand hands."""
    return Response(_ENCODER.encode(body), mimetype="application/json")
