"""Hands a rules expert worked out from the reference before reading the service's answer, posted as written.

Each request is one line of JSON, as the expert sent it, or one built the same way to show the
same fault; each test asserts the answer the rules reference gives (sections 4 and 5 and their
rulings of 2026-12, and the sentences of ``?explain=true``, which must say what decided).
"""

import json

from .table_helpers import PROBLEM, legal, post_ok

REOPENED_PER_PLAYER = json.loads(
    '{"stakes":{"ante":5,"bring_in":10,"small_bet":40,"big_bet":80},"players":[{"seat":1,"stack":1000,"up_cards":'
    '["2c","3c"]},{"seat":2,"stack":65,"up_cards":["5d","6d"]},{"seat":3,"stack":1000,"up_cards":["Ks","9h"]},'
    '{"seat":4,"stack":80,"up_cards":["Qd","Jd"]},{"seat":5,"stack":1000,"up_cards":["Th","8c"]}],"actions":['
    '{"seat":3,"type":"bring_in"},{"seat":4,"type":"call"},{"seat":5,"type":"call"},{"seat":1,"type":"call"},'
    '{"seat":2,"type":"call"},{"seat":1,"type":"bet"},{"seat":2,"type":"raise"},{"seat":3,"type":"call"},'
    '{"seat":4,"type":"complete"},{"seat":5,"type":"call"},{"seat":1,"type":"call"}]}')
"""4th street: s1 bets 40, s2 is all-in for 50, s3 calls 50, s4 is all-in for 65, s5 and s1 call; s3 is to act."""


def why_texts(answer, decision):
    """The sentences of one kind of decision in an explained answer."""
    return [why["text"] for why in answer["why"] if why["decision"] == decision]


# -- 1. reopening is judged per player (section 4, test vector 5) -------------------------------------------

def test_the_caller_of_fifty_facing_fifteen_more_may_not_raise(client):
    answer = post_ok(client, "/v1/legal-actions?explain=true", REOPENED_PER_PLAYER)
    assert (answer["to_act"], legal(answer)) == (3, ["fold", "call 65"])
    (raise_refused,) = [refused for refused in answer["refused"] if refused["type"] == "raise"]
    assert raise_refused == {"type": "raise", "rule": "§4", "source": "TDA 47", "text": (
        "it has acted, matching 50, and faces only 15 more, under half a bet of 40: the full bet or raise since does "
        "not reopen the betting for it")}


def test_the_raise_by_the_caller_is_a_422_citing_tda_47(client):
    body = REOPENED_PER_PLAYER | {"actions": [*REOPENED_PER_PLAYER["actions"], {"seat": 3, "type": "raise"}]}
    response = client.post("/v1/table/state", json=body)
    assert (response.status_code, response.content_type) == (422, PROBLEM)
    problem = response.get_json()
    assert (problem["type"], problem["rule"], problem["source"]) == (
        "https://razz.rules/problems/illegal-action", "§4", "TDA 47")
    assert problem["detail"].startswith("actions[11]: seat 3 may not raise: it has acted, matching 50")


def test_everyone_reopens_him_as_before(client):
    body = REOPENED_PER_PLAYER | {"rules": {"short_allin_reopens": "everyone"}}
    assert legal(post_ok(client, "/v1/legal-actions", body)) == ["fold", "call 65", "raise 105"]


def test_the_bettor_facing_twenty_five_more_is_reopened(client):
    body = REOPENED_PER_PLAYER | {"actions": REOPENED_PER_PLAYER["actions"][:-1]}
    answer = post_ok(client, "/v1/legal-actions?explain=true", body)
    assert (answer["to_act"], legal(answer)) == (1, ["fold", "call 65", "raise 105"])
    assert why_texts(answer, "short_all_in")[-1].endswith(
        "at least half, so it counts as a full bet or raise: the level is 65, and it reopens the betting for a player "
        "who has acted only if he faces at least half a bet more than he matched (short_allin_reopens per_player)")


def test_the_option_is_listed_with_its_values(client):
    options = {option["name"]: option for option in client.get("/v1/rules").get_json()["options"]}
    assert options["short_allin_reopens"]["values"] == ["per_player", "everyone"]
    assert options["short_allin_reopens"]["default"] == "per_player"
