"""PHH texts for the hand-history tests: the WSOP samples and their pots, rewritten one entry a line, and texts of any
format posted to the check.

A sample is read with the standard library's TOML reader, never the service's, and written back
with every ``actions`` entry on a line of its own, so a test can say which line an entry is on
without asking the reader under test.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

SAMPLES_DIR = Path(__file__).parent / "samples"
SAMPLES = {path.name.split("-")[4].split("_")[0]: path for path in sorted(SAMPLES_DIR.glob("wsop-*.phh"))}
STUD_PHH = sorted(path.name for path in SAMPLES_DIR.glob("phh-wsop-*.phh"))
"""The WSOP final table's stud and stud/8 hands, as published."""
"""The four WSOP hands by their hand number in the file name: '20', '22', '24', '83'."""

# Each sample's pot, added up from its own entries (ante 50,000 x 5, bring-in 50,000, small bet 200,000, big bet
# 400,000; hand 83: ante 100,000 x 2, bring-in 100,000, small bet 300,000), never read back from the service.
POT_20 = 5 * 50_000 + (50_000 + 200_000 + 200_000) + 2 * 200_000 + 2 * 400_000 + 400_000
"""Antes; 3rd: bring-in, completion, call (three fold); 4th: bet, call; 5th: bet, call; 6th: a bet nobody calls."""
POT_22 = 5 * 50_000 + (50_000 + 200_000 + 200_000) + 200_000
"""Antes; 3rd: bring-in, p4 calls 50,000 then 200,000 in all, p5 completes; 4th: p5 bets, p4 folds."""
POT_24 = 5 * 50_000 + (50_000 + 400_000 + 400_000) + 2 * 200_000 + 3 * 2 * 400_000
"""Antes; 3rd: bring-in (folded), p2 to 400,000, p3 to 400,000; 4th: bet and call; 5th-7th: bet and call."""
POT_83 = 2 * 100_000 + 100_000 + 300_000
"""Antes, the bring-in and the completion nobody calls."""

CHECK = "/v1/hand-histories/check"
PROBLEM_BASE = "https://razz.rules/problems/"


def sample_text(number: str) -> str:
    """A sample file's text, as published."""
    return SAMPLES[number].read_text()


def sample_fields(number: str) -> dict[str, Any]:
    """A sample's fields, read by tomllib."""
    return tomllib.loads(sample_text(number))


def toml_value(value: Any) -> str:
    """A TOML value for the fields these tests write: strings, booleans, numbers and lists of them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return "'" + value + "'"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return str(value)


def phh(fields: dict[str, Any], actions: list[str] | None = None) -> str:
    """A PHH text of ``fields`` in their order, ``actions`` (default: the fields' own) one entry a line, last."""
    entries = fields["actions"] if actions is None else actions
    lines = [f"{name} = {toml_value(value)}" for name, value in fields.items() if name != "actions"]
    lines.append("actions = [")
    lines += [f"  {toml_value(entry)}," for entry in entries]
    lines.append("]")
    return "\n".join(lines) + "\n"


def phhs(*tables: str) -> str:
    """A PHHS text: each table's text under its header [1], [2]..., a blank line after each."""
    return "".join(f"[{number}]\n{text.rstrip()}\n\n" for number, text in enumerate(tables, start=1))


def check(client, text: str, fmt: str | None = "phh", **extra: Any) -> dict[str, Any]:
    """POST a text to the check in format ``fmt`` (None: the format the text is told to be in); the accepted
    answer."""
    body = {"text": text, **extra} if fmt is None else {"format": fmt, "text": text, **extra}
    response = client.post(CHECK, json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def check_one(client, text: str, fmt: str | None = "phh", **extra: Any) -> dict[str, Any]:
    """The one hand a text holds, checked."""
    answer = check(client, text, fmt, **extra)
    assert answer["summary"]["hands"] == len(answer["hands"]) == 1, answer["summary"]
    return answer["hands"][0]


def without_amounts(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A snapshot with its actions' amounts left out: PHH writes none for a call or a bring-in, so a hand converted
    to PHH and read back is the same hand with the amounts the rules put back."""
    return {**snapshot, "actions": [(action["seat"], action["type"]) for action in snapshot["actions"]]}


def table_state(client, body: dict[str, Any]) -> dict[str, Any]:
    """POST /v1/table/state's answer for a snapshot body."""
    response = client.post("/v1/table/state", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def problem(kind: str) -> str:
    """A problem type's URI."""
    return PROBLEM_BASE + kind


SHORT_STACKS = [20, 25, 30, 35, 45, 50, 1000]
"""Seven players: five all-in short of a completion on 3rd street, the sixth all-in completing, the bring-in calling."""


def all_in_hand(seed: int) -> str:
    """A seven-player hand whose every chip goes in on 3rd street, cards dealt from ``seed``: six pots, for 7, 6, 5,
    4, 3 and 2 players, each an equity question when the hand is checked."""
    deal = random.Random(seed)
    deck = [rank + suit for rank in "A23456789TJQ" for suit in "shdc"]  # the kings left out: p7 brings in with Kd
    deal.shuffle(deck)
    cards = [deck[index * 7:(index + 1) * 7] for index in range(6)] + [[*deck[42:44], "Kd", *deck[44:48]]]
    actions = [f"d dh p{index + 1} {''.join(hand[:3])}" for index, hand in enumerate(cards)]
    actions += ["p7 pb", "p1 cc", "p2 cbr 15", "p3 cbr 20", "p4 cbr 25", "p5 cbr 35", "p6 cbr 40", "p7 cc"]
    for street in range(3, 7):
        actions += [f"d dh p{index + 1} {hand[street]}" for index, hand in enumerate(cards)]
    actions += [f"p{index + 1} sm {''.join(hand)}" for index, hand in enumerate(cards)]
    return (f"variant = 'FR'\nantes = {[10] * 7}\nbring_in = 10\nsmall_bet = 40\nbig_bet = 80\n"
            f"starting_stacks = {SHORT_STACKS}\nactions = {actions}\n")


def all_in_phhs(count: int) -> str:
    """``count`` all-in hands (``all_in_hand``) as one PHHS."""
    return "".join(f"[{number}]\n{all_in_hand(number)}\n" for number in range(1, count + 1))
