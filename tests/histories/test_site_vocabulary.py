"""Each site reader's vocabulary beyond the plain hand: results settled before the deal, cards turned up at an
all-in, and the lines and elements a site writes that tell nothing of the play.

The hands are written in each site's syntax as its real exports lay them out (the samples' headers,
seat lines, rounds and summaries), with what the rules pay them added up here by hand.
"""

import re

import pytest

from service.histories import fulltilt, merge, phh, pokerstars, winamax
from service.histories.errors import OtherGameError, UnreadableHandError
from service.histories.written import Game

from .lines import line_reading
from .phh_texts import PROBLEM_BASE, check_one
from .site_texts import as_razz, sample


def refused(reader, text: str) -> UnreadableHandError:
    """The error reading a text's one hand raises."""
    with pytest.raises(UnreadableHandError) as error:
        reader.read(reader.split(text)[0])
    return error.value


def truncated_at(text: str, words: str) -> str:
    """The text cut short in the middle of the line that holds ``words``, as a download or copy cut off leaves it."""
    return text[:text.index(words) + len(words) // 2]

# A Full Tilt sit & go heads-up: Villain antes his last 20 chips, Hero antes 30; the 10 nobody could match comes
# back before the deal, the cards run out with nobody left to bet, and Hero's 7-5 wins the 40 the antes made.
FULLTILT_ANTE_ALL_IN = """\
Full Tilt Poker Game #33286946295: $10 Sit & Go (Razz) (224789871), Table 1 - 120/240 Ante 30 - Limit Razz - \
21:42:24 ET - 2011/08/14
Seat 2: Hero (1,210)
Seat 5: Villain (20)
Villain antes 20, and is all in
Hero antes 30
Uncalled bet of 10 returned to Hero
*** 3RD STREET *** (Total Pot: 40, 2 Players, 1 All-In)
Dealt to Hero [2c 3d] [4h]
Dealt to Villain [Kd]
*** 4TH STREET *** (Total Pot: 40, 2 Players, 1 All-In)
Dealt to Hero [2c 3d 4h] [5s]
Dealt to Villain [Kd] [Qc]
*** 5TH STREET *** (Total Pot: 40, 2 Players, 1 All-In)
Dealt to Hero [2c 3d 4h 5s] [7s]
Dealt to Villain [Kd Qc] [Jh]
*** 6TH STREET *** (Total Pot: 40, 2 Players, 1 All-In)
Dealt to Hero [2c 3d 4h 5s 7s] [9c]
Dealt to Villain [Kd Qc Jh] [Th]
*** 7TH STREET *** (Total Pot: 40, 2 Players, 1 All-In)
Dealt to Hero [2c 3d 4h 5s 7s 9c] [Tc]
*** SHOW DOWN ***
Villain shows [8d 6d Kd Qc Jh Th 9d] K,Q,J,T,9
Hero shows [2c 3d 4h 5s 7s 9c Tc] 7,5,4,3,2
Hero wins the pot (40) with 7,5,4,3,2
*** SUMMARY ***
Total pot 40 | Rake 0
Seat 2: Hero showed [2c 3d 4h 5s 7s 9c Tc] and won (40) with 7,5,4,3,2
Seat 5: Villain showed [8d 6d Kd Qc Jh Th 9d] and lost with K,Q,J,T,9
"""


def test_a_full_tilt_ante_nobody_could_match_comes_back_before_the_deal_and_the_hand_checks(client):
    hand = check_one(client, FULLTILT_ANTE_ALL_IN, None)
    assert hand["valid"] and hand["agrees"] is True
    assert hand["snapshot"]["stakes"]["ante"] == 30 and hand["snapshot"]["actions"] == []
    # 20 + 20 in the pot to Hero, and his 10 back: the rules pay him 50.
    assert hand["recorded"]["returned"] == [{"seat": 2, "amount": 10}]
    assert hand["state"]["result"]["payouts"] == [{"seat": 2, "amount": 50}, {"seat": 5, "amount": 0}]


def test_a_full_tilt_ante_returned_short_of_what_was_unmatched_disagrees(client):
    hand = check_one(client, FULLTILT_ANTE_ALL_IN.replace("Uncalled bet of 10", "Uncalled bet of 5"), None)
    assert hand["valid"] and hand["agrees"] is False
    assert hand["discrepancies"] == [{"seat": 2, "recorded": 45, "computed": 50}]


def test_an_ante_returned_before_the_deal_to_a_seat_never_dealt_in_is_refused_on_its_line(client):
    text = FULLTILT_ANTE_ALL_IN.replace("Seat 5: Villain (20)", "Seat 5: Villain (20)\nSeat 7: Rail (500)").replace(
        "Uncalled bet of 10 returned to Hero", "Uncalled bet of 10 returned to Rail")
    hand = check_one(client, text, None)
    assert hand["error"]["type"] == PROBLEM_BASE + "unreadable-hand"
    assert hand["error"]["line"] == line_reading(text, "Uncalled bet of 10 returned to Rail")
    assert "was not dealt cards" in hand["error"]["detail"]


# A Merge razz cash hand laid out as the samples are: Player0 calls his last 50 cents on 4th street, and from then on
# the site turns both hands up in each street's round, as SHOWN cards, before the showdown shows them again.
MERGE_ALL_IN_ON_4TH = """\
<description type="Razz" stakes="Limit $0.50/$1" version="2" />

<game id="78854953-412" starttime="20140911020112" numholecards="7" gametype="47" seats="8" realmoney="true" \
data="20140911|Pony II|78854953|78854953-412|false" version="2" >
    <players dealer="2" >
        <player seat="0" nickname="Hero" balance="$10.00" dealtin="true" />
        <player seat="1" nickname="Player0" balance="$1.05" dealtin="true" />
        <player seat="2" nickname="Player1" balance="$13.80" dealtin="true" />
    </players>
    <round id="BLINDS" sequence="1" >
        <event sequence="1" type="ANTE" timestamp="1410417881000" player="0" amount="0.05" />
        <event sequence="2" type="ANTE" timestamp="1410417881000" player="1" amount="0.05" />
        <event sequence="3" type="ANTE" timestamp="1410417882000" player="2" amount="0.05" />
    </round>
    <round id="BRING_IN" sequence="2" >
        <event sequence="4" type="BRING_IN" timestamp="1410417885000" player="2" amount="0.10" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,3c" player="1" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,Kh" player="2" />
        <cards type="HOLE" cards="Ad,2s,4s" player="0" hand="Four High" />
    </round>
    <round id="THIRD_STREET" sequence="3" >
        <event sequence="5" type="COMPLETE" timestamp="1410417888000" player="0" amount="0.50" />
        <event sequence="6" type="CALL" timestamp="1410417890000" player="1" amount="0.50" />
        <event sequence="7" type="FOLD" timestamp="1410417892000" player="2" />
    </round>
    <round id="FOURTH_STREET" sequence="4" >
        <event sequence="8" type="CHECK" timestamp="1410417902000" player="1" />
        <event sequence="9" type="BET" timestamp="1410417904000" player="0" amount="0.50" />
        <event sequence="10" type="ALL_IN" timestamp="1410417910000" player="1" amount="0.50" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,3c,6d" player="1" />
        <cards type="HOLE" cards="Ad,2s,4s,9c" player="0" hand="Nine High" />
        <cards type="SHOWN" cards="5h,7c,3c,6d" player="1" />
        <cards type="SHOWN" cards="Ad,2s,4s,9c" player="0" />
    </round>
    <round id="FIFTH_STREET" sequence="5" >
        <cards type="SHOWN" cards="5h,7c,3c,6d,Qs" player="1" />
        <cards type="SHOWN" cards="Ad,2s,4s,9c,8h" player="0" />
    </round>
    <round id="SIXTH_STREET" sequence="6" >
        <cards type="SHOWN" cards="5h,7c,3c,6d,Qs,Jd" player="1" />
        <cards type="SHOWN" cards="Ad,2s,4s,9c,8h,Tc" player="0" />
    </round>
    <round id="SEVENTH_STREET" sequence="7" >
        <cards type="SHOWN" cards="5h,7c,3c,6d,Qs,Jd,Kc" player="1" />
        <cards type="SHOWN" cards="Ad,2s,4s,9c,8h,Tc,Ks" player="0" />
    </round>
    <round id="SHOWDOWN" sequence="8" >
        <event sequence="11" type="SHOW" timestamp="1410417950000" player="1" />
        <event sequence="12" type="SHOW" timestamp="1410417950000" player="0" />
        <cards type="SHOWN" cards="5h,7c,3c,6d,Qs,Jd,Kc" player="1" />
        <cards type="SHOWN" cards="Ad,2s,4s,9c,8h,Tc,Ks" player="0" />
    </round>
    <round id="END_OF_GAME" sequence="9" >
        <winner amount="2.15" uncalled="false" potnumber="1" player="0" pottype="n" hand="9-8-4-2-A" />
    </round>
</game>
"""


def test_merge_cards_turned_up_at_an_all_in_on_4th_street_are_read_as_shown_and_the_hand_checks(client):
    hand = check_one(client, MERGE_ALL_IN_ON_4TH, None)
    assert hand["valid"] and hand["agrees"] is True
    # Antes 15, bring-in 10, 50 and 50 on 3rd, 50 and 50 on 4th: 225, paid 215 after a rake of 10.
    assert hand["recorded"]["rake"] == 10
    assert hand["state"]["result"]["payouts"][0] == {"seat": 1, "amount": 225}
    # Player0's down cards are known from 4th street's SHOWN cards.
    assert hand["snapshot"]["players"][1]["down_cards"] == ["5h", "7c", "Kc"]


def test_merge_cards_turned_up_at_an_all_in_that_contradict_those_dealt_are_refused_on_their_line(client):
    wrong = '<cards type="SHOWN" cards="5h,7c,3c,6h" player="1" />'
    text = MERGE_ALL_IN_ON_4TH.replace('<cards type="SHOWN" cards="5h,7c,3c,6d" player="1" />', wrong)
    hand = check_one(client, text, None)
    assert hand["error"]["type"] == PROBLEM_BASE + "unreadable-hand"
    assert hand["error"]["line"] == line_reading(text, wrong)
    assert "written 6h here but was dealt as 6d" in hand["error"]["detail"]


def test_full_tilts_other_wording_of_an_ante_handed_back_reads_the_same(client):
    text = FULLTILT_ANTE_ALL_IN.replace("Uncalled bet of 10 returned to Hero", "Ante of 10 returned to Hero")
    hand = check_one(client, text, None)
    assert hand["agrees"] is True and hand["recorded"]["returned"] == [{"seat": 2, "amount": 10}]


@pytest.mark.parametrize("noise", [
    "The button is in seat #2",
    "Villain sits out",
    "Villain re-buys and receives 1,500 chips for $10",
    "Hero takes the add-on and receives 1500 chips for $10",
    "Hero wins the $5 bounty for eliminating Villain",
    "Villain has 15 seconds left to act",
    "Villain has requested TIME",
    "Villain has been disconnected",
    "Villain has reconnected",
    "Hero: gl",
])
def test_full_tilt_lines_of_the_lobby_the_clock_and_the_cashier_are_passed_over(noise):
    plain = fulltilt.read(fulltilt.split(FULLTILT_ANTE_ALL_IN)[0])
    for anchor in ("Seat 5: Villain (20)\n", "*** 4TH STREET *** (Total Pot: 40, 2 Players, 1 All-In)\n",
                   "*** SUMMARY ***\n"):
        noisy = fulltilt.read(fulltilt.split(FULLTILT_ANTE_ALL_IN.replace(anchor, anchor + noise + "\n"))[0])
        assert [player.cards for player in noisy.players] == [player.cards for player in plain.players]
        assert noisy.recorded == plain.recorded._replace(entry=noisy.recorded.entry)


def test_a_full_tilt_hand_the_site_cancelled_is_named_cancelled_on_its_line():
    text = FULLTILT_ANTE_ALL_IN.replace("*** 3RD STREET ***", "Hand #33286946295 has been canceled\n*** 3RD STREET ***")
    error = refused(fulltilt, text)
    assert error.entry.source == "Hand #33286946295 has been canceled"
    assert "cancelled this hand" in error.message


def test_a_full_tilt_file_cut_short_mid_line_says_it_is_truncated_at_that_line():
    text = truncated_at(FULLTILT_ANTE_ALL_IN, "Hero wins the pot (40) with 7,5,4,3,2")
    error = refused(fulltilt, text)
    assert error.entry.line == len(text.splitlines())
    assert "the text stops in the middle of this line: it is truncated" in error.message


def test_a_full_tilt_unknown_line_ending_a_whole_file_is_named_unknown_not_truncated():
    error = refused(fulltilt, FULLTILT_ANTE_ALL_IN + "Hero waves\n")
    assert error.entry.source == "Hero waves" and "truncated" not in error.message
    assert "does not know" in error.message


# PokerStars, from the Home Game sample's first razz hand: Player0, 45 chips, bets his last 30 on 4th street and the
# site turns both hands up as soon as Hero calls; the 90 the pot holds goes to his 9-7 low.
POKERSTARS_ALL_IN_ON_4TH = """\
PokerStars Home Game Hand #99632234066: {Dazzle's Room} Tournament #743144019, 100+9 8-Game (Razz Limit) - \
Match Round I, Level IV (30/60) - 2013/06/06 0:00:10 ET
Table '743144019 1' 2-max
Seat 1: Player0 (45 in chips)
Seat 2: Hero (1960 in chips)
Hero: posts the ante 6
Player0: posts the ante 6
*** 3rd STREET ***
Dealt to Player0 [Jc]
Dealt to Hero [5d Jh Qc]
Hero: brings in for 9
Player0: calls 9
*** 4th STREET ***
Dealt to Player0 [Jc] [5s]
Dealt to Hero [5d Jh Qc] [4s]
Player0: bets 30 and is all-in
Hero: calls 30
Player0: shows [7c Ts Jc 5s]
Hero: shows [5d Jh Qc 4s]
*** 5th STREET ***
Dealt to Player0 [7c Ts Jc 5s] [6d]
Dealt to Hero [5d Jh Qc 4s] [2s]
*** 6th STREET ***
Dealt to Player0 [7c Ts Jc 5s 6d] [9d]
Dealt to Hero [5d Jh Qc 4s 2s] [2d]
*** RIVER ***
Dealt to Player0 [7c Ts Jc 5s 6d 9d] [2c]
Dealt to Hero [5d Jh Qc 4s 2s 2d] [6c]
*** SHOW DOWN ***
Player0: shows [7c Ts Jc 5s 6d 9d 2c] (Lo: 9,7,6,5,2)
Hero: shows [5d Jh Qc 4s 2s 2d 6c] (Lo: J,6,5,4,2)
Player0 collected 90 from pot
*** SUMMARY ***
Total pot 90 | Rake 0
Seat 1: Player0 showed [7c Ts Jc 5s 6d 9d 2c] and won (90) with Lo: 9,7,6,5,2
Seat 2: Hero showed [5d Jh Qc 4s 2s 2d 6c] and lost with Lo: J,6,5,4,2


"""


def test_pokerstars_hands_shown_at_an_all_in_on_4th_street_fill_the_down_cards_and_the_hand_checks(client):
    hand = check_one(client, POKERSTARS_ALL_IN_ON_4TH, None)
    assert hand["valid"] and hand["agrees"] is True
    assert hand["snapshot"]["players"][0]["down_cards"] == ["7c", "Ts", "2c"]
    assert hand["state"]["result"]["payouts"] == [{"seat": 1, "amount": 90}, {"seat": 2, "amount": 0}]


def test_a_pokerstars_show_at_an_all_in_that_contradicts_the_cards_dealt_is_refused_on_its_line():
    wrong = POKERSTARS_ALL_IN_ON_4TH.replace("Hero: shows [5d Jh Qc 4s]", "Hero: shows [5d Jh Qc 3s]")
    error = refused(pokerstars, wrong)
    assert error.entry.source == "Hero: shows [5d Jh Qc 3s]" and "dealt as 4s" in error.message


def test_a_pokerstars_hand_the_site_cancelled_is_named_cancelled_on_its_line():
    cancelled = POKERSTARS_ALL_IN_ON_4TH.replace("*** 3rd STREET ***", "Hand cancelled\n*** 3rd STREET ***")
    error = refused(pokerstars, cancelled)
    assert error.entry.source == "Hand cancelled" and "cancelled this hand" in error.message


def test_a_pokerstars_file_cut_short_mid_line_says_it_is_truncated_at_that_line():
    text = truncated_at(POKERSTARS_ALL_IN_ON_4TH, "Player0 collected 90 from pot")
    error = refused(pokerstars, text)
    assert error.entry.line == len(text.splitlines()) and "it is truncated" in error.message


@pytest.mark.parametrize(("written", "rake"), [("Rake 2 | Jackpot 1", 3), ("Rake 0 | Jackpot 2 | Bingo 1", 3),
                                               ("Rake 3", 3)])
def test_what_a_total_pot_line_takes_beside_the_rake_counts_in_the_rake(client, written, rake):
    text = POKERSTARS_ALL_IN_ON_4TH.replace("collected 90", "collected 87").replace("Rake 0", written)
    hand = check_one(client, text, None)
    assert hand["recorded"]["rake"] == rake and hand["agrees"] is True


# Winamax: the stud sample's syntax, retitled razz (every line of it reads).
WINAMAX = as_razz(sample("winamax-stud-cash.txt"))


@pytest.mark.parametrize("noise", [
    "Player0 sits out", "Player0 is back", "Player0 is disconnected", "Player0 is connected",
    "Player0 has timed out", 'Player0 said, "gl"', "Player0 re-buys 500€", "Player0 adds 100€",
    "Hero wins the 5€ bounty for eliminating Player0",
])
def test_winamax_lines_of_the_lobby_the_clock_and_the_cashier_are_passed_over(noise):
    plain = winamax.read(winamax.split(WINAMAX)[0])
    for anchor in ("Hero posts ante 5€\n", "*** SUMMARY ***\n"):
        noisy = winamax.read(winamax.split(WINAMAX.replace(anchor, anchor + noise + "\n", 1))[0])
        assert [player.cards for player in noisy.players] == [player.cards for player in plain.players]
        assert noisy.recorded == plain.recorded._replace(entry=noisy.recorded.entry)


def test_winamax_fees_beside_the_rake_count_in_it():
    text = WINAMAX.replace("Total pot 458€ | Rake 2€", "Total pot 458€ | Rake 1€ | Jackpot 1€")
    assert winamax.read(winamax.split(text)[0]).recorded.rake == 200


def test_a_winamax_file_cut_short_mid_line_says_it_is_truncated():
    text = truncated_at(WINAMAX.split("\n\n\n")[0], "Hero collected 458€ from pot")
    assert "it is truncated" in refused(winamax, text).message


# Merge

@pytest.mark.parametrize("kind", ["SIT_OUT", "DISCONNECTED", "RECONNECTED", "LEAVE", "PLAYER_OUT"])
def test_merge_events_of_the_lobby_are_passed_over_and_the_hand_checks_the_same(client, kind):
    event = f'<event sequence="99" type="{kind}" timestamp="1410417903000" player="2" />'
    text = MERGE_ALL_IN_ON_4TH.replace('<event sequence="8" type="CHECK"', event + '\n<event sequence="8" type="CHECK"')
    hand = check_one(client, text, None)
    assert hand["agrees"] is True and hand["state"] == check_one(client, MERGE_ALL_IN_ON_4TH, None)["state"]


def test_a_merge_hand_the_site_cancelled_is_named_cancelled_on_its_line():
    event = '<event sequence="5" type="GAME_CANCELLED" timestamp="1410417886000" />'
    complete = '<event sequence="5" type="COMPLETE"'
    text = MERGE_ALL_IN_ON_4TH.replace(complete, f"{event}\n{complete}")
    error = refused(merge, text)
    assert error.entry.line == line_reading(text, event) and "cancelled this hand" in error.message


def test_a_merge_hand_folded_to_one_player_is_paid_in_its_end_of_folded_game_round(client):
    """As the HORSE sample's second hand: the fold, then an END_OF_FOLDED_GAME round paying the pot and the uncalled
    bet apart, then an empty END_OF_GAME."""
    start = MERGE_ALL_IN_ON_4TH.index('        <event sequence="10" type="ALL_IN"')
    text = MERGE_ALL_IN_ON_4TH[:start] + """\
        <event sequence="10" type="FOLD" timestamp="1410417910000" player="1" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,3c,6d" player="1" />
        <cards type="HOLE" cards="Ad,2s,4s,9c" player="0" hand="Nine High" />
    </round>
    <round id="END_OF_FOLDED_GAME" sequence="5" >
        <event sequence="11" type="MUCK" timestamp="1410417911000" player="0" />
        <winner amount="1.15" uncalled="false" potnumber="1" player="0" pottype="n" />
        <winner amount="0.50" uncalled="true" potnumber="2" player="0" pottype="n" />
    </round>
    <round id="END_OF_GAME" sequence="6" >
    </round>
</game>
"""
    hand = check_one(client, text, None)
    # Antes 15, bring-in 10, 50 and 50 on 3rd: 125, paid 115 after a rake of 10; Hero's 4th-street bet comes back.
    assert hand["valid"] and hand["agrees"] is True
    assert hand["recorded"]["returned"] == [{"seat": 1, "amount": 50}] and hand["recorded"]["rake"] == 10


@pytest.mark.parametrize("words", ['<cards type="SHOWN" cards="5h,7c,3c,6d,Qs,Jd"', "</round>\n</game>",
                                   '<winner amount="2.15"'])
def test_a_merge_file_cut_short_says_it_is_truncated(words):
    text = MERGE_ALL_IN_ON_4TH.replace("    </round>\n</game>", "</round>\n</game>")
    error = refused(merge, truncated_at(text, words))
    assert "the text stops inside the hand" in error.message and "truncated" in error.message


def test_a_merge_razz_tournament_hand_reads_its_level_in_chips(client):
    """A tournament's description: ``Razz Tournament``, its stakes ``Limit Level N Blinds (small/big)`` in chips."""
    text = MERGE_ALL_IN_ON_4TH.replace('type="Razz" stakes="Limit $0.50/$1"',
                                       'type="Razz Tournament" stakes="Limit Level 3 Blinds (50/100)"')
    text = re.sub(r'(amount|balance)="\$?(\d+)\.(\d\d)"', lambda found: f'{found[1]}="{int(found[2] + found[3])}"',
                  text)
    hand = check_one(client, text, None)
    assert hand["snapshot"]["stakes"] == {"ante": 5, "bring_in": 10, "small_bet": 50, "big_bet": 100}
    assert hand["valid"] and hand["agrees"] is True


@pytest.mark.parametrize(("multigametype", "razz"), [("47", True), ("43", False)])
def test_a_merge_mixed_game_hand_is_razz_when_its_own_game_is(client, multigametype, razz):
    """As the HORSE sample: ``<description type="HORSE">``, ``gametype="75"`` and the hand's own game in
    ``multigametype``."""
    text = MERGE_ALL_IN_ON_4TH.replace('type="Razz"', 'type="HORSE"').replace(
        'gametype="47"', f'gametype="75" multigametype="{multigametype}"')
    hand = check_one(client, text, None)
    if razz:
        assert hand["valid"] and hand["agrees"] is True
    else:  # checked as stud/8, whose bring-in is the lowest door card (Player0's 3c), not razz's highest (Kh)
        assert (hand["game"], hand["skipped"], hand["valid"]) == ("stud8", None, False)
        assert hand["error"]["detail"].endswith("it is seat 2's turn")


@pytest.mark.parametrize(("multigametype", "game"), [("46", "razz"), ("49", "razz"), ("38", "stud"), ("41", "stud"),
                                                   ("42", "stud"), ("45", "stud8")])
def test_each_merge_number_of_a_stud_family_game_reads_as_its_game(client, multigametype, game):
    text = MERGE_ALL_IN_ON_4TH.replace('type="Razz"', 'type="HORSE"').replace(
        'gametype="47"', f'gametype="75" multigametype="{multigametype}"')
    hand = check_one(client, text, None)
    assert (hand["game"], hand["skipped"]) == (game, None)
    if game == "razz":
        assert hand["valid"] and hand["agrees"] is True


@pytest.mark.parametrize("game_type", ["46", "49"])
def test_a_merge_razz_hand_under_its_other_numbers_checks_as_razz(client, game_type):
    hand = check_one(client, MERGE_ALL_IN_ON_4TH.replace('gametype="47"', f'gametype="{game_type}"'), None)
    assert hand["game"] == "razz" and hand["valid"] and hand["agrees"] is True


@pytest.mark.parametrize("game_type", ["40", "44", "48"])
def test_a_merge_number_of_another_game_is_skipped_with_its_number(client, game_type):
    text = MERGE_ALL_IN_ON_4TH.replace('type="Razz"', 'type="HORSE"').replace(
        'gametype="47"', f'gametype="75" multigametype="{game_type}"')
    with pytest.raises(OtherGameError) as error:
        merge.read(merge.split(text)[0])
    assert error.value.game == f"game type {game_type}"


@pytest.mark.parametrize(("stakes", "game"), [("No Limit $0.50/$1", "No Limit Razz"),
                                               ("Pot Limit $0.50/$1", "Pot Limit Razz"),
                                               ("Half Pot Limit $0.50/$1", "Half Pot Limit Razz")])
def test_a_merge_razz_played_at_another_structure_is_skipped_named_with_it(stakes, game):
    written = re.search(r'stakes="([^"]*)"', MERGE_ALL_IN_ON_4TH)
    assert written is not None
    with pytest.raises(OtherGameError) as error:
        merge.read(merge.split(MERGE_ALL_IN_ON_4TH.replace(written[0], f'stakes="{stakes}"'))[0])
    assert error.value.game == game


def test_a_full_tilt_hand_marked_partial_says_it_is_truncated():
    header = FULLTILT_ANTE_ALL_IN.split("\n", 1)[0]
    error = refused(fulltilt, FULLTILT_ANTE_ALL_IN.replace(header, header + " (partial)"))
    assert error.entry.line == 1 and "(partial)" in error.message and "truncated" in error.message


def test_a_pokerstars_ante_nobody_could_match_comes_back_before_the_deal_and_the_hand_checks(client):
    """Player0 antes his last 4 chips: Hero's 2 above it come back before 3rd street, nobody bets, and the 8 the
    antes made go to Player0's 9-7 low."""
    text = POKERSTARS_ALL_IN_ON_4TH.replace("Seat 1: Player0 (45 in chips)", "Seat 1: Player0 (4 in chips)").replace(
        "Player0: posts the ante 6", "Player0: posts the ante 4 and is all-in\nUncalled bet (2) returned to Hero")
    for betting in ("Hero: brings in for 9\n", "Player0: calls 9\n", "Player0: bets 30 and is all-in\n",
                    "Hero: calls 30\n"):
        text = text.replace(betting, "")
    text = text.replace("collected 90", "collected 8").replace("Total pot 90", "Total pot 8").replace("won (90)",
                                                                                                      "won (8)")
    hand = check_one(client, text, None)
    assert hand["valid"] and hand["agrees"] is True and hand["snapshot"]["actions"] == []
    assert hand["recorded"]["returned"] == [{"seat": 2, "amount": 2}]
    assert hand["state"]["result"]["payouts"] == [{"seat": 1, "amount": 8}, {"seat": 2, "amount": 2}]


# What each site writes beyond the samples, from the formats' own vocabulary: a player sitting out mid-hand, Merge's
# older raises, a table line's money, a seat moved in from another table, cards shown at an all-in on Full Tilt and
# Winamax, Winamax's older name of stud hi/lo, PHH's community card and actions it has no use for.

def test_a_merge_player_who_sits_out_during_a_streets_betting_folds_there(client):
    """Merge writes ``SIT_OUT`` in a street's round when a player dealt in gives up his hand by sitting out: it is his
    fold, and the hand checks as if he had folded."""
    sits_out = '<event sequence="7" type="SIT_OUT" timestamp="1410417892000" player="2" />'
    text = MERGE_ALL_IN_ON_4TH.replace('<event sequence="7" type="FOLD" timestamp="1410417892000" player="2" />',
                                       sits_out)
    hand = check_one(client, text, None)
    assert hand["valid"] and hand["agrees"] is True
    assert hand["state"] == check_one(client, MERGE_ALL_IN_ON_4TH, None)["state"]
    assert hand["snapshot"]["actions"][3] == {"seat": 3, "type": "fold"}


def test_a_merge_sit_out_of_a_player_who_already_folded_or_sat_out_is_passed_over(client):
    later = '<event sequence="99" type="SIT_OUT" timestamp="1410417903000" player="2" />'
    text = MERGE_ALL_IN_ON_4TH.replace('<event sequence="8" type="CHECK"', later + '\n<event sequence="8" type="CHECK"')
    assert check_one(client, text, None)["state"] == check_one(client, MERGE_ALL_IN_ON_4TH, None)["state"]


def merge_raise_folded_to(starttime: str, raise_amount: str) -> str:
    """The Merge hand cut at 3rd street, where Player1's bring-in re-raises the completion and both others fold: he
    takes 1.65 less a rake of 0.05, and the 0.50 nobody called comes back."""
    head = MERGE_ALL_IN_ON_4TH[:MERGE_ALL_IN_ON_4TH.index('    <round id="THIRD_STREET"')]
    return head.replace('starttime="20140911020112"', f'starttime="{starttime}"') + f"""\
    <round id="THIRD_STREET" sequence="3" >
        <event sequence="5" type="COMPLETE" timestamp="1410417888000" player="0" amount="0.50" />
        <event sequence="6" type="CALL" timestamp="1410417890000" player="1" amount="0.50" />
        <event sequence="7" type="RAISE" timestamp="1410417892000" player="2" amount="{raise_amount}" />
        <event sequence="8" type="FOLD" timestamp="1410417894000" player="0" />
        <event sequence="9" type="FOLD" timestamp="1410417896000" player="1" />
    </round>
    <round id="END_OF_FOLDED_GAME" sequence="4" >
        <winner amount="1.60" uncalled="false" potnumber="1" player="2" pottype="n" />
        <winner amount="0.50" uncalled="true" potnumber="2" player="2" pottype="n" />
    </round>
    <round id="END_OF_GAME" sequence="5" >
    </round>
</game>
"""


@pytest.mark.parametrize(("starttime", "written"), [("20140911020112", "1.00"), ("20100907235959", "0.90")])
def test_a_merge_raise_is_the_street_total_and_before_september_2010_the_chips_it_added(client, starttime, written):
    """The bring-in's 0.10 raised to 1.00: written 1.00 (the total) since 8 September 2010, 0.90 (the chips added,
    call and raise together) before it."""
    text = merge_raise_folded_to(starttime, written)
    raised = merge.read(merge.split(text)[0]).actions[3]
    assert (raised.seat, raised.to) == (3, 100)
    hand = check_one(client, text, None)
    assert hand["valid"] and hand["agrees"] is True and hand["recorded"]["rake"] == 5
    assert hand["snapshot"]["actions"][3] == {"seat": 3, "type": "raise", "amount": 90}  # the chips it adds


def test_a_pokerstars_table_line_may_say_its_money_is_real():
    table = "Table '743144019 1' 2-max"
    text = POKERSTARS_ALL_IN_ON_4TH.replace(table, table + " (Real Money) Seat #1 is the button")
    assert pokerstars.read(pokerstars.split(text)[0]).recorded.amounts == {1: 90, 2: 0}


def test_a_pokerstars_seat_moved_in_from_another_table_out_of_the_hand_is_not_dealt_in(client):
    seat = "Seat 2: Hero (1960 in chips)"
    moved = seat + "\nSeat 4: Newcomer (1500 in chips) out of hand (moved from another table into small blind)"
    text = POKERSTARS_ALL_IN_ON_4TH.replace(seat, moved).replace("2-max", "6-max")
    hand = check_one(client, text, None)
    assert hand["valid"] and hand["agrees"] is True
    assert [player["seat"] for player in hand["snapshot"]["players"]] == [1, 2]


def test_full_tilt_hands_turned_up_at_an_all_in_fill_the_down_cards_before_the_showdown(client):
    deal = "Dealt to Villain [Kd]\n"
    text = FULLTILT_ANTE_ALL_IN.replace(deal, deal + "Villain shows [8d 6d Kd]\nHero shows [2c 3d 4h]\n", 1)
    hand = check_one(client, text, None)
    assert hand["valid"] and hand["agrees"] is True
    assert hand["snapshot"]["players"][1]["down_cards"] == ["8d", "6d", "9d"]
    wrong = text.replace("Villain shows [8d 6d Kd]", "Villain shows [8d 6d Kc]")
    assert "dealt as Kd" in refused(fulltilt, wrong).message


def test_winamax_hands_turned_up_before_the_showdown_fill_the_down_cards():
    deal = "Dealt to Player0 [X X 9h]\n"
    text = WINAMAX.replace(deal, deal + "Player0 shows [8c Td 9h]\n", 1)
    player = winamax.read(winamax.split(text)[0]).players[1]
    assert player.cards[:3] == ["8c", "Td", "9h"]
    assert player.card_entries[0].source == "Player0 shows [8c Td 9h]"


def test_winamaxs_older_name_of_stud_hi_lo_is_read_as_stud_hi_lo():
    text = sample("winamax-stud-cash.txt").replace("7-Card Stud fixed limit", "7stud8 fixed limit")
    assert winamax.read(winamax.split(text)[0]).game is Game.STUD8


def test_a_phh_stud_hand_reads_its_community_card_and_names_an_action_it_has_no_use_for():
    fields = ("variant = 'F7S'\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"
              "starting_stacks = [100, 100]\n")
    deals = ["d dh p1 2c3c4c", "d dh p2 5c6c7c", "p2 pb", "p1 cc", "p2 cc"]
    for card1, card2 in (("2d", "5d"), ("3d", "6d"), ("4d", "7d")):
        deals += [f"d dh p1 {card1}", f"d dh p2 {card2}", "p1 cc", "p2 cc"]
    text = fields + f"actions = {[*deals, 'd db Ah', 'p1 cc', 'p2 cc # the last card is shared']}\n"
    hand = phh.read(phh.split(text)[0])
    assert hand.game is Game.STUD and hand.community_card[0] == "Ah"
    drawing = text.replace("'p1 cc', 'p2 cc # the", "'p1 sd 2c', 'p2 cc # the")
    error = refused(phh, drawing)
    assert error.entry.source == "p1 sd 2c" and "does not know for a stud-family hand" in error.message


def test_each_site_names_the_tournament_whose_chips_a_hand_counts():
    """A tournament's chips are a unit of their own, named by the tournament's number where the site writes it."""
    assert fulltilt.read(fulltilt.split(FULLTILT_ANTE_ALL_IN)[0]).unit == "Full Tilt tournament #224789871 chips"
    assert pokerstars.read(pokerstars.split(POKERSTARS_ALL_IN_ON_4TH)[0]).unit == \
        "PokerStars tournament #743144019 chips"
    chips = re.sub(r"(\d+)(?:\.\d\d)?€", r"\1", WINAMAX).replace(
        "CashGame", 'Tournament "Stud Sunday" buyIn: 5€ + 0.50€ level: 3').replace(
        "'Pampelune'", "'Stud Sunday(1234567)#004'")
    assert winamax.read(winamax.split(chips)[0]).unit == "Winamax tournament #1234567 chips"
    assert winamax.read(winamax.split(WINAMAX)[0]).unit == "Winamax € cents"
    tournament = MERGE_ALL_IN_ON_4TH.replace('type="Razz" stakes="Limit $0.50/$1"',
                                             'type="Razz Tournament" stakes="Limit Level 3 Blinds (50/100)"')
    tournament = re.sub(r'(amount|balance)="\$?(\d+)\.(\d\d)"',
                        lambda found: f'{found[1]}="{int(found[2] + found[3])}"', tournament)
    assert merge.read(merge.split(tournament)[0]).unit == "Merge tournament #78854953 chips"
    assert merge.read(merge.split(MERGE_ALL_IN_ON_4TH)[0]).unit == "Merge $ cents"
