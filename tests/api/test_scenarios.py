"""POST /v1/scenarios: deterministic, legal, varied at the stated rates, and honouring what the caller fixes.

Every scenario's snapshot is posted back to /v1/legal-actions and must get the scenario's answer.
The features are read off the scenarios themselves (the snapshot, its table state, the actions'
chips), not off the theme the generator names, so a theme that stopped producing its feature fails.
"""

import hashlib
import json
from collections import Counter

import pytest

from service.stud_family.draws import Draws, mix

from .table_helpers import PROBLEM

PATH = "/v1/scenarios"
DEFAULT_SEEDS = range(3)
FEATURES = ("ante_all_in", "short_bring_in", "all_in_mid_hand", "capped", "short_all_in_under_half",
            "short_all_in_at_half", "fold_every_street", "board_tie", "community_card",
            "street_3", "street_4", "street_5", "street_6", "street_7")
"""What the contract promises at least 5% of scenarios show under the default request."""


def drawn(client, **body):
    """The scenarios of a request that must be accepted."""
    response = client.post(PATH, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["scenarios"]


def short_all_ins(snapshot, state):
    """Each increase that put a player all-in short of a full bet over the street's level: 'under' or 'at' half.

    Levels are followed independently of the engine: a full increase, or a short one of at least
    half a bet, sets the street's level (section 4); the bet is small on 3rd and 4th street.
    """
    stakes = snapshot["stakes"]
    stacks = {player["seat"]: player["stack"] - min(stakes["ante"], player["stack"]) for player in snapshot["players"]}
    found = []
    for street in state["streets"]:
        size = stakes["small_bet"] if street["street"] <= 4 else stakes["big_bet"]
        level, put_in = 0, Counter()
        for action in street["actions"]:
            seat, chips = action["seat"], action.get("amount", 0)
            put_in[seat] += chips
            stacks[seat] -= chips
            if action["type"] not in ("complete", "bet", "raise"):
                continue
            over = put_in[seat] - level
            if stacks[seat] == 0 and over < size:
                found.append("under" if 2 * over < size else "at")
                if 2 * over >= size:
                    level = put_in[seat]
            else:
                level = put_in[seat]
    return found


def features(client, scenario):
    """The features a scenario shows, read off its snapshot, answer and table state."""
    snapshot, answer = scenario["snapshot"], scenario["answer"]
    state = client.post("/v1/table/state", json=snapshot).get_json()
    stakes = snapshot["stakes"]
    ante, bring_in = stakes["ante"], stakes["bring_in"]
    shown = {f"street_{answer['street']}"}
    players = {player["seat"]: player for player in answer["players"]}
    for player in snapshot["players"]:
        if player["stack"] <= ante:
            shown.add("ante_all_in")
        elif player["stack"] < ante + bring_in:
            shown.add("short_bring_in")
        elif players[player["seat"]]["all_in"] and players[player["seat"]]["committed_total"] > ante + bring_in:
            shown.add("all_in_mid_hand")
    if answer["capped"]:
        shown.add("capped")
    shown |= {f"short_all_in_{kind}_half" for kind in short_all_ins(snapshot, state)}
    streets = state["streets"]
    if len(streets) > 1 and all(any(action["type"] == "fold" for action in street["actions"]) for street in streets):
        shown.add("fold_every_street")
    live = [player for player in snapshot["players"] if not players[player["seat"]]["folded"]]
    boards = Counter(tuple(sorted(card[0] for card in player["up_cards"])) for player in live)
    if answer["street"] > 3 and max(boards.values()) > 1:
        shown.add("board_tie")
    if "community_card" in snapshot:
        shown.add("community_card")
    return shown


@pytest.mark.parametrize("seed", DEFAULT_SEEDS)
def test_every_scenario_is_legal_and_answered_as_legal_actions_answers_it(client, seed):
    for scenario in drawn(client, seed=seed, count=100):
        response = client.post("/v1/legal-actions", json=scenario["snapshot"])
        assert response.status_code == 200, (scenario["theme"], response.get_json())
        assert response.get_json() == scenario["answer"], scenario["theme"]


@pytest.mark.parametrize("seed", DEFAULT_SEEDS)
def test_each_feature_is_at_least_five_percent_of_a_hundred_scenarios(client, seed):
    seen = Counter(feature for scenario in drawn(client, seed=seed, count=100)
                   for feature in features(client, scenario))
    assert {feature: seen[feature] for feature in FEATURES if seen[feature] < 5} == {}


def test_the_same_request_gives_the_same_scenarios_and_a_scenario_does_not_depend_on_count(client):
    hundred = drawn(client, seed=7, count=100)
    assert drawn(client, seed=7, count=100) == hundred
    assert drawn(client, seed=7, count=13) == hundred[:13]
    assert drawn(client, seed=8, count=13) != hundred[:13]


PINNED_SNAPSHOTS = "872d0c6f27eb3fb81864d6fad41e78fa3d2e6a8a34a480195646062d774e55bc"
"""sha256 of the 100 snapshots of seed 2026 as canonical JSON (sorted keys, no spaces)."""
PINNED_DRAWS = [11338124010319451123, 8303042382312347024, 3807263232597043160]
"""The first three draws of scenario 0 of seed 42."""


def test_scenarios_are_pinned_across_releases(client):
    """The snapshots of seed 2026 are these bytes: a release may add answer fields, never change a scenario."""
    snapshots = [scenario["snapshot"] for scenario in drawn(client, seed=2026, count=100)]
    digest = hashlib.sha256(json.dumps(snapshots, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    assert digest == PINNED_SNAPSHOTS


def test_the_generator_is_splitmix64_at_a_counter():
    """The documented stream (docs/integration-testing.md), number for number."""
    assert mix(0) == 0
    assert mix(1) == 0x5692161D100B05E5
    draws = Draws(seed=42, index=0)
    assert [draws.below(2**64) for _ in range(3)] == PINNED_DRAWS


def test_what_the_caller_fixes_is_honoured(client):
    stakes = {"ante": 1, "bring_in": 2, "small_bet": 6, "big_bet": 12}
    rules = {"preset": "wsop_cash", "fold_when_no_bet": True}
    for street in range(3, 8):
        response = client.post(PATH, json={"seed": 3, "count": 20, "players": 4, "street": street, "stakes": stakes,
                                           "rules": rules})
        assert response.headers["X-Razz-Rules"] == "wsop_cash, fold_when_no_bet=true; reference 2026-12"
        for scenario in response.get_json()["scenarios"]:
            snapshot = scenario["snapshot"]
            assert len(snapshot["players"]) == 4 and snapshot["stakes"] == stakes and snapshot["rules"] == rules
            answer = scenario["answer"]
            shown = {len(player["up_cards"]) for player in snapshot["players"]
                     if not next(p for p in answer["players"] if p["seat"] == player["seat"])["folded"]}
            assert shown == {min(street - 2, 4)}, scenario["theme"]
            assert answer["street"] == street or answer["phase"] == "showdown", scenario["theme"]
            assert client.post("/v1/legal-actions", json=snapshot).get_json() == scenario["answer"]


def test_a_theme_the_request_rules_out_is_played_plainly(client):
    themes = Counter(scenario["theme"] for scenario in drawn(client, seed=1, count=100, players=2, street=3))
    assert "community_card" not in themes and "board_tie" not in themes
    assert themes["plain"] >= 20


@pytest.mark.parametrize("body, kind, field", [
    ({"seed": 1, "count": 0}, "validation-error", "count"),
    ({"seed": 1, "count": 101}, "validation-error", "count"),
    ({"seed": -1, "count": 1}, "validation-error", "seed"),
    ({"seed": 2**63, "count": 1}, "validation-error", "seed"),
    ({"seed": 1, "count": 1, "players": 9}, "validation-error", "players"),
    ({"seed": 1, "count": 1, "street": 8}, "validation-error", "street"),
    ({"seed": 1, "count": 1, "players": 5, "rules": {"max_players": 4}}, "invalid-snapshot", "players"),
    ({"seed": 1, "count": 1, "stakes": {"ante": 1, "bring_in": 5, "small_bet": 4}}, "invalid-stakes",
     "stakes.bring_in"),
    ({"seed": 1, "count": 1, "rules": {"cap": 3}}, "validation-error", "rules.cap"),
])
def test_bad_values_get_the_problems_they_get_elsewhere(client, body, kind, field):
    response = client.post(PATH, json=body)
    assert (response.status_code, response.content_type) == (422, PROBLEM)
    problem = response.get_json()
    assert problem["type"].endswith("/" + kind) and field in problem["errors"], problem


def test_explained_scenarios_answer_with_why_and_refused(client):
    plain = drawn(client, seed=5, count=10)
    explained = client.post(PATH + "?explain=true", json={"seed": 5, "count": 10}).get_json()["scenarios"]
    for before, after in zip(plain, explained, strict=True):
        answer = dict(after["answer"])
        assert answer.pop("why") and "refused" in answer
        answer.pop("refused")
        assert (after["snapshot"], answer) == (before["snapshot"], before["answer"])


HUGE = 10**15


@pytest.mark.parametrize("body", [
    {"seed": 7, "count": 30, "players": 2, "stakes": dict.fromkeys(("ante", "bring_in", "small_bet", "big_bet"), HUGE)},
    {"seed": 7, "count": 30, "rules": {"max_players": 2}},
    {"seed": 1, "count": 30, "stakes": {"ante": 0, "bring_in": 1, "small_bet": HUGE}},
    {"seed": 7, "count": 30, "players": 2,
     "stakes": {"ante": HUGE // 10, "bring_in": HUGE // 5, "small_bet": HUGE // 2}},
    {"seed": 3, "count": 30, "stakes": {"ante": 1, "bring_in": 1, "small_bet": 1}, "rules": {"preset": "rrop_cash"}},
])
def test_extreme_requests_get_scenarios_that_are_valid_requests_themselves(client, body):
    for scenario in drawn(client, **body):
        response = client.post("/v1/legal-actions", json=scenario["snapshot"])
        assert response.status_code == 200 and response.get_json() == scenario["answer"], response.get_json()
