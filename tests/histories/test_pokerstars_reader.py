"""The PokerStars razz reader: what each line of an export says, asserted as the text says it."""

from pathlib import Path

import pytest

from service.histories.errors import OtherGameError, UnreadableHandError
from service.histories.pokerstars import read, split
from service.histories.written import Entry, Section, Verb

SAMPLE = Path(__file__).parent / "samples" / "pokerstars-razz-cash.txt"

TOURNAMENT = """\
PokerStars Hand #210000000001: Tournament #2900001, $200+$15 USD Razz Limit - Level IV (50/100) - 2019/05/04 12:00:00 ET
Table '2900001 3' 8-max
Seat 1: PC (500 in chips)
Seat 2: Mr. X (2) (8 in chips)
Seat 3: PC [Mittel] (1500 in chips)
Seat 5: Hero (2,250 in chips)
Seat 6: sleepy (1500 in chips) is sitting out
Seat 8: tiny (110 in chips)
PC: posts the ante 10
Mr. X (2): posts the ante 8 and is all-in
PC [Mittel]: posts the ante 10
Hero: posts the ante 10
tiny: posts the ante 10
*** 3rd STREET ***
Dealt to PC [8s]
Dealt to Mr. X (2) [5c]
Dealt to PC [Mittel] [Kd]
Dealt to Hero [3c As 2d]
Dealt to tiny [7h]
PC [Mittel]: brings in for 25
sleepy said, "gl all"
Hero: raises 25 to 50
tiny: raises 50 to 100 and is all-in
PC: raises 50 to 150
PC [Mittel]: calls 125
Hero: raises 50 to 200
Betting is capped
PC: calls 50
PC [Mittel]: calls 50
*** 4th STREET ***
Dealt to PC [8s] [7d]
Dealt to Mr. X (2) [5c] [4c]
Dealt to PC [Mittel] [Kd] [Qh]
Dealt to Hero [3c As 2d] [6h]
Dealt to tiny [7h] [9c]
Hero: bets 50
sleepy leaves the table
joe joins the table at seat #6
PC [Mittel]: folds
PC: calls 50
*** 5th STREET ***
Dealt to Mr. X (2) [5c 4c] [Jd]
Dealt to PC [8s 7d] [Ts]
Dealt to Hero [3c As 2d 6h] [Js]
Dealt to tiny [7h 9c] [2c]
PC is disconnected
PC is connected
Hero: bets 100
PC: calls 100
*** 6th STREET ***
Dealt to Mr. X (2) [5c 4c Jd] [3s]
Dealt to PC [8s 7d Ts] [5d]
Dealt to Hero [3c As 2d 6h Js] [4h]
Dealt to tiny [7h 9c 2c] [Kc]
Hero: bets 100
PC: calls 100
*** RIVER ***
Dealt to Hero [3c As 2d 6h Js 4h] [8c]
Hero: bets 100
PC: calls 40 and is all-in
Uncalled bet (60) returned to Hero
*** SHOW DOWN ***
PC: shows [Ah 2h 8s 7d Ts 5d 6c] (Lo: 7,6,5,2,A)
Hero: shows [3c As 2d 6h Js 4h 8c] (Lo: 6,4,3,2,A)
Hero collected 880 from side pot-2
tiny: mucks hand
Hero collected 408 from side pot-1
Mr. X (2): shows [9d Td 5c 4c Jd 3s Qc] (Lo: T,9,5,4,3)
Hero collected 40 from main pot
tiny finished the tournament in 6th place
Mr. X (2) finished the tournament in 7th place
*** SUMMARY ***
Total pot 1,328 Main pot 40. Side pot-1 408. Side pot-2 880. | Rake 0
Seat 1: PC showed [Ah 2h 8s 7d Ts 5d 6c] and lost with Lo: 7,6,5,2,A
Seat 2: Mr. X (2) showed [9d Td 5c 4c Jd 3s Qc] and lost with Lo: T,9,5,4,3
Seat 3: PC [Mittel] folded on the 4th Street
Seat 5: Hero showed [3c As 2d 6h Js 4h 8c] and won (1,328) with Lo: 6,4,3,2,A
Seat 8: tiny mucked [Ad 8d 7h 9c 2c Kc 3d]
"""

SHORT_CASH = """\
PokerStars Game #40000000001:  Razz Limit ($1/$2 USD) - 2010/01/02 03:04:05 ET
Table 'Kleio III' 8-max
Seat 2: alpha ($1,234.50 in chips)
Seat 4: beta ($5 in chips)
alpha: posts the ante $0.10
beta: posts the ante $0.10
*** 3rd STREET ***
Dealt to alpha [9d]
Dealt to beta [Kc]
beta: brings in for $0.50
alpha: folds
Uncalled bet ($0.50) returned to beta
beta collected $0.20 from pot
beta: doesn't show hand
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 2: alpha folded on the 3rd Street (didn't bet)
Seat 4: beta collected ($0.20)
"""
"""A two-seat cash hand won on 3rd street: whole-dollar and thousands amounts, a bring-in folded to."""


def sample_sections():
    return split(SAMPLE.read_text(encoding="utf-8"))


def sample_hand(number):
    return read(sample_sections()[number])


def only_hand(text):
    (section,) = split(text)
    return read(section)


def by_name(hand):
    return {player.name: player for player in hand.players}


def unreadable(text, replace, by):
    """Read the text with one line changed; the error it must raise."""
    assert replace in text
    with pytest.raises(UnreadableHandError) as error:
        only_hand(text.replace(replace, by, 1))
    return error.value


# The sample file: three real cash hands.

def test_split_finds_the_sample_files_three_hands_at_their_header_lines():
    sections = sample_sections()
    assert [section.first_line for section in sections] == [1, 62, 136]
    assert [len(section.lines) for section in sections] == [58, 71, 66]
    assert sections[0].lines[-1] == "Seat 8: SilkZone folded on the River"


def test_sample_hand_1_stakes_seats_and_stacks_in_cents():
    hand = sample_hand(0)
    assert hand.id == "35874590575"
    assert hand.entry == Entry(
        1, "PokerStars Game #35874590575:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:25:23 ET")
    assert hand.stakes == {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8}
    assert [(p.seat, p.name, p.stack) for p in hand.players] == [
        (1, "kobreli", 130), (5, "meg100", 164), (7, "Hero", 159), (8, "SilkZone", 189)]
    assert hand.players[0].entry == Entry(3, "Seat 1: kobreli ($1.30 in chips)")
    assert hand.dealer_seat is None
    assert hand.community_card is None
    assert hand.notes == []


def test_sample_hand_1_cards_unseen_down_cards_are_none():
    players = by_name(sample_hand(0))
    assert players["kobreli"].cards == [None, None, "3h", "Ks"]
    assert players["meg100"].cards == [None, None, "6s", "2d", "5d", "Qs", None]
    assert players["Hero"].cards == ["4c", "2h", "8h", "7c", "Ah", "2s", "5h"]
    assert players["SilkZone"].cards == [None, None, "Jc", "3c", "8c", "Kh", None]
    assert [entry.line for entry in players["Hero"].card_entries] == [14, 14, 14, 23, 32, 40, 46]
    assert players["meg100"].card_entries[6] == Entry(45, "*** RIVER ***")


def test_sample_hand_1_actions_and_what_was_collected():
    hand = sample_hand(0)
    first, bet = hand.actions[0], hand.actions[5]
    assert (first.seat, first.verb, first.adds, first.to) == (8, Verb.BRING_IN, 2, None)
    assert first.entry == Entry(16, "SilkZone: brings in for $0.02")
    assert (bet.seat, bet.verb, bet.adds, bet.entry.line) == (7, Verb.INCREASE, 4, 26)
    assert [(a.seat, a.verb) for a in hand.actions[-3:]] == [(7, Verb.INCREASE), (8, Verb.FOLD), (5, Verb.FOLD)]
    assert len(hand.actions) == 19
    recorded = hand.recorded
    assert recorded.kind == "collected"
    assert recorded.amounts == {1: 0, 5: 0, 7: 46, 8: 0}
    assert recorded.returned == {7: 8}
    assert recorded.rake == 2
    assert recorded.entry == Entry(52, "Hero collected $0.46 from pot")


def test_sample_hand_2_show_fills_hiwaii2s_down_cards_and_river():
    players = by_name(sample_hand(1))
    show = Entry(123, "HIWAII2: shows [2h 8d Kh 6h 3d 6d 4h] (Lo: 8,6,4,3,2)")
    assert players["HIWAII2"].cards == ["2h", "8d", "Kh", "6h", "3d", "6d", "4h"]
    assert players["HIWAII2"].card_entries[:3] == [show, show, Entry(77, "Dealt to HIWAII2 [Kh]")]
    assert players["HIWAII2"].card_entries[6] == show
    assert players["Hero"].cards == ["9h", "2s", "7c", "6c", "Qh", "Ad", "Ac"]
    assert players["Hero"].muck == Entry(124, "Hero: mucks hand")
    assert players["HIWAII2"].muck is None
    assert players["kobreli"].cards == [None, None, "8c", "8s", "3c"]


def test_sample_hand_2_river_raise_and_collected_with_rake():
    hand = sample_hand(1)
    raised = next(a for a in hand.actions if a.entry.line == 120)
    assert (raised.seat, raised.verb, raised.to, raised.adds) == (6, Verb.INCREASE, 16, None)
    assert hand.recorded.amounts == {1: 0, 5: 0, 6: 68, 7: 0, 8: 0}
    assert hand.recorded.returned == {}
    assert hand.recorded.rake == 3
    assert hand.recorded.entry.line == 125


def test_sample_hand_3_six_seats_a_raise_on_4th_and_an_uncalled_river_raise():
    hand = sample_hand(2)
    assert [p.seat for p in hand.players] == [1, 3, 5, 6, 7, 8]
    players = by_name(hand)
    assert players["Hero"].cards == ["7h", "9c", "Th"]
    assert players["meg100"].cards == [None, None, "9h", "Kd"]
    assert players["SilkZone"].cards == [None, None, "Kh", "2d", "Js", "6c", None]
    raised = next(a for a in hand.actions if a.entry.line == 169)
    assert (raised.seat, raised.verb, raised.to) == (8, Verb.INCREASE, 8)
    assert hand.recorded.amounts == {1: 0, 3: 0, 5: 0, 6: 0, 7: 0, 8: 98}
    assert hand.recorded.returned == {8: 8}
    assert hand.recorded.rake == 4
    assert hand.recorded.entry == Entry(193, "SilkZone collected $0.98 from pot")


# split

def test_split_makes_text_before_the_first_hand_a_section_that_read_refuses_with_its_line():
    text = "Exported by some tracker\nplease ignore\n\n\n" + SHORT_CASH
    garbage, hand = split(text)
    assert garbage == Section(1, ["Exported by some tracker", "please ignore"])
    assert hand.first_line == 5
    with pytest.raises(UnreadableHandError) as error:
        read(garbage)
    assert error.value.entry == Entry(1, "Exported by some tracker")
    assert read(hand).entry.line == 5


def test_split_text_between_hands_is_its_own_section():
    text = SHORT_CASH + "\n\n*** this is not a hand ***\n\n" + SHORT_CASH
    sections = split(text)
    assert [s.first_line for s in sections] == [1, 21, 23]
    assert sections[1].lines == ["*** this is not a hand ***"]


def test_split_and_read_a_bom_leading_spaces_and_crlf_line_ends():
    text = "\ufeff  " + SHORT_CASH.replace("\n", "\r\n")
    (section,) = split(text)
    assert section.first_line == 1
    hand = read(section)
    assert hand.id == "40000000001"
    assert hand.entry.source.startswith("PokerStars Game #40000000001:")
    assert hand.players[1].entry == Entry(4, "Seat 4: beta ($5 in chips)")


def test_a_hand_that_follows_another_without_a_blank_line_starts_its_own_section():
    sections = split(SHORT_CASH + SHORT_CASH)
    assert [s.first_line for s in sections] == [1, 19]


# Cash amounts

def test_cash_amounts_in_whole_dollars_and_with_thousands_become_cents():
    hand = only_hand(SHORT_CASH)
    assert hand.stakes == {"ante": 10, "bring_in": 50, "small_bet": 100, "big_bet": 200}
    assert [(p.seat, p.stack) for p in hand.players] == [(2, 123450), (4, 500)]
    assert [(a.seat, a.verb, a.adds) for a in hand.actions] == [(4, Verb.BRING_IN, 50), (2, Verb.FOLD, None)]
    assert hand.recorded.amounts == {2: 0, 4: 20}
    assert hand.recorded.returned == {4: 50}
    assert hand.recorded.rake == 0


@pytest.mark.parametrize("amount", ["0.50", "$0.5", "$0.500", "$1,23.50"])
def test_a_cash_amount_not_written_in_dollars_and_cents_is_refused(amount):
    error = unreadable(SHORT_CASH, "beta: brings in for $0.50", f"beta: brings in for {amount}")
    assert error.entry == Entry(10, f"beta: brings in for {amount}")


@pytest.mark.parametrize(("replace", "by"), [
    ("beta: brings in for $0.50", "beta: brings in for $" + "9" * 5000),
    ("Seat 4: beta ($5 in chips)", "Seat 4: beta ($" + "9" * 17 + " in chips)"),
    ("Seat 4: beta ($5 in chips)", "Seat " + "4" * 5000 + ": beta ($5 in chips)"),
    ("Table 'Kleio III' 8-max", "Table 'Kleio III' " + "8" * 5000 + "-max"),
    ("Seat 4: beta collected ($0.20)", "Seat " + "4" * 5000 + ": beta collected ($0.20)"),
])
def test_a_number_of_more_digits_than_any_hands_chips_is_refused_on_its_line(replace, by):
    error = unreadable(SHORT_CASH, replace, by)
    assert error.entry.source == by and "more than any hand's chips" in error.message


PLAY_MONEY = """\
PokerStars Game #40000000002:  Razz Limit (10/20) - 2010/01/02 03:04:05 ET
Table 'Kleio IV' 8-max (Play Money)
Seat 2: alpha (1,234 in chips)
Seat 4: beta (500 in chips)
alpha: posts the ante 1
beta: posts the ante 1
*** 3rd STREET ***
Dealt to alpha [9d]
Dealt to beta [Kc]
beta: brings in for 5
alpha: raises 5 to 10
beta: folds
Uncalled bet (5) returned to alpha
alpha collected 12 from pot
*** SUMMARY ***
Total pot 12 | Rake 0
Seat 2: alpha collected (12)
Seat 4: beta folded on the 3rd Street
"""


def test_play_money_amounts_are_chips():
    hand = only_hand(PLAY_MONEY)
    assert hand.stakes == {"ante": 1, "bring_in": 5, "small_bet": 10, "big_bet": 20}
    assert [(p.seat, p.stack) for p in hand.players] == [(2, 1234), (4, 500)]
    assert [(a.seat, a.verb, a.to, a.adds) for a in hand.actions] == [
        (4, Verb.BRING_IN, None, 5), (2, Verb.INCREASE, 10, None), (4, Verb.FOLD, None, None)]
    assert hand.recorded.amounts == {2: 12, 4: 0}
    assert hand.recorded.returned == {2: 5}


# A tournament hand written from the format

def test_tournament_stakes_are_the_levels_chips_not_the_buy_in():
    hand = only_hand(TOURNAMENT)
    assert hand.id == "210000000001"
    assert hand.stakes == {"ante": 10, "bring_in": 25, "small_bet": 50, "big_bet": 100}
    assert hand.notes == []


def test_tournament_seats_names_with_spaces_and_brackets_and_the_seat_sitting_out_left_out():
    hand = only_hand(TOURNAMENT)
    assert [(p.seat, p.name, p.stack) for p in hand.players] == [
        (1, "PC", 500), (2, "Mr. X (2)", 8), (3, "PC [Mittel]", 1500), (5, "Hero", 2250), (8, "tiny", 110)]


def test_tournament_actions_match_the_longest_name_and_strip_all_in():
    hand = only_hand(TOURNAMENT)
    third_street = [(a.seat, a.verb, a.to, a.adds) for a in hand.actions[:8]]
    assert third_street == [
        (3, Verb.BRING_IN, None, 25),
        (5, Verb.INCREASE, 50, None),
        (8, Verb.INCREASE, 100, None),
        (1, Verb.INCREASE, 150, None),
        (3, Verb.CALL, None, 125),
        (5, Verb.INCREASE, 200, None),
        (1, Verb.CALL, None, 50),
        (3, Verb.CALL, None, 50),
    ]
    assert hand.actions[2].entry == Entry(23, "tiny: raises 50 to 100 and is all-in")
    river_call = hand.actions[-1]
    assert (river_call.seat, river_call.verb, river_call.adds) == (1, Verb.CALL, 40)
    assert river_call.entry.source == "PC: calls 40 and is all-in"
    assert len(hand.actions) == 17


def test_tournament_cards_filled_by_shows_and_by_the_summarys_mucked_line():
    players = by_name(only_hand(TOURNAMENT))
    assert players["PC [Mittel]"].cards == [None, None, "Kd", "Qh"]
    assert players["Mr. X (2)"].cards == ["9d", "Td", "5c", "4c", "Jd", "3s", "Qc"]
    assert players["PC"].cards == ["Ah", "2h", "8s", "7d", "Ts", "5d", "6c"]
    assert players["Hero"].cards == ["3c", "As", "2d", "6h", "Js", "4h", "8c"]
    assert players["tiny"].cards == ["Ad", "8d", "7h", "9c", "2c", "Kc", "3d"]
    assert players["tiny"].muck == Entry(66, "tiny: mucks hand")
    mucked = Entry(78, "Seat 8: tiny mucked [Ad 8d 7h 9c 2c Kc 3d]")
    assert players["tiny"].card_entries == [mucked, mucked, Entry(19, "Dealt to tiny [7h]"),
                                            Entry(35, "Dealt to tiny [7h] [9c]"),
                                            Entry(45, "Dealt to tiny [7h 9c] [2c]"),
                                            Entry(54, "Dealt to tiny [7h 9c 2c] [Kc]"), mucked]


def test_tournament_side_pots_summed_per_seat_with_the_uncalled_bet_apart():
    recorded = only_hand(TOURNAMENT).recorded
    assert recorded.amounts == {1: 0, 2: 0, 3: 0, 5: 1328, 8: 0}
    assert recorded.returned == {5: 60}
    assert recorded.rake == 0
    assert recorded.entry == Entry(65, "Hero collected 880 from side pot-2")


def test_a_seated_player_who_was_not_dealt_cannot_act():
    error = unreadable(TOURNAMENT, "Hero: raises 25 to 50\n", "sleepy: calls 25\n")
    assert error.entry == Entry(22, "sleepy: calls 25")
    assert "not dealt" in error.message


def test_a_chip_amount_with_decimals_is_refused_in_a_tournament():
    error = unreadable(TOURNAMENT, "Hero: bets 50\n", "Hero: bets 50.5\n")
    assert error.entry == Entry(36, "Hero: bets 50.5")


# Noise lines

@pytest.mark.parametrize("noise", [
    'kobreli said, "nice hand: folds"',
    "somebody new joins the table at seat #4",
    "kobreli leaves the table",
    "meg100 is disconnected",
    "meg100 is connected",
    "meg100 has returned",
    "meg100 has timed out",
    "meg100 has timed out while disconnected",
    "meg100 has timed out while being disconnected",
    "SilkZone is sitting out",
    "stranger will be allowed to play after the button",
    "Betting is capped",
    "kobreli: sits out",
    "kobreli sits out",
    "kobreli: is sitting out",
    "meg100 has 15 seconds left to act",
    "stranger was removed from the table for failing to post",
    "kobreli re-buys and receives 1,500 chips for $1.00",
    "kobreli takes the add-on and receives 3000 chips for $1.00",
    "Hero wins the $0.50 bounty for eliminating meg100",
    "Hero, kobreli split the $0.50 bounty for eliminating meg100",
    "Hero wins $0.25 for eliminating meg100 and their own bounty increases by $0.25 to $0.75",
    "Hero wins $0.12 for splitting the elimination of meg100 and their own bounty increases by $0.13 to $0.63",
])
def test_noise_lines_are_skipped_wherever_they_come(noise):
    text = SAMPLE.read_text(encoding="utf-8").split("\n\n\n\n")[0] + "\n"
    plain = only_hand(text)
    for anchor in ("kobreli: posts the ante $0.01\n", "Hero: bets $0.04\n", "*** SUMMARY ***\n"):
        noisy = only_hand(text.replace(anchor, anchor + noise + "\n", 1))
        assert [(a.seat, a.verb, a.to, a.adds) for a in noisy.actions] == [
            (a.seat, a.verb, a.to, a.adds) for a in plain.actions]
        assert [p.cards for p in noisy.players] == [p.cards for p in plain.players]
        assert noisy.recorded.amounts == plain.recorded.amounts


# What the reader refuses

def test_an_unknown_line_is_refused_with_its_line_and_words():
    error = unreadable(SHORT_CASH, "alpha: folds", "alpha: stands pat")
    assert error.entry == Entry(11, "alpha: stands pat")
    assert "does not know" in error.message


def test_an_unknown_line_of_a_hand_later_in_the_file_names_its_line_in_the_whole_text():
    text = SAMPLE.read_text(encoding="utf-8").replace("HIWAII2: folds\nUncalled", "HIWAII2 waves\nUncalled")
    with pytest.raises(UnreadableHandError) as error:
        read(split(text)[2])
    assert error.value.entry == Entry(191, "HIWAII2 waves")


@pytest.mark.parametrize(("header", "game"), [
    ("PokerStars Hand #1:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/01/15 14:30:00 ET", "Hold'em No Limit"),
    ("PokerStars Game #4:  Razz Pot Limit ($0.04/$0.08 USD) - 2012/05/23 17:24:52 ET", "Razz Pot Limit"),
    ("PokerStars Game #5:  Razz No Limit ($0.04/$0.08 USD) - 2012/05/23 17:24:52 ET", "Razz No Limit"),
    ("PokerStars Game #9:  2-7 Razz Limit ($0.04/$0.08 USD) - 2012/05/23 17:24:52 ET", "2-7 Razz Limit"),
    ("PokerStars Hand #10: Tournament #11, $10+$1 USD 2-7 Razz Limit - Level I (10/20) - 2012/05/23 17:24:52 ET",
     "2-7 Razz Limit"),
    ("PokerStars Game #12:  HORSE (Hold'em Limit, $0.10/$0.20) - 2009/02/26 15:20:19 ET", "Hold'em Limit"),
    ("PokerStars Hand #13: Tournament #14, $10+$1 USD 5 Card Stud Limit - Level I (10/20) - 2012/05/23 17:24:52 ET",
     "5 Card Stud Limit"),
])
def test_a_game_not_played_is_named_on_its_header_line(header, game):
    text = "junk before\n\n" + SHORT_CASH.replace(SHORT_CASH.splitlines()[0], header)
    with pytest.raises(OtherGameError) as error:
        read(split(text)[1])
    assert (error.value.entry, error.value.game) == (Entry(3, header), game)
    assert error.value.message == f'a hand of "{game}": not a game this service plays'


@pytest.mark.parametrize(("header", "game", "bets"), [
    ("PokerStars Game #2:  7 Card Stud Limit ($0.04/$0.08 USD) - 2012/05/23 17:24:52 ET", "stud", (4, 8)),
    ("PokerStars Game #3:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2012/05/23 17:24:52 ET", "stud8", (4, 8)),
    ("PokerStars Game #8:  HORSE (7 Card Stud Hi/Lo Limit, $0.10/$0.20) - 2009/02/26 15:20:19 ET", "stud8", (10, 20)),
    ("PokerStars Game #9:  Razz Limit ($1/$2 USD) - 2012/05/23 17:24:52 ET", "razz", (100, 200)),
])
def test_a_stud_family_header_names_its_game_and_bets(header, game, bets):
    hand = read(split(SHORT_CASH.replace(SHORT_CASH.splitlines()[0], header))[0])
    assert (hand.game, (hand.stakes["small_bet"], hand.stakes["big_bet"])) == (game, bets)


def test_mixed_game_razz_headers_read_with_their_stakes():
    cash = SHORT_CASH.replace("Razz Limit ($1/$2 USD)", "HORSE (Razz Limit, $0.10/$0.20)")
    assert only_hand(cash).stakes["small_bet"] == 10
    tournament = only_hand(TOURNAMENT.replace("USD Razz Limit - Level IV (50/100)",
                                              "USD 8-Game (Razz Limit) - Level XX (400/800)"))
    assert (tournament.stakes["small_bet"], tournament.stakes["big_bet"]) == (400, 800)


def test_a_shown_card_that_contradicts_a_dealt_one_is_refused():
    hand_2 = "\n".join(SAMPLE.read_text(encoding="utf-8").splitlines()[61:132]) + "\n"
    error = unreadable(hand_2, "shows [2h 8d Kh 6h", "shows [2h 8d Ks 6h")
    assert error.entry.line == 62
    assert error.entry.source.startswith("HIWAII2: shows [2h 8d Ks 6h")
    assert "Kh" in error.message and "Ks" in error.message


def test_a_summary_mucked_card_that_contradicts_a_dealt_one_is_refused():
    hand_2 = "\n".join(SAMPLE.read_text(encoding="utf-8").splitlines()[61:132]) + "\n"
    error = unreadable(hand_2, "Hero mucked [9h 2s", "Hero mucked [9h 3s")
    assert error.entry == Entry(70, "Seat 7: Hero mucked [9h 3s 7c 6c Qh Ad Ac]")


def test_a_show_of_the_wrong_number_of_cards_is_refused():
    error = unreadable(TOURNAMENT, "PC: shows [Ah 2h 8s 7d Ts 5d 6c]", "PC: shows [Ah 2h 8s 7d Ts 5d]")
    assert error.entry.line == 63


def test_a_later_streets_cards_so_far_must_be_those_dealt():
    error = unreadable(TOURNAMENT, "Dealt to PC [8s 7d] [Ts]", "Dealt to PC [8s 7c] [Ts]")
    assert error.entry == Entry(43, "Dealt to PC [8s 7c] [Ts]")


def test_a_seat_listed_twice_is_refused():
    error = unreadable(SHORT_CASH, "Seat 4: beta", "Seat 2: beta")
    assert error.entry == Entry(4, "Seat 2: beta ($5 in chips)")
    assert error.message == "seat 2 is listed twice"


def test_a_ninth_seat_line_is_refused_whatever_the_table_says():
    seats = "\n".join(f"Seat {seat}: extra{seat} ($5 in chips)" for seat in range(5, 12))
    text = SHORT_CASH.replace("8-max", "20-max").replace("Seat 4: beta ($5 in chips)\n",
                                                          f"Seat 4: beta ($5 in chips)\n{seats}\n")
    with pytest.raises(UnreadableHandError) as error:
        only_hand(text)
    assert error.value.entry == Entry(11, "Seat 11: extra11 ($5 in chips)")
    assert error.value.message == "a stud-family table seats at most 8 players: this is seat line 9"


def test_a_chat_line_of_any_length_is_passed_over():
    chat = 'alpha said, "' + 'beta said, "' * 20_000 + '"'
    hand = only_hand(SHORT_CASH.replace("alpha: folds\n", f"{chat}\nalpha: folds\n"))
    assert [action.entry.source for action in hand.actions][-1] == "alpha: folds"


def test_a_seat_beyond_the_tables_size_is_refused():
    error = unreadable(SHORT_CASH, "Seat 4: beta", "Seat 9: beta")
    assert error.entry.line == 4


def test_a_street_out_of_order_is_refused():
    error = unreadable(TOURNAMENT, "*** 5th STREET ***", "*** 6th STREET ***")
    assert error.entry == Entry(41, "*** 6th STREET ***")


def test_cards_dealt_to_a_player_after_he_folded_are_refused():
    error = unreadable(TOURNAMENT, "Dealt to Mr. X (2) [5c 4c] [Jd]", "Dealt to PC [Mittel] [Kd Qh] [Jd]")
    assert error.entry.line == 42
    assert "folded" in error.message


# What the reader assumes, and says so

def test_a_bring_in_all_in_for_less_is_taken_from_the_first_call_of_it():
    text = (TOURNAMENT.replace("Seat 3: PC [Mittel] (1500 in chips)", "Seat 3: PC [Mittel] (30 in chips)")
            .replace("PC [Mittel]: brings in for 25", "PC [Mittel]: brings in for 20 and is all-in"))
    hand = only_hand(text.split("Hero: raises 25 to 50")[0] + "Hero: calls 25\ntiny: raises 25 to 50\n")
    assert hand.stakes["bring_in"] == 25
    assert [(a.verb, a.adds) for a in hand.actions[:2]] == [(Verb.BRING_IN, 20), (Verb.CALL, 25)]
    assert len(hand.notes) == 1
    assert hand.notes[0].startswith("the history does not show a full bring-in: taken as 25")


def test_a_call_after_the_short_bring_in_is_raised_says_nothing_of_the_bring_in():
    text = (TOURNAMENT.replace("Seat 3: PC [Mittel] (1500 in chips)", "Seat 3: PC [Mittel] (30 in chips)")
            .replace("PC [Mittel]: brings in for 25", "PC [Mittel]: brings in for 20 and is all-in"))
    hand = only_hand(text.split("tiny: raises 50 to 100")[0] + "tiny: calls 50\n")
    assert hand.stakes["bring_in"] == 25
    assert hand.notes[0].startswith("the history does not show a full bring-in: taken as 25")


def test_no_bring_in_at_all_is_taken_as_half_the_small_bet():
    text = TOURNAMENT.split("PC [Mittel]: brings in for 25")[0] + "PC [Mittel]: bets 50\nPC: folds\n"
    hand = only_hand(text)
    assert hand.stakes["bring_in"] == 25
    assert hand.recorded is None
    assert len(hand.notes) == 1
    assert hand.notes[0].startswith("the history does not show a full bring-in: taken as 25")


# The community card

EIGHT_WAY_CARDS = {
    "p1": ["2c", "3c", "4c", "5c", "6c", "7c"],
    "p2": ["8c", "9c", "Tc", "Jc", "Qc", "Kc"],
    "p3": ["Ac", "2d", "3d", "4d", "5d", "6d"],
    "p4": ["7d", "8d", "9d", "Td", "Jd", "Qd"],
    "p5": ["Kd", "Ad", "2h", "3h", "4h", "5h"],
    "p6": ["6h", "7h", "8h", "9h", "Th", "Jh"],
    "p7": ["Qh", "Kh", "Ah", "2s", "3s", "4s"],
    "Hero": ["5s", "6s", "7s", "8s", "9s", "Ts"],
}
"""Eight players to the river deal 48 cards by 6th street: four are left, so the river is one community card."""


def eight_way_hand():
    names = list(EIGHT_WAY_CARDS)
    lines = ["PokerStars Game #50000000001:  Razz Limit ($0.10/$0.20 USD) - 2011/02/03 04:05:06 ET",
             "Table 'Full House' 8-max"]
    lines += [f"Seat {seat}: {name} ($10 in chips)" for seat, name in enumerate(names, start=1)]
    lines += [f"{name}: posts the ante $0.02" for name in names]
    for street, header in enumerate(["3rd STREET", "4th STREET", "5th STREET", "6th STREET"], start=3):
        lines.append(f"*** {header} ***")
        for name, cards in EIGHT_WAY_CARDS.items():
            down, up = (cards[:2], cards[2:]) if name == "Hero" else ([], cards[2:])
            if street == 3:
                lines.append(f"Dealt to {name} [{' '.join(down + up[:1])}]")
            else:
                lines.append(f"Dealt to {name} [{' '.join(down + up[:street - 3])}] [{up[street - 3]}]")
        if street == 3:
            lines += ["p2: brings in for $0.05"] + [f"{name}: calls $0.05" for name in names if name != "p2"]
        else:
            lines += [f"{name}: checks" for name in names]
    lines += ["*** RIVER *** [Js]"] + [f"{name}: checks" for name in names] + ["*** SHOW DOWN ***"]
    return "\n".join(lines) + "\n"


def test_a_community_card_river_deals_nobody_a_seventh_card():
    text = eight_way_hand()
    hand = only_hand(text)
    assert hand.community_card == ("Js", Entry(87, "*** RIVER *** [Js]"))
    assert all(len(player.cards) == 6 for player in hand.players)
    assert by_name(hand)["Hero"].cards == ["5s", "6s", "7s", "8s", "9s", "Ts"]
    assert by_name(hand)["p1"].cards == [None, None, "4c", "5c", "6c", "7c"]
    assert hand.recorded is None


def test_a_card_dealt_on_a_community_card_river_is_refused():
    text = eight_way_hand().replace("*** RIVER *** [Js]\n",
                                    "*** RIVER *** [Js]\nDealt to Hero [5s 6s 7s 8s 9s Ts] [Qs]\n")
    with pytest.raises(UnreadableHandError) as error:
        only_hand(text)
    assert error.value.entry.line == 88


def test_a_home_game_header_reads_past_its_club_room_as_any_tournament_hand():
    header = ("PokerStars Home Game Hand #99632234066: {Dazzle's Room} Tournament #743144019, 100+9 8-Game "
              "(Razz Limit) - Match Round I, Level IV (30/60) - 2013/06/06 0:00:10 ET")
    hand = only_hand(TOURNAMENT.replace(TOURNAMENT.splitlines()[0], header))
    assert hand.id == "99632234066"
    assert (hand.stakes["small_bet"], hand.stakes["big_bet"]) == (30, 60)


def test_a_home_game_hand_of_another_game_is_named_by_its_own_game_on_its_header_line():
    header = ("PokerStars Home Game Hand #99631756108: {Dazzle's Room} Tournament #743144019, 100+9 8-Game "
              "(Triple Draw 2-7 Lowball Limit) - Match Round I, Level I (20/40) - 2013/06/05 23:30:00 ET")
    with pytest.raises(OtherGameError) as error:
        read(split(SHORT_CASH.replace(SHORT_CASH.splitlines()[0], header))[0])
    assert error.value.game == "Triple Draw 2-7 Lowball Limit"
