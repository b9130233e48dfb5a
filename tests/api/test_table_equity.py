"""POST /v1/table/state?equity=true: the live hands' equity where the snapshot stands, as POST /v1/equity answers it."""

import pytest

from service.api.table import SNAPSHOT_EXAMPLE
from service.stud_family.cards import CARD_CODES
from service.stud_family.equity_spot import read_spot
from tests.api.table_helpers import assert_field_problem, post_ok

FOLDED = {**SNAPSHOT_EXAMPLE, "actions": [{"seat": 4, "type": "bring_in"}, {"seat": 6, "type": "complete"},
                                          {"seat": 1, "type": "fold"}, {"seat": 4, "type": "call"}]}
"""Seat 1 folds on 3rd street: seats 4 and 6 are live, seat 1's cards dead."""


def test_equity_is_what_the_equity_endpoint_answers_for_the_cards_shown(client):
    answer = post_ok(client, "/v1/table/state?equity=true", SNAPSHOT_EXAMPLE)
    asked = post_ok(client, "/v1/equity", {"players": [
        {"seat": 1, "up_cards": ["7c"], "down_cards": ["As", "3h"]}, {"seat": 4, "up_cards": ["Ks"]},
        {"seat": 6, "up_cards": ["5d"]}]})
    assert answer["equity"] == asked
    assert list(answer)[-1] == "equity"


def test_folded_players_cards_are_dead(client):
    answer = post_ok(client, "/v1/table/state?equity=true", FOLDED)
    asked = post_ok(client, "/v1/equity", {"players": [{"seat": 4, "up_cards": ["Ks"]},
                                                       {"seat": 6, "up_cards": ["5d"]}],
                                           "dead_cards": ["7c", "As", "3h"], "dealt": [3]})
    assert answer["equity"] == asked
    assert [player["seat"] for player in answer["equity"]["players"]] == [4, 6]


def test_one_live_hand_has_no_equity(client):
    won = {**SNAPSHOT_EXAMPLE, "actions": [{"seat": 4, "type": "bring_in"}, {"seat": 6, "type": "complete"},
                                           {"seat": 1, "type": "fold"}, {"seat": 4, "type": "fold"}]}
    answer = post_ok(client, "/v1/table/state?equity=true", won)
    assert answer["phase"] == "complete" and answer["equity"] is None


def test_without_the_flag_the_answer_is_what_it_was(client):
    plain = client.post("/v1/table/state", json=SNAPSHOT_EXAMPLE)
    assert "equity" not in plain.get_json()
    assert client.post("/v1/table/state?equity=false", json=SNAPSHOT_EXAMPLE).data == plain.data


def test_explained_the_equity_comes_last(client):
    answer = post_ok(client, "/v1/table/state?equity=true&explain=true", SNAPSHOT_EXAMPLE)
    assert list(answer)[-3:] == ["why", "refused", "equity"]


@pytest.mark.parametrize("query", ["equity=yes", "equity=true&equity=true"])
def test_a_bad_flag_is_a_problem(client, query):
    assert_field_problem(client.post(f"/v1/table/state?{query}", json=SNAPSHOT_EXAMPLE), "equity")


def test_a_turned_community_card_completes_every_hand():
    """Eight players reach 7th street: its community card, once turned, is every player's seventh card."""
    cards = list(CARD_CODES)
    players = [(seat, cards[6 * seat - 5:6 * seat - 1], cards[6 * seat - 1:6 * seat + 1]) for seat in range(1, 9)]
    spot = read_spot(players, [], None, 8, community_card=cards[0])
    assert spot.seventh.community and not spot.community_card
    assert spot.needs() == (0,) * 8 and spot.deals() == 1
    assert all(player.down_cards[-1] == CARD_CODES[cards[0]] for player in spot.players)
    assert CARD_CODES[cards[0]] not in spot.unseen


@pytest.mark.parametrize("game", ["stud", "stud8"])
def test_each_game_answers_its_own_equity(client, game):
    """A stud or stud/8 table's equity is that game's: stud/8's has each half's chances."""
    dealt = {**SNAPSHOT_EXAMPLE, "game": game, "actions": []}
    answer = post_ok(client, "/v1/table/state?equity=true", dealt)
    asked = post_ok(client, "/v1/equity", {"game": game, "players": [
        {"seat": 1, "up_cards": ["7c"], "down_cards": ["As", "3h"]}, {"seat": 4, "up_cards": ["Ks"]},
        {"seat": 6, "up_cards": ["5d"]}]})
    assert answer["equity"] == asked
    assert ("scoop" in answer["equity"]["players"][0]) is (game == "stud8")
