"""One style for every answer: problems compact as answers are, in RFC 9457's order, ASCII only; every answer of
a rules endpoint names its rules in X-Razz-Rules."""

import json

import pytest

from service.api.histories import EXAMPLE as HISTORY
from service.api.table import SNAPSHOT_EXAMPLE
from service.problems import problem_json, status_title
from service.stud_family.rules import DEFAULT_LABEL, REFERENCE_VERSION, rules_label

from .table_helpers import PROBLEM

SEVEN = ["7s", "5d", "4c", "3c", "Ad", "Qc", "Jc"]
BODIES = {
    "/v1/hands/rank": {"hands": [SEVEN]},
    "/v1/hands/compare": {"players": [{"id": "p1", "cards": SEVEN},
                                      {"id": "p2", "cards": ["7h", "5s", "4d", "3h", "Ac", "Ks", "9d"]}]},
    "/v1/showdown": {"players": [{"seat": 2, "contributed": 55, "cards": SEVEN},
                                 {"seat": 6, "contributed": 55, "cards": ["7h", "5s", "4d", "3h", "Ac", "Ks", "9d"]}]},
    "/v1/bring-in": {"players": [{"seat": 1, "door_card": "7c"}, {"seat": 3, "door_card": "Ks"}]},
    "/v1/first-to-act": {"street": 4, "players": [{"seat": 1, "up_cards": ["6d", "2c"]},
                                                  {"seat": 3, "up_cards": ["6s", "2h"]}]},
    "/v1/legal-actions": {key: value for key, value in SNAPSHOT_EXAMPLE.items() if key != "rules"},
    "/v1/table/state": {key: value for key, value in SNAPSHOT_EXAMPLE.items() if key != "rules"},
    "/v1/hand-histories/check": HISTORY,
}
"""A body each rules endpoint accepts, without rules."""

TAKES_RULES = ["/v1/showdown", "/v1/first-to-act", "/v1/legal-actions", "/v1/table/state", "/v1/hand-histories/check"]


def test_a_problem_is_compact_json_in_rfc_9457_order():
    body = problem_json(422, "validation-error", "players: wrong", {"players": ["wrong"], "b": ["also"]})
    assert body == (b'{"type":"https://razz.rules/problems/validation-error","title":"Unprocessable Entity",'
                    b'"status":422,"detail":"players: wrong","errors":{"players":["wrong"],"b":["also"]}}')


def test_a_problem_writes_what_a_caller_sent_as_ascii_escapes():
    body = problem_json(422, "validation-error", 'id "\u00e9\U0001f0a1\u2028</script>" is used')
    assert body.isascii()
    assert json.loads(body)["detail"] == 'id "\u00e9\U0001f0a1\u2028</script>" is used'


def test_the_app_writes_its_problems_compactly(client):
    response = client.post("/v1/hands/rank", json={"hands": [["As", "Zz"]], "extra": "\u00e9"})
    assert response.content_type == PROBLEM
    assert response.data.startswith(b'{"type":"https://razz.rules/problems/invalid-card","title":')
    assert b'": ' not in response.data and b'", "' not in response.data


def test_413_is_titled_in_rfc_9110s_words():
    assert status_title(413) == "Content Too Large"
    assert status_title(422) == "Unprocessable Entity"


def test_the_apps_413_has_the_rfc_9110_title_and_status_line():
    from service.app import create_app

    client = create_app({"MAX_CONTENT_LENGTH": 10}).test_client()
    response = client.post("/v1/hands/rank", json=BODIES["/v1/hands/rank"])
    assert response.status == "413 Content Too Large"
    assert response.get_json()["title"] == "Content Too Large"


@pytest.mark.parametrize("path", list(BODIES))
def test_every_rules_endpoint_names_the_default_rules(client, path):
    response = client.post(path, json=BODIES[path])
    assert response.status_code == 200, response.get_json()
    assert response.headers["X-Razz-Rules"] == f"standard; reference {REFERENCE_VERSION}" == DEFAULT_LABEL


@pytest.mark.parametrize("path", TAKES_RULES)
def test_every_rules_endpoint_names_the_rules_given(client, path):
    rules = {"max_raises_after_bet": 4, "preset": "tda_tournament"}
    response = client.post(path, json={**BODIES[path], "rules": rules})
    assert response.status_code == 200, response.get_json()
    assert response.headers["X-Razz-Rules"] == "tda_tournament, max_raises_after_bet=4; reference 2026-12"


@pytest.mark.parametrize("path", TAKES_RULES)
def test_an_empty_rules_object_is_the_defaults(client, path):
    response = client.post(path, json={**BODIES[path], "rules": {}})
    assert response.headers["X-Razz-Rules"] == DEFAULT_LABEL


def test_a_problem_the_rules_find_names_the_rules_too(client):
    body = {**BODIES["/v1/legal-actions"], "rules": {"fold_when_no_bet": True},
            "actions": [{"seat": 4, "type": "raise"}]}
    response = client.post("/v1/legal-actions", json=body)
    assert response.status_code == 422
    assert response.headers["X-Razz-Rules"] == "standard, fold_when_no_bet=true; reference 2026-12"


def test_a_body_refused_before_its_rules_are_read_names_none(client):
    assert "X-Razz-Rules" not in client.post("/v1/legal-actions", json={"rules": {"preset": "x"}}).headers
    assert "X-Razz-Rules" not in client.get("/v1/rules").headers


def test_options_are_named_in_the_rules_order_whatever_the_request_order():
    label = "wsop_cash, max_raises_after_bet=unlimited, odd_chip_rule=seat_order, max_players=6; reference 2026-12"
    assert rules_label({"max_players": 6, "odd_chip_rule": "seat_order", "preset": "wsop_cash",
                        "max_raises_after_bet": "unlimited"}) == label
    assert rules_label({"preset": "wsop_cash", "max_raises_after_bet": "unlimited", "odd_chip_rule": "seat_order",
                        "max_players": 6}) == label


def test_the_contract_declares_the_header_on_every_rules_operation(app):
    paths = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()["paths"]
    for path in BODIES:
        assert "X-Razz-Rules" in paths[path]["post"]["responses"]["200"]["headers"], path
