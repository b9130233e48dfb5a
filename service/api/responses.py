"""The shape every JSON operation shares: one decorator stack and one serialiser."""

from __future__ import annotations

import json
from collections.abc import Callable
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
        The request schema is built once, here: webargs would otherwise build it (and deep-copy
        its fields) on every request. Loading keeps no state, so threads can share it.
        """
        def decorator(view: Callable[..., Any]) -> Callable[..., Any]:
            for status in BODY_PROBLEMS:
                view = self.alt_response(status.value, response=status.name)(view)
            view = self.response(200, response_schema)(view)
            view = self.arguments(request_schema(), example=example)(view)
            return self.route(rule, methods=["POST"])(view)
        return decorator


def json_response(body: Any) -> Response:
    """Serialise with the C encoder, compactly: answers can hold a thousand hands."""
    return Response(json.dumps(body, separators=(",", ":")), mimetype="application/json")
