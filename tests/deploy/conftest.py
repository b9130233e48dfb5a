"""The real server for deployment checks: ``python -m service`` with chosen environment, logs kept apart."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


from ..serving.conftest import ROOT, free_port, wait_until_ready


@dataclass
class Server:
    """A running ``python -m service`` and where its access log (stdout) and error log (stderr) go."""

    base: str
    process: subprocess.Popen
    stdout: Path
    stderr: Path

    def stop(self) -> int:
        """SIGTERM, as Kubernetes stops a pod; the exit code."""
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)


@contextmanager
def serving(folder: Path, **env: str) -> Iterator[Server]:
    """Start the service with ``env`` added to this environment and wait until /readyz answers."""
    port = free_port()
    stdout, stderr = folder / "stdout.log", folder / "stderr.log"
    with stdout.open("w") as out, stderr.open("w") as err:
        process = subprocess.Popen([sys.executable, "-m", "service"], cwd=ROOT, stdout=out, stderr=err,
                                   env={**os.environ, "HOST": "127.0.0.1", "PORT": str(port), **env})
    server = Server(f"http://127.0.0.1:{port}", process, stdout, stderr)
    try:
        wait_until_ready(server.base, process, stderr.read_text)
        yield server
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
