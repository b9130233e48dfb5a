"""Seven-card stud and stud/8 over the table routes, the scenarios and GET /v1/rules: the stud part's vectors of
the bring-in and the opener (docs/rules-reference.md, stud §1 and §2), the options each game takes, the header that
names the game, and every citation of an explained answer linking into the reference the service serves."""

import re

import pytest

from service.stud_family.rules import DEFAULT_LABEL
from service.stud_family.why import REFERENCE_PATH

from .table_helpers import assert_field_problem, legal, post_ok

STAKES = {"ante": 5, "bring_in": 10, "small_bet": 40, "big_bet": 80}
STUDS = ["stud", "stud8"]


def doors(game, *cards, stacks=None, stakes=None):
    """A bring-in request: door cards in seats 1, 2, 3..., with stacks and stakes when given."""
    players = [{"seat": seat, "door_card": card} for seat, card in enumerate(cards, 1)]
    for player, stack in zip(players, stacks or (), strict=False):
        player["stack"] = stack
    return {"game": game, "players": players, **({} if stakes is None else {"stakes": stakes})}


def boards(game, street, *seats, rules=None):
    """A first-to-act request: (seat, up cards[, all-in]) of each player."""
    players = [{"seat": seat, "up_cards": cards, **({"all_in": True} if rest else {})} for seat, cards, *rest in seats]
    return {"game": game, "street": street, "players": players, **({} if rules is None else {"rules": rules})}


FOURTH_STREET = {
    "stakes": STAKES,
    "players": [{"seat": 1, "stack": 1000, "up_cards": ["7c", "Jd"]},
                {"seat": 2, "stack": 1000, "up_cards": ["2c", "Kc"]},
                {"seat": 3, "stack": 1000, "up_cards": ["9d", "5s"]}],
    "actions": [{"seat": 2, "type": "bring_in"}, {"seat": 3, "type": "call"}, {"seat": 1, "type": "call"}],
}
"""A hand on 4th street: seat 2's 2c brought in, everyone called; seat 2's K-2 is the highest board."""

CHECKED_DOWN = {
    "stakes": STAKES,
    "players": [{"seat": 1, "stack": 500, "up_cards": ["7c", "8h", "9s", "Kd"], "down_cards": ["As", "2d", "4c"]},
                {"seat": 2, "stack": 500, "up_cards": ["3h", "Qd", "Qs", "5h"], "down_cards": ["Kc", "Ks", "6s"]}],
    "actions": [{"seat": 2, "type": "bring_in"}, {"seat": 1, "type": "call"},
                *[{"seat": seat, "type": "check"} for _ in range(4) for seat in (2, 1)]],
}
"""A whole hand checked down from 4th street: seat 2's 3h brings in and its board opens every later street (Q-3,
then the queens); seat 2 holds kings and queens, seat 1 the 8-7-4-2-A low."""


@pytest.mark.parametrize("game", STUDS)
def test_stud_1_example_1_the_lowest_door_card_brings_in_clubs_lowest(client, game):
    answer = post_ok(client, "/v1/bring-in", doors(game, "7c", "Kd", "2s", "2c"))
    assert (answer["seat"], answer["card"], answer["tie_broken_by_suit"]) == (4, "2c", True)


def test_stud_1_example_2_the_ace_is_the_highest_door_in_stud8(client):
    answer = post_ok(client, "/v1/bring-in", doors("stud8", "5h", "Jc", "2h", "7h", "3h", "Qh", "Ah"))
    assert (answer["seat"], answer["card"]) == (3, "2h")


@pytest.mark.parametrize(("cards", "card"), [(("Ah", "3c"), "3c"), (("4h", "4d", "4s"), "4d"),
                                             (("Ac", "Ad", "As", "Ah"), "Ac")])
def test_stud_1_example_3_aces_high_then_the_suit(client, cards, card):
    assert post_ok(client, "/v1/bring-in", doors("stud", *cards))["card"] == card


def test_razz_brings_in_the_other_end_of_the_same_doors(client):
    assert post_ok(client, "/v1/bring-in", doors("razz", "7c", "Kd", "2s", "2c"))["seat"] == 2


def test_stud_1_example_4_a_bring_in_seat_all_in_from_the_ante_or_short(client):
    all_in = post_ok(client, "/v1/bring-in", doors("stud", "7c", "2c", "Kd", stacks=(500, 5, 500), stakes=STAKES))
    assert (all_in["seat"], all_in["opener"], all_in["amount"]) == (2, 3, 0)
    short = post_ok(client, "/v1/bring-in", doors("stud", "7c", "2c", "Kd", stacks=(500, 12, 500), stakes=STAKES))
    assert (short["seat"], short["opener"], short["amount"]) == (2, 2, 7)


@pytest.mark.parametrize(("tie_break", "seat"), [("position", 1), ("high_card_by_suit", 2)])
def test_stud_2_example_1_tied_high_boards(client, tie_break, seat):
    body = boards("stud", 4, (1, ["2c", "7h"]), (2, ["2d", "7s"]), (3, ["2h", "7c"]),
                  rules={"later_street_tie_break": tie_break})
    answer = post_ok(client, "/v1/first-to-act", body)
    assert (answer["seat"], answer["tied_with"]) == (seat, [other for other in (1, 2, 3) if other != seat])


@pytest.mark.parametrize(("high", "low"), [(["Ah", "2c"], ["Ks", "Qd"]), (["3c", "3d"], ["As", "Kd"])])
def test_stud_2_example_2_aces_high_and_a_pair_over_no_pair(client, high, low):
    for game in STUDS:
        assert post_ok(client, "/v1/first-to-act", boards(game, 4, (1, low), (2, high)))["seat"] == 2


@pytest.mark.parametrize(("tie_break", "seat"), [("position", 2), ("high_card_by_suit", 5)])
def test_stud_2_example_5_tied_pairs(client, tie_break, seat):
    body = boards("stud", 4, (2, ["Kh", "Kc"]), (5, ["Ks", "Kd"]), rules={"later_street_tie_break": tie_break})
    assert post_ok(client, "/v1/first-to-act", body)["seat"] == seat


def test_stud_2_example_6_a_board_makes_no_straight_or_flush(client):
    body = boards("stud", 6, (1, ["8s", "7s", "6s", "5s"]), (2, ["9c", "2d", "3h", "4s"]))
    assert post_ok(client, "/v1/first-to-act", body)["seat"] == 2


def test_stud_2_example_8_an_all_in_highest_board_passes_the_opening_on(client):
    body = boards("stud8", 5, (1, ["Qs", "Jd", "9c"]), (4, ["Ah", "Ad", "Kc"], True), (6, ["Kh", "8c", "7d"]))
    answer = post_ok(client, "/v1/first-to-act", body)
    assert (answer["seat"], answer["board_seat"], answer["showing"]) == (6, 4, "A-A-K")


@pytest.mark.parametrize("game", STUDS)
def test_the_highest_board_opens_4th_street_of_a_replayed_hand(client, game):
    answer = post_ok(client, "/v1/legal-actions", {"game": game, **FOURTH_STREET})
    assert (answer["street"], answer["to_act"], answer["bring_in_seat"]) == (4, 2, 2)
    assert legal(answer) == ["check", "bet 40"]
    razz = client.post("/v1/legal-actions", json=FOURTH_STREET)  # razz: seat 3's 9d, the highest door, brings in
    assert_field_problem(razz, "actions[0]", "seat 2 may not act: it is seat 3's turn")


def test_a_whole_hand_is_settled_by_its_games_judging(client):
    stud = post_ok(client, "/v1/table/state", {"game": "stud", **CHECKED_DOWN})["result"]
    assert (stud["winners"], stud["payouts"]) == ([2], [{"seat": 1, "amount": 0}, {"seat": 2, "amount": 30}])
    assert stud["show_order"] == [2, 1]
    stud8 = post_ok(client, "/v1/table/state", {"game": "stud8", **CHECKED_DOWN})["result"]
    pot = stud8["pots"][0]
    assert (pot["high"]["winners"], pot["high"]["winning_hand"]) == ([2], "K-K-Q-Q-6")
    assert (pot["low"]["winners"], pot["low"]["winning_hand"]) == ([1], "8-7-4-2-A")
    assert stud8["payouts"] == [{"seat": 1, "amount": 15}, {"seat": 2, "amount": 15}]
    razz = client.post("/v1/table/state", json=CHECKED_DOWN)  # razz: seat 1's 7c, the higher door, brings in
    assert_field_problem(razz, "actions[0]", "seat 2 may not act: it is seat 1's turn")


def test_stud_3_example_12_stud8_refuses_the_open_pairs_big_bet_by_name(client):
    body = {"game": "stud8", **FOURTH_STREET, "rules": {"fourth_street_open_pair": "double_bet_allowed"}}
    assert_field_problem(client.post("/v1/legal-actions", json=body), "rules.fourth_street_open_pair",
                         '"double_bet_allowed" is not a value of fourth_street_open_pair in stud8 (only in stud)')


@pytest.mark.parametrize(("game", "rules", "path", "fragment"), [
    ("stud", {"hilo_same_winners": "one_pot"}, "rules.hilo_same_winners", "not an option of stud, only of stud8"),
    ("stud", {"fourth_street_double_on_pair": False}, "rules.fourth_street_double_on_pair",
     "not an option of stud, only of razz"),
    ("stud", {"odd_chip_rule": "low_card_by_suit_all_cards"}, "rules.odd_chip_rule",
     '"low_card_by_suit_all_cards" is not a value of odd_chip_rule in stud (only in razz)'),
    ("razz", {"odd_chip_rule": "all_cards_by_suit"}, "rules.odd_chip_rule",
     '"all_cards_by_suit" is not a value of odd_chip_rule in razz (only in stud and stud8)'),
])
def test_an_option_or_value_a_game_lacks_is_a_422_naming_the_option_the_value_and_the_game(
        client, game, rules, path, fragment):
    for route in ("/v1/legal-actions", "/v1/table/state", "/v1/scenarios"):
        body = {"seed": 1, "count": 1} if route == "/v1/scenarios" else FOURTH_STREET
        assert_field_problem(client.post(route, json={**body, "game": game, "rules": rules}), path, fragment)


@pytest.mark.parametrize(("game", "rules"), [
    ("stud", {"fourth_street_open_pair": "double_bet_allowed"}),
    ("stud", {"preset": "tda_tournament", "odd_chip_rule": "all_cards_by_suit"}),
    ("stud8", {"hilo_same_winners": "by_halves"})])
def test_an_option_the_game_takes_is_answered_and_named_in_the_header(client, game, rules):
    response = client.post("/v1/table/state", json={"game": game, **FOURTH_STREET, "rules": rules})
    assert response.status_code == 200, response.get_json()
    label = ", ".join([rules.get("preset", "standard"), *(f"{k}={v}" for k, v in rules.items() if k != "preset")])
    assert response.headers["X-Rules"] == f"{game}; {label}; reference 2026-12"
    assert "X-Razz-Rules" not in response.headers


@pytest.mark.parametrize("game", STUDS)
def test_the_rules_header_names_the_game_on_every_route(client, game):
    for path, body in [("/v1/bring-in", doors(game, "7c", "Kd")),
                       ("/v1/first-to-act", boards(game, 4, (1, ["2c", "7h"]), (2, ["Kd", "Qd"]))),
                       ("/v1/legal-actions", {"game": game, **FOURTH_STREET}),
                       ("/v1/table/state", {"game": game, **FOURTH_STREET}),
                       ("/v1/scenarios", {"game": game, "seed": 3, "count": 1})]:
        response = client.post(path, json=body)
        assert response.headers["X-Rules"] == f"{game}; {DEFAULT_LABEL}", path
        assert "X-Razz-Rules" not in response.headers, path


@pytest.mark.parametrize("game", STUDS)
def test_scenarios_of_a_game_are_requests_of_that_game_answered_as_drawn(client, game):
    drawn = post_ok(client, "/v1/scenarios", {"game": game, "seed": 42, "count": 10})["scenarios"]
    assert len({scenario["theme"] for scenario in drawn}) == 10
    for scenario in drawn:
        assert scenario["snapshot"]["game"] == game
        assert post_ok(client, "/v1/legal-actions", scenario["snapshot"]) == scenario["answer"]
    again = post_ok(client, "/v1/scenarios", {"game": game, "seed": 42, "count": 10})["scenarios"]
    assert again == drawn
    razz = post_ok(client, "/v1/scenarios", {"seed": 42, "count": 10})["scenarios"]
    assert [scenario["snapshot"] for scenario in razz] != [
        {key: value for key, value in scenario["snapshot"].items() if key != "game"} for scenario in drawn]


def test_the_catalogue_lists_each_games_options_and_presets(client):
    games = client.get("/v1/rules").get_json()["games"]
    assert list(games) == ["razz", "stud", "stud8"]
    options = {name: {option["name"]: option for option in game["options"]} for name, game in games.items()}
    assert options["stud"]["fourth_street_open_pair"]["values"] == ["never", "double_bet_allowed"]
    assert options["stud"]["fourth_street_open_pair"]["default"] == "double_bet_allowed"
    assert options["stud8"]["fourth_street_open_pair"]["values"] == ["never"]
    assert options["stud8"]["hilo_same_winners"]["default"] == "one_pot"
    assert "hilo_same_winners" not in options["stud"] and "hilo_same_winners" not in options["razz"]
    assert "fourth_street_double_on_pair" in options["razz"] and "fourth_street_open_pair" not in options["razz"]
    assert "all_cards_by_suit" in options["stud"]["odd_chip_rule"]["values"]
    assert "low_card_by_suit_all_cards" not in options["stud8"]["odd_chip_rule"]["values"]
    assert games["stud"]["presets"]["tda_tournament"]["fourth_street_open_pair"] == "never"
    assert games["stud"]["presets"]["wsop_cash"]["fourth_street_open_pair"] == "double_bet_allowed"


def served_anchors(client):
    """Every anchor of the rules reference as the service serves it."""
    return set(re.findall(r'<a id="([a-z0-9-]+)"></a>', client.get(REFERENCE_PATH).get_data(as_text=True)))


@pytest.mark.parametrize("game", STUDS)
def test_an_explained_answer_cites_the_stud_part_and_every_link_is_an_anchor_served(client, game):
    anchors = served_anchors(client)
    cited = []
    answers = [post_ok(client, f"{path}?explain=true", body) for path, body in [
        ("/v1/bring-in", doors(game, "7c", "Kd", "7s", stacks=(500, 500, 5), stakes=STAKES)),
        ("/v1/first-to-act", boards(game, 5, (1, ["Qs", "Jd", "9c"]), (4, ["Ah", "Ad", "Kc"], True),
                                    (6, ["Kh", "8c", "7d"]))),
        ("/v1/legal-actions", {"game": game, **FOURTH_STREET}),
        ("/v1/table/state", {"game": game, **FOURTH_STREET}),
        ("/v1/table/state", {"game": game, **CHECKED_DOWN})]]
    answers += [scenario["answer"] for scenario in
                post_ok(client, "/v1/scenarios?explain=true", {"game": game, "seed": 7, "count": 10})["scenarios"]]
    for answer in answers:
        for entry in [*answer["why"], *answer.get("refused", [])]:
            cited.append(entry["rule"])
            path, _, anchor = entry["see"].partition("#")
            assert path == REFERENCE_PATH and anchor in anchors, entry
            assert anchor.startswith("stud-" if entry["rule"].startswith("stud ") else "razz-"), entry
    assert {"stud §1", "stud §2"} <= set(cited)
    if game == "stud8":
        assert {"stud §4", "stud §5"} <= set(cited)


OPEN_PAIR = {
    "stakes": STAKES,
    "players": [{"seat": 1, "stack": 1000, "up_cards": ["Kd", "Kc"]},
                {"seat": 2, "stack": 1000, "up_cards": ["2c", "5h"]},
                {"seat": 3, "stack": 1000, "up_cards": ["9d", "Js"]}],
    "actions": [{"seat": 2, "type": "bring_in"}, {"seat": 3, "type": "call"}, {"seat": 1, "type": "call"}],
}
"""4th street: seat 1's Kd Kc, an open pair, is the highest board and opens (stud §3, example 1)."""


def open_pair(game, *actions, rules=None):
    """The open-pair hand in ``game`` with ``actions`` (seat, type, amount) after 3rd street's."""
    return {"game": game, **OPEN_PAIR, **({} if rules is None else {"rules": rules}),
            "actions": [*OPEN_PAIR["actions"], *({"seat": seat, "type": kind, "amount": amount}
                                                 for seat, kind, amount in actions)]}


def test_stud_3_example_1_an_open_pair_offers_both_bets_as_two_entries_of_one_type(client):
    answer = post_ok(client, "/v1/legal-actions", open_pair("stud"))
    assert (answer["to_act"], legal(answer)) == (1, ["check", "bet 40", "bet 80"])
    assert [entry["amount"] for entry in answer["legal_actions"] if entry["type"] == "bet"] == [40, 80]
    for game, rules in (("stud", {"fourth_street_open_pair": "never"}), ("stud8", None)):  # and stud §3 example 12
        assert legal(post_ok(client, "/v1/legal-actions", open_pair(game, rules=rules))) == ["check", "bet 40"]


def test_stud_3_examples_2_and_3_facing_a_small_or_a_big_bet(client):
    small = post_ok(client, "/v1/legal-actions", open_pair("stud", (1, "bet", 40)))
    assert (small["to_act"], legal(small)) == (2, ["fold", "call 40", "raise 80", "raise 120"])
    big = post_ok(client, "/v1/table/state", open_pair("stud", (1, "bet", 80)))
    assert (big["to_act"], legal(big)) == (2, ["fold", "call 80", "raise 160"])


def test_the_open_pairs_big_bet_where_it_is_not_offered_is_a_422_naming_the_action_and_the_rule(client):
    anchors = served_anchors(client)
    for game, rules in (("stud8", None), ("stud", {"fourth_street_open_pair": "never"})):
        response = client.post("/v1/legal-actions", json=open_pair(game, (1, "bet", 80), rules=rules))
        problem = assert_field_problem(response, "actions[3]")
        assert problem["type"] == "https://razz.rules/problems/illegal-action"
        assert problem["rule"] == "stud §3" and problem["see"].partition("#")[2] in anchors, problem


def test_an_explained_open_pair_cites_stud_3(client):
    answer = post_ok(client, "/v1/legal-actions?explain=true", open_pair("stud", (1, "bet", 80)))
    assert "stud §3" in {entry["rule"] for entry in [*answer["why"], *answer["refused"]]}
