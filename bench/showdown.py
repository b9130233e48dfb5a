"""Print the median in-process time of one 8-player showdown with three side pots.

Run from the project root: ``python -m bench.showdown``.
"""

from __future__ import annotations

import statistics
import time

from service.stud_family.judging import RAZZ_JUDGING
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
    """Time ROUNDS calls one by one and print the median."""
    pots = len(showdown(RAZZ_JUDGING, PLAYERS, COMMUNITY_CARD).pots)
    timings = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        showdown(RAZZ_JUDGING, PLAYERS, COMMUNITY_CARD)
        timings.append(time.perf_counter() - start)
    median = statistics.median(timings)
    print(f"showdown, 8 players, {pots} pots: median {median * 1e6:.1f} µs per call over {ROUNDS} calls")


if __name__ == "__main__":
    main()
