"""``?explain=true`` on every rules operation: the same answer plus ``why`` (and ``refused``), each decision cited.

Every family of rules vectors the suite holds is posted with and without ``explain``: the reference's
tables (tests/stud_family/reference_tables.py) to legal-actions and table/state, the doors and
boards to bring-in and first-to-act, the ranking vectors to rank and compare, the showdown examples
and the sample hand histories. Without ``explain`` (or with ``explain=false``) the bytes are the
answer's; with it the answer is unchanged but for the added fields.
"""

import json
import re

import pytest

from service.api.hands import COMPARE_EXAMPLE, RANK_EXAMPLE
from service.api.showdown import SHOWDOWN_EXAMPLE
from service.api.table import BRING_IN_EXAMPLE, FIRST_TO_ACT_EXAMPLE, SNAPSHOT_EXAMPLE, explain_whole_hand
from service.stud_family.betting import Replay
from service.stud_family.why import SECTIONS, Citation
from tests.histories.phh_texts import CHECK, SAMPLES, sample_text
from tests.stud_family import reference_tables as examples
from tests.stud_family.citations import SOURCE
from tests.tables import STAKES, Table, bring_in_body, first_to_act_body, table

from .table_helpers import PROBLEM

REFERENCE_TABLES = sorted((name, value) for name, value in vars(examples).items() if isinstance(value, Table))
"""Every table the reference's examples are built on."""

REQUESTS = [
    *[pytest.param(path, table.request_body(), id=f"{path}-{name}") for name, table in REFERENCE_TABLES
      for path in ("/v1/legal-actions", "/v1/table/state")],
    pytest.param("/v1/legal-actions", SNAPSHOT_EXAMPLE, id="legal-actions-example"),
    pytest.param("/v1/table/state", SNAPSHOT_EXAMPLE, id="table-state-example"),
    pytest.param("/v1/bring-in", BRING_IN_EXAMPLE, id="bring-in-example"),
    pytest.param("/v1/bring-in", bring_in_body(examples.DOORS4, None, STAKES), id="bring-in-s1-example1"),
    pytest.param("/v1/bring-in", bring_in_body({1: "Qh", 2: "Qc", 3: "Js"}, None, None), id="bring-in-s1-example2"),
    pytest.param("/v1/bring-in", bring_in_body(examples.ANTE_ALL_IN_DOORS, {3: 12}, STAKES), id="bring-in-short"),
    pytest.param("/v1/first-to-act", FIRST_TO_ACT_EXAMPLE, id="first-to-act-example"),
    pytest.param("/v1/first-to-act", first_to_act_body(4, examples.TIED_BOARDS, rules=examples.SUIT_TIE_BREAK),
                 id="first-to-act-s3-example1-by-suit"),
    pytest.param("/v1/first-to-act", first_to_act_body(7, examples.SIXTH_BOARDS, all_in=(6,)),
                 id="first-to-act-s3-example4-all-in"),
    pytest.param("/v1/first-to-act", first_to_act_body(3, examples.DOORS4), id="first-to-act-third-street"),
    pytest.param("/v1/hands/rank", RANK_EXAMPLE, id="rank-example"),
    pytest.param("/v1/hands/rank", {"hands": [hand.split() for hand in (
        "As 2c 3d 4h 5s 9c Kd", "Ks Kh Qd Qc Js Jh Td", "As Ah 2c 2d 3c 3h 4s", "As Ah Ad 2c 2d 2h 3c",
        "As Ah Ad Ac 2s 2h 2d", "Kd", "8c 4d 2h")]}, id="rank-s8-vectors"),
    pytest.param("/v1/hands/compare", COMPARE_EXAMPLE, id="compare-example"),
    pytest.param("/v1/hands/compare", {"players": [{"id": "pair", "cards": "2s 2h 5c 4d 3s".split()},
                                                   {"id": "king", "cards": "Ks Qh Jc Td 9s".split()}]},
                 id="compare-no-pair-beats-a-pair"),
    pytest.param("/v1/showdown", SHOWDOWN_EXAMPLE, id="showdown-example"),
    pytest.param("/v1/showdown", {"players": [
        {"seat": 1, "contributed": 50, "cards": "As 2c 3d 4h 5s Kc Kd".split()},
        {"seat": 2, "contributed": 120, "cards": "8s 7c 6d 4c 3h Qc Qd".split()},
        {"seat": 3, "contributed": 200, "cards": "7s 6c 4d 3c 2h Js Jd".split()},
        {"seat": 4, "contributed": 200, "cards": "9s 8c 7d 6h 5c Ts Td".split()}]}, id="showdown-s6-side-pots"),
    *[pytest.param(CHECK, {"format": "phh", "text": sample_text(number)}, id=f"history-{number}")
      for number in SAMPLES],
]


def post(client, path, body, query=""):
    """POST ``body`` to ``path`` with ``query``; the response."""
    return client.post(path + query, data=json.dumps(body), content_type="application/json")


def explanations(answer):
    """Every ``why`` of an answer: its own, or each checked hand's."""
    if "hands" in answer and isinstance(answer["hands"], list) and answer["hands"] and "index" in answer["hands"][0]:
        return [decision for hand in answer["hands"] for decision in hand["why"]]
    return answer["why"]


def without_explanations(answer):
    """The answer with the fields ``explain`` adds taken out."""
    stripped = {key: value for key, value in answer.items() if key not in ("why", "refused")}
    if "summary" in answer:
        stripped["hands"] = [{key: value for key, value in hand.items() if key != "why"} for hand in answer["hands"]]
    return stripped


@pytest.mark.parametrize("path, body", REQUESTS)
def test_explained_answers_are_the_answer_plus_cited_decisions(client, path, body):
    plain = post(client, path, body)
    assert post(client, path, body, "?explain=false").get_data() == plain.get_data()
    explained = post(client, path, body, "?explain=true")
    assert explained.status_code == plain.status_code
    assert explained.headers["X-Razz-Rules"] == plain.headers["X-Razz-Rules"]
    if plain.status_code != 200:
        assert explained.get_data() == plain.get_data()
        return
    answer = explained.get_json()
    assert without_explanations(answer) == plain.get_json()
    why = explanations(answer)
    assert why
    for decision in why:
        assert decision["rule"] in SECTIONS and SOURCE.fullmatch(decision["source"]), decision
        assert decision["see"] == Citation(decision["rule"], decision["source"]).see, decision
    for refused in answer.get("refused", []):
        assert refused["rule"] in SECTIONS and SOURCE.fullmatch(refused["source"]) and refused["text"], refused
        assert refused["see"] == Citation(refused["rule"], refused["source"]).see, refused


def test_the_families_together_make_every_kind_of_decision(client):
    """Each decision the issue names is made somewhere in the vectors."""
    made = set()
    for param in REQUESTS:
        path, body = param.values
        response = post(client, path, body, "?explain=true")
        if response.status_code == 200:
            made |= {decision["decision"] for decision in explanations(response.get_json())}
    assert made >= {"bring_in_seat", "bring_in_tie_break", "opener", "bring_in_amount", "first_to_act",
                    "first_to_act_tie_break", "phase", "legal_action", "cap", "short_all_in", "pot", "odd_chip",
                    "show_order", "best_five", "tie", "order", "seventh_street_deal"}


def test_a_refused_action_names_its_rule_in_the_problem_and_the_same_with_explain(client):
    body = examples.CAPPED.then("s8 raise").request_body()
    for query in ("", "?explain=true"):
        response = post(client, "/v1/legal-actions", body, query)
        assert (response.status_code, response.content_type) == (422, PROBLEM)
        problem = response.get_json()
        assert (problem["rule"], problem["source"]) == ("§2", "RRoP Betting & Raising 3")
        assert problem["detail"] == ("actions[5]: seat 8 may not raise: the betting is capped: a bet and 3 raises on "
                                     "3rd street")


def test_a_history_hand_refused_says_which_rule_refused_it(client):
    text = sample_text("20")
    fields = text.splitlines()
    entry = next(index for index, line in enumerate(fields) if re.search(r"'p\d cbr \d+'", line))
    fields[entry] = re.sub(r"cbr (\d+)", lambda found: f"cbr {int(found[1]) + 1}", fields[entry], count=1)
    answer = post(client, CHECK, {"format": "phh", "text": "\n".join(fields)}, "?explain=true").get_json()
    hand = answer["hands"][0]
    assert not hand["valid"]
    assert hand["why"] == [{"decision": "illegal_action", "rule": "§4", "source": "BARGE Razz",
                            "see": "/v1/rules/reference#razz-4-barge-razz", "text": hand["error"]["detail"]}]


@pytest.mark.parametrize("query", ["explain=1", "explain=yes", "explain=TRUE", "explain=", "explain=" + "x" * 5000,
                                   "explain=true&explain=false"])
def test_an_explain_that_is_not_one_true_or_false_is_a_422_naming_it(client, query):
    response = post(client, "/v1/hands/rank", RANK_EXAMPLE, f"?{query}")
    assert (response.status_code, response.content_type) == (422, PROBLEM)
    problem = response.get_json()
    assert list(problem["errors"]) == ["explain"] and len(problem["detail"]) < 100


def test_a_body_that_is_not_json_is_named_before_a_bad_explain(client):
    response = client.post("/v1/hands/rank?explain=maybe", data=b"{not json", content_type="application/json")
    assert (response.status_code, response.content_type) == (400, PROBLEM)


EIGHT_SIXTH_STREET_BOARDS = {seat: " ".join(cards) for seat, cards in enumerate(
    (["As", "2s", "3s", "4s"], ["Ah", "2h", "3h", "4h"], ["Ad", "2d", "3d", "4d"], ["Ac", "2c", "3c", "4c"],
     ["5s", "6s", "7s", "8s"], ["5h", "6h", "7h", "8h"], ["5d", "6d", "7d", "8d"], ["5c", "6c", "7c", "8c"]), 1)}
"""Eight live boards on 6th street: 7th street can only be a community card."""


@pytest.mark.parametrize(("boards", "folded", "rule", "says"), [
    (EIGHT_SIXTH_STREET_BOARDS, (), "§3 TDA 2024 RP-10H-D", "7th street is one community card, in every hand"),
    (EIGHT_SIXTH_STREET_BOARDS, (8,), "§3 reference default",
     "7th street's card is dealt face down, or as one community card when the deck runs short"),
    (examples.SIXTH_BOARDS, (), "§3 reference default",
     "7th street's card is dealt face down, or as one community card when the deck runs short"),
])
def test_first_to_act_on_7th_street_says_how_7th_is_dealt_only_as_far_as_the_request_shows(
        client, boards, folded, rule, says):
    body = first_to_act_body(7, boards, folded=folded)
    why = {entry["decision"]: entry for entry in post(client, "/v1/first-to-act", body, "?explain=true")
           .get_json()["why"]}["seventh_street"]
    assert f"{why['rule']} {why['source']}" == rule
    assert why["text"].startswith(says + ":")


@pytest.mark.parametrize(("snapshot", "rule", "text"), [
    (examples.UNDER_HALF, "§4 WSOP-L 129", "the increase here completes the short all-in"),
    (table({1: "7c", 2: "Kd"}, "s2 bring_in"), "§2 RRoP Stud 3", "the increase here is a complete"),
])
def test_a_bet_or_raise_refused_where_a_complete_is_due_cites_the_completion_it_is(client, snapshot, rule, text):
    answer = post(client, "/v1/legal-actions", snapshot.request_body(), "?explain=true").get_json()
    refused = {entry["type"]: entry for entry in answer["refused"]}
    for kind in ("bet", "raise"):
        assert (f"{refused[kind]['rule']} {refused[kind]['source']}", refused[kind]["text"]) == (rule, text)


def test_other_query_parameters_leave_the_answer_alone(client):
    plain = post(client, "/v1/bring-in", BRING_IN_EXAMPLE)
    assert post(client, "/v1/bring-in", BRING_IN_EXAMPLE, "?trace=1").get_data() == plain.get_data()


def test_a_hand_already_replayed_is_explained_without_a_second_replay_as_its_snapshot_is():
    # Seat 3 bets 7th street and seat 1 calls: the showdown's decisions follow the replay's.
    hand = table({1: "Kh 8d 7c 6s", 3: "2h 3c 4s 5d"}, "s1 bring_in", "s3 call", "s3 check", "s1 check", "s3 check",
                 "s1 check", "s3 check", "s1 check", "s3 bet", "s1 call",
                 down={1: "Ks Kd Qc", 3: "Ah 6d 9c"})
    snapshot = hand.snapshot()
    played = Replay(snapshot)
    for action in snapshot.actions:
        played.play(action)
    assert explain_whole_hand(snapshot, played) == explain_whole_hand(snapshot)
    assert explain_whole_hand(snapshot).why[-1].decision == "show_order"
