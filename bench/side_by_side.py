"""Two checkouts served at once and loaded in turn: a change's speed beside its baseline in the same run.

Run from the project root: ``python bench/side_by_side.py BASELINE [CHANGED]`` (CHANGED defaults
to this checkout). Each checkout is started as users start it, ``python -m service`` from its own
folder; another checkout than this one runs on its own ``.venv``, with the service installed. Prints, per
checkout, legal-actions (plain and with ``?explain=true``, which a checkout without explanations ignores) and
``/healthz`` req/s and their ratios, and 1000-hand ranking batches,
each the median of interleaved wrk runs, with the server CPU per request.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.engine import build_snapshot
from bench.serving import CONNECTIONS, Load, running_server, wrk_load
from bench.table import request_body
from service.stud_family.cards import CARD_CODES

ROUNDS = 7
SECONDS = 3


def targets() -> dict[str, tuple[str, object | None]]:
    """What each checkout is loaded with: the bench's 8-player legal-actions hand, probes, 1000-hand batches."""
    rng = random.Random(2026)
    batch = {"hands": [rng.sample(list(CARD_CODES), 7) for _ in range(1000)]}
    body = request_body(build_snapshot())
    return {"legal-actions": ("/v1/legal-actions", body),
            "legal-actions?explain=true": ("/v1/legal-actions?explain=true", body),
            "/healthz": ("/healthz", None),
            "1000-hand batch": ("/v1/hands/rank", batch)}


def main() -> None:
    """Serve both checkouts, alternate every target over them, print the medians side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=Path)
    parser.add_argument("changed", type=Path, nargs="?", default=Path(__file__).resolve().parents[1])
    checkouts = {"baseline": parser.parse_args().baseline, "changed": parser.parse_args().changed}
    plan = targets()
    loads: dict[tuple[str, str], list[Load]] = {}
    with ExitStack() as stack:
        servers = {name: stack.enter_context(running_server(checkout=path.resolve()))
                   for name, path in checkouts.items()}
        for _ in range(ROUNDS):
            for name, server in servers.items():
                for target, (path, body) in plan.items():
                    loads.setdefault((name, target), []).append(wrk_load(server, path, body, seconds=SECONDS))
    print(f"2 workers each, wrk {CONNECTIONS} connections, medians of {ROUNDS} interleaved {SECONDS} s runs")
    for name, path in checkouts.items():
        rate = {target: statistics.median(load.requests_per_second for load in loads[(name, target)])
                for target in plan}
        cpu = {target: statistics.median(load.cpu_ms_per_request for load in loads[(name, target)])
               for target in plan}
        print(f"{name} ({path}): legal-actions {rate['legal-actions']:,.0f} req/s ({cpu['legal-actions']:.2f} ms CPU), "
              f"/healthz {rate['/healthz']:,.0f} req/s ({cpu['/healthz']:.2f} ms), "
              f"ratio {rate['legal-actions'] / rate['/healthz']:.2f}; with ?explain=true "
              f"{rate['legal-actions?explain=true']:,.0f} req/s ({cpu['legal-actions?explain=true']:.2f} ms CPU), "
              f"ratio {rate['legal-actions?explain=true'] / rate['/healthz']:.2f}; 1000-hand batches "
              f"{rate['1000-hand batch'] * 1000:,.0f} hands/s ({cpu['1000-hand batch']:.2f} ms CPU a batch)")


if __name__ == "__main__":
    main()
