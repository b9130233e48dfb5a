"""Table-rules speed: an 8-player hand at 7th street with its full history, and an 8-player showdown.

Run from the project root: ``python bench/table.py`` (needs Debian's wrk). Prints the in-process
time per legal-actions call (engine replay alone and the whole HTTP route in Flask's test client),
req/s of POST /v1/legal-actions through the real server beside the same server's /healthz in
the same run, and the in-process time per 8-player showdown with three side pots.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.engine import build_snapshot, median_ms, request_body
from bench.serving import HTTP_SETUP, beside_healthz, cost_line
from bench.showdown import COMMUNITY_CARD, PLAYERS
from service.app import create_app
from service.stud_family.betting import replay
from service.stud_family.judging import RAZZ_JUDGING
from service.stud_family.showdown import showdown


def main() -> None:
    """Print every figure the table-rules and showdown issues name."""
    snapshot = build_snapshot()
    body = request_body(snapshot)
    client = create_app().test_client()
    assert client.post("/v1/legal-actions", json=body).status_code == 200
    engine = median_ms(lambda: replay(snapshot))
    route = median_ms(lambda: client.post("/v1/legal-actions", json=body), runs=500)
    print(f"legal-actions, 8 players at 7th street, {len(snapshot.actions)} actions: "
          f"engine replay {engine:.3f} ms, whole route in process {route:.3f} ms (median)")
    legal, healthz = beside_healthz("/v1/legal-actions", body)
    print(f"over HTTP, {HTTP_SETUP}: legal-actions "
          f"{legal.requests_per_second:,.0f} req/s, /healthz {healthz.requests_per_second:,.0f} req/s, "
          f"ratio {legal.requests_per_second / healthz.requests_per_second:.2f}")
    print(cost_line("legal-actions", legal, healthz))
    settle = median_ms(lambda: showdown(RAZZ_JUDGING, PLAYERS, COMMUNITY_CARD))
    pots = len(showdown(RAZZ_JUDGING, PLAYERS, COMMUNITY_CARD).pots)
    print(f"showdown, 8 players, {pots} pots: {settle:.3f} ms per call in process (median)")


if __name__ == "__main__":
    main()
