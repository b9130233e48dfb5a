"""What client generators read in the contract, derived for every operation and schema as apispec writes them.

Callers generate their clients from ``openapi.yaml`` (openapi-typescript, @hey-api/openapi-ts,
openapi-python-client, oapi-codegen, openapi-generator), so the document must type what the
service accepts and answers as those generators read it, with their default settings:

* every operation has a stable ``operationId``, its view function's name in camelCase, so that a
  generated client names its methods after the operation (``bringIn``), not after the path;
* an integer its schema does not bound within 32 bits is ``format: int64`` (chips, a seed), so that
  a Java client reads it into a ``Long``, not an ``Integer`` that a stack of 3,000,000,000 overflows;
* no property of a component schema carries a ``default`` keyword. openapi-typescript, by default,
  types a property with a default as always present, which is true of neither side here: a request
  may leave it out, and an answer that reuses the schema (a scenario's snapshot) leaves it out too.
  An optional property is optional on both sides, and its description says what applies when it
  is left out (``tests/api/test_contract.py`` checks that each one does).

The rest of what generators and linters read (``servers``, ``security: []``, the licence) is the
app's ``API_SPEC_OPTIONS`` (``service/app.py``).
"""

from __future__ import annotations

from typing import Any

from apispec import BasePlugin

INT32_MAX = 2**31 - 1
SUBSCHEMAS = ("items", "additionalProperties")
SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")


class ClientContractPlugin(BasePlugin):
    """An apispec plugin: each operation's id from its view; properties without a ``default`` keyword, their
    integers' widths stated."""

    def __init__(self) -> None:
        self.operation_ids: dict[str, str] = {}
        """Each operation id given so far, to the endpoint it names: two views of one name would share one."""

    def schema_helper(self, name: str, definition: dict[str, Any], **kwargs: Any) -> dict[str, Any] | None:
        """The schema's properties as marshmallow documented them, less any ``default`` keyword, with their
        integers' widths."""
        properties = definition.get("properties")
        if not properties:
            return None
        return {"properties": {key: with_widths(without_default(value)) for key, value in properties.items()}}

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None,
                         **kwargs: Any) -> None:
        """Name each operation of a route after its view function, refusing a name two endpoints would share."""
        endpoint = kwargs["rule"].endpoint
        for operation in (operations or {}).values():
            identifier = operation_id(endpoint)
            if self.operation_ids.setdefault(identifier, endpoint) != endpoint:
                raise ValueError(f"{endpoint} and {self.operation_ids[identifier]} would both be {identifier}: "
                                 "rename one view")
            operation["operationId"] = identifier


def operation_id(endpoint: str) -> str:
    """The operation id of a Flask endpoint (``blueprint.view``): the view's name in camelCase.

    >>> operation_id("table.legal_actions")
    'legalActions'
    >>> operation_id("operations.healthz")
    'healthz'
    """
    first, *rest = endpoint.rpartition(".")[2].split("_")
    return first + "".join(word.capitalize() for word in rest)


def without_default(schema: Any) -> Any:
    """A property's schema without its ``default`` keyword (a property named ``default`` is not a keyword here).

    >>> without_default({"type": "boolean", "default": False, "description": "Folded (default false)."})
    {'type': 'boolean', 'description': 'Folded (default false).'}
    """
    if not isinstance(schema, dict) or "default" not in schema:
        return schema
    return {key: value for key, value in schema.items() if key != "default"}


def with_widths(schema: Any) -> Any:
    """A property's schema with ``format: int64`` on each integer in it that may pass 32 bits (no maximum, or
    one above 2^31 - 1), however deep (items, alternatives); other formats are left as they are.

    >>> with_widths({"type": "integer", "minimum": 0, "maximum": 10**15})
    {'type': 'integer', 'minimum': 0, 'maximum': 1000000000000000, 'format': 'int64'}
    >>> with_widths({"type": "array", "items": {"type": "integer", "maximum": 8}})
    {'type': 'array', 'items': {'type': 'integer', 'maximum': 8}}
    """
    if not isinstance(schema, dict):
        return schema
    widened = dict(schema)
    for key in SUBSCHEMAS:
        if key in widened:
            widened[key] = with_widths(widened[key])
    for key in SUBSCHEMA_LISTS:
        if key in widened:
            widened[key] = [with_widths(alternative) for alternative in widened[key]]
    types = widened.get("type")
    integer = types == "integer" or (isinstance(types, list) and "integer" in types)
    if integer and "format" not in widened and widened.get("maximum", INT32_MAX + 1) > INT32_MAX:
        widened["format"] = "int64"
    return widened
