"""Every message a refused request body gets, declared once and in the rules' voice.

The rules write a lower-case clause with no full stop (``seat 4 may not raise: the betting is
capped``); a problem's ``detail`` puts the field's path before it. Where the bad value helps, a
message repeats it as JSON, cut short: a body may be 4 MiB, a message stays a line. These are
built only for a body the loader refused, never on the way of one it takes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..problems import SHOWN, quoted
from ..razz.cards import RANK_CHARS
from ..razz.errors import InvalidCardError
from .errors import KindedMessage

MISSING = "missing required field"
NULL = "may not be null"
NOT_AN_OBJECT = "not an object"
NOT_A_STRING = "not a string"
NOT_A_LIST = "not a list"
TOO_DEEP = "nested too deeply to read"
NUMBER_TOO_LARGE = "holds a number too large to read"


def shown(value: Any) -> str:
    """``value`` as JSON, at most ``SHOWN`` characters and an ellipsis; an array or object by its kind alone."""
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, str):
        return quoted(value)
    text = json.dumps(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "\u2026"


def one_of(choices: Iterable[Any]) -> str:
    """The choices of a field, its words as written and any other value as JSON."""
    return "one of " + ", ".join(choice if isinstance(choice, str) else json.dumps(choice) for choice in choices)


def not_a(kind: str, value: Any) -> str:
    """A value that is not of the ``kind`` its field takes (``a whole number``), repeated."""
    return f"not {kind}: {shown(value)}"


def not_one_of(choices: Iterable[Any], value: Any) -> str:
    """A value outside its field's choices: the choices, then the value."""
    return not_a(one_of(choices), value)


def not_from(minimum: int, maximum: int, value: int) -> str:
    """A whole number outside its field's range."""
    return f"not from {minimum} to {maximum}: {shown(value)}"


def holds(count: int, noun: str, least: int | None, most: int | None) -> str | None:
    """What is wrong with holding ``count`` of ``noun`` (singular) where ``least`` to ``most`` may be; None if
    nothing."""
    counted = f"{count} {noun}" + ("" if count == 1 else "s")
    if least is not None and count < least:
        return f"holds {counted}: at least {least}"
    if most is not None and count > most:
        return f"holds {counted}: at most {most}"
    return None


def unknown_field(name: str) -> str:
    """A key its object's schema does not declare."""
    return f"unknown field {shown(name)}"


def not_a_card(value: Any) -> KindedMessage:
    """What every card field says of a value that is not a card; the problem is an invalid-card, as the core's."""
    return KindedMessage(f"{not_a('a card', value)} (a rank from {RANK_CHARS} and a suit from shdc, e.g. \"As\")",
                         InvalidCardError.kind)


def not_decoded(refusal: Exception) -> str:
    """What the decoder found in a body the schema would take: the derived types and the schema disagree."""
    return f"not decoded: {refusal}"
