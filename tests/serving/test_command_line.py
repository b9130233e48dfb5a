"""``python -m service``'s own command line: its options, its environment with the real defaults, its version."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version

import pytest

from service.app import DEFAULTS
from service.environment import VARIABLES, refusal

from .conftest import ROOT

NAMES = {variable.name for variable in VARIABLES}


def run(*arguments: str, python_options: bool = False, **env: str) -> subprocess.CompletedProcess:
    """``python -m service`` with ``arguments`` (Python's own, before ``-m``, with ``python_options``) and ``env`` over
    this environment (none of the service's variables otherwise), as a user types it; it must end at once (no
    server is started)."""
    clean = {name: value for name, value in os.environ.items() if name not in NAMES}
    command = [sys.executable, *arguments, "-m", "service"] if python_options else [
        sys.executable, "-m", "service", *arguments]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=30, check=False,
                          env={**clean, **env})


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
                                                  (("--port", "70000"), "argument --port: not a port"),
                                                  (("--workers", "0"), "argument --workers: not a number of workers"),
                                                  (("--host", "0.0.0.0:80"), "argument --host: not an IP address"),
                                                  (("--bind", "8080"), "argument --bind: not HOST:PORT")])
def test_a_bad_flag_is_refused_by_the_service_itself(arguments, named):
    refused = run(*arguments)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith("usage: python -m service")
    assert f"python -m service: error: {named}" in refused.stderr


REFUSED = {
    "HOST": ("999.1.1.1", "not an IP address or host name"),
    "PORT": ("70000", "not a port (0 to 65535)"),
    "BIND": ("0.0.0.0", "not HOST:PORT or unix:PATH"),
    "WEB_CONCURRENCY": ("0", "not a number of workers (1 or more)"),
    "GUNICORN_WORKER_CONNECTIONS": ("many", "not a number of connections (1 or more)"),
    "GUNICORN_GRACEFUL_TIMEOUT": ("-1", "not a number of seconds (0 or more)"),
    "GUNICORN_MAX_REQUESTS": ("1e4", "not a number of requests (0 or more)"),
    "GUNICORN_CMD_ARGS": ("--keep-alive '5", "not flags a shell can split (No closing quotation)"),
    "PROMETHEUS_MULTIPROC_DIR": ("/proc/version/metrics", "not a folder this process can write in or make"),
    "RAZZ_REQUEST_TIMEOUT": ("30s", "not a number above 0"),
    "RAZZ_MAX_CONTENT_LENGTH": ("4.5", "not a number of bytes (1 or more)"),
    "RAZZ_UNREAD_ANSWERS_LIMIT": ("0", "not a number of bytes (1 or more)"),
}
"""A value each variable does not take, and what the refusal says is allowed."""


def test_every_variable_has_a_refused_value_here():
    assert set(REFUSED) == NAMES


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_bad_variable_is_refused_in_one_line_naming_it_its_value_and_what_is_allowed(name):
    value, allowed = REFUSED[name]
    refused = run(**{name: value})
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == f"python -m service: error: environment {name}: {allowed}: {value!r}\n"


def test_a_bad_variable_is_refused_before_gunicorn_or_the_app_is_imported():
    """What makes the refusal take a fraction of a second: nothing heavy is loaded before it."""
    refused = run("-X", "importtime", WEB_CONCURRENCY="0", python_options=True)
    imported = {line.rpartition("|")[2].strip() for line in refused.stderr.splitlines()[:-1]}
    assert refused.returncode == 2 and "service.environment" in imported
    assert not {"gunicorn", "flask", "service.app", "numpy"} & imported


@pytest.mark.parametrize(("name", "value"), [("PORT", "abc"), ("PORT", "-1"), ("PORT", "\uff18\uff10"),
                                             ("WEB_CONCURRENCY", "zero"), ("WEB_CONCURRENCY", "-2"),
                                             ("HOST", "0.0.0.0:8080"), ("HOST", "a host"),
                                             ("BIND", "unix:"), ("BIND", "[::1]:http"),
                                             ("RAZZ_REQUEST_TIMEOUT", "0"), ("RAZZ_REQUEST_TIMEOUT", "true"),
                                             ("RAZZ_REQUEST_TIMEOUT", "NaN")])
def test_other_bad_values_are_refused_too(name, value):
    refused = run(**{name: value})
    assert refused.returncode == 2 and refused.stderr.startswith(f"python -m service: error: environment {name}: ")
    assert refused.stderr.count("\n") == 1 and repr(value) in refused.stderr


def test_a_flag_is_read_before_the_environment_so_help_answers_whatever_it_holds():
    shown = run("--help", PORT="abc", WEB_CONCURRENCY="0")
    assert shown.returncode == 0 and shown.stdout.startswith("usage: python -m service")
    refused = run("--workers", "0", WEB_CONCURRENCY="0")
    assert refused.returncode == 2 and "argument --workers" in refused.stderr


@pytest.mark.parametrize(("name", "value"), [("HOST", "::"), ("HOST", "localhost"), ("BIND", "[::1]:8080"),
                                             ("BIND", "unix:/tmp/razz.sock"), ("PORT", "0"), ("WEB_CONCURRENCY", ""),
                                             ("RAZZ_REQUEST_TIMEOUT", "2.5"), ("GUNICORN_GRACEFUL_TIMEOUT", "0"),
                                             ("GUNICORN_CMD_ARGS", "--keep-alive 5")])
def test_good_values_pass(name, value):
    assert refusal({name: value}) is None


def test_plain_gunicorn_reading_the_settings_refuses_a_bad_variable_the_same_way():
    clean = {name: value for name, value in os.environ.items() if name not in NAMES}
    refused = subprocess.run([sys.executable, "-m", "gunicorn", "--config", "python:service.serving.settings",
                              "service.app:create_app()"], cwd=ROOT, capture_output=True, text=True, timeout=30,
                             check=False, env={**clean, "GUNICORN_MAX_REQUESTS": "-1"})
    assert refused.returncode == 2
    assert refused.stderr == ("gunicorn: error: environment GUNICORN_MAX_REQUESTS: not a number of requests "
                              "(0 or more): '-1'\n")
