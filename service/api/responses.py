"""The shape every JSON operation shares: one decorator stack and one serialiser."""

from __future__ import annotations

import inspect
import json
import keyword
from collections.abc import Callable, Collection, Mapping
from http import HTTPStatus
from typing import Any

import marshmallow as ma
import msgspec
from flask import Response, g, request
from flask.views import MethodView
from flask_smorest import Blueprint

from ..stud_family.games import RAZZ
from ..stud_family.rules import DEFAULT_LABEL, rules_label
from .explain import EXPLANATION_FIELDS, ExplainQuerySchema, explain_asked
from .loading import request_loader

_ENCODER = msgspec.json.Encoder()
"""One encoder for every answer: compact UTF-8 JSON."""

BODY_PROBLEMS = (HTTPStatus.BAD_REQUEST, HTTPStatus.REQUEST_ENTITY_TOO_LARGE, HTTPStatus.UNSUPPORTED_MEDIA_TYPE)
"""What any JSON body can get wrong before the schema is even read."""

RULES_HEADER = "X-Razz-Rules"
GAME_RULES_HEADER = "X-Rules"
_LABEL_DOC = ("the preset (`standard` unless the request names one), each option the request gives with its value, "
              "in the order of GET /v1/rules, and the version of the rules reference. An operation without a `rules` "
              "object answers under the defaults. Also sent with a problem the rules find (422), not with a body "
              "refused before its rules are read.")
RULES_HEADER_DOC = {RULES_HEADER: {
    "description": "The rules a razz answer applies: " + _LABEL_DOC + " Not sent when the request names another game "
                   "(`X-Rules` names it).",
    "schema": {"type": "string", "example": DEFAULT_LABEL}}}
"""The header every rules operation answers a razz request with, as the contract declares it."""
GAME_RULES_HEADER_DOC = {GAME_RULES_HEADER: {
    "description": "The game and the rules the answer applies: the game's name (`razz` when the request names none), "
                   "then " + _LABEL_DOC,
    "schema": {"type": "string", "example": f"{RAZZ.name}; {DEFAULT_LABEL}"}}}
"""The header an operation whose request names a game answers with: the game first, then the rules."""

GAME = "game"
"""The request field naming the game (``fields.game_field``)."""


def rules_headers(request: Mapping[str, Any]) -> dict[str, str]:
    """The headers that name the rules a loaded request is answered under: ``X-Rules`` with its game, when the
    operation takes one (``stud8; standard; reference 2026-12``), and ``X-Razz-Rules`` as razz answers always had it.

    >>> rules_headers({"game": "razz", "rules": None})
    {'X-Razz-Rules': 'standard; reference 2026-12', 'X-Rules': 'razz; standard; reference 2026-12'}
    >>> rules_headers({"rules": {"preset": "wsop_cash"}})
    {'X-Razz-Rules': 'wsop_cash; reference 2026-12'}
    """
    label = rules_label(request.get("rules"))
    game = request.get(GAME)
    headers = {RULES_HEADER: label} if game in (None, RAZZ.name) else {}
    if game is not None:
        headers[GAME_RULES_HEADER] = f"{game}; {label}"
    return headers


class ApiBlueprint(Blueprint):
    """A flask-smorest blueprint whose JSON operations all read the same way."""

    def docstring(self, view: Callable[..., Any]) -> Callable[..., Any]:
        """Document ``view`` from its docstring: its first paragraph is the summary, the rest the description, each
        paragraph's wrapped lines joined into one (flask-smorest would keep the source's line breaks)."""
        summary, _, description = inspect.cleandoc(view.__doc__ or "").partition("\n\n")
        return self.doc(summary=unwrap(summary), description=unwrap(description))(view)

    def json_post(self, rule: str, request_schema: type[ma.Schema],
                  response_schema: type[ma.Schema] | Mapping[str, Any], example: Mapping[str, Any],
                  headers: type[ma.Schema] | None = None, response_headers: Mapping[str, Any] | None = None,
                  query: type[ma.Schema] = ExplainQuerySchema) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Route a POST that loads ``request_schema``, answers ``response_schema`` and documents its problems.

        A whole-request ``example`` lets clients and fuzzers start from a body the rules accept; the
        documented 200 example is the view's own answer to it, computed here, so the two cannot drift
        apart (and an example the rules refuse fails when the blueprint is built). The view's docstring
        is the operation's summary (its first line) and description (the rest). ``response_schema`` may
        be a JSON Schema over schemas (``anyOf`` answers a request header chooses between); ``headers``
        is the schema of the request headers the view reads, ``response_headers`` documents those it
        answers with, ``query`` the query string's parameters (``?explain``, and any the view reads).
        flask-smorest's decorators describe the operation (its ``post``), but each would also wrap
        the view for every request, and load the body through marshmallow, at many times the loader's
        cost (bench/README.md, "Speed tricks"). So the operation dispatches
        to the load and the view alone; the load is the schema's one loader (``loading.py``), built
        once: loading keeps no state.
        """
        load = request_loader(request_schema())

        def decorator(view: Callable[..., Any]) -> Callable[..., Any]:
            described = view
            for status in BODY_PROBLEMS:
                described = self.alt_response(status.value, response=status.name)(described)
            game_headers = GAME_RULES_HEADER_DOC if GAME in request_schema().fields else {}
            described = self.response(200, response_schema, example=answer_to(view, load, example),
                                      headers={**RULES_HEADER_DOC, **game_headers, **(response_headers or {})}
                                      )(described)
            described = self.arguments(request_schema, example=example)(described)
            described = self.arguments(query, location="query")(described)
            if headers is not None:
                described = self.arguments(headers, location="headers")(described)
            described = self.docstring(described)

            class Operation(MethodView):
                """The operation: its description is ``post``; a request runs only the load and the view."""

                init_every_request = False  # it holds nothing of a request: one instance serves them all
                post = described

                def dispatch_request(self, **url_values: Any) -> Any:
                    """Load the body and answer, explained if asked; the app's ``after_request`` names the game and
                    the rules (``g.rules_headers``). The body is loaded first, so a body that is not one is named
                    before the query."""
                    loaded = load(request.get_data(cache=True))
                    explain = explain_asked(request.args)
                    g.rules_headers = rules_headers(loaded)
                    return view(loaded, explain)

            self.add_url_rule(rule, view.__name__, Operation)
            return view
        return decorator


def unwrap(text: str) -> str:
    """Text wrapped at the source's line length, as paragraphs of one line each."""
    return "\n\n".join(" ".join(line.strip() for line in paragraph.splitlines())
                       for paragraph in text.split("\n\n"))


def answer_to(view: Callable[..., Any], load: Callable[[bytes], Any], example: Mapping[str, Any]) -> Any:
    """The JSON a view answers to a request example, as a client receives it: the operation's 200 example."""
    answer: Response = view(load(json.dumps(example).encode()), False)
    return json.loads(answer.get_data())


Writer = Callable[..., Any]
"""Writes a record (and any fields written by the caller, by name) as JSON-ready data."""


def answer_writer(schema: type[ma.Schema], written: Collection[str] = ()) -> Writer:
    """What writes a domain record as ``schema`` declares it: each field read by name from the record.

    The response schema is the one declaration of an answer's shape: a field not in it is never
    written, nested schemas write nested records, and an optional field whose value is None is
    left out (a fold's ``amount``). The explanation fields (``why``, ``refused``) are the view's to
    add when asked, never a record's. The fields named in ``written`` hold what the record does not
    (a table state's pots, the id a caller gave a hand): the caller passes them by name, written.
    """
    fields = {name: field for name, field in schema().fields.items() if name not in EXPLANATION_FIELDS}
    if not set(written) <= set(fields):
        raise ValueError(f"{schema.__name__} has no fields {sorted(set(written) - set(fields))}")
    plan: list[tuple[str, Writer | None, bool, bool]] = []
    for name, field in fields.items():
        nested = field if isinstance(field, ma.fields.Nested) else getattr(field, "inner", None)
        write = answer_writer(type(nested.schema)) if isinstance(nested, ma.fields.Nested) else None
        if write is not None and nested is not field:
            write = _each(write)
        plan.append((name, write, field.required, name in written))
    return _compiled_writer(plan)


def _compiled_writer(plan: list[tuple[str, Writer | None, bool, bool]]) -> Writer:
    """The writer of a plan (each field's name, nested writer, whether required, whether passed written), compiled
    to straight-line code as a hand-written one would be.

    Every answer is written so, record by record; what that saves against a loop over the plan
    is in bench/README.md, "Speed tricks". The names are the schema's field names, identifiers
    all; the code's own names start with ``_``.
    """
    names = [name for name, *_ in plan]
    if not all(name.isidentifier() and not keyword.iskeyword(name) and name[0] != "_" for name in names):
        raise ValueError(f"field names must be identifiers not starting with _: {names}")
    leading = []
    for name, write, required, is_written in plan:
        if write is not None or not required or is_written:
            break
        leading.append(name)
    lines = ["    _answer = {" + ", ".join(f"{name!r}: _record.{name}" for name in leading) + "}"]
    writers: dict[str, Writer] = {}
    for name, write, required, is_written in plan[len(leading):]:
        value = name if is_written else f"_record.{name}"
        if write is not None and not is_written:
            writers[f"_write_{name}"] = write
            value = f"None if (_value := {value}) is None else _write_{name}(_value)"
        lines.append(f"    _answer[{name!r}] = {value}" if required else
                     f"    if (_value := {value}) is not None:\n        _answer[{name!r}] = _value")
    given = [name for name, _, _, is_written in plan if is_written]
    signature = ", ".join(["_record", *(["*", *given] if given else [])])
    source = (f"def _to_json({signature}):\n    if _record is None:\n        return None\n"
              + "\n".join(lines) + "\n    return _answer\n")
    namespace: dict[str, Any] = dict(writers)
    exec(source, namespace)  # the names are checked above; the writers are the schema's nested ones
    return namespace["_to_json"]


def _each(write: Writer) -> Writer:
    """``write`` over a list."""
    return lambda values: [write(value) for value in values]


def as_sent(body: Any) -> Any:
    """A body as a client reads it once json_response has sent it (words of an enum as strings): its example."""
    return msgspec.json.decode(_ENCODER.encode(body))


def json_response(body: Any) -> Response:
    """Serialise with msgspec, compactly: answers can hold a thousand hands."""
    return Response(_ENCODER.encode(body), mimetype="application/json")
