"""Print the median in-process time of one legal-actions replay of an 8-player hand at 7th street.

Run from the project root: ``python -m bench.engine`` prints the engine's replay alone;
``python -m bench.engine --compare CHECKOUT`` also times, in this checkout and in CHECKOUT (run on
its own ``.venv``), the legal-actions and table-state routes in Flask's test client, plain and with
``?explain=true``, the two checkouts alternating ``--rounds`` times, and prints the medians side by side.
``python bench/engine.py --calls FIGURE N`` calls one figure N times, for callgrind (bench/README.md,
"Instructions"): run from a checkout's root with its own ``.venv``, it measures that checkout.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from service.stud_family.betting import replay
from service.stud_family.limits import Stakes
from service.stud_family.rules import Rules
from service.stud_family.snapshot import Action, PlayerIn, Snapshot

RUNS = 2000
BOARDS = ["Kc Kd Kh Ks", "Ac Ad Ah As", "2c 2d 2h 2s", "3c 3d 3h 3s",
          "4c 4d 4h 4s", "5c 5d 5h 5s", "6c 6d 6h 6s", "7c 7d 7h 7s"]


def table(shown: int, actions: list[Action], community: str | None = None) -> Snapshot:
    """The hand with ``shown`` up cards per player and the actions so far."""
    players = tuple(PlayerIn(seat, 100_000, tuple(cards.split()[:shown]))
                    for seat, cards in enumerate(BOARDS, start=1))
    return Snapshot(Stakes(5, 10, 40, 80), players, tuple(actions), Rules(), community_card=community)


def build_snapshot() -> Snapshot:
    """Play a busy 8-player hand to 7th street: two raises per street, everyone calls."""
    actions: list[Action] = []
    shown = 1
    while True:
        state = replay(table(shown, actions))
        if state.phase == "dealing":
            shown += 1
            continue
        if state.street == 7 and len(state.streets[-1].actions) >= 9:
            return table(shown, actions, community="Qs")
        types = {action.type: action for action in state.legal_actions}
        pick = next(kind for kind in ("bring_in", "raise", "bet", "complete", "call")
                    if kind in types and (kind not in ("raise", "bet") or state.raises < 2))
        actions.append(Action(state.to_act, pick, types[pick].amount))


def request_body(snapshot: Snapshot) -> dict:
    """The snapshot as a client sends it."""
    return {
        "stakes": {"ante": 5, "bring_in": 10, "small_bet": 40, "big_bet": 80},
        "players": [{"seat": p.seat, "stack": p.stack, "up_cards": list(p.up_cards)} for p in snapshot.players],
        "actions": [{"seat": a.seat, "type": a.type} for a in snapshot.actions],
        "community_card": snapshot.community_card,
    }


def median_ms(call: Callable[[], object], runs: int = RUNS) -> float:
    """Median wall time of ``call`` in milliseconds, after one call to warm it."""
    call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def calls() -> dict[str, Callable[[], object]]:
    """What is timed, by figure: the replay, and each table route plain and explained in Flask's test client."""
    from service.app import create_app

    snapshot = build_snapshot()
    body = request_body(snapshot)
    client = create_app().test_client()
    found: dict[str, Callable[[], object]] = {"engine replay": lambda: replay(snapshot)}
    for path in ("/v1/legal-actions", "/v1/table/state"):
        for query in ("", "?explain=true"):
            found[path + query] = lambda url=path + query: client.post(url, json=body)
    return found


def figures() -> dict[str, float]:
    """The medians, in ms, of this checkout's figures (``calls``)."""
    return {figure: median_ms(call, RUNS if figure == "engine replay" else RUNS // 4)
            for figure, call in calls().items()}


def compare(checkout: Path, rounds: int) -> None:
    """This checkout's figures beside ``checkout``'s, the two run alternately, each in its own interpreter."""
    here = Path(__file__).resolve().parents[1]
    runs: dict[str, list[dict[str, float]]] = {"this": [], "other": []}
    for _ in range(rounds):
        for name, root in (("this", here), ("other", checkout.resolve())):
            python = sys.executable if name == "this" else str(root / ".venv" / "bin" / "python")
            done = subprocess.run([python, str(Path(__file__).resolve()), "--figures"], cwd=root, check=True,
                                  capture_output=True, text=True)  # this script, on the checkout's own service
            runs[name].append(json.loads(done.stdout))
    print(f"medians in ms of {rounds} alternating runs (each a median of {RUNS} replays, {RUNS // 4} requests)")
    print_beside(runs, 32)


def print_beside(runs: dict[str, list[dict[str, float]]], width: int) -> None:
    """Each figure's median over the runs of this checkout and of the other, and their ratio: one table, one line a
    figure, for every script that measures two checkouts side by side."""
    print(f"{'':{width}} {'this':>9} {'other':>9} {'this/other':>10}")
    for figure in runs["this"][0]:
        mine = statistics.median(run[figure] for run in runs["this"])
        theirs = statistics.median(run[figure] for run in runs["other"])
        print(f"{figure:{width}} {mine:9.3f} {theirs:9.3f} {mine / theirs:10.3f}")


def main() -> None:
    """Time many replays and print the median; or this checkout beside another (``--compare``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=Path, metavar="CHECKOUT")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--figures", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--calls", nargs=2, metavar=("FIGURE", "N"),
                        help="call one figure N times and print nothing: under callgrind, against N = 0, its cost")
    arguments = parser.parse_args()
    if arguments.calls is not None:
        call = calls()[arguments.calls[0]]
        for _ in range(int(arguments.calls[1])):
            call()
    elif arguments.figures:
        print(json.dumps(figures()))
    elif arguments.compare is not None:
        compare(arguments.compare, arguments.rounds)
    else:
        snapshot = build_snapshot()
        ms = median_ms(lambda: replay(snapshot), RUNS)
        print(f"{len(snapshot.actions)} actions, 8 players, 7th street: median {ms:.3f} ms per replay over {RUNS} runs")


if __name__ == "__main__":
    main()
