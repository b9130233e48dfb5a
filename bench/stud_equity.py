"""Exact stud high and stud/8 equity in process, beside a naive enumeration and PokerKit's sampling, in one run.

Run from the project root: ``python bench/stud_equity.py [--rounds N] [--naive-deals N] [--pokerkit-samples N]``.
Each round times, for each spot and game, ``stud_exact`` counting every completion; then the naive
enumeration: every completion dealt in turn, each hand valued by ``high_ranking.evaluate`` (and
``eight_or_better.qualifying_low``), the pot divided in Python; its first ``--naive-deals`` completions
timed and scaled to all of them. Last, PokerKit 0.7.7's ``calculate_equities`` samples the heads-up 5th-street
spot (it has no dead cards and no community card); its time is scaled to the samples a standard error of
0.5% of the pot needs at most (``p (1 - p) / 0.005**2``: a share between 0 and 1 varies by ``p (1 - p)`` at
most). Medians over the rounds, from one run, so a busy spell hits every method alike.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from itertools import combinations, islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.stud_family.cards import CARD_CODES, parse_cards
from service.stud_family.eight_or_better import qualifying_low
from service.stud_family.high_ranking import high_rank
from service.stud_family.stud_exact import POT_UNITS, CardsToCome, Work, hilo_tally, stud_tally

HANDS = {
    "heads-up 5th street": ["Ah Kd 7c 7h 2s", "4c 5c 6c Qd 3d"],
    "heads-up 4th street": ["Ah Kd 7c 7h", "4c 5c 6c Qd"],
    "3-way 5th street": ["Ah Kd 7c 7h 2s", "4c 5c 6c Qd 3d", "Js Jd Tc 9h 8h"],
}
"""Every down card known; no dead card."""
STANDARD_ERROR = 0.005


def spot_of(hands: list[str]) -> CardsToCome:
    known = tuple(tuple(parse_cards(hand.split())) for hand in hands)
    named = {code for hand in known for code in hand}
    unseen = tuple(code for code in CARD_CODES.values() if code not in named)
    return CardsToCome(known, tuple(7 - len(hand) for hand in known), unseen, False)


def naive_deals(spot: CardsToCome) -> Iterator[list[tuple[int, ...]]]:
    """Every completion, each player's cards as a set, players in turn."""
    def deal(player: int, left: tuple[int, ...], hands: list[tuple[int, ...]]) -> Iterator[list[tuple[int, ...]]]:
        if player == len(spot.known):
            yield hands
            return
        for cards in combinations(left, spot.needs[player]):
            rest = tuple(card for card in left if card not in cards)
            yield from deal(player + 1, rest, [*hands, spot.known[player] + cards])
    return deal(0, spot.unseen, [])


def naive_stud(deals: Iterator[list[tuple[int, ...]]], players: int) -> list[int]:
    shares = [0] * players
    for hands in deals:
        values = [high_rank(hand) for hand in hands]
        best = min(values)
        holders = [place for place, value in enumerate(values) if value == best]
        for place in holders:
            shares[place] += POT_UNITS // len(holders)
    return shares


def naive_hilo(deals: Iterator[list[tuple[int, ...]]], players: int) -> list[int]:
    shares = [0] * players
    for hands in deals:
        highs = [high_rank(hand) for hand in hands]
        lows = [qualifying_low(hand) for hand in hands]
        best = min(highs)
        high_holders = [place for place, value in enumerate(highs) if value == best]
        ranks = [low.rank for low in lows if low is not None]
        low_holders = [place for place, low in enumerate(lows) if low is not None and low.rank == min(ranks)]
        high_pot = POT_UNITS // 2 if low_holders else POT_UNITS
        for place in high_holders:
            shares[place] += high_pot // len(high_holders)
        for place in low_holders:
            shares[place] += POT_UNITS // 2 // len(low_holders)
    return shares


def timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def pokerkit_seconds(hands: list[str], hilo: bool, samples: int) -> tuple[float, float]:
    """PokerKit sampling the spot: seconds for ``samples`` deals, and the first player's equity."""
    from pokerkit import Card, Deck, EightOrBetterLowHand, StandardHighHand, calculate_equities
    hand_types = (StandardHighHand, EightOrBetterLowHand) if hilo else (StandardHighHand,)
    ranges = [[list(Card.parse("".join(hand.split())))] for hand in hands]
    started = time.perf_counter()
    shares = calculate_equities(ranges, [], 7, 0, Deck.STANDARD, hand_types, sample_count=samples)
    return time.perf_counter() - started, shares[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--naive-deals", type=int, default=100_000)
    parser.add_argument("--pokerkit-samples", type=int, default=300)
    arguments = parser.parse_args()
    spots = {name: spot_of(hands) for name, hands in HANDS.items()}
    games = {"stud": (stud_tally, naive_stud), "stud8": (hilo_tally, naive_hilo)}
    exact: dict[tuple[str, str], list[float]] = {}
    naive: dict[tuple[str, str], list[float]] = {}
    pokerkit: dict[str, list[float]] = {game: [] for game in games}
    pokerkit_equity: dict[str, float] = {}
    equities: dict[tuple[str, str], float] = {}
    for spot in spots.values():
        stud_tally(spot), hilo_tally(spot)  # the tables and completions built once, as a running service has them
    for _ in range(arguments.rounds):
        for name, spot in spots.items():
            for game, (tally_of, naive_of) in games.items():
                exact.setdefault((name, game), []).append(timed(lambda: tally_of(spot)))  # noqa: B023
                equities[name, game] = float(tally_of(spot).equity()[0])
                sampled = min(arguments.naive_deals, spot.deals())
                seconds = timed(lambda: naive_of(islice(naive_deals(spot), sampled), len(spot.known)))  # noqa: B023
                naive.setdefault((name, game), []).append(seconds * spot.deals() / sampled)
        for game in games:
            seconds, pokerkit_equity[game] = pokerkit_seconds(HANDS["heads-up 5th street"], game == "stud8",
                                                              arguments.pokerkit_samples)
            pokerkit[game].append(seconds / arguments.pokerkit_samples)
    print(f"{arguments.rounds} rounds; naive: the first {arguments.naive_deals:,} completions timed, scaled to all")
    print("| spot | game | completions | entries, searches (work units) | exact (median) | naive, scaled | "
          "naive / exact | player 1's equity |")
    print("|---|---|---|---|---|---|---|---|")
    for (name, game), times in exact.items():
        spot = spots[name]
        work = Work.of(spot)
        exact_s, naive_s = statistics.median(times), statistics.median(naive[name, game])
        print(f"| {name} | {game} | {spot.deals():,} | {work.entries:,}, {work.searches:,} "
              f"({work.units(game == 'stud8'):,}) | {1000 * exact_s:.1f} ms | "
              f"{naive_s:,.1f} s | {naive_s / exact_s:,.0f}x | {equities[name, game]:.4f} |")
    print(f"\nPokerKit 0.7.7 calculate_equities on heads-up 5th street, {arguments.pokerkit_samples} samples a round, "
          f"scaled to a standard error of {STANDARD_ERROR:.1%} of the pot:")
    for game, per_sample in pokerkit.items():
        equity = equities["heads-up 5th street", game]
        samples = equity * (1 - equity) / STANDARD_ERROR ** 2
        pokerkit_s = statistics.median(per_sample) * samples
        exact_s = statistics.median(exact["heads-up 5th street", game])
        print(f"  {game}: {1000 * statistics.median(per_sample):.2f} ms a sample, {samples:,.0f} samples: "
              f"{pokerkit_s:.1f} s, {pokerkit_s / exact_s:,.0f}x the exact count "
              f"(its equity {pokerkit_equity[game]:.4f}, exact {equity:.4f})")


if __name__ == "__main__":
    main()
