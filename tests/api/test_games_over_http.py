"""The request's ``game`` on the table routes and scenarios, the rules headers that name it, and GET /v1/rules' games.

A request that leaves ``game`` out is a razz request, answered byte for byte as one naming razz; a game the service
does not play is a 422 naming the field.
"""

import pytest

from service.api.histories import EXAMPLE as HISTORY
from service.api.scenarios import SCENARIOS_EXAMPLE
from service.api.table import BRING_IN_EXAMPLE, FIRST_TO_ACT_EXAMPLE, SNAPSHOT_EXAMPLE
from service.stud_family.games import GAMES
from service.stud_family.rules import DEFAULT_LABEL

from .table_helpers import assert_field_problem

ROUTES = {
    "/v1/bring-in": BRING_IN_EXAMPLE,
    "/v1/first-to-act": FIRST_TO_ACT_EXAMPLE,
    "/v1/legal-actions": SNAPSHOT_EXAMPLE,
    "/v1/table/state": SNAPSHOT_EXAMPLE,
    "/v1/scenarios": {**SCENARIOS_EXAMPLE, "count": 10},
}
"""Each route whose request names a game here, with a razz body it accepts."""


@pytest.mark.parametrize("explain", ["false", "true"])
@pytest.mark.parametrize("path", list(ROUTES))
def test_a_request_without_a_game_is_answered_as_razz_byte_for_byte(client, path, explain):
    without = client.post(f"{path}?explain={explain}", json=ROUTES[path])
    named = client.post(f"{path}?explain={explain}", json={"game": "razz", **ROUTES[path]})
    assert without.status_code == named.status_code == 200, without.get_json()
    assert without.data == named.data


@pytest.mark.parametrize("path", list(ROUTES))
def test_a_game_the_service_does_not_play_is_refused_by_name(client, path):
    response = client.post(path, json={**ROUTES[path], "game": "poker"})
    body = assert_field_problem(response, "game", f"not one of {', '.join(GAMES)}: \"poker\"")
    assert body["type"] == "https://razz.rules/problems/validation-error"
    assert "X-Rules" not in response.headers and "X-Razz-Rules" not in response.headers


@pytest.mark.parametrize("game", [7, None, ["razz"], "Razz"])
def test_a_game_is_one_of_the_names(client, game):
    response = client.post("/v1/legal-actions", json={**SNAPSHOT_EXAMPLE, "game": game})
    assert_field_problem(response, "game")


@pytest.mark.parametrize("path", list(ROUTES))
def test_the_rules_header_names_the_game_and_razz_keeps_its_own(client, path):
    for body in (ROUTES[path], {"game": "razz", **ROUTES[path]}):
        response = client.post(path, json=body)
        assert response.headers["X-Rules"] == f"razz; {DEFAULT_LABEL}"
        assert response.headers["X-Razz-Rules"] == DEFAULT_LABEL


def test_the_rules_header_writes_the_rules_given_after_the_game(client):
    body = {**SNAPSHOT_EXAMPLE, "rules": {"max_raises_after_bet": 4, "preset": "tda_tournament"}}
    response = client.post("/v1/legal-actions", json=body)
    assert response.headers["X-Rules"] == "razz; tda_tournament, max_raises_after_bet=4; reference 2026-12"


def test_an_operation_without_a_game_answers_only_the_razz_header(client):
    response = client.post("/v1/hand-histories/check", json=HISTORY)
    assert response.status_code == 200, response.get_json()
    assert response.headers["X-Razz-Rules"] == DEFAULT_LABEL
    assert "X-Rules" not in response.headers


def test_the_contract_documents_the_game_and_its_header_where_a_request_names_one(client):
    contract = client.get("/openapi.json").get_json()
    for path in ROUTES:
        operation = contract["paths"][path]["post"]
        assert {"X-Rules", "X-Razz-Rules"} <= set(operation["responses"]["200"]["headers"]), path
        schema = operation["requestBody"]["content"]["application/json"]["schema"]
        name = schema["$ref"].rpartition("/")[2]
        game = contract["components"]["schemas"][name]["properties"]["game"]
        assert game["enum"] == list(GAMES) and "(default razz)" in game["description"], path


def test_scenarios_of_razz_are_written_as_razz_requests(client):
    answer = client.post("/v1/scenarios", json={**SCENARIOS_EXAMPLE, "game": "razz"}).get_json()
    assert all("game" not in scenario["snapshot"] for scenario in answer["scenarios"])


def test_the_catalogue_lists_every_game_and_keeps_razz_at_the_top(client):
    catalogue = client.get("/v1/rules").get_json()
    assert list(catalogue["games"]) == list(GAMES)
    razz = catalogue["games"]["razz"]
    assert razz["title"] == "Razz"
    assert razz["default_preset"] == catalogue["default_preset"] == "standard"
    assert razz["presets"] == catalogue["presets"]
    assert razz["options"] == catalogue["options"]


def test_each_games_presets_give_exactly_its_options(client):
    for name, game in client.get("/v1/rules").get_json()["games"].items():
        names = [option["name"] for option in game["options"]]
        assert game["default_preset"] in game["presets"], name
        for preset, values in game["presets"].items():
            assert list(values) == names, (name, preset)
        standard = game["presets"]["standard"]
        assert standard == {option["name"]: option["default"] for option in game["options"]}, name


def test_an_option_of_another_game_is_refused_naming_the_option_the_value_and_the_game(client):
    body = {**SNAPSHOT_EXAMPLE, "rules": {"hilo_same_winners": "by_halves"}}
    response = client.post("/v1/legal-actions", json=body)
    assert_field_problem(response, "rules.hilo_same_winners", "not an option of razz, only of stud8",
                         '"by_halves"')


def test_a_value_of_another_game_is_refused_naming_the_option_the_value_and_the_game(client):
    body = {**SNAPSHOT_EXAMPLE, "rules": {"fourth_street_open_pair": "double_bet_allowed"}}
    response = client.post("/v1/table/state", json=body)
    assert_field_problem(response, "rules.fourth_street_open_pair",
                         '"double_bet_allowed" is not a value of fourth_street_open_pair in razz (only in stud)')


def test_razz_takes_the_familys_name_of_the_open_pair_with_its_one_value(client):
    plain = client.post("/v1/legal-actions", json=SNAPSHOT_EXAMPLE)
    for rules in ({"fourth_street_open_pair": "never"}, {"fourth_street_double_on_pair": False}):
        response = client.post("/v1/legal-actions", json={**SNAPSHOT_EXAMPLE, "rules": rules})
        assert response.status_code == 200 and response.data == plain.data


def test_a_value_no_game_takes_is_the_schemas_refusal(client):
    response = client.post("/v1/first-to-act", json={**FIRST_TO_ACT_EXAMPLE, "rules": {"odd_chip_rule": "coin"}})
    assert_field_problem(response, "rules.odd_chip_rule", 'not one of', '"coin"')
