"""The application factory: configuration, the API's blueprints, and the HTTP conventions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml
from flask import Flask, Response, g, request

from . import environment
from .api import equity, hands, histories, operations, reference, rules_options, scenarios, showdown, table
from .api.contract import ClientContractPlugin
from .api.errors import Problem, ProblemApi, problem_response
from .metrics import install_metrics
from .problems import DETAIL_BY_STATUS, Busy
from .request_ids import request_id
from .stud_family.errors import IllegalActionError, InputError

API_TITLE = "Razz rules service"
API_VERSION = "1.0.0"
API_DESCRIPTION = (
    "What the rules of the stud family say about a hand or a table: razz (ace-to-five low, the default), "
    "seven-card stud (`stud`) and stud hi/lo eight or better (`stud8`), fixed limit. "
    "Stateless: the same request always gets the same answer. Cards are written `As`, `Td`, `7c`; "
    "errors are RFC 9457 problem details."
)

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": environment.MAX_CONTENT_LENGTH,
    # Seconds a client has to send a request body once its headers are in (read by the gunicorn worker).
    "REQUEST_TIMEOUT": environment.REQUEST_TIMEOUT,
    # Bytes of answers a gunicorn worker holds for callers who have not read them (service/serving/unread_answers.py).
    "UNREAD_ANSWERS_LIMIT": environment.UNREAD_ANSWERS_LIMIT,
    "API_TITLE": API_TITLE,
    "API_VERSION": API_VERSION,
    "OPENAPI_VERSION": "3.1.0",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "/docs",
    "OPENAPI_SWAGGER_UI_URL": operations.DOCS_ASSETS_URL,
    # Highlighting an answer re-renders with every later click: the rules reference's 58 kB slowed the page
    # seconds per step. Answers are shown as plain preformatted text, indented as sent.
    "OPENAPI_SWAGGER_UI_CONFIG": {"syntaxHighlight": False},
    "API_SPEC_OPTIONS": {
        "info": {"description": API_DESCRIPTION, "license": {"name": "MIT", "identifier": "MIT"}},
        # Relative, so that /docs tries the operations on the service that serves it, wherever it is deployed.
        "servers": [{"url": "/", "description": "The service that serves this document at /openapi.json: "
                     "http://127.0.0.1:8080 as `python -m service` starts it."}],
        # No operation asks for credentials: said once for all, so that no generator or linter has to guess.
        "security": [],
    },
}
"""Settings before the environment (``RAZZ_*`` variables, e.g. ``RAZZ_MAX_CONTENT_LENGTH``) and ``config``."""


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the service: defaults, then ``RAZZ_*`` environment variables, then ``config``."""
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.from_prefixed_env("RAZZ")
    app.config.update(config or {})
    _check_limits(app.config)

    install_metrics(app)
    api = ProblemApi(app, spec_kwargs={"extra_plugins": [ClientContractPlugin()]})
    api.register_blueprint(hands.blp)
    api.register_blueprint(table.blp)
    api.register_blueprint(showdown.blp)
    api.register_blueprint(histories.blp)
    api.register_blueprint(scenarios.blp)
    api.register_blueprint(equity.blp)
    api.register_blueprint(rules_options.blp)
    api.register_blueprint(reference.blp)
    api.register_blueprint(operations.blp)
    app.register_blueprint(operations.docs_assets)
    app.add_url_rule("/openapi.yaml", "openapi_yaml", lambda: Response(
        yaml.dump(api.spec.to_dict()), mimetype="application/yaml"))

    app.before_request(_assign_request_id)
    app.before_request(_require_json_body)
    app.after_request(_send_request_id)
    app.register_error_handler(Problem, _render_problem)
    app.register_error_handler(InputError, _render_input_error)
    app.register_error_handler(Busy, _render_busy)
    return app


def _check_limits(settings: Mapping[str, Any]) -> None:
    """Refuse to start with a limit that would fail every request instead: say which, and what it holds."""
    for name, kinds in (("MAX_CONTENT_LENGTH", (int,)), ("REQUEST_TIMEOUT", (int, float)),
                        ("UNREAD_ANSWERS_LIMIT", (int,))):
        value = settings[name]
        if isinstance(value, bool) or not isinstance(value, kinds) or value <= 0:
            raise ValueError(f"RAZZ_{name} must be a number above 0, not {value!r}")


def _assign_request_id() -> None:
    """Keep the caller's X-Request-ID when it is sane, or make one, so every answer can be traced."""
    g.request_id = request_id(request.headers.get("X-Request-ID"))


def _require_json_body() -> Response | None:
    """Bodies are JSON: say 415 before anything tries to read another format (after 404 and 405)."""
    if request.method == "POST" and request.routing_exception is None and not request.is_json:
        return problem_response(415, "unsupported-media-type", DETAIL_BY_STATUS[415])
    return None


def _send_request_id(response: Response) -> Response:
    """Every response names its request, and every answer of a rules operation the rules it applied."""
    response.headers["X-Request-ID"] = g.get("request_id") or request_id(None)
    response.headers.update(g.get("rules_headers") or {})
    return response


def _render_input_error(error: InputError) -> Response:
    """A rule of Razz the request breaks, named by the engine: the field, and why (and for an action, which rule)."""
    extensions = None
    if isinstance(error, IllegalActionError):
        cited = error.citation
        extensions = {"rule": cited.rule, "source": cited.source, "see": cited.see}
    return problem_response(422, error.kind, str(error), {error.path: [error.message]}, extensions=extensions)


def _render_busy(busy: Busy) -> Response:
    """Work the server cannot start in time, refused before it started: when to ask again."""
    return problem_response(503, "not-ready", busy.detail, headers={"Retry-After": str(busy.retry_after)})


def _render_problem(problem: Problem) -> Response:
    """A rule the request breaks, named precisely."""
    return problem_response(problem.status, problem.kind, problem.detail, problem.errors)
