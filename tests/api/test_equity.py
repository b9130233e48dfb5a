"""POST /v1/equity over HTTP: the answer, its explanation, and every bad request as a problem naming its field."""

import re

import pytest

from service.stud_family.equity import EXACT_BUDGET, MOST_SAMPLES

HEADS_UP = [{"seat": 1, "up_cards": ["2h"], "down_cards": ["3h", "4h"]},
            {"seat": 2, "up_cards": ["5s"], "down_cards": ["6s", "7s"]}]
EIGHT_DOORS = [{"seat": seat, "up_cards": [card]} for seat, card in enumerate("Ac 2d 3h 4s 5c 6d 7h 8s".split(), 1)]


def test_heads_up_third_street_is_exact(client):
    response = client.post("/v1/equity", json={"players": HEADS_UP})
    assert response.status_code == 200
    assert response.headers["X-Razz-Rules"] == "standard; reference 2026-12"
    answer = response.get_json()
    assert answer["method"] == "exact" and answer["deals"] == 18_265_297_050
    assert "samples" not in answer and "seed" not in answer and "standard_error" not in answer
    assert [player["seat"] for player in answer["players"]] == [1, 2]
    assert round(answer["players"][0]["equity"], 3) == 0.552
    assert sum(player["equity"] for player in answer["players"]) == pytest.approx(1)


def test_explain_says_how_it_was_computed(client):
    why = client.post("/v1/equity?explain=true", json={"players": HEADS_UP}).get_json()["why"]
    assert [item["decision"] for item in why] == ["seventh_street_deal", "equity_method", "equity_ties"]
    assert "3,290,596 rank combinations" in why[1]["text"] and "18,265,297,050 equally likely deals" in why[1]["text"]
    sampled = client.post("/v1/equity?explain=true", json={"players": HEADS_UP, "method": "sample", "seed": 9})
    assert "20,000 deals sampled from seed 9" in sampled.get_json()["why"][1]["text"]


def test_eight_players_on_third_street_are_sampled_with_a_community_card(client):
    answer = client.post("/v1/equity?explain=true", json={"players": EIGHT_DOORS, "seed": 1}).get_json()
    assert answer["method"] == "sample" and answer["samples"] == 20_000 and answer["seed"] == 1
    assert answer["standard_error"] <= 0.005
    assert "community card" in answer["why"][0]["text"]
    assert f"past the budget of {EXACT_BUDGET:,}" in answer["why"][1]["text"]


def test_the_same_request_gives_the_same_bytes(client):
    body = {"players": EIGHT_DOORS, "method": "sample", "samples": 3000, "seed": 77}
    assert client.post("/v1/equity", json=body).data == client.post("/v1/equity", json=body).data


def problem(client, body, status=422):
    response = client.post("/v1/equity", json=body)
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.content_type == "application/problem+json"
    return response.get_json()


@pytest.mark.parametrize(("body", "kind", "field"), [
    ({"players": [HEADS_UP[0], {"seat": 2, "up_cards": ["2h"]}]}, "duplicate-card", "players[1].up_cards[0]"),
    ({"players": [HEADS_UP[0], {"seat": 2, "up_cards": ["5s"], "down_cards": ["3h"]}]}, "duplicate-card",
     "players[1].down_cards[0]"),
    ({"players": HEADS_UP, "dead_cards": ["Kd", "7s"]}, "duplicate-card", "dead_cards[1]"),
    ({"players": HEADS_UP, "dead_cards": ["Kd", "Kd"]}, "duplicate-card", "dead_cards[1]"),
    ({"players": [HEADS_UP[0], {"seat": 2, "up_cards": ["5s", "8c"]}]}, "invalid-snapshot", "players[1].up_cards"),
    ({"players": [HEADS_UP[0], {"seat": 2, "up_cards": ["5s"], "down_cards": ["6s", "7s", "8s", "9s"]}]},
     "invalid-snapshot", "players[1].down_cards"),
    ({"players": [HEADS_UP[0], {"seat": 2, "up_cards": ["5s"], "down_cards": ["6s", "7s", "8s"]}]},
     "invalid-snapshot", "players[1].down_cards"),
    ({"players": HEADS_UP[:1]}, "invalid-snapshot", "players"),
    ({"players": [HEADS_UP[0], {**HEADS_UP[1], "seat": 1}]}, "duplicate-seat", "players[1].seat"),
    ({"players": EIGHT_DOORS, "method": "exact"}, "over-budget", "method"),
    ({"players": HEADS_UP, "samples": MOST_SAMPLES + 1}, "validation-error", "samples"),
    ({"players": HEADS_UP, "dealt": [2, 2]}, "invalid-snapshot", "dealt"),
    ({"players": HEADS_UP, "dealt": [9]}, "validation-error", "dealt[0]"),
    ({"players": EIGHT_DOORS, "rules": {"max_players": 6}}, "invalid-snapshot", "players"),
])
def test_bad_requests_are_problems_naming_the_field(client, body, kind, field):
    found = problem(client, body)
    assert found["type"] == f"https://razz.rules/problems/{kind}"
    assert list(found["errors"]) == [field]


def test_exact_past_the_budget_names_the_count_and_the_budget(client):
    detail = problem(client, {"players": EIGHT_DOORS, "method": "exact"})["detail"]
    assert f"the budget is {EXACT_BUDGET:,}" in detail
    assert re.search(r"exact would enumerate up to \d{1,3}(,\d{3})+ rank combinations", detail)
