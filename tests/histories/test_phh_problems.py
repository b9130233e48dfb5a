"""Mutated copies of the samples: each problem names the entry at fault, its line and the problem type.

A rule broken is the problem POST /v1/table/state gives for the hand's snapshot up to that entry:
the same type and the same sentence. A text the reader cannot take is ``unreadable-hand`` (or
``not-razz``), named at its line, and the other hands of a PHHS are checked all the same.
"""

import pytest

from .lines import first_line_holding
from .phh_texts import check, check_one, phh, phhs, problem, sample_fields, sample_text


def mutated(number, *changes):
    """A sample written one entry a line, with (old entry, new entry) replaced; the text."""
    fields = sample_fields(number)
    actions = list(fields["actions"])
    for old, new in changes:
        actions[actions.index(old)] = new
    return phh(fields, actions)


def assert_rule_problem(client, text, kind, source, *fragments):
    """The hand is invalid with ``kind`` at ``source``'s line, as /v1/table/state refuses its snapshot."""
    hand = check_one(client, text)
    error = hand["error"]
    assert not hand["valid"] and error is not None, hand
    assert (error["type"], error["source"], error["line"]) == (problem(kind), source,
                                                               first_line_holding(text, f"'{source}'"))
    for fragment in fragments:
        assert fragment in error["detail"], error["detail"]
    assert (hand["state"], hand["phh"], hand["agrees"]) == (None, None, None)
    response = client.post("/v1/table/state", json=hand["snapshot"])
    assert response.status_code == 422, response.get_json()
    assert (response.get_json()["type"], response.get_json()["detail"]) == (error["type"], error["detail"])
    return hand


# -- rules broken -------------------------------------------------------------------------------------------------

def test_a_bet_to_the_wrong_total_is_an_illegal_action(client):
    """5th street is bet in big bets: p3's bet is to 400,000, not 300,000."""
    text = mutated("20", ("p3 cbr 400000", "p3 cbr 300000"))
    hand = assert_rule_problem(client, text, "illegal-action", "p3 cbr 300000", "400000", "300000")
    assert hand["snapshot"]["actions"][-1] == {"seat": 3, "type": "bet", "amount": 300000}


def test_a_completion_to_the_wrong_total_is_an_illegal_action(client):
    text = mutated("83", ("p2 cbr 300000", "p2 cbr 200000"))
    assert_rule_problem(client, text, "illegal-action", "p2 cbr 200000", "complete")


def test_an_action_out_of_turn_is_named_at_its_entry(client):
    """After the bring-in the action is p2's (clockwise); p3 calls first."""
    fields = sample_fields("20")
    actions = list(fields["actions"])
    actions[6], actions[7] = actions[7], actions[6]
    text = phh(fields, actions)
    assert_rule_problem(client, text, "illegal-action", "p3 cc", "seat 3", "seat 2's turn")


def test_the_bring_in_by_a_seat_without_the_highest_door_card_is_refused(client):
    """p1's Kc is the highest door card (section 1): p2 (5s) may not post the bring-in."""
    text = mutated("20", ("p1 pb", "p2 pb"))
    hand = assert_rule_problem(client, text, "illegal-action", "p2 pb", "seat 2", "seat 1's turn")
    assert hand["snapshot"]["actions"] == [{"seat": 2, "type": "bring_in"}]


def test_a_bring_in_after_the_bring_in_is_refused(client):
    text = mutated("83", ("p2 cbr 300000", "p2 pb"))
    assert_rule_problem(client, text, "illegal-action", "p2 pb")


CAPPED = ["p1 pb", "p2 cbr 200000", "p3 cbr 400000", "p4 cbr 600000", "p5 cbr 800000"]
"""The completion and three raises: the default cap (section 2)."""


def capped_20(*more):
    """Hand 20's 3rd street dealt, then the bring-in, the completion, three raises and ``more``."""
    fields = {name: value for name, value in sample_fields("20").items() if name != "finishing_stacks"}
    return phh(fields, fields["actions"][:5] + CAPPED + list(more))


def test_a_raise_past_the_cap_is_an_illegal_action(client):
    text = capped_20("p1 cbr 1000000")
    hand = assert_rule_problem(client, text, "illegal-action", "p1 cbr 1000000", "capped")
    assert [action["type"] for action in hand["snapshot"]["actions"]] == [
        "bring_in", "complete", "raise", "raise", "raise", "raise"]


def test_a_raise_past_the_cap_heads_up_on_4th_street_is_an_illegal_action(client):
    """The cap holds heads-up too (project default heads_up_uncap = never): a bet and three raises."""
    fields = {name: value for name, value in sample_fields("20").items() if name != "finishing_stacks"}
    fourth = fields["actions"].index("p3 cbr 200000")
    raises = ["p3 cbr 200000", "p2 cbr 400000", "p3 cbr 600000", "p2 cbr 800000", "p3 cbr 1000000"]
    text = phh(fields, fields["actions"][:fourth] + raises)
    hand = assert_rule_problem(client, text, "illegal-action", "p3 cbr 1000000", "capped")
    assert [action["type"] for action in hand["snapshot"]["actions"][-5:]] == ["bet"] + ["raise"] * 4


def test_the_bet_and_three_raises_stand(client):
    hand = check_one(client, capped_20("p1 cc"))
    assert hand["valid"], hand["error"]
    assert (hand["state"]["raises"], hand["state"]["capped"], hand["state"]["to_act"]) == (3, True, 2)


def test_the_request_rules_lift_the_cap_to_four_raises(client):
    hand = check_one(client, capped_20("p1 cbr 1000000"), rules={"max_raises_after_bet": 4})
    assert hand["valid"], hand["error"]
    assert hand["snapshot"]["rules"] == {"max_raises_after_bet": 4}
    assert (hand["state"]["raises"], hand["state"]["capped"], hand["state"]["to_act"]) == (4, True, 2)


def test_a_card_dealt_twice_names_the_later_deal(client):
    """p3's 4th-street card is p1's first down card."""
    text = mutated("20", ("d dh p3 6c", "d dh p3 7c"))
    assert_rule_problem(client, text, "duplicate-card", "d dh p3 7c", "7c")


def test_a_card_dealt_twice_names_the_later_deal_even_to_an_earlier_seat(client):
    """p2's 4th-street card is p3's first down card: the deck meets p3's copy last, the deal was p2's."""
    text = mutated("20", ("d dh p2 Jh", "d dh p2 3s"))
    assert_rule_problem(client, text, "duplicate-card", "d dh p2 3s", "3s")


def test_a_card_dealt_twice_in_one_entry_names_that_entry(client):
    text = mutated("83", ("d dh p2 As2c6h", "d dh p2 As2c8s"))
    assert_rule_problem(client, text, "duplicate-card", "d dh p2 As2c8s", "8s")


def test_a_problem_in_a_file_written_as_published_names_the_actions_line(client):
    text = sample_text("20").replace("'p3 cbr 400000', 'p2 cc'", "'p3 cbr 300000', 'p2 cc'")
    hand = check_one(client, text)
    assert (hand["error"]["type"], hand["error"]["source"], hand["error"]["line"]) == (
        problem("illegal-action"), "p3 cbr 300000", 8)


def test_an_action_after_the_hand_is_over_is_refused(client):
    fields = sample_fields("83")
    text = phh(fields, [*fields["actions"], "p2 cc"])
    assert_rule_problem(client, text, "illegal-action", "p2 cc", "folded")


# -- what the reader cannot take ----------------------------------------------------------------------------------

def unreadable(client, text, kind, source):
    """The hand is not read: ``kind`` named at ``source``'s line, with nothing of a hand in the answer."""
    hand = check_one(client, text)
    error = hand["error"]
    needle = f"'{source}'" if f"'{source}'" in text else source
    assert (error["type"], error["source"], error["line"]) == (problem(kind), source, first_line_holding(text, needle))
    assert (hand["valid"], hand["snapshot"], hand["state"], hand["phh"], hand["agrees"]) == (
        False, None, None, None, None)
    return hand


@pytest.mark.parametrize("variant", ["NT", "FO/8", "F2L3D", "F5S"])
def test_a_variant_not_played_is_skipped_and_named(client, variant):
    """Hold'em, Omaha hi-lo, deuce-to-seven triple draw, five-card stud: games the service does not play."""
    text = sample_text("20").replace("variant = 'FR'", f"variant = '{variant}'")
    hand = check_one(client, text)
    assert (hand["valid"], hand["error"], hand["game"], hand["state"]) == (False, None, None, None)
    assert hand["skipped"] == {"game": variant, "detail": f'a hand of "{variant}": not a game this service plays',
                               "source": f"variant = '{variant}'",
                               "line": first_line_holding(text, f"variant = '{variant}'")}


@pytest.mark.parametrize(("variant", "game"), [("F7S", "stud"), ("F7S/8", "stud8")])
def test_a_razz_hand_written_as_a_stud_variant_is_checked_by_that_games_rules(client, variant, game):
    """Razz's bring-in is the highest door card, stud's the lowest: the razz hand's bring-in is out of turn."""
    text = sample_text("20").replace("variant = 'FR'", f"variant = '{variant}'")
    hand = check_one(client, text)
    assert (hand["valid"], hand["skipped"], hand["game"]) == (False, None, game)
    assert hand["error"]["detail"] == "actions[0]: seat 1 may not act: it is seat 4's turn"
    assert hand["error"]["line"] == first_line_holding(text, "p1 pb")


def test_a_variant_that_is_not_text_is_unreadable(client):
    text = sample_text("20").replace("variant = 'FR'", "variant = 7")
    hand = unreadable(client, text, "unreadable-hand", "variant = 7")
    assert "not a game's code" in hand["error"]["detail"]


@pytest.mark.parametrize("entry", ["p2 raise 200000", "p2 cbr", "p2 bet 200000", "p2 cbr 200000 400000", "d dh p2"])
def test_an_action_notation_the_reader_does_not_know_is_unreadable(client, entry):
    hand = unreadable(client, mutated("20", ("p2 cbr 200000", entry)), "unreadable-hand", entry)
    assert hand["error"]["line"] == 16


def test_a_player_the_hand_does_not_seat_is_unreadable(client):
    unreadable(client, mutated("83", ("p2 cbr 300000", "p3 cbr 300000")), "unreadable-hand", "p3 cbr 300000")


@pytest.mark.parametrize("name", ["antes", "bring_in", "small_bet", "starting_stacks", "actions"])
def test_a_missing_required_field_is_unreadable(client, name):
    lines = [line for line in sample_text("83").splitlines() if not line.startswith(f"{name} =")]
    hand = check_one(client, "\n".join(lines) + "\n")
    assert hand["error"]["type"] == problem("unreadable-hand")
    assert name in hand["error"]["detail"]


def test_a_table_that_is_not_a_hand_is_unreadable_and_the_others_are_checked(client):
    text = phhs(sample_text("83"), "_note = 'a table of notes, no hand'\n", sample_text("22"))
    answer = check(client, text)
    assert answer["summary"] == {"hands": 3, "valid": 2, "agree": 2, "skipped": 0}
    first, notes, last = answer["hands"]
    assert (first["valid"], last["valid"], notes["valid"]) == (True, True, False)
    assert (notes["index"], notes["error"]["type"]) == (1, problem("unreadable-hand"))
    assert notes["error"]["line"] == first_line_holding(text, "[2]")


def test_an_empty_table_is_unreadable(client):
    text = phhs(sample_text("83"), "", sample_text("22"))
    answer = check(client, text)
    assert [hand["valid"] for hand in answer["hands"]] == [True, False, True]
    assert answer["hands"][1]["error"]["line"] == first_line_holding(text, "[2]")


def test_bad_toml_in_one_table_leaves_the_others_checked(client):
    bad = sample_text("20").replace("bring_in = 50000", "bring_in = 50000 50000")
    text = phhs(sample_text("83"), bad, sample_text("24"))
    answer = check(client, text)
    assert answer["summary"] == {"hands": 3, "valid": 2, "agree": 2, "skipped": 0}
    hand = answer["hands"][1]
    assert (hand["index"], hand["valid"], hand["error"]["type"]) == (1, False, problem("unreadable-hand"))
    assert (hand["error"]["source"], hand["error"]["line"]) == (
        "bring_in = 50000 50000", first_line_holding(text, "bring_in = 50000 50000"))
    assert [hand["agrees"] for hand in answer["hands"]] == [True, None, True]


def test_a_skipped_table_in_a_phhs_names_its_own_variant_line(client):
    text = phhs(sample_text("83"), sample_text("22").replace("'FR'", "'FT'"))
    answer = check(client, text)
    header = first_line_holding(text, "[2]")
    assert (answer["hands"][1]["skipped"]["game"], answer["hands"][1]["skipped"]["line"]) == ("FT", header + 1)
    assert answer["summary"] == {"hands": 2, "valid": 1, "agree": 1, "skipped": 1}


# -- stakes the rules refuse ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, value, kind", [
    ("bring_in", 400000, "invalid-stakes"),  # above the small bet (section 1: 0 < bring_in <= small_bet)
    ("big_bet", 0, "validation-error"),
    ("small_bet", 0, "validation-error"),
])
def test_stakes_the_rules_refuse_are_named_at_their_field(client, name, value, kind):
    fields = sample_fields("83")
    text = phh({**fields, name: value})
    hand = check_one(client, text)
    error = hand["error"]
    assert error is not None and error["type"] == problem(kind), error
    written = f"{name} = {value}"
    assert (error["source"], error["line"]) == (written, first_line_holding(text, written)), error
    response = client.post("/v1/table/state", json=hand["snapshot"])
    assert (response.get_json()["type"], response.get_json()["detail"]) == (error["type"], error["detail"])
