"""Ranking and exact equity beside another checkout, in process, in one run.

Run from the project root: ``python bench/judging.py CHECKOUT [--rounds 7]`` (the other checkout
with its own .venv). Each round times, in each checkout's own interpreter and service, a batch of
1,000 seven-card hands ranked by the core (``rank_batch``) and through ``/v1/hands/rank``,
``bench/showdown.py``'s 8-player showdown through ``/v1/showdown``, and
exact equity through ``/v1/equity`` on ``bench/equity.py``'s exact spots (heads-up 3rd street
with every card known, and the slowest it times); the checkouts alternate, so a slow spell of the
machine hits both, and which goes first swaps each round. A call is timed in the thread's CPU time, so the
spells other jobs hold the core are left out (as ``bench/tricks.py`` does). The figures are the medians over the
rounds of each round's median.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.engine import print_beside
from bench.equity import HEADS_UP, WORST
from bench.showdown import COMMUNITY_CARD, PLAYERS

CALLS = 21
"""Calls a figure is timed over in one round (a median of them)."""

FIGURES = """
import json, statistics, sys, time
from service.app import create_app
from service.stud_family.cards import CARD_CODES
from service.stud_family.ranking import rank_batch

bodies = json.load(sys.stdin)
client = create_app().test_client()
hands = [[CARD_CODES[card] for card in hand] for hand in bodies["rank"]["hands"]]

def median_ms(call, calls):
    call()
    times = []
    for _ in range(calls):
        start = time.thread_time()
        call()
        times.append(time.thread_time() - start)
    return 1000 * statistics.median(times)

def post(path, body):
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer

calls = bodies["calls"]
figures = {"core rank_batch, 1,000 hands": median_ms(lambda: rank_batch(hands), calls),
           "/v1/hands/rank, 1,000 hands": median_ms(lambda: post("/v1/hands/rank", bodies["rank"]), calls),
           "/v1/showdown, 8 players, 4 pots": median_ms(lambda: post("/v1/showdown", bodies["showdown"]), 10 * calls)}
for name, body in bodies["equity"].items():
    figures[name] = median_ms(lambda: post("/v1/equity", body), max(3, calls // 4))
print(json.dumps(figures))
"""
"""One round of one checkout's figures: run with the checkout as the working directory, so that it imports its
own ``service``; only routes and ``ranking.rank_batch``, which both sides have, are called."""


def bodies(calls: int) -> dict[str, Any]:
    """The requests timed: 1,000 random seven-card hands, and the exact equity spots."""
    rng = random.Random(2026)
    deck = [rank + suit for rank in "A23456789TJQK" for suit in "cdhs"]
    return {
        "calls": calls,
        "rank": {"hands": [rng.sample(deck, 7) for _ in range(1000)]},
        "showdown": {"players": [{"seat": player.seat, "contributed": player.contributed, "folded": player.folded}
                                 | ({} if player.cards is None else {"cards": list(player.cards)})
                                 for player in PLAYERS], "community_card": COMMUNITY_CARD},
        "equity": {"exact: heads-up, 3rd street, every card known": {"players": HEADS_UP, "method": "exact"},
                   **{f"exact: {name.split(' (')[0]}": body for name, body in WORST.items()
                      if body.get("method") == "exact"}},
    }


def main() -> None:
    """Alternate the two checkouts' rounds and print each figure's medians and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, help="the other checkout, with its own .venv")
    parser.add_argument("--rounds", type=int, default=7)
    options = parser.parse_args()
    here = Path(__file__).resolve().parents[1]
    other = options.checkout.resolve()
    body = json.dumps(bodies(CALLS))
    runs: dict[str, list[dict[str, float]]] = {"this": [], "other": []}
    for turn in range(options.rounds):
        for name, root in [("this", here), ("other", other)][::1 if turn % 2 == 0 else -1]:
            python = root / ".venv" / "bin" / "python"
            done = subprocess.run([str(python), "-c", FIGURES], cwd=root, input=body, check=True,
                                  capture_output=True, text=True)
            runs[name].append(json.loads(done.stdout))
    print(f"medians in ms of CPU of {options.rounds} alternating rounds, each a median of its calls")
    print_beside(runs, 52)


if __name__ == "__main__":
    main()
