"""Table-rules speed: an 8-player hand at 7th street with its full history, an 8-player showdown, and whole hands of
each game checked over HTTP beside PokerKit replaying them.

Run from the project root: ``python bench/table.py`` (needs Debian's wrk). Prints the in-process
time per legal-actions call (engine replay alone and the whole HTTP route in Flask's test client),
req/s of POST /v1/legal-actions through the real server beside the same server's /healthz in
the same run, and the in-process time per 8-player showdown with three side pots.

``python bench/table.py --whole-hands [--blocks 5] [--compare CHECKOUT]``: one whole 6-player hand of each game
(razz, stud, stud/8; the same deck, everyone to the showdown, two increases a street), played in PokerKit 0.7.7
(the ``test`` extra) and checked by POST /v1/table/state on the real server (2 workers on loopback, requests one
after another on one kept-alive connection, the answer's payouts checked once against PokerKit's), beside PokerKit
replaying the same hand in process (its state created, the same cards dealt, the same actions taken, the hands
shown and the pot pushed and pulled; and, beside it, its betting alone). The games and both sides alternate in
``--blocks`` blocks; each figure is a median of every request's or replay's time (the server's CPU time a request,
arbiter and workers, from ``/proc``: a median over the blocks), and each game's ratio is PokerKit's median over the
request's. ``--compare`` also serves razz's hand from another checkout (with its own ``.venv``) in the same blocks:
razz's figures beside it.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.engine import build_snapshot, median_ms, request_body
from bench.serving import HTTP_SETUP, Server, beside_healthz, cost_line, running_server
from bench.showdown import COMMUNITY_CARD, PLAYERS
from service.app import create_app
from service.stud_family.betting import replay
from service.stud_family.judging import RAZZ_JUDGING
from service.stud_family.showdown import showdown


def legal_actions_and_showdown() -> None:
    """Print the legal-actions figures, in process and beside /healthz over HTTP, and the showdown's."""
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


GAME_NAMES = ("razz", "stud", "stud8")
WHOLE_HAND_STAKES: Mapping[str, int] = {"ante": 5, "bring_in": 10, "small_bet": 40, "big_bet": 80}
WHOLE_HAND_PLAYERS = 6
WHOLE_HAND_STACK = 10_000
"""Deep enough that nobody is all-in: every hand is played by the same rules in PokerKit and the service."""
DECK_SEED = "bench/table.py whole hand"
"""The one deck every game's hand is dealt from."""
REQUESTS = 100
REPLAYS = 30
"""A block's requests and PokerKit replays of each game's hand (a replay takes several requests' time)."""


def busy(state: Any, options: Mapping[str, int | None], _: random.Random) -> str:
    """Everyone to the showdown with two increases a street: the bring-in posted, then complete, bet or raise while
    fewer than two were made on the street, else call or check."""
    if "bring_in" in options:
        return "bring_in"
    increase = next((kind for kind in ("complete", "bet", "raise") if kind in options), None)
    if increase is not None and state.completion_betting_or_raising_count < 2:
        return increase
    return "call" if "call" in options else "check"


def whole_hand_body(hand: Any) -> dict[str, Any]:
    """The POST /v1/table/state body of a hand played in PokerKit: every player's cards and every action with the
    chips it added; ``game`` named unless razz (a razz request as razz callers send it)."""
    players = [{"seat": i + 1, "stack": stack, "up_cards": list(hand.up_cards(i, hand.dealt[i])),
                "down_cards": list(hand.down_cards(i))} for i, stack in enumerate(hand.stacks)]
    actions = [{"seat": seat, "type": kind, **({} if chips is None else {"amount": chips})}
               for seat, kind, chips in hand.actions]
    body = {"stakes": dict(hand.stakes), "players": players, "actions": actions}
    return body if hand.game == "razz" else {"game": hand.game, **body}


class Caller:
    """POST /v1/table/state on one kept-alive connection to a server, each answer read whole."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.connection = http.client.HTTPConnection(*server.address, timeout=30)

    def post(self, body: bytes) -> tuple[int, bytes]:
        """The answer's status and body, on a new connection when the server closed the last (its keep-alive
        timeout passes while PokerKit's replays are timed)."""
        try:
            return self._post(body)
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            self.connection.close()
            self.connection = http.client.HTTPConnection(*self.server.address, timeout=30)
            return self._post(body)

    def _post(self, body: bytes) -> tuple[int, bytes]:
        self.connection.request("POST", "/v1/table/state", body=body, headers={"Content-Type": "application/json"})
        response = self.connection.getresponse()
        return response.status, response.read()


def check_answer(game: str, status: int, payload: bytes, net: tuple[int, ...]) -> None:
    """Stop unless the service answered 200 with the hand decided and every player paid what PokerKit paid him."""
    if status != 200:
        raise SystemExit(f"{game}: POST /v1/table/state answered {status}: {payload[:1000]!r}")
    answer = json.loads(payload)
    if answer.get("result") is None:
        raise SystemExit(f"{game}: the answer has no result (phase {answer.get('phase')})")
    paid = {share["seat"]: share["amount"] for share in answer["result"]["payouts"]}
    ours = tuple(player["stack"] + paid[player["seat"]] - WHOLE_HAND_STACK for player in answer["players"])
    if ours != net:
        raise SystemExit(f"{game}: the service pays {ours}, PokerKit {net}")


def timed_each(call: Callable[[], object], count: int) -> list[float]:
    """Seconds each of ``count`` calls took."""
    times = []
    for _ in range(count):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return times


def whole_hands(blocks: int, baseline: Path | None) -> None:
    """Print each game's whole hand over HTTP beside PokerKit's replay, medians, and each ratio beside razz's."""
    from tests.stud_family.pokerkit_play import play_hand, replay_in_pokerkit  # the test extra's PokerKit

    hands = {game: play_hand(game, random.Random(DECK_SEED), WHOLE_HAND_STAKES,
                             [WHOLE_HAND_STACK] * WHOLE_HAND_PLAYERS, busy) for game in GAME_NAMES}
    bodies = {game: json.dumps(whole_hand_body(hand)).encode() for game, hand in hands.items()}
    sides = [(game, game) for game in GAME_NAMES] + ([("razz, baseline", "razz")] if baseline else [])
    http_times: dict[str, list[float]] = {side: [] for side, _ in sides}
    server_cpu: dict[str, list[float]] = {side: [] for side, _ in sides}
    pokerkit_times: dict[str, list[float]] = {game: [] for game in GAME_NAMES}
    betting_times: dict[str, list[float]] = {game: [] for game in GAME_NAMES}
    with ExitStack() as stack:
        this = Caller(stack.enter_context(running_server(workers=2)))
        callers = dict.fromkeys(GAME_NAMES, this)
        if baseline is not None:
            callers["razz, baseline"] = Caller(stack.enter_context(running_server(workers=2,
                                                                                  checkout=baseline.resolve())))
        for side, game in sides:
            check_answer(side, *callers[side].post(bodies[game]), hands[game].net)
        for _ in range(blocks):
            for side, game in sides:
                post = partial(callers[side].post, bodies[game])
                timed_each(post, REQUESTS // 10)
                cpu = callers[side].server.cpu_seconds()
                http_times[side] += timed_each(post, REQUESTS)
                server_cpu[side].append((callers[side].server.cpu_seconds() - cpu) / REQUESTS)
                if side == game:
                    pokerkit_times[game] += timed_each(partial(replay_in_pokerkit, hands[game]), REPLAYS)
                    betting_times[game] += timed_each(partial(replay_in_pokerkit, hands[game], False), REPLAYS)
    print(f"whole {WHOLE_HAND_PLAYERS}-player hands, everyone to the showdown: POST /v1/table/state over HTTP (2 "
          f"workers, one kept-alive connection) beside PokerKit 0.7.7 replaying the hand in process; medians of "
          f"{blocks * REQUESTS} requests and {blocks * REPLAYS} replays a game in {blocks} alternating blocks")
    print("PokerKit: to the payout (the betting, then hands shown, valued and paid); its betting alone beside it")
    print(f"{'game':16} {'actions':>7} {'HTTP µs':>8} {'server CPU µs':>13} {'PokerKit µs':>11} {'PokerKit/HTTP':>13} "
          f"{'of razz':>7} {'betting µs':>10} {'betting/HTTP':>12}")
    ratios = {}
    for side, game in sides:
        http_us = 1e6 * statistics.median(http_times[side])
        cpu_us = 1e6 * statistics.median(server_cpu[side])
        pokerkit_us = 1e6 * statistics.median(pokerkit_times[game])
        betting_us = 1e6 * statistics.median(betting_times[game])
        ratios[side] = pokerkit_us / http_us
        print(f"{side:16} {len(hands[game].actions):7} {http_us:8,.0f} {cpu_us:13,.0f} {pokerkit_us:11,.0f} "
              f"{ratios[side]:12.1f}x {ratios[side] / ratios['razz']:7.2f} {betting_us:10,.0f} "
              f"{betting_us / http_us:11.1f}x")


def main() -> None:
    """Print the legal-actions and showdown figures, or with ``--whole-hands`` each game's whole hand beside
    PokerKit."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--whole-hands", action="store_true")
    parser.add_argument("--blocks", type=int, default=5)
    parser.add_argument("--compare", type=Path, metavar="CHECKOUT")
    arguments = parser.parse_args()
    if arguments.whole_hands:
        whole_hands(arguments.blocks, arguments.compare)
    else:
        legal_actions_and_showdown()


if __name__ == "__main__":
    main()
