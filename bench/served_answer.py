"""The service with each hand-history text checked once and its answer kept: what serving that answer costs alone.

Not for users: ``bench/histories.py --answer-only`` serves it (gunicorn, the service's settings) to
measure the floor under the check. A request whose text was checked before gets the answer kept
from then on (full or lean, each kept apart), so its time is what HTTP, Flask, the request's
loading and the answer's JSON cost around the reading, checking and writing of the hands.
"""

from __future__ import annotations

from functools import cache

from flask import Flask

from service.api import histories
from service.app import create_app as create_service


def create_app() -> Flask:
    """The service, its hand-history check run once per text and kept (the bench sends no rules: a dict is not kept)."""
    histories.check_text = cache(histories.check_text)
    return create_service()
