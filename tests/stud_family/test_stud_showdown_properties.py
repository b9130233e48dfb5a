"""Stud and stud/8 showdowns against a brute-force judge: chips conserved, each half paid to its best qualifying hands,
odd chips at most one per player per division (Hypothesis, bounded)."""

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from service.stud_family.cards import CARD_CODES
from service.stud_family.judging import STUD8_JUDGING, STUD_JUDGING
from service.stud_family.rules import HiloSameWinners
from service.stud_family.showdown import ShowdownPlayer, showdown
from tests.stud_family.stud_brute import seven_card_high, seven_card_low

DECK = list(CARD_CODES)


ROTATED = {card: card[0] + "cdhs"["cdhs".index(card[1]) - 1] for card in DECK}
"""Each card with the next suit: a hand of the same ranks."""


@st.composite
def tables(draw):
    """2 to 7 seats, distinct seven-card hands (or six and a community card, section 7), contributions from a few
    levels (side pots likely), some folded, two live; often the second hand holds the first one's ranks, so hands tie
    and odd chips are given. Returns the players and the community card or None."""
    count = draw(st.integers(2, 7))
    deck = draw(st.permutations(DECK))
    if draw(st.booleans()):
        mirror = [ROTATED[card] for card in deck[:7]]
        assume(not set(mirror) & set(deck[:7]))
        deck = [*deck[:7], *mirror, *(card for card in deck[7:] if card not in mirror)]
    seats = draw(st.lists(st.integers(1, 8), min_size=count, max_size=count, unique=True))
    folded = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    folded[0] = folded[1] = False
    chips = draw(st.lists(st.sampled_from([5, 20, 20, 40, 41, 60]), min_size=count, max_size=count))
    own = draw(st.sampled_from([7, 7, 6]))
    community = deck[-1] if own == 6 else None
    hands = [None if folded[index] else deck[7 * index:7 * index + own] for index in range(count)]
    return [ShowdownPlayer(seat, chips[index], folded[index], hands[index]) for index, seat in enumerate(seats)], \
        community


def codes(player, community):
    return tuple(CARD_CODES[card] for card in (*player.cards, *([community] if community else [])))


def best_seats(players, community, eligible, value, better):
    """The eligible seats whose brute-force value (not None) is the best, the community card in every hand."""
    valued = {player.seat: value(codes(player, community)) for player in players if player.seat in eligible}
    valued = {seat: v for seat, v in valued.items() if v is not None}
    if not valued:
        return ()
    top = better(valued.values())
    return tuple(sorted(seat for seat, v in valued.items() if v == top))


def assert_split_evenly(half):
    """Each winner gets the even share or one odd chip more: at most one odd chip per player in the division."""
    each = half.amount // len(half.winners)
    assert [share.seat for share in half.shares] == list(half.winners)
    assert sum(share.amount for share in half.shares) == half.amount
    assert all(share.amount in (each, each + 1) for share in half.shares)


def assert_conserved(players, result):
    assert sum(share.amount for share in result.payouts) == sum(player.contributed for player in players)
    for pot in result.pots:
        assert sum(share.amount for share in pot.shares) == pot.amount


@settings(max_examples=200, deadline=None)
@given(tables(), st.sampled_from(list(STUD_JUDGING.odd_chip_orders)))
def test_stud_pots_go_to_their_best_high_hands(table, rule):
    players, community = table
    result = showdown(STUD_JUDGING, players, community, odd_chip_rule=rule)
    assert_conserved(players, result)
    for pot in result.pots:
        if len(pot.eligible) > 1:
            assert pot.winners == best_seats(players, community, pot.eligible, seven_card_high, max)
        assert_split_evenly(pot)
    assert all(chip.rule is rule and chip.half is None for chip in result.odd_chips)


@settings(max_examples=300, deadline=None)
@given(tables(), st.sampled_from(list(STUD8_JUDGING.odd_chip_orders)), st.sampled_from(list(HiloSameWinners)))
def test_stud8_halves_go_to_their_best_qualifying_hands(table, rule, same_winners):
    players, community = table
    result = showdown(STUD8_JUDGING, players, community, odd_chip_rule=rule, hilo_same_winners=same_winners)
    assert all(chip.rule is rule for chip in result.odd_chips)
    assert_conserved(players, result)
    for pot in result.pots:
        high, low = pot.high, pot.low
        assert high is not None
        if len(pot.eligible) == 1:
            assert (high.amount, high.winners, low) == (pot.amount, pot.eligible, None)
            continue
        highs = best_seats(players, community, pot.eligible, seven_card_high, max)
        lows = best_seats(players, community, pot.eligible, seven_card_low, min)
        assert high.winners == highs
        assert_split_evenly(high)
        if not lows:
            assert low is None and high.amount == pot.amount and not pot.one_pot
            continue
        assert low is not None and low.winners == lows
        shared = same_winners is HiloSameWinners.ONE_POT and len(highs) > 1 and highs == lows
        assert pot.one_pot == shared
        if shared:
            assert (high.amount, low.amount) == (pot.amount, 0)
            assert all(share.amount == 0 for share in low.shares)
        else:
            assert (high.amount, low.amount) == (pot.amount - pot.amount // 2, pot.amount // 2)
            assert_split_evenly(low)
        paid = {}
        for share in (*high.shares, *low.shares):
            paid[share.seat] = paid.get(share.seat, 0) + share.amount
        assert {share.seat: share.amount for share in pot.shares} == paid
    for index in range(len(result.pots)):
        for half in ("high", "low"):
            chips = [chip.seat for chip in result.odd_chips if chip.pot == index and chip.half == half]
            assert len(chips) == len(set(chips))
