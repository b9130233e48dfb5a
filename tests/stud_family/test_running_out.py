"""Running out of cards: reference section 7 test vectors."""

import pytest

from service.stud_family.betting import replay
from service.stud_family.errors import SnapshotError
from service.stud_family.running_out import (
    COMMUNITY_CARD,
    DEAL_NORMALLY,
    SCRAMBLE_BURNS,
    SCRAMBLE_THEN_COMMUNITY_CARD,
    community_card_of_live,
    seventh_street,
    seventh_street_procedure,
    stub_before_seventh,
)
from tests.tables import table


def test_s7_example1_eight_players_empty_stub_community_card():
    assert seventh_street_procedure(0, 8) == SCRAMBLE_THEN_COMMUNITY_CARD


def test_s7_example2_seven_players_stub_three_burn_and_turn():
    assert seventh_street_procedure(3, 7) == COMMUNITY_CARD


def test_s7_example3_six_players_stub_six_scramble_burns():
    assert seventh_street_procedure(6, 6) == SCRAMBLE_BURNS


def test_s7_example4_five_players_stub_nine_deal_normally():
    assert seventh_street_procedure(9, 5) == DEAL_NORMALLY


def test_eight_players_to_seventh_street_always_need_the_community_card():
    assert stub_before_seventh([8, 8, 8, 8]) == 0
    assert seventh_street([8, 8, 8, 8], 8).community


def test_seven_players_to_seventh_street_scramble_the_burns():
    assert stub_before_seventh([7, 7, 7, 7]) == 6
    assert not seventh_street([7, 7, 7, 7], 7).community


def test_the_live_players_alone_decide_only_when_they_run_the_deck_out():
    """Eight live players run the deck out whatever else was dealt; seven could, with deals to folded players not
    known, so it is not known."""
    assert community_card_of_live(8) is True
    assert community_card_of_live(7) is None


SHORT_DECK_BOARDS = {1: "Kc 7c 6s 4h", 2: "Ks 7d 5c 4s", 3: "Qh 7h 5d 3c", 4: "Jd 7s 5h 3d", 5: "Tc 6c 5s 3h",
                     6: "Ts 6d 4c 3s", 7: "9h 6h 4d 2c", 8: "8d"}
SHORT_DECK_ACTIONS = ("s2 bring_in", *(f"s{seat} call" for seat in (3, 4, 5, 6, 7)), "s8 fold", "s1 call",
                      "s7 check", *(f"s{seat} check" for _ in range(2) for seat in (1, 2, 3, 4, 5, 6, 7)),
                      *(f"s{seat} check" for seat in (1, 2, 3, 4, 5, 6)))
"""Eight dealt, seat 8 folds on 3rd street, seven check to 7th street: the deck runs short (rule C)."""


def test_a_seventh_street_down_card_is_refused_when_the_deck_runs_short():
    """Seven players reach 7th street after eight were dealt: 7th street is a community card, not a down card each."""
    downs = {1: "Kd Kh", 2: "Qc Qd", 3: "Qs Jc", 4: "Jh Js", 5: "Td Th", 6: "9c 9d", 7: "9s 8c"}
    with_community = table(SHORT_DECK_BOARDS, *SHORT_DECK_ACTIONS, down=downs, community_card="2d")
    assert replay(with_community.snapshot()).community_card_allowed
    seventh = dict(zip(downs, ("2d", "2h", "2s", "Ac", "Ad", "Ah", "As"), strict=True))
    dealt_down = table(SHORT_DECK_BOARDS, *SHORT_DECK_ACTIONS,
                       down={seat: f"{cards} {seventh[seat]}" for seat, cards in downs.items()})
    with pytest.raises(SnapshotError, match=r"players\[0\].down_cards: seat 1 holds 3 down cards, but 7 players "
                                            r"reach 7th street and the deck runs short"):
        replay(dealt_down.snapshot())
