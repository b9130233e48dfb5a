"""Differential test against PokerKit 0.7.7 ``FixedLimitRazz`` on deep-stacked hands.

Nobody goes all-in, so none of the places where the reference says PokerKit differs (short
all-ins, short bring-ins, the opener after an all-in-for-the-ante bring-in, heads-up uncapping)
can arise; the default rules otherwise match it. At every decision the seat to act, the action
types and their "to" amounts must agree. Hands have at most six players: PokerKit deals every
card from one deck and has no community-card procedure for 7th street.
"""

import random

import pytest

pokerkit = pytest.importorskip("pokerkit")

from service.stud_family.betting import replay  # noqa: E402
from tests.stud_family.pokerkit_play import AUTOMATIONS, pokerkit_options, take  # noqa: E402
from tests.tables import STAKES, action_text, table  # noqa: E402

STACK = 100_000
HANDS = 300


def our_options(table_state):
    """Our legal actions with complete and bet folded into PokerKit's one raise action."""
    return {("raise" if a.type in ("complete", "bet") else a.type): a.to for a in table_state.legal_actions}


def play_hand(seed):
    """Play one random hand in PokerKit, comparing our replay at every decision; (decisions, last street bet)."""
    rng = random.Random(seed)
    random.seed(seed)
    count = rng.randint(2, 6)
    state = pokerkit.FixedLimitRazz.create_state(AUTOMATIONS, True, STAKES["ante"], STAKES["bring_in"],
                                                 STAKES["small_bet"], STAKES["big_bet"], STACK, count)
    actions = []
    decisions = 0
    street = 3
    seen = [()] * count  # up cards as last seen: PokerKit takes a folded player's cards away
    while state.status and state.actor_index is not None:
        for i in range(count):
            shown = tuple(repr(card) for card in state.get_up_cards(i))
            if len(shown) > len(seen[i]):
                seen[i] = shown
        boards = {i + 1: " ".join(seen[i]) for i in range(count)}
        ours = replay(table(boards, *actions, stacks=dict.fromkeys(boards, STACK)).snapshot())
        assert ours.phase == "betting" and ours.to_act == state.actor_index + 1, (seed, actions)
        theirs = pokerkit_options(state)
        assert our_options(ours) == theirs, (seed, actions)
        choices = sorted(kind for kind in theirs if kind != "fold" or rng.random() < 0.15)
        kind = rng.choice(choices or sorted(theirs))
        seat = state.actor_index + 1
        take(state, kind)
        if kind == "raise":
            kind = next(a.type for a in ours.legal_actions if a.type in ("complete", "bet", "raise"))
        actions.append(action_text(seat, kind))
        decisions += 1
        street = ours.street
    return decisions, street


@pytest.mark.slow
def test_pokerkit_agrees_on_turns_and_limit_amounts_in_deep_stacked_hands():
    results = [play_hand(seed) for seed in range(HANDS)]
    assert sum(decisions for decisions, _ in results) > 5 * HANDS
    assert {street for _, street in results} == {3, 4, 5, 6, 7}
