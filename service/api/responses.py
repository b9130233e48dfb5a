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


Writer = Callable[..., Any]
"""Writes a record (and any values given by name) as JSON-ready data."""


def answer_writer(schema: type[ma.Schema]) -> Writer:
    """What writes a domain record as ``schema`` declares it: each field read by name from the record.

    The response schema is the one declaration of an answer's shape: a field not in it is never
    written, nested schemas write nested records, and an optional field whose value is None is
    left out (a fold's ``amount``). Values the record does not hold are given by name (the pots
    and the result of a table's state).
    """
    plan: list[tuple[str, Writer | None, bool]] = []
    for name, field in schema().fields.items():
        nested = field if isinstance(field, ma.fields.Nested) else getattr(field, "inner", None)
        write = answer_writer(type(nested.schema)) if isinstance(nested, ma.fields.Nested) else None
        if write is not None and nested is not field:
            write = _each(write)
        plan.append((name, write, field.required))
    names = tuple(name for name, _, _ in plan)
    if all(write is None and required for _, write, required in plan):
        return _flat_writer(names)

    def to_json(record: Any, **given: Any) -> Any:
        """The record as the schema's JSON object (a None record stays null)."""
        if record is None:
            return None
        answer: dict[str, Any] = {}
        for name, write, required in plan:
            value = given[name] if name in given else getattr(record, name)
            if value is None:
                if required:
                    answer[name] = None
                continue
            answer[name] = value if write is None else write(value)
        return answer

    return to_json


def _flat_writer(names: tuple[str, ...]) -> Writer:
    """A writer of a flat record of required fields, compiled to one dict display as a hand-written one would be.

    A player of a legal-actions answer costs 0.7 us so, against 2 us for a loop over the fields or
    ``dict(zip(...))``: the route then costs what it did with hand-written dicts (2.393 M instructions
    against 2.382 M, bench/README.md). The names are the schema's field names, identifiers all.
    """
    if not all(name.isidentifier() for name in names):
        raise ValueError(f"field names must be identifiers: {names}")
    display = ", ".join(f"{name!r}: record.{name}" for name in names)
    return eval(f"lambda record: None if record is None else {{{display}}}")  # the names are checked above


def _each(write: Writer) -> Writer:
    """``write`` over a list."""
    return lambda values: [write(value) for value in values]


def json_response(body: Any) -> Response:
    """Serialise with msgspec, compactly: answers can hold a thousand hands."""
    return Response(_ENCODER.encode(body), mimetype="application/json")
