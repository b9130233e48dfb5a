"""The four WSOP razz hands, checked alone and as one PHHS: valid, agreeing, and settled as the rules settle them.

Pots are added up from each file's own entries (``phh_texts``), never read back from the service.
"""

import pytest

from tests.tables import by_seat, payouts

from .lines import first_line_holding
from .phh_texts import (
    POT_20,
    POT_22,
    POT_24,
    POT_83,
    SAMPLES,
    check,
    check_one,
    phh,
    phhs,
    problem,
    sample_fields,
    sample_text,
    table_state,
)


@pytest.mark.parametrize("number", sorted(SAMPLES))
def test_each_sample_alone_is_valid_and_agrees_with_its_finishing_stacks(client, number):
    hand = check_one(client, sample_text(number))
    assert (hand["index"], hand["valid"], hand["error"], hand["agrees"], hand["discrepancies"]) == (
        0, True, None, True, [])
    stacks = sample_fields(number)["finishing_stacks"]
    assert hand["recorded"]["kind"] == "finishing_stacks"
    assert by_seat(hand["recorded"]["amounts"]) == dict(enumerate(stacks, start=1))
    assert hand["seats"] == [1, 2, 3, 4, 5][:len(stacks)]


@pytest.mark.parametrize("number", sorted(SAMPLES))
def test_each_samples_state_is_the_table_state_answer_for_its_snapshot(client, number):
    hand = check_one(client, sample_text(number))
    assert hand["state"] == table_state(client, hand["snapshot"])


@pytest.mark.parametrize("number", sorted(SAMPLES))
def test_each_sample_written_back_as_phh_checks_the_same(client, number):
    hand = check_one(client, sample_text(number))
    again = check_one(client, hand["phh"])
    assert again["valid"] and again["agrees"] is True
    assert (again["snapshot"], again["state"]) == (hand["snapshot"], hand["state"])


@pytest.mark.parametrize("number, pot", [("20", POT_20), ("22", POT_22), ("24", POT_24), ("83", POT_83)])
def test_each_samples_pot_is_its_entries_added_up(client, number, pot):
    state = check_one(client, sample_text(number))["state"]
    assert state["pot"] == pot
    assert sum(payouts(state["result"]).values()) == pot


@pytest.mark.parametrize("number, stacks", [
    ("20", [6_550_000 - 100_000, 6_425_000 - 850_000, 3_775_000 - 1_250_000 + POT_20, 7_500_000 - 50_000,
            5_450_000 - 50_000]),
    ("22", [6_700_000 - 50_000, 5_525_000 - 50_000, 4_775_000 - 100_000, 7_350_000 - 250_000,
            5_350_000 - 450_000 + POT_22]),
    ("24", [6_600_000 - 100_000, 5_425_000 - 1_850_000, 4_575_000 - 1_850_000 + POT_24, 7_050_000 - 50_000,
            6_050_000 - 50_000]),
    ("83", [2_150_000 - 200_000, 27_550_000 - 400_000 + POT_83]),
])
def test_the_published_finishing_stacks_are_what_the_rules_pay(number, stacks):
    """The record the check agrees with is itself right: each stack less what it put in, plus what it won."""
    assert sample_fields(number)["finishing_stacks"] == stacks


def test_hand_83_seat_2_wins_uncontested_after_the_completion(client):
    hand = check_one(client, sample_text("83"))
    state = hand["state"]
    assert [(action["seat"], action["type"]) for action in hand["snapshot"]["actions"]] == [
        (1, "bring_in"), (2, "complete"), (1, "fold")]
    assert (state["street"], state["phase"], state["to_act"]) == (3, "complete", None)
    result = state["result"]
    assert (result["uncontested"], result["winners"], result["show_order"]) == (True, [2], [])
    assert payouts(result) == {1: 0, 2: POT_83}
    assert {player["seat"]: player["stack"] for player in state["players"]} == {
        1: 2_150_000 - 100_000 - 100_000, 2: 27_550_000 - 100_000 - 300_000}


def test_hand_24_seat_3_wins_the_showdown_after_seat_2_mucks(client):
    hand = check_one(client, sample_text("24"))
    players = {player["seat"]: player for player in hand["snapshot"]["players"]}
    assert players[2].get("mucked") is True
    assert not any(player.get("mucked") for seat, player in players.items() if seat != 2)
    assert players[3]["down_cards"] == ["4s", "3d", "6c"] and players[3]["up_cards"] == ["2d", "8s", "3s", "5s"]
    state = hand["state"]
    assert (state["street"], state["phase"]) == (7, "showdown")
    result = state["result"]
    assert result["winners"] == [3]
    assert result["show_order"] == [3, 2]  # the last aggressor on 7th street tables first (section 5)
    assert payouts(result) == {1: 0, 2: 0, 3: POT_24, 4: 0, 5: 0}


def test_hand_24_seat_3_would_win_with_6_5_4_3_2_had_seat_2_shown(client):
    """The muck changes nothing: seat 3's 6-5-4-3-2 beats the 7-6-5-3-A seat 2 held."""
    snapshot = check_one(client, sample_text("24"))["snapshot"]
    shown = {**snapshot, "players": [{name: value for name, value in player.items() if name != "mucked"}
                                     for player in snapshot["players"]]}
    result = table_state(client, shown)["result"]
    assert (result["uncontested"], result["winners"]) == (False, [3])
    assert [pot["winning_hand"] for pot in result["pots"]] == ["6-5-4-3-2"]
    assert payouts(result)[3] == POT_24


def test_hand_22_seat_5_wins_when_seat_4_folds_4th_street(client):
    state = check_one(client, sample_text("22"))["state"]
    assert (state["street"], state["phase"], state["result"]["winners"]) == (4, "complete", [5])
    assert [street["opener"] for street in state["streets"]] == [3, 5]  # Qh brings in; A-4 is the low board


def test_hand_20_seat_3_wins_when_seat_2_folds_6th_street(client):
    state = check_one(client, sample_text("20"))["state"]
    assert (state["street"], state["phase"], state["result"]["winners"]) == (6, "complete", [3])
    assert state["bring_in_seat"] == 1  # Kc is the highest door card


ORDER = ["20", "22", "24", "83"]


def test_a_phhs_of_the_four_samples_checks_four_hands_in_order(client):
    answer = check(client, phhs(*[sample_text(number) for number in ORDER]))
    assert answer["summary"] == {"hands": 4, "valid": 4, "agree": 4, "skipped": 0}
    assert [hand["index"] for hand in answer["hands"]] == [0, 1, 2, 3]
    for number, hand in zip(ORDER, answer["hands"], strict=True):
        alone = check_one(client, sample_text(number))
        assert {name: value for name, value in hand.items() if name != "index"} == {
            name: value for name, value in alone.items() if name != "index"}


def test_a_phhs_names_each_tables_entries_by_their_line_in_the_whole_text(client):
    """Each table gets a stray entry after its hand is over: each problem names that table's own line."""
    texts = [phh(sample_fields(number), [*sample_fields(number)["actions"], f"p2 cc # stray in {number}"])
             for number in ORDER]
    text = phhs(*texts)
    answer = check(client, text)
    assert answer["summary"] == {"hands": 4, "valid": 0, "agree": 0, "skipped": 0}
    for index, (number, hand) in enumerate(zip(ORDER, answer["hands"], strict=True)):
        header = first_line_holding(text, f"[{index + 1}]")
        assert hand["index"] == index
        assert hand["error"]["type"] == problem("illegal-action")
        assert hand["error"]["source"] == f"p2 cc # stray in {number}"
        assert hand["error"]["line"] == first_line_holding(text, f"stray in {number}", after=header)


def test_a_phhs_names_the_lines_of_tables_written_as_published(client):
    """The samples as published (every entry on the one actions line): a bad entry names its table's line."""
    texts = [sample_text(number).replace("'p1 pb'", "'p1 cc'").replace("'p3 pb'", "'p3 cc'") for number in ORDER]
    text = phhs(*texts)
    answer = check(client, text)
    for index, hand in enumerate(answer["hands"]):
        header = first_line_holding(text, f"[{index + 1}]")
        assert hand["error"]["line"] == first_line_holding(text, "actions = [", after=header) == header + 8
        assert hand["error"]["source"] in ("p1 cc", "p3 cc")
