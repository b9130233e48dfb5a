"""Site exports through POST /v1/hand-histories/check: the Full Tilt, Winamax and Merge samples, and the WSOP hands
written in each site's syntax (PokerStars' too): round trips, mutations, records."""

import tomllib

import pytest

from service.app import create_app
from service.histories import fulltilt, merge, winamax
from service.histories.errors import OtherGameError, UnreadableHandError

from .lines import line_reading
from .phh_texts import PROBLEM_BASE, SAMPLES, check, without_amounts
from .site_texts import STUD_SAMPLES, WRITERS, as_razz, checked_samples, sample

READERS = {"fulltilt": fulltilt, "winamax": winamax, "merge": merge}


@pytest.fixture(scope="module")
def wsop():
    """Each WSOP sample's checked hand, by its number (checked once for the module)."""
    return checked_samples(create_app({"TESTING": True}).test_client())


# The samples

def test_the_full_tilt_razz_sample_converts_to_phh_that_checks_as_the_same_hand(client):
    hand = check(client, sample("fulltilt-razz-cash.txt"), None)["hands"][0]
    again = check(client, hand["phh"])["hands"][0]
    assert again["valid"] and again["state"] == hand["state"]
    assert without_amounts(again["snapshot"]) == without_amounts(hand["snapshot"])


def test_the_full_tilt_razz_sample_is_valid_and_paid_as_the_rules_pay_it_less_the_rake(client):
    hand = check(client, sample("fulltilt-razz-cash.txt"), None)["hands"][0]
    assert hand["valid"] and hand["agrees"] is True and hand["id"] == "26190500040"
    assert hand["snapshot"]["stakes"] == {"ante": 2, "bring_in": 3, "small_bet": 10, "big_bet": 20}
    # Seat 6 is listed but sitting out: dealt nothing, it is no player of the hand.
    assert hand["seats"] == [1, 2, 3, 4, 5, 7, 8]
    # 7 antes of 2, the bring-in of 3 called twice, 4th street's 10 called: 43 in, 20 back to seat 8 uncalled,
    # 41 collected after a rake of 2.
    assert hand["recorded"] == {"kind": "collected", "amounts": [{"seat": seat, "amount": 41 if seat == 8 else 0}
                                                                 for seat in (1, 2, 3, 4, 5, 7, 8)],
                                "returned": [{"seat": 8, "amount": 20}], "rake": 2}
    assert hand["state"]["result"]["payouts"][-1] == {"seat": 8, "amount": 43 + 20}
    assert hand["snapshot"]["players"][0]["down_cards"] == ["Jc", "2d"]


@pytest.mark.parametrize("name", sorted(STUD_SAMPLES))
def test_every_stud_hand_of_the_other_sites_is_checked_and_says_its_game(client, name):
    text = sample(name)
    answer = check(client, text, None)
    starts = [section.first_line for section in READERS[STUD_SAMPLES[name]].split(text)]
    assert answer["summary"]["hands"] == len(starts) and answer["summary"]["skipped"] == 0
    game = "stud8" if "H/L8" in text else "stud"
    for hand in answer["hands"]:
        assert hand["game"] == game and hand["skipped"] is None
        assert hand["seats"] and hand["recorded"] is not None
        if hand["valid"]:
            assert hand["snapshot"]["game"] == game and hand["agrees"] is True
            assert tomllib.loads(hand["phh"])["variant"] == {"stud": "F7S", "stud8": "F7S/8"}[game]


@pytest.mark.parametrize("name", sorted(STUD_SAMPLES))
def test_the_stud_samples_syntax_reads_once_the_game_is_named_razz(name):
    """The stud hands show each site's syntax: retitled, every line of them reads (the rules may still refuse
    them: stud's bring-in is the low card)."""
    text = as_razz(sample(name))
    reader = READERS[STUD_SAMPLES[name]]
    hands = [reader.read(section) for section in reader.split(text)]
    assert hands and all(hand.players and hand.actions for hand in hands)


def test_the_merge_samples_showdown_fills_the_shown_and_mucked_hands_and_the_rake_is_what_was_not_paid():
    text = as_razz(sample("merge-stud-cash.xml"))
    (hand,) = [merge.read(section) for section in merge.split(text)]
    shown = {player.seat: player.cards for player in hand.players if None not in player.cards}
    assert shown == {4: ["4d", "3d", "Qh"], 6: ["4c", "2c", "4s", "7c", "Kh", "Kd", "Th"],
                     7: ["Js", "Jh", "Ts", "7h", "8d", "6s", "3s"]}
    assert [player.seat for player in hand.players if player.muck] == [7]
    assert hand.stakes == {"ante": 5, "bring_in": 10, "small_bet": 50, "big_bet": 100}
    # 35 in antes, 10 + 10 + 10 on 3rd, 50 + 50, 100 + 100: 365 put in, 347 paid.
    assert hand.recorded.amounts[6] == 347 and hand.recorded.rake == 18
    assert hand.dealer_seat == 8


def test_the_older_winamax_export_deals_unseen_cards_and_its_folded_hands_up_cards_are_never_known(client):
    text = as_razz(sample("winamax-stud-play.txt"))
    (hand,) = [winamax.read(section) for section in winamax.split(text)]
    assert [len(player.cards) for player in hand.players] == [7, 5, 7]
    assert hand.players[1].cards == [None] * 5
    answer = check(client, text, None)["hands"][0]
    assert answer["error"]["type"] == PROBLEM_BASE + "unreadable-hand"
    assert answer["error"]["source"] == "*** THIRD ***" and "dealt unknown" in answer["error"]["detail"]


# Round trips: the WSOP hands written in each site's syntax

@pytest.mark.parametrize("number", sorted(SAMPLES))
@pytest.mark.parametrize("fmt", sorted(WRITERS))
def test_a_wsop_hand_written_by_a_site_checks_as_the_phh_does_and_converts_back(client, wsop, fmt, number):
    text = WRITERS[fmt](wsop[number], number)
    hand = check(client, text, None)["hands"][0]
    assert hand["valid"] and hand["agrees"] is True, hand["error"]
    assert hand["state"] == wsop[number]["state"]
    assert without_amounts(hand["snapshot"]) == without_amounts(wsop[number]["snapshot"])
    assert check(client, text, fmt)["hands"][0]["state"] == hand["state"]
    again = check(client, hand["phh"])["hands"][0]
    assert again["valid"] and again["agrees"] is True
    assert again["state"] == hand["state"] and without_amounts(again["snapshot"]) == without_amounts(hand["snapshot"])


def test_several_hands_of_one_export_are_each_checked_and_a_broken_one_stops_none_of_the_others(client, wsop):
    for fmt, write in WRITERS.items():
        texts = [write(wsop[number], number) for number in sorted(SAMPLES)]
        lines = texts[1].split("\n")
        lines.insert(2, "<bogus/>" if fmt == "merge" else "a line no reader knows")
        texts[1] = "\n".join(lines)
        answer = check(client, "\n".join(texts), None)
        assert answer["summary"]["hands"] == 4, fmt
        assert [hand["valid"] for hand in answer["hands"]] == [True, False, True, True], fmt


def test_merge_hands_written_on_one_line_are_each_checked_and_a_broken_one_stops_none_of_the_others(client, wsop):
    texts = [WRITERS["merge"](wsop[number], number).replace("\n", " ") for number in sorted(SAMPLES)]
    texts[1] = texts[1].replace('<event type="ANTE"', "<bogus/><event type=\"ANTE\"", 1)
    text = '<?xml version="1.0"?>' + "".join(texts)
    answer = check(client, text, None)
    assert [hand["valid"] for hand in answer["hands"]] == [True, False, True, True]
    assert [hand["agrees"] for hand in answer["hands"]] == [True, None, True, True]
    error = answer["hands"][1]["error"]
    assert error["line"] == 1 and error["source"] == texts[1].strip() and "<bogus>" in error["detail"]


# Mutations name the right line

MUTATIONS = {
    "pokerstars": {
        "bet": ("Player 3: bets 200000", "Player 3: bets 300000"),
        "turn": ("Player 4: folds", "Player 5: folds"),
        "cap": ("Player 2: raises 200000 to 400000", ["Player 3: raises 200000 to 600000",
                                                      "Player 2: raises 200000 to 800000",
                                                      "Player 3: raises 200000 to 1000000"]),
        "card": ("Dealt to Player 5 [5h 4h Js]", "Dealt to Player 5 [5h 4h Kh]"),
    },
    "fulltilt": {
        "bet": ("Player 3 bets 200000", "Player 3 bets 300000"),
        "turn": ("Player 4 folds", "Player 5 folds"),
        "cap": ("Player 2 raises to 400000", ["Player 3 raises to 600000", "Player 2 raises to 800000",
                                              "Player 3 raises to 1000000"]),
        "card": ("Dealt to Player 5 [5h 4h] [Js]", "Dealt to Player 5 [5h 4h] [Kh]"),
    },
    "winamax": {
        "bet": ("Player 3 bets 2000.00€", "Player 3 bets 3000.00€"),
        "turn": ("Player 4 folds", "Player 5 folds"),
        "cap": ("Player 2 raises 3500.00€ to 4000.00€", ["Player 3 raises 2000.00€ to 6000.00€",
                                                         "Player 2 raises 2000.00€ to 8000.00€",
                                                         "Player 3 raises 2000.00€ to 10000.00€"]),
        "card": ("Dealt to Player 5 [5h 4h Js]", "Dealt to Player 5 [5h 4h Kh]"),
    },
    "merge": {
        "bet": ('<event type="BET" player="2" amount="2000.00"/>', '<event type="BET" player="2" amount="3000.00"/>'),
        "turn": ('<event type="FOLD" player="3"/>', '<event type="FOLD" player="4"/>'),
        "cap": ('<event type="RAISE" player="1" amount="4000.00"/>', [
            '<event type="RAISE" player="2" amount="6000.00"/>', '<event type="RAISE" player="1" amount="8000.00"/>',
            '<event type="RAISE" player="2" amount="10000.00"/>']),
        "card": ('<cards type="DRAW_DRAWN_CARDS" cards="5h,4h,Js" player="4"/>',
                 '<cards type="DRAW_DRAWN_CARDS" cards="5h,4h,Kh" player="4"/>'),
    },
}


def mutated(text, mutation, old, new):
    """The text with one mutation, and the entry the check must name."""
    if mutation == "turn":  # two actions swapped: the second now comes first, out of turn
        return text.replace(old, "\0").replace(new, old).replace("\0", new), new
    if mutation == "cap":  # three more raises: the last is the fourth of the street
        return text.replace(old, old + "\n" + "\n".join(new), 1), new[-1]
    return text.replace(old, new, 1), new


@pytest.mark.parametrize(("mutation", "kind", "words"), [
    ("bet", "illegal-action", "adds 200000 chips, not 300000"),
    ("turn", "illegal-action", "it is seat 4's turn"),
    ("cap", "illegal-action", "capped"),
    ("card", "duplicate-card", "Kh"),
])
@pytest.mark.parametrize("fmt", sorted(MUTATIONS))
def test_a_mutation_is_named_at_its_line(client, wsop, fmt, mutation, kind, words):
    text = WRITERS[fmt](wsop["24"], "24")
    old, new = MUTATIONS[fmt][mutation]
    assert old in text
    text, source = mutated(text, mutation, old, new)
    hand = check(client, text, None)["hands"][0]
    error = hand["error"]
    assert error["type"] == PROBLEM_BASE + kind, error
    assert error["source"] == source and error["line"] == line_reading(text, source)
    assert words in error["detail"], error["detail"]


def test_a_winamax_hand_without_rake_says_so(client, wsop):
    text = WRITERS["winamax"](wsop["20"], "20").replace("| Rake 0.00€", "| No rake")
    hand = check(client, text, None)["hands"][0]
    assert hand["valid"] and hand["agrees"] is True and hand["recorded"]["rake"] == 0


@pytest.mark.parametrize("fmt", sorted(WRITERS))
def test_a_record_that_pays_otherwise_is_a_discrepancy(client, wsop, fmt):
    text = WRITERS[fmt](wsop["20"], "20")
    record = {"pokerstars": ("collected ", "collected 1"), "fulltilt": ("wins the pot (", "wins the pot (1"),
              "winamax": ("collected ", "collected 1"),
              "merge": ('<winner amount="', '<winner amount="1')}[fmt]
    hand = check(client, text.replace(*record), None)["hands"][0]
    assert hand["valid"] and hand["agrees"] is False and len(hand["discrepancies"]) == 1


# Reader details

def test_full_tilt_reads_a_tournament_header_in_chips_and_its_street_lines_pot():
    text = ("Full Tilt Poker Game #1: $200 Heads-Up Sit & Go (243603038), Table 1 - 40/80 Ante 7 - Limit Razz - "
            "12:00:00 ET - 2010/12/07\nSeat 1: a b (1000)\nSeat 2: c (1000), is sitting out\nSeat 3: d (500)\n"
            "a b antes 7\nd antes 7\n*** 3RD STREET *** (Total Pot: 14, 2 Players)\nDealt to a b [2c]\n"
            "Dealt to d [Kd]\nd is high with [Kd]\nd brings in for 20\na b: nice hand\na b completes it to 40\n"
            "d folds\nUncalled bet of 20 returned to a b\na b mucks\na b wins the pot (54)\n")
    hand = fulltilt.read(fulltilt.split(text)[0])
    assert hand.stakes == {"ante": 7, "bring_in": 20, "small_bet": 40, "big_bet": 80}
    assert [player.seat for player in hand.players] == [1, 3]
    assert hand.players[0].muck is None  # the last player left takes the pot unseen: no muck at a showdown
    assert hand.recorded.amounts == {1: 54, 3: 0} and hand.recorded.returned == {1: 20}


def test_a_full_tilt_line_it_does_not_know_is_named():
    text = sample("fulltilt-razz-cash.txt").replace("Player8 brings in for $0.03", "Player8 posts $0.03")
    section = fulltilt.split(text)[0]
    with pytest.raises(UnreadableHandError) as error:
        fulltilt.read(section)
    assert error.value.entry.source == "Player8 posts $0.03"
    assert "a line the Full Tilt reader does not know (on 3rd street)" in error.value.message


def test_a_merge_document_type_declaration_is_refused_and_no_entity_is_expanded():
    laughs = ('<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n'
              '<description type="Razz" stakes="Limit $0.50/$1"/>\n<game id="1" gametype="47">&lol2;</game>\n')
    declaration, hand = merge.split(laughs)
    with pytest.raises(UnreadableHandError) as error:
        merge.read(declaration)
    assert error.value.entry.line == 1 and "not well-formed XML" in error.value.message
    with pytest.raises(UnreadableHandError) as error:
        merge.read(hand)
    assert error.value.entry.line == 3 and error.value.message == "not well-formed XML: undefined entity"
    inside = '<description type="Razz" stakes="Limit $0.50/$1"/>\n' + laughs
    with pytest.raises(UnreadableHandError) as error:
        merge.read(merge.split(inside)[0])
    assert error.value.entry.line == 2


def test_merge_xml_that_does_not_parse_is_named_at_its_line():
    text = '<description type="Razz" stakes="Limit $0.50/$1"/>\n<game id="1" gametype="47">\n<players>\n</game>\n'
    with pytest.raises(UnreadableHandError) as error:
        merge.read(merge.split(text)[0])
    assert error.value.entry.line == 4 and "not well-formed XML" in error.value.message


def test_a_merge_game_type_not_played_is_named_even_without_a_description():
    text = '<game id="1" gametype="40">\n</game>\n'
    with pytest.raises(OtherGameError) as error:
        merge.read(merge.split(text)[0])
    assert error.value.game == "game type 40"


def test_a_merge_description_and_game_type_that_name_two_games_are_unreadable():
    text = '<description type="Razz" stakes="Limit $0.50/$1"/>\n<game id="1" gametype="39">\n</game>\n'
    with pytest.raises(UnreadableHandError) as error:
        merge.read(merge.split(text)[0])
    assert error.value.entry.line == 2 and "game type 39 is stud" in error.value.message
