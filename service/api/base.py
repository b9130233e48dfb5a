"""marshmallow's schema, fields and validators as the request schemas declare them: speaking the rules' voice.

A request schema's validation explains a refused body, and its messages become the problem, so
every class a request schema is built of says what is wrong in ``messages.py``'s words, never in
marshmallow's stock sentences. The loader refuses, when the app starts, a request schema built of
any other (``loading.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import marshmallow as ma

from .errors import KindedMessage
from .messages import MISSING, NOT_A_LIST, NOT_A_STRING, NOT_AN_OBJECT, NULL, holds, not_one_of, unknown_field

SCHEMA_MESSAGES = {"type": NOT_AN_OBJECT}
"""What a request schema says of a value that is not an object (of its unknown keys: ``handle_error``)."""

FIELD_MESSAGES: ma.types.ErrorMessages = {"required": MISSING, "null": NULL}
"""What every field says of a value missing or null."""

TEXT_MESSAGES: ma.types.ErrorMessages = {**FIELD_MESSAGES, "invalid": NOT_A_STRING}
LIST_MESSAGES: ma.types.ErrorMessages = {**FIELD_MESSAGES, "invalid": NOT_A_LIST}


class RequestSchema(ma.Schema):
    """A request body's object: not an object, or holding a key it does not declare, said in the rules' voice."""

    error_messages = SCHEMA_MESSAGES

    def handle_error(self, error: ma.ValidationError, data: Any, *, many: bool, **kwargs: Any) -> None:
        """Name each unknown key in its own message, after the fields' errors in the body's order: marshmallow files
        one message that cannot hold the key, in the order of a set of strings, which varies between processes."""
        if not isinstance(data, Mapping) or not isinstance(error.messages, dict):
            return
        unknown = {key: [unknown_field(key)] for key in data if key not in self.load_fields}
        if unknown:
            known = {name: messages for name, messages in error.messages.items() if name in self.load_fields}
            raise ma.ValidationError({**known, **unknown}, data=data, valid_data=error.valid_data)


class Field(ma.fields.Field):
    """A field the project parses itself: its own messages for a wrong value, the rules' voice for a missing one."""

    default_error_messages = FIELD_MESSAGES


class Text(ma.fields.String):
    """A JSON string."""

    default_error_messages = TEXT_MESSAGES


class Items(ma.fields.List):
    """A JSON array of one field's values."""

    default_error_messages = LIST_MESSAGES


class Object(ma.fields.Nested):
    """A JSON object of a request schema's fields."""

    default_error_messages = FIELD_MESSAGES


class Length(ma.validate.Length):
    """How many items a list holds, or characters a string: saying how many it holds and the bound it breaks.

    ``kind`` names the problem type of a count out of bounds where the contract gives it one of its own (an equity
    of fewer than two players is an ``invalid-snapshot``); else it is the schema's.
    """

    def __init__(self, *args: Any, kind: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind

    def __call__(self, value: Any) -> Any:
        """The value, when its length is in bounds."""
        refusal = holds(len(value), "character" if isinstance(value, str) else "item", self.min, self.max)
        if refusal is not None:
            raise ma.ValidationError(refusal if self.kind is None else KindedMessage(refusal, self.kind))
        return value


class OneOf(ma.validate.OneOf):
    """One of a field's choices: saying the choices and the value refused."""

    def __call__(self, value: Any) -> Any:
        """The value, when it is one of the choices."""
        if value not in self.choices:
            raise ma.ValidationError(not_one_of(self.choices, value))
        return value
