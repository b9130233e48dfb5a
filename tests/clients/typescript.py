"""TypeScript clients generated from the contract with each generator's defaults, and programs that use them.

The generators, linters and compiler are the npm packages pinned in ``clients/package-lock.json``
(``npm ci --prefix clients`` installs them). Every program here is written from the contract, so
that a new operation is called and each new example type-checked with no test to edit.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from .contract import CONTRACT, GAME_REQUESTS, JSON, ROOT, Example, Operation, operations

CLIENTS = ROOT / "clients"
PACKAGES = CLIENTS / "node_modules"
NODE = shutil.which("node")
OLDEST_NODE = (20, 19)
"""The oldest node every pinned package runs on (@hey-api/openapi-ts asks for 20.19)."""


def node_version() -> tuple[int, ...]:
    """The version of the node on PATH (0 when there is none)."""
    if NODE is None:
        return (0,)
    printed = subprocess.run([NODE, "--version"], capture_output=True, text=True, check=True).stdout
    return tuple(int(part) for part in printed.strip().lstrip("v").split("."))


needs_node = pytest.mark.skipif(
    node_version() < OLDEST_NODE or not PACKAGES.is_dir(),
    reason="needs node 20.19 or later and the pinned npm packages: apt-get install nodejs npm && "
           "npm ci --prefix clients (.ci/run does both)")

TSCONFIG = {
    "compilerOptions": {
        "strict": True, "target": "es2022", "module": "commonjs", "lib": ["es2022", "dom", "dom.iterable"], "types": [],
        "skipLibCheck": True, "outDir": "built",
    },
}
"""tsc --strict over the generated clients and the programs written here (only the packages' .d.ts are skipped)."""

OPENAPI_TYPESCRIPT = "openapi-typescript"
"""The module openapi-typescript writes: the contract's types (``paths``, ``operations``, ``components``)."""
HEY_API = "hey-api"
"""The folder @hey-api/openapi-ts writes: types, an SDK function per operation, its fetch client."""

IMPORTS = (f'import type {{ components, operations, paths }} from "./{OPENAPI_TYPESCRIPT}";\n'
           f'import type * as hey from "./{HEY_API}/types.gen";\n')


def run(arguments: list[str | Path], cwd: Path, timeout: float = 180,
        **env: str) -> subprocess.CompletedProcess[str]:
    """Run a command, with ``env`` over this environment, and keep what it prints; the caller judges the exit code."""
    return subprocess.run([str(argument) for argument in arguments], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, check=False, env={**os.environ, **env})


def tool(name: str) -> Path:
    """A command an npm package installs."""
    return PACKAGES / ".bin" / name


def generate(folder: Path) -> dict[str, str]:
    """Both TypeScript clients, generated in ``folder`` from openapi.yaml with default settings; what each printed."""
    (folder / "node_modules").symlink_to(PACKAGES, target_is_directory=True)
    (folder / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    printed = {}
    commands = {OPENAPI_TYPESCRIPT: [tool("openapi-typescript"), CONTRACT, "-o", f"{OPENAPI_TYPESCRIPT}.ts"],
                HEY_API: [tool("openapi-ts"), "-i", CONTRACT, "-o", HEY_API]}
    for name, command in commands.items():
        done = run(command, folder)
        assert done.returncode == 0, done.stdout + done.stderr
        printed[name] = done.stdout + done.stderr
    return printed


def compile_strictly(folder: Path, emit: bool = False) -> list[str]:
    """``tsc --strict`` over the sources ``use_sources`` named (and all they import): each error it reports."""
    done = run([tool("tsc"), "-p", ".", *([] if emit else ["--noEmit"])], folder)
    if done.returncode == 0:
        return []
    return [line for line in done.stdout.splitlines() if ": error TS" in line] or [done.stdout + done.stderr]


def use_sources(folder: Path, *sources: str) -> None:
    """Point the project's tsconfig at ``sources`` (each compiled with what it imports)."""
    (folder / "tsconfig.json").write_text(json.dumps({**TSCONFIG, "files": list(sources)}))


def pascal(operation_id: str) -> str:
    """The name @hey-api/openapi-ts gives an operation's types (``BringInData``, ``BringInResponses``)."""
    return operation_id[0].upper() + operation_id[1:]


def example_types(example: Example, media_type: str = JSON) -> tuple[str, str]:
    """The type an example must have, as openapi-typescript and as @hey-api/openapi-ts name it."""
    if example.kind == "request":
        return (f'NonNullable<operations["{example.owner}"]["requestBody"]>["content"]["{JSON}"]',
                f'hey.{pascal(example.owner)}Data["body"]')
    if example.kind == "response":
        return (f'operations["{example.owner}"]["responses"][{example.part}]["content"]["{media_type}"]',
                f"hey.{pascal(example.owner)}Responses[{example.part}]")
    schema = f'components["schemas"]["{example.owner}"]'
    if example.kind == "property":
        return f'{schema}["{example.part}"]', f'hey.{example.owner}["{example.part}"]'
    return schema, f"hey.{example.owner}"


def answer_types(operation_id: str, status: int) -> tuple[str, str]:
    """The type an answer of the server must have: its operation's 200 answer, or a problem."""
    if status == 200:
        (answered,) = [operation for operation in operations() if operation.operation_id == operation_id]
        media_type = JSON if answered.answers_json else "text/plain"  # a document: its text, as sent by default
        return example_types(Example("", None, "response", operation_id, "200"), media_type)
    return example_types(Example("", None, "problem", "Problem"))


def typed_constants(labelled: Iterable[tuple[str, tuple[str, str], Any]]) -> str:
    """A module declaring each value as a constant of both generators' types, one per line, its label beside it.

    An object literal typed so is checked for every property: a missing required one, one of the
    wrong type, and one the type does not declare.
    """
    lines = [IMPORTS]
    for index, (label, types, value) in enumerate(labelled):
        for generator, type_ in zip((OPENAPI_TYPESCRIPT, HEY_API), types, strict=True):
            name = f"{generator.replace('-', '_')}_{index}"
            lines.append(f"/* {label} as {generator} types it */ export const {name}: {type_} = {json.dumps(value)};")
    return "\n".join(lines) + "\n"


def labels_of(errors: list[str], source: Path) -> list[str]:
    """Each tsc error of ``source`` with the label of the line it is on: which example or answer it refuses."""
    lines = source.read_text().splitlines()
    named = []
    for error in errors:
        found = re.match(rf"{re.escape(source.name)}\((\d+),\d+\): (.*)", error)
        label = re.match(r"/\* (.*?) \*/", lines[int(found[1]) - 1]) if found else None
        named.append(f"{label[1]}: {found[2]}" if found and label else error)
    return named


def caller_program(base: str, operations: list[Operation]) -> str:
    """A program that calls every operation on the server at ``base`` with both generated clients, and prints
    each answer: the contract's request example as the body, plain and explained (``?explain=true``), an
    empty object for the problem each POST answers it, the requests of the other games (``GAME_REQUESTS``),
    and each drawn scenario's snapshot, of every game, sent back as a table state request, typed as the
    generated clients type it.
    """
    calls = []
    for operation in operations:
        method = operation.method.upper()
        if operation.request_example is None:
            parse_as = "" if operation.answers_json else ', { parseAs: "text" }'  # openapi-fetch reads JSON else
            calls += [f'await record("openapi-fetch", "{operation.operation_id}", '
                      f'fetchClient.{method}("{operation.path}"{parse_as}));',
                      f'await record("hey-api", "{operation.operation_id}", sdk.{operation.operation_id}());']
            continue
        body = json.dumps(operation.request_example)
        for label, fetch_query, hey_query in (("", "", ""),
                                              (" explained", ", params: { query: { explain: true } }",
                                               ", query: { explain: true }")):
            calls += [f'await record("openapi-fetch", "{operation.operation_id}{label}", fetchClient.{method}('
                      f'"{operation.path}", {{ body: {body}{fetch_query} }}));',
                      f'await record("hey-api", "{operation.operation_id}{label}", sdk.{operation.operation_id}('
                      f'{{ body: {body}{hey_query} }}));']
        calls.append(f'await record("fetch", "{operation.operation_id} problem", fetch(base + "{operation.path}", '
                     '{ method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })'
                     '.then(answered));')
    paths = {operation.operation_id: operation.path for operation in operations}
    for operation_id, game, example in GAME_REQUESTS:
        body = json.dumps(example)
        calls += [f'await record("openapi-fetch", "{operation_id} {game}", fetchClient.POST("{paths[operation_id]}", '
                  f'{{ body: {body} }}));',
                  f'await record("hey-api", "{operation_id} {game}", sdk.{operation_id}({{ body: {body} }}));']
    return CALLER.replace("BASE", json.dumps(base)).replace("CALLS", "\n    ".join(calls))


CALLER = """\
import createClient from "openapi-fetch";
import type { paths } from "./openapi-typescript";
import { client as heyClient } from "./hey-api/client.gen";
import * as sdk from "./hey-api/sdk.gen";

const base = BASE;
const GAMES = ["razz", "stud", "stud8"] as const;  // each game's scenarios, typed as the contract's enum
const fetchClient = createClient<paths>({ baseUrl: base });
heyClient.setConfig({ baseUrl: base });

interface Answer { client: string; operation: string; status: number; body: unknown }
const answers: Answer[] = [];

async function record(client: string, operation: string,
                      call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<void> {
    const { data, error, response } = await call;
    answers.push({ client, operation, status: response.status, body: data ?? error });
}

async function answered(response: Response): Promise<{ error: unknown; response: Response }> {
    return { error: await response.json(), response };
}

async function main(): Promise<void> {
    CALLS
    for (const game of GAMES) {
        const drawn = await fetchClient.POST("/v1/scenarios", { body: { game, seed: 7, count: 24 } });
        for (const scenario of drawn.data?.scenarios ?? []) {
            await record("openapi-fetch", `tableState of a ${game} scenario`, fetchClient.POST("/v1/table/state", {
                body: scenario.snapshot, params: { query: { explain: true } } }));
        }
        const heyDrawn = await sdk.drawScenarios({ body: { game, seed: 8, count: 24 } });
        for (const scenario of heyDrawn.data?.scenarios ?? []) {
            await record("hey-api", `tableState of a ${game} scenario`, sdk.tableState({
                body: scenario.snapshot, query: { explain: true } }));
        }
    }
    console.log(JSON.stringify(answers));
}

void main();  // a call that throws ends node with its error and exit code 1
"""
