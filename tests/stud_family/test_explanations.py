"""Explanations: the explained replay is the replay, and every decision cites a real rule in the hand's own words.

Random legal hands (played as tests/played_hands.py plays them, to the end and
settled) are explained at every turn: the state must be the one ``replay`` gives, each decision
must cite a section of the rules reference and a rulebook rule, and the sentences must carry the
hand's own values: the bring-in seat and its card, each legal action's chips, each pot's amount.
The reference's own situations are checked word for word.
"""

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings

from service.stud_family.betting import explain, replay
from service.stud_family.first_to_act import explain_first_to_act, find_first_to_act
from service.stud_family.judging import RAZZ_JUDGING
from service.stud_family.rules import OddChipRule
from service.stud_family.settlement import explain_settlement, settle
from service.stud_family.showdown import ShowdownPlayer, award, explain_showdown, replayed_hands, showdown
from service.stud_family.why import SECTIONS, Citation
from tests.played_hands import Hand, deals, pick
from tests.strategies import rules, stakes
from tests.stud_family import reference_tables as examples
from tests.stud_family.citations import SOURCE
from tests.tables import STAKES, action_text, boards_in, table


def check_citations(why):
    """Every decision names a section of the reference, a rulebook rule and a sentence."""
    for decision in why:
        assert decision.rule in SECTIONS, decision
        assert SOURCE.fullmatch(decision.source), decision
        assert decision.see == Citation(decision.rule, decision.source).see, decision
        assert decision.text and decision.decision, decision


def check_values(explained, snapshot):
    """The sentences carry this hand's values, not only the rules' words."""
    state, why = explained.state, explained.why
    texts = {decision.decision: [] for decision in why}
    for decision in why:
        texts[decision.decision].append(decision.text)
    door = next(player.up_cards[0] for player in snapshot.players if player.seat == state.bring_in_seat)
    assert any(f"seat {state.bring_in_seat}'s {door}" in text for text in texts["bring_in_seat"])
    for action in state.legal_actions:
        verb = "post the bring-in" if action.type == "bring_in" else action.type
        said = [text for text in texts["legal_action"] if f"seat {state.to_act} may {verb}" in text]
        assert len(said) == 1, (action, texts["legal_action"])
        if action.amount is not None:
            assert str(action.to) in said[0] or str(action.amount) in said[0], (action, said)
    offered = {action.type for action in state.legal_actions}
    assert not offered & {refused.type for refused in explained.refused}
    if state.to_act is not None:
        assert len(offered) + len(explained.refused) == 7
        assert all(refused.text and "{" not in refused.text for refused in explained.refused)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(deals(), rules(), stakes())
def test_a_random_hand_explained_at_every_turn_is_the_replayed_hand(deal, the_rules, the_stakes):
    seats, stacks, deck, dealer, choices, _ = deal
    hand = Hand(seats, stacks, deck, dealer, the_rules, the_stakes)
    for choice in [*choices, *[None] * 60]:
        snapshot = hand.table().snapshot()
        explained = explain(snapshot)
        assert explained.state == replay(snapshot)
        check_citations(explained.why)
        check_values(explained, snapshot)
        state = explained.state
        if state.phase == "dealing":
            live = [player.seat for player in state.players if not player.folded]
            hand.deal_up(live, len(hand.up[live[0]]) + 1)
        elif state.phase == "betting":
            hand.actions.append(action_text(state.to_act, pick(state.legal_actions, choice).type))
        else:
            break
    result = settle(snapshot, state)
    if result is not None:
        why = explain_settlement(snapshot, state, result)
        check_citations(why)
        pots = [decision.text for decision in why if decision.decision == "pot"]
        assert len(pots) == len(result.pots)
        for pot, text in zip(result.pots, pots, strict=True):
            assert f"of {pot.amount}:" in text
        assert len([decision for decision in why if decision.decision == "odd_chip"]) == len(result.odd_chips)


def said(entry):
    """A decision or a refused action without its link (``check_citations`` holds the link to its citation)."""
    return (*entry[:3], entry.text)


def decisions(description):
    """The explained replay of a reference table, as (decision, rule, source, text)."""
    return [said(decision) for decision in explain(description.snapshot()).why]


def test_s1_example4_the_opener_after_an_all_in_bring_in_cites_tda_rp_10e():
    assert ("opener", "§1", "TDA 2024 RP-10E",
            "seat 3 is all-in from the ante, so nobody brings in: seat 4, next clockwise with chips, opens for at "
            "least the bring-in or folds") in decisions(examples.ANTE_ALL_IN)


def test_s1_example5_a_short_bring_in_stands_at_its_full_amount():
    why = decisions(examples.SHORT_BRING_IN)
    assert ("bring_in_amount", "§1", "WSOP-L 217", "seat 3 has 7 after the ante: its bring-in is all-in for that, "
            "short of the bring-in of 10, and every caller must still reach the full 10") in why
    assert ("legal_action", "§1", "WSOP-L 217", "seat 4 may call 10 more, to 10: the full bring-in, over the 7 "
            "posted all-in") in why


@pytest.mark.parametrize(("stakes", "stacks", "reason", "amount"), [
    ({"ante": 5, "bring_in": 40, "small_bet": 40, "big_bet": 80}, {}, "the bring-in is the small bet itself", 40),
    (STAKES, {3: 15}, "its chips go no further than the bring-in", 10),
])
def test_a_bring_in_seat_that_cannot_complete_is_told_why_as_the_rule_refuses_it(stakes, stacks, reason, amount):
    why = decisions(table(examples.DOORS4, stakes=stakes, stacks=stacks))
    assert ("opener", "§1", "RRoP Stud 2", "seat 3 opens 3rd street: it posts the bring-in, and may not check or "
            f"fold (no completion: {reason}, so there is nothing to complete)") in why
    assert ("bring_in_amount", "§1", "RRoP Stud 2",
            f"the bring-in seat 3 owes is the stakes' bring-in, {amount}") in why


def test_an_all_in_on_4th_street_ends_the_betting_on_4th_street_though_the_cards_run_to_7th():
    why = decisions(table({1: "7c 8c 9c Tc", 2: "Kd Qd Jd Td"}, "s2 bring_in", "s1 complete", "s2 call", "s1 bet",
                          "s2 call", stacks={2: 85}, down={1: "As 2s 3s", 2: "Ah 2h 3h"}))
    assert ("phase", "§9", "reference default", "the betting ended on 4th street: fewer than two live players "
            "can bet, so the cards left are dealt and the hands are tabled") in why


def test_s2_example2_the_cap_and_the_raise_it_refuses():
    explained = explain(examples.CAPPED.snapshot())
    assert ("cap", "§2", "RRoP Betting & Raising 3", "capped: a bet and 3 raises on 3rd street") in map(
        said, explained.why)
    assert ("raise", "§2", "RRoP Betting & Raising 3", "the betting is capped: a bet and 3 raises on 3rd street") in \
        map(said, explained.refused)
    four = explain(replace(examples.CAPPED, rules={"max_raises_after_bet": 4}).snapshot())
    assert ("cap", "§2", "WSOP-L 126", "3 of 4 raises made after the bet on 3rd street") in map(said, four.why)


def test_s2_example3_heads_up_lifts_the_cap_under_rrop_cash():
    lifted = replace(examples.HEADS_UP, rules={"heads_up_uncap": "any_time_before_cap"})
    assert ("cap", "§2", "RRoP Betting & Raising 4", "the cap is lifted on 3rd street: two players who are not "
            "all-in (heads_up_uncap any_time_before_cap)") in decisions(lifted)


def test_s3_example1_the_tie_break_cites_the_rule_in_force():
    why = decisions(examples.TIED_AFTER_THIRD)
    assert ("first_to_act", "§3", "WSOP-L 235", "seat 1 shows 6-2, the lowest board of 2 up cards on 4th street "
            "(no pair beats any pair; then the lower cards)") in why
    assert ("first_to_act_tie_break", "§3", "WSOP-L 235", "seat 6 also shows 6-2: the tie goes by position to "
            "seat 1, first clockwise from the dealer") in why
    by_suit = decisions(replace(examples.TIED_AFTER_THIRD, rules=examples.SUIT_TIE_BREAK))
    assert ("first_to_act_tie_break", "§3", "TDA 2024 RP-10D", "seat 1 also shows 6-2: the tie goes to the board "
            "holding the highest card by suit, seat 6's 6s") in by_suit


def test_s3_example4_an_all_in_lowest_board_passes_the_action_clockwise():
    boards = boards_in(examples.SIXTH_BOARDS, (6,), ())
    found = find_first_to_act(7, boards)
    why = [said(decision) for decision in explain_first_to_act(7, boards, found)]
    assert ("first_to_act", "§3", "WSOP-T Stud/8", "seat 6 is all-in: seat 7, next clockwise who can act, acts "
            "first") in why
    assert why[-2][0] == "seventh_street"


def test_s4_short_all_ins_say_whether_they_reopen():
    assert ("short_all_in", "§4", "WSOP-L 129", "seat 3's all-in to 110 on 5th street is 30 over 80, against a bet "
            "of 80: under half, so it is not a full bet or raise and does not by itself reopen the betting for "
            "those who acted") in decisions(examples.UNDER_HALF)
    assert ("short_all_in", "§4", "WSOP-L 129", "seat 3's all-in to 125 on 5th street is 45 over 80, against a bet "
            "of 80: at least half, so it counts as a full bet or raise: the level is 125, and it reopens the betting "
            "for a player who has acted only if he faces at least half a bet more than he matched "
            "(short_allin_reopens per_player)") in decisions(examples.HALF)
    assert ("short_all_in", "§4", "WSOP-L 129", "seat 3's all-in to 125 on 5th street is 45 over 80, against a bet "
            "of 80: at least half, so it counts as a full bet or raise: the level is 125 and the betting reopens") in \
        decisions(replace(examples.HALF, rules={"short_allin_reopens": "everyone"}))
    full_bet = replace(examples.HALF, rules={"short_allin_threshold": "full_bet"})
    assert next(decision for decision in decisions(full_bet) if decision[0] == "short_all_in")[2] == "PokerKit"


def mucked(players):
    """The seats that mucked at showdown, as ``explain_showdown`` takes them."""
    return [player.seat for player in players if player.mucked]


def test_s6_example1_the_split_and_the_odd_chip_by_each_rule():
    players = [ShowdownPlayer(2, 55, cards="7s 5d 4c 3c Ad Qc Jc".split()), ShowdownPlayer(4, 55, folded=True),
               ShowdownPlayer(6, 55, cards="7h 5s 4d 3h Ac Ks 9d".split())]
    result = showdown(RAZZ_JUDGING, players)
    why = [said(decision) for decision in explain_showdown(RAZZ_JUDGING, result, mucked(players))]
    assert why == [
        ("pot", "§6", "RRoP Ties 1", "main pot of 165: seats 2 and 6 reached it: seats 2 and 6 tie with 7-5-4-3-A "
         "(suits never break a tie) and split it, 82 each"),
        ("odd_chip", "§6", "TDA 20B", "the odd chip of the main pot goes to seat 2: its five cards, 7s 5d 4c 3c Ad, "
         "are first of the tied hands compared from the highest card down by rank and suit")]
    low = showdown(RAZZ_JUDGING, players, odd_chip_rule=OddChipRule.LOW_CARD_BY_SUIT_ALL_CARDS)
    assert said(explain_showdown(RAZZ_JUDGING, low, mucked(players))[-1]) == (
        "odd_chip", "§6", "RRoP Ties 5", "the odd chip of the main pot goes to seat 6: its cards are first of the "
        "tied hands compared from the lowest card up by rank and suit (Ac, then up)")


def test_the_odd_chip_names_a_paired_low_in_the_order_its_cards_were_compared():
    players = [ShowdownPlayer(1, 51, cards="As Ah 2s 2h 3s 3h 4s".split()),
               ShowdownPlayer(2, 50, cards="Ad Ac 2d 2c 3d 3c 4d".split()), ShowdownPlayer(3, 1, folded=True)]
    assert explain_showdown(RAZZ_JUDGING, showdown(RAZZ_JUDGING, players), mucked(players))[-1].text == (
        "the odd chip of the main pot goes to seat 1: its five cards, 4s 3s 2s As Ah, are first of the tied hands "
        "compared from the highest card down by rank and suit")


def test_s6_example3_side_pots_each_name_their_seats_and_winner():
    players = [ShowdownPlayer(1, 50, cards="As 2c 3d 4h 5s Kc Kd".split()),
               ShowdownPlayer(2, 120, cards="8s 7c 6d 4c 3h Qc Qd".split()),
               ShowdownPlayer(3, 200, cards="7s 6c 4d 3c 2h Js Jd".split()),
               ShowdownPlayer(4, 200, cards="9s 8c 7d 6h 5c Ts Td".split())]
    result = showdown(RAZZ_JUDGING, players)
    texts = [decision.text for decision in explain_showdown(RAZZ_JUDGING, result, mucked(players))]
    assert texts == [
        "main pot of 200: seats 1, 2, 3 and 4 reached it, and seat 1 wins it with 5-4-3-2-A, the best low among them",
        "side pot 1 of 210: seats 2, 3 and 4 reached it, and seat 3 wins it with 7-6-4-3-2, the best low among them",
        "side pot 2 of 160: seats 3 and 4 reached it, and seat 3 wins it with 7-6-4-3-2, the best low among them"]


def test_an_all_in_short_of_the_full_amount_is_said_to_be_short():
    short = table({1: "2c", 2: "Kd"}, "s2 bring_in", "s1 complete", stacks={2: 60})
    assert ("legal_action", "§4", "WSOP-L 129", "seat 2 may raise all-in to 55, its last chips, short of the full "
            "raise to 80") in decisions(short)


LOW = "As 2c 3d 4h 5s Kc Kd".split()
PAIRED = "9s 9c 6s 4s 3s Qs Qh".split()


@pytest.mark.parametrize(("players", "rule", "text"), [
    ([ShowdownPlayer(1, 100, cards=LOW), ShowdownPlayer(2, 80, folded=True), ShowdownPlayer(3, 50, cards=PAIRED)],
     ("§6", "reference default"),
     "side pot 1 of 80: no other live hand reached it, so seat 1 takes it, with the 30 chips folded seats left in it"),
    ([ShowdownPlayer(1, 50, cards=LOW), ShowdownPlayer(2, 80, cards=PAIRED), ShowdownPlayer(3, 80, mucked=True)],
     ("§5", "TDA 17B"), "side pot 1 of 60: seat 3 reached it too but mucked, conceding it, so seat 2 takes it"),
    ([ShowdownPlayer(1, 100, cards=LOW), ShowdownPlayer(2, 60, cards=PAIRED)], ("§6", "reference default"),
     "side pot 1 of 40: only seat 1 put these chips in, an uncalled excess, and they come back to it"),
    ([ShowdownPlayer(1, 50, cards=LOW), ShowdownPlayer(2, 50, cards=PAIRED), ShowdownPlayer(3, 80, mucked=True)],
     ("§6", "reference default"),
     "side pot 1 of 30: only seat 3 put these chips in, an uncalled excess, and they come back to it"),
    ([ShowdownPlayer(1, 50, cards=LOW), ShowdownPlayer(2, 80, mucked=True)], ("§6", "reference default"),
     "side pot 1 of 30: only seat 2 put these chips in, an uncalled excess, and they come back to it"),
])
def test_a_pot_one_seat_takes_says_why_nobody_else_contests_it(players, rule, text):
    """Settled as a hand history's showdown is, with its mucks as written: ``showdown`` refuses a muck where a
    live hand put in less than another (an all-in showdown, TDA 16)."""
    seats = sorted(player.seat for player in players)
    hands = replayed_hands(RAZZ_JUDGING, players, None, seats)
    result = award(RAZZ_JUDGING, players, hands, OddChipRule.HIGH_CARD_BY_SUIT_IN_5)
    decisions = explain_showdown(RAZZ_JUDGING, result, mucked(players))
    assert (decisions[-1].rule, decisions[-1].source, decisions[-1].text) == (*rule, text)


def test_two_odd_chips_go_to_the_first_two_tied_seats_each_told_so():
    players = [ShowdownPlayer(1, 66, cards="7c 5d 4c 3c Ad Kc Kd".split()),
               ShowdownPlayer(3, 66, cards="7h 5s 4d 3h Ac Ks Qd".split()),
               ShowdownPlayer(5, 66, cards="7s 5h 4h 3d Ah Qs Qh".split()), ShowdownPlayer(6, 2, folded=True)]
    result = showdown(RAZZ_JUDGING, players, odd_chip_rule=OddChipRule.SEAT_ORDER)
    said = [decision.text for decision in explain_showdown(RAZZ_JUDGING, result, mucked(players))
            if decision.decision == "odd_chip"]
    assert said == [
        "an odd chip of the main pot goes to seat 1: it is among the first 2, one chip each, of the tied seats in "
        "position order",
        "an odd chip of the main pot goes to seat 3: it is among the first 2, one chip each, of the tied seats in "
        "position order"]


def test_a_seventh_street_community_card_is_explained_as_one():
    boards = {seat: f"{rank}c {rank}d {rank}h {rank}s" for seat, rank in zip(range(1, 9), "A2345678", strict=True)}
    actions = ["s8 bring_in", *[f"s{seat} call" for seat in (1, 2, 3, 4, 5, 6, 7)]]
    for _ in range(3):
        actions += [f"s{seat} check" for seat in range(1, 9)]
    why = decisions(table(boards, *actions, community_card="9c"))
    assert ("seventh_street", "§3", "TDA 2024 RP-10H-D", "7th street is one community card, in every hand: the four "
            "up cards of 6th street decide again") in why
