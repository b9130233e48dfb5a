"""Equity: the service beside PokerKit 0.7.7's ``calculate_equities``, in one run, and the service's worst requests.

Run from the project root: ``python bench/equity.py [--port PORT] [--rounds N] [--games razz,stud]
[--pokerkit-samples N] [--load-seconds S]``. One real server (``python -m service``, 2 workers)
answers every figure.

Razz: PokerKit samples the heads-up 3rd-street spot with every card known, 2-3-4 against 5-6-7,
10,000 deals a round; between its rounds the server answers the same spot exactly over HTTP, so a
slow spell of the machine hits both alike. Then: the sampled rate in process beside PokerKit's;
the exact core beside a pure Python loop over the same pairs of rank multisets (why numpy); the
slowest requests the service accepts (each timed over HTTP, with its peak memory in process, as
tracemalloc sees numpy's arrays); what an all-in hand costs the hand-history check; and /healthz
probed while two clients post the slowest of them back to back.

Stud and stud/8: heads-up 5th street with every down card known, each round 7 exact requests, one
of the most samples and PokerKit's ``calculate_equities`` (``--pokerkit-samples``, every known
card as a hole card) per game; both sample uniform completions of the same spot, so at equal
samples their standard errors are equal and the time a deal compares them. Then the heaviest
stud/8 requests accepted, and /healthz and legal-actions timed alone and beside two clients
posting the heaviest exact and the heaviest sampled request back to back.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import threading
import time
import tracemalloc
from math import comb
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.heavy import light_calls, percentiles
from bench.serving import Server, running_server
from service.api.histories import check_text
from service.stud_family.cards import RANK_KEYS
from service.stud_family.equity import EXACT_BUDGET, MOST_SAMPLES, Method, equity
from service.stud_family.equity_spot import hand_key, read_spot
from service.stud_family.games import GAMES
from service.stud_family.judging import RAZZ_JUDGING
from service.stud_family.rank_multisets import _player_multisets
from service.stud_family.ranking import SEVEN_CARD_RANKS

ROOT = Path(__file__).resolve().parents[1]
ALL_IN_HEADS_UP, ALL_IN_SIDE_POT = (
    (ROOT / "tests" / "histories" / "test_allin.py").read_text().split(f'{name} = """', 1)[1].split('"""', 1)[0]
    for name in ("HEADS_UP", "SIDE_POT"))
"""The all-in hands of the tests, as PHH."""
WSOP_HAND = (ROOT / "tests" / "histories" / "samples" / "wsop-2023-43-5-24_01_07_20.phh").read_text()

HEADS_UP = [{"seat": 1, "up_cards": ["2h"], "down_cards": ["3h", "4h"]},
            {"seat": 2, "up_cards": ["5s"], "down_cards": ["6s", "7s"]}]
POKERKIT_SAMPLES = 10_000
DOORS = "Ac 2d 3h 4s 5c 6d 7h 8s".split()
SPREAD = [rank + suit for suit in "cdh" for rank in "A23456789TJQ"]
"""Cards that leave every rank unseen at least once (every spade): the most rank multisets a player can receive."""


SEVEN_SPREAD = [rank + suit for suit in "cdhs" for rank in "A23456789TJQK" if suit != "s" or rank in "JQK"]
"""42 cards that leave ten ranks unseen once each (the spades from the ace to the ten)."""


def sixth_street(players: int, unknown: int, dealt_from: list[str] = SPREAD) -> list[dict[str, Any]]:
    """Players on 6th street dealt from ``dealt_from``, the last ``unknown`` of them with one down card unknown."""
    cards = iter(dealt_from)
    return [{"seat": seat, "up_cards": [next(cards) for _ in range(4)],
             "down_cards": [next(cards) for _ in range(1 if seat > players - unknown else 2)]}
            for seat in range(1, players + 1)]

WORST: dict[str, dict[str, Any]] = {
    "8 players, 3rd street, no down card known (auto: sampled, default samples)":
        {"players": [{"seat": seat, "up_cards": [card]} for seat, card in enumerate(DOORS, 1)]},
    f"the same, {MOST_SAMPLES:,} samples":
        {"players": [{"seat": seat, "up_cards": [card]} for seat, card in enumerate(DOORS, 1)],
         "samples": MOST_SAMPLES},
    "heads-up, 3rd street, no down card known, the most samples":
        {"players": [{"seat": 1, "up_cards": ["2h"]}, {"seat": 2, "up_cards": ["5s"]}], "samples": MOST_SAMPLES},
    "6 players, 6th street, down cards known (exact: many players, one card each)":
        {"players": sixth_street(6, 0), "method": "exact"},
    "7 players, 6th street, down cards known (exact, at the budget)":
        {"players": sixth_street(7, 0, SEVEN_SPREAD), "method": "exact"},
    "heads-up, 5th street, no down card known (exact)":
        {"players": [{"seat": 1, "up_cards": ["2h", "3c", "4d"]}, {"seat": 2, "up_cards": ["5s", "6c", "7d"]}],
         "method": "exact"},
    "4 players, 6th street, three down cards unknown (exact, near the budget)":
        {"players": sixth_street(4, 3), "method": "exact"},
    "3 players, 5th street, down cards known (exact)":
        {"players": [{"seat": 1, "up_cards": ["2h", "3c", "4d"], "down_cards": ["5h", "6h"]},
                     {"seat": 2, "up_cards": ["5s", "6c", "7d"], "down_cards": ["8h", "9h"]},
                     {"seat": 3, "up_cards": ["Ks", "Qc", "Jd"], "down_cards": ["Th", "Ah"]}], "method": "exact"},
}
"""The slowest requests the service accepts: the most cards sampled, and exact at its slowest and near its budget."""


def post(server: Server, body: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    """Seconds one POST /v1/equity took on a new loopback connection, and its answer (which must be a 200)."""
    payload = json.dumps(body).encode()
    started = time.perf_counter()
    connection = http.client.HTTPConnection(*server.address, timeout=30)
    connection.request("POST", "/v1/equity", body=payload, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    elapsed = time.perf_counter() - started
    connection.close()
    if response.status != 200:
        raise SystemExit(f"{response.status}: {data.decode()}")
    return elapsed, json.loads(data)


def pokerkit_round() -> tuple[float, float]:
    """PokerKit 0.7.7 sampling the heads-up spot: seconds for 10,000 deals, and the first player's equity."""
    from pokerkit import Card, Deck, RegularLowHand, calculate_equities
    started = time.perf_counter()
    shares = calculate_equities(([Card.parse("3h4h2h")], [Card.parse("6s7s5s")]), [], 7, 0, Deck.REGULAR,
                                (RegularLowHand,), sample_count=POKERKIT_SAMPLES)
    return time.perf_counter() - started, shares[0]


def pure_python_exact_seconds(rows: int = 100) -> float:
    """The heads-up exact count as a pure Python loop over pairs of rank multisets, ``rows`` of player 1's
    multisets timed and scaled to all of them: what the numpy enumeration replaces."""
    spot = read_spot([(1, ["2h"], ["3h", "4h"]), (2, ["5s"], ["6s", "7s"])], [], None, 8)
    counts = spot.unseen_counts()
    multisets = [tuple(map(int, row)) for row in _player_multisets(4, counts)]
    keys = [sum(RANK_KEYS[rank + 1] * taken for rank, taken in enumerate(row)) for row in multisets]
    first, second = (hand_key(player) for player in spot.players)
    started = time.perf_counter()
    wins = 0
    for mine, key in zip(multisets[:rows], keys, strict=False):
        ways = 1
        for count, taken in zip(counts, mine, strict=True):
            ways *= comb(count, taken)
        left = [count - taken for count, taken in zip(counts, mine, strict=True)]
        value = SEVEN_CARD_RANKS[first + key]
        for theirs, their_key in zip(multisets, keys, strict=True):
            pair = ways
            for count, taken in zip(left, theirs, strict=True):
                if taken:
                    pair *= comb(count, taken)
            if pair and value < SEVEN_CARD_RANKS[second + their_key]:
                wins += pair
    return (time.perf_counter() - started) * len(multisets) / rows


def in_process_peak(body: dict[str, Any]) -> tuple[float, float]:
    """Seconds and peak megabytes (tracemalloc, which counts numpy's arrays) of one request's computation."""
    players = [(player["seat"], player["up_cards"], player.get("down_cards", [])) for player in body["players"]]
    spot = read_spot(players, [], None, 8)
    tracemalloc.start()
    started = time.perf_counter()
    equity(RAZZ_JUDGING, spot, Method(body.get("method", "auto")), body.get("samples"), 0)
    elapsed = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return elapsed, peak


def history_seconds_per_hand(text: str, copies: int = 20, allin: bool = True) -> float:
    """Seconds a hand takes to check in process (the CLI's check), ``allin`` included, over ``copies`` of it."""
    tables = "".join(f"[{index}]\n{text}\n" for index in range(1, copies + 1))
    started = time.perf_counter()
    answer = check_text("phh", tables, None, most=None)
    elapsed = time.perf_counter() - started
    if answer["summary"]["agree"] != copies or (answer["hands"][0]["allin"] is None) == allin:
        raise SystemExit(f"the all-in hand did not check: {answer['hands'][0]}")
    return elapsed / copies


def workers_memory(server: Server) -> list[tuple[int, int]]:
    """Each worker's resident memory now and at its highest (VmRSS, VmHWM), in MB."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    found = []
    for pid in children:
        status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
        found.append((int(status["VmRSS"].split()[0]) // 1024, int(status["VmHWM"].split()[0]) // 1024))
    return found


def probes_under_load(server: Server, body: dict[str, Any], seconds: float) -> tuple[int, float, int]:
    """Two clients post ``body`` back to back for ``seconds`` while /healthz is probed every 0.2 s: how many
    probes, the slowest one, and how many equity answers."""
    stop = time.monotonic() + seconds
    answered = [0]

    def load() -> None:
        while time.monotonic() < stop:
            post(server, body)
            answered[0] += 1

    clients = [threading.Thread(target=load) for _ in range(2)]
    for client in clients:
        client.start()
    probes: list[float] = []
    probe_calls(server, stop, probes)
    for client in clients:
        client.join()
    return len(probes), max(probes), answered[0]


def main() -> None:
    """Print every figure; nothing is asserted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=None, help="the loopback port for the server (default: free)")
    parser.add_argument("--rounds", type=int, default=3, help="PokerKit rounds, each between two HTTP blocks")
    parser.add_argument("--games", default="razz,stud", help="razz, stud (stud and stud8) or both (default)")
    parser.add_argument("--pokerkit-samples", type=int, default=300, help="PokerKit's samples a round for stud")
    parser.add_argument("--load-seconds", type=float, default=15, help="how long the heaviest stud requests load")
    options = parser.parse_args()
    games = options.games.split(",")
    with running_server(workers=2, port=options.port) as server:
        if "razz" in games:
            razz_figures(server, options)
        if "stud" in games:
            stud_figures(server, options)


def razz_figures(server: Server, options: argparse.Namespace) -> None:
    """Razz: exact and sampled beside PokerKit, the slowest requests, all-in hands, memory and probes."""
    started_memory = workers_memory(server)
    for _ in range(3):
        post(server, {"players": HEADS_UP})
    http_exact: list[float] = []
    pokerkit: list[float] = []
    pokerkit_equity = 0.0
    answer: dict[str, Any] = {}
    for _ in range(options.rounds):
        for _ in range(7):
            elapsed, answer = post(server, {"players": HEADS_UP})
            http_exact.append(elapsed)
        elapsed, pokerkit_equity = pokerkit_round()
        pokerkit.append(elapsed)
    for _ in range(7):
        http_exact.append(post(server, {"players": HEADS_UP})[0])
    exact_ms, pokerkit_s = 1000 * statistics.median(http_exact), statistics.median(pokerkit)
    print(f"heads-up 3rd street, every card known (2-3-4 against 5-6-7), {len(http_exact)} requests and "
          f"{len(pokerkit)} PokerKit rounds interleaved:")
    print(f"  service exact over HTTP: median {exact_ms:.1f} ms, slowest {1000 * max(http_exact):.1f} ms, "
          f"{answer['deals']:,} deals, equity {answer['players'][0]['equity']:.4f}")
    print(f"  PokerKit 0.7.7 calculate_equities, {POKERKIT_SAMPLES:,} samples: median {pokerkit_s:.2f} s "
          f"(equity {pokerkit_equity:.4f}): the service is {1000 * pokerkit_s / exact_ms:.0f}x faster")

    pokerkit_rate = POKERKIT_SAMPLES / pokerkit_s
    sampled = {"players": HEADS_UP, "method": "sample", "samples": MOST_SAMPLES, "seed": 1}
    sample_times = [post(server, sampled)[0] for _ in range(5)]
    spot = read_spot([(1, ["2h"], ["3h", "4h"]), (2, ["5s"], ["6s", "7s"])], [], None, 8)
    core_times = []
    for _ in range(5):
        started = time.perf_counter()
        equity(RAZZ_JUDGING, spot, Method.SAMPLE, MOST_SAMPLES, 1)
        core_times.append(time.perf_counter() - started)
    http_rate = MOST_SAMPLES / statistics.median(sample_times)
    core_rate = MOST_SAMPLES / statistics.median(core_times)
    print(f"sample, the same spot, {MOST_SAMPLES:,} deals a request: {http_rate:,.0f} deals/s over HTTP "
          f"({http_rate / pokerkit_rate:.0f}x PokerKit's {pokerkit_rate:,.0f}), {core_rate:,.0f} deals/s in "
          f"process ({core_rate / pokerkit_rate:.0f}x)")

    numpy_times = []
    for _ in range(5):
        started = time.perf_counter()
        equity(RAZZ_JUDGING, spot, Method.EXACT)
        numpy_times.append(time.perf_counter() - started)
    python_s = pure_python_exact_seconds()
    numpy_ms = 1000 * statistics.median(numpy_times)
    print(f"exact in process, the same spot: numpy {numpy_ms:.1f} ms; a pure Python loop over the same pairs "
          f"{python_s:.1f} s ({1000 * python_s / numpy_ms:.0f}x)")

    print(f"the slowest requests accepted (exact budget {EXACT_BUDGET:,} rank combinations, at most "
          f"{MOST_SAMPLES:,} samples): slowest of 3 over HTTP; in process, seconds and peak memory")
    for name, body in WORST.items():
        times = [post(server, body)[0] for _ in range(3)]
        _, found = post(server, body)
        seconds, peak = in_process_peak(body)
        how = (f"exact, {found['deals']:,} deals" if found["method"] == "exact" else
               f"sampled, {found['samples']:,}, standard error {100 * found['standard_error']:.2f}%")
        print(f"  {name}: {max(times):.2f} s over HTTP ({how}); {seconds:.2f} s and {peak:.0f} MB in process")
    hands = {"heads-up all-in on 3rd street (exact)": ALL_IN_HEADS_UP,
             "3 players all-in on 4th street, a side pot (main pot sampled)": ALL_IN_SIDE_POT,
             "the WSOP sample's hand bet to 7th street (no allin)": WSOP_HAND}
    print("hand histories checked in process, a hand (allin computed where the betting ended before 7th street): "
          + "; ".join(f"{name} {1000 * history_seconds_per_hand(text, allin=name != list(hands)[-1]):.1f} ms"
                      for name, text in hands.items()))
    print("workers' resident memory (MB) at start, now and at the highest: "
          + ", ".join(f"{start} -> {now} (peak {peak})"
                      for (start, _), (now, peak) in zip(started_memory, workers_memory(server), strict=True)))
    slowest = WORST[f"the same, {MOST_SAMPLES:,} samples"]
    probes, worst_probe, answered = probes_under_load(server, slowest, seconds=20)
    print(f"/healthz while 2 clients post the {MOST_SAMPLES:,}-sample 8-player request back to back for 20 s: "
          f"{probes} probes, slowest {1000 * worst_probe:.0f} ms; {answered} equity answers")



STUD_FIFTH = [{"seat": 1, "up_cards": ["Kd", "7c", "7h"], "down_cards": ["Ah", "2s"]},
              {"seat": 2, "up_cards": ["6c", "Qd", "3d"], "down_cards": ["4c", "5c"]}]
"""Heads-up on 5th street, every down card known: bench/stud_equity.py's spot."""
STUD_DOORS = "Ac 2d 3h 4s 5c 6d 7h 8s".split()
STUD_WORST: dict[str, dict[str, Any]] = {
    "3 players, 5th street, down cards known (exact: 438,561 units, near the heaviest exact)":
        {"game": "stud8", "method": "exact", "players": [
            *STUD_FIFTH, {"seat": 3, "up_cards": ["Js", "Jd", "Tc"], "down_cards": ["9h", "8h"]}]},
    "heads-up, 4th street, down cards known (exact)":
        {"game": "stud8", "method": "exact", "players": [
            {"seat": 1, "up_cards": ["Kd", "7c"], "down_cards": ["Ah", "2s"]},
            {"seat": 2, "up_cards": ["6c", "Qd"], "down_cards": ["4c", "5c"]}]},
    "heads-up, 3rd street, down cards known (auto: sampled, exact would hold about 741 MB)":
        {"game": "stud8", "samples": MOST_SAMPLES, "players": [
            {"seat": 1, "up_cards": ["Kd"], "down_cards": ["Ah", "2s"]},
            {"seat": 2, "up_cards": ["6c"], "down_cards": ["4c", "5c"]}]},
    f"8 players, 3rd street, no down card known, {MOST_SAMPLES:,} samples (800,000 units, the heaviest)":
        {"game": "stud8", "samples": MOST_SAMPLES,
         "players": [{"seat": seat, "up_cards": [card]} for seat, card in enumerate(STUD_DOORS, 1)]},
}
"""The heaviest stud/8 requests the service accepts (stud/8 takes more than stud on every one)."""


def stud_pokerkit_seconds(hilo: bool, samples: int) -> tuple[float, float]:
    """PokerKit 0.7.7 sampling the heads-up 5th-street spot (every known card as a hole card, 7 dealt, no board):
    seconds for ``samples`` deals, and the first player's equity."""
    from pokerkit import Card, Deck, EightOrBetterLowHand, StandardHighHand, calculate_equities
    hand_types = (StandardHighHand, EightOrBetterLowHand) if hilo else (StandardHighHand,)
    ranges = [[list(Card.parse("".join(player["up_cards"] + player["down_cards"])))] for player in STUD_FIFTH]
    started = time.perf_counter()
    shares = calculate_equities(ranges, [], 7, 0, Deck.STANDARD, hand_types, sample_count=samples)
    return time.perf_counter() - started, shares[0]


def stud_in_process(body: dict[str, Any]) -> tuple[float, float]:
    """Seconds and peak megabytes (tracemalloc) of one stud request's computation."""
    players = [(player["seat"], player["up_cards"], player.get("down_cards", [])) for player in body["players"]]
    spot = read_spot(players, [], None, 8)
    tracemalloc.start()
    started = time.perf_counter()
    equity(GAMES[body["game"]].judging, spot, Method(body.get("method", "auto")), body.get("samples"), 0)
    elapsed = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return elapsed, peak


def probe_calls(server: Server, until: float, seconds: list[float]) -> None:
    """/healthz on a new connection every 0.2 s until ``until``: how long each took, into ``seconds``."""
    while time.monotonic() < until:
        started = time.perf_counter()
        connection = http.client.HTTPConnection(*server.address, timeout=10)
        connection.request("GET", "/healthz")
        connection.getresponse().read()
        connection.close()
        seconds.append(time.perf_counter() - started)
        time.sleep(0.2)


def beside(server: Server, body: dict[str, Any] | None, seconds: float) -> tuple[list[float], list[float], int]:
    """Probes and a legal-actions caller for ``seconds``, with two clients posting ``body`` back to back (none when
    None): the probes' and the light calls' seconds, and how many equity answers came."""
    until = time.monotonic() + seconds
    answered = [0]

    def load() -> None:
        while body is not None and time.monotonic() < until:
            post(server, body)
            answered[0] += 1

    probes: list[float] = []
    light: list[float] = []
    threads = [threading.Thread(target=load) for _ in range(2)]
    threads += [threading.Thread(target=probe_calls, args=(server, until, probes)),
                threading.Thread(target=light_calls, args=(server.address, until, light, 0.05))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return probes, light, answered[0]


def stud_figures(server: Server, options: argparse.Namespace) -> None:
    """Stud and stud/8: heads-up 5th street exact over HTTP and sampled beside PokerKit, rounds interleaved; the
    heaviest requests; probes and light requests beside them."""
    rounds, pokerkit_samples = options.rounds, options.pokerkit_samples
    exact: dict[str, list[float]] = {"stud": [], "stud8": []}
    sampled: dict[str, list[float]] = {"stud": [], "stud8": []}
    pokerkit: dict[str, list[float]] = {"stud": [], "stud8": []}
    answers: dict[str, dict[str, Any]] = {}
    pokerkit_equity: dict[str, float] = {}
    for game in exact:
        post(server, {"game": game, "players": STUD_FIFTH})
    for _ in range(rounds):
        for game in exact:
            for _ in range(7):
                elapsed, answers[game] = post(server, {"game": game, "players": STUD_FIFTH})
                exact[game].append(elapsed)
            elapsed, answers[f"{game} sample"] = post(server, {"game": game, "players": STUD_FIFTH,
                                                               "method": "sample", "samples": MOST_SAMPLES})
            sampled[game].append(elapsed / MOST_SAMPLES)
            elapsed, pokerkit_equity[game] = stud_pokerkit_seconds(game == "stud8", pokerkit_samples)
            pokerkit[game].append(elapsed / pokerkit_samples)
    print(f"heads-up 5th street, every down card known (A-2/K-7-7 against 4-5/6-Q-3), {rounds} rounds: in each, 7 "
          f"exact requests, one of {MOST_SAMPLES:,} samples and PokerKit 0.7.7's calculate_equities of "
          f"{pokerkit_samples} samples, per game:")
    for game, times in exact.items():
        answer, drawn = answers[game], answers[f"{game} sample"]
        per_sample, theirs = statistics.median(sampled[game]), statistics.median(pokerkit[game])
        print(f"  {game}: exact over HTTP median {1000 * statistics.median(times):.1f} ms, slowest "
              f"{1000 * max(times):.1f} ms ({answer['deals']:,} deals, equity {answer['players'][0]['equity']:.4f}); "
              f"sample {1e6 * per_sample:.2f} us a deal over HTTP (standard error {100 * drawn['standard_error']:.2f}% "
              f"at {MOST_SAMPLES:,}), PokerKit {1e6 * theirs:,.0f} us a deal (equity "
              f"{pokerkit_equity[game]:.4f}): at equal samples, so equal standard error, {theirs / per_sample:,.0f}x")
    print("the heaviest stud8 requests accepted: slowest of 3 over HTTP; in process, seconds and peak memory")
    for name, body in STUD_WORST.items():
        times = [post(server, body)[0] for _ in range(3)]
        _, found = post(server, body)
        seconds, peak = stud_in_process(body)
        how = (f"exact, {found['deals']:,} deals" if found["method"] == "exact" else
               f"sampled, {found['samples']:,}, standard error {100 * found['standard_error']:.2f}%")
        print(f"  {name}: {max(times):.2f} s over HTTP ({how}); {seconds:.2f} s and {peak:.0f} MB in process")
    heaviest = list(STUD_WORST.values())
    print(f"/healthz every 0.2 s and legal-actions every 0.05 s, {options.load_seconds:.0f} s alone, then beside two "
          "clients posting each heavy request back to back:")
    for name, body in [("alone", None), ("3-way 5th exact", heaviest[0]), ("8 players sampled", heaviest[-1])]:
        probes, light, answered = beside(server, body, options.load_seconds)
        print(f"  {name}: probes {percentiles(probes)}, slowest {1000 * max(probes):.0f} ms; legal-actions "
              f"{percentiles(light)}; {answered} equity answers")


if __name__ == "__main__":
    main()
