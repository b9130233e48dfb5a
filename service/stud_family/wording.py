"""How the core's sentences repeat a value they refuse: in JSON's quotes, cut short, in one voice.

A request body may hold 4 MiB and a hand history a whole night: a sentence stays a line. The HTTP
layer's messages (``service/api/messages.py``) and the core's own checks, of a snapshot no request
schema loaded (a hand history's), say the same things with these.
"""

from __future__ import annotations

import json

from .cards import RANK_CHARS

SHOWN = 40
"""Characters of a bad value a message repeats before it is cut short with an ellipsis."""


def quoted(text: str) -> str:
    """Text a message repeats (a request's value, a history's words), in JSON's quotes and cut short: one voice."""
    return json.dumps(text if len(text) <= SHOWN else text[:SHOWN] + "\u2026", ensure_ascii=False)


def shown(value: object) -> str:
    """``value`` as JSON, at most ``SHOWN`` characters and an ellipsis; an array or object by its kind alone."""
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, str):
        return quoted(value)
    text = json.dumps(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "\u2026"


def not_a(kind: str, value: object) -> str:
    """A value that is not of the ``kind`` its field takes (``a whole number``), repeated."""
    return f"not {kind}: {shown(value)}"


def not_from(minimum: int, maximum: int, value: int) -> str:
    """A whole number outside its field's range.

    >>> not_from(1, 8, 9)
    'not from 1 to 8: 9'
    """
    return f"not from {minimum} to {maximum}: {shown(value)}"


def holds(count: int, noun: str, least: int | None, most: int | None) -> str | None:
    """What is wrong with holding ``count`` of ``noun`` (singular) where ``least`` to ``most`` may be; None if
    nothing.

    >>> holds(1, "item", 2, 8)
    'holds 1 item: at least 2'
    """
    counted = f"{count} {noun}" + ("" if count == 1 else "s")
    if least is not None and count < least:
        return f"holds {counted}: at least {least}"
    if most is not None and count > most:
        return f"holds {counted}: at most {most}"
    return None


def not_a_card(value: object) -> str:
    """What every card field says of a value that is not a card (an ``invalid-card`` problem)."""
    return f"{not_a('a card', value)} (a rank from {RANK_CHARS} and a suit from shdc, e.g. \"As\")"
