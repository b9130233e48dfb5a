"""Playing a hand in PokerKit 0.7.7 as the differential tests do: the automations they run it with, and our action
types taken as its actions. Imported only by tests that have found PokerKit installed."""

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
