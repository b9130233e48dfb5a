"""Print the median in-process time of one legal-actions replay of an 8-player hand at 7th street."""

from __future__ import annotations

import statistics
import time

from service.razz.betting import replay
from service.razz.limits import Stakes
from service.razz.rules import Rules
from service.razz.snapshot import Action, PlayerIn, Snapshot

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


def main() -> None:
    """Time many replays and print the median."""
    snapshot = build_snapshot()
    replay(snapshot)
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        replay(snapshot)
        times.append(time.perf_counter() - start)
    print(f"{len(snapshot.actions)} actions, 8 players, 7th street: "
          f"median {statistics.median(times) * 1000:.3f} ms per replay over {RUNS} runs")


if __name__ == "__main__":
    main()
