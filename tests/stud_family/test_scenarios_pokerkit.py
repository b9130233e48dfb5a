"""POST /v1/scenarios checked by PokerKit 0.7.7 ``FixedLimitRazz``, a legality check independent of our engine.

Each scenario is replayed in PokerKit with exactly the cards its snapshot shows, dealt as razz
deals them: two down cards and the door card around the table on 3rd street, then one card a
street (up on 4th to 6th, down on 7th). What the snapshot does not show (a burn, a folded
player's down cards) is dealt as PokerKit's unknown card ``??``, which takes nothing from its
deck, so PokerKit never runs short of cards where the service deals every live player a 7th-street
down card (eight players too). At every action PokerKit's actor must be the acting seat, and
PokerKit must offer the action at the chips the snapshot says it added; at the stop point the seat
to act, the legal actions and their "to" amounts, the stacks, the street's bets and the pot must
be the scenario's answer.

Only scenarios where PokerKit plays the reference's rules are checked (``in_domain``): the default
rules, no community card, nobody all-in and no short bring-in (see that function for the
sections of the rules reference behind each).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from flask.testing import FlaskClient

pokerkit = pytest.importorskip("pokerkit")

from pokerkit import FixedLimitRazz, State  # noqa: E402

from service.stud_family.streets import FIRST_STREET  # noqa: E402
from tests.stud_family.pokerkit_play import AUTOMATIONS, DEALING, UNSEEN, deal, increase_name, pokerkit_options, take  # noqa: E402

Scenario = dict[str, Any]

SEEDS = range(8)
COUNT = 100
MIN_CHECKED = 300
"""Scenarios of the SEEDS that must be inside the domain and checked, so the test cannot pass on none."""
UP_CARDS = 4
"""The door card and the up cards of 4th to 6th street."""
THEMES_WITHOUT_ALL_INS = {"plain", "capped", "fold_every_street", "board_tie"}
"""The themes that need no all-in and no community card: each must have scenarios checked."""


def in_domain(scenario: Scenario) -> bool:
    """Whether PokerKit plays the scenario by the reference: default rules, no community card, nobody all-in, no
    short bring-in.

    PokerKit has no rules options and no community card (section 7). Every difference the reference
    lists needs an all-in: the no-limit reopening after a short all-in (section 4), the call of a
    short bring-in (section 1), the opener after a bring-in seat all-in from the ante (section 1).
    A bring-in seat with less than the bring-in after the ante posts it short all-in (section 1),
    which PokerKit also offers as a completion before anyone is all-in (docs/rules-decisions.md).
    """
    snapshot, stakes = scenario["snapshot"], scenario["snapshot"]["stakes"]
    return ("rules" not in snapshot and "community_card" not in snapshot
            and not any(player["all_in"] for player in scenario["answer"]["players"])
            and all(player["stack"] >= stakes["ante"] + stakes["bring_in"] for player in snapshot["players"]))


def dealt_cards(player: dict[str, Any]) -> list[str]:
    """A player's cards in the order razz deals them (two down, four up, one down), unknown where the snapshot shows
    none."""
    down = [*player.get("down_cards", ()), UNSEEN, UNSEEN, UNSEEN]
    up = [*player["up_cards"], *[UNSEEN] * UP_CARDS]
    return [down[0], down[1], *up[:UP_CARDS], down[2]]


def play(state: State, i: int, action: dict[str, Any]) -> None:
    """Play one action of the snapshot in PokerKit, which must offer its actor ``i`` the action at the chips the
    snapshot says it added."""
    kind = action["type"]
    to = None if kind in ("fold", "check") else state.bets[i] + action["amount"]
    options = pokerkit_options(state, increase_name(state))
    assert kind in options and options[kind] == to, f"PokerKit offers {options}"
    take(state, kind, to)


def replay_in_pokerkit(scenario: Scenario) -> tuple[State, list[int]]:
    """The scenario's hand so far played in PokerKit, each action checked there; the state and the seats in order."""
    snapshot = scenario["snapshot"]
    stakes = snapshot["stakes"]
    players = sorted(snapshot["players"], key=lambda player: player["seat"])
    seats = [player["seat"] for player in players]
    automations = tuple(automation for automation in AUTOMATIONS if automation not in DEALING)
    state = FixedLimitRazz.create_state(automations, True, stakes["ante"], stakes["bring_in"], stakes["small_bet"],
                                        stakes["big_bet"], [player["stack"] for player in players], len(players))
    cards = [dealt_cards(player) for player in players]
    deal(state, cards)
    for number, action in enumerate(snapshot["actions"]):
        i = state.actor_index
        assert i is not None, f"action {number}: PokerKit's hand is over"
        assert seats[i] == action["seat"], f"action {number}: PokerKit's actor is another seat"
        try:
            play(state, i, action)
        except AssertionError as error:
            raise AssertionError(f"action {number} {action}: {error}") from None
        deal(state, cards)
    return state, seats


def check_answer(state: State, seats: list[int], answer: dict[str, Any]) -> None:
    """PokerKit at the stop point must say what the scenario's answer says (a stop at a turn: the domain has no
    all-in to end the betting early)."""
    i = state.actor_index
    assert i is not None and seats[i] == answer["to_act"], "PokerKit's actor is another seat"
    assert state.street_index is not None and FIRST_STREET + state.street_index == answer["street"]
    offered = {action["type"]: action.get("to") for action in answer["legal_actions"]}
    assert pokerkit_options(state, increase_name(state)) == offered
    chips = {seat: (stack, bet) for seat, stack, bet in zip(seats, state.stacks, state.bets, strict=True)}
    assert chips == {player["seat"]: (player["stack"], player["committed_street"]) for player in answer["players"]}
    assert state.total_pot_amount == answer["pot"]


def drawn(client: FlaskClient, seed: int) -> list[Scenario]:
    """The COUNT scenarios of ``seed`` under the default request."""
    response = client.post("/v1/scenarios", json={"seed": seed, "count": COUNT})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["scenarios"]


def check(scenario: Scenario) -> None:
    """Replay one scenario in PokerKit and compare its answer."""
    state, seats = replay_in_pokerkit(scenario)
    check_answer(state, seats, scenario["answer"])


def test_pokerkit_plays_every_scenario_inside_the_domain_as_the_service_answers_it(client: FlaskClient) -> None:
    checked: Counter[str] = Counter()
    for seed in SEEDS:
        for index, scenario in enumerate(drawn(client, seed)):
            if not in_domain(scenario):
                continue
            try:
                check(scenario)
            except AssertionError as error:
                raise AssertionError(f"seed {seed} scenario {index} ({scenario['theme']}): {error}") from None
            checked[scenario["theme"]] += 1
    assert sum(checked.values()) >= MIN_CHECKED and set(checked) == THEMES_WITHOUT_ALL_INS, checked
