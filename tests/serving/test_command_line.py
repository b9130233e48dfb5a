"""``python -m service``'s own command line: its options, its environment with the real defaults, its version."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import pytest

from service.app import DEFAULTS
from service.environment import VARIABLES

from .conftest import ROOT


def run(*arguments: str) -> subprocess.CompletedProcess:
    """``python -m service`` with ``arguments``, as a user types it; it must end at once (no server is started)."""
    return subprocess.run([sys.executable, "-m", "service", *arguments], cwd=ROOT, capture_output=True, text=True,
                          timeout=30, check=False)


def test_help_names_the_options_and_every_variable_with_its_default_one_line_each():
    shown = run("--help")
    assert (shown.returncode, shown.stderr) == (0, "")
    assert shown.stdout.startswith("usage: python -m service")
    for option in ("--host HOST", "--port PORT", "--bind ADDRESS", "--workers N", "--version"):
        assert option in shown.stdout
    lines = shown.stdout.splitlines()
    for variable in VARIABLES:
        [line] = [line for line in lines if line.strip().startswith(f"{variable.name}=")]
        assert line.split()[0] == f"{variable.name}={variable.default}" and variable.meaning in line
    assert "gunicorn" in shown.stdout and "Gunicorn" not in shown.stdout  # not gunicorn's own 200 lines
    assert len(lines) < 40


def test_the_defaults_shown_are_the_ones_used():
    defaults = {variable.name: variable.default for variable in VARIABLES}
    assert (defaults["HOST"], defaults["PORT"], defaults["WEB_CONCURRENCY"]) == ("127.0.0.1", "8080", "2")
    assert (str(DEFAULTS["REQUEST_TIMEOUT"]), str(DEFAULTS["MAX_CONTENT_LENGTH"])) == (
        defaults["RAZZ_REQUEST_TIMEOUT"], defaults["RAZZ_MAX_CONTENT_LENGTH"])


def test_version_is_the_services():
    shown = run("--version")
    assert (shown.returncode, shown.stdout.strip()) == (0, f"python -m service {version('razz-rules-service')}")


@pytest.mark.parametrize(("arguments", "named"), [(("--bogus",), "unrecognized arguments: --bogus"),
                                                  (("--port", "http"), "argument --port: not a port"),
                                                  (("--workers", "0"), "argument --workers: not a number of workers")])
def test_a_bad_flag_is_refused_by_the_service_itself(arguments, named):
    refused = run(*arguments)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith("usage: python -m service")
    assert f"python -m service: error: {named}" in refused.stderr
