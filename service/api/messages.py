"""Every message a refused request body gets, declared once and in the rules' voice.

The rules write a lower-case clause with no full stop (``seat 4 may not raise: the betting is
capped``); a problem's ``detail`` puts the field's path before it. Where the bad value helps, a
message repeats it as JSON, cut short: a body may be 4 MiB, a message stays a line. These are
built only for a body the loader refused, never on the way of one it takes. Those the core also
says, checking a snapshot no request schema loaded (a hand history's), are declared in
the core's ``wording.py`` and named here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..stud_family.errors import InvalidCardError
from ..stud_family.wording import holds as holds
from ..stud_family.wording import not_a as not_a
from ..stud_family.wording import not_a_card as card_refused
from ..stud_family.wording import not_from as not_from
from ..stud_family.wording import shown as shown
from .errors import KindedMessage

MISSING = "missing required field"
"""What a request says of a required field it does not give."""
NULL = "may not be null"
NOT_AN_OBJECT = "not an object"
NOT_A_STRING = "not a string"
NOT_A_LIST = "not a list"
TOO_DEEP = "nested too deeply to read"
NUMBER_TOO_LARGE = "holds a number too large to read"


def one_of(choices: Iterable[Any]) -> str:
    """The choices of a field, its words as written and any other value as JSON."""
    return "one of " + ", ".join(choice if isinstance(choice, str) else json.dumps(choice) for choice in choices)


def not_one_of(choices: Iterable[Any], value: Any) -> str:
    """A value outside its field's choices: the choices, then the value."""
    return not_a(one_of(choices), value)


def unknown_field(name: str) -> str:
    """A key its object's schema does not declare."""
    return f"unknown field {shown(name)}"


def not_a_card(value: Any) -> KindedMessage:
    """What every card field says of a value that is not a card; the problem is an invalid-card, as the core's."""
    return KindedMessage(card_refused(value), InvalidCardError.kind)


def not_decoded(refusal: Exception) -> str:
    """What the decoder found in a body the schema would take: the derived types and the schema disagree."""
    return f"not decoded: {refusal}"
