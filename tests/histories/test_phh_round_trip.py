"""Property: a random legal hand, written as PHH by the service's writer and checked, is the hand it was.

Hands are played through the engine: at each turn one of ``replay``'s legal actions is taken (as
tests/stud_family/test_betting_properties.py plays them), the next street's up card is dealt when the
replay waits for it, and a hand over before 7th street is dealt out. Tables, stacks (some short
enough to go all-in), stakes and rules are random. The text ``phh.write`` makes of the hand is
posted to the check with the same rules: it must be valid, amount to the same snapshot (players by
seat, stakes, action types and the chips the engine computed) and answer what /v1/table/state
answers for the original. A hand's id and its players' names, written by the same writer, must
come back as written.
"""

import tomllib

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from service.app import create_app
from service.histories.phh import write
from service.stud_family.betting import replay
from service.stud_family.settlement import settle
from service.stud_family.vocabulary import INCREASES
from tests.played_hands import Hand, deals, play
from tests.strategies import rules, stakes
from tests.tables import action, player, snapshot_of

from .phh_texts import check_one, sample_text, table_state

CLIENT = create_app({"TESTING": True}).test_client()
"""One client for every example: hypothesis does not reset a function-scoped fixture between them, and the app keeps
nothing between requests."""


def players_by_seat(players):
    """A snapshot body's players as {seat: (stack, up cards, down cards, mucked)}."""
    return {player["seat"]: (player["stack"], player["up_cards"], player.get("down_cards", []),
                             player.get("mucked", False)) for player in players}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(deals(), rules(), stakes())
def test_a_random_legal_hand_written_as_phh_checks_as_the_same_hand(deal, the_rules, the_stakes):
    client = CLIENT
    seats, stacks, deck, dealer, choices, mucks = deal
    hand = Hand(seats, stacks, deck, dealer, the_rules, the_stakes)
    state, original = play(hand, choices, mucks)
    snapshot = original.snapshot()
    result = settle(snapshot, state)
    assert result is not None  # every live hand's cards are known: the hand is decided
    text = write(snapshot, state, result)

    checked = check_one(client, text, rules=the_rules)
    assert checked["valid"], (checked["error"], text)
    assert checked["agrees"] is True, (checked["discrepancies"], text)
    body = original.request_body()
    got = checked["snapshot"]
    assert got["stakes"] == body["stakes"]
    assert players_by_seat(got["players"]) == players_by_seat(body["players"])
    assert got.get("community_card") == body.get("community_card")
    engine = [action for street in state.streets for action in street.actions]
    assert [(action["seat"], action["type"]) for action in got["actions"]] == [
        (action.seat, action.type) for action in engine]
    for written, computed in zip(got["actions"], engine, strict=True):
        if computed.type in INCREASES:
            assert written["amount"] == computed.amount, (written, computed)
        else:
            assert written.get("amount") in (None, computed.amount), (written, computed)
    assert checked["state"] == table_state(client, body)
    event(f"street {state.street}, {state.phase}, {sum(not player.folded for player in state.players)} live")
    event(f"community card: {snapshot.community_card is not None}; mucks: {bool(hand.mucked)}")


NAMES = st.one_of(st.none(), st.text(max_size=12), st.sampled_from(['Phil "the Unabomber" Laak', "C:\\razz", "Émile"]))
"""Player names as a history may hold them: quotes, backslashes, control characters, any script."""


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.none(), st.text(max_size=20)), st.lists(NAMES, min_size=5, max_size=5))
def test_a_hands_id_and_names_written_as_phh_are_read_back(hand_id, names):
    """Hand 24 (known to check) written with any id and player names: they come back as written."""
    client = CLIENT
    fields = tomllib.loads(sample_text("24"))
    checked = check_one(client, sample_text("24"))
    body = checked["snapshot"]
    snapshot = snapshot_of([player(p["seat"], " ".join(p["up_cards"]), p["stack"], " ".join(p["down_cards"]),
                                   p.get("mucked", False)) for p in body["players"]],
                           [action(a["seat"], a["type"], a.get("amount")) for a in body["actions"]], body["stakes"])
    state = replay(snapshot)
    text = write(snapshot, state, settle(snapshot, state), hand_id, names)
    again = check_one(client, text)
    assert again["valid"], (again["error"], text)
    assert (again["id"], again["snapshot"], again["state"]) == (hand_id, body, checked["state"])
    assert again["agrees"] is True and fields["finishing_stacks"] == [
        share["amount"] for share in again["recorded"]["amounts"]]
    if any(names):
        assert tomllib.loads(again["phh"])["players"] == [name or "" for name in names]
