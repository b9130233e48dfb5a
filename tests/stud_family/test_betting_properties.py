"""Property tests: random tables, stacks and rules, replayed through random legal play."""

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from service.stud_family.betting import replay
from service.stud_family.cards import CARD_CODES
from service.stud_family.errors import SnapshotError
from service.stud_family.vocabulary import ACTION_TYPES
from tests.strategies import rules, stakes
from tests.tables import action_text, table

DECK = list(CARD_CODES)


@st.composite
def tables(draw):
    """Seats, stacks (some short enough to go all-in), a shuffled deck and a choice stream."""
    count = draw(st.integers(2, 8))
    seats = sorted(draw(st.lists(st.integers(1, 8), min_size=count, max_size=count, unique=True)))
    stacks = [draw(st.one_of(st.integers(1, 60), st.integers(100, 3000))) for _ in seats]
    deck = draw(st.permutations(DECK))
    dealer = draw(st.one_of(st.none(), st.integers(1, 8)))
    choices = draw(st.lists(st.integers(0, 10), min_size=80, max_size=80))
    return seats, stacks, deck, dealer, choices


def snapshot(seats, stacks, deck, shown, actions, the_rules, the_stakes, dealer):
    """The table with ``shown[i]`` up cards for player i, dealt from ``deck``, and the action texts played."""
    boards = {seat: " ".join(deck[4 * i:4 * i + shown[i]]) for i, seat in enumerate(seats)}
    return table(boards, *actions, stacks=dict(zip(seats, stacks, strict=True)), stakes=the_stakes, rules=the_rules,
                 dealer_seat=dealer).snapshot()


def rejected(snap):
    """Whether the replay refuses the snapshot."""
    try:
        replay(snap)
    except SnapshotError:
        return True
    return False


def check_invariants(state, stacks, the_rules):
    """Chips are conserved, the pot is what was committed and the cap holds (``the_rules`` as resolved)."""
    assert sum(p.stack + p.committed_total for p in state.players) == sum(stacks)
    assert state.pot == sum(p.committed_total for p in state.players)
    assert all(p.stack >= 0 and p.committed_street <= p.committed_total for p in state.players)
    if the_rules.heads_up_uncap == "never" and the_rules.raise_limit is not None:
        assert state.raises <= the_rules.raise_limit
    assert (state.to_act is None) == (state.phase != "betting") == (state.legal_actions == ())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def played(the_table, the_rules, the_stakes):
    """Random legal play: each state replayed on the way, with the choice that picks its action, the snapshot and
    the actions so far; in the betting phase the chosen action is played after the caller has looked."""
    seats, stacks, deck, dealer, choices = the_table
    shown = [1] * len(seats)
    actions: list[str] = []
    for choice in choices:
        snap = snapshot(seats, stacks, deck, shown, actions, the_rules, the_stakes, dealer)
        state = replay(snap)
        yield choice, snap, state, shown, actions
        if state.phase == "dealing":
            folded = {p.seat for p in state.players if p.folded}
            shown = [n + (seat not in folded) for n, seat in zip(shown, seats, strict=True)]
            continue
        if state.phase != "betting":
            return
        legal = state.legal_actions
        actions.append(action_text(state.to_act, legal[choice % len(legal)].type))


@given(tables(), rules(), stakes())
def test_random_legal_play_replays_and_keeps_the_invariants(the_table, the_rules, the_stakes):
    seats, stacks, deck, dealer, _ = the_table
    for choice, snap, state, shown, actions in played(the_table, the_rules, the_stakes):
        check_invariants(state, stacks, snap.rules)
        if state.phase != "betting":
            continue
        legal = state.legal_actions
        for action in legal:
            with_it = snapshot(seats, stacks, deck, shown,
                               actions + [action_text(state.to_act, action.type, action.amount)],
                               the_rules, the_stakes, dealer)
            replay(with_it)
        listed = {action.type for action in legal}
        unlisted = [kind for kind in ACTION_TYPES if kind not in listed]
        wrong = unlisted[choice % len(unlisted)]
        assert rejected(snapshot(seats, stacks, deck, shown, actions + [action_text(state.to_act, wrong)],
                                 the_rules, the_stakes, dealer))
        chosen = legal[choice % len(legal)]
        if chosen.amount is not None:
            assert rejected(snapshot(seats, stacks, deck, shown,
                                     actions + [action_text(state.to_act, chosen.type, chosen.amount + 1)],
                                     the_rules, the_stakes, dealer))
        other = next(seat for seat in seats if seat != state.to_act)
        assert rejected(snapshot(seats, stacks, deck, shown, actions + [action_text(other, chosen.type)],
                                 the_rules, the_stakes, dealer))
    event(f"ended on street {state.street} in phase {state.phase}")
    event(f"all-in players: {min(sum(p.all_in for p in state.players), 2)}")


def increased_since_it_acted(state, the_rules):
    """Whether the seat to act has not acted on the street (a bring-in counts as he is told), or someone completed,
    bet or raised since he last did: only an increase reopens the betting for a player who has acted (section 4;
    whether a short all-in reopens it is the per-player measure's, tests/stud_family/test_reopening.py has the rest)."""
    street = state.streets[-1]
    counted = {"call", "check", "complete", "bet", "raise"} | ({"bring_in"} if the_rules.bring_in_counts_as_acted
                                                               else set())
    last = max((index for index, action in enumerate(street.actions)
                if action.seat == state.to_act and action.type in counted), default=None)
    return last is None or any(action.type in {"complete", "bet", "raise"} for action in street.actions[last + 1:])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), rules(), stakes())
def test_a_player_who_has_acted_may_raise_only_after_an_increase_since(the_table, the_rules, the_stakes):
    increases = {"complete", "bet", "raise"}
    for _, snap, state, _, actions in played(the_table, the_rules, the_stakes):
        if state.phase != "betting":
            continue
        may_increase = any(action.type in increases for action in state.legal_actions)
        if may_increase:
            assert increased_since_it_acted(state, snap.rules), (actions, state.legal_actions)
