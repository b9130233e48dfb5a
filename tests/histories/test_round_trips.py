"""Round trips per format and game: each real razz, stud and stud/8 hand of every format the service reads is
checked, written as PHH by the service, and the PHH read back and checked: the same game, the same snapshot (PHH
writes no amount for a call or a bring-in, which the rules put back) and the same answer."""

import tomllib

import pytest

from service.app import create_app

from .phh_texts import SAMPLES_DIR, check, without_amounts
from .site_texts import sample

SAMPLE_FILES = {
    "phh": ["wsop-2023-43-5-20_01_00_21.phh", "phh-wsop-2023-43-5-9-stud.phh", "phh-wsop-2023-43-5-72-stud.phh",
            "phh-wsop-2023-43-5-48-stud8.phh"],
    "pokerstars": ["pokerstars-razz-cash.txt", "pokerstars-stud-cash.txt", "pokerstars-stud8-cash.txt",
                   "pokerstars-8game-tournament.txt"],
    "fulltilt": ["fulltilt-razz-cash.txt", "fulltilt-stud-cash.txt", "fulltilt-studhilo-cash.txt",
                 "fulltilt-stud8-cash.txt"],
    "winamax": ["winamax-stud-cash.txt"],
    "merge": ["merge-stud-cash.xml", "merge-studhilo-cash.xml", "merge-horse-cash.xml"],
}
"""The real samples of each format, razz, stud and stud/8 among them."""
VARIANTS = {"razz": "FR", "stud": "F7S", "stud8": "F7S/8"}


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize(("fmt", "name"), [(fmt, name) for fmt, names in SAMPLE_FILES.items() for name in names])
def test_each_valid_hand_written_as_phh_reads_back_to_the_same_answer(client, fmt, name):
    assert (SAMPLES_DIR / name).exists()
    hands = [hand for hand in check(client, sample(name), fmt)["hands"] if hand["valid"]]
    games = set()
    for hand in hands:
        written = hand["phh"]
        assert tomllib.loads(written)["variant"] == VARIANTS[hand["game"]]
        # a site's rule choice the check took (a PokerStars fold where a check was free) is not PHH's: asked for
        sites_choice = any("the site's rule choice" in note for note in hand["notes"])
        asked = {"rules": {"fold_when_no_bet": True}} if sites_choice else {}
        again = check(client, written, "phh", **asked)["hands"][0]
        assert (again["valid"], again["game"], again["agrees"]) == (True, hand["game"], hand["agrees"]), again
        assert again["state"] == hand["state"]
        # PHH writes the seats in position order, not the dealer's seat (Merge's), nor the rules asked for
        ignored = {"rules": None, "dealer_seat": None}
        assert without_amounts({**again["snapshot"], **ignored}) == without_amounts({**hand["snapshot"], **ignored})
        assert check(client, again["phh"], "phh", **asked)["hands"][0]["phh"] == again["phh"]  # PHH's PHH is itself
        games.add(hand["game"])
    assert hands and games


def test_the_round_trips_cover_every_game_in_every_format_that_writes_it(client):
    written = {(fmt, hand["game"]) for fmt, names in SAMPLE_FILES.items() for name in names
               for hand in check(client, sample(name), fmt)["hands"] if hand["valid"]}
    assert written == {(fmt, game) for fmt in SAMPLE_FILES for game in VARIANTS} - {
        ("winamax", "razz"), ("winamax", "stud8"), ("merge", "razz")}  # no such real sample


def test_a_hand_checked_with_its_sites_rule_choice_says_it_in_its_snapshots_rules(client):
    """The PokerStars fold where a check was free: the snapshot carries ``fold_when_no_bet``, the rules it was
    checked by, and its PHH checks the same under them."""
    (hand,) = [hand for hand in check(client, sample("pokerstars-stud8-cash.txt"), "pokerstars")["hands"]
               if hand["id"] == "35874676388"]
    assert hand["snapshot"]["rules"] == {"fold_when_no_bet": True}
    again = check(client, hand["phh"], "phh", rules=hand["snapshot"]["rules"])["hands"][0]
    assert again["valid"] and again["state"] == hand["state"]
    assert again["snapshot"]["rules"] == {"fold_when_no_bet": True}
