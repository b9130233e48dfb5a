"""The rules audit's second round, posted as written: a completion reopens everyone (reference section 4, vector 6),
the sentences that said otherwise or cited the wrong rule, and four answers that were right but surprised a caller.

Each test posts the request a finding names and asserts what the rules reference gives, with the sentence and the
citation of ``?explain=true`` that must say what decided.
"""

from dataclasses import replace

import pytest

from service.histories.allin import pot_shares
from tests.histories.phh_texts import check_one
from tests.histories.test_allin import SIDE_POT
from tests.tables import table

from .table_helpers import PROBLEM, legal, post_ok
from .test_rules_audit import why_texts

BIG_BRING_IN = {"ante": 5, "bring_in": 30, "small_bet": 40, "big_bet": 80}
COMPLETED = table({1: "Kd", 2: "7c", 3: "2c", 4: "5h"}, "s1 bring_in", "s2 call", "s3 complete", "s4 fold",
                  stakes=BIG_BRING_IN)
"""Vector 6: s1 brings in 30, s2 calls 30, s3 completes to 40 with chips behind, s4 folds."""


# -- the wrong rule: a completion reopens the bring-in seat and every limper ------------------------------------

@pytest.mark.parametrize("rules", [None, {"short_allin_threshold": "full_bet"},
                                   {"third_street_half_bet_base": "increment_over_bring_in"}])
def test_the_bring_in_seat_and_the_limper_may_raise_the_completion(client, rules):
    hand = replace(COMPLETED, rules=rules)
    assert legal(post_ok(client, "/v1/legal-actions", hand.request_body())) == ["fold", "call 40", "raise 80"]
    called = hand.then("s1 call").request_body()
    assert legal(post_ok(client, "/v1/legal-actions", called)) == ["fold", "call 40", "raise 80"]


# -- 1. no refusal cites TDA 47 unless an all-in short of a full raise closed the betting ------------------------

def test_the_raise_of_the_completion_is_played_not_refused_citing_tda_47(client):
    answer = post_ok(client, "/v1/table/state", COMPLETED.then("s1 raise").request_body())
    assert (answer["to_act"], answer["street_bet"], answer["raises"]) == (2, 80, 1)
    explained = post_ok(client, "/v1/legal-actions?explain=true", COMPLETED.then("s1 call").request_body())
    assert "TDA 47" not in {refused["source"] for refused in explained["refused"]}
    assert "TDA 47" not in {why["source"] for why in explained["why"]}


# -- 2. an all-in that uses the last raise caps the round itself; nobody folded -----------------------------------

ALL_IN_CAPS_FOURTH = table({1: "2c Ad", 2: "3c 6d", 3: "Kc Qd"}, "s3 bring_in", "s1 call", "s2 call",
                           "s1 bet", "s2 raise", "s3 raise", "s1 raise", stacks={1: 165}, rules={"preset": "rrop_cash"})
"""4th street under rrop_cash: s1 bets 40, s2 raises to 80, s3 to 120, s1 is all-in for 150 (+30, the third raise)."""


def test_the_cap_sentence_says_the_all_in_capped_the_round_and_left_two_players(client):
    answer = post_ok(client, "/v1/legal-actions?explain=true", ALL_IN_CAPS_FOURTH.request_body())
    assert (answer["to_act"], answer["capped"], legal(answer)) == (2, True, ["fold", "call 150"])
    (cap,) = [why for why in answer["why"] if why["decision"] == "cap"]
    assert cap == {"decision": "cap", "rule": "§2", "source": "RRoP Betting & Raising 4",
        "see": "/v1/rules/reference#razz-2-rrop-betting-raising-4", "text": (
        "capped: a bet and 3 raises on 4th street; the all-in to 150 used the last raise and left two players with "
        "chips: the action that capped the round made it heads-up, so it was not heads-up before the cap, and it "
        "stays capped")}
    assert not any("fold" in why["text"] for why in answer["why"] if why["decision"] == "cap")


def test_a_round_capped_three_ways_and_then_called_all_in_says_a_later_all_in(client):
    capped = table({1: "2c Ad", 2: "3c 6d", 3: "Kc Qd"}, "s3 bring_in", "s1 call", "s2 call", "s1 bet", "s2 raise",
                   "s3 raise", "s1 raise", "s2 call", stacks={2: 175}, rules={"preset": "rrop_cash"})
    answer = post_ok(client, "/v1/legal-actions?explain=true", capped.request_body())
    (cap,) = why_texts(answer, "cap")
    assert cap.endswith("the round was capped before the action became heads-up, and a later all-in does not "
                        "uncap it")


# -- 3. the caller reopened "to a participant" is told why (WSOP-L 129) -------------------------------------------

FIVE = {1: "2c Ad 3h", 2: "3c 6d 7h", 3: "4c 8d 9h", 4: "Kc Qd Jh", 5: "Ks Qs Js"}
SEVERAL_ALL_INS = table(FIVE, "s5 bring_in", "s1 call", "s2 call", "s3 call", "s4 call",
                        *(f"s{seat} check" for seat in (1, 2, 3, 4, 5)),
                        "s1 bet", "s2 raise", "s3 call", "s4 complete", "s5 raise", "s1 call",
                        stacks={2: 115, 4: 140, 5: 160})
"""5th street: s1 bets 80, s2 is all-in for 100, s3 calls 100, s4 all-in for 125 (counts as a raise), s5 all-in
for 145 (does not), s1 calls: s3 matched 100 and faces 45."""


def test_the_caller_facing_forty_five_more_is_told_why_he_is_reopened(client):
    answer = post_ok(client, "/v1/legal-actions?explain=true", SEVERAL_ALL_INS.request_body())
    assert (answer["to_act"], legal(answer)) == (3, ["fold", "call 145", "complete 205"])
    (reopened,) = [why for why in answer["why"] if why["decision"] == "reopened"]
    assert reopened == {"decision": "reopened", "rule": "§4", "source": "WSOP-L 129",
        "see": "/v1/rules/reference#razz-4-wsop-l-129", "text": (
        "seat 3 has acted, matching 100, and faces 45 more, at least half a bet of 80 to it: the all-ins since count "
        "as a raise to a participant, so the betting is reopened for it")}
    assert why_texts(answer, "short_all_in")[-1] == (
        "seat 5's all-in to 145 on 5th street is 20 over 125, against a bet of 80: under half, so it is not a full "
        "bet or raise and does not by itself reopen the betting for those who acted")


# -- 4. the bettor tables first; the caller who mucks concedes a contested pot ------------------------------------

SEVENTH_MUCK = table({4: "Kd 8c 7c 6c", 6: "9h 8h 5h 4h"}, "s4 bring_in", "s6 call",
                     *("s6 check", "s4 check") * 3, "s6 check", "s4 bet", "s6 call",
                     down={4: "Ac 2c 3c", 6: "Ah 2h Th"}, mucked={6})
"""7th street: seat 4 bets, seat 6 calls, seat 6 mucks."""


def test_the_caller_who_mucks_concedes_and_the_pot_is_not_uncontested(client):
    answer = post_ok(client, "/v1/table/state?explain=true", SEVENTH_MUCK.request_body())
    result = answer["result"]
    assert (result["uncontested"], result["winners"], result["show_order"]) == (False, [4], [4, 6])
    assert not any("without showing" in why["text"] for why in answer["why"])
    assert why_texts(answer, "pot") == ["main pot of 190: seat 6 reached it too but mucked, conceding it, so seat 4 "
                                        "takes it"]
    assert why_texts(answer, "show_order") == ["seat 4 bet or raised last on 7th street and shows first, then "
                                               "clockwise (4, 6)"]


def test_a_fold_during_the_betting_is_still_uncontested(client):
    folded = table({4: "Kd 8c 7c 6c", 6: "9h 8h 5h 4h"}, "s4 bring_in", "s6 call", *("s6 check", "s4 check") * 3,
                   "s6 check", "s4 bet", "s6 fold")
    result = post_ok(client, "/v1/table/state", folded.request_body())["result"]
    assert (result["uncontested"], result["show_order"]) == (True, [])


# -- 5. the raise over an all-in that counts as the bet: all-in plus one bet (RRoP B&R 5) ---------------------------

ALL_IN_BET = table({1: "2c Ad", 2: "3c 6d", 3: "4c 8d", 4: "Kc Qd"}, "s4 bring_in", "s1 call", "s2 call", "s3 call",
                   "s1 bet", stacks={1: 40})
"""4th street: s1 bets all-in for 25, at least half of 40: it counts as the bet."""


def test_the_raise_over_the_all_in_bet_cites_the_all_in_plus_one_bet_rule(client):
    answer = post_ok(client, "/v1/legal-actions?explain=true", ALL_IN_BET.request_body())
    assert (answer["to_act"], legal(answer)) == (2, ["fold", "call 25", "raise 65"])
    (raised,) = [why for why in answer["why"] if why["decision"] == "legal_action" and "raise" in why["text"]]
    assert raised == {"decision": "legal_action", "rule": "§4", "source": "RRoP Betting & Raising 5",
        "see": "/v1/rules/reference#razz-4-rrop-betting-raising-5", "text": (
        "seat 2 may raise to 65: one small bet of 40 over the all-in to 25, which counts as a full bet or raise")}


# -- right but surprising, settled ---------------------------------------------------------------------------------

def test_the_showdown_refuses_a_mucked_hand_that_put_in_less_as_all_in(client):
    body = {"players": [{"seat": 1, "contributed": 50, "mucked": True},
                        {"seat": 2, "contributed": 100, "cards": ["8d", "6d", "4d", "3d", "2d", "Kd", "Qd"]},
                        {"seat": 3, "contributed": 100, "cards": ["9s", "8s", "7s", "6s", "5s", "Ks", "Qs"]}]}
    response = client.post("/v1/showdown", json=body)
    assert (response.status_code, response.content_type) == (422, PROBLEM)
    message = "seat 1 may not muck: seat 1 is all-in and the betting is over, so every live hand is tabled at once"
    assert response.get_json() == {
        "type": "https://razz.rules/problems/illegal-action", "title": "Unprocessable Entity", "status": 422,
        "detail": f"players[0].mucked: {message}", "errors": {"players[0].mucked": [message]}, "rule": "§5",
        "source": "TDA 16", "see": "/v1/rules/reference#razz-5-tda-16"}


def test_street_bet_is_described_as_the_amount_a_call_reaches_at_the_full_level(client):
    answer = post_ok(client, "/v1/legal-actions", table({1: "Kd", 2: "7c"}, "s1 bring_in").request_body())
    assert (answer["street_bet"], answer["highest_bet"]) == (10, 10)
    schema = client.get("/openapi.json").get_json()["components"]["schemas"]
    description = next(schema[name]["properties"]["street_bet"]["description"] for name in schema
                       if "street_bet" in schema[name].get("properties", {}))
    assert "before any, the bring-in a call must reach, which is no full level" in description


def test_event_heads_up_says_two_players_were_dealt_in(client):
    options = {option["name"]: option for option in client.get("/v1/rules").get_json()["options"]}
    assert "event_heads_up, when exactly two players were dealt in" in options["heads_up_uncap"]["description"]


def test_each_pots_expectations_sum_exactly_to_it(client):
    hand = check_one(client, SIDE_POT)
    allin = hand["allin"]
    rounded = {}
    for pot in allin["pots"]:
        shares = pot_shares(pot["amount"], tuple((share["seat"], share["equity"]) for share in pot["equities"]))
        assert sum(chips for _, chips in shares) == pot["amount"]
        for seat, chips in shares:
            rounded[seat] = rounded.get(seat, 0) + chips
    assert {share["seat"]: share["amount"] for share in allin["expected"] if share["seat"] in rounded} == rounded
    assert sum(share["amount"] for share in allin["expected"]) == sum(pot["amount"] for pot in allin["pots"])


# -- a real hand: a re-raise of a completion over a large bring-in is valid -----------------------------------------

RE_RAISED_COMPLETION = """\
variant = 'FR'
antes = [5, 5, 5]
bring_in = 30
small_bet = 40
big_bet = 80
starting_stacks = [1000, 1000, 1000]
actions = [
  'd dh p1 AsKdKh', 'd dh p2 2c3c7c', 'd dh p3 4d5d2h',
  'p1 pb', 'p2 cc', 'p3 cbr 40', 'p1 cbr 80', 'p2 cc', 'p3 cc',
  'd dh p1 Qs', 'd dh p2 8c', 'd dh p3 6d', 'p3 cc', 'p1 cc', 'p2 cc',
  'd dh p1 Js', 'd dh p2 9c', 'd dh p3 7d', 'p3 cc', 'p1 cc', 'p2 cc',
  'd dh p1 Ts', 'd dh p2 Tc', 'd dh p3 8d', 'p3 cc', 'p1 cc', 'p2 cc',
  'd dh p1 9s', 'd dh p2 Jc', 'd dh p3 Ah', 'p3 cc', 'p1 cc', 'p2 cc',
  'p3 sm 4d5d2h6d7d8dAh', 'p1 sm', 'p2 sm',
]
"""
"""The bring-in seat (p1, Kh up) brings in 30, p2 calls, p3 completes to 40, p1 re-raises to 80, both call; checked
down, p3 shows 6-5-4-2-A and the others muck."""


def test_a_history_that_re_raises_a_completion_over_a_large_bring_in_is_valid(client):
    hand = check_one(client, RE_RAISED_COMPLETION)
    assert hand["valid"] is True, hand["error"]
    third = hand["state"]["streets"][0]["actions"]
    assert [(action["seat"], action["type"], action.get("amount")) for action in third] == [
        (1, "bring_in", 30), (2, "call", 30), (3, "complete", 40), (1, "raise", 50), (2, "call", 50), (3, "call", 40)]
