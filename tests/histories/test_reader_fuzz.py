"""Every reader fuzzed with mutated copies of real hands: never a 500, every problem named at a line of the text
that holds it, and the other hands still checked.

The corpus is the samples (the stud ones also retitled razz, so that their lines are read, and the
Home Game match's razz hands), the WSOP hands, as published, one entry a line, and written in each
site's syntax, and the hands of each site's wider vocabulary (an ante handed back before the deal,
cards turned up at an all-in, lines of the lobby and the cashier); each mutation is
drawn from a generator seeded with ``SEED``, so a failure is reproduced by its test id. The
mutations: a line deleted, two lines swapped, a line duplicated, an amount or a card changed, the
text cut short, stray Unicode put in, a huge number, and two of these at once: 2,400 mutants in
all (5 formats, 8 kinds, ``MUTANTS`` each). Texts with very long lines of the shapes the readers'
patterns look for are read too: were any pattern to backtrack, they would take minutes, not
milliseconds (no timing is asserted; the suite's own run time would show it, and
``test_linear_work`` counts the work of the rest).
"""

import random
import re

import pytest

from service.app import create_app
from service.histories.site_export import clean

from .phh_texts import CHECK, SAMPLES, STUD_PHH, phh, phhs, sample_fields, sample_text
from .site_texts import WRITERS, as_razz, checked_samples, sample
from .test_site_vocabulary import (
    FULLTILT_ANTE_ALL_IN,
    MERGE_ALL_IN_ON_4TH,
    POKERSTARS_ALL_IN_ON_4TH,
    merge_raise_folded_to,
)

SEED = 20261202
MUTANTS = 60
"""Mutated copies per format and kind of mutation."""
SAMPLE_FILES = {"fulltilt": ["fulltilt-razz-cash.txt", "fulltilt-stud-cash.txt", "fulltilt-studhilo-cash.txt",
                             "fulltilt-stud8-cash.txt"],
                "winamax": ["winamax-stud-cash.txt", "winamax-stud-play.txt"],
                "merge": ["merge-stud-cash.xml", "merge-studhilo-cash.xml", "merge-horse-cash.xml"],
                "pokerstars": ["pokerstars-razz-cash.txt", "pokerstars-stud-cash.txt", "pokerstars-stud8-cash.txt"],
                "phh": [path.name for path in SAMPLES.values()] + STUD_PHH}
"""The real hands of all three games: razz, stud and stud hi/lo (read whole, and skipped until they are checked)."""
STRAY = ["\u2028", "\x00", "\ufeff", "€", "\u202e", "e\u0301", "\U0001f0a1", "\r", "\t", "]", "[", "<", "&", "\"", "'"]
_AMOUNT = re.compile(r"\d+(?:\.\d+)?")
_CARDS = re.compile(r"(?<![\w?])(?:[A2-9TJQK][shdc]|\?\?)+(?![\w?])")
"""A card written alone (``Qc``), or cards written together as PHH deals them (``7c3hKc``)."""


@pytest.fixture(scope="module")
def client():
    """One app for the module: the fuzz posts thousands of texts."""
    return create_app({"TESTING": True}).test_client()


@pytest.fixture(scope="module")
def corpus(client):
    """Each format's texts: its samples, the stud ones retitled razz too, and the WSOP hands in its syntax (PHH's:
    as published and one entry a line; PokerStars': each sample hand alone)."""
    wsop = checked_samples(client)
    texts = {}
    for fmt, names in SAMPLE_FILES.items():
        samples = [sample(name) for name in names]
        texts[fmt] = samples + [razz for razz in map(as_razz, samples) if razz not in samples]
        if fmt in WRITERS:
            texts[fmt] += [WRITERS[fmt](wsop[number], number) for number in sorted(SAMPLES)]
    texts["phh"] += [phh(sample_fields(number)) for number in sorted(SAMPLES)]
    texts["pokerstars"] += texts["pokerstars"][0].strip().split("\n\n\n\n")
    home_game = sample("pokerstars-8game-tournament.txt").split("\n\n\n")
    texts["pokerstars"] += [hand for hand in home_game if "Razz Limit)" in hand or "Stud" in hand]
    texts["pokerstars"].append(POKERSTARS_ALL_IN_ON_4TH)
    seats = "Seat 5: Villain (20)\n"
    lobby = FULLTILT_ANTE_ALL_IN.replace(seats, seats + "\n".join(LOBBY_LINES) + "\n")
    texts["fulltilt"] += [FULLTILT_ANTE_ALL_IN, lobby]
    texts["merge"] += [MERGE_ALL_IN_ON_4TH, merge_raise_folded_to("20100907235959", "0.90")]
    return texts


LOBBY_LINES = ["The button is in seat #2", "Villain sits out", "Villain re-buys and receives 1,500 chips for $10",
               "Hero takes the add-on and receives 1500 chips for $10",
               "Hero wins the $5 bounty for eliminating Villain"]
"""Full Tilt lines beside the play, put in one of its hands so that mutations move and break them too."""


def mutate(text: str, kind: str, rng: random.Random) -> str:
    """One mutation of ``kind`` drawn from ``rng`` (``twice``: two of the others, one on the other's result)."""
    if kind == "twice":
        return mutate(mutate(text, rng.choice(KINDS[:-1]), rng), rng.choice(KINDS[:-1]), rng)
    lines = text.split("\n")
    at, other = rng.randrange(len(lines)), rng.randrange(len(lines))
    if kind == "delete":
        del lines[at]
    elif kind == "swap":
        lines[at], lines[other] = lines[other], lines[at]
    elif kind == "duplicate":
        lines.insert(at, lines[other])
    elif kind == "amount":
        found = list(_AMOUNT.finditer(text))
        if found:
            spot = rng.choice(found)
            new = rng.choice(["0", "1", str(rng.randrange(10**6)), "9" * rng.choice([18, 40, 5000]), "0.001", "1,5"])
            return text[:spot.start()] + new + text[spot.end():]
    elif kind == "card":
        found = list(_CARDS.finditer(text))
        if found:
            spot = rng.choice(found)
            at = spot.start() + 2 * rng.randrange(len(spot.group()) // 2)
            return text[:at] + rng.choice("A23456789TJQKX?") + rng.choice("shdcx?") + text[at + 2:]
    elif kind == "truncate":
        return text[:rng.randrange(len(text))]
    elif kind == "unicode":
        spot = rng.randrange(len(text) + 1)
        return text[:spot] + rng.choice(STRAY) * rng.choice([1, 3]) + text[spot:]
    return "\n".join(lines)


KINDS = ["delete", "swap", "duplicate", "amount", "card", "truncate", "unicode", "twice"]


def assert_each_problem_names_a_line_of_the_text(text: str, answer: dict, fmt: str) -> None:
    """Every hand is checked, or names the line at fault, or the line naming a game it skips, as written there (PHH
    names an entry of ``actions`` by its words, which its line holds)."""
    lines = text.split("\n")
    for hand in answer["hands"]:
        error = hand["error"] or hand["skipped"]
        if error is None:
            assert hand["valid"]
            continue
        assert hand["error"] is None or hand["skipped"] is None
        assert 1 <= error["line"] <= len(lines), error
        line = lines[error["line"] - 1].removesuffix("\r")
        if fmt == "phh":
            assert error["source"] in line or error["source"] == line, (error, text)
        else:
            assert error["source"] == clean(line), (error, text)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("fmt", sorted(SAMPLE_FILES))
def test_a_mutated_hand_is_never_a_500_and_names_its_line(client, corpus, fmt, kind):
    rng = random.Random(f"{SEED}-{fmt}-{kind}")
    for _ in range(MUTANTS):
        text = mutate(rng.choice(corpus[fmt]), kind, rng)
        if not text.strip():
            continue
        response = client.post(CHECK, json={"format": fmt, "text": text})
        assert response.status_code == 200, (response.get_data(as_text=True), text)
        assert_each_problem_names_a_line_of_the_text(text, response.get_json(), fmt)
        detected = client.post(CHECK, json={"text": text}, headers={"Prefer": "return=minimal"})
        assert detected.status_code in (200, 422), detected.get_data(as_text=True)


def among_good_ones(fmt: str, good: str, broken: str) -> str:
    """A broken hand between two good ones, as an export holds them (PHH: as the tables of a PHHS)."""
    if fmt == "phh":
        return phhs(good, broken, good)
    return ("\n\n\n" if fmt == "pokerstars" else "\n").join([good, broken, good])


@pytest.mark.parametrize("fmt", sorted(SAMPLE_FILES))
def test_a_broken_hand_among_good_ones_stops_none_of_them(client, corpus, fmt):
    rng = random.Random(f"{SEED}-{fmt}-among")
    good = sample_text("24") if fmt == "phh" else corpus[fmt][-1]
    header, body = good.split("\n", 1)
    for _ in range(20):  # the header kept: a hand without its header is no hand of its own, but its neighbour's end
        broken = header + "\n" + mutate(body, rng.choice(KINDS), rng)
        answer = client.post(CHECK, json={"format": fmt, "text": among_good_ones(fmt, good, broken)}).get_json()
        assert answer["hands"][0]["valid"] and answer["hands"][-1]["valid"]
        assert answer["hands"][-1]["agrees"] is True


LONG = 200_000


@pytest.mark.parametrize(("fmt", "line"), [
    ("fulltilt", "Full Tilt Poker Game #1: " + "Table - " * (LONG // 8)),
    ("fulltilt", "Seat 1: " + " (1" * (LONG // 3)),
    ("fulltilt", "Player8: " + "Player8: " * (LONG // 9)),
    ("fulltilt", "Player8 " + "is high with [" * (LONG // 14)),
    ("fulltilt", "Total pot $1 " + "| Rake " * (LONG // 7)),
    ("fulltilt", "Total pot $1 | Rake $0" + " | Jackpot $1" * (LONG // 13)),
    ("fulltilt", "Player8 " + "re-buys and receives 1 chips for $1 " * (LONG // 36)),
    ("fulltilt", "Player8 " + "wins the $1 bounty for eliminating " * (LONG // 35)),
    ("fulltilt", "Ante of " * (LONG // 8) + "returned to"),
    ("winamax", "Winamax Poker - " + "HandId: #1 - " * (LONG // 13)),
    ("winamax", "Winamax Poker - CashGame - HandId: #1 - Razz fixed limit " + "(" * LONG),
    ("winamax", "Table: '" + "' 6-max" * (LONG // 7)),
    ("merge", '<description type="Razz" stakes="Limit $1/$2"/>\n<game gametype="47" id="' + "9" * LONG + '">'),
    ("merge", "<game>" + "<players>" * (LONG // 9)),
    ("merge", '<description stakes="Limit ' + "1/" * (LONG // 2) + '"/>'),
])
def test_a_very_long_line_of_a_patterns_shape_is_read_in_linear_time(client, corpus, fmt, line):
    text = line if fmt == "merge" or line.startswith(("Full Tilt", "Winamax")) else \
        corpus[fmt][0].replace("\r\n", "\n").replace("Player8 folds", line, 1).replace("Player8 is high with [Qc]",
                                                                                        line, 1)
    response = client.post(CHECK, json={"format": fmt, "text": text})
    assert response.status_code == 200
