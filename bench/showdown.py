"""Print the median in-process time of one 8-player showdown with three side pots, in each game, side by side.

The same seats and cards are judged as razz, stud and stud/8 (stud/8's pots halved, its lows
valued too), the games' calls interleaved round by round so the machine's load falls on each alike.
Run from the project root: ``python -m bench.showdown [--rounds 2000]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from service.stud_family.games import GAMES
from service.stud_family.showdown import ShowdownPlayer, showdown

PLAYERS = [
    ShowdownPlayer(1, 50, cards=["As", "2s", "3s", "4s", "5s", "Kd"]),
    ShowdownPlayer(2, 120, cards=["Ac", "2c", "3c", "4c", "5c", "Qd"]),
    ShowdownPlayer(3, 200, cards=["Ad", "2d", "3d", "4d", "6d", "Jd"]),
    ShowdownPlayer(4, 330, cards=["Ah", "2h", "3h", "4h", "6h", "Td"]),
    ShowdownPlayer(5, 330, cards=["7s", "8s", "9s", "Ts", "Js", "Qs"]),
    ShowdownPlayer(6, 330, cards=["7c", "8c", "9c", "Tc", "Jc", "Qc"]),
    ShowdownPlayer(7, 330, cards=["7h", "8h", "9h", "Th", "Jh", "Qh"]),
    ShowdownPlayer(8, 90, folded=True),
]
COMMUNITY_CARD = "Ks"
ROUNDS = 2000


def main() -> None:
    """Time each game's showdown once per round, ROUNDS rounds, and print each median."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    rounds = parser.parse_args().rounds
    judgings = {name: game.judging for name, game in GAMES.items()}
    timings: dict[str, list[float]] = {name: [] for name in judgings}
    for _ in range(rounds):
        for name, judging in judgings.items():
            start = time.perf_counter()
            showdown(judging, PLAYERS, COMMUNITY_CARD)
            timings[name].append(time.perf_counter() - start)
    for name, judging in judgings.items():
        pots = len(showdown(judging, PLAYERS, COMMUNITY_CARD).pots)
        print(f"{name:5} showdown, 8 players, {pots} pots: median {statistics.median(timings[name]) * 1e6:.1f} µs "
              f"per call over {rounds} calls")


if __name__ == "__main__":
    main()
