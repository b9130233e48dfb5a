"""Marshmallow fields for cards: documented with their full JSON Schema, parsed in one pass.

Cards arrive by the thousand in a ranking batch, so these fields skip marshmallow's per-item
machinery and parse with one dictionary lookup per card, while the schema they document still
tells clients and fuzzers every constraint (pattern, sizes, distinct items).
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from ..razz.cards import CARD_CODES, CARD_PATTERN

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
    """A list of hands, loaded in one loop: a thousand hands cost a thousand lookups, not field calls."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(HandField(), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[list[int]]:
        if not isinstance(value, list):
            raise ma.ValidationError("Not a list of hands.")
        load_cards = self.inner.load_cards
        hands, errors = [], {}
        for index, hand in enumerate(value):
            try:
                hands.append(load_cards(hand))
            except ma.ValidationError as error:
                errors[index] = error.messages
        if errors:
            raise ma.ValidationError(errors)
        return hands
