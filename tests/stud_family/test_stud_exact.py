"""Exact stud high and stud/8 equity against a brute force that deals every completion card by card."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.stud_family.cards import CARD_CODES, CARD_TEXT, SUIT_CHARS, parse_cards
from service.stud_family.stud_exact import (
    POT_UNITS,
    CardsToCome,
    HighTally,
    HiLoTally,
    Work,
    hilo_tally,
    stud_tally,
)
from tests.stud_family.stud_brute import brute_hilo, brute_stud


def spot(hands: list[str], needs: list[int], dead: str = "", community: bool = False) -> CardsToCome:
    """A spot from each player's known cards written as one string, and the dead cards."""
    known = tuple(tuple(parse_cards(hand.split())) for hand in hands)
    named = {code for hand in known for code in hand} | set(parse_cards(dead.split()))
    unseen = tuple(code for code in CARD_CODES.values() if code not in named)
    return CardsToCome(known, tuple(needs), unseen, community)


DEAD_20 = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2h 3h 4h 5h 6h 7h 8h"

SPOTS = {
    "6th heads-up": spot(["Ah Ad Kc Qc Jc 9d", "2c 3c 4c 5d 7d 8h"], [1, 1]),
    "6th 3-way": spot(["Ah Ad Kc Qc Jc 9d", "2c 3c 4c 5d 7d 8h", "Tc Td Th 6c 6d Ks"], [1, 1, 1]),
    "6th 4-way, dead cards": spot(["Ac Ad Kc Qc Jc 9d", "2c 3c 4c 5d 7d 8c", "Tc Td 9h 6c 6d Kd", "Jd Jh Qd Qh 8d 5c"],
                                  [1, 1, 1, 1], dead="2s 3s 4s 5s 6s 7s"),
    "6th, a down card unknown": spot(["Ah Ad Kc Qc Jc", "2c 3c 4c 5d 7d 8c"], [2, 1], dead=DEAD_20[:-6]),
    "5th, down cards unknown": spot(["Kc Qc Jc 9d", "2c 3c 4c 5d 7d"], [3, 2], dead=DEAD_20 + " 9h Th Jh Qh Kh Ah"),
    "7th, a community card": spot(["Ac 2c 3c 4c 9d 9h", "Ad 2d 3d 4d Td Tc", "Kh Kd Qh Qd Jh Jd"], [0, 0, 0],
                                  community=True),
    "6th, a community card and a down card unknown": spot(
        ["Ac 2c 3c 4c 9d", "Ad 2d 3d 4d Td Tc", "Kh Kd Qh Qd Jh Jd"], [1, 0, 0], dead=DEAD_20, community=True),
    "no low possible": spot(["Kc Kd Qc Jc Tc 9c", "Ah Ad Ac 9h Th Jh"], [1, 1]),
    "hearts and spades unseen": spot(["Ac Kc Qc Jc 9d 9c", "2d 3d 4d 5d 7c 8c"], [1, 1]),
    "3-way, spades unseen, hearts dead": spot(["Ac Kc Qc 9d 9c 2c", "2d 3d 4d 7c 8c 5d", "Td Tc 5c 6c 6d 3c"],
                                              [1, 1, 1], dead="2h 3h 4h"),
    "3-way, hearts and spades unseen": spot(["Ac Kc Qc 9d 9c 2c", "2d 3d 4d 7c 8c 5d", "Td Tc 5c 6c 6d 3c"],
                                            [1, 1, 1]),
    "5th, only hearts and spades unseen": spot(["Ac Kc Qc 9d 9c", "2d 3d 4d 7c 8c"], [2, 2],
                                               dead="2c 3c 4c 5c 6c Tc Jc Ad 5d 6d 7d 8d Td Jd Qd Kd"),
    "flushes and straights": spot(["9c Tc Jc Qc 2d 2h", "8d 9d Td Jd 3s 3h"], [1, 1], dead=DEAD_20[-14:]),
}


@pytest.mark.parametrize("name", list(SPOTS))
def test_stud_equals_brute_force(name: str) -> None:
    assert stud_tally(SPOTS[name]) == brute_stud(SPOTS[name])


@cache
def brute_hilo_of(name: str) -> HiLoTally:
    """The brute force's stud/8 tally of a spot above, counted once for the tests that compare and inspect it."""
    return brute_hilo(SPOTS[name])


@pytest.mark.parametrize("name", list(SPOTS))
def test_hilo_equals_brute_force(name: str) -> None:
    assert hilo_tally(SPOTS[name]) == brute_hilo_of(name)


def test_the_spots_reach_every_kind_of_division() -> None:
    """The spots above hold high ties, low ties, quartered halves (a low tie beside a high won alone), scoops and
    pots with no qualifying low: the brute force checks each kind of division."""
    tallies = [brute_hilo_of(name) for name in SPOTS]
    assert any(sum(tally.high_ties) for tally in tallies)
    assert any(sum(tally.low_ties) for tally in tallies)
    assert any(sum(tally.scoops) for tally in tallies)
    assert any(sum(tally.low_wins) + sum(tally.low_ties) < tally.deals for tally in tallies)


def test_quartered_low_half() -> None:
    """Two wheels share the low half (a quarter of the pot each) and lose the high half to a full house."""
    dealt = spot(["Ac 2c 3c 4s 5c 9d 9h", "Ad 2d 3d 4h 5s Td Tc", "Kh Kd Ks Qh Qd Jh Jd"], [0, 0, 0])
    tally = hilo_tally(dealt)
    assert tally == brute_hilo(dealt)
    assert tally.equity() == (Fraction(1, 4), Fraction(1, 4), Fraction(1, 2))
    assert (tally.low_ties, tally.high_wins, tally.scoops) == ((1, 1, 0), (0, 0, 1), (0, 0, 0))


@pytest.mark.slow
def test_fifth_street_heads_up_equals_brute_force() -> None:
    fifth = spot(["Ah Kd 7c 7h 2s", "4c 5c 6c Qd 3d"], [2, 2])
    assert fifth.deals() == 671_580
    assert stud_tally(fifth) == brute_stud(fifth)
    assert hilo_tally(fifth) == brute_hilo(fifth)


def test_every_hand_completes_to_seven_cards() -> None:
    with pytest.raises(ValueError, match="player 1 holds 5 cards and receives 1"):
        spot(["Ac Kc Qc 9d 9c", "2d 3d 4d 7c 8c"], [2, 1])


def test_deals_and_work_estimate() -> None:
    fourth = spot(["Ah Kd 7c 7h", "4c 5c 6c Qd"], [3, 3])
    assert fourth.deals() == comb(44, 3) * comb(41, 3) == 141_181_040
    three_way_fifth = spot(["Ah Kd 7c 7h 2s", "4c 5c 6c Qd 3d", "Js Jd Tc 9h 8h"], [2, 2, 2])
    assert three_way_fifth.deals() == comb(37, 2) * comb(35, 2) * comb(33, 2)
    assert Work.of(fourth) == (comb(44, 3) * 8, comb(44, 3) * 8)
    assert Work.of(three_way_fifth) == (comb(37, 2) * 4, comb(37, 2) * comb(35, 2) * (1 + 4 + 6))
    community = spot(["Ac 2c 3c 4c 9d", "Ad 2d 3d 4d Td Tc", "Kh Kd Qh Qd Jh Jd"], [1, 0, 0], community=True)
    assert Work.of(community) == (35 * 34 * 2, 35 * 1)


def test_fourth_street_counts_every_deal() -> None:
    tally = hilo_tally(spot(["Ah Kd 7c 7h", "4c 5c 6c Qd"], [3, 3]))
    assert sum(tally.shares) == tally.deals * POT_UNITS


# Properties over random small spots: 6th street, two or three players, dead cards, a community card or not.

@st.composite
def small_spots(draw: st.DrawFn) -> CardsToCome:
    players = draw(st.integers(2, 3))
    cards = draw(st.permutations(sorted(CARD_CODES.values())))
    dead = draw(st.integers(14, 24))
    known = tuple(tuple(cards[6 * player:6 * player + 6]) for player in range(players))
    unseen = tuple(cards[6 * players + dead:])
    community = draw(st.booleans())
    return CardsToCome(known, (1 - community,) * players, unseen, community)


def _sums(tally: HighTally | HiLoTally) -> None:
    assert sum(tally.shares) == tally.deals * POT_UNITS
    if isinstance(tally, HighTally):
        assert all(win + tie <= tally.deals for win, tie in zip(tally.wins, tally.ties, strict=True))
    else:
        assert sum(tally.high_wins) <= tally.deals and sum(tally.low_wins) <= tally.deals
        assert sum(tally.scoops) <= tally.deals


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_spots(), st.permutations(range(4)), st.randoms(use_true_random=False))
def test_suits_and_seats_permuted(spot_: CardsToCome, suits: list[int], random: object) -> None:
    """Renaming the suits leaves every count alone; reseating the players reorders them; the shares sum to the pot."""
    def renamed(code: int) -> int:
        text = CARD_TEXT[code]
        return CARD_CODES[text[0] + SUIT_CHARS[suits[SUIT_CHARS.index(text[1])]]]
    suited = CardsToCome(tuple(tuple(map(renamed, hand)) for hand in spot_.known), spot_.needs,
                         tuple(map(renamed, spot_.unseen)), spot_.community_card)
    order = list(range(len(spot_.known)))
    random.shuffle(order)  # type: ignore[attr-defined]
    seated = CardsToCome(tuple(spot_.known[index] for index in order), spot_.needs, spot_.unseen,
                         spot_.community_card)
    for tally_of in (stud_tally, hilo_tally):
        tally = tally_of(spot_)
        _sums(tally)
        assert tally_of(suited) == tally
        moved = tally_of(seated)
        for field in ("shares", "wins", "scoops", "low_ties"):
            if hasattr(tally, field):
                assert getattr(moved, field) == tuple(getattr(tally, field)[index] for index in order)
