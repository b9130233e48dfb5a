"""The one way a request body is loaded: msgspec types derived from the operation's marshmallow schema.

The schema declares every constraint once (it is the contract and generates ``openapi.yaml``).
Here each field becomes a msgspec type that takes exactly the values the field loads, so a body
is decoded and checked in one pass. A field of a kind this module does not know, or one it would
load otherwise than marshmallow (``many``, unknown keys excluded, a renamed field), is a TypeError
when the app starts, never a field left unchecked. The schemas declare constraints in fields
only: a schema hook (``validates_schema``, ``post_load``) would run only to explain a refusal.

A nested schema declared with the core's record type (``NestedAs``) decodes straight into that
type, so the engine receives the one record type it declares. A body msgspec refuses is
explained by the schema, whose validation names every bad field in the rules' voice: a request
schema is built of ``base.py``'s classes and ``fields.py``'s, whose messages are ``messages.py``'s,
so that no stock marshmallow sentence reaches a caller.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, cast

import marshmallow as ma
import msgspec
from msgspec.structs import asdict

from ..problems import DETAIL_BY_STATUS
from ..stud_family.cards import CARD_CODES
from .base import Items, Length, Object, OneOf, RequestSchema, Text
from .errors import SCHEMA_KIND, Problem, field_problem, flatten_messages, schema_kind
from .fields import CardText, CardTexts, Choice, HandBatchField, NestedAs, RaiseLimitField, StrictBoolean, WholeNumber
from .json_syntax import is_json
from .messages import NUMBER_TOO_LARGE, TOO_DEEP, not_decoded

CARD = Literal[tuple(CARD_CODES)]  # type: ignore[valid-type]
"""Exactly the card texts: what a card field's pattern matches, bar a trailing newline."""

_PLAIN_DECODER = msgspec.json.Decoder()
"""Reads a body the typed decoder refused as plain JSON, to find what is wrong with it."""

_IMMUTABLE = (type(None), bool, int, str, tuple)
"""Defaults a struct may share between the objects it decodes."""

Converter = Callable[[Any], Any]
Loader = Callable[[bytes], dict[str, Any]]
DataLoader = Callable[[Any], dict[str, Any]]


def request_loader(schema: ma.Schema) -> Loader:
    """What loads a JSON body for ``schema``: the loaded fields by name, or the problem naming what is wrong."""
    struct = _struct(schema)
    decoder = msgspec.json.Decoder(struct)
    fields = _fields_loaded(schema)

    def load(body: bytes) -> dict[str, Any]:
        """The body's fields, each as its field loads it."""
        try:
            decoded = decoder.decode(body)
        except (msgspec.MsgspecError, RecursionError):  # a body refused or nested without end
            decoded = _refused(schema, struct, body)
        return fields(decoded)

    return load


def data_loader(schema: ma.Schema) -> DataLoader:
    """What loads a body already read as JSON data for ``schema`` (a hand history's snapshot), as ``request_loader``
    loads its bytes: the same types, the same problems."""
    struct = _struct(schema)
    fields = _fields_loaded(schema)

    def load(data: Any) -> dict[str, Any]:
        """The data's fields, each as its field loads it."""
        try:
            decoded = msgspec.convert(data, struct)
        except msgspec.ValidationError:
            decoded = _explained(schema, struct, data)
        return fields(decoded)

    return load


def _fields_loaded(schema: ma.Schema) -> Callable[[Any], dict[str, Any]]:
    """What turns a decoded struct into the fields loaded by name (an optional field not given is left out)."""
    plan = [(name, _converter(field)) for name, field in schema.load_fields.items()]

    def fields(decoded: Any) -> dict[str, Any]:
        """The decoded struct's fields, each as its field loads it."""
        loaded = {}
        for name, convert in plan:
            value = getattr(decoded, name)
            if value is not msgspec.UNSET:
                loaded[name] = value if convert is None or value is None else convert(value)
        return loaded

    return fields


def _refused(schema: ma.Schema, struct: type[msgspec.Struct], body: bytes) -> Any:
    """A refused body read again as plain JSON: decoded if only its whole numbers were written as floats (7.0 is
    the JSON Schema integer 7), else the problem the schema names."""
    try:
        data = _PLAIN_DECODER.decode(body)
    except msgspec.ValidationError:  # valid JSON, but over 4,300 digits of an integer, or a float past 1.8e308
        raise field_problem(SCHEMA_KIND, "body", NUMBER_TOO_LARGE) from None
    except msgspec.DecodeError:  # including text with half a surrogate pair ("\\ud800"), which no answer could hold
        raise Problem("malformed-request", DETAIL_BY_STATUS[400], status=400) from None
    except RecursionError:  # too deep for the decoder to reach the end: JSON too deep, or no JSON at all
        if not is_json(body):
            raise Problem("malformed-request", DETAIL_BY_STATUS[400], status=400) from None
        raise field_problem(SCHEMA_KIND, "body", TOO_DEEP) from None
    return _explained(schema, struct, data)


def _explained(schema: ma.Schema, struct: type[msgspec.Struct], data: Any) -> Any:
    """Data the typed decoder refused: decoded if only its whole numbers were floats, else the schema's problem."""
    try:
        data = _whole_numbers(data)
        return msgspec.convert(data, struct)
    except RecursionError:  # msgspec read it, but Python's frames, two a level here, run out first
        raise field_problem(SCHEMA_KIND, "body", TOO_DEEP) from None
    except msgspec.ValidationError as refusal:
        errors = flatten_messages(schema.validate(data))
        if not errors:  # the derived types refused what the schema takes: say what msgspec found
            raise field_problem(SCHEMA_KIND, "body", not_decoded(refusal)) from None
        path, messages = next(iter(errors.items()))
        raise Problem(schema_kind(messages[0]), f"{path}: {messages[0]}", errors) from None


def _whole_numbers(data: Any) -> Any:
    """``data`` with every whole float as an int (JSON Schema counts 7.0 as an integer), other values as they are."""
    if isinstance(data, float):
        return int(data) if data.is_integer() else data
    if isinstance(data, list):
        return [_whole_numbers(item) for item in data]
    if isinstance(data, dict):
        return {key: _whole_numbers(value) for key, value in data.items()}
    return data


def _struct(schema: ma.Schema, record: type[msgspec.Struct] | None = None, top: bool = True) -> type[msgspec.Struct]:
    """The msgspec struct of ``schema``: a subclass of ``record`` (the core's type) when given, holding its fields.

    ``top``: the request body itself, whose nested objects without a record are handed over as dicts; a
    nested object inside those must be a record, since only the body's own fields are converted.
    """
    if not isinstance(schema, RequestSchema):
        raise TypeError(f"{type(schema).__name__}: a request schema is a RequestSchema, so that it speaks the rules' "
                        "voice")
    if schema.unknown != ma.RAISE or any(field.data_key not in (None, name) or field.attribute not in (None, name)
                                         for name, field in schema.load_fields.items()):
        raise TypeError(f"{type(schema).__name__}: a request schema refuses unknown keys and renames none")
    if record is not None and set(record.__struct_fields__) != set(schema.load_fields):
        raise TypeError(f"{type(schema).__name__} must declare the fields of {record.__name__}")
    members: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for name, field in schema.load_fields.items():
        kind = _type(field, top)
        if field.required:
            members.append((name, kind))
        elif isinstance(field.load_default, _IMMUTABLE):
            members.append((name, kind, field.load_default))
        elif field.load_default is ma.missing and record is None:
            members.append((name, kind, msgspec.UNSET))
        else:
            raise TypeError(f"{type(schema).__name__}.{name}: a default must be an immutable value")
    return msgspec.defstruct(type(schema).__name__, members, bases=None if record is None else (record,),
                             kw_only=True, forbid_unknown_fields=True, frozen=True)


def _type(field: ma.fields.Field, top: bool) -> Any:
    """The msgspec type of exactly the values ``field`` (of the body itself when ``top``) loads, null included where
    it allows null."""
    kind = _value_type(field, top)
    return kind | None if field.allow_none else kind


def _value_type(field: ma.fields.Field, top: bool) -> Any:
    """The msgspec type of the values ``field`` loads, null aside."""
    if type(field) is WholeNumber and not field.validators:
        return _whole_number(field)
    if type(field) is StrictBoolean and not field.validators:
        return bool
    if type(field) is Choice and _only_one_of(field):
        return field.words
    if type(field) in (Text, StrictBoolean) and _only_one_of(field):
        return Literal[tuple(_one_of(field).choices)]
    if type(field) is Text and _length_bounds(field) is not None:
        low, high = _length_bounds(field)  # type: ignore[misc]
        return Annotated[str, msgspec.Meta(min_length=low, max_length=high)]
    if type(field) is CardText and len(field.validators) == 1:
        return CARD
    if type(field) is CardTexts and len(field.validators) == 1:
        return Annotated[tuple[CARD, ...], msgspec.Meta(min_length=field.min_cards,  # type: ignore[valid-type]
                                                        max_length=field.max_cards)]
    if type(field) is RaiseLimitField and not field.validators:
        return _whole_number(field.number) | Literal[tuple(field.words)]
    if type(field) is HandBatchField and _length_bounds(field) is not None:
        low, high = _length_bounds(field)  # type: ignore[misc]
        hand = Annotated[list[CARD], msgspec.Meta(min_length=field.hand.min_cards,  # type: ignore[valid-type]
                                                  max_length=field.hand.max_cards)]
        return Annotated[list[hand], msgspec.Meta(min_length=low, max_length=high)]
    if isinstance(field, Object) and type(field) in (Object, NestedAs) and not field.validators \
            and not field.many and field.unknown in (None, ma.RAISE):
        record = getattr(field, "record", None)
        if record is None and not top:
            raise TypeError(f"{field!r}: an object nested in a nested object is declared with its record (NestedAs)")
        return _struct(field.schema, record, top=False)
    if isinstance(field, Items) and type(field) is Items and _length_bounds(field) is not None \
            and type(field.inner) in (Object, NestedAs, WholeNumber) and not field.inner.allow_none:
        low, high = _length_bounds(field)  # type: ignore[misc]
        item = _value_type(field.inner, top)
        return Annotated[tuple[item, ...], msgspec.Meta(min_length=low, max_length=high)]  # type: ignore[valid-type]
    raise TypeError(f"no msgspec type takes exactly what {field!r} loads: declare it with the fields of fields.py "
                    "or base.py")


def _whole_number(field: WholeNumber) -> Any:
    """The integers of a WholeNumber field's range."""
    return Annotated[int, msgspec.Meta(ge=field.minimum, le=field.maximum)]


def _one_of(field: ma.fields.Field) -> OneOf:
    """The field's one OneOf validator."""
    validator, = field.validators
    return cast(OneOf, validator)


def _only_one_of(field: ma.fields.Field) -> bool:
    """Whether the field's one validator is a OneOf."""
    return len(field.validators) == 1 and type(field.validators[0]) is OneOf


def _length_bounds(field: ma.fields.Field) -> tuple[int | None, int | None] | None:
    """The fewest and most items a field's Length validators allow (None: no bound); None for another validator."""
    low: int | None = None
    high: int | None = None
    for validator in field.validators:
        if type(validator) is not Length or validator.equal is not None:
            return None
        if validator.min is not None:
            low = validator.min if low is None else max(low, validator.min)
        if validator.max is not None:
            high = validator.max if high is None else min(high, validator.max)
    return low, high


def _converter(field: ma.fields.Field) -> Converter | None:
    """What turns a decoded value of a top-level field into the loaded one; None when it is that already."""
    if type(field) is Object:
        return _fields_given
    inner = getattr(field, "inner", None)
    if type(field) is Items and type(inner) is Object:
        return _each_as_fields
    return None


def _fields_given(struct: msgspec.Struct) -> dict[str, Any]:
    """A nested object's fields by name, as marshmallow loads it: an optional field not given is left out."""
    return {name: value for name, value in asdict(struct).items() if value is not msgspec.UNSET}


def _each_as_fields(structs: tuple[msgspec.Struct, ...]) -> list[dict[str, Any]]:
    """A list of nested objects, each by its fields."""
    return list(map(_fields_given, structs))
