"""Running out of cards: reference section 7 test vectors."""

from service.razz.running_out import (
    COMMUNITY_CARD,
    DEAL_NORMALLY,
    SCRAMBLE_BURNS,
    SCRAMBLE_THEN_COMMUNITY_CARD,
    community_card_dealt,
    seventh_street_procedure,
    stub_before_seventh,
)


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
    assert community_card_dealt([8, 8, 8, 8], 8)


def test_seven_players_to_seventh_street_scramble_the_burns():
    assert stub_before_seventh([7, 7, 7, 7]) == 6
    assert not community_card_dealt([7, 7, 7, 7], 7)
