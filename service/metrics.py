"""Prometheus metrics for ``/metrics``: request counts and latency per endpoint, summed across workers.

Labels take bounded values only, so no caller can add series: the route template (``None`` for
a path no route has), the method (``other`` for one HTTP does not define) and the status. Under
gunicorn every worker writes its counts to files in ``PROMETHEUS_MULTIPROC_DIR`` (the server's
settings make one) and ``/metrics`` sums them; in a single process they live in the app.
"""

from __future__ import annotations

import os
import time

from flask import Flask, Response, g, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: a probe takes about a millisecond, a 1000-hand batch tens of milliseconds."""

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"})
"""The methods HTTP defines (RFC 9110, RFC 5789); any other is counted as ``other``."""

METRICS_PATH = "/metrics"


def install_metrics(app: Flask) -> None:
    """Count and time every request ``app`` answers but the scrapes, and serve ``/metrics``."""
    own = CollectorRegistry()  # one per app: two apps in one process must not share series
    duration = Histogram("flask_http_request_duration_seconds", "Flask HTTP request duration in seconds",
                         ("method", "url_rule", "status"), buckets=LATENCY_BUCKETS, registry=own)
    total = Counter("flask_http_request_total", "Total number of HTTP requests", ("method", "status"), registry=own)

    @app.before_request
    def start_clock() -> None:
        """Note when the request reached the app."""
        g.metrics_started = time.perf_counter()

    @app.after_request
    def count(response: Response) -> Response:
        """Add the answer to the counts, under labels no caller can multiply."""
        if request.path != METRICS_PATH and "metrics_started" in g:
            method = request.method if request.method in METHODS else "other"
            status = str(response.status_code)
            duration.labels(method, str(request.url_rule), status).observe(time.perf_counter() - g.metrics_started)
            total.labels(method, status).inc()
        return response

    @app.get(METRICS_PATH)
    def metrics() -> Response:
        """The counts, in Prometheus' text format: every worker's, summed, when there are files to sum."""
        shown = own
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            shown = CollectorRegistry()
            MultiProcessCollector(shown)
        return Response(generate_latest(shown), content_type=CONTENT_TYPE_LATEST)
