"""The callers' examples (examples/, the README's loop) run against the real server as a caller runs them."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from .conftest import ROOT, Server, free_port

EXAMPLES = ROOT / "examples"
TIMEOUT = 60
"""Seconds an example may take: each takes a second or two, so a hung one fails instead of holding the suite."""


def run(base: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Run ``python ARGUMENTS`` in examples/ with RAZZ_URL at ``base``.

    Pytest's plugins are not loaded: the pytest example needs none, and this environment's
    (hypothesis, schemathesis) take seconds to import.
    """
    environment = {**os.environ, "RAZZ_URL": base, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return subprocess.run([sys.executable, *arguments], cwd=EXAMPLES, env=environment, capture_output=True,
                          text=True, timeout=TIMEOUT)


@pytest.mark.parametrize("seed, shown", [
    pytest.param("4", "complete on street 3: winners [4], pot 75", id="folded-to-one"),
    pytest.param("11", "street 6: seat 2 shows 7h, seat 8 shows Qd\nstreet 7: a down card to each of seats 2, 8\n"
                       "showdown", id="dealt-out-all-in"),
    pytest.param("150", "street 7: the deck ran short, community card 7c", id="community-card"),
])
def test_the_client_plays_a_hand_to_its_payouts(server: Server, seed: str, shown: str):
    played = run(server.base, "client.py", "--seed", seed)
    assert played.returncode == 0, played.stdout + played.stderr
    assert shown in played.stdout
    assert "\npayouts: seat " in played.stdout


def test_the_client_plays_the_same_hand_for_a_seed(server: Server):
    first, second = (run(server.base, "client.py", "--seed", "7") for _ in range(2))
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout


def test_the_engine_check_agrees_with_a_correct_service(server: Server):
    checked = run(server.base, "check_my_engine.py", "--seed", "1", "--count", "100")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout == "100 scenarios of seed 1 under standard; reference 2026-12: 0 disagreement(s)\n"


def test_the_engine_check_reports_a_broken_engine_with_the_services_reasons(server: Server):
    checked = run(server.base, "check_my_engine.py", "--seed", "1", "--count", "20", "--break")
    assert checked.returncode == 1, checked.stdout + checked.stderr
    lines = checked.stdout.splitlines()
    assert lines[:2] == [
        "scenario 2 of seed 1 (short_bring_in): bring_in_seat: your engine says 3, the service says 7",
        "  because §1 WSOP-L 235: seat 7's Qs is the highest door card (kings high, aces low): seat 7 brings in"]
    assert lines[2].startswith('  snapshot: {"stakes": ')
    assert lines[-1] == "20 scenarios of seed 1 under standard; reference 2026-12: 11 disagreement(s)"


def test_the_pytest_module_passes_against_a_correct_service(server: Server):
    tested = run(server.base, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_against_service.py")
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert re.search(r"^201 passed in ", tested.stdout, re.MULTILINE), tested.stdout


def test_the_pytest_module_fails_when_the_service_is_unreachable():
    base = f"http://127.0.0.1:{free_port()}"
    tested = run(base, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_against_service.py")
    assert tested.returncode == 1, tested.stdout + tested.stderr
    assert f"the Razz rules service is not reachable at {base}" in tested.stdout
    assert re.search(r"^201 errors in ", tested.stdout, re.MULTILINE), tested.stdout


def test_the_readmes_loop_runs_with_an_engine_in_place(server: Server):
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Testing your engine against the service"):]
    loop = section[section.index("```python\n") + len("```python\n"):section.index("\n```\n")]
    engine = ("import types, check_my_engine\n"
              "my_engine = types.SimpleNamespace(bring_in_seat=check_my_engine.who_brings_in)\n")
    ran = run(server.base, "-c", engine + loop.replace("http://127.0.0.1:8080", server.base))
    assert ran.returncode == 0, ran.stdout + ran.stderr
