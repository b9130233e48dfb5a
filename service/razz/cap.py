"""Raising after the bring-in (reference section 2): the completion is the bet, a cap of a bet and the raises.

The first full increase on 3rd street completes the bring-in to the small bet; it is the round's
bet, not a raise. The cap counts full bets and raises only (a short all-in below a full raise uses
none) and may be lifted when the action is heads-up, as ``heads_up_uncap`` says.
"""

from __future__ import annotations

from .rules import HeadsUpUncap
from .streets import FIRST_STREET
from .vocabulary import ActionType
from .why import REFERENCE_DEFAULT, Citation

COMPLETION_IS_THE_BET = Citation("§2", "RRoP Stud 3")
"""The first full increase on 3rd street completes the bring-in: the round's bet, not a raise."""
CAP_SOURCES = {3: "RRoP Betting & Raising 3", 4: "WSOP-L 126"}
"""Who caps a round at a bet and that many raises (``max_raises_after_bet``); other limits are the caller's."""
CAP_LIFTED = {HeadsUpUncap.ANY_TIME_BEFORE_CAP: Citation("§2", "RRoP Betting & Raising 4"),
              HeadsUpUncap.ROUND_STARTS_HEADS_UP: Citation("§2", "WSOP-L 127"),
              HeadsUpUncap.EVENT_HEADS_UP: Citation("§2", "TDA 48")}
"""When heads-up lifts the cap, by ``heads_up_uncap`` (under ``never`` it is not lifted)."""


def cap_citation(limit: int | None) -> Citation:
    """The rule of a cap of a bet and ``limit`` raises (None: unlimited)."""
    return Citation("§2", CAP_SOURCES.get(limit, REFERENCE_DEFAULT) if limit is not None else REFERENCE_DEFAULT)

_COMPLETE, _BET, _RAISE = ActionType.COMPLETE, ActionType.BET, ActionType.RAISE
_EVENT, _ANY_TIME, _ROUND_STARTS = (HeadsUpUncap.EVENT_HEADS_UP, HeadsUpUncap.ANY_TIME_BEFORE_CAP,
                                    HeadsUpUncap.ROUND_STARTS_HEADS_UP)
"""Members as module names: reading one off its enum class costs 0.2 us, five times a global's (bench/README.md)."""


def increase_name(street: int, bet_made: bool, high: int, level: int) -> ActionType:
    """What the next increase is called: a completion (of the bring-in or of a short all-in), a bet or a raise."""
    if not bet_made:
        return _COMPLETE if street == FIRST_STREET or high > 0 else _BET
    return _COMPLETE if high > level else _RAISE


def is_capped(bet_made: bool, raises: int, limit: int | None, lifted: bool) -> bool:
    """Whether the round has its bet and every raise the cap allows (``limit`` None: no cap)."""
    return bet_made and limit is not None and raises >= limit and not lifted


def cap_lifted(rule: HeadsUpUncap, players_dealt: int, able_to_act: int, round_starts: bool) -> bool:
    """Whether the cap no longer applies: at the start of a round, or after an action in it (RRoP, WSOP-L 127, TDA 48).

    Heads-up means two players who are not all-in. A round once capped stays capped: the caller asks
    only while it is not.
    """
    if rule == _EVENT:
        return players_dealt == 2
    if rule == _ANY_TIME:
        return able_to_act <= 2
    if rule == _ROUND_STARTS:
        return round_starts and able_to_act <= 2
    return False
