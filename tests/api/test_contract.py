"""openapi.yaml is the contract: it must be what the app serves, and valid OpenAPI 3.1."""

import re
from pathlib import Path
from types import SimpleNamespace

import marshmallow as ma
import pytest
from apispec.ext.marshmallow import MarshmallowPlugin
from openapi_spec_validator import validate

from service.api.contract import ClientContractPlugin

from ..yaml_documents import safe_load

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"
REGENERATE = "flask --app service.app:create_app openapi write --format=yaml openapi.yaml"


def test_committed_openapi_yaml_is_what_the_app_serves(client):
    served = client.get("/openapi.yaml")
    assert served.status_code == 200
    assert served.get_data(as_text=True) == COMMITTED.read_text(), f"regenerate it: {REGENERATE}"


def test_json_and_yaml_documents_agree(client):
    assert client.get("/openapi.json").get_json() == safe_load(COMMITTED.read_text())


def test_contract_is_valid_openapi_3_1():
    document = safe_load(COMMITTED.read_text())
    assert document["openapi"] == "3.1.0"
    validate(document)


def test_every_json_operation_documents_its_problems():
    document = safe_load(COMMITTED.read_text())
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method == "post":
                assert {"400", "413", "415", "422"} <= set(operation["responses"]), path
                problem = operation["responses"]["422"]
                assert problem == {"$ref": "#/components/responses/UNPROCESSABLE_ENTITY"}
    content = document["components"]["responses"]["UNPROCESSABLE_ENTITY"]["content"]
    assert list(content) == ["application/problem+json"]


def test_card_constraints_are_in_the_schema():
    hand = safe_load(COMMITTED.read_text())["components"]["schemas"]["RankRequest"]["properties"]["hands"]
    assert (hand["minItems"], hand["maxItems"]) == (1, 1000)
    cards = hand["items"]
    assert (cards["minItems"], cards["maxItems"], cards["uniqueItems"]) == (1, 7, True)
    assert cards["items"]["pattern"] == "^[A2-9TJQK][shdc]$"


def test_every_operation_is_named_once_after_its_view():
    document = safe_load(COMMITTED.read_text())
    ids = [operation.get("operationId", "") for operations in document["paths"].values()
           for operation in operations.values()]
    assert all(re.fullmatch(r"[a-z]+(?:[A-Z][a-z]+)*", operation_id) for operation_id in ids), ids
    assert len(set(ids)) == len(ids), ids
    assert document["paths"]["/v1/legal-actions"]["post"]["operationId"] == "legalActions"


def test_two_views_of_one_name_would_share_an_operation_id_and_are_refused():
    plugin = ClientContractPlugin()
    plugin.operation_helper(operations={"post": {}}, rule=SimpleNamespace(endpoint="table.bring_in"))
    with pytest.raises(ValueError, match="bringIn"):
        plugin.operation_helper(operations={"post": {}}, rule=SimpleNamespace(endpoint="other.bring_in"))


def test_the_contract_says_where_it_is_served_and_that_no_operation_asks_for_credentials():
    document = safe_load(COMMITTED.read_text())
    assert [server["url"] for server in document["servers"]] == ["/"]
    assert document["security"] == []
    assert document["info"]["license"]["identifier"] == "MIT"


def test_no_property_carries_a_default_keyword():
    """openapi-typescript types a property with a default as always there, which neither side is."""
    schemas = safe_load(COMMITTED.read_text())["components"]["schemas"]
    carrying = [f"{name}.{prop}" for name, schema in schemas.items()
                for prop, spec in schema.get("properties", {}).items() if "default" in spec]
    assert not carrying, carrying


def test_every_optional_property_says_its_default_in_words(app):
    """The default the contract cannot carry as a keyword is in the description (a null default is 'not given')."""
    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    marshmallow_plugin = next(plugin for plugin in api.spec.plugins if isinstance(plugin, MarshmallowPlugin))
    unsaid = []
    for (schema, *_modifiers), name in marshmallow_plugin.converter.refs.items():
        for field_name, field in schema().fields.items():
            default = field.metadata.get("default", field.load_default)
            if default not in (ma.missing, None) and "default" not in field.metadata.get("description", ""):
                unsaid.append(f"{name}.{field_name}")
    assert not unsaid, unsaid


def test_an_integer_that_may_pass_32_bits_is_int64_and_no_other():
    """A Java or Go client reads chips and seeds into 64-bit integers, and a field bounded lower as it is."""
    schemas = safe_load(COMMITTED.read_text())["components"]["schemas"]
    assert schemas["DoorCard"]["properties"]["stack"]["format"] == "int64"
    assert schemas["ScenariosRequest"]["properties"]["seed"]["format"] == "int64"
    assert schemas["Pot"]["properties"]["amount"]["format"] == "int64"
    assert "format" not in schemas["Rules"]["properties"]["max_players"]
    assert "format" not in schemas["Problem"]["properties"]["status"]
