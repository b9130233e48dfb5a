"""The words of a hand: the action types and the phases a replay can end in, each declared once.

Both are string enums, so their members compare equal to the JSON words callers send and encode
as them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple, final

from .why import REFERENCE_DEFAULT, Citation

TURN_ORDER = Citation("§9", REFERENCE_DEFAULT)
"""Clockwise from the opener, skipping folded and all-in players; an action out of turn is refused."""
BETTING_ENDS = Citation("§9", REFERENCE_DEFAULT)
"""The betting ends when fewer than two players can act and every bet is matched."""
UNCONTESTED = Citation("§9", "TDA 17B")
"""All but one have folded: he wins without showing."""


class ActionType(StrEnum):
    """A betting action, in the order the contract lists them."""

    BRING_IN = "bring_in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    CHECK = "check"
    FOLD = "fold"


NO_CHIPS = frozenset((ActionType.CHECK, ActionType.FOLD))
"""The actions that add no chips and take no amount."""
INCREASES = frozenset((ActionType.COMPLETE, ActionType.BET, ActionType.RAISE))
"""Bets, completions and raises: what makes a player the street's aggressor (a bring-in is forced, not one)."""

ACTION_TYPES = tuple(member.value for member in ActionType)
"""The action types as the JSON words callers send."""

LISTING_ORDER = (ActionType.FOLD, ActionType.BRING_IN, ActionType.CHECK, ActionType.CALL, ActionType.BET,
                 ActionType.COMPLETE, ActionType.RAISE)
"""The order legal actions are listed in: those that add nothing first, then by the chips they add."""


class Phase(StrEnum):
    """Where a replayed hand stands."""

    BETTING = "betting"
    """Someone must act."""
    DEALING = "dealing"
    """The round is over and the next street's up cards are not in the snapshot yet."""
    SHOWDOWN = "showdown"
    """No more betting: the hand goes to a showdown once every street is dealt."""
    COMPLETE = "complete"
    """All but one player folded."""


@final  # so that a type check narrows it: ``type(x) is Refusal``, which the replay asks of every price
class Refusal(NamedTuple):
    """Why an action is not allowed now, as the rule that refuses it says, and where that rule comes from.

    ``reason`` may name the hand's values in braces (``{street}``, ``{need}``): the table that
    refuses fills them in (``betting.Table.say``), only when the refusal is written out.
    """

    reason: str
    citation: Citation


class Offer(NamedTuple):
    """Why an action is offered now, as the branch of the rule that allows it says, and where that rule comes from.

    ``reason`` names the hand's values in braces (``{seat}``, ``{amount}``, ``{to}``...): the table
    fills them in (``betting.Table.say_offer``), only when an explanation is asked for.
    """

    reason: str
    citation: Citation


class Offered(NamedTuple):
    """What an allowed action adds (0 for fold and check) and why it is offered: the answer of a rule asked to
    explain itself."""

    chips: int
    offer: Offer
    reopened_by: Citation | None = None
    """For an increase by a player who has acted, the rule that reopened the betting for him (``limits.reopens_for``):
    all-ins short of a full bet or raise have raised him since."""
