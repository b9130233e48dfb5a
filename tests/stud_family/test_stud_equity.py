"""Stud and stud/8 equity as a request asks it: exact within its budget, else sampled from the seed, the answer's
fractions and standard error, against a brute force and against exact."""

import random
from dataclasses import replace

import pytest

from service.stud_family.cards import CARD_CODES, CARD_TEXT
from service.stud_family.draws import Draws
from service.stud_family.equity import (
    DEFAULT_SAMPLES,
    STUD_EXACT_BYTES,
    STUD_EXACT_UNITS,
    Chances,
    ExactCost,
    Method,
    SeatEquity,
    SeatHiLoEquity,
    cards_to_come,
    stud_equity,
    stud_equity_work,
)
from service.stud_family.equity_samples import stud_sample_tally
from service.stud_family.equity_spot import Spot, read_spot
from service.stud_family.errors import WorkBudgetError
from service.stud_family.stud_exact import HALF, POT_UNITS, HighTally, HiLoTally
from tests.stud_family.stud_brute import brute_hilo, brute_stud, seven_card_high, seven_card_low


def spot(*players: str, dead: str = "", dealt: list[int] | None = None) -> Spot:
    """A spot from ``"up cards / down cards"`` per player, seats 1, 2, 3... in order."""
    written = []
    for seat, player in enumerate(players, start=1):
        up, _, down = player.partition("/")
        written.append((seat, up.split(), down.split()))
    return read_spot(written, dead.split(), dealt, 8)


DEAD_26 = " ".join(text for text in CARD_CODES if text[1] in "sh")

SPOTS = {
    "6th heads-up": spot("Kc Qc Jc 9d / Ah Ad", "4c 5d 7d 8h / 2c 3c"),
    "6th 3-way, a down card unknown": spot("Kc Qc Jc 9d / Ah", "4c 5d 7d 8h / 2c 3c", "6c 6d Ks 9s / Tc Td",
                                           dead="2s 3s 4s 5s 6s 7s 8s Ts Js Qs 2h 3h"),
    "6th 4-way, dead cards": spot("Kc Qc Jc 9d / Ac Ad", "4c 5d 7d 8c / 2c 3c", "9h 6c 6d Kd / Tc Td",
                                  "Qd Qh 8d 5c / Jd Jh", dead="2s 3s 4s 5s 6s 7s 8s 9s Ts"),
    "5th heads-up, half the deck dead": spot("Kc Qc Jc / Ad Ac", "4c 5d 7d / 2c 3c", dead=DEAD_26),
    "a community card, eight dealt": spot("Kc 7c 6s 4h / Kd Kh", "Ks 7d 5c 4s / Qc", "Qh 7h 5d 3c / Qs Jc",
                                          "Jd 7s 5h 3d / Jh Js", "Tc 6c 5s 3h / Td Th", "Ts 6d 4c 3s / 9c",
                                          "9h 6h 4d 2c / 9s 8c", dead="8d", dealt=[8, 7, 7, 7]),
    "no low can qualify": spot("Kc Qc Jc Tc / Kd Qd", "Ah Ad 9h Th / As Js"),
    "two wheels and a full house": spot("Ac 2c 3c 4s / 5c 9d 9h", "Ad 2d 3d 4h / 5s Td Tc",
                                        "Kh Kd Ks Qh / Qd Jh Jd"),
}
"""Small spots whose completions the brute force deals: dead and unknown cards, a community card, stud/8 with and
without a qualifying low, a quartered low half."""


@pytest.mark.parametrize("name", list(SPOTS))
def test_exact_equals_the_brute_force(name: str) -> None:
    case = SPOTS[name]
    high, hilo = stud_equity(case, False, Method.EXACT), stud_equity(case, True, Method.EXACT)
    assert high.tally == brute_stud(cards_to_come(case)) and high.deals == case.deals()
    assert hilo.tally == brute_hilo(cards_to_come(case)) and hilo.deals == case.deals()
    assert sum(player.equity for player in high.players) == pytest.approx(1, abs=1e-12)
    assert sum(player.equity for player in hilo.players) == pytest.approx(1, abs=1e-12)


def test_the_community_card_spot_shares_one_card() -> None:
    assert SPOTS["a community card, eight dealt"].community_card


def test_a_quartered_low_half() -> None:
    answer = stud_equity(SPOTS["two wheels and a full house"], True)
    assert answer.method is Method.EXACT and answer.deals == 1
    wheel, _, full_house = answer.players
    assert isinstance(wheel, SeatHiLoEquity) and isinstance(full_house, SeatHiLoEquity)
    assert (wheel.equity, wheel.low.tie, wheel.low.win, wheel.scoop) == (0.25, 1.0, 0.0, 0.0)
    assert (full_house.equity, full_house.high.win, full_house.scoop) == (0.5, 1.0, 0.0)


def test_without_a_qualifying_low_the_high_takes_the_whole_pot() -> None:
    answer = stud_equity(SPOTS["no low can qualify"], True)
    high = stud_equity(SPOTS["no low can qualify"], False)
    assert all(isinstance(player, SeatHiLoEquity) and player.low == Chances(0.0, 0.0) for player in answer.players)
    assert [player.equity for player in answer.players] == [player.equity for player in high.players]
    assert all(player.scoop == player.high.win for player in answer.players if isinstance(player, SeatHiLoEquity))


def dealt_by_hand(case: Spot, hilo: bool, samples: int, seed: int) -> tuple[HighTally | HiLoTally, tuple[int, ...]]:
    """The samples dealt one by one with ``Draws``, as the request's ``seed`` documents, and valued by the brute
    force's evaluator: the counts ``stud_sample_tally`` must give."""
    needs, players = case.needs(), len(case.players)
    counts = {name: [0] * players for name in ("high_wins", "high_ties", "low_wins", "low_ties", "scoops", "shares",
                                                "low_shares", "squares")}
    for index in range(samples):
        draws, order, dealt = Draws(seed, index), list(case.unseen), []
        for step in range(sum(needs) + case.community_card):
            last = len(order) - 1 - step
            other = draws.below(last + 1)
            order[last], order[other] = order[other], order[last]
            dealt.append(order[last])
        shared, hands, taken = dealt[-1:] if case.community_card else [], [], 0
        for player, need in zip(case.players, needs, strict=True):
            hands.append(tuple(sorted((*player.up_cards, *player.down_cards, *dealt[taken:taken + need], *shared))))
            taken += need
        highs = [seven_card_high(hand) for hand in hands]
        lows = [seven_card_low(hand) if hilo else None for hand in hands]
        high_holders = [place for place, value in enumerate(highs) if value == max(highs)]
        qualified = [low for low in lows if low is not None]
        low_holders = [place for place, low in enumerate(lows) if qualified and low == min(qualified)]
        share = [0] * players
        for place in high_holders:
            share[place] += (HALF if low_holders else POT_UNITS) // len(high_holders)
            counts["high_wins" if len(high_holders) == 1 else "high_ties"][place] += 1
        for place in low_holders:
            share[place] += HALF // len(low_holders)
            counts["low_shares"][place] += HALF // len(low_holders)
            counts["low_wins" if len(low_holders) == 1 else "low_ties"][place] += 1
        if len(high_holders) == 1 and (not low_holders or low_holders == high_holders):
            counts["scoops"][high_holders[0]] += 1
        for place in range(players):
            counts["shares"][place] += share[place]
            counts["squares"][place] += share[place] ** 2
    if hilo:
        tally: HighTally | HiLoTally = HiLoTally(samples, *(tuple(counts[name]) for name in (
            "high_wins", "high_ties", "low_wins", "low_ties", "scoops", "shares", "low_shares")))
    else:
        tally = HighTally(samples, *(tuple(counts[name]) for name in ("high_wins", "high_ties", "shares")))
    return tally, tuple(counts["squares"])


@pytest.mark.parametrize("name", ["6th 3-way, a down card unknown", "a community card, eight dealt"])
@pytest.mark.parametrize("hilo", [False, True])
def test_samples_are_the_scenarios_generator_dealt_as_documented(name: str, hilo: bool) -> None:
    case = SPOTS[name]
    assert tuple(stud_sample_tally(case, hilo, 200, 987654321)) == dealt_by_hand(case, hilo, 200, 987654321)


def test_the_same_seed_deals_the_same_cards_in_every_game() -> None:
    """Razz, stud and stud/8 deal sample i of a seed alike: only the valuation differs."""
    case = SPOTS["6th 3-way, a down card unknown"]
    assert stud_equity(case, True, Method.SAMPLE, 500, 7) == stud_equity(case, True, Method.SAMPLE, 500, 7)
    high = stud_equity(case, False, Method.SAMPLE, 500, 7)
    assert high.tally == dealt_by_hand(case, False, 500, 7)[0]


def test_auto_is_exact_within_the_budget_and_says_what_it_took() -> None:
    fourth = spot("Ah Kd / 7c 7h", "4c 5c / 6c Qd")
    for hilo, units in ((False, 58_274), (True, 116_548)):
        assert stud_equity_work(fourth, hilo) == units
    three_way = spot("Ah Kd 7c / 7h 2s", "4c 5c 6c / Qd 3d", "Js Jd Tc / 9h 8h")
    assert stud_equity_work(three_way, True) == 438_561 <= STUD_EXACT_UNITS


def test_heads_up_third_street_stud8_is_never_counted() -> None:
    """Its count would hold about 720 MB: exact is refused before any work, auto samples."""
    third = spot("Kd / Ah 2s", "6c / 4c 5c")
    with pytest.raises(WorkBudgetError) as refused:
        stud_equity_work(third, True, Method.EXACT)
    assert refused.value.path == "method"
    assert f"the budget is {STUD_EXACT_UNITS:,} units and {STUD_EXACT_BYTES >> 20:,} MB" in refused.value.message
    with pytest.raises(WorkBudgetError):
        stud_equity(third, True, Method.EXACT)
    answer = stud_equity(third, True, Method.AUTO, 2000, 5)
    assert answer.method is Method.SAMPLE and answer.samples == 2000 and answer.cost.peak_bytes > STUD_EXACT_BYTES
    assert stud_equity_work(third, True) == stud_equity_work(third, True, Method.SAMPLE) == DEFAULT_SAMPLES * 2


def random_spot(rng: random.Random) -> Spot:
    """Two to four players on 5th or 6th street (5th heads-up only), some down cards unknown, some cards dead: one
    that exact counts within its budget."""
    while not (case := _any_spot(rng)) or not stud_equity_cost_fits(case):
        pass
    return case


def stud_equity_cost_fits(case: Spot) -> bool:
    return ExactCost.of(cards_to_come(case), True).fits


def _any_spot(rng: random.Random) -> Spot:
    players = rng.choice([2, 2, 3, 4])
    up = 3 if players == 2 and rng.random() < 0.5 else 4
    cards = list(CARD_TEXT.values())
    rng.shuffle(cards)
    written = []
    for seat in range(1, players + 1):
        known_down = rng.choice([1, 2, 2]) if up == 4 else 2
        written.append((seat, [cards.pop() for _ in range(up)], [cards.pop() for _ in range(known_down)]))
    dead = [cards.pop() for _ in range(rng.randrange(0, 12 if up == 4 else 20))]
    return read_spot(written, dead, None, 8)


def test_samples_fall_within_four_standard_errors_of_exact() -> None:
    """50 random spots, each game: 4,000 samples from a seed of the spot's own land within four standard errors of
    the exact equities."""
    rng = random.Random(2026)
    for number in range(50):
        case = random_spot(rng)
        for hilo in (False, True):
            exact = stud_equity(case, hilo, Method.EXACT)
            sampled = stud_equity(case, hilo, Method.SAMPLE, 4000, number)
            assert sampled.standard_error is not None and exact.standard_error is None
            for counted, drawn in zip(exact.players, sampled.players, strict=True):
                assert abs(counted.equity - drawn.equity) <= 4 * sampled.standard_error + 1e-12, (number, hilo)
            assert sum(player.equity for player in sampled.players) == pytest.approx(1, abs=1e-12)


def test_reseating_the_players_reorders_the_answer() -> None:
    hands = ["Kc Qc Jc 9d / Ah", "4c 5d 7d 8h / 2c 3c", "6c 6d Ks 9s / Tc Td"]
    dead = "2s 3s 4s 5s 6s 7s 8s Ts Js Qs 2h 3h"
    for hilo in (False, True):
        answer = stud_equity(spot(*hands, dead=dead), hilo).players
        reseated = stud_equity(spot(*reversed(hands), dead=dead), hilo).players
        assert [replace(player, seat=0) for player in reseated] == [replace(player, seat=0)
                                                                    for player in reversed(answer)]


def test_stud_answers_win_tie_and_equity() -> None:
    answer = stud_equity(SPOTS["6th heads-up"], False)
    assert all(isinstance(player, SeatEquity) for player in answer.players)
    assert answer.players[0].equity == pytest.approx(answer.tally.shares[0] / (answer.deals * POT_UNITS))
