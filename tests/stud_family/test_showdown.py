"""Showdown: rules reference section 6 examples, validation, and properties against a naive model."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.stud_family.errors import DuplicateCardError, DuplicateSeatError, ShowdownError, TooManyCardsError
from service.stud_family.judging import RAZZ_JUDGING
from service.stud_family.rules import OddChipRule
from service.stud_family.showdown import (
    OddChip,
    PotResult,
    Share,
    ShowdownPlayer,
    award,
    replayed_hands,
    showdown,
)
from tests.tables import payouts

RANKS = "A23456789TJQK"
DECK = [rank + suit for rank in RANKS for suit in "shdc"]


def chips_given(result):
    """Each odd chip as (pot, seat, rule), in award order."""
    return [(chip.pot, chip.seat, chip.rule) for chip in result.odd_chips]


def player(seat, contributed, cards=None, folded=False):
    return ShowdownPlayer(seat, contributed, folded, cards.split() if cards else None)


EXAMPLE1 = [
    player(2, 55, "7s 5d 4c 3c Ad Qc Jc"),
    player(4, 55, folded=True),
    player(6, 55, "7h 5s 4d 3h Ac Ks 9d"),
]


def test_s6_example1_odd_chip_high_card_by_suit():
    result = showdown(RAZZ_JUDGING, EXAMPLE1)
    assert result.pots == (
        PotResult(165, (2, 6), (2, 6), (Share(2, 83), Share(6, 82)), "7-5-4-3-A"),
    )
    assert chips_given(result) == [(0, 2, "high_card_by_suit_in_5")]
    assert payouts(result) == {2: 83, 4: 0, 6: 82}


def test_s6_example1_odd_chip_low_card_by_suit_all_cards():
    result = showdown(RAZZ_JUDGING, EXAMPLE1, odd_chip_rule=OddChipRule.LOW_CARD_BY_SUIT_ALL_CARDS)
    assert payouts(result) == {2: 82, 4: 0, 6: 83}
    assert chips_given(result) == [(0, 6, "low_card_by_suit_all_cards")]


def test_s6_example1_odd_chip_seat_order():
    result = showdown(RAZZ_JUDGING, EXAMPLE1, odd_chip_rule=OddChipRule.SEAT_ORDER)
    assert payouts(result) == {2: 83, 4: 0, 6: 82}
    assert chips_given(result) == [(0, 2, "seat_order")]


def test_s6_example1_seat_order_follows_position_from_the_dealer():
    result = showdown(RAZZ_JUDGING, EXAMPLE1, odd_chip_rule=OddChipRule.SEAT_ORDER, position=[5, 6, 7, 8, 1, 2, 3, 4])
    assert payouts(result) == {2: 82, 4: 0, 6: 83}


def test_s6_example2_three_way_tie_two_odd_chips():
    players = [
        player(1, 50, "7d 5d 4d 3d Ad Kd Qd"),
        player(3, 50, "7s 5s 4s 3s As Ks Qs"),
        player(5, 50, "7h 5h 4h 3h Ah Kh Qh"),
        player(7, 50, folded=True),
    ]
    result = showdown(RAZZ_JUDGING, players)
    assert payouts(result) == {1: 66, 3: 67, 5: 67, 7: 0}
    assert chips_given(result) == [(0, 3, "high_card_by_suit_in_5"), (0, 5, "high_card_by_suit_in_5")]
    assert result.winners == (1, 3, 5)


def test_s6_example3_side_pots_awarded_separately():
    # A (s1) 50 all-in, B (s2) 120 all-in, C (s3) 200, D (s4) 200; best to worst A, C, B, D.
    players = [
        player(1, 50, "5s 4s 3s 2s As Kd Kh"),
        player(2, 120, "8c 6c 4c 3c 2c Qd Qh"),
        player(3, 200, "6d 4d 3d 2d Ad Jc Js"),
        player(4, 200, "9h 7h 5h 3h 2h Td Tc"),
    ]
    result = showdown(RAZZ_JUDGING, players)
    assert [(pot.amount, pot.eligible, pot.winners) for pot in result.pots] == [
        (200, (1, 2, 3, 4), (1,)),
        (210, (2, 3, 4), (3,)),
        (160, (3, 4), (3,)),
    ]
    assert payouts(result) == {1: 200, 2: 0, 3: 370, 4: 0}
    assert result.winners == (1,)


def test_s6_example4_all_in_for_part_of_the_ante_wins_the_main_pot_only():
    # Ante 5, s3 all-in for 3; s1 and s2 bet on, s4 folds. s3 holds the best low, s1 the next.
    players = [
        player(1, 45, "6s 4s 3s 2s As Kd Kh"),
        player(2, 45, "8c 6c 4c 3c 2c Qd Qh"),
        player(3, 3, "5d 4d 3d 2d Ad Jc Js"),
        player(4, 5, folded=True),
    ]
    result = showdown(RAZZ_JUDGING, players)
    pots = [(pot.amount, pot.eligible, pot.winners) for pot in result.pots]
    assert pots == [(12, (1, 2, 3), (3,)), (86, (1, 2), (1,))]
    assert payouts(result) == {1: 86, 2: 0, 3: 12, 4: 0}


def test_odd_chips_are_listed_in_award_order_last_side_pot_first():
    players = [
        player(1, 10, "5s 4s 3s 2s As Kd Kh"),
        player(2, 31, "5c 4c 3c 2c Ac Qd Qh"),
        player(3, 31, "5d 4d 3d 2d Ad Jc Js"),
        player(4, 31, "5h 4h 3h 2h Ah Tc Ts"),
        player(5, 11, folded=True),
    ]
    result = showdown(RAZZ_JUDGING, players)
    assert [(pot.amount, pot.eligible) for pot in result.pots] == [(50, (1, 2, 3, 4)), (64, (2, 3, 4))]
    rule = "high_card_by_suit_in_5"
    assert chips_given(result) == [(1, 4, rule), (0, 1, rule), (0, 4, rule)]
    assert payouts(result) == {1: 13, 2: 33, 3: 33, 4: 35, 5: 0}


def test_shared_community_card_on_top_passes_the_odd_chip_to_the_next_card():
    players = [player(1, 50, "5h 4c 3c Ad Qc Jc"), player(2, 51, "5s 4d 3h Ac Ks 9d")]
    result = showdown(RAZZ_JUDGING, players, community_card="7s")
    assert result.pots[0].winning_hand == "7-5-4-3-A"
    assert payouts(result) == {1: 50, 2: 51}
    assert chips_given(result) == []
    result = showdown(RAZZ_JUDGING, [player(1, 50, "5h 4c 3c Ad Qc Jc"), player(2, 50, "5s 4d 3h Ac Ks 9d"),
                       player(3, 1, folded=True)], community_card="7s")
    assert result.odd_chips == (OddChip(0, 2, "high_card_by_suit_in_5", chips=1, cards=("7s", "5s", "4d", "3h", "Ac"),
                                        next_seat=1, decided_at=1, next_cards=("7s", "5h", "4c", "3c", "Ad")),)


def test_uncalled_excess_comes_back_without_a_hand_compared():
    result = showdown(RAZZ_JUDGING, [player(1, 100, "5s 4s 3s 2s As Kd Kh"), player(2, 60, "8c 6c 4c 3c 2c Qd Qh")])
    assert result.pots[1] == PotResult(40, (1,), (1,), (Share(1, 40),), None)
    assert payouts(result) == {1: 160, 2: 0}


def test_uncontested_needs_no_cards():
    result = showdown(RAZZ_JUDGING, [player(1, 5, folded=True), player(3, 45), player(5, 15, folded=True)])
    assert result.uncontested
    assert result.winners == (3,)
    assert result.pots == (PotResult(65, (3,), (3,), (Share(3, 65),), None),)
    assert payouts(result) == {1: 0, 3: 65, 5: 0}
    assert chips_given(result) == []


@pytest.mark.parametrize(
    ("players", "community_card", "path"),
    [
        ([player(1, 5, "As 2s 3s 4s 5s 6s 7s"), player(2, 5)], None, "players[1].cards"),
        ([player(1, 5, "As 2s 3s 4s 5s 6s"), player(2, 5, "Ah 2h 3h 4h 5h 6h 7h")], None, "players[0].cards"),
        ([player(1, 5, folded=True), player(2, 5, folded=True)], None, "players"),
    ],
)
def test_invalid_requests_name_the_field(players, community_card, path):
    """What the showdown cannot settle; a bad card is an invalid-card, as everywhere (test_cards)."""
    with pytest.raises(ShowdownError) as caught:
        showdown(RAZZ_JUDGING, players, community_card)
    assert (caught.value.path, caught.value.kind) == (path, "invalid-showdown")


def test_more_cards_than_a_hand_with_the_community_card_are_too_many_cards():
    """As on compare: seven of his own and the community card make eight."""
    with pytest.raises(TooManyCardsError) as caught:
        showdown(RAZZ_JUDGING, [player(1, 5, "As 2s 3s 4s 5s 6s 7s"), player(2, 5, "Ah 2h 3h 4h 5h 6h")], "Kd")
    assert (caught.value.path, caught.value.kind) == ("players[0].cards", "too-many-cards")


@pytest.mark.parametrize(
    ("players", "community_card", "card", "path", "first_seen"),
    [
        ([player(1, 5, "As 2s 3s 4s 5s 6s 7s"), player(2, 5, "Ah 2h 3h 4h 5h 6h 7s")], None,
         "7s", "players[1].cards[6]", "players[0].cards[6]"),
        ([player(1, 5, "As 2s 3s 4s 5s 6s"), player(2, 5, "Ah 2h 3h 4h 5h 7s")], "7s",
         "7s", "players[1].cards[5]", "community_card"),
        ([player(1, 5, "7s Ks", folded=True), player(2, 5, "Ah 2h 3h 4h 5h 6h 7s")], None,
         "7s", "players[1].cards[6]", "players[0].cards[0]"),
        ([player(1, 5, "As 2s 3s 4s 5s 6s As"), player(2, 5, "Ah 2h 3h 4h 5h 6h 7h")], None,
         "As", "players[0].cards[6]", "players[0].cards[0]"),
    ],
)
def test_a_card_dealt_twice_is_named_with_both_places(players, community_card, card, path, first_seen):
    with pytest.raises(DuplicateCardError) as caught:
        showdown(RAZZ_JUDGING, players, community_card)
    assert (caught.value.card, caught.value.path, caught.value.first_seen) == (card, path, first_seen)
    assert caught.value.message == f"card {card} appears more than once (also at {first_seen})"
    assert caught.value.kind == "duplicate-card"


def test_every_odd_chip_rule_has_its_order():
    assert set(RAZZ_JUDGING.odd_chip_orders) == set(OddChipRule) - {OddChipRule.ALL_CARDS_BY_SUIT}


def test_a_bad_position_is_rejected():
    with pytest.raises(ShowdownError) as caught:
        showdown(RAZZ_JUDGING, EXAMPLE1, position=[1, 2, 3, 4, 5])
    assert caught.value.path == "position"
    with pytest.raises(DuplicateSeatError) as caught:
        showdown(RAZZ_JUDGING, EXAMPLE1, position=[1, 2, 3, 2])
    assert caught.value.path == "position[3]"


def test_a_seat_taken_twice_is_a_duplicate_seat():
    with pytest.raises(DuplicateSeatError) as caught:
        showdown(RAZZ_JUDGING, [player(1, 5, "As 2s 3s 4s 5s 6s 7s"), player(1, 5, "Ah 2h 3h 4h 5h 6h 7h")])
    assert caught.value.path == "players[1].seat"


def test_folded_players_may_show_the_cards_they_had():
    result = showdown(RAZZ_JUDGING, [player(1, 5, "Kc Kd Kh", folded=True)] + EXAMPLE1[::2])
    assert payouts(result) == {1: 0, 2: 58, 6: 57}


# ---- properties -----------------------------------------------------------------------------

def naive_low(cards):
    """Best ace-to-five low by trying every five cards: (group sizes, ranks in comparison order), lower wins."""
    def value(five):
        ranks = [RANKS.index(card[0]) + 1 for card in five]
        counts = Counter(ranks)
        order = sorted(ranks, key=lambda rank: (-counts[rank], -rank))
        return tuple(sorted(counts.values(), reverse=True)), tuple(order)
    return min(value(five) for five in combinations(cards, 5))


def deal(deck, ranks, count):
    """Take one card of each of ``ranks`` still in the deck (so hands tie often), then fill from the top."""
    hand = [next(card for card in deck if card[0] == rank) for rank in ranks if any(card[0] == rank for card in deck)]
    for card in hand:
        deck.remove(card)
    while len(hand) < count:
        hand.append(deck.pop())
    return hand


@st.composite
def showdowns(draw, rules=st.sampled_from(list(RAZZ_JUDGING.odd_chip_orders))):  # noqa: B008  (hypothesis strategies are immutable)
    seats = draw(st.lists(st.integers(1, 8), min_size=2, max_size=8, unique=True))
    folded = {seat for seat in seats[1:] if draw(st.integers(0, 3)) == 0}
    live = [seat for seat in seats if seat not in folded]
    tie_ranks = draw(st.lists(st.sampled_from(RANKS[:8]), max_size=5, unique=True))
    deck = list(draw(st.permutations(DECK)))
    community_card = deck.pop() if draw(st.booleans()) or 7 * len(live) > len(DECK) else None
    own = 6 if community_card else 7
    chips = st.one_of(st.sampled_from([0, 3, 5, 50, 120, 200]), st.integers(0, 400))
    players = [
        ShowdownPlayer(seat, draw(chips), seat in folded, None if seat in folded else deal(deck, tie_ranks, own))
        for seat in seats
    ]
    dealer = draw(st.integers(1, 8))
    position = [(dealer + step) % 8 + 1 for step in range(8)]
    return players, community_card, draw(rules), position


def hand_of(player, community_card):
    return list(player.cards) + ([community_card] if community_card else [])


@settings(max_examples=200, deadline=None)
@given(showdowns())
def test_payouts_sum_to_contributions_and_winners_hold_the_best_low(table):
    players, community_card, rule, position = table
    result = showdown(RAZZ_JUDGING, players, community_card, rule, position)
    by_seat = {p.seat: p for p in players}
    paid = payouts(result)
    assert sorted(paid) == sorted(by_seat)
    assert sum(paid.values()) == sum(p.contributed for p in players)
    for index, pot in enumerate(result.pots):
        assert set(pot.winners) <= set(pot.eligible)
        if len(pot.eligible) > 1:
            lows = {seat: naive_low(hand_of(by_seat[seat], community_card)) for seat in pot.eligible}
            best = min(lows.values())
            assert pot.winners == tuple(seat for seat in pot.eligible if lows[seat] == best)
        amounts = [share.amount for share in pot.shares]
        assert sum(amounts) == pot.amount and max(amounts) - min(amounts) <= 1
        odd = [chip.seat for chip in result.odd_chips if chip.pot == index]
        assert len(odd) == pot.amount % len(pot.winners) == len(set(odd))
        assert set(odd) == {share.seat for share in pot.shares if share.amount > pot.amount // len(pot.winners)}


@settings(max_examples=200, deadline=None)
@given(showdowns())
def test_a_replayed_hand_is_awarded_as_the_checked_showdown_awards_it(table):
    players, community_card, rule, position = table
    ring = [seat for seat in position if seat in {player.seat for player in players}]
    assert award(RAZZ_JUDGING, players, replayed_hands(RAZZ_JUDGING, players, community_card, ring), rule) == \
        showdown(RAZZ_JUDGING, players, community_card, rule, position)


@settings(max_examples=200, deadline=None)
@given(showdowns())
def test_nobody_wins_more_than_the_pots_he_is_eligible_for(table):
    players, community_card, rule, position = table
    result = showdown(RAZZ_JUDGING, players, community_card, rule, position)
    for seat, amount in payouts(result).items():
        assert amount <= sum(pot.amount for pot in result.pots if seat in pot.eligible)


def naive_seat_order_payouts(players, community_card, position):
    """Chip by chip: each chip layer goes to the live seats that reached it; then split by position."""
    live = {p.seat: p.contributed for p in players if not p.folded}
    top = max(live.values())
    layers = []
    for height in range(1, max(p.contributed for p in players) + 1):
        reached = tuple(seat for seat in sorted(live) if live[seat] >= min(height, top))
        layers.append((sum(p.contributed >= height for p in players), reached))
    pots = []
    for chips, reached in layers:
        if pots and pots[-1][1] == reached:
            pots[-1][0] += chips
        else:
            pots.append([chips, reached])
    paid = {p.seat: 0 for p in players}
    by_seat = {p.seat: p for p in players}
    model = []
    for amount, eligible in pots:
        if len(eligible) == 1:
            winners = list(eligible)
        else:
            lows = {seat: naive_low(hand_of(by_seat[seat], community_card)) for seat in eligible}
            winners = [seat for seat in eligible if lows[seat] == min(lows.values())]
        odd_seats = sorted(winners, key=position.index)[: amount % len(winners)]
        for seat in winners:
            paid[seat] += amount // len(winners) + (seat in odd_seats)
        model.append((amount, eligible, tuple(winners)))
    return model, paid


@settings(max_examples=200, deadline=None)
@given(showdowns(rules=st.just("seat_order")))
def test_seat_order_matches_a_chip_by_chip_model(table):
    players, community_card, rule, position = table
    result = showdown(RAZZ_JUDGING, players, community_card, rule, position)
    model, paid = naive_seat_order_payouts(players, community_card, position)
    assert [(pot.amount, pot.eligible, pot.winners) for pot in result.pots] == model
    assert payouts(result) == paid
