"""Print how long 100 scenarios take in process: the core alone, and the whole route through the Flask app.

Run from the project root: ``python -m bench.scenarios``. The issue's figure is 100 scenarios in at
most 100 ms in process. Each figure is the median of ROUNDS requests, each of a different seed (the
scenarios' hands differ in length), with the seeds the same for both figures.
"""

from __future__ import annotations

import statistics
import time

from service.app import create_app
from service.stud_family.rules import Rules
from service.stud_family.scenarios import DEFAULT_STAKES, Ask, scenarios

ROUNDS = 21
COUNT = 100


def main() -> None:
    """Time the core and the route over the same seeds, and print both medians."""
    ask = Ask(None, None, DEFAULT_STAKES, Rules())
    client = create_app({"TESTING": True}).test_client()
    core, route = [], []
    for seed in range(ROUNDS):
        start = time.perf_counter()
        scenarios(seed, COUNT, ask)
        core.append(time.perf_counter() - start)
        start = time.perf_counter()
        response = client.post("/v1/scenarios", json={"seed": seed, "count": COUNT})
        route.append(time.perf_counter() - start)
        if response.status_code != 200:
            raise SystemExit(f"seed {seed}: {response.status_code} {response.get_data(as_text=True)}")
    print(f"{COUNT} scenarios, medians over {ROUNDS} seeds: core {statistics.median(core) * 1e3:.1f} ms "
          f"(fastest {min(core) * 1e3:.1f}, slowest {max(core) * 1e3:.1f}); "
          f"route in process {statistics.median(route) * 1e3:.1f} ms (slowest {max(route) * 1e3:.1f})")


if __name__ == "__main__":
    main()
