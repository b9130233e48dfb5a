"""TypeScript callers take the contract as it is: openapi-typescript (with openapi-fetch) and @hey-api/openapi-ts,
each with its default settings, type every example of the contract and every answer of the real server."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .contract import CONTRACT, GAME_REQUESTS, examples, operations, problem_types_by_name
from .typescript import (
    NODE,
    PACKAGES,
    answer_types,
    caller_program,
    compile_strictly,
    example_types,
    generate,
    labels_of,
    needs_node,
    run,
    tool,
    typed_constants,
    use_sources,
)

pytestmark = needs_node


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A folder holding both generated clients, and what each generator printed."""
    folder = tmp_path_factory.mktemp("typescript")
    return folder, generate(folder)


def test_both_generators_take_the_contract_without_a_word_of_warning(generated):
    _, printed = generated
    for generator, text in printed.items():
        assert not re.search(r"warn|error|⚠", text, re.IGNORECASE), f"{generator} said:\n{text}"


def test_every_example_of_the_contract_type_checks_strictly(generated):
    folder, _ = generated
    source = folder / "examples.ts"
    source.write_text(typed_constants((example.label, example_types(example), example.value)
                                      for example in examples()))
    use_sources(folder, source.name)
    errors = compile_strictly(folder)
    assert not errors, "\n".join(labels_of(errors, source))


def test_both_clients_call_every_operation_and_every_answer_type_checks(generated, server):
    folder, _ = generated
    source = folder / "caller.ts"
    source.write_text(caller_program(server.base, operations()))
    use_sources(folder, source.name)
    errors = compile_strictly(folder, emit=True)
    assert not errors, "the calls do not type-check:\n" + "\n".join(errors)
    done = run([NODE, "built/caller.js"], folder)
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)

    called = {(answer["client"], answer["operation"]): answer["status"] for answer in answers}
    for operation in operations():
        for client in ("openapi-fetch", "hey-api"):
            assert called.get((client, operation.operation_id)) == 200, (client, operation.name)
            if operation.request_example is not None:
                assert called.get((client, f"{operation.operation_id} explained")) == 200, (client, operation.name)
                assert called.get(("fetch", f"{operation.operation_id} problem")) == 422, operation.name
    for operation_id, game, _ in GAME_REQUESTS:
        for client in ("openapi-fetch", "hey-api"):
            assert called.get((client, f"{operation_id} {game}")) == 200, (client, operation_id, game)
    for game in ("razz", "stud", "stud8"):
        replayed = [answer for answer in answers if answer["operation"] == f"tableState of a {game} scenario"]
        assert len(replayed) == 48 and {answer["status"] for answer in replayed} == {200}, game

    source = folder / "answers.ts"
    source.write_text(typed_constants(
        (f"{answer['client']} {answer['operation']} answer",
         answer_types(answer["operation"].split()[0], answer["status"]), answer["body"])
        for answer in answers))
    use_sources(folder, source.name)
    errors = compile_strictly(folder)
    assert not errors, "\n".join(labels_of(errors, source))


def test_openapi_typescript_names_each_problem_type_for_its_kind(tmp_path):
    """Asked for enums (``--enum``), openapi-typescript writes the problem types as ``ProblemType``, each member
    named for its kind (``x-enum-varnames``)."""
    (tmp_path / "node_modules").symlink_to(PACKAGES, target_is_directory=True)
    done = run([tool("openapi-typescript"), CONTRACT, "--enum", "-o", "enums.ts"], tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    (tmp_path / "print.ts").write_text('import { ProblemType } from "./enums";\n'
                                       "console.log(JSON.stringify(ProblemType));\n")
    use_sources(tmp_path, "print.ts")
    assert compile_strictly(tmp_path, emit=True) == []
    printed = run([NODE, "built/print.js"], tmp_path)
    assert json.loads(printed.stdout) == problem_types_by_name()
