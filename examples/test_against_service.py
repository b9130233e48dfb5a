"""Your engine against the Razz rules service, as a pytest module to drop into your suite.

``RAZZ_URL=http://127.0.0.1:8080 python -m pytest test_against_service.py``, with ``client.py``
and ``check_my_engine.py`` beside it (or your engine's imports in their place). Each test is
one rule on one scenario of a fixed seed, so a failure names the scenario, which stays the same
on every run and every release of the service; its message is the service's explanation.

An unreachable service fails every test instead of skipping them: in CI a service container
that did not start, or a wrong ``RAZZ_URL``, would otherwise turn the suite green while it
compares nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from check_my_engine import explanation, may_check, who_brings_in
from client import RAZZ_URL, post

SEED = 20261201
COUNT = 100
PINNED_RULES = {"preset": "standard"}
PINNED_HEADER = "standard; reference 2026-12"
"""What X-Razz-Rules says for the pinned rules: another version of the rules reference fails the pin, to be read."""

Json = dict[str, Any]


@pytest.fixture(scope="module")
def drawn() -> tuple[list[Json], str]:
    """The scenarios, drawn once for the module, and the rules the service says it applied to them."""
    try:
        answer, headers = post("/v1/scenarios", {"seed": SEED, "count": COUNT, "rules": PINNED_RULES})
    except OSError as error:
        failure = f"the Razz rules service is not reachable at {RAZZ_URL}: {error} (start it, or set RAZZ_URL)"
    else:
        return answer["scenarios"], headers["X-Razz-Rules"]
    pytest.fail(failure, pytrace=False)


def test_the_service_applies_the_pinned_rules(drawn: tuple[list[Json], str]) -> None:
    assert drawn[1] == PINNED_HEADER


@pytest.mark.parametrize("index", range(COUNT))
def test_the_engine_finds_the_bring_in(drawn: tuple[list[Json], str], index: int) -> None:
    scenario = drawn[0][index]
    assert who_brings_in(scenario["snapshot"]) == scenario["answer"]["bring_in_seat"], \
        explanation(scenario["snapshot"], "bring_in_seat")


@pytest.mark.parametrize("index", range(COUNT))
def test_the_engine_knows_when_a_check_is_legal(drawn: tuple[list[Json], str], index: int) -> None:
    scenario = drawn[0][index]
    answer = scenario["answer"]
    assert may_check(answer) == any(action["type"] == "check" for action in answer["legal_actions"]), \
        explanation(scenario["snapshot"], "may_check")
