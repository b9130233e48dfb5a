"""Equity: exact counts against a brute force over every card deal, sampling against exact, and bad spots."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.stud_family.cards import CARD_CODES, CARD_TEXT
from service.stud_family.draws import Draws
from service.stud_family.equity import DEFAULT_SAMPLES, EXACT_BUDGET, Method, equity
from service.stud_family.equity_samples import sample_tally
from service.stud_family.equity_spot import SHARE_UNITS, Tally, read_spot, seven_card_values
from service.stud_family.errors import DuplicateCardError, SnapshotError, WorkBudgetError
from service.stud_family.judging import RAZZ_JUDGING
from service.stud_family.rank_multisets import exact_tally
from service.stud_family.ranking import low_rank
from tests.stud_family.equity_brute import brute_force_tally

RANKS = seven_card_values(RAZZ_JUDGING.hand)


def spot(*players, dead="", dealt=None, max_players=8):
    """A spot from ``"up cards / down cards"`` per player, seats 1, 2, 3... in order."""
    written = []
    for seat, player in enumerate(players, start=1):
        up, _, down = player.partition("/")
        written.append((seat, up.split(), down.split()))
    return read_spot(written, dead.split(), dealt, max_players)


TWELVE_DEAD = "Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd Jh Js"

BRUTE_FORCE_SPOTS = {
    "6th heads-up": spot("2h 5d 9c Kd / 3h 4h", "5s 7c 8d 2c / 6s 7s"),
    "6th heads-up, a down card unknown": spot("2h 5d 9c Kd / 3h 4h", "5s 7c 8d 2c / 6s"),
    "6th three players, dead cards": spot("2h 5d 9c Kd / 3h 4h", "5s 7c 8d 2c / 6s 7s", "As 3c Qd Qc / Ac 4c",
                                          dead="Ks Kh 9s 9h 8s"),
    "6th four players, dead cards and unknown": spot("2h 5d 9c Td / 3h", "5s 7c 8d 2c / 6s 7s",
                                                     "As 3c 9d Tc / Ac 4c", "4d 6d 8h 5h / Ah 2s",
                                                     dead="Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd Jh Js 7d 7h 9s 9h 8s"),
    "6th five players, dead cards": spot("2h 5d 9c Td / 3h 4h", "5s 7c 8d 2c / 6s 7s", "As 3c 9d Tc / Ac 4c",
                                         "4d 6d 8h 5h / Ah 2s", "3d 6c Th 6h / 2d 3s",
                                         dead="Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd Jh Js 7d 7h"),
    "5th heads-up, dead cards": spot("2h 5d 9c / 3h 4h", "5s 7c 8d / 6s 7s", dead=TWELVE_DEAD + " Tc Td Th Ts 9s"),
    "5th heads-up, dead and unknown": spot("2h 5d 9c / 3h", "5s 7c 8d / 6s 7s",
                                           dead=TWELVE_DEAD + " Tc Td Th Ts 9s 9h 9d 8c 8s 8h"),
    "community card, eight players": spot("2h 5d 9c Kd / 3h 4h", "5s 7c 8d 2c / 6s", "As 3c Qd Qc / Ac 4c",
                                          "Ks Kh Kc 9s / 9h 8s", "Jc Jd Js Jh / Tc", "Th Ts Qs Qh / 6c 6d",
                                          "Ad Ah 2d 2s / 3s 3d", "4d 4s 5c 5h / 6h"),
    "community card, seven players after eight dealt": spot(
        "Kc 7c 6s 4h / Kd Kh", "Ks 7d 5c 4s / Qc", "Qh 7h 5d 3c / Qs Jc", "Jd 7s 5h 3d / Jh Js",
        "Tc 6c 5s 3h / Td Th", "Ts 6d 4c 3s / 9c", "9h 6h 4d 2c / 9s 8c", dead="8d", dealt=[8, 7, 7, 7]),
}

SLOW_BRUTE_FORCE_SPOTS = {
    "6th four players": spot("2h 5d 9c Td / 3h 4h", "5s 7c 8d 2c / 6s 7s", "As 3c 9d Tc / Ac 4c",
                             "4d 6d 8h 5h / Ah 2s"),
    "5th heads-up": spot("2h 5d 9c / 3h 4h", "5s 7c 8d / 6s 7s"),
}


@pytest.mark.parametrize("name", BRUTE_FORCE_SPOTS)
def test_exact_counts_every_deal_as_brute_force_does(name):
    """Every win, tie and share over every card deal, to the last deal: the multisets' weights are the deals'."""
    case = BRUTE_FORCE_SPOTS[name]
    counted = exact_tally(case, RANKS)
    assert counted == brute_force_tally(case)
    assert counted.total == case.deals()


@pytest.mark.slow
@pytest.mark.parametrize("name", SLOW_BRUTE_FORCE_SPOTS)
def test_exact_counts_every_deal_as_brute_force_does_without_dead_cards(name):
    case = SLOW_BRUTE_FORCE_SPOTS[name]
    assert exact_tally(case, RANKS) == brute_force_tally(case)


def test_the_community_card_spots_deal_one():
    assert BRUTE_FORCE_SPOTS["community card, eight players"].community_card
    assert BRUTE_FORCE_SPOTS["community card, seven players after eight dealt"].community_card
    assert not BRUTE_FORCE_SPOTS["6th five players, dead cards"].community_card


def test_heads_up_third_street_with_every_card_known():
    """2-3-4 against 5-6-7, the README's and the bench's spot: 18,265,297,050 deals, 55.2% for the lower board."""
    answer = equity(RAZZ_JUDGING, spot("2h / 3h 4h", "5s / 6s 7s"), Method.EXACT)
    assert answer.deals == 18_265_297_050 == answer.tally.total
    assert round(answer.players[0].equity, 4) == 0.5522
    assert answer.players[0].tie == answer.players[1].tie > 0


@pytest.mark.parametrize("name", BRUTE_FORCE_SPOTS)
def test_shares_add_up_to_the_whole_pot(name):
    counted = exact_tally(BRUTE_FORCE_SPOTS[name], RANKS)
    assert sum(counted.shares) == counted.total * SHARE_UNITS
    answer = equity(RAZZ_JUDGING, BRUTE_FORCE_SPOTS[name], Method.EXACT)
    assert sum(player.equity for player in answer.players) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize("players", [("2h / 3h 4h", "2s / 3s 4s"), ("7c 8c / Ac", "7d 8d / Ad"),
                                     ("5h 9h Kh / 2c 3c", "5s 9s Ks / 2d 3d", "5d 9d Kd / 2h 3h")])
def test_hands_of_the_same_ranks_have_the_same_equity(players):
    counted = exact_tally(spot(*players), RANKS)
    assert len(set(counted.shares)) == len(set(counted.wins)) == len(set(counted.ties)) == 1


def random_spot(rng):
    """A spot exact counts quickly: 2 to 4 players on 4th to 6th street, some down cards unknown, some dead."""
    cards = list(CARD_CODES)
    rng.shuffle(cards)
    players = rng.choice((2, 2, 3, 4))
    up = rng.choice((2, 3, 4)) if players == 2 else rng.choice((4, 4, 3)) if players == 3 else 4
    written = []
    for _ in range(players):
        board = " ".join(cards.pop() for _ in range(up))
        down = " ".join(cards.pop() for _ in range(rng.choice((2, 2, 1))))
        written.append(f"{board} / {down}")
    case = spot(*written, dead=" ".join(cards.pop() for _ in range(rng.randrange(6))))
    return case if case.combinations() <= 500_000 else random_spot(rng)


def test_samples_fall_within_four_standard_errors_of_exact():
    """50 random spots, sampled from their own seeds: each equity within 4 standard errors of the exact one."""
    rng = random.Random(2026)
    for seed in range(50):
        case = random_spot(rng)
        exact = equity(RAZZ_JUDGING, case, Method.EXACT)
        sampled = equity(RAZZ_JUDGING, case, Method.SAMPLE, seed=seed)
        assert sampled.samples == DEFAULT_SAMPLES and sampled.standard_error <= 0.005
        for counted, drawn in zip(exact.players, sampled.players, strict=True):
            assert abs(counted.equity - drawn.equity) <= 4 * sampled.standard_error, (seed, case)


def test_the_same_request_gives_the_same_answer():
    case = spot("2h / 3h 4h", "5s / 6s", "Kd / Ac 9c")
    assert equity(RAZZ_JUDGING, case, Method.SAMPLE, 5000, 11) == equity(RAZZ_JUDGING, case, Method.SAMPLE, 5000, 11)
    assert equity(RAZZ_JUDGING, case, Method.SAMPLE, 5000, 11) != equity(RAZZ_JUDGING, case, Method.SAMPLE, 5000, 12)
    hu = spot("2h / 3h 4h", "5s / 6s 7s")
    assert equity(RAZZ_JUDGING, hu) == equity(RAZZ_JUDGING, hu)


def drawn_by_hand(case, samples, seed):
    """The samples dealt one by one with ``Draws``, as the documented procedure reads."""
    needs = case.needs()
    wins, ties, shares, squares = [0] * len(needs), [0] * len(needs), [0] * len(needs), [0] * len(needs)
    for index in range(samples):
        draws = Draws(seed, index)
        order = list(case.unseen)
        dealt = []
        for step in range(sum(needs) + case.community_card):
            last = len(order) - 1 - step
            other = draws.below(last + 1)
            order[last], order[other] = order[other], order[last]
            dealt.append(order[last])
        shared = dealt[-1:] if case.community_card else []
        values, taken = [], 0
        for player, need in zip(case.players, needs, strict=True):
            values.append(low_rank([*player.up_cards, *player.down_cards, *dealt[taken:taken + need], *shared]))
            taken += need
        holders = [place for place, value in enumerate(values) if value == min(values)]
        for place in holders:
            share = SHARE_UNITS // len(holders)
            shares[place] += share
            squares[place] += share * share
            wins[place] += len(holders) == 1
            ties[place] += len(holders) > 1
    return Tally(samples, tuple(wins), tuple(ties), tuple(shares), tuple(squares))


@pytest.mark.parametrize("name", ["6th three players, dead cards", "community card, eight players"])
def test_samples_are_the_scenarios_generator_dealt_as_documented(name):
    case = BRUTE_FORCE_SPOTS[name]
    assert sample_tally(case, RANKS, 300, 987654321) == drawn_by_hand(case, 300, 987654321)


def test_a_big_spot_is_sampled_within_the_default_error():
    """Eight players on 3rd street with no down card known: past the budget, so auto samples."""
    case = spot(*(f"{CARD_TEXT[code]} /" for code in list(CARD_CODES.values())[::6][:8]))
    assert case.combinations() > EXACT_BUDGET and case.community_card
    answer = equity(RAZZ_JUDGING, case, seed=3)
    assert answer.method is Method.SAMPLE and answer.standard_error <= 0.005
    with pytest.raises(WorkBudgetError) as refused:
        equity(RAZZ_JUDGING, case, Method.EXACT)
    assert refused.value.path == "method"
    assert f"{case.combinations():,} rank combinations" in refused.value.message
    assert f"{EXACT_BUDGET:,}" in refused.value.message


def test_auto_is_exact_within_the_budget():
    assert equity(RAZZ_JUDGING, spot("2h / 3h 4h", "5s / 6s 7s")).method is Method.EXACT


@pytest.mark.parametrize(("players", "dead", "dealt", "error", "path"), [
    (["2h / 3h 4h", "5s / 6s 2h"], "", None, DuplicateCardError, "players[1].down_cards[1]"),
    (["2h / 3h 4h", "5s / 6s"], "4h", None, DuplicateCardError, "dead_cards[0]"),
    (["2h 7c / 3h 4h", "5s / 6s"], "", None, SnapshotError, "players[1].up_cards"),
    (["2h 7c 8c / 3h 4h 5h", "5s 7d 8d / 6s"], "", None, SnapshotError, "players[0].down_cards"),
    (["2h / 3h", "5s / 6s"], "", [2, 2], SnapshotError, "dealt"),
    (["2h 3c / 3h", "5s 3d / 6s"], "", [3, 4], SnapshotError, "dealt[1]"),
    (["2h 3c / 3h", "5s 3d / 6s", "7c 7d"], "", [2, 2], SnapshotError, "dealt[0]"),
    (["2h / 3h", "2s / 3s"], " ".join(text for text in CARD_CODES if text[0] in "456789TJQK") + " Ac Ad Ah 2c 2d",
     None, SnapshotError, "dead_cards"),
])
def test_bad_spots_name_their_field(players, dead, dealt, error, path):
    with pytest.raises(error) as refused:
        spot(*players, dead=dead, dealt=dealt)
    assert refused.value.path == path


def test_a_seventh_street_down_card_is_taken_on_sixth_street_only():
    case = spot("2h 7c 8c 9c / 3h 4h 5h", "5s 7d 8d 9d / 6s")
    assert case.needs() == (0, 2)
    cards = list(CARD_CODES)
    eight = [" ".join(cards[5 * seat:5 * seat + 4]) + " / " + cards[5 * seat + 4] for seat in range(8)]
    eight[0] += " " + " ".join(cards[-2:])
    with pytest.raises(SnapshotError, match="community card") as refused:
        spot(*eight)
    assert refused.value.path == "players[0].down_cards"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_every_deal_shares_out_the_whole_pot(rng):
    """Whatever the spot, the shares of every deal add up to the pot, exact or sampled, and nobody wins more
    deals than there are."""
    case = random_spot(rng)
    counted = exact_tally(case, RANKS)
    assert counted.total == case.deals()
    assert sum(counted.shares) == counted.total * SHARE_UNITS
    assert sum(counted.wins) <= counted.total
    assert all(win + tie <= counted.total for win, tie in zip(counted.wins, counted.ties, strict=True))
    drawn = sample_tally(case, RANKS, 500, rng.randrange(2**63))
    assert sum(drawn.shares) == 500 * SHARE_UNITS
