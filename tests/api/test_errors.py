"""Every error status the service sends, as RFC 9457 problem details, and the request id."""

import pytest

from service.app import create_app

from .bodies import BAD_CARD_BODIES, HOSTILE_BODIES, POST_PATHS, bad_card_snapshot

PROBLEM = "application/problem+json"


def assert_problem(response, status, kind):
    assert response.status_code == status
    assert response.content_type == PROBLEM
    body = response.get_json()
    assert body["type"] == f"https://razz.rules/problems/{kind}"
    assert body["status"] == status and body["title"] and body["detail"]
    return body


def test_400_for_a_body_that_is_not_json(client):
    response = client.post("/v1/hands/rank", data="{\"hands\": [", content_type="application/json")
    body = assert_problem(response, 400, "malformed-request")
    assert body["detail"] == "the request body is not valid JSON"


def test_413_over_the_configured_body_limit():
    client = create_app({"MAX_CONTENT_LENGTH": 100}).test_client()
    response = client.post("/v1/hands/rank", json={"hands": [["As", "2c", "3d", "4h", "5s"]] * 10})
    assert_problem(response, 413, "payload-too-large")


def test_413_limit_defaults_to_four_mebibytes(client):
    padding = " " * (4 * 1024 * 1024)
    response = client.post("/v1/hands/rank", data='{"hands": [["As"]]}' + padding, content_type="application/json")
    assert_problem(response, 413, "payload-too-large")


def test_body_limit_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("RAZZ_MAX_CONTENT_LENGTH", "50")
    response = create_app().test_client().post("/v1/hands/rank", json={"hands": [["As", "2c", "3d", "4h"]] * 5})
    assert_problem(response, 413, "payload-too-large")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_415_for_a_body_that_is_not_declared_json(client, content_type):
    response = client.post("/v1/hands/rank", data='{"hands": [["As"]]}', content_type=content_type)
    assert_problem(response, 415, "unsupported-media-type")


def test_404_for_an_unknown_path(client):
    assert_problem(client.get("/v1/nothing"), 404, "not-found")


def test_405_names_the_allowed_methods(client):
    response = client.get("/v1/hands/rank")
    assert_problem(response, 405, "method-not-allowed")
    assert set(response.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


def test_422_names_the_field_and_the_reason(client):
    response = client.post("/v1/hands/rank", json={"hands": [["As", "Xx"]], "extra": 1})
    body = assert_problem(response, 422, "invalid-card")  # the first error's type, as the detail names it
    assert body["errors"] == {
        "hands[0][1]": ['not a card: "Xx" (a rank from A23456789TJQK and a suit from shdc, e.g. "As")'],
        "extra": ['unknown field "extra"'],
    }


def test_422_for_json_that_is_not_an_object(client):
    body = assert_problem(client.post("/v1/hands/rank", json=[1, 2]), 422, "validation-error")
    assert body["errors"] == {"body": ["not an object"]}


def test_500_is_a_problem_too():
    app = create_app()
    app.add_url_rule("/boom", "boom", lambda: 1 / 0)
    assert_problem(app.test_client().get("/boom"), 500, "internal-error")


def test_request_id_is_echoed(client):
    response = client.get("/healthz", headers={"X-Request-ID": "abc-123"})
    assert response.headers["X-Request-ID"] == "abc-123"


def test_request_id_is_made_when_missing_or_unsafe(client):
    made = client.get("/healthz").headers["X-Request-ID"]
    replaced = client.get("/healthz", headers={"X-Request-ID": "bad id\twith spaces"}).headers["X-Request-ID"]
    assert len(made) == 32 and len(replaced) == 32 and made != replaced


def test_errors_carry_the_request_id(client):
    response = client.get("/v1/nothing", headers={"X-Request-ID": "trace-9"})
    assert response.headers["X-Request-ID"] == "trace-9"


@pytest.mark.parametrize("path", POST_PATHS)
@pytest.mark.parametrize("name", HOSTILE_BODIES)
def test_hostile_bodies_get_a_problem_not_a_500(client, path, name):
    body, status = HOSTILE_BODIES[name]
    response = client.post(path, data=body, content_type="application/json")
    assert_problem(response, status, "validation-error" if status == 422 else "malformed-request")


def test_a_body_too_deep_or_too_large_to_read_is_named_as_such(client):
    deep = client.post("/v1/hands/rank", data=b"[" * 100_000 + b"]" * 100_000, content_type="application/json")
    assert deep.get_json()["errors"] == {"body": ["nested too deeply to read"]}
    long = client.post("/v1/hands/rank", data=b'{"hands": [[' + b"1" * 4301 + b"]]}", content_type="application/json")
    assert long.get_json()["errors"] == {"body": ["holds a number too large to read"]}
    huge = client.post("/v1/hands/rank", data=b'{"hands": [[1e400]]}', content_type="application/json")
    assert huge.get_json()["errors"] == {"body": ["holds a number too large to read"]}


@pytest.mark.parametrize(("name", "value"), [("MAX_CONTENT_LENGTH", "1MiB"), ("MAX_CONTENT_LENGTH", 0),
                                             ("REQUEST_TIMEOUT", "abc"), ("REQUEST_TIMEOUT", -1),
                                             ("REQUEST_TIMEOUT", True)])
def test_a_limit_that_would_fail_every_request_stops_the_start(name, value):
    with pytest.raises(ValueError, match=f"RAZZ_{name} must be a number above 0"):
        create_app({name: value})


@pytest.mark.parametrize("card", ["7c\n", "Zz", 7, None])
@pytest.mark.parametrize("path, body, field", BAD_CARD_BODIES)
def test_a_card_that_is_not_one_is_an_invalid_card_on_every_endpoint(client, path, body, field, card):
    problem = assert_problem(client.post(path, json=body(card)), 422, "invalid-card")
    assert list(problem["errors"]) == [field]


SEVEN = ["As", "2s", "3s", "4s", "5s", "6s", "7s"]
"""Seven cards of one's own: a whole hand, with no room for a community card."""


@pytest.mark.parametrize("path, body", [
    ("/v1/hands/compare", {"community_card": "Kd", "players": [
        {"id": "a", "cards": SEVEN}, {"id": "b", "cards": ["Ah", "2h", "3h", "4h", "5h", "6h", "7h"]}]}),
    ("/v1/showdown", {"community_card": "Kd", "players": [
        {"seat": 1, "contributed": 5, "cards": SEVEN},
        {"seat": 2, "contributed": 5, "cards": ["Ah", "2h", "3h", "4h", "5h", "6h"]}]}),
])
def test_seven_cards_of_ones_own_beside_the_community_card_are_too_many_cards_on_every_endpoint(client, path, body):
    problem = assert_problem(client.post(path, json=body), 422, "too-many-cards")
    assert list(problem["errors"]) == ["players[0].cards"]


@pytest.mark.parametrize("path, body", [
    ("/v1/bring-in", {"players": [{"seat": 2, "door_card": "7c"}, {"seat": 2, "door_card": "Kd"}]}),
    ("/v1/first-to-act", {"street": 3, "players": [{"seat": 2, "up_cards": ["7c"]}, {"seat": 2, "up_cards": ["Kd"]}]}),
    ("/v1/legal-actions", {**bad_card_snapshot("7c"), "players": [{"seat": 2, "stack": 100, "up_cards": ["7c"]},
                                                            {"seat": 2, "stack": 100, "up_cards": ["Kd"]}]}),
    ("/v1/showdown", {"players": [{"seat": 2, "contributed": 5, "folded": True},
                                  {"seat": 2, "contributed": 5, "cards": ["7c", "2d", "3c", "4h", "5s", "6d", "8c"]}]}),
])
def test_a_seat_taken_twice_is_a_duplicate_seat_on_every_endpoint(client, path, body):
    problem = assert_problem(client.post(path, json=body), 422, "duplicate-seat")
    assert list(problem["errors"]) == ["players[1].seat"]
