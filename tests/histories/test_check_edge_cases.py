"""Hands at the edges of the check: records that make chips, mucks out of place, short bring-ins, odd amounts."""

import json

import pytest

from .lines import last_line_holding
from .phh_texts import PROBLEM_BASE, check_one

DEAL = ["d dh p1 As2sKs", "d dh p2 QhQd8s", "p1 pb"]
"""Heads-up at 5/10/40/80: p1 shows Ks and brings in."""
CHECKED_DOWN = ["d dh p1 Ac2cKc", "d dh p2 Ad3d2h", "p1 pb", "p2 cc", "d dh p1 4s", "d dh p2 5c", "p2 cc", "p1 cc",
                "d dh p1 5s", "d dh p2 6c", "p2 cc", "p1 cc", "d dh p1 6s", "d dh p2 7c", "p2 cc", "p1 cc",
                "d dh p1 7s", "d dh p2 8c", "p2 cc", "p1 cc"]
"""p1 shows Kc and brings in, p2 calls and shows the lower board from 4th street on; every later street is
checked. p2's 6-5-3-2-A beats p1's 6-5-4-2-A for the 30 in the pot."""


def phh(actions, stacks=(1000, 1000), extra=""):
    """A heads-up PHH hand at 5/10/40/80, one entry a line."""
    lines = ",\n".join(f"  {json.dumps(action)}" for action in actions)
    return (f"variant = 'FR'\nantes = [5, 5]\nbring_in = 10\nsmall_bet = 40\nbig_bet = 80\n"
            f"starting_stacks = {list(stacks)}\n{extra}actions = [\n{lines},\n]\n")


TIED = ["d dh p1 Ac2c3c", "d dh p2 Ad2d3d", "p2 pb", "p1 cc"] + [
    entry for street in (("4s", "4h"), ("5s", "5h"), ("6s", "6h"), ("7s", "7h"))
    for entry in (f"d dh p1 {street[0]}", f"d dh p2 {street[1]}", "p1 cc", "p2 cc")]
"""Both make 5-4-3-2-A: they split a pot of 30 evenly, 15 each (nothing is odd)."""


@pytest.mark.parametrize("record", ["finishing_stacks = [1001, 1001]", "winnings = [16, 16]"])
def test_a_split_recorded_with_a_chip_too_many_each_does_not_agree(client, record):
    assert check_one(client, phh(TIED, extra="finishing_stacks = [1000, 1000]\n"))["agrees"] is True
    hand = check_one(client, phh(TIED, extra=record + "\n"))
    assert hand["agrees"] is False and len(hand["discrepancies"]) == 2


def test_a_muck_written_before_the_betting_is_over_is_refused_at_the_muck(client):
    actions = CHECKED_DOWN[:8] + ["p1 sm"] + CHECKED_DOWN[8:]
    text = phh(actions)
    hand = check_one(client, text)
    assert hand["valid"] is False
    assert (hand["error"]["line"], hand["error"]["source"]) == (last_line_holding(text, '"p1 sm"'), "p1 sm")
    assert "mucks before the betting is over" in hand["error"]["detail"]


def test_the_hand_left_unshown_when_the_other_mucks_is_decided_and_compared(client):
    unseen = [{"d dh p2 Ad3d2h": "d dh p2 ????2h", "d dh p2 8c": "d dh p2 ??"}.get(entry, entry)
              for entry in CHECKED_DOWN]
    hand = check_one(client, phh([*unseen, "p1 sm"], extra="finishing_stacks = [985, 1015]\n"))
    assert hand["valid"] and hand["agrees"] is True
    assert hand["state"]["result"]["winners"] == [2]


SHORT_BRING_IN = """\
PokerStars Hand #1: Tournament #2, $200+$15 USD Razz Limit - Level IV (50/100) - 2019/05/04 12:00:00 ET
Table '2 3' 8-max
Seat 1: Short (30 in chips)
Seat 5: Hero (2000 in chips)
{seat}Short: posts the ante 10
Hero: posts the ante 10
{ante}*** 3rd STREET ***
Dealt to Short [Kd]
Dealt to Hero [3c As 2d]
{deal}Short: brings in for 20 and is all-in
Hero: calls 20
{call}"""
"""A short stack posts 20 all-in for the bring-in; the export ends there."""


def test_a_heads_up_call_of_a_short_bring_in_for_what_was_posted_is_the_rules_call_noted(client):
    hand = check_one(client, SHORT_BRING_IN.format(seat="", ante="", deal="", call=""), "pokerstars")
    assert hand["valid"]
    assert any("a call of the 20 posted all-in for the bring-in" in note for note in hand["notes"])


def test_with_more_players_a_call_of_the_short_bring_in_alone_is_an_illegal_amount(client):
    text = SHORT_BRING_IN.format(seat="Seat 6: Third (2000 in chips)\n", ante="Third: posts the ante 10\n",
                                 deal="Dealt to Third [Qc]\n", call="Third: calls 20\n")
    hand = check_one(client, text, "pokerstars")
    assert hand["error"]["type"] == PROBLEM_BASE + "illegal-action"
    assert hand["error"]["source"] == "Hero: calls 20"


@pytest.mark.parametrize(("mid", "after", "bring_in"), [
    (45, "Mid: calls 35 and is all-in\nHero: calls 50\n", 50),
    (2000, "Mid: raises 10 to 50\nHero: calls 50\n", 40),
    (2000, "Mid: raises 30 to 50\nHero: calls 50\n", 25),  # it faced the short 20: no word on the bring-in
])
def test_the_bring_in_behind_a_short_one_is_taken_from_a_full_call_or_the_first_raise_never_an_all_in_call(
        client, mid, after, bring_in):
    """A call all-in may be short of the bring-in too; ``raises 10 to 50`` says the site counted 40 to call."""
    text = SHORT_BRING_IN.format(seat=f"Seat 3: Mid ({mid} in chips)\n", ante="Mid: posts the ante 10\n",
                                 deal="Dealt to Mid [Qc]\n", call="").replace("Hero: calls 20\n", after)
    hand = check_one(client, text, "pokerstars")
    assert hand["valid"], hand["error"]
    assert hand["snapshot"]["stakes"]["bring_in"] == bring_in


@pytest.mark.parametrize("amount", ["1e-4400", "1e-999999", "0.0000001"])
def test_an_amount_finer_than_a_millionth_is_unreadable(client, amount):
    hand = check_one(client, phh([*DEAL, f"p2 cbr {amount}", "p1 f"]))
    assert hand["error"]["type"] == PROBLEM_BASE + "unreadable-hand" and "6 decimal places" in hand["error"]["detail"]


def test_float_noise_in_a_record_is_read_as_the_whole_amount(client):
    text = (phh([*DEAL, "p2 f"], stacks=(10.0, 10.0)).replace("[5, 5]", "[0.05, 0.05]")
            .replace("bring_in = 10", "bring_in = 0.1").replace("small_bet = 40", "small_bet = 0.4")
            .replace("big_bet = 80", "big_bet = 0.8") + "finishing_stacks = [10.050000000000001, 9.95]\n")
    hand = check_one(client, text)
    assert hand["valid"] and hand["agrees"] is True


@pytest.mark.parametrize(("field", "written"), [
    ("starting_stacks", 'starting_stacks = ["1000", 1000]'), ("bring_in", "bring_in = '10'"),
    ("players", "players = [{a = 1}, 2]"),
])
def test_a_value_of_the_wrong_type_is_unreadable_at_its_field(client, field, written):
    text = phh([*DEAL, "p2 f"]).replace("starting_stacks = [1000, 1000]", "starting_stacks = [1000, 1000]\n"
                                        + ("" if field != "players" else written))
    if field != "players":
        text = text.replace({"starting_stacks": "starting_stacks = [1000, 1000]", "bring_in": "bring_in = 10"}[field],
                            written)
    hand = check_one(client, text)
    assert hand["error"]["type"] == PROBLEM_BASE + "unreadable-hand"
    assert hand["error"]["line"] == last_line_holding(text, written)


def test_an_entry_written_with_an_escape_keeps_its_line_when_tomllib_reads_the_file(client):
    text = phh([*DEAL, "p2 cbr 60", "p1 f"], extra="time = 12:00:00\n").replace('"p2 cbr 60"', '"p2 cbr 6\\u0030"')
    hand = check_one(client, text)
    assert hand["error"]["source"] == "p2 cbr 60" and hand["error"]["line"] == last_line_holding(text, "cbr 6\\u0030")


def test_seats_the_schema_refuses_and_a_table_of_muckers_are_named_where_written(client):
    text = phh([*DEAL, "p2 f"], extra="seats = [8, 9]\n")
    assert check_one(client, text)["error"]["line"] == last_line_holding(text, "seats = [8, 9]")
    text = phh([*CHECKED_DOWN, "p1 sm", "p2 sm"])
    hand = check_one(client, text)
    assert "every live hand mucked" in hand["error"]["detail"]
    assert hand["error"]["line"] == last_line_holding(text, '"p2 sm"')


def test_a_bring_in_the_rules_refuse_is_named_at_its_line(client):
    text = SHORT_BRING_IN.format(seat="", ante="", deal="", call="").replace("brings in for 20 and is all-in",
                                                                               "brings in for 0")
    hand = check_one(client, text, "pokerstars")
    assert hand["error"]["line"] == last_line_holding(text, "brings in for 0")


def test_a_down_card_known_after_one_unseen_is_left_out_with_a_note(client):
    unseen = [entry.replace("Ac2c", "????") if entry.startswith("d dh p1 Ac") else entry for entry in CHECKED_DOWN]
    hand = check_one(client, phh(unseen))
    assert hand["valid"] and "down_cards" not in hand["snapshot"]["players"][0]
    assert hand["notes"] == ["seat 1's down card 7s is known but an earlier one is not: it is left out of the snapshot"]


HUGE = "9" * 5000
"""More digits than int() reads by default (4,300): a number no hand can hold."""


@pytest.mark.parametrize("text", [
    phh(DEAL, extra=f"finishing_stacks = [1000, {HUGE}]\n"),
    phh(DEAL).replace("bring_in = 10", f"bring_in = {HUGE}"),
    phh(DEAL).replace("bring_in = 10", f"bring_in = 1_{HUGE}"),
])
def test_a_toml_number_of_thousands_of_digits_is_an_unreadable_hand(client, text):
    hand = check_one(client, text)
    assert hand["valid"] is False and hand["error"]["type"] == PROBLEM_BASE + "unreadable-hand"
    assert hand["error"]["line"] == 1


@pytest.mark.parametrize("amount", ["1000000000000001", "3" * 30, HUGE, f"{HUGE}.5"])
def test_a_bet_of_more_chips_than_any_hand_holds_is_refused_where_the_actions_are_written(client, amount):
    text = phh([*DEAL, f"p2 cbr {amount}"])
    hand = check_one(client, text)
    assert hand["valid"] is False and hand["error"]["type"] == PROBLEM_BASE + "unreadable-hand"
    assert "more than any hand's chips" in hand["error"]["detail"]
    assert hand["error"]["line"] == last_line_holding(text, "actions")


@pytest.mark.parametrize("amount", ["123456789012345", "1000000000000000"])
def test_a_bet_of_up_to_the_most_chips_is_read_exactly(client, amount):
    hand = check_one(client, phh([*DEAL, f"p2 cbr {amount}"]))
    assert hand["error"]["type"] == PROBLEM_BASE + "illegal-action"
    assert hand["error"]["detail"].endswith(f"not {amount}")


@pytest.mark.parametrize(("amount", "detail"), [
    ("1.5e1000000", 'actions holds "1.5e1000000", not an amount'),
    ("1e-2000000", 'actions holds "1e-2000000": amounts have at most 6 decimal places'),
])
def test_an_amount_past_the_decimal_exponents_is_unreadable_not_a_failure(client, amount, detail):
    hand = check_one(client, phh([*DEAL, f"p2 cbr {amount}"]))
    assert (hand["error"]["type"], hand["error"]["detail"]) == (PROBLEM_BASE + "unreadable-hand", detail)


@pytest.mark.parametrize("field", ["starting_stacks", "finishing_stacks"])
def test_a_decimal_hand_with_an_amount_of_thousands_of_digits_is_unreadable_at_its_field(client, field):
    """Scaled to the hand's unit, the amount would pass the digits int writes (4,300): the reader refuses it."""
    record = "" if field == "starting_stacks" else "finishing_stacks = [1000, 1000]\n"
    text = phh(DEAL, extra=record).replace("big_bet = 80", "big_bet = 80.5")
    text = text.replace(f"{field} = [1000, 1000]", f"{field} = [{'9' * 4299}, 1000]")
    hand = check_one(client, text)
    assert hand["error"]["type"] == PROBLEM_BASE + "unreadable-hand"
    assert hand["error"]["detail"].endswith("more than any hand's chips")
    assert hand["error"]["line"] == last_line_holding(text, field)


def test_a_line_of_a_bracket_and_spaces_is_one_unreadable_hand(client):
    hand = check_one(client, "[" + " " * 3000)
    assert (hand["valid"], hand["error"]["type"], hand["error"]["line"]) == (False, PROBLEM_BASE + "unreadable-hand", 1)


def test_a_field_tomllib_reads_is_named_at_its_own_line_past_blank_lines(client):
    text = phh(DEAL).replace("variant = 'FR'", 'variant = "F\\u0052"').replace("antes = [5, 5]", "\n\n\nantes = [5]")
    hand = check_one(client, text)
    assert hand["error"]["line"] == last_line_holding(text, "antes") == 5

