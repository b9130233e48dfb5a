"""The shape every JSON operation shares: one decorator stack and one serialiser."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from http import HTTPStatus
from typing import Any

import marshmallow as ma
from flask import Response
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
        every request; the route keeps their description and runs only the parse (webargs, with
        the same errors) and the view. The request schema is built once: loading keeps no state,
        so threads share it.
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
                return view(parse(schema, location="json"))

            endpoint._apidoc = described._apidoc  # type: ignore[attr-defined]
            return self.route(rule, methods=["POST"])(endpoint)
        return decorator


def json_response(body: Any) -> Response:
    """Serialise with the C encoder, compactly: answers can hold a thousand hands."""
    return Response(json.dumps(body, separators=(",", ":")), mimetype="application/json")
