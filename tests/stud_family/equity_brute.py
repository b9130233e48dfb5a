"""Equity by brute force: every card deal enumerated one by one, the way the definition reads."""

from __future__ import annotations

from itertools import combinations

from service.stud_family.equity_spot import SHARE_UNITS, Spot, Tally
from service.stud_family.ranking import low_rank


def brute_force_tally(spot: Spot) -> Tally:
    """Every way to give each player its missing cards as a set, then the community card, counted one by one."""
    needs = spot.needs()
    players = len(spot.players)
    wins, ties, shares = [0] * players, [0] * players, [0] * players
    total = 0

    def deal(index: int, left: tuple[int, ...], hands: list[tuple[int, ...]]) -> None:
        nonlocal total
        if index == players:
            for shared in (left if spot.community_card else (None,)):
                extra = () if shared is None else (shared,)
                values = [low_rank(hand + extra) for hand in hands]
                best = min(values)
                holders = [place for place, value in enumerate(values) if value == best]
                total += 1
                for place in holders:
                    shares[place] += SHARE_UNITS // len(holders)
                    if len(holders) == 1:
                        wins[place] += 1
                    else:
                        ties[place] += 1
            return
        player = spot.players[index]
        known = (*player.down_cards, *player.up_cards)
        for cards in combinations(left, needs[index]):
            rest = tuple(card for card in left if card not in cards)
            deal(index + 1, rest, [*hands, known + cards])

    deal(0, spot.unseen, [])
    return Tally(total, tuple(wins), tuple(ties), tuple(shares))
