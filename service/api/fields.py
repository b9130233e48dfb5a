"""Marshmallow fields for cards: documented with their full JSON Schema, parsed in one pass.

Cards arrive by the thousand in a ranking batch, so these fields skip marshmallow's per-item
machinery and parse with one dictionary lookup per card, while the schema they document still
tells clients and fuzzers every constraint (pattern, sizes, distinct items).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from itertools import chain, repeat
from operator import is_not, itemgetter
from typing import Any

import marshmallow as ma

from ..razz.cards import CARD_CODES, CARD_PATTERN

CARD_NAMES = frozenset(CARD_CODES)
"""Every card text, for testing a whole list of them in one call."""

CARD_MESSAGE = "Not a card: write a rank from A23456789TJQK and a suit from shdc, e.g. 'As'."


class CardField(ma.fields.Field):
    """One card in two characters, loaded as its card code."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"type": "string", "pattern": CARD_PATTERN, "example": "As", **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        """Look the card up; anything else is not a card."""
        code = CARD_CODES.get(value) if isinstance(value, str) else None
        if code is None:
            raise ma.ValidationError(CARD_MESSAGE)
        return code


class HandField(ma.fields.List):
    """A list of cards, loaded as card codes; the caller checks the deck (distinct cards) across fields."""

    def __init__(self, min_cards: int = 1, max_cards: int = 7, **kwargs: Any) -> None:
        metadata = {"minItems": min_cards, "maxItems": max_cards, "uniqueItems": True,
                    **kwargs.pop("metadata", {})}
        super().__init__(CardField(), metadata=metadata, **kwargs)
        self.min_cards = min_cards
        self.max_cards = max_cards

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[int]:
        return self.load_cards(value)

    def load_cards(self, value: Any) -> list[int]:
        """Parse every card with one lookup; report each bad card by its index."""
        if not isinstance(value, list):
            raise ma.ValidationError("Not a list of cards.")
        if not self.min_cards <= len(value) <= self.max_cards:
            raise ma.ValidationError(f"Hold {self.min_cards} to {self.max_cards} cards, not {len(value)}.")
        try:
            return list(map(CARD_CODES.__getitem__, value))
        except (KeyError, TypeError):
            raise ma.ValidationError({index: [CARD_MESSAGE] for index, card in enumerate(value)
                                      if not isinstance(card, str) or card not in CARD_CODES}) from None


class HandBatchField(ma.fields.List):
    """A list of hands, loaded in passes over the batch: a thousand hands cost lookups, not field calls."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(HandField(), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[list[int]]:
        if not isinstance(value, list):
            raise ma.ValidationError("Not a list of hands.")
        return self._plain_hands(value) or load_each(self.inner.load_cards, value)

    def _plain_hands(self, value: list[Any]) -> list[list[int]] | None:
        """Every hand parsed by C-level passes when all are lists of cards of a good size; None otherwise."""
        if not value or set(map(type, value)) != {list}:
            return None
        if min(map(len, value)) < self.inner.min_cards or max(map(len, value)) > self.inner.max_cards:
            return None
        try:
            return list(map(list, map(map, repeat(CARD_CODES.__getitem__), value)))
        except (KeyError, TypeError):
            return None


class WholeNumber(ma.fields.Field):
    """A JSON integer in a range: 7 and 7.0 load as 7; 2.5, "7" and true are refused, never truncated."""

    def __init__(self, minimum: int = 0, maximum: int = 10**15, **kwargs: Any) -> None:
        metadata = {"type": "integer", "minimum": minimum, "maximum": maximum, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)
        self.minimum = minimum
        self.maximum = maximum

    def accepts_all(self, values: list[Any]) -> bool:
        """True when every value loads as itself: ints in range (the fast path of FlatObject)."""
        return set(map(type, values)) <= {int} and (
            not values or (self.minimum <= min(values) and max(values) <= self.maximum))

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ma.ValidationError("Not a whole number.")
        if not self.minimum <= value <= self.maximum:
            raise ma.ValidationError(f"Must be from {self.minimum} to {self.maximum}.")
        return value


class StrictBoolean(ma.fields.Field):
    """JSON true or false only: marshmallow's Boolean would also take "yes" and 1."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(metadata={"type": "boolean", **kwargs.pop("metadata", {})}, **kwargs)

    def accepts_all(self, values: list[Any]) -> bool:
        """True when every value loads as itself (the fast path of FlatObject)."""
        return not self.validators and set(map(type, values)) <= {bool}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ma.ValidationError("Not true or false.")
        return value


def seat_field(**kwargs: Any) -> WholeNumber:
    """A seat number: tables have seats 1 to 8."""
    return WholeNumber(minimum=1, maximum=8, **kwargs)


def card_text_field(**kwargs: Any) -> ma.fields.String:
    """A card kept as text (the table engine reads notation), documented with its pattern."""
    metadata = {"pattern": CARD_PATTERN, "example": "As", **kwargs.pop("metadata", {})}
    return ma.fields.String(validate=ma.validate.Regexp(CARD_PATTERN, error=CARD_MESSAGE), metadata=metadata, **kwargs)


class Choice(ma.fields.String):
    """One word from a fixed list, documented as an enum."""

    def __init__(self, choices: Sequence[str], **kwargs: Any) -> None:
        super().__init__(validate=ma.validate.OneOf(choices), **kwargs)
        self.choices = frozenset(choices)

    def accepts_all(self, values: list[Any]) -> bool:
        """True when every value loads as itself (the fast path of FlatObject)."""
        return set(map(type, values)) <= {str} and self.choices.issuperset(values)


class CardTexts(ma.fields.List):
    """Cards kept as text (the table engine reads notation), with the same documented constraints as a hand."""

    def __init__(self, min_cards: int, max_cards: int, **kwargs: Any) -> None:
        super().__init__(card_text_field(), validate=ma.validate.Length(min=min_cards, max=max_cards),
                         metadata={"uniqueItems": True, **kwargs.pop("metadata", {})}, **kwargs)
        self.min_cards = min_cards
        self.max_cards = max_cards

    def accepts_all(self, values: list[Any]) -> bool:
        """True when every value loads as itself (the fast path of FlatObject): lists of card texts, one set test."""
        if not set(map(type, values)) <= {list}:
            return False
        try:
            return not values or (self.min_cards <= min(map(len, values)) and max(map(len, values)) <= self.max_cards
                                  and CARD_NAMES.issuperset(chain.from_iterable(values)))
        except TypeError:  # an unhashable item
            return False


class FlatObject(ma.fields.Nested):
    """A flat object loaded with the schema's own fields, without per-object schema machinery.

    A hand history holds dozens of actions, and marshmallow's per-object work cost more than
    replaying them. Objects are loaded column by column: when a field ``accepts_all`` of its
    column's values as they are, and every column passes, they load as they are (into ``build``:
    ``dict``, or a NamedTuple of the schema's fields in order, e.g. the domain's own type);
    otherwise each object goes through the fields one by one, for the same result and the same
    messages.
    """

    def __init__(self, schema: type[ma.Schema], build: Callable[..., Any] = dict, **kwargs: Any) -> None:
        super().__init__(schema, **kwargs)
        self.object_fields = schema().load_fields
        self.names = tuple(self.object_fields)
        self.columns = [(name, itemgetter(name) if field.required else None, field.load_default, field.allow_none,
                         getattr(field, "accepts_all", None)) for name, field in self.object_fields.items()]
        self.build = build

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        plain = self.load_plain([value])
        return self.load_object(value) if plain is None else plain[0]

    def load_plain(self, items: list[Any]) -> list[Any] | None:
        """Every object at once when all are dicts of known keys holding plainly right values; None otherwise."""
        if set(map(type, items)) != {dict}:
            return None
        count, found, columns = len(items), 0, []
        for name, take_required, default, allow_none, accepts_all in self.columns:
            if take_required:
                try:
                    column = list(map(take_required, items))
                except KeyError:
                    return None
                found += count
            else:
                column = list(map(dict.get, items, repeat(name), repeat(default)))
                found += sum(map(dict.__contains__, items, repeat(name)))
            values = list(filter(partial(is_not, None), column)) if allow_none and None in column else column
            if accepts_all is None or not accepts_all(values):
                return None
            columns.append(column)
        if sum(map(len, items)) != found:  # an unknown key
            return None
        if self.build is dict:
            return list(map(dict, map(zip, repeat(self.names), zip(*columns))))
        return list(map(tuple.__new__, repeat(self.build), zip(*columns)))

    def load_object(self, item: Any) -> Any:
        """One object field by field, gathering every field's messages the way a schema does."""
        if item is None:
            raise self.make_error("null")
        if not isinstance(item, dict):
            raise ma.ValidationError({"_schema": ["Invalid input type."]})
        loaded: dict[str, Any] = {}
        errors: dict[str, Any] = {key: ["Unknown field."] for key in item.keys() - self.object_fields.keys()}
        for name, field in self.object_fields.items():
            if name not in item:
                if field.required:
                    errors[name] = ["Missing data for required field."]
                else:
                    loaded[name] = field.load_default
                continue
            try:
                loaded[name] = field.deserialize(item[name])
            except ma.ValidationError as error:
                errors[name] = error.messages
        if errors:
            raise ma.ValidationError(errors)
        return self.build(**loaded)


class FlatObjectList(ma.fields.List):
    """A list of flat objects, each loaded by ``FlatObject`` (a bad object is reported by its index)."""

    def __init__(self, schema: type[ma.Schema], build: Callable[..., Any] = dict, **kwargs: Any) -> None:
        super().__init__(FlatObject(schema, build), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if not isinstance(value, list):
            raise ma.ValidationError("Not a valid list.")
        plain = self.inner.load_plain(value) if value else []
        return load_each(self.inner.load_object, value) if plain is None else plain


def load_each(load: Callable[[Any], Any], items: list[Any]) -> list[Any]:
    """Item by item, so that every bad item is reported under its index."""
    loaded, errors = [], {}
    for index, item in enumerate(items):
        try:
            loaded.append(load(item))
        except ma.ValidationError as error:
            errors[index] = error.messages
    if errors:
        raise ma.ValidationError(errors)
    return loaded
