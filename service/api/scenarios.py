"""Scenarios for callers' tests: POST /v1/scenarios."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import Response

from ..stud_family.games import GAMES, RAZZ
from ..stud_family.limits import Stakes
from ..stud_family.scenarios import DEFAULT_STAKES, Ask, Scenario, Theme, scenarios
from ..stud_family.seating import MAX_SEAT, MIN_PLAYERS
from ..stud_family.streets import FIRST_STREET, LAST_STREET
from ..stud_family.vocabulary import NO_CHIPS
from .base import Object, RequestSchema
from .fields import Choice, WholeNumber, game_field
from .responses import ApiBlueprint, json_response
from .rules_options import RulesSchema, request_rules
from .table import LegalActionsSchema, SnapshotSchema, StakesSchema, explained_legal_actions, write_legal_actions

blp = ApiBlueprint("scenarios", __name__, url_prefix="/v1",
                   description="Random but legal hands so far, for callers' own tests.")

MAX_SEED = 2**63 - 1
MAX_SCENARIOS = 100

SCENARIOS_EXAMPLE = {"seed": 42, "count": 2}

DEFAULT_STAKES_BODY = {"ante": DEFAULT_STAKES.ante, "bring_in": DEFAULT_STAKES.bring_in,
                       "small_bet": DEFAULT_STAKES.small_bet, "big_bet": DEFAULT_STAKES.big_bet}
"""The stakes a scenario is played at when the request gives none, as a request writes them."""


class ScenariosRequestSchema(RequestSchema):
    """Which scenarios: a seed and how many, with anything the caller fixes."""

    game = game_field()
    seed = WholeNumber(maximum=MAX_SEED, required=True, metadata={
        "description": "Any whole number up to 2^63 - 1: the same seed gives the same scenarios on every replica and "
                       "every release.", "example": 42})
    count = WholeNumber(minimum=1, maximum=MAX_SCENARIOS, required=True, metadata={
        "description": "How many scenarios, 1 to 100: scenario i of a seed is the same whatever the count.",
        "example": 2})
    players = WholeNumber(minimum=MIN_PLAYERS, maximum=MAX_SEAT, load_default=None, metadata={
        "description": "Players dealt in every scenario, 2 to 8 and at most the rules' max_players (default: drawn per "
                       "scenario)."})
    street = WholeNumber(minimum=FIRST_STREET, maximum=LAST_STREET, load_default=None, metadata={
        "description": "The street every scenario stops on, 3 to 7 (default: each theme's, streets in rotation)."})
    stakes = Object(StakesSchema, load_default=None, metadata={
        "description": "The stakes of every scenario (default: the reference's 5/10/40/80)."})
    rules = Object(RulesSchema, load_default=None, metadata={
        "description": "Rules options over the standard preset: the scenarios are played, and answered, under them."})


class ScenarioSchema(ma.Schema):
    """One hand so far and the legal-actions answer for it."""

    theme = Choice(Theme, required=True, metadata={
        "description": "What the scenario exercises (plain when its theme cannot be played under the request)."})
    snapshot = ma.fields.Nested(SnapshotSchema, required=True, metadata={
        "description": "The hand so far, as a /v1/legal-actions or /v1/table/state request: each action with the "
                       "chips it adds, live players' down cards, the request's rules."})
    answer = ma.fields.Nested(LegalActionsSchema, required=True, metadata={
        "description": "What /v1/legal-actions answers for the snapshot (explained with ?explain=true)."})


class ScenariosSchema(ma.Schema):
    """The scenarios, scenario 0 first."""

    scenarios = ma.fields.List(ma.fields.Nested(ScenarioSchema), required=True,
                               metadata={"description": "count scenarios, in index order."})


def write_snapshot(scenario: Scenario, stakes: dict[str, Any], rules: dict[str, Any] | None) -> dict[str, Any]:
    """A scenario's hand as the request /v1/legal-actions takes (its game unless razz, the default; the stakes and
    rules as the request wrote them), each action with the chips it added."""
    snapshot, state = scenario.snapshot, scenario.state
    body: dict[str, Any] = {} if snapshot.game is RAZZ else {"game": snapshot.game.name}
    if rules is not None:
        body["rules"] = rules
    body["stakes"] = {name: value for name, value in stakes.items() if value is not None}
    players = []
    for player in snapshot.players:
        written: dict[str, Any] = {"seat": player.seat, "stack": player.stack, "up_cards": list(player.up_cards)}
        if player.down_cards is not None:
            written["down_cards"] = list(player.down_cards)
        players.append(written)
    body["players"] = players
    if snapshot.community_card is not None:
        body["community_card"] = snapshot.community_card
    body["actions"] = [{"seat": action.seat, "type": action.type} if action.type in NO_CHIPS else
                       {"seat": action.seat, "type": action.type, "amount": action.amount}
                       for street in state.streets for action in street.actions]
    return body


def write_answer(scenario: Scenario, explain: bool) -> dict[str, Any]:
    """The legal-actions answer for a scenario, explained if asked."""
    return explained_legal_actions(scenario.snapshot) if explain else write_legal_actions(scenario.state)


@blp.json_post("/scenarios", ScenariosRequestSchema, ScenariosSchema, example=SCENARIOS_EXAMPLE)
def draw_scenarios(request: dict[str, Any], explain: bool) -> Response:
    """Random but legal hands so far, each with its legal-actions answer: the same request, the same scenarios.

    Plays count hands through the rules engine (every section of the rules reference that
    /v1/legal-actions applies) and stops each at a turn of its street. The scenarios of a seed
    cycle through ten themes, so any ten in a row cover them all: a bring-in seat all-in from
    the ante, a short bring-in, an all-in mid-hand, a capped round, short all-in raises under and at
    half a bet, a fold on every street, tied boards, a 7th-street community card, a plain hand. The
    numbers come from a documented counter-based generator (SplitMix64), never from the language's
    random numbers, so a later release may add fields but never changes a scenario.
    """
    stakes = request["stakes"] or DEFAULT_STAKES_BODY
    ask = Ask(request["players"], request["street"], Stakes(**stakes), request_rules(request),
              GAMES[request["game"]])
    drawn = scenarios(request["seed"], request["count"], ask)
    return json_response({"scenarios": [
        {"theme": scenario.theme, "snapshot": write_snapshot(scenario, stakes, request["rules"]),
         "answer": write_answer(scenario, explain)} for scenario in drawn]})
