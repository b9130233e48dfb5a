"""The README's "Clients" commands run as written on a machine that has only node, npm and Python: from the npm
registry and PyPI, in an empty folder holding the contract; what they generate type-checks and runs.

The versions they pin are the ones ``clients/package.json`` and ``pyproject.toml`` pin for the rest of
``tests/clients/``. Java's generator command is the one ``test_java_client.py`` runs and compiles (its jar is the
version the README pins, checked here), so it is not run twice. Go's command is documented as not run (no Go 1.24
here).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from ..serving.conftest import Server
from .contract import CONTRACT
from .readme import COMMANDS, PYTHON_EXAMPLE, TYPESCRIPT_EXAMPLES, pip_pin
from .test_java_client import README_GENERATOR
from .typescript import CLIENTS, TSCONFIG, compile_strictly, needs_node

README_BASE = "http://127.0.0.1:8080"
"""Where the examples call the service; the test's server is elsewhere."""


def shell(commands: str, folder: Path, path: Path | None = None, timeout: float = 600) -> str:
    """Run the README's commands with bash in ``folder`` (a venv's ``path`` first on PATH): what they printed."""
    env = {**os.environ, "PATH": f"{path}:{os.environ['PATH']}" if path else os.environ["PATH"]}
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", commands], cwd=folder, capture_output=True, text=True,
                          timeout=timeout, check=False, env=env)
    assert done.returncode == 0, f"{commands}\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


def empty_folder(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """A new folder holding only the contract, as a caller who downloaded it has."""
    folder = tmp_path_factory.mktemp(name)
    shutil.copy(CONTRACT, folder / "openapi.yaml")
    return folder


@pytest.fixture(scope="module")
def fresh_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment's scripts folder: where the README's ``pip install`` puts the generators."""
    folder = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", folder], check=True, timeout=120)
    return folder / "bin"


def test_the_readme_pins_the_versions_the_tests_pin():
    pinned = json.loads((CLIENTS / "package.json").read_text())["devDependencies"]
    written = dict(re.findall(r"-p (@?[\w/.-]+)@([\d.]+)", COMMANDS["typescript"]))
    written |= dict(re.findall(r"npm install (@?[\w/.-]+)@([\d.]+)", COMMANDS["typescript"]))
    assert written == {name: pinned[name] for name in written}
    assert set(written) == {"typescript", "openapi-typescript", "@hey-api/openapi-ts", "openapi-fetch"}
    name, pinned_version = pip_pin("python")
    assert (name, version(name)) == ("openapi-python-client", pinned_version)


@pytest.mark.slow
@needs_node
def test_the_typescript_commands_generate_clients_the_examples_type_check_against(tmp_path_factory):
    folder = empty_folder(tmp_path_factory, "typescript")
    shell(COMMANDS["typescript"], folder)
    sources = []
    for index, example in enumerate(TYPESCRIPT_EXAMPLES):
        (folder / f"example_{index}.ts").write_text(example)
        sources.append(f"example_{index}.ts")
    options = {**TSCONFIG["compilerOptions"], "module": "esnext", "moduleResolution": "bundler"}
    (folder / "tsconfig.json").write_text(json.dumps({"compilerOptions": options, "files": sources}))
    assert len(sources) == 2 and (folder / "razz.ts").is_file() and (folder / "razz-client" / "sdk.gen.ts").is_file()
    assert compile_strictly(folder) == []


@pytest.fixture
def python_client(tmp_path_factory: pytest.TempPathFactory, fresh_python: Path) -> Path:
    """The folder the README's Python command generated its package in."""
    folder = empty_folder(tmp_path_factory, "python")
    shell(COMMANDS["python"], folder, fresh_python)
    return folder


@pytest.mark.slow
def test_the_python_command_generates_a_client_the_example_runs_with(python_client, fresh_python, server: Server):
    assert README_BASE in PYTHON_EXAMPLE
    done = subprocess.run([fresh_python / "python", "-c", PYTHON_EXAMPLE.replace(README_BASE, server.base)],
                          cwd=python_client / "razz-rules-service-client", capture_output=True, text=True,
                          timeout=60, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "3\n", "")


def test_the_java_command_is_the_one_the_java_client_test_runs_with_the_jar_it_pins():
    name, pinned = pip_pin("java")
    assert (name, version(name)) == ("openapi-generator-cli", pinned)
    assert README_GENERATOR[:2] == ["openapi-generator-cli", "generate"]
