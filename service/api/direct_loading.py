"""Request bodies decoded and checked in one pass by msgspec, with types derived from the marshmallow schemas.

The schemas stay the contract: they document every operation, and load any body the direct
loader does not take, gathering every message (``responses.load_or_refuse``). Each msgspec type
here accepts only values its field loads as they are (a subset of what the field takes), so a
body msgspec accepts loads to what ``Schema.load`` gives. A field with no such type here (the
rules object, the hand batches) is decoded as plain JSON and loaded by the field itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

import marshmallow as ma
import msgspec
from msgspec.structs import asdict

from ..razz.cards import CARD_CODES
from .fields import CardText, CardTexts, Choice, NestedAs, StrictBoolean, WholeNumber

CARD = Literal[tuple(CARD_CODES)]  # type: ignore[valid-type]
"""Exactly the card texts: what a card field's pattern matches, bar a trailing newline."""

_IMMUTABLE = (type(None), bool, int, str, tuple)
"""Defaults a struct may share between the objects it decodes."""

Converter = Callable[[Any], Any]

NESTED = (ma.fields.Nested, NestedAs)
"""The nested-object fields loaded here exactly: not subclasses, whose loading may differ."""


def direct_loader(schema: ma.Schema) -> Callable[[bytes], dict[str, Any] | None]:
    """A loader of JSON bodies for ``schema``: the loaded body, or None when the schema itself must load it."""
    if not _plain_schema(schema):
        return lambda body: None
    members: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    plan: list[tuple[str, ma.fields.Field, Converter | None]] = []
    for name, field in schema.load_fields.items():
        typed = _typed(field)
        kind, convert = (Any, field.deserialize) if typed is None else typed
        members.append((name, kind) if field.required else (name, kind, msgspec.UNSET))
        plan.append((name, field, convert))
    decoder = msgspec.json.Decoder(msgspec.defstruct(type(schema).__name__, members, kw_only=True,
                                                     forbid_unknown_fields=True))

    def load(body: bytes) -> dict[str, Any] | None:
        """The body as ``schema.load`` loads it, or None if msgspec or a plain-JSON field refuses it."""
        try:
            decoded = decoder.decode(body)
        except (msgspec.MsgspecError, RecursionError):  # a field of any JSON can nest without end
            return None
        loaded = {}
        try:
            for name, field, convert in plan:
                value = getattr(decoded, name)
                if value is msgspec.UNSET:
                    value = field.deserialize(ma.missing)
                elif convert is not None:
                    value = convert(value)
                if value is not ma.missing:
                    loaded[name] = value
        except ma.ValidationError:
            return None
        return loaded

    return load


def _plain_schema(schema: ma.Schema) -> bool:
    """Whether ``schema`` loads field by field: no hooks, unknown keys refused, no renamed keys."""
    hooks = type(schema)._hooks  # the pre_load, post_load and validates_schema methods marshmallow found
    return (not schema.many and schema.unknown == ma.RAISE and not any(hooks.values())
            and all(field.data_key in (None, name) for name, field in schema.load_fields.items()))


def _typed(field: ma.fields.Field) -> tuple[Any, Converter | None] | None:
    """The msgspec type of the values ``field`` loads, and what turns a decoded one into the loaded one (or None)."""
    value_type = _value_type(field)
    if value_type is not None:
        return _nullable(value_type, field), None
    if isinstance(field, ma.fields.Nested) and type(field) in NESTED:
        found = _object_type(field)
        if found is None:
            return None
        struct, load_all = found
        return _nullable(struct, field), _keeping_none(lambda item: load_all((item,))[0], field)
    inner = getattr(field, "inner", None)
    if type(field) is ma.fields.List and isinstance(inner, ma.fields.Nested) and type(inner) in NESTED:
        bounds = _length_bounds(field)
        found = _object_type(inner)
        if bounds is None or found is None:
            return None
        struct, load_all = found
        low, high = bounds
        listed = Annotated[list[struct], msgspec.Meta(min_length=low, max_length=high)]  # type: ignore[valid-type]
        return _nullable(listed, field), _keeping_none(load_all, field)
    return None


def _value_type(field: ma.fields.Field) -> Any:
    """The msgspec type of a field holding one JSON value (or a list of cards) it loads as it is; None if none."""
    if type(field) is WholeNumber and not field.validators:
        return Annotated[int, msgspec.Meta(ge=field.minimum, le=field.maximum)]
    if type(field) is StrictBoolean and not field.validators:
        return bool
    if type(field) is Choice and len(field.validators) == 1:
        return Literal[tuple(sorted(field.choices))]
    if type(field) is CardText and len(field.validators) == 1:
        return CARD
    if type(field) is CardTexts and len(field.validators) == 1:
        return Annotated[list[CARD], msgspec.Meta(min_length=field.min_cards,  # type: ignore[valid-type]
                                                  max_length=field.max_cards)]
    return None


def _object_type(field: ma.fields.Nested) -> tuple[type[msgspec.Struct], Converter] | None:
    """A struct for a nested object of one-value fields, and what loads decoded ones as the field does; None if none.

    They load as dicts, or for a ``NestedAs`` field as the (frozen) structs themselves: each holds
    the fields of the named tuple the schema builds, under the same names, and the engine reads its
    records by name. The named tuple's fields must be the schema's.
    """
    nested = field.schema
    if not _plain_schema(nested):
        return None
    members: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for name, inner in nested.load_fields.items():
        value_type = _value_type(inner)
        if value_type is None:
            return None
        if inner.required:
            members.append((name, _nullable(value_type, inner)))
        elif isinstance(inner.load_default, _IMMUTABLE):
            members.append((name, _nullable(value_type, inner), inner.load_default))
        else:
            return None
    struct = msgspec.defstruct(type(nested).__name__, members, kw_only=True, forbid_unknown_fields=True, frozen=True)
    build = getattr(field, "build", dict)
    if build is dict:
        return struct, lambda items: list(map(asdict, items))
    if set(getattr(build, "_fields", ())) != set(nested.load_fields):
        return None
    return struct, list


def _length_bounds(field: ma.fields.Field) -> tuple[int | None, int | None] | None:
    """The fewest and most items a list field's Length validators allow (None: no bound); None for another validator."""
    low: int | None = None
    high: int | None = None
    for validator in field.validators:
        if type(validator) is not ma.validate.Length or validator.equal is not None:
            return None
        if validator.min is not None:
            low = validator.min if low is None else max(low, validator.min)
        if validator.max is not None:
            high = validator.max if high is None else min(high, validator.max)
    return low, high


def _nullable(value_type: Any, field: ma.fields.Field) -> Any:
    """``value_type``, or null too where the field allows it."""
    return value_type | None if field.allow_none else value_type


def _keeping_none(convert: Converter, field: ma.fields.Field) -> Converter:
    """``convert``, leaving null as it is where the field allows it."""
    if not field.allow_none:
        return convert
    return lambda value: None if value is None else convert(value)
