"""Raising after the bring-in (reference section 2): the completion is the bet, a cap of a bet and the raises.

The first full increase on 3rd street completes the bring-in to the small bet; it is the round's
bet, not a raise. The cap counts full bets and raises only (a short all-in below a full raise uses
none) and may be lifted when the action is heads-up, as ``heads_up_uncap`` says.
"""

from __future__ import annotations

from typing import NamedTuple

from .rules import HeadsUpUncap
from .streets import FIRST_STREET
from .vocabulary import ActionType, Offer
from .why import REFERENCE_DEFAULT, Citation, Why, raises, street_name

COMPLETION_IS_THE_BET = Citation("§2", "RRoP Stud 3")
"""The first full increase on 3rd street completes the bring-in: the round's bet, not a raise."""
CAPS = {3: Citation("§2", "RRoP Betting & Raising 3"), 4: Citation("§2", "WSOP-L 126")}
"""Who caps a round at a bet and that many raises (``max_raises_after_bet``)."""
CAP_CHOSEN = Citation("§2", REFERENCE_DEFAULT)
"""Any other cap, or none (``unlimited``): the caller's choice, which no rulebook names."""
CAP_LIFTED = {HeadsUpUncap.ANY_TIME_BEFORE_CAP: Citation("§2", "RRoP Betting & Raising 4"),
              HeadsUpUncap.ROUND_STARTS_HEADS_UP: Citation("§2", "WSOP-L 127"),
              HeadsUpUncap.EVENT_HEADS_UP: Citation("§2", "TDA 48")}
"""When heads-up lifts the cap, by ``heads_up_uncap`` (under ``never`` it is not lifted)."""
CAP_KEPT_HEADS_UP = {HeadsUpUncap.NEVER: Citation("§2", "TDA 48"),
                     HeadsUpUncap.ANY_TIME_BEFORE_CAP: Citation("§2", "RRoP Betting & Raising 4"),
                     HeadsUpUncap.ROUND_STARTS_HEADS_UP: Citation("§2", "WSOP-L 127"),
                     HeadsUpUncap.EVENT_HEADS_UP: Citation("§2", "TDA 48")}
"""Why a round played heads-up keeps its cap, by ``heads_up_uncap``: never lifted, capped before the action became
heads-up, a round that did not begin heads-up, more than two players dealt in."""
_KEPT_BECAUSE = {HeadsUpUncap.NEVER: "heads-up does not lift the cap (heads_up_uncap never)",
                 HeadsUpUncap.ANY_TIME_BEFORE_CAP: "the round was capped before the action became heads-up, and a "
                                                   "later {how} does not uncap it",
                 HeadsUpUncap.ROUND_STARTS_HEADS_UP: "the round did not begin heads-up, so heads-up does not lift the "
                                                     "cap (heads_up_uncap round_starts_heads_up)",
                 HeadsUpUncap.EVENT_HEADS_UP: "more than two players were dealt in, so heads-up does not lift the cap "
                                              "(heads_up_uncap event_heads_up)"}


COMPLETES = Offer("seat {seat} may complete to {to}, the small bet: the completion is 3rd street's bet, not a "
                  "raise{all_in}", COMPLETION_IS_THE_BET)
"""Why the completion of the bring-in is offered: it is 3rd street's bet."""


def cap_citation(limit: int | None) -> Citation:
    """The rule of a cap of a bet and ``limit`` raises (None: unlimited)."""
    return CAP_CHOSEN if limit is None else CAPS.get(limit, CAP_CHOSEN)


_COMPLETE, _BET, _RAISE = ActionType.COMPLETE, ActionType.BET, ActionType.RAISE
_EVENT, _ANY_TIME, _ROUND_STARTS = (HeadsUpUncap.EVENT_HEADS_UP, HeadsUpUncap.ANY_TIME_BEFORE_CAP,
                                    HeadsUpUncap.ROUND_STARTS_HEADS_UP)
"""Members as module names: what reading them so saves the replay is in bench/README.md, "Speed tricks"."""


def completes_bring_in(street: int, bet_made: bool) -> bool:
    """Whether a completion now completes 3rd street's bring-in, the round's bet (RRoP Stud 3), rather than a short
    all-in (section 4): the one place the two completions are told apart."""
    return street == FIRST_STREET and not bet_made


def increase_name(street: int, bet_made: bool, high: int, level: int) -> ActionType:
    """What the next increase is called: a completion (of the bring-in or of a short all-in), a bet or a raise."""
    if not bet_made:
        return _COMPLETE if completes_bring_in(street, bet_made) or high > 0 else _BET
    return _COMPLETE if high > level else _RAISE


def is_capped(bet_made: bool, raises: int, limit: int | None, lifted: Citation | None) -> Citation | None:
    """The rule that caps the round when it has its bet and every raise the cap allows (``limit`` None: no cap, and
    not when heads-up ``lifted`` it); None while it is not capped."""
    if bet_made and limit is not None and raises >= limit and lifted is None:
        return CAPS.get(limit, CAP_CHOSEN)
    return None


def heads_up(players: int) -> bool:
    """Whether ``players`` are heads-up: exactly two (two players who are not all-in, section 2; two dealt in, for
    ``event_heads_up``). The one definition of heads-up."""
    return players == 2


def lifts_mid_round(rule: HeadsUpUncap) -> bool:
    """Whether heads-up can lift the cap once a round has begun: only under any_time_before_cap (RRoP Betting & Raising
    4); round_starts_heads_up and event_heads_up decide at the round's start, never never lifts it."""
    return rule == _ANY_TIME


def cap_lifted(rule: HeadsUpUncap, players_dealt: int, able_to_act: int, round_starts: bool,
               capped: bool) -> Citation | None:
    """The rule that lifts the cap, at the start of a round or after an action in it (RRoP, WSOP-L 127, TDA 48); None
    while the cap applies.

    Heads-up means two players who are not all-in. A round once capped stays capped (RRoP Betting &
    Raising 4): ``capped`` says it is.
    """
    if capped:
        return None
    if rule == _EVENT:
        lifted = heads_up(players_dealt)
    elif rule == _ANY_TIME:
        lifted = heads_up(able_to_act)
    elif rule == _ROUND_STARTS:
        lifted = round_starts and heads_up(able_to_act)
    else:
        lifted = False
    return CAP_LIFTED[rule] if lifted else None


class HeadsUpAfterCap(NamedTuple):
    """A capped round as the replay recorded it when it capped (at ``capped_at``), and after: the capping raise was an
    all-in that left two players with chips (``by_capping_all_in``), a player folded since (``by_fold``); so how it
    came to be heads-up: by the capping all-in, else a later fold, or a later all-in when nobody folded."""

    capped_at: int
    by_capping_all_in: bool
    by_fold: bool

    def how(self) -> str:
        """What made the action heads-up after the cap, in words."""
        return "fold" if self.by_fold else "all-in"


def explain_cap(street: int, limit: int | None, rule: HeadsUpUncap, lifted: Citation | None,
                capped: Citation | None, bet_made: bool, raises_made: int, heads_up: bool, short_bet: int | None = None,
                after_cap: HeadsUpAfterCap | None = None) -> Why:
    """How many raises ``street`` has left, or why it has none, from what the round decided and recorded (``lifted``:
    the rule by which ``cap_lifted`` lifted the cap, ``capped``: the rule by which ``is_capped`` capped it;
    ``heads_up``: two players who are not all-in are left to act, so a capped round says why heads-up did not lift its
    cap, ``after_cap`` saying how it became heads-up; ``short_bet``: an all-in short of a full bet stands where there is
    no bet yet)."""
    name = street_name(street)
    if limit is None:
        return cap_citation(None).says("cap", f"max_raises_after_bet is unlimited: {name} has no cap")
    if lifted:
        who = "two players were dealt in" if rule == _EVENT else "two players who are not all-in"
        return lifted.says("cap", f"the cap is lifted on {name}: {who} (heads_up_uncap {rule})")
    if capped:
        said = f"capped: a bet and {raises(limit)} on {name}"
        if heads_up and rule == _ANY_TIME and after_cap is not None and after_cap.by_capping_all_in:
            return CAP_KEPT_HEADS_UP[rule].says(
                "cap", f"{said}; the all-in to {after_cap.capped_at} used the last raise and left two players with "
                       "chips: the action that capped the round made it heads-up, so it was not heads-up before the "
                       "cap, and it stays capped")
        if heads_up:
            how = "fold" if after_cap is None else after_cap.how()
            return CAP_KEPT_HEADS_UP[rule].says("cap", f"{said}; {_KEPT_BECAUSE[rule].format(how=how)}")
        return capped.says("cap", said)
    if not bet_made and short_bet is not None:
        said = (f"no full bet yet on {name}: the all-in to {short_bet} is short of one, so a bet and {raises(limit)} "
                "may follow")
    elif not bet_made:
        said = f"no bet yet on {name}: a bet and {raises(limit)} may follow"
    else:
        said = f"{raises_made} of {raises(limit)} made after the bet on {name}"
    return cap_citation(limit).says("cap", said)
