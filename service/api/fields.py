"""Marshmallow fields for cards, numbers and words: documented with their full JSON Schema.

A body is loaded by the msgspec types ``loading.py`` derives from these fields; a field's own
``_deserialize`` runs only when the schema explains a body those types refused, and names each
bad card, hand or value, while the schema still tells clients and fuzzers every constraint
(pattern, sizes, distinct items).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

import marshmallow as ma
import msgspec

from ..stud_family.cards import CARD_CODES, CARD_PATTERN
from ..stud_family.games import GAMES, RAZZ
from ..stud_family.limits import MOST_CHIPS
from ..stud_family.rules import OptionSpec
from ..stud_family.seating import MAX_SEAT, MIN_SEAT
from .base import Field, Items, Length, Object, OneOf, Text
from .messages import holds, not_a, not_a_card, not_from, one_of


class CardField(Field):
    """One card in two characters, loaded as its card code."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"type": "string", "pattern": CARD_PATTERN, "example": "As", **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        """Look the card up; anything else is not a card."""
        code = CARD_CODES.get(value) if isinstance(value, str) else None
        if code is None:
            raise ma.ValidationError(not_a_card(value))
        return code


class HandField(Items):
    """A list of cards, loaded as card codes; the caller checks the deck (distinct cards) across fields."""

    def __init__(self, min_cards: int = 1, max_cards: int = 7, **kwargs: Any) -> None:
        metadata = {"minItems": min_cards, "maxItems": max_cards, "uniqueItems": True,
                    **kwargs.pop("metadata", {})}
        super().__init__(CardField(), metadata=metadata, **kwargs)
        self.min_cards = min_cards
        self.max_cards = max_cards

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        return self.load_cards(value)

    def load_cards(self, value: Any) -> list[int]:
        """Parse every card; report each bad card by its index."""
        if not isinstance(value, list):
            raise ma.ValidationError(not_a("a list of cards", value))
        refusal = holds(len(value), "card", self.min_cards, self.max_cards)
        if refusal is not None:
            raise ma.ValidationError(refusal)
        bad = {index: [not_a_card(card)] for index, card in enumerate(value)
               if not isinstance(card, str) or card not in CARD_CODES}
        if bad:
            raise ma.ValidationError(bad)
        return [CARD_CODES[card] for card in value]


class HandBatchField(Items):
    """A list of hands, each bad hand reported under its index, loaded as the card texts it holds (a batch is parsed
    with its ranking, in one pass)."""

    def __init__(self, **kwargs: Any) -> None:
        self.hand = HandField()
        super().__init__(self.hand, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if not isinstance(value, list):
            raise ma.ValidationError(not_a("a list of hands", value))
        load_each(self.hand.load_cards, value)
        return value


class WholeNumber(Field):
    """A JSON integer in a range: 2.5, "7" and true are refused, never truncated (the loader reads 7.0 as 7)."""

    def __init__(self, minimum: int = 0, maximum: int = MOST_CHIPS, **kwargs: Any) -> None:
        metadata = {"type": "integer", "minimum": minimum, "maximum": maximum, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)
        self.minimum = minimum
        self.maximum = maximum

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ma.ValidationError(not_a("a whole number", value))
        if not self.minimum <= value <= self.maximum:
            raise ma.ValidationError(not_from(self.minimum, self.maximum, value))
        return value


class StrictBoolean(Field):
    """JSON true or false only: marshmallow's Boolean would also take "yes" and 1."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(metadata={"type": "boolean", **kwargs.pop("metadata", {})}, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ma.ValidationError(not_a("true or false", value))
        return value


def seat_field(**kwargs: Any) -> WholeNumber:
    """A seat number: tables have seats 1 to 8."""
    return WholeNumber(minimum=MIN_SEAT, maximum=MAX_SEAT, **kwargs)


def _check_card(text: str) -> None:
    """Exactly a card's two characters: a pattern's ``$`` would also let a trailing newline through."""
    if text not in CARD_CODES:
        raise ma.ValidationError(not_a_card(text))


class CardText(Text):
    """A card kept as text (the table engine reads notation), documented with its pattern; a number or a null
    where a card must be is not a card either, as on every card field."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"pattern": CARD_PATTERN, "example": "As", **kwargs.pop("metadata", {})}
        super().__init__(validate=_check_card, metadata=metadata, error_messages={"null": not_a_card(None)}, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        """A card's text; any other JSON value is not a card, and says which it is."""
        if not isinstance(value, str):
            raise ma.ValidationError(not_a_card(value))
        return value


class Choice(Text):
    """One word of a string enum, documented as an enum and decoded as its member.

    Decoded as the member, a word is the core's own object, which it may compare by identity
    (``method is Method.EXACT``).
    """

    def __init__(self, words: type[StrEnum], **kwargs: Any) -> None:
        super().__init__(validate=OneOf([word.value for word in words]), **kwargs)
        self.words = words


class CardTexts(Items):
    """Cards kept as text (the table engine reads notation), with the same documented constraints as a hand."""

    def __init__(self, min_cards: int, max_cards: int, count_kind: str | None = None, **kwargs: Any) -> None:
        super().__init__(CardText(), validate=Length(min=min_cards, max=max_cards, kind=count_kind),
                         metadata={"uniqueItems": True, **kwargs.pop("metadata", {})}, **kwargs)
        self.min_cards = min_cards
        self.max_cards = max_cards


class NestedAs(Object):
    """A nested object loaded as ``record``, the core's own type of it, whose fields are the schema's.

    The loader (``loading.py``) decodes such an object straight into a subclass of ``record`` that
    holds the schema's constraints: the engine receives its own type, built once.
    """

    def __init__(self, schema: type[ma.Schema], record: type[msgspec.Struct], **kwargs: Any) -> None:
        super().__init__(schema, **kwargs)
        self.record = record


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


class RaiseLimitField(Field):
    """An integer of at least the minimum, or one of the option's words (``unlimited``)."""

    def __init__(self, spec: OptionSpec, **kwargs: Any) -> None:
        choices = [{"type": "integer", "minimum": spec.integer_minimum},
                   {"type": "string", "enum": list(spec.values)}]
        super().__init__(metadata={"anyOf": choices, **kwargs.pop("metadata", {})}, **kwargs)
        self.words = spec.values
        self.number = WholeNumber(minimum=spec.integer_minimum or 0)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int | str:
        if isinstance(value, str):
            if value not in self.words:
                raise ma.ValidationError(not_a(f"a whole number or {one_of(self.words)}", value))
            return value
        return self.number.deserialize(value)


def game_field() -> Text:
    """A request's ``game``: one of ``GAMES`` by name, razz when left out, so that a request written before the
    service played other games is answered as it was. The route looks the game up in ``GAMES``."""
    return Text(validate=OneOf(list(GAMES)), load_default=RAZZ.name, metadata={
        "description": f"The game whose rules decide: {one_of(list(GAMES))} (default {RAZZ.name})."})
