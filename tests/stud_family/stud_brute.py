"""Stud high and stud/8 equity by brute force, sharing no code with the service's evaluators: every completion dealt
player by player, card by card, each seven-card hand valued as the best of its 21 five-card hands, each classified
from its ranks and suits the way section 4 words it."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

from service.stud_family.cards import RANK_OF, SUIT_OF
from service.stud_family.stud_exact import HALF, POT_UNITS, CardsToCome, HighTally, HiLoTally


def five_card_high(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks), larger is better: 8 straight flush down to 0 high card; aces high."""
    ranks = sorted((14 if RANK_OF[card] == 1 else RANK_OF[card] for card in cards), reverse=True)
    flush = len({SUIT_OF[card] for card in cards}) == 1
    top = None
    if len(set(ranks)) == 5 and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    elif ranks == [14, 5, 4, 3, 2]:
        top = 5
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    order = tuple(rank for rank, _ in groups)
    if top and flush:
        return 8, (top,)
    if shape[0] == 4:
        return 7, order
    if shape[:2] == [3, 2]:
        return 6, order
    if flush:
        return 5, tuple(ranks)
    if top:
        return 4, (top,)
    if shape[0] == 3:
        return 3, order
    if shape[:2] == [2, 2]:
        return 2, order
    if shape[0] == 2:
        return 1, order
    return 0, order


@cache
def seven_card_high(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    return max(five_card_high(five) for five in combinations(cards, 5))


@cache
def seven_card_low(cards: tuple[int, ...]) -> tuple[int, ...] | None:
    """The five lowest different ranks, aces low, highest first, when all are 8 or lower: smaller is better."""
    ranks = sorted({RANK_OF[card] for card in cards if RANK_OF[card] <= 8})
    return tuple(reversed(ranks[:5])) if len(ranks) >= 5 else None


def completions(spot: CardsToCome) -> list[list[tuple[int, ...]]]:
    """Every completion: each player's seven cards, players dealt in turn, each one card at a time (in increasing
    order, so a set of cards is dealt once), then the community card."""
    dealt: list[list[tuple[int, ...]]] = []

    def deal(player: int, hands: list[tuple[int, ...]], left: tuple[int, ...], cards_left: int) -> None:
        if player == len(spot.known):
            for shared in (left if spot.community_card else (None,)):
                extra = () if shared is None else (shared,)
                dealt.append([tuple(sorted(hand + extra)) for hand in hands])
            return
        if cards_left == 0:
            deal(player + 1, hands, left, spot.needs[player + 1] if player + 1 < len(spot.known) else 0)
            return
        last = hands[player][-1] if len(hands[player]) > len(spot.known[player]) else -1
        for card in left:
            if card > last:
                grown = [*hands[:player], (*hands[player], card), *hands[player + 1:]]
                deal(player, grown, tuple(other for other in left if other != card), cards_left - 1)

    deal(0, [tuple(hand) for hand in spot.known], tuple(sorted(spot.unseen)), spot.needs[0])
    return dealt


def brute_stud(spot: CardsToCome) -> HighTally:
    players = len(spot.known)
    wins, ties, shares = [0] * players, [0] * players, [0] * players
    deals = completions(spot)
    for hands in deals:
        values = [seven_card_high(hand) for hand in hands]
        best = max(values)
        holders = [place for place, value in enumerate(values) if value == best]
        for place in holders:
            shares[place] += POT_UNITS // len(holders)
            (wins if len(holders) == 1 else ties)[place] += 1
    return HighTally(len(deals), tuple(wins), tuple(ties), tuple(shares))


def brute_hilo(spot: CardsToCome) -> HiLoTally:
    players = len(spot.known)
    counts = {name: [0] * players for name in ("high_wins", "high_ties", "low_wins", "low_ties", "scoops", "shares",
                                                "low_shares")}
    deals = completions(spot)
    for hands in deals:
        highs = [seven_card_high(hand) for hand in hands]
        lows = [seven_card_low(hand) for hand in hands]
        best_high = max(highs)
        high_holders = [place for place, value in enumerate(highs) if value == best_high]
        qualified = [low for low in lows if low is not None]
        low_holders = [place for place, low in enumerate(lows) if qualified and low == min(qualified)]
        high_pot = HALF if low_holders else POT_UNITS
        for place in high_holders:
            counts["shares"][place] += high_pot // len(high_holders)
            counts["high_wins" if len(high_holders) == 1 else "high_ties"][place] += 1
        for place in low_holders:
            counts["shares"][place] += HALF // len(low_holders)
            counts["low_shares"][place] += HALF // len(low_holders)
            counts["low_wins" if len(low_holders) == 1 else "low_ties"][place] += 1
        if len(high_holders) == 1 and (not low_holders or low_holders == high_holders):
            counts["scoops"][high_holders[0]] += 1
    return HiLoTally(len(deals), *(tuple(counts[name]) for name in ("high_wins", "high_ties", "low_wins", "low_ties",
                                                                      "scoops", "shares", "low_shares")))
