"""POST /v1/hands/rank and /v1/hands/compare through HTTP."""

import random

import pytest

from service.api.hands import best_texts, write_hand_result
from service.stud_family.cards import CARD_CODES
from service.stud_family.ranking import best_cards, evaluate

WHEEL_PLUS = ["As", "2c", "3d", "4h", "5s", "9c", "Kd"]


def rank(client, *hands):
    response = client.post("/v1/hands/rank", json={"hands": list(hands)})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["results"]


def test_rank_answers_each_hand_in_request_order(client):
    first, second = rank(client, ["As", "2d", "3c", "4h", "9s", "Kd", "Kc"], ["Ks", "Kh", "Qd", "Qc", "Js", "Jh", "Td"])
    assert first == {"best": ["9s", "4h", "3c", "2d", "As"], "category": "no_pair", "rank": 57,
                     "name": "9-4-3-2-A", "description": "nine-four low"}
    assert second["name"] == "J-J-K-Q-T" and second["best"] == ["Js", "Jh", "Ks", "Qd", "Td"]


@pytest.mark.parametrize("hand, rank_, name", [
    (WHEEL_PLUS, 1, "5-4-3-2-A"),
    (["Ks"], 13, "K"),
    (["Kc", "Qd"], 78, "K-Q"),
    (["Ac", "Ad"], 79, "A-A"),
    (["2c", "2d"], 80, "2-2"),
    (["Ks", "Kh", "Kd", "Kc", "Qs"], 6175, "K-K-K-K-Q"),
])
def test_rank_values_hands_of_any_size(client, hand, rank_, name):
    (result,) = rank(client, hand)
    assert (result["rank"], result["name"]) == (rank_, name)


def test_rank_accepts_a_thousand_hands_and_no_more(client):
    assert len(rank(client, *[WHEEL_PLUS] * 1000)) == 1000
    response = client.post("/v1/hands/rank", json={"hands": [WHEEL_PLUS] * 1001})
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"hands": ["holds 1001 items: at most 1000"]}


def test_rank_names_a_duplicate_card_and_its_hand(client):
    response = client.post("/v1/hands/rank", json={"hands": [WHEEL_PLUS, ["As", "2c", "As"]]})
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["type"] == "https://razz.rules/problems/duplicate-card"
    assert problem["errors"] == {"hands[1]": ["card As appears more than once"]}


@pytest.mark.parametrize("hands, path", [
    ([["As", "1c"]], "hands[0][1]"),
    ([[]], "hands[0]"),
    ([WHEEL_PLUS + ["6s"]], "hands[0]"),
    ([], "hands"),
    ("As", "hands"),
])
def test_rank_rejects_what_is_not_a_hand(client, hands, path):
    response = client.post("/v1/hands/rank", json={"hands": hands})
    assert response.status_code == 422
    assert path in response.get_json()["errors"]


def test_rank_names_every_bad_hand_after_good_ones(client):
    hands = [WHEEL_PLUS, ["As", "Xx"], WHEEL_PLUS, "As", [1]]
    response = client.post("/v1/hands/rank", json={"hands": hands})
    assert response.status_code == 422
    assert set(response.get_json()["errors"]) == {"hands[1][1]", "hands[3]", "hands[4][0]"}


def compare(client, players, community_card=None, status=200):
    body = {"players": [{"id": pid, "cards": cards.split()} for pid, cards in players]}
    if community_card:
        body["community_card"] = community_card
    response = client.post("/v1/hands/compare", json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def test_compare_orders_players_in_tie_groups(client):
    answer = compare(client, [("p1", "7s 5d 4c 3c Ad Qc Jc"), ("p2", "Ks Kh Qd Qs Js Jh Td"),
                              ("p3", "7h 5s 4d 3h Ac Kc 9d")])
    assert answer["order"] == [["p1", "p3"], ["p2"]]
    assert answer["winners"] == ["p1", "p3"]
    assert [result["id"] for result in answer["results"]] == ["p1", "p2", "p3"]
    assert answer["results"][0]["name"] == "7-5-4-3-A"


def test_compare_plays_the_community_card_in_every_hand(client):
    answer = compare(client, [("p1", "8s 6d 4c 3c Qc Jc"), ("p2", "7h 5s 4d 3h Kc 9d")], community_card="2c")
    assert answer["winners"] == ["p2"]
    assert answer["results"][0]["best"] == ["8s", "6d", "4c", "3c", "2c"]


@pytest.mark.parametrize("players, community, kind, path", [
    ([("p1", "As 2c"), ("p1", "3c 4c")], None, "duplicate-id", "players[1].id"),
    ([("p1", "As 2c"), ("p2", "3c As")], None, "duplicate-card", "players[1].cards[1]"),
    ([("p1", "As 2c"), ("p2", "3c 4c")], "2c", "duplicate-card", "players[0].cards[1]"),
    ([("p1", "As 2c"), ("p2", "3c 4c 5c")], None, "unequal-hands", "players[1].cards"),
    ([("p1", "As 2c 3c 4c 5c 6c 7c"), ("p2", "Ah 2h 3h 4h 5h 6h 7h")], "8c", "too-many-cards", "players[0].cards"),
])
def test_compare_names_the_broken_rule(client, players, community, kind, path):
    problem = compare(client, players, community, status=422)
    assert problem["type"] == f"https://razz.rules/problems/{kind}"
    assert list(problem["errors"]) == [path]
    assert problem["detail"].startswith(path)


def test_encoded_batch_results_equal_the_plain_ones(client):
    rng = random.Random(5)
    deck = list(CARD_CODES.values())
    texts = {code: text for text, code in CARD_CODES.items()}
    hands = [rng.sample(deck, rng.randint(1, 7)) for _ in range(1000)]
    response = client.post("/v1/hands/rank", json={"hands": [[texts[code] for code in hand] for hand in hands]})
    assert response.status_code == 200
    plain = [write_hand_result(evaluate(hand), best=best_texts(best_cards(hand))) for hand in hands]
    assert response.get_json()["results"] == plain
