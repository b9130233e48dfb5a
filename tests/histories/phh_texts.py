"""PHH texts for the hand-history tests: the WSOP samples, rewritten one entry a line, and posted to the check.

A sample is read with the standard library's TOML reader, never the service's, and written back
with every ``actions`` entry on a line of its own, so a test can say which line an entry is on
without asking the reader under test.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

SAMPLES_DIR = Path(__file__).parent / "samples"
SAMPLES = {path.name.split("-")[4].split("_")[0]: path for path in sorted(SAMPLES_DIR.glob("wsop-*.phh"))}
"""The four WSOP hands by their hand number in the file name: '20', '22', '24', '83'."""

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


def line_of(text: str, written: str, after: int = 0) -> int:
    """The 1-based line of the first line of ``text`` past line ``after`` that holds ``written``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if number > after and written in line:
            return number
    raise AssertionError(f"{written!r} is not in the text after line {after}")


def check(client, text: str, **extra: Any) -> dict[str, Any]:
    """POST a PHH text to the check; the accepted answer."""
    response = client.post(CHECK, json={"format": "phh", "text": text, **extra})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def check_one(client, text: str, **extra: Any) -> dict[str, Any]:
    """The one hand a PHH text holds, checked."""
    answer = check(client, text, **extra)
    assert answer["summary"]["hands"] == len(answer["hands"]) == 1, answer["summary"]
    return answer["hands"][0]


def table_state(client, body: dict[str, Any]) -> dict[str, Any]:
    """POST /v1/table/state's answer for a snapshot body."""
    response = client.post("/v1/table/state", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def problem(kind: str) -> str:
    """A problem type's URI."""
    return PROBLEM_BASE + kind
