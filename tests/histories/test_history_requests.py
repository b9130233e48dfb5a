"""Requests POST /v1/hand-histories/check refuses as a whole: 422 naming the field, 413 over the body limit."""

import pytest

from service.app import create_app
from tests.api.table_helpers import PROBLEM, assert_field_problem

from .phh_texts import CHECK, check, problem, sample_text

TINY = "variant = 'FR'\n"
"""A table the reader refuses (no antes...): the cheapest table that still counts as a hand of the text."""


def tiny_tables(count):
    """A PHHS of ``count`` tiny tables [1]..[count]."""
    return "".join(f"[{number}]\n{TINY}" for number in range(1, count + 1))


@pytest.mark.parametrize("fmt", ["pokerstars-xml", "PHH", "phhs", "", None, 1])
def test_an_unknown_format_is_a_validation_error_naming_format(client, fmt):
    body = assert_field_problem(client.post(CHECK, json={"format": fmt, "text": sample_text("83")}), "format")
    assert body["type"] == problem("validation-error")


@pytest.mark.parametrize("text", [1, None, ["variant = 'FR'"], {"text": "variant = 'FR'"}, True])
def test_text_that_is_not_a_string_is_a_validation_error_naming_text(client, text):
    body = assert_field_problem(client.post(CHECK, json={"format": "phh", "text": text}), "text")
    assert body["type"] == problem("validation-error")


def test_empty_text_is_a_validation_error_naming_text(client):
    body = assert_field_problem(client.post(CHECK, json={"format": "phh", "text": ""}), "text")
    assert body["type"] == problem("validation-error")


def test_a_missing_text_is_named(client):
    assert_field_problem(client.post(CHECK, json={"format": "phh"}), "text")


def test_a_missing_format_reads_the_format_the_text_is_written_in(client):
    answer = client.post(CHECK, json={"text": sample_text("83")}).get_json()
    assert answer["summary"] == {"hands": 1, "valid": 1, "agree": 1, "skipped": 0}


def test_an_unknown_field_is_named(client):
    assert_field_problem(client.post(CHECK, json={"format": "phh", "text": TINY, "hands": []}), "hands")


def test_rules_the_service_does_not_know_are_named(client):
    body = {"format": "phh", "text": sample_text("83"), "rules": {"max_raises_after_bet": 0}}
    response = client.post(CHECK, json=body)
    assert response.status_code == 422
    assert any(path.startswith("rules") for path in response.get_json()["errors"]), response.get_json()


def test_a_thousand_hands_are_checked(client):
    answer = check(client, tiny_tables(1000))
    assert answer["summary"] == {"hands": 1000, "valid": 0, "agree": 0, "skipped": 0}
    assert [hand["index"] for hand in answer["hands"]] == list(range(1000))
    assert answer["hands"][-1]["error"]["line"] == 2 * 999 + 1  # the header of [1000]


def test_more_than_a_thousand_hands_are_a_validation_error_naming_text(client):
    body = assert_field_problem(client.post(CHECK, json={"format": "phh", "text": tiny_tables(1001)}), "text", "1001")
    assert body["type"] == problem("validation-error")


def test_text_longer_than_the_limit_is_a_validation_error_naming_text(client):
    text = "#" * 3_000_001  # 3,000,001 characters: within the body limit (4 MiB), over the text's
    assert_field_problem(client.post(CHECK, json={"format": "phh", "text": text}), "text")


def test_a_body_over_the_size_limit_is_a_413(client):
    response = client.post(CHECK, json={"format": "phh", "text": "#" * (4 * 1024 * 1024)})
    assert response.status_code == 413
    assert response.content_type == PROBLEM
    assert response.get_json()["type"] == problem("payload-too-large")


def test_a_body_over_a_configured_size_limit_is_a_413():
    client = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 200}).test_client()
    assert client.post(CHECK, json={"format": "phh", "text": sample_text("83")}).status_code == 413
