"""POST /v1/equity for stud and stud8: each game's answer, its explanation, its budget and bad requests."""

import pytest

from service.stud_family.equity import STUD_EXACT_BYTES, STUD_EXACT_UNITS

FIFTH = [{"seat": 1, "up_cards": ["Kd", "7c", "7h"], "down_cards": ["Ah", "2s"]},
         {"seat": 6, "up_cards": ["6c", "Qd", "3d"], "down_cards": ["4c", "5c"]}]
THIRD = [{"seat": 1, "up_cards": ["Kd"], "down_cards": ["Ah", "2s"]},
         {"seat": 6, "up_cards": ["6c"], "down_cards": ["4c", "5c"]}]


def post(client, body, query=""):
    response = client.post(f"/v1/equity{query}", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_stud_answers_as_razz(client):
    answer = post(client, {"game": "stud", "players": FIFTH})
    assert answer["method"] == "exact" and answer["deals"] == 671_580
    assert [sorted(player) for player in answer["players"]] == [["equity", "seat", "tie", "win"]] * 2
    assert round(answer["players"][0]["equity"], 4) == 0.6259
    assert sum(player["equity"] for player in answer["players"]) == pytest.approx(1)


def test_stud8_answers_each_half_the_scoop_and_the_share(client):
    answer = post(client, {"game": "stud8", "players": FIFTH})
    assert answer["method"] == "exact" and answer["deals"] == 671_580
    first, second = answer["players"]
    assert list(first) == ["seat", "high", "low", "scoop", "equity"] and first["seat"] == 1
    assert round(first["equity"], 4) == 0.5236 and round(first["high"]["win"], 4) == 0.6259
    assert round(first["low"]["win"], 4) == 0.0741 and round(second["low"]["win"], 4) == 0.4801
    assert first["equity"] + second["equity"] == pytest.approx(1)
    assert first["scoop"] <= first["high"]["win"]


def test_razz_is_answered_as_it_was_without_a_game(client):
    razz = [{"seat": 1, "up_cards": ["2h"], "down_cards": ["3h", "4h"]},
            {"seat": 2, "up_cards": ["5s"], "down_cards": ["6s", "7s"]}]
    assert client.post("/v1/equity", json={"players": razz}).data == client.post(
        "/v1/equity", json={"game": "razz", "players": razz}).data


def test_explain_says_what_the_count_took_and_how_the_pot_is_halved(client):
    why = post(client, {"game": "stud8", "players": FIFTH}, "?explain=true")["why"]
    assert [item["decision"] for item in why] == ["seventh_street_deal", "equity_method", "equity_ties"]
    assert "671,580 equally likely completions" in why[1]["text"] and "3,789 work units" in why[1]["text"]
    assert why[2]["source"] == "TDA 20C" and "no qualifying low" in why[2]["text"]


def test_heads_up_third_street_stud8_is_sampled_never_counted(client):
    answer = post(client, {"game": "stud8", "players": THIRD, "seed": 4}, "?explain=true")
    assert answer["method"] == "sample" and answer["samples"] == 20_000 and answer["standard_error"] < 0.005
    assert "past the budget" in answer["why"][1]["text"]
    refused = client.post("/v1/equity", json={"game": "stud8", "players": THIRD, "method": "exact"})
    assert refused.status_code == 422
    problem = refused.get_json()
    assert problem["type"].endswith("/over-budget") and list(problem["errors"]) == ["method"]
    assert f"the budget is {STUD_EXACT_UNITS:,} units and {STUD_EXACT_BYTES >> 20} MB" in problem["detail"]


def test_the_same_request_gives_the_same_bytes(client):
    body = {"game": "stud", "players": THIRD, "method": "sample", "samples": 3000, "seed": 77}
    assert client.post("/v1/equity", json=body).data == client.post("/v1/equity", json=body).data


@pytest.mark.parametrize("game", ["stud", "stud8"])
@pytest.mark.parametrize(("body", "kind", "field"), [
    ({"players": [FIFTH[0], {"seat": 2, "up_cards": ["Kd", "8c", "9c"]}]}, "duplicate-card", "players[1].up_cards[0]"),
    ({"players": FIFTH, "dead_cards": ["Kh", "Kh"]}, "duplicate-card", "dead_cards[1]"),
    ({"players": [FIFTH[0], {"seat": 2, "up_cards": ["8c", "9c"]}]}, "invalid-snapshot", "players[1].up_cards"),
    ({"players": FIFTH[:1]}, "invalid-snapshot", "players"),
    ({"players": [FIFTH[0], {**FIFTH[1], "seat": 1}]}, "duplicate-seat", "players[1].seat"),
    ({"players": FIFTH, "dealt": [2]}, "invalid-snapshot", "dealt"),
    ({"players": FIFTH, "samples": 0}, "validation-error", "samples"),
])
def test_bad_requests_are_problems_naming_the_field(client, game, body, kind, field):
    response = client.post("/v1/equity", json={"game": game, **body})
    assert response.status_code == 422, response.get_json()
    found = response.get_json()
    assert found["type"] == f"https://razz.rules/problems/{kind}"
    assert list(found["errors"]) == [field]


def test_a_game_not_played_is_named(client):
    response = client.post("/v1/equity", json={"game": "holdem", "players": FIFTH})
    assert response.status_code == 422 and list(response.get_json()["errors"]) == ["game"]
