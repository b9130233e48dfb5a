"""The contract as a client generator reads it: its operations by operationId, and every example it gives."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..yaml_documents import safe_load

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = ROOT / "openapi.yaml"
DOCUMENT: dict[str, Any] = safe_load(CONTRACT.read_text())
JSON = "application/json"
PROBLEM_JSON = "application/problem+json"


@dataclass(frozen=True)
class Operation:
    """One operation of the contract, by the id generators name it after."""

    operation_id: str
    method: str
    path: str
    request_example: Any
    """The request body's example, or None for an operation that takes none."""

    @property
    def name(self) -> str:
        return f"{self.method.upper()} {self.path}"

    @property
    def answers_json(self) -> bool:
        """Whether its answer is JSON, or a document (the rules reference's text)."""
        return JSON in DOCUMENT["paths"][self.path][self.method]["responses"]["200"]["content"]


def operations() -> list[Operation]:
    """Every operation of the contract."""
    found = []
    for path, methods in DOCUMENT["paths"].items():
        for method, operation in methods.items():
            body = operation.get("requestBody", {}).get("content", {}).get(JSON, {})
            found.append(Operation(operation["operationId"], method, path, body.get("example")))
    return found


@dataclass(frozen=True)
class Example:
    """An example the contract gives, and the type it is an example of.

    ``kind`` says which: ``request`` (``owner`` an operation id), ``response`` (an operation id and
    ``status``), ``problem`` (a problem+json response, of the Problem schema), ``schema`` (``owner`` a
    component schema) or ``property`` (``owner`` a component schema, ``part`` its property).
    """

    label: str
    value: Any
    kind: str
    owner: str
    part: str = ""


def examples() -> Iterator[Example]:
    """Every example of the contract: each operation's request and answers, each problem, schema and property."""
    for path, methods in DOCUMENT["paths"].items():
        for method, operation in methods.items():
            name, operation_id = f"{method.upper()} {path}", operation["operationId"]
            body = operation.get("requestBody", {}).get("content", {}).get(JSON, {})
            if "example" in body:
                yield Example(f"{name} request", body["example"], "request", operation_id)
            for status, response in operation["responses"].items():
                content = response.get("content", {})
                if "example" in content.get(JSON, {}):
                    yield Example(f"{name} {status} answer", content[JSON]["example"], "response", operation_id,
                                  status)
    for name, response in DOCUMENT["components"]["responses"].items():
        yield Example(f"{name} problem", response["content"][PROBLEM_JSON]["example"], "problem", "Problem")
    for name, schema in DOCUMENT["components"]["schemas"].items():
        if "example" in schema:
            yield Example(f"{name} example", schema["example"], "schema", name)
        for prop, spec in schema.get("properties", {}).items():
            if "example" in spec:
                yield Example(f"{name}.{prop} example", spec["example"], "property", name, prop)


def problem_types_by_name() -> dict[str, str]:
    """Each problem type's URI by the name a generated enum member should have: its kind's (``OVER_BUDGET``), not
    the whole URI's."""
    uris = DOCUMENT["components"]["schemas"]["Problem"]["properties"]["type"]["enum"]
    return {uri.rpartition("/")[2].upper().replace("-", "_"): uri for uri in uris}


_CHECKED_DOWN = {
    "stakes": {"ante": 5, "bring_in": 10, "small_bet": 40, "big_bet": 80},
    "players": [{"seat": 1, "stack": 500, "up_cards": ["7c", "8h", "9s", "Kd"], "down_cards": ["As", "2d", "4c"]},
                {"seat": 2, "stack": 500, "up_cards": ["3h", "Qd", "Qs", "5h"], "down_cards": ["Kc", "Ks", "6s"]}],
    "actions": [{"seat": 2, "type": "bring_in"}, {"seat": 1, "type": "call"},
                *[{"seat": seat, "type": "check"} for _ in range(4) for seat in (2, 1)]],
}
"""A whole hand checked down: in stud seat 2's kings and queens take the pot, in stud/8 seat 1's low takes half."""

GAME_REQUESTS: list[tuple[str, str, dict[str, Any]]] = [
    ("bringIn", "stud", {"game": "stud", "players": [{"seat": 1, "door_card": "7c"}, {"seat": 3, "door_card": "2c"}]}),
    ("firstToAct", "stud8", {"game": "stud8", "street": 4, "players": [{"seat": 1, "up_cards": ["2c", "7h"]},
                                                                      {"seat": 3, "up_cards": ["Kd", "Qd"]}]}),
    ("tableState", "stud", {"game": "stud", **_CHECKED_DOWN}),
    ("tableState", "stud8", {"game": "stud8", **_CHECKED_DOWN}),
    ("drawScenarios", "stud8", {"game": "stud8", "seed": 5, "count": 10}),
]
"""Requests of the other games beside the contract's razz examples, by operation id and game: each client sends
them typed as it types the operation's body, and reads the answer whole."""
