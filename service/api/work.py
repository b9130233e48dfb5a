"""A request's work, estimated before it starts, done where the server puts it: at once, or off its loop.

The view estimates the work (``stud_family/work.py``: a 422 past the budget) and hands it to ``do_work``
with its estimate. Under gunicorn the worker offers each request a lane (``serving/heavy_lane.py``)
that runs heavy work off the loop, or refuses it with a 503 before it starts when the lane is too far
behind; in any other server (Flask's test client, ``flask run``) the work is done at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import has_request_context, request

T = TypeVar("T")

LANE_KEY = "razz.heavy_lane"
"""Where the worker puts, in each request's environ, the function that runs its work: ``(units, work) -> result``."""
ROOM_KEY = "razz.answer_room"
"""Where the worker puts, in each request's environ, ``reserve(size)``: room held for the answer before the work
(``serving/unread_answers.py``), or a 503 before any work when the worker holds too many unread answers."""


def do_work(units: int, work: Callable[[], T], answer_size: int = 0) -> T:
    """``work()``, estimated at ``units`` and an answer of about ``answer_size`` bytes, done where the server says
    (at once outside gunicorn), once the server has room to hold its answer."""
    if not has_request_context():
        return work()
    environ = request.environ
    reserve = environ.get(ROOM_KEY)
    if answer_size and reserve is not None:
        reserve(answer_size)
    lane = environ.get(LANE_KEY)
    return work() if lane is None else lane(units, work)
