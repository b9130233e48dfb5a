"""Each site reader's vocabulary beyond the plain hand: results settled before the deal, cards turned up at an
all-in, and the lines and elements a site writes that tell nothing of the play.

The hands are written in each site's syntax as its real exports lay them out (the samples' headers,
seat lines, rounds and summaries), with what the rules pay them added up here by hand.
"""

from .lines import line_reading
from .phh_texts import PROBLEM_BASE, check_one

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
