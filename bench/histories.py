"""Hand histories checked by the service beside PokerKit 0.7.7 replaying them: time per hand, in one run.

Run from the project root: ``python bench/histories.py [--pokerkit-python PATH] [--profile]``. The
PHHS is the four WSOP sample hands repeated to 100, each its own table (``[1]`` ... ``[100]``).
PokerKit (in the ``test`` extra) runs in a subprocess of this python, or of ``--pokerkit-python``,
handed the PHHS on stdin: ``HandHistory.loads_all``,
then every hand's states to the end. The service gets the PHHS in one request, over HTTP
(the real server, a new connection a request, one after another) and in process (Flask's test
client), each both as the full answer and as the lean one (``Prefer: return=minimal``: each hand's
verdicts only). Blocks of each alternate, so a slow spell of the machine hits all three alike; each
figure is the median over rounds of a round's time divided by the hands in it.

``--answer-only`` also serves the same answers kept after their first check
(``bench/served_answer.py``), full and lean: what the request costs around the check. ``--compare
CHECKOUT`` also serves another checkout (with its own ``.venv``), full and lean, in the same
blocks: a change beside its baseline in one run.

Where the time goes is timed in process after the blocks, each stage alone over the same hands:
reading (splitting the PHHS, reading each hand's TOML and entries), the replay (the engine over
each hand's actions), settling, the rest of the check (the snapshot, naming each entry's action,
the all-in equity, what was paid), writing the lean answer and its JSON; HTTP is the lean request
over HTTP less the whole check in process.
"""

from __future__ import annotations

import argparse
import cProfile
import http.client
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.history_requests import HANDS, LEAN, PATH, wsop_phhs
from bench.serving import ROOT, Server, running_server
from service.api.responses import as_sent, json_response
from service.app import create_app
from service.histories import phh
from service.histories.check import check_hand
from service.histories.history import STANDARD, check_history
from service.histories.lean import lean_hand, lean_history
from service.stud_family.betting import replay
from service.stud_family.settlement import settle

LEAN_NAME = "Prefer: return=minimal"
"""The request header of the lean answer: what a bulk audit asks for."""
BLOCKS = 5
ROUNDS = 4
"""Rounds a block: every side is timed over BLOCKS * ROUNDS rounds, after a warm-up round a block."""
ANSWER_ONLY = "bench.served_answer:create_app()"
"""The service with each answer kept after its first check: the floor under the check, for ``--answer-only``."""
POKERKIT_VENV = "pip install -e '.[test]' (or pip install pokerkit==0.7.7)"

POKERKIT_TIMING = """
import json, sys, time
from importlib.metadata import version
from pokerkit import HandHistory
text, rounds = sys.stdin.read(), int(sys.argv[1])
times = []
for _ in range(rounds + 1):
    started = time.perf_counter()
    hands = list(HandHistory.loads_all(text))
    loaded = time.perf_counter()
    states = sum(1 for hand in hands for _ in hand.state_actions)
    times.append([loaded - started, time.perf_counter() - loaded, len(hands), states])
print(json.dumps({"version": version("pokerkit"), "rounds": times[1:]}))
"""
"""Run by PokerKit's python: ``rounds`` timed rounds after a warm-up, each [loads_all s, states s, hands, states]."""


@dataclass(frozen=True)
class PokerKitRound:
    """One timed round of PokerKit over the whole PHHS, in seconds."""

    loading: float
    states: float

    @property
    def total(self) -> float:
        """Both parts: what replaying the PHHS costs."""
        return self.loading + self.states


def pokerkit_rounds(python: str, phhs: str, count: int, rounds: int) -> list[PokerKitRound]:
    """PokerKit 0.7.7 in ``python``'s venv: ``rounds`` timed rounds of loading ``phhs`` and replaying every hand."""
    if not Path(python).exists():
        raise SystemExit(f"{python} is missing (name another with --pokerkit-python or RAZZ_POKERKIT_PYTHON)")
    done = subprocess.run([python, "-c", POKERKIT_TIMING, str(rounds)], input=phhs, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"PokerKit's timing failed in {python} (is pokerkit==0.7.7 installed? {POKERKIT_VENV}):\n"
                         f"{done.stderr}")
    answer = json.loads(done.stdout)
    if answer["version"] != "0.7.7":
        raise SystemExit(f"{python} has pokerkit {answer['version']}, not 0.7.7: {POKERKIT_VENV}")
    if any(hands != count for _, _, hands, _ in answer["rounds"]):
        raise SystemExit(f"PokerKit read {answer['rounds'][0][2]} hands of {count}")
    return [PokerKitRound(loading, states) for loading, states, _, _ in answer["rounds"]]


def checked(status: int, payload: bytes, count: int) -> None:
    """Stop with what went wrong unless the check answered 200 for all ``count`` hands."""
    if status == 404:
        raise SystemExit(f"POST {PATH} answered 404: this checkout does not serve the hand-history check yet")
    if status != 200:
        raise SystemExit(f"POST {PATH} answered {status}: {payload[:1000]!r}")
    hands = json.loads(payload)["summary"]["hands"]
    if hands != count:
        raise SystemExit(f"POST {PATH} checked {hands} hands of {count}")


def http_seconds(server: Server, body: bytes, count: int, headers: dict[str, str] | None = None) -> float:
    """Seconds one check of the PHHS took on a new connection, its answer read whole (and checked after)."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection(*server.address, timeout=60)
    try:
        connection.request("POST", PATH, body=body, headers={"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        payload = response.read()
    finally:
        connection.close()
    elapsed = time.perf_counter() - started
    checked(response.status, payload, count)
    return elapsed


def in_process_check(body: bytes, count: int, headers: dict[str, str] | None = None) -> Callable[[], None]:
    """A call that posts ``body`` to the check through Flask's test client, the answer checked once first."""
    client = create_app().test_client()

    def post() -> None:
        client.post(PATH, data=body, content_type="application/json", headers=headers)

    answer = client.post(PATH, data=body, content_type="application/json", headers=headers)
    checked(answer.status_code, answer.get_data(), count)
    return post


def timed(call: Callable[[], object], rounds: int) -> list[float]:
    """Seconds each of ``rounds`` calls took, after one untimed."""
    call()
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return times


def profile(call: Callable[[], None], rounds: int, entries: int = 30) -> None:
    """Print the top ``entries`` by cumulative time of ``rounds`` in-process checks under cProfile."""
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(rounds):
        call()
    profiler.disable()
    print(f"\ncProfile, {rounds} in-process checks, by cumulative time:")
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(entries)


def stage_calls(phhs: str) -> dict[str, Callable[[], object]]:
    """Each stage of the lean check of ``phhs`` as a call over all its hands, and the whole of it; PokerKit's replay
    of the same text. (The requests, through Flask's test client, are ``history_requests.py``'s.)"""
    sections = phh.split(phhs)
    hands = [phh.read(section) for section in sections]
    hands_checked = list(check_history(phhs, "phh"))
    replayed = [(hand.snapshot, hand.state) for hand in hands_checked if hand.snapshot is not None]
    answer = lean_history(check_history(phhs, "phh"))
    if as_sent(answer) != answer:
        raise SystemExit("the lean answer is not plain JSON")

    def pokerkit() -> None:
        from pokerkit import HandHistory  # the test extra's
        sum(1 for hand in HandHistory.loads_all(phhs) for _ in hand.state_actions)

    def reading() -> None:
        for section in phh.split(phhs):
            phh.read(section)

    def checking() -> None:
        for index, hand in enumerate(hands):
            check_hand(index, lambda hand=hand: hand, STANDARD)

    def replaying() -> None:
        for snapshot, _ in replayed:
            replay(snapshot)

    def settling() -> None:
        for snapshot, state in replayed:
            settle(snapshot, state)

    return {  # each stage lets each hand's result go, as the check does (holding them costs the collector)
        "reading": reading,
        "checking": checking,
        "replay": replaying,
        "settling": settling,
        "writing": lambda: json_response({"hands": [lean_hand(hand) for hand in hands_checked], "summary": None}),
        "whole check": lambda: json_response(lean_history(check_history(phhs, "phh"))),
        "pokerkit": pokerkit,
    }


STAGES = ("reading", "checking", "replay", "settling", "writing", "whole check")
"""The stages timed after the blocks."""


def stage_seconds(phhs: str, rounds: int) -> dict[str, list[float]]:
    """Each stage of the lean check of ``phhs`` timed alone in process, ``rounds`` times: seconds by stage."""
    calls = stage_calls(phhs)
    return {name: timed(calls[name], rounds) for name in STAGES}


def instructions_run(phhs: str, stage: str, calls: int) -> None:
    """Call ``stage`` once, then ``calls`` times: under callgrind, ``calls`` 2 less ``calls`` 0 is two calls' cost."""
    stages = stage_calls(phhs)
    if stage not in stages:
        raise SystemExit(f"no stage {stage!r}: one of {', '.join(stages)}")
    call = stages[stage]
    call()
    for _ in range(calls):
        call()


def print_stages(stages: dict[str, list[float]], lean_http: float, count: int) -> None:
    """Where a lean request's time goes: each stage in µs a hand and as a share of the request over HTTP (medians),
    HTTP being what the request costs beyond reading, checking and writing."""
    us = {name: 1e6 * statistics.median(seconds) / count for name, seconds in stages.items()}
    total = 1e6 * lean_http / count
    parts = {"reading (split, TOML lines, entries)": us["reading"], "replay": us["replay"], "settling": us["settling"],
             "rest of the check (snapshot, naming actions, all-in, what was paid)":
                 us["checking"] - us["replay"] - us["settling"],
             "writing the lean answer and its JSON": us["writing"],
             "HTTP, Flask, loading the body": total - us["reading"] - us["checking"] - us["writing"]}
    print(f"where a lean request's {total:,.0f} µs a hand go (each stage timed alone in process, medians; the whole "
          f"check in process {us['whole check']:,.0f} µs/hand):")
    for name, value in parts.items():
        print(f"  {name}: {value:,.1f} µs/hand, {100 * value / total:.0f}%")


def per_hand_us(seconds: list[float], count: int) -> str:
    """The median of ``seconds`` per hand in µs, with the range over rounds."""
    each = [1e6 * value / count for value in seconds]
    return f"{statistics.median(each):,.0f} µs/hand (rounds {min(each):,.0f}-{max(each):,.0f})"


def main() -> None:
    """Time PokerKit, each server over HTTP and the check in process in alternating blocks; print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pokerkit-python",
                        default=os.environ.get("RAZZ_POKERKIT_PYTHON", sys.executable))
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--answer-only", action="store_true",
                        help="also serve the answers kept after their first check (bench/served_answer.py)")
    parser.add_argument("--compare", type=Path, action="append", default=[], metavar="CHECKOUT",
                        help="also serve another checkout (with its own .venv) in the same blocks")
    parser.add_argument("--profile", action="store_true", help="also profile the in-process check with cProfile")
    parser.add_argument("--stage", metavar="STAGE",
                        help="only call STAGE (reading, checking, replay, settling, writing, 'whole check', "
                             "pokerkit) once and then --calls times, to be counted "
                             "under callgrind")
    parser.add_argument("--calls", type=int, default=0)
    options = parser.parse_args()
    count = options.hands
    phhs = wsop_phhs(count)
    if options.stage is not None:
        instructions_run(phhs, options.stage, options.calls)
        return
    body = json.dumps({"format": "phh", "text": phhs}).encode()
    pokerkit_rounds(options.pokerkit_python, phhs, count, rounds=1)
    in_process = in_process_check(body, count)
    in_process_lean = in_process_check(body, count, LEAN)
    served: dict[str, tuple[Path, str | None]] = {"service": (ROOT, None)}
    if options.answer_only:
        served["answers kept, no check"] = (ROOT, ANSWER_ONLY)
    served |= {str(checkout): (checkout.resolve(), None) for checkout in options.compare}
    pokerkit: list[PokerKitRound] = []
    sides = [side for name in served for side in ((name, name, None), (f"{name}, {LEAN_NAME}", name, LEAN))]
    over_http: dict[str, list[float]] = {name: [] for name, _, _ in sides}
    cpu = dict.fromkeys(over_http, 0.0)
    local: list[float] = []
    local_lean: list[float] = []
    with ExitStack() as stack:
        servers = {name: stack.enter_context(running_server(checkout=checkout, app=app))
                   for name, (checkout, app) in served.items()}
        for _, server_name, headers in sides:
            http_seconds(servers[server_name], body, count, headers)
        for _ in range(BLOCKS):
            pokerkit += pokerkit_rounds(options.pokerkit_python, phhs, count, ROUNDS)
            for name, server_name, headers in sides:
                server = servers[server_name]
                cpu_before = server.cpu_seconds()
                over_http[name] += timed(lambda server=server, headers=headers: http_seconds(server, body, count,
                                                                                             headers), ROUNDS)
                cpu[name] += server.cpu_seconds() - cpu_before
            local += timed(in_process, ROUNDS)
            local_lean += timed(in_process_lean, ROUNDS)
    rounds = BLOCKS * ROUNDS
    pokerkit_median = statistics.median(round_.total for round_ in pokerkit)
    print(f"{count} hands (the WSOP samples repeated) in one PHHS of {len(phhs):,} characters; "
          f"medians of {rounds} rounds in {BLOCKS} alternating blocks")
    print(f"PokerKit 0.7.7 in process, loads_all and every state: {per_hand_us([r.total for r in pokerkit], count)}; "
          f"loads_all {per_hand_us([r.loading for r in pokerkit], count)}, "
          f"iterating states {per_hand_us([r.states for r in pokerkit], count)}")
    for name, seconds in over_http.items():
        print(f"{name} over HTTP, one request of {count} hands: {per_hand_us(seconds, count)}; "
              f"server CPU {1e6 * cpu[name] / ((rounds + BLOCKS) * count):,.0f} µs/hand (warm-ups too); "
              f"PokerKit / it {pokerkit_median / statistics.median(seconds):.1f}x")
    print(f"service in process, Flask's test client: {per_hand_us(local, count)}; {LEAN_NAME}: "
          f"{per_hand_us(local_lean, count)}")
    lean = statistics.median(over_http[f"service, {LEAN_NAME}"])
    print(f"PokerKit / service over HTTP, per hand: {pokerkit_median / lean:.1f}x with {LEAN_NAME} (target >= 10x), "
          f"{pokerkit_median / statistics.median(over_http['service']):.1f}x with the full answer")
    print_stages(stage_seconds(phhs, rounds), lean, count)
    if options.profile:
        profile(in_process_lean, rounds)


if __name__ == "__main__":
    main()
