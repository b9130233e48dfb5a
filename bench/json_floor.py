"""The floor under a ranking batch: a bare Flask app that parses the body and writes a canned answer.

Not for users: ``bench/ranking_floor.py`` serves it (``create_app()``, by the same gunicorn with the
service's settings) beside the service. It does what any Flask app must for the same request, and
nothing more: route the POST, parse the same JSON body (``request.get_json()``, Flask's own way),
and send an answer of the same size, the service's own answer to that body, kept ahead. What the
service takes beyond it is loading, checking and ranking the hands and writing their answer.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from flask import Flask, Response, request

from service import environment

ANSWERS = "RANKING_FLOOR_ANSWERS"
"""The environment variable naming a JSON file: each game's name to the service's answer text to its batch."""


def create_app() -> Flask:
    """A Flask app with one route, ``POST /v1/hands/rank``: the body parsed, the kept answer of its game sent."""
    answers = {game: text.encode() for game, text in json.loads(Path(os.environ[ANSWERS]).read_text()).items()}
    app = Flask(__name__)
    # The limits the service's worker reads from its app (body size, deadline, unread answers), as the service's.
    app.config.update(MAX_CONTENT_LENGTH=environment.MAX_CONTENT_LENGTH, REQUEST_TIMEOUT=environment.REQUEST_TIMEOUT,
                      UNREAD_ANSWERS_LIMIT=environment.UNREAD_ANSWERS_LIMIT)

    @app.post("/v1/hands/rank")
    def rank() -> Response:
        body = request.get_json()
        return Response(answers[body.get("game", "razz")], mimetype="application/json")

    @app.get("/readyz")
    def ready() -> str:
        """What the bench's start-up waits for (``serving.running_server``)."""
        return "ready"

    return app
