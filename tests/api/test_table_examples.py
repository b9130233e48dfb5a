"""The table endpoints' wiring: each answers what the engine answers, and maps its refusals to 422 problems.

The reference's examples are asserted once, on the engine (tests/stud_family/test_reference_examples.py).
Here some of those tables go through POST /v1/bring-in, /v1/first-to-act, /v1/legal-actions and
/v1/table/state: each answer must be the engine's answer to the same table, written as the response
schema declares it. Every field of a request changes an answer or a refusal below if it does not
reach the engine.
"""

import json
from dataclasses import replace
from http import HTTPStatus

import pytest

from service.api.table import write_bring_in, write_first_to_act, write_legal_actions, write_whole_hand
from service.stud_family.betting import replay
from service.stud_family.bring_in import find_bring_in
from service.stud_family.errors import IllegalActionError, InputError
from service.stud_family.first_to_act import find_first_to_act
from service.stud_family.limits import Stakes
from service.stud_family.rules import resolve_rules
from service.stud_family.settlement import settle
from service.stud_family.why import SECTIONS
from tests.stud_family import reference_tables as examples
from tests.tables import STAKES, boards_in, bring_in_body, door_cards, first_to_act_body, table

from .table_helpers import PROBLEM, post_ok

SNAPSHOT_PATHS = ["/v1/legal-actions", "/v1/table/state"]


def as_json(answer):
    """An answer as JSON carries it (tuples as lists), written by the standard library rather than the service."""
    return json.loads(json.dumps(answer))


# -- answers: the engine's, written -------------------------------------------------------------------

@pytest.mark.parametrize("doors, stacks, stakes", [
    pytest.param(examples.DOORS4, None, STAKES, id="s1-example1"),
    pytest.param({1: "Qh", 2: "Qc", 3: "Js"}, None, None, id="s1-example2-without-stakes"),
    pytest.param(examples.ANTE_ALL_IN_DOORS, {3: 5}, {"ante": 5, "bring_in": 10, "small_bet": 40},
                 id="s1-example4-big-bet-omitted"),
])
def test_bring_in_answers_what_the_engine_finds(client, doors, stacks, stakes):
    found = find_bring_in(door_cards(doors, stacks), None if stakes is None else Stakes(**stakes))
    assert post_ok(client, "/v1/bring-in", bring_in_body(doors, stacks, stakes)) == as_json(write_bring_in(found))


def test_the_bring_in_answer_is_the_contracts_json(client):
    """The shape the README shows, written out: the comparisons above would pass with any writer."""
    assert post_ok(client, "/v1/bring-in", bring_in_body(examples.DOORS4, None, STAKES)) == {
        "seat": 3, "card": "Ks", "tie_broken_by_suit": True, "opener": 3, "amount": 10}


@pytest.mark.parametrize("street, boards, all_in, folded, rules, dealer_seat", [
    pytest.param(4, examples.TIED_BOARDS, (), (), None, None, id="s3-example1"),
    pytest.param(4, examples.TIED_BOARDS, (), (), examples.SUIT_TIE_BREAK, None, id="s3-example1-tie-by-suit"),
    pytest.param(4, examples.TIED_BOARDS, (), (), None, 1, id="s3-example1-position-after-seat-1"),
    pytest.param(7, examples.SIXTH_BOARDS, (6,), (), None, None, id="s3-example4-all-in"),
    pytest.param(5, {1: "2c", 2: "8s 5c Ad", 3: "9c 5d 2d"}, (), (1,), None, None, id="a-folded-low-door"),
])
def test_first_to_act_answers_what_the_engine_finds(client, street, boards, all_in, folded, rules, dealer_seat):
    found = find_first_to_act(street, boards_in(boards, all_in, folded), resolve_rules(rules), dealer_seat)
    body = first_to_act_body(street, boards, all_in, folded, rules, dealer_seat)
    assert post_ok(client, "/v1/first-to-act", body) == as_json(write_first_to_act(found))


WIRED = [
    pytest.param(examples.ANTE_ALL_IN, id="s1-example4-all-in-for-the-ante"),
    pytest.param(examples.SHORT_BRING_IN.then("s4 call", "s1 call", "s2 call"), id="s1-example5-side-pot"),
    pytest.param(replace(examples.CAPPED, rules={"preset": "wsop_cash"}), id="s2-example2-under-a-preset"),
    pytest.param(replace(examples.TIED_AFTER_THIRD, dealer_seat=1), id="s3-example1-position-after-seat-1"),
    pytest.param(examples.UNDER_HALF.then("s4 complete 160"), id="s4-example1-completed"),
    pytest.param(examples.ALL_IN_FOR_THREE, id="s4-example3-other-stakes"),
    pytest.param(replace(examples.DEALT_TO_SEVENTH, down={1: "As 2d 3d", 3: "Ah 6h 7s"}),
                 id="s9-betting-over-hands-known"),
    pytest.param(examples.FOLDED_TO_S4, id="s9-uncontested"),
]
"""Tables whose answers change when the stakes, the stacks, the rules (options or a preset), the dealer seat or
the down cards (for the table state) do not reach the engine."""


@pytest.mark.parametrize("description", WIRED)
def test_legal_actions_answers_the_replay(client, description):
    replayed = replay(description.snapshot())
    assert post_ok(client, "/v1/legal-actions", description.request_body()) == as_json(write_legal_actions(replayed))


@pytest.mark.parametrize("description", WIRED)
def test_table_state_answers_the_replay_its_pots_and_its_result(client, description):
    snapshot = description.snapshot()
    state = replay(snapshot)
    written = write_whole_hand(snapshot, state, settle(snapshot, state))
    assert post_ok(client, "/v1/table/state", description.request_body()) == as_json(written)


def test_a_legal_action_is_written_with_its_chips_and_a_fold_without_them(client):
    """``amount``, ``to`` and ``all_in`` are left out of a fold, not written as null."""
    short_call = replace(examples.FACING_A_BET, stacks={3: 60}).then("s2 call")
    answer = post_ok(client, "/v1/legal-actions", short_call.request_body())
    assert answer["legal_actions"] == [{"type": "fold"}, {"type": "call", "amount": 45, "to": 45, "all_in": True}]


# -- refusals: the engine's, as problems ------------------------------------------------------------------

REFUSED = [
    pytest.param(replace(examples.ANTE_ALL_IN, rules=examples.NO_FOLD).then("s4 fold"), "illegal-action",
                 id="s1-example4-no-fold-variant"),
    pytest.param(table(examples.DOORS4, "s3 bring_in", "s4 raise 20"), "illegal-action",
                 id="s2-example1-raise-to-twenty"),
    pytest.param(examples.CAPPED.then("s8 raise"), "illegal-action", id="s2-example2-capped"),
    pytest.param(table(examples.DOORS4, "s3 bring_in", "s4 complete 30"), "illegal-action",
                 id="an-amount-the-action-does-not-add"),
    pytest.param(examples.UNDER_HALF.then("s4 call", "s1 raise"), "illegal-action", id="s4-example1-not-reopened"),
    pytest.param(examples.FOLDED_TO_S4.then("s4 check"), "illegal-action", id="s9-uncontested"),
    pytest.param(table({1: "7c 2c", 2: "Kd 3d", 3: "Qd 4h"}, "s2 bring_in", "s3 fold", "s1 call"), "invalid-snapshot",
                 id="a-folded-player-shows-a-later-card"),
    pytest.param(table(examples.DOORS4, rules={"max_players": 3}), "invalid-snapshot", id="more-players-than-allowed"),
    pytest.param(table({1: "7c", 2: "Kd"}, community_card="2d"), "invalid-snapshot",
                 id="a-community-card-before-seventh"),
    pytest.param(table({1: "7c", 2: "Kd 2s"}, community_card="2s"), "duplicate-card",
                 id="a-community-card-dealt-twice"),
    pytest.param(table({1: "7c", 2: "Kd"}, down={1: "As Kd"}), "duplicate-card", id="a-down-card-dealt-twice"),
]
"""Tables the engine refuses, and the problem type of each; the amounts, the community card and, on
/v1/legal-actions, the down cards reach the engine if these are refused."""


@pytest.mark.parametrize("path", SNAPSHOT_PATHS)
@pytest.mark.parametrize("description, kind", REFUSED)
def test_a_refused_table_is_a_422_problem_naming_the_field(client, path, description, kind):
    with pytest.raises(InputError) as caught:
        replay(description.snapshot())
    response = client.post(path, json=description.request_body())
    assert (response.status_code, response.content_type) == (422, PROBLEM)
    cited = {}
    if isinstance(caught.value, IllegalActionError):
        citation = caught.value.citation
        cited = {"rule": citation.rule, "source": citation.source, "see": citation.see}
        assert cited["rule"] in SECTIONS and cited["source"]
    assert response.get_json() == {
        "type": f"https://razz.rules/problems/{kind}", "title": HTTPStatus(422).phrase, "status": 422,
        "detail": str(caught.value), "errors": {caught.value.path: [caught.value.message]}, **cited}


# -- who opens: one decision for both endpoints and the replay ------------------------------------------------

TWO_ALL_IN_DOORS = {1: "Kc", 3: "7d", 5: "2h"}
"""Seats 1 and 3 all-in from the ante, seat 5 the one live player with chips."""


def test_two_all_in_and_one_live_nobody_opens_3rd_street_at_either_endpoint(client):
    brought = post_ok(client, "/v1/bring-in", bring_in_body(TWO_ALL_IN_DOORS, {1: 5, 3: 5, 5: 1000}, STAKES))
    first = post_ok(client, "/v1/first-to-act?explain=true", first_to_act_body(3, TWO_ALL_IN_DOORS, all_in=(1, 3)))
    assert (brought["opener"], first["seat"], first["board_seat"]) == (None, None, 1)
    assert first["why"][-1]["text"] == ("seat 5 is the only live player who can act and the others are all-in: "
                                        "nobody bets")
    assert first["why"][-1]["rule"] == "§9"


def test_two_all_in_and_one_live_nobody_opens_4th_street(client):
    boards = {1: "Kc 9d", 3: "3d 2s", 5: "8h 7c"}
    first = post_ok(client, "/v1/first-to-act", first_to_act_body(4, boards, all_in=(1, 3)))
    assert (first["seat"], first["board_seat"]) == (None, 3)
    assert find_first_to_act(4, boards_in(boards, all_in=(3,))).seat == 5  # one all-in: the action passes on
