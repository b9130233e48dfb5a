"""Rules reference sections 5 and 6 through HTTP: show order from whole hand histories
(POST /v1/table/state) and split pots, odd chips and side pots (POST /v1/showdown).
"""

import pytest

from tests.tables import payouts, table

from .table_helpers import post_ok


def table_state(client, boards, *acts, **kwargs):
    """POST /v1/table/state for a whole hand history; the answer."""
    return post_ok(client, "/v1/table/state", table(boards, *acts, **kwargs).request_body())


def everyone_checks(*seats, streets=1):
    """Every seat checks, in the order given, on each of ``streets`` streets."""
    return [f"s{seat} check" for seat in seats] * streets


def showdown(client, players, rules=None):
    """POST /v1/showdown for {seat: (contributed, 'seven cards' or None when folded)}."""
    body = {"players": [{"seat": seat, "contributed": chips, "folded": cards is None,
                         **({"cards": cards.split()} if cards else {})}
                        for seat, (chips, cards) in players.items()]}
    if rules is not None:
        body["rules"] = rules
    return post_ok(client, "/v1/showdown", body)


def assert_pays_the_pot(answer):
    """Every chip in the hand is paid out, and the pots hold the same chips."""
    assert sum(payouts(answer["result"]).values()) == answer["pot"]
    assert sum(pot["amount"] for pot in answer["result"]["pots"]) == answer["pot"]


# -- section 5: show order ------------------------------------------------------------------------

EXAMPLE1_BOARDS = {2: "Kc 9d 7h 6c", 5: "3h 2c 4d 8s", 7: "5c"}
"""s2 brings in with Kc; s5 holds the low board, so he acts first on every later street; s7 folds on 3rd."""
EXAMPLE1_DOWN = {2: "As Ts Js", 5: "Ad 5h 6s"}


def test_s5_example1_seventh_street_bettor_shows_first(client):
    """s5 (lowest board) checks, s2 bets and s5 calls: the last aggressor s2 shows first, not the low board."""
    acts = ["s2 bring_in", "s5 call", "s7 fold", *everyone_checks(5, 2, streets=3), "s5 check", "s2 bet", "s5 call"]
    answer = table_state(client, EXAMPLE1_BOARDS, *acts, down=EXAMPLE1_DOWN)
    assert (answer["phase"], answer["street"]) == ("showdown", 7)
    assert answer["streets"][-1]["last_aggressor"] == 2
    assert answer["result"]["show_order"] == [2, 5] and answer["result"]["shown_at_once"] is False
    assert_pays_the_pot(answer)


EXAMPLE2_BOARDS = {1: "Kd 9c 7s 5h", 4: "8c 6d 3h 2s", 6: "Qh Th 4c Ad"}
"""s1 brings in with Kd; s4's board is the lowest from 4th street on, `8 6 3 2` on 6th."""
EXAMPLE2_DOWN = {1: "As 2d 3d", 4: "4h 5s 7c", 6: "2h 3s 5c"}
EXAMPLE2_ACTIONS = ("s1 bring_in", "s4 call", "s6 call", *everyone_checks(4, 6, 1, streets=4))


@pytest.mark.parametrize("rules, first", [
    (None, 4),
    ({"no_bet_show_order": "first_to_act_board"}, 4),
    ({"no_bet_show_order": "earliest_position"}, 1),
    ({"preset": "wsop_cash"}, 1),
])
def test_s5_example2_seventh_checked_around(client, rules, first):
    answer = table_state(client, EXAMPLE2_BOARDS, *EXAMPLE2_ACTIONS, down=EXAMPLE2_DOWN, rules=rules)
    assert (answer["phase"], answer["streets"][-1]["opener"]) == ("showdown", 4)
    assert answer["streets"][-1]["last_aggressor"] is None
    order = answer["result"]["show_order"]
    assert order[0] == first and sorted(order) == [1, 4, 6]
    assert answer["result"]["shown_at_once"] is False


EXAMPLE3_BOARDS = {1: "Kh 8d 7c 6s", 3: "2h 3c 4s 5d", 5: "9h Td Jc Qs"}
EXAMPLE3_DOWN = {1: "Ac 2c 3d", 3: "Ah 6h 7h", 5: "As 2s 3s"}
EXAMPLE3_ACTIONS = ("s1 bring_in", "s3 call", "s5 call", *everyone_checks(3, 5, 1, streets=2),
                    "s3 bet", "s5 raise", "s1 call")
"""On 6th street s3 bets his last 80 and s5 raises all-in to 120; s1 calls: nobody is left to bet."""


def test_s5_example3_all_in_on_sixth_every_hand_is_tabled_at_once(client):
    answer = table_state(client, EXAMPLE3_BOARDS, *EXAMPLE3_ACTIONS, down=EXAMPLE3_DOWN, stacks={3: 95, 5: 135})
    assert (answer["phase"], answer["legal_actions"]) == ("showdown", [])
    assert [p["all_in"] for p in answer["players"]] == [False, True, True]
    result = answer["result"]
    assert result["shown_at_once"] is True
    assert sorted(result["show_order"]) == [1, 3, 5]
    assert result["show_order"][-1] == 3, "the side-pot contestants show before s3, all-in for the main pot only"
    assert [(pot["amount"], pot["eligible"]) for pot in result["pots"]] == [(285, [1, 3, 5]), (80, [1, 5])]
    assert_pays_the_pot(answer)


# -- whole hands: uncontested, and cards missing at showdown ------------------------------------------

UNCONTESTED_BOARDS = {1: "Kh 8d 7c 6s", 3: "2h 3c 4s 5d", 5: "9h Td"}
TO_SEVENTH_BET = ("s1 bring_in", "s3 call", "s5 call", "s3 bet", "s5 fold", "s1 call",
                  *everyone_checks(3, 1, streets=2), "s3 bet")


def test_uncontested_hand_is_won_without_showing(client):
    answer = table_state(client, UNCONTESTED_BOARDS, *TO_SEVENTH_BET, "s1 fold")
    assert answer["phase"] == "complete"
    result = answer["result"]
    assert result["uncontested"] is True and result["winners"] == [3]
    assert result["show_order"] == [] and result["shown_at_once"] is False
    assert payouts(result) == {1: 0, 3: answer["pot"], 5: 0}
    assert_pays_the_pot(answer)


@pytest.mark.parametrize("down", [
    pytest.param({1: "Ac 2c 3d"}, id="no-down-cards"),
    pytest.param({1: "Ac 2c 3d", 3: "Ah 6h"}, id="two-down-cards"),
])
def test_showdown_result_is_null_while_a_live_hand_is_unknown(client, down):
    answer = table_state(client, UNCONTESTED_BOARDS, *TO_SEVENTH_BET, "s1 call", down=down)
    assert answer["phase"] == "showdown" and answer["result"] is None
    known = table_state(client, UNCONTESTED_BOARDS, *TO_SEVENTH_BET, "s1 call", down={1: "Ac 2c 3d", 3: "Ah 6h 7h"})
    assert known["result"]["winners"] == [3]


# -- section 6: split pots, odd chips, side pots --------------------------------------------------------

EXAMPLE1_PLAYERS = {2: (55, "7s 5d 4c 3c Ad Qc Jc"), 4: (55, None), 6: (55, "7h 5s 4d 3h Ac Ks 9d")}


@pytest.mark.parametrize("rule, odd_chip_seat", [
    ("high_card_by_suit_in_5", 2),
    ("low_card_by_suit_all_cards", 6),
    ("seat_order", 2),
])
def test_s6_example1_odd_chip_of_a_split_pot(client, rule, odd_chip_seat):
    answer = showdown(client, EXAMPLE1_PLAYERS, rules={"odd_chip_rule": rule})
    other = 6 if odd_chip_seat == 2 else 2
    assert payouts(answer) == {odd_chip_seat: 83, other: 82, 4: 0}
    assert answer["odd_chips"] == [{"pot": 0, "seat": odd_chip_seat, "rule": rule}]
    (pot,) = answer["pots"]
    assert (pot["amount"], pot["winners"], pot["winning_hand"]) == (165, [2, 6], "7-5-4-3-A")


def test_s6_example1_default_rule_is_high_card_by_suit_in_5(client):
    answer = showdown(client, EXAMPLE1_PLAYERS)
    assert answer["odd_chips"] == [{"pot": 0, "seat": 2, "rule": "high_card_by_suit_in_5"}]


def test_s6_example2_three_way_tie_two_odd_chips(client):
    answer = showdown(client, {1: (50, "7d 5d 4d 3d Ad Kd Qd"), 3: (50, "7s 5s 4s 3s As Ks Qs"),
                               5: (50, "7h 5h 4h 3h Ah Kh Qh"), 7: (50, None)})
    assert answer["winners"] == [1, 3, 5]
    assert payouts(answer) == {1: 66, 3: 67, 5: 67, 7: 0}
    assert sorted(chip["seat"] for chip in answer["odd_chips"]) == [3, 5]


def test_s6_example3_side_pots_awarded_separately(client):
    """A=s1 50 all-in, B=s2 120 all-in, C=s3 200, D=s4 200; best to worst A, C, B, D."""
    answer = showdown(client, {1: (50, "As 2s 3s 4s 5s Ks Qs"), 2: (120, "Ad 2d 3d 4d 7d Kd Qd"),
                               3: (200, "Ah 2h 3h 4h 6h Kh Qh"), 4: (200, "Ac 2c 3c 4c 8c Kc Qc")})
    assert [(pot["amount"], pot["eligible"], pot["winners"]) for pot in answer["pots"]] == [
        (200, [1, 2, 3, 4], [1]), (210, [2, 3, 4], [3]), (160, [3, 4], [3])]
    assert payouts(answer) == {1: 200, 2: 0, 3: 370, 4: 0}


def test_s6_example4_all_in_for_part_of_the_ante_settles_the_main_pot_only(client):
    """s3 had 3 chips: he wins the best hand but only the main pot of 12; the side pot holds the later betting."""
    answer = showdown(client, {1: (45, "9s 8s 7s 6s 5s Ks Qs"), 2: (45, "Td 8d 7d 6d 5d Kd Qd"),
                               3: (3, "As 2s 3s 4s 5h Kh Qh"), 4: (45, "Jc 8c 7c 6c 5c Kc Qc")})
    assert [(pot["amount"], pot["eligible"], pot["winners"]) for pot in answer["pots"]] == [
        (12, [1, 2, 3, 4], [3]), (126, [1, 2, 4], [1])]
    assert payouts(answer) == {1: 126, 2: 0, 3: 12, 4: 0}


def test_s6_example4_ante_pots_in_the_table_state(client):
    answer = table_state(client, {1: "7c", 2: "Kd", 3: "2h", 4: "As"}, stacks={3: 3})
    assert answer["pot"] == 18
    assert answer["pots"] == [{"amount": 12, "eligible": [1, 2, 3, 4]}, {"amount": 6, "eligible": [1, 2, 4]}]
