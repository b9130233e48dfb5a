"""Under a saturating load every connection gets its turn, and the probes, answered by each worker's front door,
are not held up by any of them."""

from __future__ import annotations

import http.client
import json
import random
import threading
import time

from service.stud_family.cards import CARD_CODES

from .conftest import Server, probe

CALLERS = 48
SECONDS = 6
PROBE_BOUND = 1
"""Seconds a probe may take: half the chart's liveness timeout (2 s). A probe that queued behind the callers took
up to 2 s on a 2-core machine busy with other work."""
TURN_BOUND = 5
"""Seconds a caller's slowest answer may take: its turn comes among 48 (each a few ms), so only a caller left
waiting for most of the run passes it, whatever else loads the machine."""


def keep_calling(server: Server, body: bytes, until: float, slowest: list[float]) -> None:
    """Send ranking batches back to back on one kept-alive connection; note the slowest answer."""
    connection = http.client.HTTPConnection(*server.address, timeout=10)
    worst = 0.0
    while time.monotonic() < until:
        started = time.monotonic()
        connection.request("POST", "/v1/hands/rank", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        assert response.status == 200
        response.read()
        worst = max(worst, time.monotonic() - started)
    connection.close()
    slowest.append(worst)


def test_probes_and_every_caller_get_their_turn(server):
    deal = random.Random(7)
    body = json.dumps({"hands": [deal.sample(sorted(CARD_CODES), 7) for _ in range(200)]}).encode()
    until = time.monotonic() + SECONDS
    slowest: list[float] = []
    callers = [threading.Thread(target=keep_calling, args=(server, body, until, slowest)) for _ in range(CALLERS)]
    for caller in callers:
        caller.start()
    probes = []
    while time.monotonic() < until - 1:
        probes.append(probe(server, timeout=2 * PROBE_BOUND))
        time.sleep(0.25)
    for caller in callers:
        caller.join()
    assert None not in probes and max(probes) < PROBE_BOUND, probes
    assert len(slowest) == CALLERS and max(slowest) < TURN_BOUND, sorted(slowest)
