"""Hands a rules expert worked out from the reference before reading the service's answer, posted as written.

Each request is one line of JSON, as the expert sent it, or one built the same way to show the
same fault; each test asserts the answer the rules reference gives (sections 4 and 5 and their
rulings of 2026-12, and the sentences of ``?explain=true``, which must say what decided).
"""

import json

import pytest

from service.stud_family.why import Citation
from tests.tables import table

from .table_helpers import PROBLEM, legal, post_ok

REOPENED_PER_PLAYER = json.loads(
    '{"stakes":{"ante":5,"bring_in":10,"small_bet":40,"big_bet":80},"players":[{"seat":1,"stack":1000,"up_cards":'
    '["2c","3c"]},{"seat":2,"stack":65,"up_cards":["5d","6d"]},{"seat":3,"stack":1000,"up_cards":["Ks","9h"]},'
    '{"seat":4,"stack":80,"up_cards":["Qd","Jd"]},{"seat":5,"stack":1000,"up_cards":["Th","8c"]}],"actions":['
    '{"seat":3,"type":"bring_in"},{"seat":4,"type":"call"},{"seat":5,"type":"call"},{"seat":1,"type":"call"},'
    '{"seat":2,"type":"call"},{"seat":1,"type":"bet"},{"seat":2,"type":"raise"},{"seat":3,"type":"call"},'
    '{"seat":4,"type":"complete"},{"seat":5,"type":"call"},{"seat":1,"type":"call"}]}')
"""4th street: s1 bets 40, s2 is all-in for 50, s3 calls 50, s4 is all-in for 65, s5 and s1 call; s3 is to act."""


def why_texts(answer, decision):
    """The sentences of one kind of decision in an explained answer."""
    return [why["text"] for why in answer["why"] if why["decision"] == decision]


# -- 1. reopening is judged per player (section 4, test vector 5) -------------------------------------------

def test_the_caller_of_fifty_facing_fifteen_more_may_not_raise(client):
    answer = post_ok(client, "/v1/legal-actions?explain=true", REOPENED_PER_PLAYER)
    assert (answer["to_act"], legal(answer)) == (3, ["fold", "call 65"])
    (raise_refused,) = [refused for refused in answer["refused"] if refused["type"] == "raise"]
    assert raise_refused == {"type": "raise", "rule": "§4", "source": "TDA 47",
                             "see": "/v1/rules/reference#razz-4-tda-47", "text": (
        "it has acted, matching 50, and faces only 15 more, under half a bet of 40: all-ins short of a full bet or "
        "raise reopen the betting only for a player facing half a bet more")}


def test_the_raise_by_the_caller_is_a_422_citing_tda_47(client):
    body = REOPENED_PER_PLAYER | {"actions": [*REOPENED_PER_PLAYER["actions"], {"seat": 3, "type": "raise"}]}
    response = client.post("/v1/table/state", json=body)
    assert (response.status_code, response.content_type) == (422, PROBLEM)
    problem = response.get_json()
    assert (problem["type"], problem["rule"], problem["source"]) == (
        "https://razz.rules/problems/illegal-action", "§4", "TDA 47")
    assert problem["detail"].startswith("actions[11]: seat 3 may not raise: it has acted, matching 50")


def test_everyone_reopens_him_as_before(client):
    body = REOPENED_PER_PLAYER | {"rules": {"short_allin_reopens": "everyone"}}
    assert legal(post_ok(client, "/v1/legal-actions", body)) == ["fold", "call 65", "raise 105"]


def test_the_bettor_facing_twenty_five_more_is_reopened(client):
    body = REOPENED_PER_PLAYER | {"actions": REOPENED_PER_PLAYER["actions"][:-1]}
    answer = post_ok(client, "/v1/legal-actions?explain=true", body)
    assert (answer["to_act"], legal(answer)) == (1, ["fold", "call 65", "raise 105"])
    assert why_texts(answer, "short_all_in")[-1].endswith(
        "at least half, so it counts as a full bet or raise: the level is 65, and it reopens the betting for a player "
        "who has acted only if he faces at least half a bet more than he matched (short_allin_reopens per_player)")


def test_the_option_is_listed_with_its_values(client):
    options = {option["name"]: option for option in client.get("/v1/rules").get_json()["options"]}
    assert options["short_allin_reopens"]["values"] == ["per_player", "everyone"]
    assert options["short_allin_reopens"]["default"] == "per_player"


# -- 2. a muck where every hand is tabled (section 5, ruling of 2026-12) --------------------------------------

MUCKED_ALL_IN = json.loads(
    '{"stakes":{"ante":5,"bring_in":10,"small_bet":40,"big_bet":80},"players":[{"seat":1,"stack":30,"up_cards":'
    '["3c","4c","5c","6c"],"down_cards":["Ac","2c","Kc"],"mucked":true},{"seat":2,"stack":1000,"up_cards":["3d","4d",'
    '"6d","7d"],"down_cards":["Ad","2d","Kd"]},{"seat":3,"stack":1000,"up_cards":["3h","5h","7h","8h"],"down_cards":'
    '["Ah","2h","Kh"]},{"seat":4,"stack":1000,"up_cards":["Js","Ts","9s","8s"],"down_cards":["Ks","Qs","7s"]}],'
    '"actions":[{"seat":4,"type":"bring_in"},{"seat":1,"type":"call"},{"seat":2,"type":"complete"},{"seat":3,"type":'
    '"call"},{"seat":4,"type":"call"},{"seat":1,"type":"call"},{"seat":2,"type":"check"},{"seat":3,"type":"check"},'
    '{"seat":4,"type":"check"},{"seat":2,"type":"check"},{"seat":3,"type":"check"},{"seat":4,"type":"check"},{"seat":'
    '2,"type":"check"},{"seat":3,"type":"check"},{"seat":4,"type":"check"},{"seat":2,"type":"check"},{"seat":3,"type":'
    '"check"},{"seat":4,"type":"check"}]}')
"""Seat 1 is all-in for 30 with 5-4-3-2-A and marked mucked; the other three check every street after."""


@pytest.mark.parametrize("path", ["/v1/legal-actions", "/v1/table/state", "/v1/table/state?explain=true"])
def test_a_muck_where_every_hand_is_tabled_is_refused_naming_the_seat(client, path):
    response = client.post(path, json=MUCKED_ALL_IN)
    assert (response.status_code, response.content_type) == (422, PROBLEM)
    message = "seat 1 may not muck: seat 1 is all-in and the betting is over, so every live hand is tabled at once"
    assert response.get_json() == {
        "type": "https://razz.rules/problems/illegal-action", "title": "Unprocessable Entity", "status": 422,
        "detail": f"players[0].mucked: {message}", "errors": {"players[0].mucked": [message]}, "rule": "§5",
        "source": "TDA 16", "see": "/v1/rules/reference#razz-5-tda-16"}


def test_without_the_muck_the_tabled_wheel_wins_the_main_pot(client):
    players = [{key: value for key, value in player.items() if key != "mucked"} for player in MUCKED_ALL_IN["players"]]
    result = post_ok(client, "/v1/table/state", MUCKED_ALL_IN | {"players": players})["result"]
    assert [(pot["amount"], pot["winners"]) for pot in result["pots"]] == [(120, [1]), (45, [2])]
    assert (result["shown_at_once"], result["show_order"]) == (True, [2, 3, 4, 1])


MUCKED_ALL_IN_PHH = """\
variant = 'FR'
antes = [5, 5, 5, 5]
bring_in = 10
small_bet = 40
big_bet = 80
starting_stacks = [30, 1000, 1000, 1000]
actions = [
  'd dh p1 {hole}3c', 'd dh p2 Ad2d3d', 'd dh p3 Ah2h3h', 'd dh p4 KsQsJs',
  'p4 pb', 'p1 cc', 'p2 cbr 40', 'p3 cc', 'p4 cc', 'p1 cc',
  'd dh p1 4c', 'd dh p2 4d', 'd dh p3 5h', 'd dh p4 Ts', 'p2 cc', 'p3 cc', 'p4 cc',
  'd dh p1 5c', 'd dh p2 6d', 'd dh p3 7h', 'd dh p4 9s', 'p2 cc', 'p3 cc', 'p4 cc',
  'd dh p1 6c', 'd dh p2 7d', 'd dh p3 8h', 'd dh p4 8s', 'p2 cc', 'p3 cc', 'p4 cc',
  'd dh p1 {seventh}', 'd dh p2 Kd', 'd dh p3 Kh', 'd dh p4 7s', 'p2 cc', 'p3 cc', 'p4 cc',
  'p2 sm Ad2d3d4d6d7dKd', 'p3 sm Ah2h3h5h7h8hKh', 'p4 sm KsQsJsTs9s8s7s', 'p1 sm',
]
"""
"""The same hand as a PHH history records it: seat 1 mucks at the end (line 14), its cards dealt as written."""


def check_phh(client, text):
    """The one checked hand of a PHH text."""
    answer = post_ok(client, "/v1/hand-histories/check?explain=true", {"format": "phh", "text": text})
    return answer["hands"][0]


def test_a_history_that_records_the_muck_lets_the_written_cards_speak(client):
    hand = check_phh(client, MUCKED_ALL_IN_PHH.format(hole="AcKc", seventh="2c"))
    assert hand["valid"] is True
    assert 'line 14 ("p1 sm"): seat 1 mucks, but seat 1 is all-in and the betting is over, so TDA 16 tabled every ' \
           'live hand: its cards, written, speak (TDA 12), and the pots go by them' in hand["notes"]
    assert not any(player.get("mucked") for player in hand["snapshot"]["players"])
    result = hand["state"]["result"]
    assert [(pot["amount"], pot["winners"]) for pot in result["pots"]] == [(120, [1]), (45, [2])]
    assert not [why for why in hand["why"] if why["decision"] == "muck"]


def test_a_history_that_records_the_muck_without_the_cards_concedes_as_written(client):
    hand = check_phh(client, MUCKED_ALL_IN_PHH.format(hole="????", seventh="??"))
    assert hand["valid"] is True
    assert 'line 14 ("p1 sm"): seat 1 mucks, but seat 1 is all-in and the betting is over, so TDA 16 tabled every ' \
           'live hand: its cards are not written, so it concedes, as the history records' in hand["notes"]
    assert [player["seat"] for player in hand["snapshot"]["players"] if player.get("mucked")] == [1]
    result = hand["state"]["result"]
    assert [(pot["amount"], pot["winners"]) for pot in result["pots"]] == [(165, [2])]
    assert why_texts(hand, "muck") == [
        "seat 1 mucked at showdown, as the history records though every live hand was tabled at once (TDA 16), its "
        "cards unwritten: it concedes every pot it contests, and its chips in them stay there"]


# -- 3. adjacent pots with the same eligible seats are one pot (api.md), a fold between them too ---------------

MERGED = json.loads(
    '{"players":[{"seat":1,"contributed":50,"folded":true},{"seat":2,"contributed":100,"cards":["8d","6d","4d","3d",'
    '"2d","Kd","Qd"]},{"seat":3,"contributed":100,"cards":["9s","8s","7s","6s","5s","Ks","Qs"]}]}')


def test_the_pots_a_fold_separates_are_one_pot(client):
    answer = post_ok(client, "/v1/showdown", MERGED)
    assert answer["pots"] == [{"amount": 250, "eligible": [2, 3], "winners": [2],
                               "shares": [{"seat": 2, "amount": 250}], "winning_hand": "8-6-4-3-2"}]
    assert answer["payouts"] == [{"seat": 1, "amount": 0}, {"seat": 2, "amount": 250}, {"seat": 3, "amount": 0}]


def test_the_table_state_cuts_its_pots_so_far_the_same_way(client):
    result = check_phh(client, MUCKED_ALL_IN_PHH.format(hole="????", seventh="??"))["state"]
    assert result["pots"] == [{"amount": 165, "eligible": [2, 3, 4]}]


# -- 4. last_aggressor_any_street: the first to bet or raise on the latest street with a bet --------------------

SIXTH_BET_AND_RAISED = table(
    {1: "Kd 9c 8c 7c", 2: "5h 4h 3h 2h", 3: "Qs Js Ts 6s"}, "s1 bring_in", "s2 call", "s3 call",
    *("s2 check", "s3 check", "s1 check") * 2, "s2 check", "s3 bet", "s1 raise", "s2 call", "s3 call",
    "s2 check", "s3 check", "s1 check", down={1: "Ac 2c 3c", 2: "Ad 2d 3d", 3: "Ah 2s 3s"},
    rules={"no_bet_show_order": "last_aggressor_any_street"})
"""On 6th street s3 bets and s1 raises, the last aggressor; 7th street is checked through."""


def test_the_first_to_bet_on_the_latest_street_with_a_bet_shows_first_and_the_why_says_so(client):
    answer = post_ok(client, "/v1/table/state?explain=true", SIXTH_BET_AND_RAISED.request_body())
    assert answer["result"]["show_order"] == [3, 1, 2]
    assert why_texts(answer, "show_order") == [
        "nobody bet on 7th street: under last_aggressor_any_street the first live player to bet or raise on the "
        "latest street on which one did shows first (the first, not the last): seat 3, on 6th street, then clockwise "
        "(3, 1, 2)"]


def test_get_rules_says_what_last_aggressor_any_street_does(client):
    options = {option["name"]: option for option in client.get("/v1/rules").get_json()["options"]}
    assert "last_aggressor_any_street, the first live player to bet or raise on the latest street on which one did " \
           "(the first, not the last, whatever the name says), else the lowest board" in \
           options["no_bet_show_order"]["description"]


# -- 5. the bring-in seat's opening post: what it could not do is said of that post only ---------------------

DOORS = {1: "7c", 2: "Kd", 3: "Ks", 4: "As"}
"""Section 1's example 1: s3 (Ks) brings in."""


def test_once_the_bring_in_is_posted_the_opener_sentence_is_of_the_post(client):
    body = table(DOORS, "s3 bring_in", "s4 complete", "s1 call", "s2 call").request_body()
    answer = post_ok(client, "/v1/legal-actions?explain=true", body)
    assert (answer["to_act"], legal(answer)) == (3, ["fold", "call 40", "raise 80"])
    assert why_texts(answer, "opener") == [
        "seat 3 opened 3rd street: it had to post the bring-in or complete, and could not check or fold in its "
        "opening post"]


def test_before_the_post_it_may_not_check_or_fold(client):
    answer = post_ok(client, "/v1/legal-actions?explain=true", table(DOORS).request_body())
    assert legal(answer) == ["bring_in 10", "complete 40"]
    assert why_texts(answer, "opener") == [
        "seat 3 opens 3rd street: it posts the bring-in or completes, and may not check or fold"]


# -- 6. an all-in that uses the last raise of the cap caps the round, it reopens nothing --------------------------

ALL_IN_CAPS = table({1: "7c", 2: "2d", 3: "Ks", 4: "As", 5: "3c", 6: "4d", 7: "5h", 8: "6s"},
                    "s3 bring_in", "s4 complete", "s5 raise", "s6 raise", "s7 raise", stacks={7: 145})
"""3rd street: complete 40, raises to 80 and 120, then s7 all-in for 140, +20 over 120: half a bet, the third raise."""


def test_an_all_in_that_is_the_third_raise_is_said_to_cap_the_round(client):
    answer = post_ok(client, "/v1/legal-actions?explain=true", ALL_IN_CAPS.request_body())
    assert (answer["capped"], legal(answer)) == (True, ["fold", "call 140"])
    assert why_texts(answer, "short_all_in") == [
        "seat 7's all-in to 140 on 3rd street is 20 over 120, against a bet of 40: at least half, so it counts as a "
        "full bet or raise: the level is 140, and it uses the last raise the cap allows, so the betting is capped, "
        "not reopened: the others may call or fold"]


# -- 7. a short all-in bet is no full bet, and the cap sentence says so --------------------------------------

FIFTH = {1: "2c Ad 3h", 2: "3c 6d 7h", 3: "4c 8d 9h", 4: "Kc Qd Jh"}
TO_FIFTH = ("s4 bring_in", "s1 call", "s2 call", "s3 call", "s1 check", "s2 check", "s3 check", "s4 check")
"""Section 4's tables: four players reach 5th street, where s1 holds the lowest board and acts first."""


def test_facing_a_short_all_in_bet_the_cap_sentence_says_no_full_bet(client):
    body = table(FIFTH, *TO_FIFTH, "s1 bet 30", stacks={1: 45}).request_body()
    answer = post_ok(client, "/v1/legal-actions?explain=true", body)
    assert (answer["to_act"], legal(answer)) == (2, ["fold", "call 30", "complete 80"])
    (cap,) = [why for why in answer["why"] if why["decision"] == "cap"]
    assert cap == {"decision": "cap", "rule": "§2", "source": "RRoP Betting & Raising 3",
                   "see": "/v1/rules/reference#razz-2-rrop-betting-raising-3", "text": (
        "no full bet yet on 5th street: the all-in to 30 is short of one, so a bet and 3 raises may follow")}


# -- 9. a round capped heads-up says why heads-up did not lift the cap --------------------------------------------

HEADS_UP_CAPPED = table({3: "Ks", 4: "2c", 5: "3c"}, "s3 bring_in", "s4 complete", "s5 raise", "s3 fold",
                        "s4 raise", "s5 raise")
"""Section 2's example 3: the third player folds after the raise to 80; the two left raise to 160, the cap."""


@pytest.mark.parametrize("rules, source, because", [
    (None, "TDA 48", "heads-up does not lift the cap (heads_up_uncap never)"),
    ({"heads_up_uncap": "round_starts_heads_up"}, "WSOP-L 127",
     "the round did not begin heads-up, so heads-up does not lift the cap (heads_up_uncap round_starts_heads_up)"),
    ({"heads_up_uncap": "event_heads_up"}, "TDA 48",
     "more than two players were dealt in, so heads-up does not lift the cap (heads_up_uncap event_heads_up)"),
])
def test_a_heads_up_round_capped_cites_the_rule_that_keeps_the_cap(client, rules, source, because):
    body = HEADS_UP_CAPPED.request_body() | ({} if rules is None else {"rules": rules})
    answer = post_ok(client, "/v1/legal-actions?explain=true", body)
    assert (answer["capped"], legal(answer)) == (True, ["fold", "call 160"])
    (cap,) = [why for why in answer["why"] if why["decision"] == "cap"]
    assert cap == {"decision": "cap", "rule": "§2", "source": source, "see": Citation("§2", source).see,
                   "text": f"capped: a bet and 3 raises on 3rd street; {because}"}


def test_capped_before_it_was_heads_up_the_fold_does_not_uncap_it(client):
    capped_first = table({3: "Ks", 4: "2c", 5: "3c"}, "s3 bring_in", "s4 complete", "s5 raise", "s3 raise",
                         "s4 raise", "s5 fold", rules={"heads_up_uncap": "any_time_before_cap"})
    answer = post_ok(client, "/v1/legal-actions?explain=true", capped_first.request_body())
    assert (answer["to_act"], legal(answer)) == (3, ["fold", "call 160"])
    (cap,) = [why for why in answer["why"] if why["decision"] == "cap"]
    assert (cap["source"], cap["text"]) == ("RRoP Betting & Raising 4", (
        "capped: a bet and 3 raises on 3rd street; the round was capped before the action became heads-up, and a "
        "later fold does not uncap it"))


# -- 8. the lowest board that shows first after a tie says it tied, and how the tie was broken -------------------

def tied_at_showdown(first, rules):
    """Seats 1 and 3 both show 8-6-3-2 from 4th street on, and every later street is checked through from ``first``,
    who opens them under ``rules``."""
    order = [3, 1, 2] if first == 3 else [1, 2, 3]
    checks = [f"s{seat} check" for seat in order] * 4
    return table({1: "8d 6d 3d 2d", 2: "Kc Qc Jc Tc", 3: "8s 6h 3h 2h"}, "s2 bring_in", "s3 call", "s1 call",
                 *checks, down={1: "Ac 4c 9c", 2: "Ad 4d 9d", 3: "As 4s 9s"}, rules=rules), order


@pytest.mark.parametrize("rules, first, how", [
    ({"preset": "tda_tournament"}, 3, ("§3", "TDA 2024 RP-10D", "seat 1 also shows 8-6-3-2: the tie goes to the "
                                       "board holding the highest card by suit, seat 3's 8s")),
    (None, 1, ("§3", "WSOP-L 235", "seat 3 also shows 8-6-3-2: the tie goes by position to seat 1, first clockwise "
               "from the dealer")),
])
def test_the_first_shower_on_tied_boards_is_said_to_win_the_tie(client, rules, first, how):
    hand, order = tied_at_showdown(first, rules)
    answer = post_ok(client, "/v1/table/state?explain=true", hand.request_body())
    assert answer["result"]["show_order"] == order
    said = [(why["decision"], why["rule"], why["source"], why["text"]) for why in answer["why"]][-2:]
    assert said == [
        ("show_order", "§5", "TDA 17A", f"nobody bet on 7th street: seat {first}, the lowest board after a tie, broken "
                                        f"below, shows first, then clockwise ({', '.join(map(str, order))})"),
        ("show_order_tie_break", *how)]


# -- 10. the odd chip by the low card names the card that decided, not a shared community card --------------------

SHARED_ACE = {"community_card": "Ac", "rules": {"odd_chip_rule": "low_card_by_suit_all_cards"}, "players": [
    {"seat": 1, "contributed": 55, "cards": ["2h", "3c", "4d", "5d", "Kd", "Qd"]},
    {"seat": 2, "contributed": 55, "cards": ["2d", "3h", "4h", "5h", "Kh", "Qh"]},
    {"seat": 3, "contributed": 5, "folded": True}]}
"""Seats 1 and 2 both make 5-4-3-2-A with the community Ac, and split 115: the Ac is in both hands."""


def test_the_odd_chip_by_the_lowest_card_names_the_card_past_the_shared_one(client):
    answer = post_ok(client, "/v1/showdown?explain=true", SHARED_ACE)
    assert answer["odd_chips"] == [{"pot": 0, "seat": 2, "rule": "low_card_by_suit_all_cards"}]
    assert why_texts(answer, "odd_chip") == [
        "the odd chip of the main pot goes to seat 2: its cards are first of the tied hands compared from the lowest "
        "card up by rank and suit: past the shared Ac, its 2d against seat 1's 2h"]


def test_without_a_community_card_the_lowest_card_decides_and_is_named(client):
    own = {"players": [{"seat": 1, "contributed": 55, "cards": ["Ah", "2h", "3c", "4d", "5d", "Kd", "Qd"]},
                       {"seat": 2, "contributed": 55, "cards": ["Ad", "2d", "3h", "4h", "5h", "Kh", "Qh"]},
                       {"seat": 3, "contributed": 5, "folded": True}],
           "rules": {"odd_chip_rule": "low_card_by_suit_all_cards"}}
    assert why_texts(post_ok(client, "/v1/showdown?explain=true", own), "odd_chip") == [
        "the odd chip of the main pot goes to seat 2: its cards are first of the tied hands compared from the lowest "
        "card up by rank and suit (Ad, then up)"]


# -- 11. the first-to-act sentence when every board is paired; the opener after an all-in bring-in's refusals ---

@pytest.mark.parametrize("boards, said", [
    ({1: "Kc Kd", 3: "2d 2h", 5: "7c 7d"}, "seat 3 shows 2-2, the lowest board of 2 up cards on 4th street (every "
                                           "live board is a pair: the lower pair)"),
    ({1: "Kc Kd 3c", 3: "2d 2h 2s", 5: "7c 7d 9h"}, "seat 5 shows 7-7-9, the lowest board of 3 up cards on 5th street "
                                                    "(every live board is paired: a pair is lower than trips; then "
                                                    "the lower cards)"),
    ({1: "Kc Kd 3c", 3: "Qh Js 4h", 5: "7c 7d 9h"}, "seat 3 shows Q-J-4, the lowest board of 3 up cards on 5th street "
                                                    "(no pair beats any pair; then the lower cards)"),
])
def test_the_lowest_board_says_how_it_is_lowest(client, boards, said):
    street = 2 + len(next(iter(boards.values())).split())
    body = {"street": street, "players": [{"seat": seat, "up_cards": cards.split()} for seat, cards in boards.items()]}
    answer = post_ok(client, "/v1/first-to-act?explain=true", body)
    assert why_texts(answer, "first_to_act") == [said]


ANTE_ALL_IN = table({1: "7c", 2: "Kd", 3: "Ks", 4: "Ac"}, stacks={3: 5})
"""Section 1's example 4: s3 (Ks) is all-in once he antes, so s4, next clockwise with chips, opens."""


def test_the_opener_after_an_all_in_bring_in_is_refused_under_tda_rp_10e(client):
    answer = post_ok(client, "/v1/legal-actions?explain=true", ANTE_ALL_IN.request_body())
    assert {refused["type"]: refused["source"] for refused in answer["refused"]} == dict.fromkeys(
        ["check", "call", "bet", "raise"], "TDA 2024 RP-10E")
    posts = [why for why in answer["why"] if why["text"] == "seat 4 may post the bring-in, 10"]
    assert [(why["rule"], why["source"]) for why in posts] == [("§1", "TDA 2024 RP-10E")]
    problem = client.post("/v1/legal-actions", json=table(
        {1: "7c", 2: "Kd", 3: "Ks", 4: "Ac"}, "s4 check", stacks={3: 5}).request_body()).get_json()
    assert (problem["rule"], problem["source"], problem["detail"]) == (
        "§1", "TDA 2024 RP-10E", "actions[0]: seat 4 may not check: 3rd street must be opened with the bring-in or a "
                                 "completion")


def test_the_bring_in_seat_itself_is_refused_under_rrop_stud_2(client):
    answer = post_ok(client, "/v1/legal-actions?explain=true", table({1: "7c", 2: "Kd", 3: "Ks"}).request_body())
    assert {refused["type"]: refused["source"] for refused in answer["refused"]} == dict.fromkeys(
        ["fold", "check", "call", "bet", "raise"], "RRoP Stud 2")
