"""Text nested deeper than any hand: every reader names the line as ``unreadable-hand``, never a 500.

``tomllib`` reads arrays and inline tables by recursion, and PHH nested 500 deep took it past
Python's stack (a ``RecursionError`` out of the check). Each format gets its own way of nesting, at
a depth just past what PHH takes, at 500 and at 100,000, written as the second line of a
valid hand.
"""

import pytest

from service.app import create_app
from service.histories.phh import MOST_NESTING

from .phh_texts import check, problem, sample_text
from .site_texts import WRITERS, checked_samples

DEPTHS = (MOST_NESTING + 1, 500, 100_000)


def nested(kind: str, depth: int) -> str:
    """A line of PHH TOML whose value is nested ``depth`` deep in arrays, inline tables or both by turns."""
    opening = {"arrays": "[" * depth, "tables": "{a = " * depth,
               "both": "".join("[" if level % 2 else "{a = " for level in range(depth))}[kind]
    closing = "".join("]" if part == "[" else "}" for part in reversed(opening.replace("{a = ", "{")))
    return f"deep = {opening}1{closing}"


def second_line(text: str, line: str) -> str:
    """``text`` with ``line`` put in after its first line."""
    first, _, rest = text.partition("\n")
    return f"{first}\n{line}\n{rest}"


def assert_unreadable_at(hand: dict, line: int) -> None:
    """The hand is ``unreadable-hand`` at ``line``."""
    error = hand["error"]
    assert error is not None and error["type"] == problem("unreadable-hand"), hand
    assert error["line"] == line, error


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("kind", ["arrays", "tables", "both"])
@pytest.mark.parametrize("fmt", ["phh", None])
def test_phh_nested_too_deep_is_unreadable_at_its_line(client, kind, depth, fmt):
    """Named or detected, a hand of a PHHS nested too deep is refused at its line; the next hand is checked."""
    text = f"[1]\n{second_line(sample_text('20'), nested(kind, depth))}\n[2]\n{sample_text('22')}"
    answer = check(client, text, fmt)
    first, second = answer["hands"]
    assert_unreadable_at(first, 3)
    assert f"nested more than {MOST_NESTING} deep" in first["error"]["detail"]
    assert second["valid"], second


def test_phh_nested_within_the_bound_is_read_as_toml(client):
    """Brackets in strings and comments are no nesting, and a value within the bound reads as tomllib reads it."""
    line = nested("both", MOST_NESTING) + " # " + "[" * 500 + "\nnote = '" + "{" * 500 + "'"
    hand = check(client, second_line(sample_text("20"), line))["hands"][0]
    assert hand["valid"], hand


@pytest.fixture(scope="module")
def site_texts():
    """A checked WSOP hand written in each site's syntax."""
    client = create_app({"TESTING": True}).test_client()
    checked = checked_samples(client)["20"]
    return {fmt: write(checked, "20") for fmt, write in WRITERS.items()}


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("fmt", ["pokerstars", "fulltilt", "winamax", "merge"])
def test_the_sites_readers_name_deep_nesting_at_its_line(client, site_texts, fmt, depth):
    """Brackets for the text exports, elements for Merge's XML: the line is named, nothing escapes."""
    line = f"{'<x>' * depth}{'</x>' * depth}" if fmt == "merge" else "[" * depth + "]" * depth
    hand = check(client, second_line(site_texts[fmt], line), fmt)["hands"][0]
    assert hand["error"] is not None and hand["error"]["type"] == problem("unreadable-hand"), hand
    assert hand["error"]["line"] == 2, hand["error"]
