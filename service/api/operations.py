"""Probes and the interactive docs' assets: what Kubernetes and people call, not the rules API."""

from __future__ import annotations

from pathlib import Path

import marshmallow as ma
import swagger_ui
from flask import Blueprint as FlaskBlueprint
from flask import Response

from ..serving.readiness import READINESS
from .errors import problem_response
from .responses import ApiBlueprint, json_response

blp = ApiBlueprint("operations", __name__, description="Probes for the platform that runs the service.")

DOCS_ASSETS_URL = "/docs/assets/"
SWAGGER_UI_ASSETS = Path(swagger_ui.__file__).parent / "static"
docs_assets = FlaskBlueprint(
    "docs_assets", __name__,
    static_folder=str(SWAGGER_UI_ASSETS),
    static_url_path=DOCS_ASSETS_URL.rstrip("/"),
)
"""Swagger UI 5 served from the installed package, so /docs works with no network."""

FAVICON = (SWAGGER_UI_ASSETS / "favicon-32x32.png").read_bytes()
"""Swagger UI's own icon, which a browser asks for as /favicon.ico on /docs and on the rules reference's page."""


@docs_assets.route("/favicon.ico")
def favicon() -> Response:
    """The icon of the service's pages, from the same installed assets, so that no page's icon request is a 404."""
    return Response(FAVICON, mimetype="image/png")


class StatusSchema(ma.Schema):
    """A probe's answer."""

    status = ma.fields.String(required=True, metadata={
        "description": "ok from the liveness probe, ready from the readiness probe.", "example": "ok"})


@blp.route("/healthz", methods=["GET"])
@blp.response(200, StatusSchema, example={"status": "ok"})
@blp.docstring
def healthz() -> Response:
    """The process is up and answering.

    Decides no rule: the liveness probe answers as soon as the process serves requests.
    """
    return json_response({"status": "ok"})


@blp.route("/readyz", methods=["GET"])
@blp.response(200, StatusSchema, example={"status": "ready"})
@blp.alt_response(503, response="SERVICE_UNAVAILABLE")
@blp.docstring
def readyz() -> Response:
    """Ready for traffic: every worker has loaded the app (the ranking tables are built) and none is stopping.

    Decides no rule: the readiness probe answers 503 with a not-ready problem while a worker is
    still loading or the server is stopping, so that no request is sent where it cannot be answered.
    """
    refusal = READINESS.refusal()
    if refusal is not None:
        return problem_response(503, "not-ready", refusal)
    return json_response({"status": "ready"})
