"""The interactive docs render in a real browser from the service's own copy of Swagger UI."""

import shutil
import subprocess
import tempfile

import pytest

CHROMIUM = shutil.which("chromium")


@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (apt-get install chromium); CI installs it")
def test_docs_page_renders_every_operation_offline(server):
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile}", "--virtual-time-budget=10000", "--dump-dom", f"{server.base}/docs"],
            capture_output=True, text=True, timeout=90, check=True,
        ).stdout
    assert "swagger-ui" in dom and "Razz rules service" in dom
    for path in ("/v1/hands/rank", "/v1/hands/compare", "/healthz"):
        assert path in dom
