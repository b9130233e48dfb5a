"""The interactive docs render in a real browser from the service's own copy of Swagger UI, and their examples work."""

import json
import shutil
import subprocess
import tempfile
import time
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, sync_playwright

from .conftest import Server, call

CHROMIUM = shutil.which("chromium")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="needs Debian's chromium (apt-get install chromium); CI installs it")

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
STEP_TIMEOUT_MS = 10_000
"""How long one click or read may wait for the page: a broken page fails the test in seconds, not hangs it."""


def browse(server: Server, url: str) -> tuple[str, list[dict[str, Any]]]:
    """The DOM headless Chromium renders at ``url``, and the access log's lines of every request it made for it,
    its icon included (the icon's request comes last: the lines are read once it is logged)."""
    logged = server.stdout.stat().st_size
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile}", "--virtual-time-budget=10000", "--dump-dom", url],
            capture_output=True, text=True, timeout=90, check=True,
        ).stdout
    deadline = time.monotonic() + 5
    while True:
        with server.stdout.open() as log:
            log.seek(logged)
            requests = [line for line in map(json.loads, log) if line.get("logger") == "access"]
        if any(line["path"] == "/favicon.ico" for line in requests) or time.monotonic() > deadline:
            return dom, requests
        time.sleep(0.1)


@needs_chromium
def test_docs_page_renders_every_operation_offline(server):
    dom, requests = browse(server, f"{server.base}/docs")
    assert "swagger-ui" in dom and "Razz rules service" in dom
    for path in ("/v1/hands/rank", "/v1/hands/compare", "/healthz", "/v1/rules/reference"):
        assert path in dom
    assert {line["path"] for line in requests} >= {"/docs", "/openapi.json", "/favicon.ico"}
    assert [line["message"] for line in requests if line["status"] >= 400] == []


@needs_chromium
def test_the_rules_reference_page_renders_at_a_citation(server):
    dom, requests = browse(server, f"{server.base}/v1/rules/reference#razz-4-tda-47")
    assert "<title>Rules reference of the stud family: razz, seven-card stud, stud/8</title>" in dom
    assert '<a id="razz-4-tda-47"></a><strong>TDA 47</strong>' in dom and "<table>" in dom
    assert [(line["path"], line["status"]) for line in requests] == [
        ("/v1/rules/reference", 200), ("/favicon.ico", 200)]


@needs_chromium
def test_every_try_it_out_example_answers_200(server):
    spec = call(f"{server.base}/openapi.json")[2]
    operations = {f"{method.upper()} {path}": (method, path, operation)
                  for path, item in spec["paths"].items()
                  for method, operation in item.items() if method in HTTP_METHODS}
    with sync_playwright() as playwright:
        page = playwright.chromium.launch(executable_path=CHROMIUM, timeout=30_000).new_page()
        page.set_default_timeout(STEP_TIMEOUT_MS)
        page.goto(f"{server.base}/docs")
        answers = {name: try_it_out(page, method, path) for name, (method, path, _) in operations.items()}
        refused = [f"{name} shows:\n{answer.inner_text()}" for name, answer in answers.items()
                   if answer.locator(".response-col_status").inner_text() != "200"]
        assert not refused, "Try-it-out answered other than 200:\n" + "\n\n".join(refused)
        for name, (_, path, operation) in operations.items():
            shown = answers[name].locator(".highlight-code pre").inner_text()
            media_type = next(iter(operation["responses"]["200"]["content"]))
            if media_type == "application/json":
                assert json.loads(shown) == call(f"{server.base}{path}", example(operation))[2], name
            else:  # a document, which the page shows as it was sent
                sent = urllib.request.Request(f"{server.base}{path}", headers={"Accept": media_type})
                with urllib.request.urlopen(sent, timeout=5) as response:
                    assert shown.strip() == response.read().decode().strip(), f"{name}: not what a direct call gets"


def try_it_out(page: Page, method: str, path: str) -> Locator:
    """Run an operation's prefilled example as a reader does, and point at the answer the page shows for it."""
    operation = page.locator(f".opblock-{method}").filter(has=page.locator(f'[data-path="{path}"]'))
    operation.locator(".opblock-summary-control").click()
    operation.get_by_role("button", name="Try it out").click()
    operation.get_by_role("button", name="Execute").click()
    return operation.locator(".live-responses-table .response")


def example(operation: dict[str, Any]) -> object:
    """The body Swagger UI prefills: the operation's JSON request example, or none for one without a body."""
    body = operation.get("requestBody")
    return None if body is None else body["content"]["application/json"]["example"]
