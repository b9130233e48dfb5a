"""What a history says was paid, compared with what the rules pay: finishing stacks and winnings.

The amounts here are worked out from each hand's entries (the pots are in phh_texts.py):
a finishing stack is the starting stack less every chip put in, plus the pots won and any uncalled
bet handed back; winnings are the pots won, an uncalled bet not among them (it was never called
into a pot: section 6, "an uncalled excess is returned").
"""

import pytest

from .phh_texts import POT_20, POT_22, POT_24, POT_83, check, check_one, phh, problem, sample_fields, sample_text


def with_record(number, name, amounts):
    """A sample with ``finishing_stacks`` replaced by the field ``name`` holding ``amounts``."""
    fields = {field: value for field, value in sample_fields(number).items() if field != "finishing_stacks"}
    return phh({**fields, name: amounts})


@pytest.mark.parametrize("number, seat, change", [("24", 3, 1000), ("24", 2, -50000), ("83", 1, 5), ("20", 5, 1)])
def test_one_finishing_stack_changed_is_the_one_discrepancy(client, number, seat, change):
    fields = sample_fields(number)
    stacks = list(fields["finishing_stacks"])
    right = stacks[seat - 1]
    stacks[seat - 1] += change
    hand = check_one(client, phh({**fields, "finishing_stacks": stacks}))
    assert hand["valid"] and hand["agrees"] is False
    assert hand["discrepancies"] == [{"seat": seat, "recorded": right + change, "computed": right}]


def test_every_finishing_stack_wrong_is_a_discrepancy_each(client):
    fields = sample_fields("83")
    hand = check_one(client, phh({**fields, "finishing_stacks": [2_150_000, 27_550_000]}))  # as if nothing happened
    assert hand["agrees"] is False
    assert hand["discrepancies"] == [{"seat": 1, "recorded": 2_150_000, "computed": 1_950_000},
                                     {"seat": 2, "recorded": 27_550_000, "computed": 27_750_000}]


def test_a_disagreeing_hand_is_still_valid_and_not_counted_as_agreeing(client):
    fields = sample_fields("24")
    wrong = phh({**fields, "finishing_stacks": [6_500_000, 3_575_000, 6_625_001, 7_000_000, 6_000_000]})
    answer = check(client, f"[1]\n{sample_text('83')}\n[2]\n{wrong}")
    assert answer["summary"] == {"hands": 2, "valid": 2, "agree": 1, "skipped": 0}


WINNINGS = {
    "20": [0, 0, POT_20 - 400_000, 0, 0],  # p3's 6th-street bet is never called: it comes back, not won
    "22": [0, 0, 0, 0, POT_22 - 200_000],  # p5's 4th-street bet is never called
    "24": [0, 0, POT_24, 0, 0],  # the 7th-street bet was called: the whole pot is won
    "83": [0, POT_83 - 200_000],  # the completion's 200,000 over the bring-in is never called
}


@pytest.mark.parametrize("number", sorted(WINNINGS))
def test_winnings_instead_of_finishing_stacks_agree_when_right(client, number):
    hand = check_one(client, with_record(number, "winnings", WINNINGS[number]))
    assert hand["valid"] and hand["agrees"] is True, hand["discrepancies"]
    assert hand["recorded"]["kind"] == "winnings"
    assert [share["amount"] for share in hand["recorded"]["amounts"]] == WINNINGS[number]


def test_winnings_that_count_the_uncalled_bet_as_won_disagree(client):
    hand = check_one(client, with_record("83", "winnings", [0, POT_83]))
    assert hand["agrees"] is False
    assert hand["discrepancies"] == [{"seat": 2, "recorded": POT_83, "computed": POT_83 - 200_000}]


def test_winnings_paid_to_the_loser_disagree_for_both_seats(client):
    hand = check_one(client, with_record("24", "winnings", [0, POT_24, 0, 0, 0]))
    assert hand["agrees"] is False
    assert hand["discrepancies"] == [{"seat": 2, "recorded": POT_24, "computed": 0},
                                     {"seat": 3, "recorded": 0, "computed": POT_24}]


def test_nothing_recorded_agrees_with_nothing(client):
    fields = {field: value for field, value in sample_fields("24").items() if field != "finishing_stacks"}
    hand = check_one(client, phh(fields))
    assert hand["valid"]
    assert (hand["recorded"], hand["agrees"], hand["discrepancies"]) == (None, None, [])
    assert check(client, phh(fields))["summary"] == {"hands": 1, "valid": 1, "agree": 0, "skipped": 0}


def test_a_record_of_a_hand_not_decided_is_noted_not_judged(client):
    """p2's hole cards are unknown and he never shows: the showdown cannot be settled from the history."""
    fields = sample_fields("24")
    actions = [entry for entry in fields["actions"] if entry not in ("p3 sm 4s3d2d8s3s5s6c", "p2 sm")]
    actions[actions.index("d dh p2 As6h3c")] = "d dh p2 ????3c"
    actions[actions.index("d dh p2 5d")] = "d dh p2 ??"
    hand = check_one(client, phh(fields, actions))
    assert hand["valid"], hand["error"]
    assert (hand["agrees"], hand["discrepancies"]) == (None, [])
    assert hand["state"]["result"] is None
    assert any("not decided" in note for note in hand["notes"]), hand["notes"]


def test_a_record_with_an_amount_missing_is_unreadable(client):
    fields = sample_fields("24")
    text = phh({**fields, "finishing_stacks": fields["finishing_stacks"][:4]})
    hand = check_one(client, text)
    assert hand["error"]["type"] == problem("unreadable-hand")
    assert hand["error"]["source"].startswith("finishing_stacks =")


def unknown_first_stack(finishing):
    """Hand 83 with p1's starting stack written ``inf`` (not known) and ``finishing`` recorded."""
    fields = sample_fields("83")
    return phh(fields).replace("starting_stacks = [2150000, 27550000]", "starting_stacks = [inf, 27550000]").replace(
        "finishing_stacks = [1950000, 27750000]", f"finishing_stacks = {finishing}")


def test_an_unknown_starting_stack_is_noted_and_the_hand_still_checked(client):
    hand = check_one(client, unknown_first_stack("[inf, 27750000]"))
    assert hand["valid"] and hand["agrees"] is True, hand["discrepancies"]
    assert any("seat 1" in note and "not known" in note for note in hand["notes"]), hand["notes"]
    assert {player["seat"]: player["stack"] for player in hand["state"]["players"]}[2] == 27_550_000 - 400_000


def test_a_finishing_stack_is_not_judged_against_a_starting_stack_nobody_knows(client):
    """p1's 1,950,000 after the hand cannot be checked without his stack before it: no discrepancy is invented."""
    hand = check_one(client, unknown_first_stack("[1950000, 27750000]"))
    assert hand["valid"]
    assert [found for found in hand["discrepancies"] if found["seat"] == 1] == []
    assert hand["agrees"] is not False


def test_a_known_seat_is_still_judged_beside_an_unknown_one(client):
    hand = check_one(client, unknown_first_stack("[inf, 27000000]"))
    assert hand["agrees"] is False
    assert hand["discrepancies"] == [{"seat": 2, "recorded": 27_000_000, "computed": 27_750_000}]
