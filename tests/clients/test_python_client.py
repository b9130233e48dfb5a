"""A Python caller takes the contract as it is: openapi-python-client, with its default settings, generates a client
whose models read and write every example of the contract and every answer of the real server, field for field."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from .contract import (
    CONTRACT,
    DOCUMENT,
    GAME_REQUESTS,
    JSON,
    Example,
    Operation,
    examples,
    operations,
    problem_types_by_name,
)

PACKAGE = "razz_rules_service_client"
"""The package openapi-python-client names after the contract's title."""


def snake(name: str) -> str:
    """How openapi-python-client names a module after an operation id or a tag.

    >>> snake("checkHistories"), snake("hand-histories")
    ('check_histories', 'hand_histories')
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower().replace("-", "_")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ModuleType, str]]:
    """The generated package, imported, and what the generator printed."""
    folder = tmp_path_factory.mktemp("python")
    scripts = Path(sys.executable).parent
    done = subprocess.run([scripts / "openapi-python-client", "generate", "--path", CONTRACT, "--output-path",
                           folder / "client"], capture_output=True, text=True, timeout=180, check=False,
                          env={"PATH": f"{scripts}:/usr/bin:/bin"})  # its formatting step runs the venv's ruff
    assert done.returncode == 0, done.stdout + done.stderr
    sys.path.insert(0, str(folder / "client"))
    try:
        yield importlib.import_module(PACKAGE), done.stdout + done.stderr
    finally:
        sys.path.remove(str(folder / "client"))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def model_of(package: ModuleType, schema: dict[str, Any]) -> Any:
    """The generated model of a component schema referenced as ``schema``."""
    return getattr(importlib.import_module(f"{package.__name__}.models"), schema["$ref"].rpartition("/")[2])


def endpoint(package: ModuleType, operation: Operation) -> Any:
    """The generated module of an operation (``api/<tag>/<operation id>.py``)."""
    tag = DOCUMENT["paths"][operation.path][operation.method]["tags"][0]
    return importlib.import_module(f"{package.__name__}.api.{snake(tag)}.{snake(operation.operation_id)}")


def answer_models(package: ModuleType, operation: Operation, status: str = "200") -> tuple[Any, ...]:
    """The generated models of an operation's answer of ``status``: one, or one per ``anyOf`` alternative."""
    schema = DOCUMENT["paths"][operation.path][operation.method]["responses"][status]["content"][JSON]["schema"]
    return tuple(model_of(package, alternative) for alternative in schema.get("anyOf", [schema]))


def request_model(package: ModuleType, operation: Operation) -> Any:
    """The generated model of an operation's request body."""
    content = DOCUMENT["paths"][operation.path][operation.method]["requestBody"]["content"]
    return model_of(package, content[JSON]["schema"])


def test_the_generator_takes_the_contract_without_a_warning(generated):
    _, printed = generated
    assert not re.search(r"warn|error", printed, re.IGNORECASE), printed


def test_problem_types_are_enum_members_named_for_their_kind(generated):
    package, _ = generated
    problem_type = importlib.import_module(f"{package.__name__}.models").ProblemType
    members = {member.name: member.value for member in problem_type}
    assert members == problem_types_by_name()
    assert members["OVER_BUDGET"] == "https://razz.rules/problems/over-budget"


def example_models(package: ModuleType, example: Example) -> tuple[Any, ...]:
    """The generated models an example may be of: its operation's request or answer (one per ``anyOf``
    alternative), or its component schema."""
    by_id = {operation.operation_id: operation for operation in operations()}
    if example.kind == "request":
        return (request_model(package, by_id[example.owner]),)
    if example.kind == "response":
        return answer_models(package, by_id[example.owner], example.part)
    return (model_of(package, {"$ref": example.owner}),)


@pytest.mark.parametrize("example", [example for example in examples() if example.kind != "property"],
                         ids=lambda example: example.label)
def test_every_example_reads_into_its_model_and_writes_back_the_same(generated, example):
    package, _ = generated
    read_back = []
    for model in example_models(package, example):
        try:
            read_back.append(model.from_dict(example.value).to_dict())
        except (KeyError, TypeError, ValueError):  # not of this alternative
            continue
    assert example.value in read_back


def test_the_client_calls_every_operation_and_reads_every_answer_whole(generated, server):
    package, _ = generated
    with package.Client(base_url=server.base, raise_on_unexpected_status=True) as client:
        for operation in operations():
            check_operation(package, client, operation)


def check_operation(package: ModuleType, client: Any, operation: Operation) -> None:
    """Call one operation with its example, plain and explained, and with an empty body: each answer read whole."""
    call = endpoint(package, operation).sync_detailed
    asked: list[dict[str, Any]] = [{}]
    if operation.request_example is not None:
        body = request_model(package, operation).from_dict(operation.request_example)
        asked = [{"body": body}, {"body": body, "explain": True}]
    for arguments in asked:
        response = call(client=client, **arguments)
        assert response.status_code == 200, (operation.name, response.content)
        if operation.answers_json:
            assert isinstance(response.parsed, answer_models(package, operation)), operation.name
            assert response.parsed.to_dict() == json.loads(response.content), operation.name
        else:  # a document: its text, whole
            assert response.parsed == response.content.decode(), operation.name
    if operation.request_example is not None:
        refused = client.get_httpx_client().post(operation.path, json={})
        problem = importlib.import_module(f"{package.__name__}.models").Problem.from_dict(refused.json())
        assert (refused.status_code, problem.to_dict()) == (422, refused.json()), operation.name


def test_the_client_sends_the_requests_of_every_game_and_reads_their_answers_whole(generated, server):
    package, _ = generated
    by_id = {operation.operation_id: operation for operation in operations()}
    with package.Client(base_url=server.base, raise_on_unexpected_status=True) as client:
        for operation_id, game, example in GAME_REQUESTS:
            operation = by_id[operation_id]
            body = request_model(package, operation).from_dict(example)
            assert body.to_dict() == example
            response = endpoint(package, operation).sync_detailed(client=client, body=body)
            assert response.status_code == 200, (operation_id, game, response.content)
            assert isinstance(response.parsed, answer_models(package, operation)), (operation_id, game)
            assert response.parsed.to_dict() == json.loads(response.content), (operation_id, game)
            assert response.headers["X-Rules"].startswith(f"{game}; ")


def test_drawn_scenarios_go_back_as_table_state_requests(generated, server):
    package, _ = generated
    with package.Client(base_url=server.base, raise_on_unexpected_status=True) as client:
        replay_scenarios(package, client)


def replay_scenarios(package: ModuleType, client: Any) -> None:
    """Draw scenarios of every game, and ask the table state of each one's snapshot as the client typed it."""
    scenarios = importlib.import_module(f"{package.__name__}.api.scenarios.draw_scenarios")
    table_state = importlib.import_module(f"{package.__name__}.api.table.table_state")
    models = importlib.import_module(f"{package.__name__}.models")
    games = list(models.ScenariosRequestGame)
    assert [game.value for game in games] == ["razz", "stud", "stud8"]
    for game in games:
        drawn = scenarios.sync(client=client, body=models.ScenariosRequest(seed=9, count=24, game=game))
        assert isinstance(drawn, models.Scenarios) and len(drawn.scenarios) == 24
        for scenario in drawn.scenarios:
            assert scenario.snapshot.to_dict().get("game", "razz") == game.value
            response = table_state.sync_detailed(client=client, body=scenario.snapshot, explain=True)
            assert isinstance(response.parsed, models.TableState), response.content
            assert response.parsed.to_dict() == json.loads(response.content)
            assert response.headers["X-Rules"].startswith(f"{game.value}; ")
