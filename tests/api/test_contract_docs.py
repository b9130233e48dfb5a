"""The contract teaches without the code: every property described, every operation explained, every example true."""

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from ..yaml_documents import safe_load

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"
DOCUMENT = safe_load(COMMITTED.read_text())
OPERATIONS = [(path, method, operation) for path, methods in DOCUMENT["paths"].items()
              for method, operation in methods.items()]
RULES_OPERATIONS = {"/v1/hands/rank", "/v1/hands/compare", "/v1/showdown", "/v1/bring-in", "/v1/first-to-act",
                    "/v1/legal-actions", "/v1/table/state", "/v1/hand-histories/check", "/v1/rules"}


def validator(schema: dict) -> Draft202012Validator:
    """A validator of a schema (a component's reference, or ``anyOf`` them), its references resolved inside the
    document."""
    return Draft202012Validator({**schema, "components": DOCUMENT["components"]})


def properties():
    for name, schema in DOCUMENT["components"]["schemas"].items():
        for prop, spec in schema.get("properties", {}).items():
            yield f"{name}.{prop}", spec


def test_every_property_of_every_schema_is_described():
    missing = [name for name, spec in properties() if not spec.get("description", "").strip()]
    assert not missing, missing


def test_stated_defaults():
    schemas = DOCUMENT["components"]["schemas"]
    assert "twice small_bet" in schemas["Stakes"]["properties"]["big_bet"]["description"]
    for name in ("FirstToActRequest", "Snapshot", "ShowdownRequest"):
        assert "highest seat" in schemas[name]["properties"]["dealer_seat"]["description"], name
    for name, prop in (("Board", "folded"), ("Board", "all_in"), ("ShowdownPlayer", "folded"),
                       ("ShowdownPlayer", "mucked")):
        assert "default false" in schemas[name]["properties"][prop]["description"], (name, prop)


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS, ids=[f"{m} {p}" for p, m, _ in OPERATIONS])
def test_every_operation_has_a_summary_a_description_and_examples(path, method, operation):
    assert operation.get("summary", "").strip()
    assert operation.get("description", "").strip()
    if path in RULES_OPERATIONS:
        assert "section" in operation["description"], "name the rules reference's sections it applies"
    if method == "post":
        assert "example" in operation["requestBody"]["content"]["application/json"]
    for answer in operation["responses"]["200"]["content"].values():
        assert "example" in answer


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS, ids=[f"{m} {p}" for p, m, _ in OPERATIONS])
def test_examples_fit_their_schemas(path, method, operation):
    if method == "post":
        body = operation["requestBody"]["content"]["application/json"]
        validator(body["schema"]).validate(body["example"])
    for answer in operation["responses"]["200"]["content"].values():
        validator(answer["schema"]).validate(answer["example"])


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS, ids=[f"{m} {p}" for p, m, _ in OPERATIONS])
def test_the_request_example_gets_exactly_the_response_example(client, path, method, operation):
    if method == "post":
        example = operation["requestBody"]["content"]["application/json"]["example"]
        response = client.post(path, data=json.dumps(example), content_type="application/json")
    else:
        response = client.get(path)
    assert response.status_code == 200, response.get_data(as_text=True)
    answers = operation["responses"]["200"]["content"]
    if "application/json" in answers:
        assert response.get_json() == answers["application/json"]["example"]
    for media_type, answer in answers.items():
        if media_type != "application/json":  # a document's example is its opening
            response = client.get(path, headers={"Accept": media_type})
            assert response.mimetype == media_type
            assert response.get_data(as_text=True).startswith(answer["example"]), media_type


def test_problem_examples_are_problems_the_service_sends(client):
    responses = DOCUMENT["components"]["responses"]
    check = validator({"$ref": "#/components/schemas/Problem"})
    check.validate(DOCUMENT["components"]["schemas"]["Problem"]["example"])
    for name, response in responses.items():
        example = response["content"]["application/problem+json"]["example"]
        check.validate(example)
        assert "additionalProp1" not in json.dumps(example), name
    sent = client.post("/v1/hands/rank", json={"hands": [["As", "As"]]})
    assert sent.get_json() == responses["UNPROCESSABLE_ENTITY"]["content"]["application/problem+json"]["example"]
    sent = client.post("/v1/hands/rank", data="{", content_type="application/json")
    assert sent.get_json() == responses["BAD_REQUEST"]["content"]["application/problem+json"]["example"]
    sent = client.post("/v1/hands/rank", data="{}", content_type="text/plain")
    assert sent.get_json() == responses["UNSUPPORTED_MEDIA_TYPE"]["content"]["application/problem+json"]["example"]
