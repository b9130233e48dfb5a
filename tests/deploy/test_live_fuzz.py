"""The real server fuzzed over TCP by the schemathesis CLI: every operation in openapi.yaml, all checks."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ..serving.conftest import ROOT, serving
from ..yaml_documents import safe_load

pytestmark = pytest.mark.serving

MAX_EXAMPLES = 50
"""Per operation and phase: enough to reach every documented rule in seconds, not minutes."""


def summary(output: str) -> str:
    """The CLI's summary block (operations, phases, failures, test cases, seed), or its whole output."""
    heading = output.rfind("SUMMARY")
    return output[output.rfind("\n", 0, heading) + 1:] if heading >= 0 else output


def test_schemathesis_cli_finds_no_failures_against_the_real_server(tmp_path: Path):
    operations = sum(len(methods) for methods in safe_load((ROOT / "openapi.yaml").read_text())["paths"].values())
    with serving(tmp_path, PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics")) as server:
        result = subprocess.run(
            [str(Path(sys.executable).parent / "schemathesis"), "--no-color", "run", "openapi.yaml",
             "--url", server.base, "--checks", "all", "--mode", "all",
             "--phases", "examples,coverage,fuzzing,stateful", "--max-examples", str(MAX_EXAMPLES)],
            cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert server.stop() == 0
    report = summary(result.stdout + result.stderr)
    assert result.returncode == 0, report
    assert f"Tested: {operations}" in report, report
    cases = re.search(r"Test cases:\s*\n\s*(.+)", report)
    assert cases and " passed" in cases.group(1) and "failed" not in cases.group(1), report
    assert "Traceback" not in server.stderr.read_text()
