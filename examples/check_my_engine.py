"""Check your engine against the Razz rules service, scenario by scenario: ``python examples/check_my_engine.py``.

The differential pattern: draw scenarios from ``/v1/scenarios`` (each a hand so far and the
service's legal-actions answer for it), ask your engine the same questions, and report every
disagreement with the service's explanation (``/v1/legal-actions?explain=true`` for that
snapshot), the snapshot included so that it can be replayed. "Your engine" is two small
functions here, for two rules; swap in calls to yours. ``--break`` swaps in an engine with a
classic mistake (aces high for the bring-in) to show what a disagreement looks like.
Exits 0 when every answer agrees, 1 on any disagreement, 2 when the service at ``RAZZ_URL``
cannot be reached or refuses the request.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

from client import RAZZ_URL, Refused, post

Json = dict[str, Any]

RANKS_LOW_TO_HIGH = "A23456789TJQK"
"""Razz ranks, ace low and king high: the highest door card brings in."""
SUITS_LOW_TO_HIGH = "cdhs"
"""Suits break ties between door cards of one rank: spades highest, then hearts, diamonds, clubs."""
THIRD_STREET = 3


def who_brings_in(snapshot: Json) -> int:
    """Your engine's bring-in: the seat whose door card (its first up card) is highest, kings high, aces low."""
    doors = {player["seat"]: player["up_cards"][0] for player in snapshot["players"]}
    return max(doors, key=lambda seat: (RANKS_LOW_TO_HIGH.index(doors[seat][0]),
                                        SUITS_LOW_TO_HIGH.index(doors[seat][1])))


def may_check(table: Json) -> bool:
    """Your engine's check: the seat to act owes nothing, after 3rd street (the bring-in opens 3rd, so none checks).

    ``table`` is where the hand stands (street, seat to act, chips in on the street): here the
    scenario's answer, where your engine would read its own table.
    """
    if table["phase"] != "betting" or table["street"] == THIRD_STREET:
        return False
    seat = next(player for player in table["players"] if player["seat"] == table["to_act"])
    return seat["committed_street"] == table["highest_bet"]


def who_brings_in_aces_high(snapshot: Json) -> int:
    """The mistake ``--break`` makes: aces high, as in high stud, so an ace door card brings in over a king."""
    doors = {player["seat"]: player["up_cards"][0] for player in snapshot["players"]}
    return max(doors, key=lambda seat: ("23456789TJQKA".index(doors[seat][0]), SUITS_LOW_TO_HIGH.index(doors[seat][1])))


class Engine(NamedTuple):
    """The rules an engine is asked about, a function each."""

    who_brings_in: Callable[[Json], int]
    may_check: Callable[[Json], bool]


YOUR_ENGINE = Engine(who_brings_in, may_check)
BROKEN_ENGINE = Engine(who_brings_in_aces_high, may_check)


class Disagreement(NamedTuple):
    """One rule on which the engine and the service answer differently for one scenario."""

    rule: str
    engine: object
    service: object


def compare(engine: Engine, scenario: Json) -> list[Disagreement]:
    """The rules on which ``engine`` disagrees with the service's answer to the scenario."""
    snapshot, answer = scenario["snapshot"], scenario["answer"]
    checks = any(action["type"] == "check" for action in answer["legal_actions"])
    compared = [Disagreement("bring_in_seat", engine.who_brings_in(snapshot), answer["bring_in_seat"]),
                Disagreement("may_check", engine.may_check(answer), checks)]
    return [found for found in compared if found.engine != found.service]


def explanation(snapshot: Json, rule: str) -> list[str]:
    """The service's reasons that bear on ``rule``, as ``?explain=true`` on /v1/legal-actions gives them."""
    explained, _ = post("/v1/legal-actions?explain=true", snapshot)
    if rule == "bring_in_seat":
        reasons = [(why, "") for why in explained["why"] if why["decision"] == "bring_in_seat"]
    else:
        reasons = [(why, "") for why in explained["why"]
                   if why["decision"] == "legal_action" and " may check" in why["text"]]
        reasons += [(refused, "no check: ") for refused in explained["refused"] if refused["type"] == "check"]
    return [f"{reason['rule']} {reason['source']}: {lead}{reason['text']}" for reason, lead in reasons]


def draw(seed: int, count: int, rules: Json | None) -> tuple[list[Json], str]:
    """``count`` scenarios of ``seed`` under ``rules``, and the rules the service says it applied (X-Razz-Rules)."""
    body: Json = {"seed": seed, "count": count}
    if rules is not None:
        body["rules"] = rules
    answer, headers = post("/v1/scenarios", body)
    return answer["scenarios"], headers["X-Razz-Rules"]


def main() -> int:
    """Compare the engine with the service on the scenarios asked for; 0 when they agree on all of them."""
    parser = argparse.ArgumentParser(description="Compare an engine's answers with the rules service at RAZZ_URL.")
    parser.add_argument("--seed", type=int, default=1, help="which scenarios (the same seed, the same scenarios)")
    parser.add_argument("--count", type=int, choices=range(1, 101), default=100, metavar="1-100",
                        help="how many scenarios (default 100)")
    parser.add_argument("--rules", type=json.loads, default=None, help='the rules to pin: \'{"preset": "rrop_cash"}\'')
    parser.add_argument("--break", dest="broken", action="store_true",
                        help="compare an engine that gets the bring-in wrong, to see disagreements reported")
    arguments = parser.parse_args()
    engine = BROKEN_ENGINE if arguments.broken else YOUR_ENGINE
    try:
        scenarios, applied = draw(arguments.seed, arguments.count, arguments.rules)
        found = 0
        for index, scenario in enumerate(scenarios):
            for disagreement in compare(engine, scenario):
                found += 1
                print(f"scenario {index} of seed {arguments.seed} ({scenario['theme']}): {disagreement.rule}: "
                      f"your engine says {disagreement.engine}, the service says {disagreement.service}")
                for reason in explanation(scenario["snapshot"], disagreement.rule):
                    print(f"  because {reason}")
                print(f"  snapshot: {json.dumps(scenario['snapshot'])}")
    except Refused as refused:
        print(f"the service refused the request: {refused}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"cannot reach the service at {RAZZ_URL}: {error}", file=sys.stderr)
        return 2
    print(f"{len(scenarios)} scenarios of seed {arguments.seed} under {applied}: {found} disagreement(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
