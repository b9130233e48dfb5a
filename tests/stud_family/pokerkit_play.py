"""Playing a hand in PokerKit 0.7.7 as the differential tests do: the automations they run it with, our action types
taken as its actions, and its legal actions read in ours. Imported only by tests that have found PokerKit installed."""

import pokerkit

A = pokerkit.Automation
AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HOLE_DEALING,
               A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)


def take(state, kind, to=None):
    """Take action ``kind`` in PokerKit: its one raise action is complete, bet and raise, to ``to`` or its only size."""
    if kind == "fold":
        state.fold()
    elif kind == "bring_in":
        state.post_bring_in()
    elif kind in ("check", "call"):
        state.check_or_call()
    else:
        state.complete_bet_or_raise_to(to)


def pokerkit_options(state: pokerkit.State, increase: str = "raise") -> dict[str, int | None]:
    """PokerKit's legal actions for its actor in the service's words, {type: to} (None for fold and check), its one
    increase named ``increase``."""
    options: dict[str, int | None] = {}
    if state.can_fold():
        options["fold"] = None
    if state.can_post_bring_in():
        options["bring_in"] = state.effective_bring_in_amount
    if state.can_check_or_call():
        call = state.checking_or_calling_amount
        options["call" if call else "check"] = state.bets[state.actor_index] + call if call else None
    if state.can_complete_bet_or_raise_to():
        to = state.min_completion_betting_or_raising_to_amount
        assert to == state.max_completion_betting_or_raising_to_amount, "a fixed-limit increase has one size"
        options[increase] = to
    return options
