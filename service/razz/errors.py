"""Errors a caller can cause, each naming the input field (its path) that broke a rule."""

from __future__ import annotations


class InputError(ValueError):
    """A request value the rules reject; ``path`` points at it (``actions[5]``, ``stakes.bring_in``).

    ``kind`` names the sort of problem in a word callers can branch on (the HTTP problem type).
    """

    kind = "invalid-input"

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


class RulesError(InputError):
    """An unknown rules option or a value the option does not allow."""

    kind = "invalid-rules"

    def __init__(self, option: str, message: str, allowed: tuple[object, ...] = ()) -> None:
        super().__init__(f"rules.{option}", message)
        self.option = option
        self.allowed = allowed


class StakesError(InputError):
    """Stakes that no betting structure has (e.g. a bring-in above the small bet)."""

    kind = "invalid-stakes"


class SnapshotError(InputError):
    """A table snapshot that cannot happen under the rules: bad cards, seats or up cards."""

    kind = "invalid-snapshot"
