"""POST /v1/showdown in stud and stud8: the stud-rules.md section 5 vectors over HTTP, stud8's halves as api.md
writes them, and razz's answer unchanged by the game field."""

import pytest

from tests.stud_family.test_stud_vectors import FIVE_NINE_HIGH, VECTOR_5_2, VECTOR_5_5, VECTOR_5_6


def body(game, seats, **extra):
    players = [{"seat": seat, "contributed": chips, **({"folded": True} if cards is None else
                                                       {"cards": cards.split()})} for seat, chips, cards in seats]
    return {"game": game, "players": players, **extra}


def payouts(answer):
    return {share["seat"]: share["amount"] for share in answer["payouts"] if share["amount"]}


def post(client, request, query=""):
    response = client.post(f"/v1/showdown{query}", json=request)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_razz_answers_as_before_with_or_without_the_game(client):
    seats = ((2, 55, "7s 5d 4c 3c Ad Qc Jc"), (4, 55, None), (6, 55, "7h 5s 4d 3h Ac Ks 9d"))
    razz = body("razz", seats)
    without = {key: value for key, value in razz.items() if key != "game"}
    first, second = client.post("/v1/showdown", json=razz), client.post("/v1/showdown", json=without)
    assert first.get_data() == second.get_data()
    assert b'"high"' not in first.get_data() and b'"half"' not in first.get_data()


def test_stud_5_1_three_way_tie(client):
    answer = post(client, body("stud", FIVE_NINE_HIGH))
    assert payouts(answer) == {1: 4, 2: 5, 3: 5}
    assert [chip["seat"] for chip in answer["odd_chips"]] == [3, 2]
    assert set(answer["pots"][0]) == {"amount", "eligible", "winners", "shares", "winning_hand"}


@pytest.mark.parametrize(("rule", "lucky"), [("high_card_by_suit_in_5", 2), ("seat_order", 1)])
def test_stud_5_2_odd_chip_rules(client, rule, lucky):
    answer = post(client, body("stud", VECTOR_5_2, rules={"odd_chip_rule": rule}))
    assert payouts(answer) == {lucky: 83, 3 - lucky: 82}
    assert answer["odd_chips"] == [{"pot": 0, "seat": lucky, "rule": rule}]


def test_stud8_5_4_halves_and_a_side_pot_without_a_low(client):
    answer = post(client, body("stud8", ((1, 6, "As 2s 3c 4c 5d 9d Td"), (2, 7, "5h 6h 7s 8s 9c Kc Qc"),
                                         (3, 7, "5c 6c 7d 8d 9h Kh Qh"))), "?explain=true")
    main, side = answer["pots"]
    assert main["high"] == {"amount": 9, "winners": [2, 3], "shares": [{"seat": 2, "amount": 4},
                                                                         {"seat": 3, "amount": 5}],
                            "winning_hand": "9-8-7-6-5"}
    assert main["low"] == {"amount": 9, "winners": [1], "shares": [{"seat": 1, "amount": 9}],
                           "winning_hand": "5-4-3-2-A"}
    assert (main["one_pot"], side["low"], side["one_pot"]) == (False, None, False)
    assert payouts(answer) == {1: 9, 2: 5, 3: 6}
    assert answer["odd_chips"] == [{"pot": 0, "seat": 3, "rule": "high_card_by_suit_in_5", "half": "high"}]
    assert [why["see"] for why in answer["why"]][:3] == ["/v1/rules/reference#stud-5-tda-20c",
                                                         "/v1/rules/reference#stud-4-rrop-ties-1",
                                                         "/v1/rules/reference#stud-4-tda-21"]


def test_stud8_5_5_one_pot_is_marked(client):
    pot = post(client, body("stud8", VECTOR_5_5))["pots"][0]
    assert pot["one_pot"] is True
    assert (pot["high"]["amount"], pot["low"]["amount"], pot["low"]["winners"]) == (10, 0, [1, 2])


def test_stud8_5_6_tied_lows(client):
    answer = post(client, body("stud8", VECTOR_5_6))
    assert payouts(answer) == {1: 51, 2: 26, 3: 25}
    assert answer["odd_chips"] == [{"pot": 0, "seat": 2, "rule": "high_card_by_suit_in_5", "half": "low"}]


def test_stud8_5_8_a_scoop_is_written_as_both_halves(client):
    pot = post(client, body("stud8", ((1, 80, "As 2d 3c 4h 5s Kd Kc"), (2, 80, "Qh Qd Jc 9c 9d 7h Th"),
                                      (3, 5, None))))["pots"][0]
    assert (pot["high"]["shares"], pot["low"]["shares"]) == ([{"seat": 1, "amount": 83}], [{"seat": 1, "amount": 82}])


@pytest.mark.parametrize(("game", "rules"), [("stud", {"hilo_same_winners": "one_pot"}),
                                             ("razz", {"hilo_same_winners": "by_halves"})])
def test_an_option_the_game_lacks_is_a_422_naming_it(client, game, rules):
    response = client.post("/v1/showdown", json=body(game, VECTOR_5_2, rules=rules))
    assert response.status_code == 422
    assert "rules.hilo_same_winners" in response.get_json()["detail"]


def test_an_unknown_game_is_a_422(client):
    response = client.post("/v1/showdown", json=body("holdem", VECTOR_5_2))
    assert response.status_code == 422 and response.get_json()["detail"].startswith("game:")


def test_a_stud8_table_state_result_is_written_with_its_halves():
    from service.api.table import write_whole_hand
    from service.stud_family.betting import replay
    from service.stud_family.games import STUD8
    from service.stud_family.rules import resolve_rules
    from service.stud_family.settlement import settle
    from service.stud_family.snapshot import Snapshot
    from tests.stud_family.test_stud_settlement import STAKES, actions, checked_down, dealt

    players = (dealt(1, "As 2s 3c 4c 5d 9d Td", stack=6), dealt(2, "5h 6h 7s 8s 9c Kc Qc"),
               dealt(3, "5c 6c 7d 8d 9h Kh Qh"))
    moves = actions("s1 bring_in", "s2 complete", "s3 call", "s1 call", *checked_down(2, 3))
    hand = Snapshot(STAKES, players, moves, resolve_rules(None, "stud8"), game=STUD8)
    state = replay(hand)
    result = write_whole_hand(hand, state, settle(hand, state))["result"]
    assert [(pot["high"]["amount"], pot["low"] and pot["low"]["amount"], pot["one_pot"]) for pot in result["pots"]] \
        == [(9, 9, False), (2, None, False)]
    assert "low" in result["pots"][1] and result["show_order"]
