"""gunicorn settings for the Razz rules service, fit for a container: what ``python -m service`` runs.

A ``gunicorn.conf.py`` in the working folder is read instead; one that starts with
``from service.serving.settings import *`` keeps these and overrides what it sets.
"""

from __future__ import annotations

import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path

from gunicorn.arbiter import Arbiter
from gunicorn.workers.base import Worker

from ..environment import listen_address, refusal, setting
from .addresses import listener_url, taken
from .readiness import READINESS, WorkerBoard

REFUSED = refusal(program="gunicorn")
if REFUSED:
    # Plain gunicorn reads this file too: a bad variable stops it as it stops ``python -m service``.
    print(REFUSED, file=sys.stderr)
    raise SystemExit(2)

OWN_METRICS_DIR = not os.environ.get("PROMETHEUS_MULTIPROC_DIR")
if OWN_METRICS_DIR:
    # Workers sum their metrics through files; prometheus_client picks that mode when first
    # imported, which the preloaded app does after this file is read and before any hook runs.
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(Path(tempfile.gettempdir()) / f"razz-metrics-{os.getpid()}")
METRICS_DIR = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])
"""Where every worker writes its metrics for /metrics to sum: the one given, else this server's own."""

bind = [listen_address()]
workers = int(setting("WEB_CONCURRENCY"))
# A greenlet per connection: a slow client holds no more than its own (service/serving/worker.py).
worker_class = "service.serving.worker.Worker"
worker_connections = int(setting("GUNICORN_WORKER_CONNECTIONS"))
preload_app = True
control_socket_disable = True
worker_tmp_dir = "/dev/shm"
# Off: workers hold no state between requests. Recycling also turns off the per-worker sockets below.
max_requests = int(setting("GUNICORN_MAX_REQUESTS"))
max_requests_jitter = max_requests // 10
graceful_timeout = int(setting("GUNICORN_GRACEFUL_TIMEOUT"))
accesslog = "-"
errorlog = "-"
logger_class = "service.serving.logs.JsonLogger"


BOARD = WorkerBoard()
"""The workers' readiness, made before the arbiter exists: it says how many workers it wants as it starts."""
READINESS.board = BOARD


def on_starting(server: Arbiter) -> None:
    """Choose how the workers listen."""
    _listen_per_worker(server)


def _listen_per_worker(server: Arbiter) -> None:
    """Give each worker its own TCP socket (SO_REUSEPORT), so the kernel spreads connections over workers.

    On one shared socket the first worker to wake accepts them all: a caller's keep-alive
    connections all land on one worker and the others idle. Not for unix sockets (one path for
    all), recycled workers (connections queued on a leaving worker's socket are reset), port 0
    (each worker would get its own port), nor a port already taken (it would be shared silently;
    on one socket gunicorn says the address is in use).
    """
    addresses = server.cfg.address
    per_worker = all(isinstance(address, tuple) and address[1] != 0 for address in addresses) and not taken(addresses)
    server.cfg.set("reuse_port", per_worker and server.cfg.max_requests == 0)


def when_ready(server: Arbiter) -> None:
    """Ready the metrics folder, now that the server listens and before any worker; say where it is, and how
    the workers listen.

    A server that could not listen stops before this, so it leaves no folder behind.
    """
    METRICS_DIR.mkdir(parents=True, exist_ok=True)
    for stale in METRICS_DIR.glob("*.db"):  # a restarted container keeps its emptyDir
        stale.unlink()
    if server.cfg.reuse_port:
        server.log.info("Each worker listens on a socket of its own (SO_REUSEPORT)")
    server.log.info("Workers share their metrics in %s", METRICS_DIR)


def nworkers_changed(server: Arbiter, new_value: int, old_value: int | None) -> None:
    """How many workers readiness waits for: the ``workers`` setting, then each TTIN and TTOU."""
    BOARD.expect(new_value)


def pre_fork(server: Arbiter, worker: Worker) -> None:
    """Give the worker its readiness slot, and freeze the preloaded tables out of the garbage collector."""
    gc.freeze()
    BOARD.assign(worker.age)


def post_worker_init(worker: Worker) -> None:
    """The worker has loaded the app (every ranking table is built at import): it is warm."""
    worker.log.info("Worker warm (pid: %s)", worker.pid)
    READINESS.worker = worker
    if BOARD.mark_warm(worker.age):
        worker.log.info("ready on %s, %d workers", ", ".join(map(listener_url, worker.sockets)), BOARD.counts()[1])


def child_exit(server: Arbiter, worker: Worker) -> None:
    """A worker that exited is warm no more; its counters stay summed into /metrics, as Prometheus expects."""
    BOARD.release(worker.age)


def worker_exit(server: Arbiter, worker: Worker) -> None:
    """The same, for a worker the arbiter found already gone when it signalled it (no child_exit then)."""
    BOARD.release(worker.age)


def on_exit(server: Arbiter) -> None:
    """Remove the metrics folder this server made for itself."""
    if OWN_METRICS_DIR:
        shutil.rmtree(METRICS_DIR, ignore_errors=True)
