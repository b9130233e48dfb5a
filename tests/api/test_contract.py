"""openapi.yaml is the contract: it must be what the app serves, and valid OpenAPI 3.1."""

from pathlib import Path

import yaml
from openapi_spec_validator import validate

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"
REGENERATE = "flask --app service.app:create_app openapi write --format=yaml openapi.yaml"


def test_committed_openapi_yaml_is_what_the_app_serves(client):
    served = client.get("/openapi.yaml")
    assert served.status_code == 200
    assert served.get_data(as_text=True) == COMMITTED.read_text(), f"regenerate it: {REGENERATE}"


def test_json_and_yaml_documents_agree(client):
    assert client.get("/openapi.json").get_json() == yaml.safe_load(COMMITTED.read_text())


def test_contract_is_valid_openapi_3_1():
    document = yaml.safe_load(COMMITTED.read_text())
    assert document["openapi"] == "3.1.0"
    validate(document)


def test_every_json_operation_documents_its_problems():
    document = yaml.safe_load(COMMITTED.read_text())
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method == "post":
                assert {"400", "413", "415", "422"} <= set(operation["responses"]), path
                problem = operation["responses"]["422"]
                assert problem == {"$ref": "#/components/responses/UNPROCESSABLE_ENTITY"}
    content = document["components"]["responses"]["UNPROCESSABLE_ENTITY"]["content"]
    assert list(content) == ["application/problem+json"]


def test_card_constraints_are_in_the_schema():
    hand = yaml.safe_load(COMMITTED.read_text())["components"]["schemas"]["RankRequest"]["properties"]["hands"]
    assert (hand["minItems"], hand["maxItems"]) == (1, 1000)
    cards = hand["items"]
    assert (cards["minItems"], cards["maxItems"], cards["uniqueItems"]) == (1, 7, True)
    assert cards["items"]["pattern"] == "^[A2-9TJQK][shdc]$"
