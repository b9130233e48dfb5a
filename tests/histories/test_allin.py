"""A hand whose betting ended before 7th street: each pot's equity when the chips went in, and what each seat could
expect, as POST /v1/equity answers on the cards known then."""

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.histories import LEAN_FIELDS
from service.histories.allin import pot_shares
from tests.tables import by_seat

from .phh_texts import check_one, sample_text

HEADS_UP = """variant = 'FR'
antes = [10, 10]
bring_in = 10
small_bet = 40
big_bet = 80
players = ['Ann', 'Bob']
starting_stacks = [50, 1000]
actions = ['d dh p1 3h4h2h', 'd dh p2 6s7s5s', 'p2 pb', 'p1 cbr 40', 'p2 cc', 'd dh p1 8c', 'd dh p2 Kd', 'd dh p1 9c',
 'd dh p2 Qd', 'd dh p1 Tc', 'd dh p2 Jd', 'd dh p1 Jc', 'd dh p2 8d', 'p1 sm 3h4h2h8c9cTcJc', 'p2 sm 6s7s5sKdQdJd8d']
finishing_stacks = [100, 950]
"""
"""Ann all-in on 3rd street with 4-3 down and the 2h up against Bob's 7-6 down and 5s up: the README's spot."""

SIDE_POT = """variant = 'FR'
antes = [10, 10, 10]
bring_in = 10
small_bet = 40
big_bet = 80
players = ['Ann', 'Bob', 'Cy']
starting_stacks = [90, 130, 1000]
actions = ['d dh p1 As3s2h', 'd dh p2 6h7h4d', 'd dh p3 AcKsKc', 'p3 pb', 'p1 cbr 40', 'p2 cc', 'p3 cc', 'd dh p1 5c',
 'd dh p2 6d', 'd dh p3 Qc', 'p1 cbr 40', 'p2 cbr 80', 'p3 cc', 'd dh p1 9d', 'd dh p2 8c', 'd dh p3 Jh', 'd dh p1 Th',
 'd dh p2 9h', 'd dh p3 Td', 'd dh p1 Qs', 'd dh p2 2c', 'd dh p3 3c', 'p1 sm As3s2h5c9dThQs', 'p2 sm 6h7h4d6d8c9h2c',
 'p3 sm AcKsKcQcJhTd3c']
finishing_stacks = [0, 350, 870]
"""
"""Ann all-in on 4th street, Bob all-in raising over her, Cy calling: a main pot for three and a side pot for two."""


def agreeing(client, text):
    """The one hand of a PHH text, which must be valid and agree with what it records."""
    hand = check_one(client, text)
    assert hand["valid"] and hand["agrees"], hand
    return hand


def equity_of(client, players, dead=()):
    return client.post("/v1/equity", json={"players": players, "dead_cards": list(dead)}).get_json()


def test_heads_up_all_in_on_third_street_is_the_equity_of_the_cards_known_then(client):
    hand = agreeing(client, HEADS_UP)
    assert hand["players"] == ["Ann", "Bob"]
    allin = hand["allin"]
    assert allin["street"] == 3
    answer = equity_of(client, [{"seat": 1, "up_cards": ["2h"], "down_cards": ["3h", "4h"]},
                                {"seat": 2, "up_cards": ["5s"], "down_cards": ["6s", "7s"]}])
    assert allin["pots"] == [{"amount": 100, "eligible": [1, 2], "equities": [
        {"seat": player["seat"], "equity": player["equity"]} for player in answer["players"]]}]
    assert allin["expected"] == [{"seat": 1, "amount": 55}, {"seat": 2, "amount": 45}]


def test_each_pot_is_shared_among_the_seats_eligible_for_it(client):
    allin = agreeing(client, SIDE_POT)["allin"]
    assert allin["street"] == 4
    main, side = allin["pots"]
    assert (main["amount"], main["eligible"], side["amount"], side["eligible"]) == (270, [1, 2, 3], 80, [2, 3])
    known = {1: (["2h", "5c"], ["As", "3s"]), 2: (["4d", "6d"], ["6h", "7h"]), 3: (["Kc", "Qc"], ["Ac", "Ks"])}
    everyone = equity_of(client, [{"seat": seat, "up_cards": up, "down_cards": down}
                                  for seat, (up, down) in known.items()])
    assert [share["equity"] for share in main["equities"]] == [player["equity"] for player in everyone["players"]]
    two = equity_of(client, [{"seat": seat, "up_cards": known[seat][0], "down_cards": known[seat][1]}
                             for seat in (2, 3)], dead=[*known[1][0], *known[1][1]])
    assert [share["equity"] for share in side["equities"]] == [player["equity"] for player in two["players"]]
    for pot in allin["pots"]:
        assert sum(share["equity"] for share in pot["equities"]) == pytest.approx(1)
    expected = by_seat(allin["expected"])
    assert expected[1] == round(270 * main["equities"][0]["equity"])
    assert expected[2] == round(270 * main["equities"][1]["equity"] + 80 * side["equities"][0]["equity"])
    assert abs(sum(expected.values()) - 350) <= 1


def test_a_hand_bet_to_seventh_street_or_won_by_a_fold_has_no_allin(client):
    for number in ("20", "24"):
        hand = check_one(client, sample_text(number))
        assert hand["valid"] and hand["allin"] is None


def test_an_all_in_hand_with_a_hand_not_shown_has_no_allin(client):
    unshown = HEADS_UP.replace(", 'p2 sm 6s7s5sKdQdJd8d'", "").replace("6s7s5s", "????5s").replace("p2 8d", "p2 ??")
    hand = check_one(client, unshown)
    assert hand["valid"] and hand["allin"] is None


def run(*arguments):
    done = subprocess.run([sys.executable, "-m", "service.histories", *map(str, arguments)],
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout.splitlines()


def test_the_cli_total_puts_the_all_in_adjusted_result_beside_the_actual_one(tmp_path):
    (tmp_path / "a.phh").write_text(HEADS_UP)
    (tmp_path / "b.phh").write_text(SIDE_POT)
    status, lines = run(tmp_path / "a.phh", tmp_path / "b.phh")
    assert status == 0
    assert lines[-1] == ("total: 2 files, 2 hands, 2 valid, 2 agree; net (all-in adjusted): Ann (PHH units) -40 "
                         "(+135), Bob (PHH units) +170 (-20), Cy (PHH units) -130 (-115)")


def test_the_cli_writes_a_json_line_per_hand_with_its_allin(tmp_path, client):
    (tmp_path / "a.phh").write_text(HEADS_UP)
    status, lines = run("--json", tmp_path / "a.phh")
    assert status == 0
    line, = lines
    written = json.loads(line)
    hand = agreeing(client, HEADS_UP)
    assert written == {"file": str(tmp_path / "a.phh"), **{name: hand[name] for name in LEAN_FIELDS}}
    assert written["allin"] is not None


@st.composite
def pots_and_equities(draw):
    """A pot of chips and each of 1 to 8 seats' equity in it, as floats that sum to 1 as an equity's do."""
    seats = sorted(draw(st.lists(st.integers(1, 8), min_size=1, max_size=8, unique=True)))
    weights = draw(st.lists(st.integers(0, 840), min_size=len(seats), max_size=len(seats)).filter(any))
    total = sum(weights)
    return draw(st.integers(0, 10**9)), tuple((seat, weight / total) for seat, weight in zip(seats, weights,
                                                                                             strict=True))


@settings(max_examples=300, deadline=None)
@given(pots_and_equities())
def test_a_pots_shares_sum_exactly_to_it_by_the_largest_remainder(pot):
    amount, equities = pot
    shares = dict(pot_shares(amount, equities))
    assert sum(shares.values()) == amount
    exact = {seat: amount * equity for seat, equity in equities}
    assert all(abs(shares[seat] - exact[seat]) < 1 + 1e-6 for seat in exact)
    rounded_up = [seat for seat in exact if shares[seat] > exact[seat] + 1e-6]
    rounded_down = [seat for seat in exact if shares[seat] < exact[seat] - 1e-6]
    for up in rounded_up:  # the units left went to the largest remainders: none lower than one rounded down
        assert all(exact[up] - int(exact[up]) >= exact[down] - int(exact[down]) - 1e-6 for down in rounded_down)
