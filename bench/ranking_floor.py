"""1000-hand ranking batches of every game over HTTP, beside the bare HTTP+JSON floor, in one run.

Run from the project root: ``python bench/ranking_floor.py [--rounds 9] [--seconds 1]`` (needs
the test extra and Debian's wrk). Two servers run at once, each as the service runs (gunicorn, the
service's settings, 2 workers): the service, and ``bench/json_floor.py``'s bare Flask app, which
parses the same body and sends the service's own answer to it, kept ahead. For each game the same
batch of 1,000 random seven-card hands is posted to both in short wrk runs back to back, the
service first in one round and the floor first in the next, game after game. Each pair of runs
gives the service's share of the floor's rate and of its CPU a batch; the medians of those
shares over the rounds are printed, with the median rates and CPU a batch. A slow spell of the
shared machine falls within a pair, seconds apart, and hits both sides alike.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.json_floor import ANSWERS
from bench.serving import CONNECTIONS, Load, Server, running_server, wrk_load
from service.app import create_app
from service.stud_family.cards import CARD_CODES
from service.stud_family.games import GAMES, RAZZ

PATH = "/v1/hands/rank"
BATCH = 1000


def batches(seed: int = 2026) -> dict[str, dict[str, object]]:
    """Each game's batch: the same 1,000 random seven-card hands; razz's body names no game (its default)."""
    rng = random.Random(seed)
    hands = [rng.sample(list(CARD_CODES), 7) for _ in range(BATCH)]
    return {name: {"hands": hands} if name == RAZZ.name else {"game": name, "hands": hands} for name in GAMES}


def answers(bodies: dict[str, dict[str, object]]) -> dict[str, str]:
    """The service's answer to each game's batch, as the floor is to send it."""
    client = create_app().test_client()
    texts = {}
    for name, body in bodies.items():
        response = client.post(PATH, json=body)
        if response.status_code != 200:
            raise SystemExit(f"{name}: the service answered {response.status_code}: {response.get_data(as_text=True)}")
        texts[name] = response.get_data(as_text=True)
    return texts


def table_seconds(runs: int = 3) -> float:
    """Median time, in a fresh interpreter with the core imported, to build every game's tables by rank multiset:
    what the route's module adds to the service's start-up."""
    probe = ("import time; from service.stud_family.games import GAMES; "
             "from service.stud_family.multiset_batches import build_tables; t = time.perf_counter(); "
             "[build_tables(half) for game in GAMES.values() "
             "for half in (game.judging.hand, *(() if game.judging.low is None else (game.judging.low.hand,)))]; "
             "print(time.perf_counter() - t)")
    root = Path(__file__).resolve().parents[1]
    return statistics.median(float(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                                                  check=True, cwd=root).stdout) for _ in range(runs))


def median_load(runs: list[Load]) -> Load:
    """Each figure's median over runs."""
    return Load(*(statistics.median(getattr(run, field) for run in runs)
                  for field in ("requests_per_second", "server_cores", "cpu_ms_per_request")))


class Pair(NamedTuple):
    """One game's runs on both sides, back to back."""

    service: Load
    floor: Load

    @property
    def by_rate(self) -> float:
        """The service's rate as a share of the floor's."""
        return self.service.requests_per_second / self.floor.requests_per_second

    @property
    def by_cpu(self) -> float:
        """The floor's server CPU a batch as a share of the service's: the service's share of the floor's speed."""
        return self.floor.cpu_ms_per_request / self.service.cpu_ms_per_request


def paired_runs(servers: dict[str, Server], bodies: dict[str, dict[str, object]], rounds: int,
                seconds: int) -> dict[str, list[Pair]]:
    """``rounds`` rounds of a pair of runs for each game, the side run first alternating from round to round."""
    pairs: dict[str, list[Pair]] = {name: [] for name in bodies}
    for body in bodies.values():
        for server in servers.values():
            wrk_load(server, PATH, body, seconds=1)
    for round_number in range(rounds):
        for name, body in bodies.items():
            sides = list(servers) if round_number % 2 == 0 else list(reversed(servers))
            loads = {side: wrk_load(servers[side], PATH, body, seconds=seconds) for side in sides}
            pairs[name].append(Pair(loads["service"], loads["floor"]))
    return pairs


def main() -> None:
    """Serve the service and the floor, load each game's batch on both in alternating pairs, print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seconds", type=int, default=1)
    options = parser.parse_args()
    bodies = batches()
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        kept = Path(folder) / "answers.json"
        kept.write_text(json.dumps(answers(bodies)))
        os.environ[ANSWERS] = str(kept)
        servers = {"service": stack.enter_context(running_server()),
                   "floor": stack.enter_context(running_server(app="bench.json_floor:create_app()"))}
        pairs = paired_runs(servers, bodies, options.rounds, options.seconds)
    print(f"{BATCH}-hand batches of seven cards, 2 workers each, wrk {CONNECTIONS} connections, "
          f"{options.rounds} rounds of {options.seconds} s runs of each side back to back, alternating which "
          f"goes first; medians (load average {os.getloadavg()[0]:.1f} at the end)")
    print("| game | service batches/s (CPU a batch) | floor batches/s (CPU a batch) "
          "| service / floor by rate: median (range) | by CPU a batch: median (range) |")
    print("|---|---|---|---|---|")
    for name, runs in pairs.items():
        service, floor = median_load([pair.service for pair in runs]), median_load([pair.floor for pair in runs])
        rates, cpus = [pair.by_rate for pair in runs], [pair.by_cpu for pair in runs]
        print(f"| {name} | {service.requests_per_second:,.1f} ({service.cpu_ms_per_request:.2f} ms) "
              f"| {floor.requests_per_second:,.1f} ({floor.cpu_ms_per_request:.2f} ms) "
              f"| {statistics.median(rates):.0%} ({min(rates):.0%}-{max(rates):.0%}) "
              f"| {statistics.median(cpus):.0%} ({min(cpus):.0%}-{max(cpus):.0%}) |")
    print(f"start-up: every game's tables by rank multiset built in {table_seconds() * 1000:,.0f} ms (median of 3)")


if __name__ == "__main__":
    main()
