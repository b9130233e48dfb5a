"""Every test vector of stud-rules.md sections 4, 5 and 8, each named by its section and number.

Section 4: showdown hand values (stud high, stud/8's qualifying low); section 5: splitting pots, odd
chips, side pots, stud/8's halves; section 8: the values the rank and compare endpoints answer.
"""

import pytest

from service.stud_family.cards import CARD_TEXT, parse_cards
from service.stud_family.judging import STUD8_JUDGING, STUD_JUDGING
from service.stud_family.rules import HiloSameWinners, OddChipRule
from service.stud_family.showdown import Half, Share, ShowdownPlayer, showdown

HIGH = STUD_JUDGING.hand
LOW = STUD8_JUDGING.low.hand
TDA = OddChipRule.HIGH_CARD_BY_SUIT_IN_5
ALL_CARDS = OddChipRule.ALL_CARDS_BY_SUIT
SEAT_ORDER = OddChipRule.SEAT_ORDER


def high(text):
    return HIGH.evaluate(parse_cards(text.split()))


def low(text):
    return LOW.evaluate(parse_cards(text.split()))


def best_high(text):
    return [CARD_TEXT[code] for code in HIGH.best_cards(parse_cards(text.split()))]


def paid(result):
    return {share.seat: share.amount for share in result.payouts if share.amount}


def players(*seats):
    """ShowdownPlayers from (seat, contributed, cards or None for a fold)."""
    return [ShowdownPlayer(seat, chips, folded=cards is None, cards=None if cards is None else cards.split())
            for seat, chips, cards in seats]


# Section 4 -------------------------------------------------------------------------------------------------------

def test_4_1_the_wheel_is_the_lowest_straight():
    value = high("As 2c 3d 4h 5s 9c Kd")
    assert (value.category, value.name, value.rank) == ("straight", "5-4-3-2-A", 1609)


def test_4_2_full_house_best_five_highest_suits_first():
    value = high("Kh Kd Ks 7c 7d 7h 2s")
    assert (value.category, value.rank) == ("full_house", 185)
    assert best_high("Kh Kd Ks 7c 7d 7h 2s") == ["Ks", "Kh", "Kd", "7h", "7d"]


def test_4_3_a_flush_beats_the_queens():
    value = high("Ah Kh 9h 6h 3h Qs Qd")
    assert (value.category, value.name, value.rank) == ("flush", "A-K-9-6-3", 444)


def test_4_4_the_straight_flush_is_found_among_seven():
    value = high("9s 8s 7s 6s 5s Ts Th")
    assert (value.category, value.name, value.rank) == ("straight_flush", "T-9-8-7-6", 5)


def test_4_5_kickers_decide_and_suits_never_do():
    assert high("As Ah Kd Qc Js").rank < high("Ad Ac Ks Qd Ts").rank
    assert high("Qs Qh 9d 9c 4s").rank < high("Qd Qc 9s 9h 3s").rank
    assert high("6s 5d 4c 3h 2s").rank < high("5s 4d 3c 2h As").rank
    assert high("As Kd Qh Jc 9s") is high("Ad Kc Qs Jh 9d")


def test_4_6_one_five_for_both_halves():
    assert (high("As 2d 3c 4h 5s Kd Kc").name, low("As 2d 3c 4h 5s Kd Kc").name) == ("5-4-3-2-A", "5-4-3-2-A")


def test_4_7_a_flush_for_high_and_another_five_for_low():
    assert (high("Ac 2c 4c 7c 8d 9c Kc").name, high("Ac 2c 4c 7c 8d 9c Kc").rank) == ("A-K-9-7-4", 439)
    assert low("Ac 2c 4c 7c 8d 9c Kc").name == "8-7-4-2-A"


def test_4_8_four_low_ranks_make_no_low():
    value = high("9s 9d 8h 7c 6s 5d Kd")
    assert (value.name, value.rank) == ("9-8-7-6-5", 1605)
    assert best_high("9s 9d 8h 7c 6s 5d Kd") == ["9s", "8h", "7c", "6s", "5d"]
    assert low("9s 9d 8h 7c 6s 5d Kd") is None


def test_4_9_a_six_high_straight_and_the_same_low():
    assert (high("2s 2d 3h 4c 5s 6d 6h").name, low("2s 2d 3h 4c 5s 6d 6h").name) == ("6-5-4-3-2", "6-5-4-3-2")


def test_4_10_lows_compare_ace_to_five_and_qualify_at_eight():
    assert low("7s 5d 4h 3c As").rank < low("7d 6c 4s 3h 2d").rank
    assert low("7c 6h 5s 4d 3c").rank < low("8s 4c 3d 2h Ac").rank
    assert low("8c 7d 6h 5s 4c") is not None
    assert low("9c 4d 3h 2s Ac") is None


# Section 5 -------------------------------------------------------------------------------------------------------

FIVE_NINE_HIGH = ((1, 4, "5c 6d 2c 7h 8s 9c 3d"), (2, 4, "5d 6h 2d 7s 8c 9d 3h"), (3, 4, "5h 6s 2h 7c 8d 9h 3s"),
                  (4, 1, None), (5, 1, None))


def test_5_1_three_way_tie_odd_chips_by_the_high_card_in_five():
    result = showdown(STUD_JUDGING, players(*FIVE_NINE_HIGH), odd_chip_rule=TDA)
    assert result.pots[0].winning_hand == "9-8-7-6-5"
    assert paid(result) == {1: 4, 2: 5, 3: 5}
    assert [chip.seat for chip in result.odd_chips] == [3, 2]
    assert result.odd_chips[0].cards[0] == "9h"


def test_5_1_seat_order():
    assert paid(showdown(STUD_JUDGING, players(*FIVE_NINE_HIGH), odd_chip_rule=SEAT_ORDER)) == {1: 5, 2: 5, 3: 4}


VECTOR_5_2 = ((1, 80, "5c 6d 7h 8s 9c As Ad"), (2, 80, "5d 6h 7s 8c 9h 2c 3d"), (3, 5, None))


@pytest.mark.parametrize(("rule", "lucky"), [(TDA, 2), (ALL_CARDS, 1), (SEAT_ORDER, 1)])
def test_5_2_which_cards_the_odd_chip_reads(rule, lucky):
    result = showdown(STUD_JUDGING, players(*VECTOR_5_2), odd_chip_rule=rule)
    assert paid(result) == {lucky: 83, 3 - lucky: 82}
    assert [(chip.seat, chip.rule) for chip in result.odd_chips] == [(lucky, rule)]


def test_5_3_high_and_low_halves_the_odd_chip_high():
    result = showdown(STUD8_JUDGING, players((1, 4, "Kc Kd Kh 2s 9s Jd Qd"), (2, 4, "As 3c 4d 5h 7c Td Jh"),
                                             (3, 1, None)))
    assert paid(result) == {1: 5, 2: 4}
    pot = result.pots[0]
    assert pot.high == Half(5, (1,), (Share(1, 5),), "K-K-K-Q-J")
    assert pot.low == Half(4, (2,), (Share(2, 4),), "7-5-4-3-A")
    assert not pot.one_pot and not result.odd_chips


def test_5_4_a_side_pot_without_a_low_among_its_seats_goes_high():
    result = showdown(STUD8_JUDGING, players((1, 6, "As 2s 3c 4c 5d 9d Td"), (2, 7, "5h 6h 7s 8s 9c Kc Qc"),
                                             (3, 7, "5c 6c 7d 8d 9h Kh Qh")))
    main, side = result.pots
    assert (main.amount, main.eligible, side.amount, side.eligible) == (18, (1, 2, 3), 2, (2, 3))
    assert main.high == Half(9, (2, 3), (Share(2, 4), Share(3, 5)), "9-8-7-6-5")
    assert main.low == Half(9, (1,), (Share(1, 9),), "5-4-3-2-A")
    assert side.high == Half(2, (2, 3), (Share(2, 1), Share(3, 1)), "9-8-7-6-5") and side.low is None
    assert paid(result) == {1: 9, 2: 5, 3: 6}


VECTOR_5_5 = ((1, 5, "2c 3d 4h 5s 6c 9d Td"), (2, 5, "2d 3h 4s 5c 6d 9h Th"))


def test_5_5_the_same_winners_both_ways_share_one_pot():
    result = showdown(STUD8_JUDGING, players(*VECTOR_5_5))
    pot = result.pots[0]
    assert paid(result) == {1: 5, 2: 5}
    assert pot.one_pot and pot.high == Half(10, (1, 2), (Share(1, 5), Share(2, 5)), "6-5-4-3-2")
    assert pot.low == Half(0, (1, 2), (Share(1, 0), Share(2, 0)), "6-5-4-3-2")


def test_5_5_by_halves():
    result = showdown(STUD8_JUDGING, players(*VECTOR_5_5), hilo_same_winners=HiloSameWinners.BY_HALVES)
    assert paid(result) == {1: 4, 2: 6}
    assert [(chip.half, chip.seat) for chip in result.odd_chips] == [("high", 2), ("low", 2)]
    assert not result.pots[0].one_pot


VECTOR_5_6 = ((1, 34, "Kc Kd Ks Qc Qd 9h Jh"), (2, 34, "Ah 3s 4s 5d 7s Jd Td"), (3, 34, "Ac 3d 4h 5h 7d 9s 9d"))


@pytest.mark.parametrize(("rule", "lucky"), [(TDA, 2), (ALL_CARDS, 3), (SEAT_ORDER, 2)])
def test_5_6_tied_lows_odd_chip(rule, lucky):
    result = showdown(STUD8_JUDGING, players(*VECTOR_5_6), odd_chip_rule=rule)
    assert paid(result) == {1: 51, lucky: 26, 5 - lucky: 25}
    assert [(chip.half, chip.seat) for chip in result.odd_chips] == [("low", lucky)]


def test_5_7_no_low_tied_highs_odd_chip_by_the_king_of_spades():
    result = showdown(STUD8_JUDGING, players((1, 20, "Kc Kd 9s 9h 2c 4d 7h"), (2, 20, "Ks Kh 9c 9d 2d 4h 7s"),
                                             (3, 5, None)))
    assert paid(result) == {1: 22, 2: 23}
    assert result.pots[0].low is None and result.pots[0].high.winning_hand == "K-K-9-9-7"


def test_5_8_a_scoop_is_paid_as_both_halves():
    result = showdown(STUD8_JUDGING, players((1, 80, "As 2d 3c 4h 5s Kd Kc"), (2, 80, "Qh Qd Jc 9c 9d 7h Th"),
                                             (3, 5, None)))
    pot = result.pots[0]
    assert paid(result) == {1: 165}
    assert pot.high == Half(83, (1,), (Share(1, 83),), "5-4-3-2-A")
    assert pot.low == Half(82, (1,), (Share(1, 82),), "5-4-3-2-A")
    assert not pot.one_pot


# Section 8 -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "rank"), [
    ("As Ks Qs Js Ts", 1), ("5h 4h 3h 2h Ah", 10), ("As Ah Ad Ac Ks", 11), ("2s 2h 2d 2c 3s", 166),
    ("As Ah Ad Ks Kh", 167), ("As Ks Qs Js 9s", 323), ("7s 5s 4s 3s 2s", 1599), ("As Kd Qh Jc Ts", 1600),
    ("5s 4d 3h 2c As", 1609), ("As Ah Ad Ks Qh", 1610), ("As Ah Kd Kc Qs", 2468), ("As Ah Kd Qc Js", 3326),
    ("As Kd Qh Jc 9s", 6186), ("7s 5d 4h 3c 2s", 7462)])
def test_8_1_five_card_ranks(text, rank):
    assert high(text).rank == rank


def test_8_1_the_first_and_last_names():
    assert (high("As Ks Qs Js Ts").name, high("As Ks Qs Js Ts").description) == ("A-K-Q-J-T", "ace-high straight flush")
    assert (high("5s 4d 3h 2c As").name, high("5s 4d 3h 2c As").description) == ("5-4-3-2-A", "five-high straight")


@pytest.mark.parametrize(("text", "rank"), [
    ("As", 1), ("2c", 13), ("As Ah", 1), ("As Kd", 14), ("3s 2d", 91), ("As Ah Kc", 14), ("As Ah Kd Kc", 170),
    ("As Ah Kd Qc", 248), ("As Kd Qh Jc", 1106), ("5s 4d 3h 2c", 1820)])
def test_8_2_boards(text, rank):
    cards = parse_cards(text.split())
    assert HIGH.board_rank(cards) == HIGH.board(cards).rank == rank


@pytest.mark.parametrize(("name", "rank"), [
    ("5-4-3-2-A", 1), ("6-4-3-2-A", 2), ("6-5-4-3-2", 6), ("7-5-4-3-A", 10), ("7-6-4-3-2", 15), ("7-6-5-4-3", 21),
    ("8-4-3-2-A", 22), ("8-7-4-2-A", 38), ("8-7-6-5-4", 56)])
def test_8_3_qualifying_lows(name, rank):
    suits = "shdcs"
    assert low(" ".join(rank_char + suit for rank_char, suit in zip(name.split("-"), suits, strict=True))).rank == rank


def test_8_4_a_full_house_and_no_low():
    assert (high("Kh Kd Ks 7c 7d 7h 2s").category, high("Kh Kd Ks 7c 7d 7h 2s").rank) == ("full_house", 185)
    assert low("Kh Kd Ks 7c 7d 7h 2s") is None
    assert LOW.evaluate(parse_cards(["As", "2d", "3c", "4h"])) is None


# Explanations of the vectors' showdowns ------------------------------------------------------------------------------

def texts(judging, result):
    from service.stud_family.showdown import explain_showdown
    return [(why.decision, why.rule, why.source, why.text) for why in explain_showdown(judging, result, [])]


def test_5_1_explained():
    result = showdown(STUD_JUDGING, players(*FIVE_NINE_HIGH))
    why = texts(STUD_JUDGING, result)
    assert why[0] == ("pot", "stud §4", "RRoP Ties 1", "main pot of 14: seats 1, 2 and 3 reached it: seats 1, 2 and 3 "
                      "tie with 9-8-7-6-5 (suits never break a tie) and split it, 4 each")
    assert why[1][:3] == ("odd_chip", "stud §5", "TDA 20B")
    assert "9h 8d 7c 6s 5h" in why[1][3] and "as the hand ranks them" in why[1][3]


def test_5_4_explained_halves_and_a_side_pot_without_a_low():
    result = showdown(STUD8_JUDGING, players((1, 6, "As 2s 3c 4c 5d 9d Td"), (2, 7, "5h 6h 7s 8s 9c Kc Qc"),
                                             (3, 7, "5c 6c 7d 8d 9h Kh Qh")))
    decisions = [(decision, rule, source) for decision, rule, source, _ in texts(STUD8_JUDGING, result)]
    assert decisions == [("pot", "stud §5", "TDA 20C"), ("high_half", "stud §4", "RRoP Ties 1"),
                         ("low_half", "stud §4", "TDA 21"), ("pot", "stud §4", "BARGE Appendix A"),
                         ("odd_chip", "stud §5", "TDA 20B")]
    assert texts(STUD8_JUDGING, result)[3][3] == (
        "side pot 1 of 2: seats 2 and 3 reached it; none of them holds a qualifying low, so the high takes it all: "
        "seats 2 and 3 tie with 9-8-7-6-5 (suits never break a tie) and split it, 1 each")
    assert "main pot's high half goes to seat 3" in texts(STUD8_JUDGING, result)[4][3]


def test_5_5_explained_one_pot():
    why = texts(STUD8_JUDGING, showdown(STUD8_JUDGING, players(*VECTOR_5_5)))
    assert why == [("pot", "stud §5", "TDA 19-F", "main pot of 10: seats 1 and 2 reached it; seats 1 and 2 hold both "
                    "the best high, 6-5-4-3-2, and the best low, 6-5-4-3-2, so they share it as one pot, not halved: "
                    "5 each")]


def test_5_6_explained_low_odd_chip_by_all_cards():
    why = texts(STUD8_JUDGING, showdown(STUD8_JUDGING, players(*VECTOR_5_6), odd_chip_rule=ALL_CARDS))
    assert why[-1][:3] == ("odd_chip", "stud §5", "RRoP Ties 5")
    assert why[-1][3].startswith("the odd chip of the main pot's low half goes to seat 3: its cards are first of the "
                                 "tied hands compared from the lowest card up by rank and suit (Ac")


# Section 7's community card in both halves, and past it for the odd chip (section 5, inferred) ---------------------

def test_the_community_card_plays_for_high_and_for_low():
    result = showdown(STUD8_JUDGING, players((1, 40, "As 2d 3c 5h 9s Kd"), (2, 40, "Qh Qd Jc 9c 9d 7h")),
                      community_card="4h")
    pot = result.pots[0]
    assert (pot.high.winning_hand, pot.low.winning_hand) == ("5-4-3-2-A", "5-4-3-2-A")
    assert paid(result) == {1: 80}


def test_a_shared_community_card_passes_the_odd_chip_to_the_next_card():
    result = showdown(STUD_JUDGING, players((1, 20, "Ks Qs Jd 9c 2c 3d"), (2, 20, "Kd Qh Jc 9d 2d 3h"), (3, 5, None)),
                      community_card="Ac")
    assert result.pots[0].winning_hand == "A-K-Q-J-9"
    chip = result.odd_chips[0]
    assert (chip.seat, chip.cards[0], chip.decided_at) == (1, "Ac", 1)


def test_every_stud_showdown_decision_cites_a_rulebook_rule_of_the_stud_part():
    from service.stud_family.showdown import explain_showdown
    from service.stud_family.why import STUD_SECTIONS
    from tests.stud_family.citations import SOURCE

    cases = [(STUD_JUDGING, players(*FIVE_NINE_HIGH), {}),
             (STUD_JUDGING, players(*VECTOR_5_2), {"odd_chip_rule": ALL_CARDS}),
             (STUD8_JUDGING, players(*VECTOR_5_5), {}),
             (STUD8_JUDGING, players(*VECTOR_5_6), {"odd_chip_rule": ALL_CARDS}),
             (STUD8_JUDGING, players(*VECTOR_5_5), {"hilo_same_winners": HiloSameWinners.BY_HALVES})]
    for judging, seats, options in cases:
        for why in explain_showdown(judging, showdown(judging, seats, **options), []):
            assert SOURCE.fullmatch(why.source), why
            assert why.rule in STUD_SECTIONS or why.rule == "§6", why
