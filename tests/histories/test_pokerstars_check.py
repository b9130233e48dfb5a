"""PokerStars exports through POST /v1/hand-histories/check: checked, settled, compared with what was paid."""

from collections import Counter

import pytest

from tests.tables import payouts

from .lines import first_line_holding
from .phh_texts import CHECK, PROBLEM_BASE, check, check_one, without_amounts
from .site_texts import as_pokerstars, sample
from .test_allin import SIDE_POT

EXPORT = sample("pokerstars-razz-cash.txt")


def test_the_sample_hands_are_valid_and_paid_as_the_rules_pay_them_less_the_rake(client):
    answer = check(client, EXPORT, "pokerstars")
    assert answer["summary"] == {"hands": 3, "valid": 3, "agree": 3, "skipped": 0}
    first, second, third = answer["hands"]
    # Hand 1: 4 antes, 4 calls of 2, 3 of 4 on 4th and 3 of 8 on 5th: a 48-cent pot to Hero (seat 7), his river
    # bet of 8 back uncalled; he collected 46 after a rake of 2.
    assert first["recorded"] == {"kind": "collected", "amounts": [{"seat": 1, "amount": 0}, {"seat": 5, "amount": 0},
                                                                 {"seat": 7, "amount": 46}, {"seat": 8, "amount": 0}],
                                 "returned": [{"seat": 7, "amount": 8}], "rake": 2}
    assert payouts(first["state"]["result"])[7] == 48 + 8
    # Hand 2: HIWAII2 (seat 6) shows 8-6-4-3-2 and Hero mucks: the muck concedes the 71-cent pot.
    assert second["state"]["result"]["winners"] == [6] and second["state"]["pot"] == 71
    assert [player["seat"] for player in second["snapshot"]["players"] if player.get("mucked")] == [7]
    assert second["snapshot"]["players"][2]["down_cards"] == ["2h", "8d", "4h"]
    # Hand 3: SilkZone (seat 8) raises the river and everyone folds: 102 in the pot, 8 back.
    assert payouts(third["state"]["result"])[8] == 102 + 8
    assert [hand["id"] for hand in answer["hands"]] == ["35874590575", "35874623967", "35874682808"]


def test_each_hand_converts_to_phh_that_reads_back_to_the_same_hand(client):
    for hand in check(client, EXPORT, "pokerstars")["hands"]:
        again = check_one(client, hand["phh"])
        assert again["valid"] and again["agrees"] is True
        assert without_amounts(again["snapshot"]) == without_amounts(hand["snapshot"])
        assert again["state"] == hand["state"]


FIRST_HAND = EXPORT.split("\n\n\n")[0]


@pytest.mark.parametrize(("written", "instead", "kind", "words", "at"), [
    ("Hero: bets $0.04", "Hero: bets $0.08", "illegal-action", "seat 7's bet adds 4 chips, not 8",
     "Hero: bets $0.08"),
    ("SilkZone: brings in for $0.02", "kobreli: brings in for $0.02", "illegal-action", "it is seat 8's turn",
     "kobreli: brings in for $0.02"),
    ("6s", "3h", "duplicate-card", "card 3h appears more than once", "Dealt to meg100 [3h]"),
])
def test_a_mistake_names_its_line_its_entry_and_the_problem_the_json_endpoints_give(client, written, instead,
                                                                                   kind, words, at):
    text = FIRST_HAND.replace(written, instead)
    hand = check(client, text, "pokerstars")["hands"][0]
    assert hand["valid"] is False and hand["state"] is None
    assert hand["error"]["type"] == PROBLEM_BASE + kind and words in hand["error"]["detail"]
    assert (hand["error"]["line"], hand["error"]["source"]) == (first_line_holding(text, at), at)


def test_a_hand_of_another_game_is_skipped_on_its_own_and_the_others_are_still_checked(client):
    holdem = EXPORT.replace("Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:26:19", "Hold'em No Limit ($0.04/$0.08 USD)"
                            " - 2009/11/26 10:26:19")
    answer = check(client, holdem, "pokerstars")
    assert answer["summary"] == {"hands": 3, "valid": 2, "agree": 2, "skipped": 1}
    hand = answer["hands"][1]
    assert (hand["valid"], hand["error"], hand["game"], hand["seats"]) == (False, None, None, [])
    assert hand["skipped"] == {"game": "Hold'em No Limit", "detail": "a hand of \"Hold'em No Limit\": not a game this "
                               "service plays", "source": holdem.splitlines()[hand["skipped"]["line"] - 1],
                               "line": first_line_holding(holdem, "Hold'em")}


def test_a_collection_other_than_the_rules_pay_is_a_discrepancy(client):
    text = EXPORT.replace("Hero collected $0.46 from pot", "Hero collected $0.45 from pot")
    hand = check(client, text, "pokerstars")["hands"][0]
    assert hand["valid"] and hand["agrees"] is False
    assert hand["discrepancies"] == [{"seat": 7, "recorded": 45 + 8, "computed": 56 - 2}]


@pytest.mark.slow
def test_a_thousand_hands_in_one_request_are_all_checked(client):
    hands = EXPORT.strip().split("\n\n\n\n")
    text = "\n\n\n".join(hands[index % 3] for index in range(1000))
    assert len(text) < 3_000_000
    assert check(client, text, "pokerstars")["summary"] == {"hands": 1000, "valid": 1000, "agree": 1000, "skipped": 0}
    refused = client.post(CHECK, json={"format": "pokerstars", "text": text + "\n\n\n" + hands[0]})
    assert refused.status_code == 422 and "at most 1000" in refused.get_json()["detail"]



def test_an_up_card_dealt_unseen_is_unreadable_at_its_deal_line(client):
    phh = sample("wsop-2023-43-5-83_03_48_33.phh")
    text = phh.replace("'d dh p1 QhQd8s'", "'d dh p1 QhQd??'")
    hand = client.post(CHECK, json={"format": "phh", "text": text}).get_json()["hands"][0]
    assert hand["error"] == {"type": PROBLEM_BASE + "unreadable-hand", "detail": "seat 1's up card 1 is dealt unknown",
                             "source": "d dh p1 QhQd??", "line": first_line_holding(text, "QhQd??")}


HOME_GAME = sample("pokerstars-8game-tournament.txt")
"""A Home Game 8-Game match: 19 razz hands among 137."""


def test_a_home_game_8_game_file_is_told_pokerstars_and_its_stud_family_hands_read_and_check(client):
    answer = check(client, HOME_GAME, None)
    assert answer["summary"] == {"hands": 137, "valid": 53, "agree": 53, "skipped": 84}
    checked = [hand for hand in answer["hands"] if hand["skipped"] is None]
    assert Counter(hand["game"] for hand in checked) == {"razz": 19, "stud": 16, "stud8": 18}
    assert all(hand["valid"] and hand["agrees"] is True for hand in checked)
    skipped = Counter(hand["skipped"]["game"] for hand in answer["hands"] if hand["skipped"] is not None)
    assert skipped == {"Hold'em Limit": 24, "Hold'em No Limit": 24, "Omaha Hi/Lo Limit": 17,
                       "Triple Draw 2-7 Lowball Limit": 18, "Omaha Pot Limit": 1}


def test_a_home_game_razz_hand_reads_its_level_and_pays_as_the_rules_pay_it(client):
    first = next(hand for hand in check(client, HOME_GAME, None)["hands"] if hand["id"] == "99632234066")
    # Level IV (30/60), ante 6, bring-in 9: 12 in antes, 9 and 9, 30 and 30 on 4th, then 60 a street twice over
    # three streets: 450 to Player0 (seat 1), who shows a 9-7 low; Hero mucks.
    assert first["snapshot"]["stakes"] == {"ante": 6, "bring_in": 9, "small_bet": 30, "big_bet": 60}
    assert first["state"]["result"]["payouts"] == [{"seat": 1, "amount": 450}, {"seat": 2, "amount": 0}]
    assert first["agrees"] is True


def _split_side_pot(client):
    """A main pot of 270 won by seat 1 and a side pot of 80 won by seat 2, as PokerStars would write it."""
    text = SIDE_POT.replace("9dThQs", "4cThQs").replace("d dh p1 9d", "d dh p1 4c").replace(
        "finishing_stacks = [0, 350, 870]", "finishing_stacks = [270, 80, 870]")
    checked = check(client, text)["hands"][0]
    assert checked["valid"] and checked["agrees"] is True
    return as_pokerstars(checked, "1")


@pytest.mark.parametrize(("first", "second", "convention"), [
    (262, 78, "the rake (10) is spread over the pots, each winner paying in proportion to what he won, as the "
              "record pays it"),
    (260, 80, "the rake (10) is taken from the main pot alone, as the record pays it"),
])
def test_a_rake_taken_by_either_convention_agrees_and_the_note_names_it(client, first, second, convention):
    text = _split_side_pot(client).replace("collected 270 from pot", f"collected {first} from pot").replace(
        "collected 80 from pot", f"collected {second} from pot").replace("| Rake 0", "| Rake 10")
    hand = check(client, text, "pokerstars")["hands"][0]
    assert hand["valid"] and hand["agrees"] is True, hand["discrepancies"]
    assert convention in hand["notes"]


def test_a_rake_no_convention_takes_is_a_discrepancy_without_a_convention_named(client):
    text = _split_side_pot(client).replace("collected 270 from pot", "collected 266 from pot").replace(
        "collected 80 from pot", "collected 74 from pot").replace("| Rake 0", "| Rake 10")
    hand = check(client, text, "pokerstars")["hands"][0]
    assert hand["valid"] and hand["agrees"] is False
    assert not any("rake" in note for note in hand["notes"])


def test_a_rake_from_one_winners_pot_needs_no_convention(client):
    hand = check(client, EXPORT, "pokerstars")["hands"][1]
    assert hand["agrees"] is True and not any("the rake" in note for note in hand["notes"])
