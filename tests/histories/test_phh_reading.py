"""PHH as real files write it: both dealing styles, comments, metadata, seats, decimals and the community card.

Each variation of a sample must read as the same hand: the same snapshot (seats renamed where the
file renames them) and the same state, which is what /v1/table/state answers for that snapshot.
"""

import pytest

from .lines import first_line_holding
from .phh_texts import check, check_one, phh, problem, sample_fields, sample_text, table_state

SEAT_KEYS = {"seat", "to_act", "bring_in_seat", "opener", "first_aggressor", "last_aggressor", "winner"}
SEATS_KEYS = {"eligible", "winners", "show_order"}


def renamed(value, seats):
    """A snapshot or state with every seat number n written as ``seats[n]``."""
    if isinstance(value, list):
        return [renamed(item, seats) for item in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        if key in SEAT_KEYS and isinstance(item, int):
            out[key] = seats[item]
        elif key in SEATS_KEYS:
            out[key] = [seats[seat] for seat in item]
        else:
            out[key] = renamed(item, seats)
    return out


def one_card_per_entry(actions, players):
    """3rd street dealt as the published dataset deals it: one card an entry, round the table three times."""
    deals, rest = actions[:players], actions[players:]
    assert all(entry.startswith("d dh p") and len(entry.split()[3]) == 6 for entry in deals)
    return [f"d dh {entry.split()[2]} {entry.split()[3][2 * k:2 * k + 2]}" for k in range(3) for entry in deals] + rest


# -- dealing styles -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("number", ["20", "24"])
def test_one_card_per_entry_deals_the_same_hand_as_three_cards_per_entry(client, number):
    fields = sample_fields(number)
    players = len(fields["starting_stacks"])
    three = check_one(client, sample_text(number))
    one = check_one(client, phh(fields, one_card_per_entry(fields["actions"], players)))
    assert one["valid"] and one["agrees"] is True
    assert one["snapshot"] == three["snapshot"]
    assert one["state"] == three["state"] == table_state(client, one["snapshot"])


def test_one_card_per_entry_names_the_round_that_dealt_a_card_twice(client):
    fields = sample_fields("24")
    actions = one_card_per_entry(fields["actions"], 5)
    actions[13] = "d dh p4 Kh"  # the third round's card to p4; Kh is p1's door card, dealt on line 1 of round 3
    text = phh(fields, actions)
    hand = check_one(client, text)
    assert hand["error"]["type"] == problem("duplicate-card")
    assert (hand["error"]["source"], hand["error"]["line"]) == ("d dh p4 Kh", first_line_holding(text, "'d dh p4 Kh'"))


def test_unknown_hole_cards_are_left_out_of_the_snapshot(client):
    """'??' is a card dealt but not known: the folded players' down cards, as a recording player sees them."""
    fields = sample_fields("20")
    actions = list(fields["actions"])
    actions[3:5] = ["d dh p4 ????2d", "d dh p5 ????5c"]
    hand = check_one(client, phh(fields, actions))
    known = check_one(client, sample_text("20"))
    assert hand["valid"] and hand["agrees"] is True
    players = {player["seat"]: player for player in hand["snapshot"]["players"]}
    assert "down_cards" not in players[4] and "down_cards" not in players[5]
    assert players[4]["up_cards"] == ["2d"] and players[5]["up_cards"] == ["5c"]
    assert hand["state"] == known["state"]


# -- comments and metadata ----------------------------------------------------------------------------------------

COMMENTED_83 = """# WSOP 2023 Event #43, final table  (a TOML comment before any field)
variant = 'FR'  # fixed-limit razz
ante_trimming_status = false
antes = [100000, 100000]
bring_in = 100000  # a third of the small bet
small_bet = 300000
big_bet = 600000
starting_stacks = [2150000, 27550000]
actions = [
  # 3rd street
  'd dh p1 QhQd8s # p1 shows the 8s',
  'd dh p2 As2c6h',  # a TOML comment after an entry
  'p1 pb # the 8s is the highest door card',
  '# a comment entry alone',
  'p2 cbr 300000 # completes',
  'p1 f',
]
finishing_stacks = [1950000, 27750000]
"""


def test_comments_in_entries_and_toml_comments_change_nothing(client):
    hand = check_one(client, COMMENTED_83)
    plain = check_one(client, sample_text("83"))
    assert hand["valid"] and hand["agrees"] is True
    assert (hand["snapshot"], hand["state"]) == (plain["snapshot"], plain["state"])


def test_an_entry_with_a_comment_is_named_as_written_on_its_own_line(client):
    text = COMMENTED_83.replace("'p2 cbr 300000 # completes'", "'p2 cbr 400000 # completes'")
    hand = check_one(client, text)
    assert hand["error"]["type"] == problem("illegal-action")
    assert hand["error"]["source"] == "p2 cbr 400000 # completes"
    assert hand["error"]["line"] == first_line_holding(text, "p2 cbr 400000") == 15


def test_text_toml_refuses_is_named_at_its_line_of_the_whole_text_with_tomllibs_column(client):
    text = "[1]\n" + sample_text("83") + "\n[2]\n" + sample_text("83").replace("bring_in =", "bring_in", 1)
    first, second = check(client, text)["hands"]
    assert first["valid"] and not second["valid"]
    assert second["error"] == {"type": problem("unreadable-hand"), "source": "bring_in 100000",
                               "line": first_line_holding(text, "bring_in 100000"),
                               "detail": 'not TOML: expected "=" after a key in a key/value pair at column 10'}


def test_text_toml_refuses_at_its_end_is_named_at_the_hands_last_line(client):
    unclosed = "x = " + "'" * 3 + "never closed"
    text = sample_text("83").replace("variant = 'FR'", 'variant = "F\\u0052"') + unclosed + "\n\n"
    error = check_one(client, text)["error"]
    assert (error["line"], error["source"]) == (first_line_holding(text, "never closed"), unclosed)
    assert error["detail"] == 'not TOML: expected "' + "'" * 3 + '" at the end of the hand'


def test_a_comment_quoting_a_later_entry_does_not_move_that_entrys_line(client):
    """The entry at fault is the one in the actions list, not a TOML comment that happens to quote it."""
    text = COMMENTED_83.replace("'# a comment entry alone',",
                                "'# a comment entry alone',  # next: 'p2 cbr 400000 # completes'")
    text = text.replace("'p2 cbr 300000 # completes'", "'p2 cbr 400000 # completes'")
    hand = check_one(client, text)
    assert hand["error"]["type"] == problem("illegal-action")
    assert hand["error"]["line"] == 15, hand["error"]


METADATA = {
    "event": "2023 World Series of Poker Event #43: $50,000 Poker Players Championship",
    "hand": 24,
    "players": ["Alice", "Bob", "Carol", "Dan", "Erin"],
    "currency": "USD",
    "time_zone": "America/Los_Angeles",
    "seat_count": 8,
    "_source_file": "wsop-2023-43-5-24_01_07_20.phh",
    "_checked": True,
}


def test_metadata_and_user_fields_are_read_past(client):
    fields = sample_fields("24")
    hand = check_one(client, phh({**METADATA, **fields}))
    plain = check_one(client, sample_text("24"))
    assert hand["valid"] and hand["agrees"] is True
    assert hand["id"] == "24"
    assert (hand["snapshot"], hand["state"]) == (plain["snapshot"], plain["state"])


def test_the_hand_written_back_keeps_its_id_and_names(client):
    fields = sample_fields("24")
    hand = check_one(client, phh({**METADATA, **fields}))
    again = check_one(client, hand["phh"])
    assert again["id"] == "24"
    assert "Alice" in hand["phh"] and "Erin" in hand["phh"]
    assert (again["snapshot"], again["state"]) == (hand["snapshot"], hand["state"])


@pytest.mark.parametrize("seats", [[2, 4, 5, 7, 8], [1, 3, 4, 6, 8]])
def test_seats_name_the_players_seat_numbers(client, seats):
    fields = sample_fields("24")
    hand = check_one(client, phh({**fields, "seats": seats}))
    plain = check_one(client, sample_text("24"))
    names = dict(zip([1, 2, 3, 4, 5], seats, strict=True))
    assert hand["valid"] and hand["agrees"] is True
    assert hand["seats"] == seats
    assert hand["snapshot"] == renamed(plain["snapshot"], names)
    assert hand["state"] == renamed(plain["state"], names) == table_state(client, hand["snapshot"])


POT_20_THREE_HANDED = 3 * 50_000 + (50_000 + 200_000 + 200_000) + 2 * 200_000 + 2 * 400_000 + 400_000
"""Antes; 3rd: bring-in, completion, call, the bring-in folds; 4th: bet, call; 5th: bet, call; 6th: a bet, a fold."""


def test_seats_of_three_players_three_five_and_eight(client):
    """Hand 20 after the 3rd-street folds, as a three-handed hand: p1 brings in (Kc), p2 completes, p3 calls."""
    fields = {**sample_fields("20"), "antes": [50000] * 3, "starting_stacks": [6550000, 6425000, 3775000],
              "seats": [3, 5, 8], "finishing_stacks": [6450000, 5575000, 3775000 - 1250000 + POT_20_THREE_HANDED]}
    actions = [entry for entry in fields["actions"] if not entry.startswith(("d dh p4", "d dh p5", "p4", "p5"))]
    hand = check_one(client, phh(fields, actions))
    assert hand["valid"] and hand["agrees"] is True, hand
    assert [player["seat"] for player in hand["snapshot"]["players"]] == [3, 5, 8]
    assert "dealer_seat" not in hand["snapshot"]
    state = hand["state"]
    assert (state["bring_in_seat"], state["result"]["winners"], state["pot"]) == (3, [8], POT_20_THREE_HANDED)


def test_seats_that_wrap_round_the_table_put_the_dealer_before_the_first(client):
    """p1 is the first dealt, clockwise from the dealer's left: seats [5, 7, 8, 2, 4] put the dealer at seat 4."""
    seats = [5, 7, 8, 2, 4]
    hand = check_one(client, phh({**sample_fields("24"), "seats": seats}))
    assert hand["valid"] and hand["agrees"] is True
    assert hand["snapshot"]["dealer_seat"] == 4
    state = hand["state"]
    assert state == table_state(client, hand["snapshot"])
    assert state["bring_in_seat"] == 5  # p1's Kh
    assert (state["result"]["winners"], state["result"]["show_order"]) == ([8], [8, 7])  # p3 wins, p2 mucks
    assert {player["seat"]: player["stack"] for player in state["players"]}[8] == 4_575_000 - 1_850_000


# -- decimal amounts ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("amounts, scale", [
    pytest.param({"antes": [1, 1], "bring_in": 1, "small_bet": 3, "big_bet": 6, "starting_stacks": [21.5, 275.5],
                  "finishing_stacks": [19.5, 277.5]}, 10, id="tenths"),
    pytest.param({"antes": [0.25, 0.25], "bring_in": 0.5, "small_bet": 1.5, "big_bet": 3.0,
                  "starting_stacks": [10.75, 100], "finishing_stacks": [10.0, 100.75]}, 100, id="hundredths"),
])
def test_decimal_amounts_are_read_in_the_smallest_power_of_ten_with_a_note(client, amounts, scale):
    small = amounts["small_bet"]
    fields = {"variant": "FR", **amounts}
    actions = ["d dh p1 QhQd8s", "d dh p2 As2c6h", "p1 pb", f"p2 cbr {small}", "p1 f"]
    hand = check_one(client, phh(fields, actions))
    assert hand["valid"] and hand["agrees"] is True, hand
    assert any(f"1/{scale}" in note for note in hand["notes"]), hand["notes"]
    snapshot = hand["snapshot"]
    assert snapshot["stakes"] == {"ante": round(amounts["antes"][0] * scale),
                                  "bring_in": round(amounts["bring_in"] * scale),
                                  "small_bet": round(small * scale), "big_bet": round(amounts["big_bet"] * scale)}
    assert [player["stack"] for player in snapshot["players"]] == [round(x * scale) for x in amounts["starting_stacks"]]
    assert snapshot["actions"][1] == {"seat": 2, "type": "complete", "amount": round(small * scale)}
    assert [share["amount"] for share in hand["recorded"]["amounts"]] == [
        round(x * scale) for x in amounts["finishing_stacks"]]


def test_whole_amounts_get_no_note(client):
    assert check_one(client, sample_text("83"))["notes"] == []


def test_a_decimal_small_bet_and_its_completion_are_read_in_tenths(client):
    fields = {"variant": "FR", "antes": [1, 1], "bring_in": 1, "small_bet": 2.5, "big_bet": 5,
              "starting_stacks": [100, 100], "finishing_stacks": [98, 102]}
    actions = ["d dh p1 QhQd8s", "d dh p2 As2c6h", "p1 pb", "p2 cbr 2.5", "p1 f"]
    hand = check_one(client, phh(fields, actions))
    assert hand["valid"] and hand["agrees"] is True, hand
    assert hand["snapshot"]["stakes"] == {"ante": 10, "bring_in": 10, "small_bet": 25, "big_bet": 50}
    assert hand["snapshot"]["actions"][1]["amount"] == 25


# -- the community card -------------------------------------------------------------------------------------------

EIGHT_HANDED = {  # p2 holds A-2-3-4 up, the lowest board on every street; p1's Ks is the highest door card
    1: ("9s9hKs", "Qs", "Js", "Ts"), 2: ("5h6hAc", "2c", "3c", "4c"), 3: ("As2s5c", "6c", "7c", "8c"),
    4: ("Ah2h5d", "6d", "8d", "9d"), 5: ("Ad2dTc", "Jc", "Qc", "Kc"), 6: ("3s4sTh", "Jh", "Qh", "Kh"),
    7: ("3h4hTd", "Jd", "Qd", "Kd"), 8: ("3d4d5s", "6s", "7s", "8s"),
}
COMMUNITY = "7d"


def eight_handed_to_seventh(seventh):
    """Eight players: everyone calls the bring-in and checks every street after; ``seventh`` deals 7th street."""
    actions = [f"d dh p{n} {cards[0]}" for n, cards in EIGHT_HANDED.items()]
    actions += ["p1 pb"] + [f"p{n} cc" for n in range(2, 9)]
    checks = [f"p{n} cc" for n in [2, 3, 4, 5, 6, 7, 8, 1]]
    for street in (1, 2, 3):
        actions += [f"d dh p{n} {cards[street]}" for n, cards in EIGHT_HANDED.items()] + checks
    actions += seventh + checks
    fields = {"variant": "FR", "antes": [5] * 8, "bring_in": 10, "small_bet": 40, "big_bet": 80,
              "starting_stacks": [1000] * 8}
    return fields, actions


def test_eight_players_reaching_7th_street_share_a_community_card(client):
    fields, actions = eight_handed_to_seventh([f"d db {COMMUNITY}"])
    pot = 8 * 5 + 8 * 10  # antes, and the bring-in called by all; every later street is checked through
    fields["finishing_stacks"] = [1000 - 15] + [1000 - 15 + pot] + [1000 - 15] * 6
    hand = check_one(client, phh(fields, actions))
    assert hand["valid"] and hand["agrees"] is True, hand
    assert hand["snapshot"]["community_card"] == COMMUNITY
    state = hand["state"]
    assert state == table_state(client, hand["snapshot"])
    assert (state["street"], state["phase"], state["community_card_allowed"], state["pot"]) == (
        7, "showdown", True, pot)
    assert state["streets"][-1]["opener"] == 2  # the 6th-street first actor also acts first on 7th (section 7)
    assert state["result"]["winners"] == [2]
    assert [pot["winning_hand"] for pot in state["result"]["pots"]] == ["5-4-3-2-A"]  # 5h A 2 3 4 up


def test_a_community_card_the_deck_does_not_call_for_is_named_at_its_deal(client):
    """Two players reach 7th street in hand 24: the deck deals them each a down card, so d db is refused."""
    fields = {name: value for name, value in sample_fields("24").items() if name != "finishing_stacks"}
    actions = fields["actions"]
    seventh = actions.index("d dh p2 5d")
    text = phh(fields, actions[:seventh] + ["d db 5d", "p3 cbr 400000", "p2 cc"])
    hand = check_one(client, text)
    assert not hand["valid"]
    error = hand["error"]
    assert (error["type"], error["source"], error["line"]) == (
        problem("invalid-snapshot"), "d db 5d", first_line_holding(text, "'d db 5d'"))
    response = client.post("/v1/table/state", json=hand["snapshot"])
    assert response.status_code == 422
    assert (response.get_json()["type"], response.get_json()["detail"]) == (error["type"], error["detail"])


def test_a_community_card_before_7th_street_is_named_at_its_deal(client):
    fields = {name: value for name, value in sample_fields("20").items() if name != "finishing_stacks"}
    actions = list(fields["actions"])
    actions.insert(actions.index("d dh p2 Jh"), "d db Ah")
    text = phh(fields, actions)
    hand = check_one(client, text)
    assert (hand["error"]["type"], hand["error"]["source"], hand["error"]["line"]) == (
        problem("invalid-snapshot"), "d db Ah", first_line_holding(text, "'d db Ah'"))


# -- line breaks ---------------------------------------------------------------------------------------------------

def test_windows_line_endings_read_the_same_and_count_the_same_lines(client):
    text = COMMENTED_83.replace("'p2 cbr 300000 # completes'", "'p2 cbr 400000 # completes'")
    hand = check_one(client, text.replace("\n", "\r\n"))
    assert (hand["error"]["source"], hand["error"]["line"]) == ("p2 cbr 400000 # completes", 15)
    assert check_one(client, sample_text("24").replace("\n", "\r\n"))["state"] == check_one(
        client, sample_text("24"))["state"]


@pytest.mark.parametrize("character", ["\x85", "\u2028", "\u2029"])
def test_a_unicode_line_separator_inside_a_string_is_no_line_break(client, character):
    """TOML breaks lines at LF (or CRLF) only: NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR may stand in a string."""
    text = sample_text("83").replace("variant = 'FR'", f"variant = 'FR'\nevent = 'WSOP{character}2023'")
    hand = check_one(client, text)
    assert hand["valid"], hand["error"]
    assert hand["state"] == check_one(client, sample_text("83"))["state"]


@pytest.mark.parametrize("character", ["\x85", "\u2028", "\u2029"])
def test_a_unicode_line_separator_in_a_comment_moves_no_line_number(client, character):
    text = COMMENTED_83.replace("(a TOML comment before any field)", f"(a TOML comment{character}before any field)")
    text = text.replace("'p2 cbr 300000 # completes'", "'p2 cbr 400000 # completes'")
    hand = check_one(client, text)
    assert hand["error"] is not None and hand["error"]["type"] == problem("illegal-action"), hand["error"]
    assert (hand["error"]["source"], hand["error"]["line"]) == ("p2 cbr 400000 # completes", 15)
