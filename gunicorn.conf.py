"""gunicorn settings for the Razz rules service (read by ``python -m service``), fit for a container."""

import gc
import json
import os
import socket
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from gunicorn.arbiter import Arbiter
from gunicorn.glogging import Logger
from gunicorn.http.message import Request
from gunicorn.http.wsgi import Response
from gunicorn.workers.base import Worker
from prometheus_client import multiprocess

METRICS_DIR = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
if METRICS_DIR:
    # The preloaded app creates its metrics before any server hook runs; a restarted container
    # keeps its emptyDir, so a previous run's files are cleared as the client library requires.
    Path(METRICS_DIR).mkdir(parents=True, exist_ok=True)
    for stale in Path(METRICS_DIR).glob("*.db"):
        stale.unlink()

bind = [os.environ.get("BIND") or f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8080')}"]
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
# Every request is CPU work under one GIL: a second thread adds no throughput, and two requests
# interleaved in one worker cost about a tenth more CPU each (bench/README.md).
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
preload_app = True
control_socket_disable = True
worker_tmp_dir = "/dev/shm"
# Off: workers hold no state between requests. Recycling also turns off the per-worker sockets below.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "0"))
max_requests_jitter = max_requests // 10
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
accesslog = "-"
errorlog = "-"


class JsonAccessLogger(Logger):
    """Access lines as one JSON object each: log pipelines parse them without a format to maintain."""

    def access(self, resp: Response, req: Request, environ: dict[str, Any], request_time: timedelta) -> None:
        """Log one request with its X-Request-ID, so a caller's report leads to its line."""
        if not self.access_log_enabled:
            return
        status = resp.status.split(None, 1)[0] if isinstance(resp.status, str) else resp.status
        request_id = next((value for name, value in resp.headers if name.lower() == "x-request-id"), None)
        self.access_log.info(json.dumps({
            "time": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
            "request_id": request_id,
            "remote_addr": environ.get("REMOTE_ADDR"),
            "method": environ.get("REQUEST_METHOD"),
            "path": environ.get("PATH_INFO"),
            "query": environ.get("QUERY_STRING") or None,
            "status": int(status),
            "bytes": getattr(resp, "sent", None),
            "duration_ms": round(request_time.total_seconds() * 1000, 3),
            "user_agent": environ.get("HTTP_USER_AGENT"),
            "pid": os.getpid(),
        }))


logger_class = JsonAccessLogger


def on_starting(server: Arbiter) -> None:
    """Give each worker its own TCP socket (SO_REUSEPORT), so the kernel spreads connections over workers.

    On one shared socket the first worker to wake accepts them all: a caller's keep-alive
    connections all land on one worker and the others idle. Not for unix sockets (one path for
    all), recycled workers (connections queued on a leaving worker's socket are reset), port 0
    (each worker would get its own port), nor a port already taken (it would be shared silently;
    on one socket gunicorn says the address is in use).
    """
    addresses = server.cfg.address
    per_worker = all(isinstance(address, tuple) and _free(*address) for address in addresses)
    server.cfg.set("reuse_port", per_worker and server.cfg.max_requests == 0)


def _free(host: str, port: int) -> bool:
    """Whether ``host:port`` is a fixed port nobody listens on."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return port != 0


def when_ready(server: Arbiter) -> None:
    """Say where the workers listen: with a socket per worker gunicorn's own line has no address."""
    if server.cfg.reuse_port:
        addresses = ", ".join(f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
                              for host, port in server.cfg.address)
        server.log.info("Listening at: %s, a socket per worker (SO_REUSEPORT)", addresses)


def pre_fork(server: Arbiter, worker: Worker) -> None:
    """Freeze the preloaded ranking tables out of the garbage collector: workers never rescan them."""
    gc.freeze()


def child_exit(server: Arbiter, worker: Worker) -> None:
    """A dead worker's live gauges leave /metrics; its counters stay summed in, as Prometheus expects."""
    if METRICS_DIR:
        multiprocess.mark_process_dead(worker.pid)
