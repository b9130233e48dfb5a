"""POST /v1/hands/rank and /v1/hands/compare in stud and stud/8 through HTTP: stud-rules.md section 8's vectors,
whole batches against the core evaluators, and bad input as razz's."""

import random

import pytest

from service.stud_family.cards import CARD_CODES, CARD_TEXT, parse_cards
from service.stud_family.eight_or_better import EIGHT_OR_BETTER_LOW
from service.stud_family.high_ranking import STUD_HIGH

DECK = list(CARD_CODES)


def rank(client, game, *hands, explain=False):
    response = client.post("/v1/hands/rank" + ("?explain=true" if explain else ""),
                           json={"game": game, "hands": [hand.split() for hand in hands]})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def written(evaluator, hand):
    """What the core says of a hand, as the answer writes it (None: no qualifying low)."""
    codes = parse_cards(hand)
    value = evaluator.evaluate(codes)
    if value is None:
        return None
    return {"best": [CARD_TEXT[code] for code in evaluator.best_cards(codes)], "category": value.category,
            "rank": value.rank, "name": value.name, "description": value.description}


@pytest.mark.parametrize("hand, place", [
    ("As Ks Qs Js Ts", 1), ("5h 4h 3h 2h Ah", 10), ("As Ah Ad Ac Ks", 11), ("2s 2h 2d 2c 3s", 166),
    ("As Ah Ad Ks Kh", 167), ("As Ks Qs Js 9s", 323), ("7s 5s 4s 3s 2s", 1599), ("As Kd Qh Jc Ts", 1600),
    ("5s 4d 3h 2c As", 1609), ("As Ah Ad Ks Qh", 1610), ("As Ah Kd Kc Qs", 2468), ("As Ah Kd Qc Js", 3326),
    ("As Kd Qh Jc 9s", 6186), ("7s 5d 4h 3c 2s", 7462),
])
def test_stud_section_8_vector_1_five_card_places(client, hand, place):
    (result,) = rank(client, "stud", hand)["results"]
    assert result["rank"] == place
    assert result == written(STUD_HIGH, hand.split())


@pytest.mark.parametrize("board, place", [
    ("As", 1), ("2c", 13), ("As Ah", 1), ("As Kd", 14), ("3s 2d", 91), ("As Ah Kc", 14), ("As Ah Kd Kc", 170),
    ("As Ah Kd Qc", 248), ("As Kd Qh Jc", 1106), ("5s 4d 3h 2c", 1820),
])
def test_stud_section_8_vector_2_boards_among_boards_of_as_many(client, board, place):
    (result,) = rank(client, "stud", board)["results"]
    assert result["rank"] == place and result["best"] == board.split()


def test_stud_best_and_name_in_high_order(client):
    wheel, flush = rank(client, "stud", "As 2c 3d 4h 5s 9c Kd", "9h Kh 2h 7h Ah Ac Ad")["results"]
    assert (wheel["name"], wheel["best"], wheel["description"]) == ("5-4-3-2-A", ["5s", "4h", "3d", "2c", "As"],
                                                                    "five-high straight")
    assert (flush["category"], flush["best"]) == ("flush", ["Ah", "Kh", "9h", "7h", "2h"])


@pytest.mark.parametrize("hand, place", [
    ("5s 4d 3h 2c As", 1), ("6s 4d 3h 2c As", 2), ("6s 5d 4h 3c 2s", 6), ("7s 5d 4h 3c As", 10),
    ("7s 6d 4h 3c 2s", 15), ("7s 6d 5h 4c 3s", 21), ("8s 4d 3h 2c As", 22), ("8s 7d 4h 2c As", 38),
    ("8s 7d 6h 5c 4s", 56),
])
def test_stud8_section_8_vector_3_qualifying_lows(client, hand, place):
    (result,) = rank(client, "stud8", hand + " Kd Kc")["results"]
    assert result["low"]["rank"] == place
    assert result["low"] == written(EIGHT_OR_BETTER_LOW, (hand + " Kd Kc").split())


def test_stud8_section_8_vector_4_full_house_and_no_low(client):
    (result,) = rank(client, "stud8", "Kh Kd Ks 7c 7d 7h 2s")["results"]
    assert (result["high"]["category"], result["high"]["rank"], result["low"]) == ("full_house", 185, None)


def test_stud8_boards_have_no_low(client):
    assert [result["low"] for result in rank(client, "stud8", "As", "As 2d 3c 4h")["results"]] == [None, None]


def random_hands(rng, count):
    """Hands of 1 to 7 cards, a third of them drawn mostly from one suit so that flushes and straight flushes show."""
    hands = []
    for _ in range(count):
        size = rng.randint(1, 7)
        if rng.random() < 1 / 3:
            suit = rng.choice("shdc")
            pool = [card for card in DECK if card[1] == suit] + rng.sample(DECK, 6)
            hands.append(list(dict.fromkeys(rng.sample(pool, len(pool))))[:size])
        else:
            hands.append(rng.sample(DECK, size))
    return hands


@pytest.mark.parametrize("seed", [1, 2])
def test_stud_batch_agrees_with_the_core_evaluator(client, seed):
    hands = random_hands(random.Random(seed), 1000)
    response = client.post("/v1/hands/rank", json={"game": "stud", "hands": hands})
    assert response.get_json()["results"] == [written(STUD_HIGH, hand) for hand in hands]


@pytest.mark.parametrize("seed", [3, 4])
def test_stud8_batch_agrees_with_the_core_evaluators(client, seed):
    hands = random_hands(random.Random(seed), 1000)
    response = client.post("/v1/hands/rank", json={"game": "stud8", "hands": hands})
    assert response.get_json()["results"] == [{"high": written(STUD_HIGH, hand), "low": written(EIGHT_OR_BETTER_LOW,
                                                                                               hand)}
                                              for hand in hands]
    assert any(result["low"] for result in response.get_json()["results"])


def test_stud8_explained_says_each_half(client):
    why = rank(client, "stud8", "As 2d 3c 4h 5s Kd Kc", "Kh Kd Ks 7c 7d 7h 2s", explain=True)["why"]
    assert [entry["decision"] for entry in why] == ["best_five", "best_low", "best_five", "no_low"]
    assert why[1]["text"].startswith("hands[0] As 2d 3c 4h 5s Kd Kc: the five lowest distinct ranks play for low")
    assert why[3]["rule"] == "stud §4"


@pytest.mark.parametrize("game", ["stud", "stud8"])
def test_a_duplicate_card_is_named_as_in_razz(client, game):
    response = client.post("/v1/hands/rank", json={"game": game, "hands": [["As", "2c"], ["Kd", "2c", "Kd"]]})
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["type"] == "https://razz.rules/problems/duplicate-card"
    assert problem["errors"] == {"hands[1]": ["card Kd appears more than once"]}


@pytest.mark.parametrize("hands, path", [([["As", "1c"]], "hands[0][1]"), ([[]], "hands[0]"), ([], "hands")])
def test_bad_hands_are_named_as_in_razz(client, hands, path):
    response = client.post("/v1/hands/rank", json={"game": "stud8", "hands": hands})
    assert response.status_code == 422
    assert list(response.get_json()["errors"]) == [path]


def test_an_unknown_game_is_named(client):
    response = client.post("/v1/hands/rank", json={"game": "holdem", "hands": [["As"]]})
    assert response.status_code == 422
    assert list(response.get_json()["errors"]) == ["game"]


def compare(client, game, players, community_card=None):
    response = client.post("/v1/hands/compare", json={
        "game": game, "community_card": community_card,
        "players": [{"id": player_id, "cards": cards.split()} for player_id, cards in players]})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_stud_compare_orders_high_hands(client):
    answer = compare(client, "stud", [("p1", "As Ad Kc Kd 2s 3h 9c"), ("p2", "5h 6h 7h 8h 9h 2c 2d"),
                                      ("p3", "Ah Ac Ks Kh 4d 6s 9d")])
    assert answer["order"] == [["p2"], ["p1", "p3"]] and answer["winners"] == ["p2"]
    assert answer["results"][1] == {**written(STUD_HIGH, "5h 6h 7h 8h 9h 2c 2d".split()), "id": "p2"}


def test_stud8_compare_orders_each_half(client):
    answer = compare(client, "stud8", [("p1", "As 2d 3c 4h 9s Kd Kc"), ("p2", "Qh Qd Jc 9c 9d 7h Th"),
                                       ("p3", "Ah 2s 4c 5d 7s Qs Qc"), ("p4", "Ac 2h 4d 5s 7c Jd Js")])
    assert (answer["high_order"], answer["high_winners"]) == ([["p2"], ["p1"], ["p3"], ["p4"]], ["p2"])
    assert (answer["low_order"], answer["low_winners"]) == ([["p3", "p4"]], ["p3", "p4"])
    assert answer["results"][0] == {"id": "p1", "high": written(STUD_HIGH, "As 2d 3c 4h 9s Kd Kc".split()),
                                    "low": None}


def test_stud8_compare_without_a_qualifying_low(client):
    answer = compare(client, "stud8", [("p1", "Ks Kd Qc"), ("p2", "As 2d 3c")])
    assert (answer["low_order"], answer["low_winners"], answer["high_winners"]) == ([], [], ["p1"])


def test_stud8_compare_with_a_community_card(client):
    answer = compare(client, "stud8", [("p1", "2c 3c 4c 5c 9d Kd"), ("p2", "6s 7s 8s Ts Js Qh")], community_card="Ac")
    assert answer["high_winners"] == ["p1"] and answer["results"][0]["high"]["category"] == "straight_flush"
    assert answer["low_winners"] == ["p1"] and answer["results"][1]["low"] is None


@pytest.mark.parametrize("players, kind", [
    ([("p1", "As 2c"), ("p2", "3c As")], "duplicate-card"),
    ([("p1", "As 2c"), ("p1", "3c 4c")], "duplicate-id"),
    ([("p1", "As 2c"), ("p2", "3c 4c 5c")], "unequal-hands"),
])
def test_stud8_compare_names_the_broken_rule_as_razz(client, players, kind):
    response = client.post("/v1/hands/compare", json={
        "game": "stud8", "players": [{"id": player_id, "cards": cards.split()} for player_id, cards in players]})
    assert response.status_code == 422
    assert response.get_json()["type"] == f"https://razz.rules/problems/{kind}"
