"""What counts as a whole number in a request: seats, chip counts and streets."""

from __future__ import annotations

from typing import TypeGuard


def is_int(value: object) -> TypeGuard[int]:
    """Integers only: JSON booleans are not seats, chip counts or streets."""
    return isinstance(value, int) and not isinstance(value, bool)
