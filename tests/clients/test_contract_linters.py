"""Redocly's recommended rules and Spectral's spectral:oas find nothing in the contract.

The problems the project keeps on purpose are listed, each with its reason, in
``clients/.redocly.lint-ignore.yaml`` and ``clients/.spectral.yaml``.
"""

from __future__ import annotations

import json

from .contract import CONTRACT, ROOT
from .typescript import CLIENTS, needs_node, run, tool

pytestmark = needs_node

QUIET = {"REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true"}
"""Redocly sends nothing anywhere and asks for no update."""


def test_redocly_recommended_rules_find_nothing():
    done = run([tool("redocly"), "lint", "--config", CLIENTS / "redocly.yaml", "--format=json", CONTRACT], ROOT,
               **QUIET)
    report = json.loads(done.stdout)
    assert report["totals"]["errors"] == report["totals"]["warnings"] == 0, json.dumps(report["problems"], indent=1)
    assert done.returncode == 0, done.stderr


def test_spectral_oas_rules_find_nothing():
    done = run([tool("spectral"), "lint", "--quiet", "--ruleset", CLIENTS / ".spectral.yaml", "--fail-severity=hint",
                "--format=json", CONTRACT], ROOT)
    assert json.loads(done.stdout) == [], done.stdout
    assert done.returncode == 0, done.stderr
