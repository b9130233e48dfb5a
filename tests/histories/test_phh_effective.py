"""Effective amounts: an increase written as the total the last opponent can match all-in.

Heads-up at 100/100/300/600 (ante, bring-in, small bet, big bet). p1 (Ks, the bring-in) is short;
p2 is deep. The rules' increase is one bet over the level (section 4); a history may write it as
the most p1 can match, with the same chips in play. The check takes the rules' amount, notes it,
and the settlement hands the excess back uncalled (section 6).
"""

from tests.tables import payouts

from .lines import first_line_holding
from .phh_texts import check_one, phh, problem

DEEP = 10_000
RIVER = ["d dh p1 3s", "d dh p2 8h", "d dh p1 4s", "d dh p2 9h", "d dh p1 5d", "d dh p2 Th", "d dh p1 7c", "d dh p2 Jc",
         "p1 sm As2sKs3s4s5d7c", "p2 sm QhQd8s8h9hThJc"]
"""4th to 7th street dealt with nobody left to bet, and the shows: p1's 5-4-3-2-A beats p2's queens and eights."""


def heads_up(stack, betting, finishing=None):
    """The hand: p1 starts with ``stack``, p2 deep; ``betting`` on 3rd street, then the rest dealt and shown."""
    fields = {"variant": "FR", "antes": [100, 100], "bring_in": 100, "small_bet": 300, "big_bet": 600,
              "starting_stacks": [stack, DEEP]}
    if finishing is not None:
        fields["finishing_stacks"] = finishing
    return phh(fields, ["d dh p1 As2sKs", "d dh p2 QhQd8s", *betting, *RIVER])


def test_a_raise_written_as_what_the_short_stack_can_match_is_the_full_raise_noted(client):
    """p1 (900) is in for 600 with 200 behind: p2's raise is to 900, written to the 800 p1 can reach."""
    p1_in = 100 + 800  # the ante, then every chip: the bring-in, the raise to 600 and the call all-in of 200
    p2_in = 100 + 900  # the ante and the raise to 900, of which the 100 over 800 nobody can call
    text = heads_up(900, ["p1 pb", "p2 cbr 300", "p1 cbr 600", "p2 cbr 800", "p1 cc"],
                    finishing=[2 * p1_in, DEEP - p2_in + 100])
    hand = check_one(client, text)
    assert hand["valid"] and hand["agrees"] is True, (hand["error"], hand["discrepancies"])
    assert hand["snapshot"]["actions"][3] == {"seat": 2, "type": "raise", "amount": 600}  # 300 -> 900
    (note,) = hand["notes"]
    assert f"line {first_line_holding(text, 'p2 cbr 800')}" in note and "900" in note and "100" in note
    state = hand["state"]
    assert [pot["amount"] for pot in state["pots"]] == [2 * p1_in, 100]
    assert (state["pots"][1]["eligible"], state["result"]["pots"][1]["winners"]) == ([2], [2])
    assert payouts(hand["state"]["result"]) == {1: 2 * p1_in, 2: 100}


def test_a_completion_written_as_what_the_short_bring_in_can_match_is_the_full_completion(client):
    """p1 (350) brings in 100 with 150 behind: p2 completes to 300, written to the 250 p1 can reach."""
    text = heads_up(350, ["p1 pb", "p2 cbr 250", "p1 cc"], finishing=[700, DEEP - 400 + 50])
    hand = check_one(client, text)
    assert hand["valid"] and hand["agrees"] is True, (hand["error"], hand["discrepancies"])
    assert hand["snapshot"]["actions"][1] == {"seat": 2, "type": "complete", "amount": 300}
    assert len(hand["notes"]) == 1 and "300" in hand["notes"][0] and "50" in hand["notes"][0]
    assert payouts(hand["state"]["result"]) == {1: 700, 2: 50}


def test_the_hand_written_back_writes_the_rules_amount(client):
    hand = check_one(client, heads_up(900, ["p1 pb", "p2 cbr 300", "p1 cbr 600", "p2 cbr 800", "p1 cc"]))
    assert "p2 cbr 900" in hand["phh"] and "p2 cbr 800" not in hand["phh"]
    again = check_one(client, hand["phh"])
    assert again["notes"] == [] and again["state"] == hand["state"]


def test_a_raise_to_the_full_total_gets_no_note(client):
    hand = check_one(client, heads_up(900, ["p1 pb", "p2 cbr 300", "p1 cbr 600", "p2 cbr 900", "p1 cc"]))
    assert hand["valid"] and hand["notes"] == []


def assert_illegal(client, text, source):
    hand = check_one(client, text)
    assert hand["error"] is not None, hand["notes"]
    assert (hand["error"]["type"], hand["error"]["source"], hand["error"]["line"]) == (
        problem("illegal-action"), source, first_line_holding(text, f"'{source}'"))
    assert hand["notes"] == []


def test_a_raise_short_of_the_full_total_and_of_the_opponents_reach_is_illegal(client):
    assert_illegal(client, heads_up(900, ["p1 pb", "p2 cbr 300", "p1 cbr 600", "p2 cbr 850", "p1 cc"]), "p2 cbr 850")


def test_a_raise_past_the_full_total_is_illegal(client):
    assert_illegal(client, heads_up(900, ["p1 pb", "p2 cbr 300", "p1 cbr 600", "p2 cbr 1000", "p1 cc"]), "p2 cbr 1000")


def test_a_raise_to_what_a_deep_opponent_could_reach_is_no_effective_amount(client):
    """With p1 deep, 800 is nothing he is limited to: the raise is to 900."""
    assert_illegal(client, heads_up(5000, ["p1 pb", "p2 cbr 300", "p1 cbr 600", "p2 cbr 800", "p1 cc"]), "p2 cbr 800")


def test_a_completion_to_the_short_stacks_reach_with_a_deep_player_still_to_act_is_illegal(client):
    """Three-handed: p3 can match the full completion, so 250 is not what the last opponent can match."""
    fields = {"variant": "FR", "antes": [100] * 3, "bring_in": 100, "small_bet": 300, "big_bet": 600,
              "starting_stacks": [350, DEEP, DEEP]}
    text = phh(fields, ["d dh p1 As2sKs", "d dh p2 QhQd8s", "d dh p3 JhJd7d", "p1 pb", "p2 cbr 250", "p3 cc",
                        "p1 cc"])
    assert_illegal(client, text, "p2 cbr 250")
