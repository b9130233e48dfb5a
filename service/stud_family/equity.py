"""Who is ahead with cards to come: each live player's chance to win, to tie and share of the pot.

Every unseen card is equally likely to be any card not named, so the exact answer is a count over
every way to complete the hands (``rank_multisets``: by the ranks each player receives, since
suits never decide a low); ``sample`` deals random completions from a seed with the scenarios'
generator (``equity_samples``); ``auto`` is exact when the enumeration fits ``EXACT_BUDGET`` rank
combinations, else it samples. The spot itself, and section 7's community card, are
``equity_spot``'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from math import sqrt

from .equity_samples import sample_tally
from .equity_spot import SHARE_UNITS, Spot, Tally, seven_card_values
from .errors import WorkBudgetError
from .judging import Judging
from .rank_multisets import exact_tally
from .why import Why
from .work import exact_work, sampled_work

EXACT_BUDGET = 10_000_000
"""The most rank combinations ``exact`` enumerates: one tuple of rank multisets, one per live player, and the
community card's rank when there is one. Measured (bench/README.md), the enumeration runs at 10 million
combinations a second or more (the slowest: many players receiving one card each; heads-up, over 100 million),
so the budget keeps an exact answer within about a second on the machines of ``bench/``. Heads-up it covers any
street with the down cards known and 5th street on whatever is known; three players, 5th street with the down
cards known; up to eight, 6th street with the down cards known."""

MOST_DEALS = 2**63 // (SHARE_UNITS * 2)
"""The most deals an exact count holds: the tallies are 64-bit whole numbers of share units."""

DEFAULT_SAMPLES = 20_000
"""Samples when the request names none: a share's standard deviation is at most 1/2, so the standard error is at
most 0.36%."""
MOST_SAMPLES = 100_000
"""The most samples one request deals: eight players on 3rd street with no down card known, the most cards to
deal, take 0.2 s in process and up to 0.8 s over HTTP on a busy machine (bench/README.md, "Equity"), well within
the 2 s every request is answered in, so a worker computing equities back to back leaves its other connections a
turn often."""


class Method(StrEnum):
    """How an equity is computed: enumerated, sampled, or exact where it fits the budget."""

    AUTO = "auto"
    EXACT = "exact"
    SAMPLE = "sample"


@dataclass(frozen=True, slots=True)
class SeatEquity:
    """One live player's chances: to hold the one best hand, to share it, and its expected share of the pot."""

    seat: int
    win: float
    tie: float
    equity: float


@dataclass(frozen=True, slots=True)
class Equity:
    """Each live player's chances and how they were computed."""

    players: tuple[SeatEquity, ...]
    method: Method
    """exact or sample: how the answer was computed (``auto`` resolved)."""
    tally: Tally
    deals: int | None
    samples: int | None
    seed: int | None
    standard_error: float | None
    """For a sample, the largest standard error of the players' equities."""
    combinations: int
    """The rank combinations exact enumerates at most."""
    asked: Method


def equity_work(spot: Spot, method: Method = Method.AUTO, samples: int | None = None) -> int:
    """The work units ``equity`` will take on ``spot`` (``stud_family/work.py``), known before any deal is counted: the
    combinations it enumerates, or the samples it deals times the players it values. An ``exact`` past its budget
    of combinations is refused here, as ``equity`` refuses it.

    >>> from .equity_spot import read_spot
    >>> spot = read_spot([(1, ["2h"], ["3h", "4h"]), (2, ["5s"], ["6s", "7s"])], [], None, 8)
    >>> equity_work(spot), equity_work(spot, Method.SAMPLE, 100_000)
    (329060, 50000)
    """
    combinations = spot.combinations()
    fits = _fits(spot, combinations)
    if method is Method.EXACT and not fits:
        raise _over_budget(combinations)
    if method is not Method.SAMPLE and fits:
        return exact_work(combinations)
    return sampled_work(DEFAULT_SAMPLES if samples is None else samples, len(spot.players))


def _over_budget(combinations: int) -> WorkBudgetError:
    """The refusal of an ``exact`` that would enumerate ``combinations``, past the budget."""
    return WorkBudgetError("method", f"exact would enumerate up to {combinations:,} rank combinations: the budget "
                                      f"is {EXACT_BUDGET:,} (use sample or auto)")


def _fits(spot: Spot, combinations: int) -> bool:
    """Whether ``exact`` may count ``spot``: within the budget of combinations, and of deals a tally holds."""
    return combinations <= EXACT_BUDGET and spot.deals() <= MOST_DEALS


def equity(judging: Judging, spot: Spot, method: Method = Method.AUTO, samples: int | None = None,
           seed: int = 0) -> Equity:
    """The live players' equities, their hands valued as ``judging`` says, exact or sampled as ``method`` asks;
    ``exact`` past the budget is refused."""
    ranks = seven_card_values(judging.hand)
    combinations = spot.combinations()
    deals = spot.deals()
    fits = _fits(spot, combinations)
    if method is Method.EXACT and not fits:
        raise _over_budget(combinations)
    if method is Method.SAMPLE or (method is Method.AUTO and not fits):
        count = DEFAULT_SAMPLES if samples is None else samples
        tally = sample_tally(spot, ranks, count, seed)
        return Equity(_seat_equities(spot, tally), Method.SAMPLE, tally, None, count, seed,
                      standard_error(tally), combinations, method)
    tally = exact_tally(spot, ranks)
    assert tally.total == deals, "the multisets' ways add up to every deal"
    return Equity(_seat_equities(spot, tally), Method.EXACT, tally, deals, None, None, None, combinations, method)


def standard_error(tally: Tally) -> float:
    """The largest standard error of the players' sampled equities: each share's sample variance over the samples,
    ``sqrt(variance / (n - 1))`` with the variance of the n shares drawn."""
    count = tally.total
    if count < 2:
        return 0.0
    variances = [squares / count - (share / count) ** 2 for share, squares in zip(tally.shares, tally.squares,
                                                                                     strict=True)]
    return sqrt(max(0.0, *variances) / (count - 1)) / SHARE_UNITS


def _seat_equities(spot: Spot, tally: Tally) -> tuple[SeatEquity, ...]:
    """Each seat's chances as fractions of the deals counted."""
    total = tally.total
    return tuple(SeatEquity(player.seat, tally.wins[index] / total, tally.ties[index] / total,
                            tally.shares[index] / (total * SHARE_UNITS))
                 for index, player in enumerate(spot.players))


def explain_equity(judging: Judging, spot: Spot, answer: Equity) -> list[Why]:
    """How the answer was computed: how 7th street is dealt, exact or sampled, and how ties share."""
    why = [spot.seventh.why()]
    ranking, words = judging.hand.citation, judging.words
    if answer.method is Method.EXACT:
        why.append(ranking.says("equity_method", (
            f"{words.rank_only}, so exact counts every deal by the ranks each player receives: "
            f"{answer.combinations:,} rank combinations at most (the budget is {EXACT_BUDGET:,}) stand for "
            f"{answer.deals:,} equally likely deals")))
    else:
        reason = ("sample was asked" if answer.asked is Method.SAMPLE else
                  f"exact would enumerate up to {answer.combinations:,} rank combinations, past the budget of "
                  f"{EXACT_BUDGET:,}")
        why.append(ranking.says("equity_method", (
            f"{reason}: {answer.samples:,} deals sampled from seed {answer.seed} with the scenarios' generator "
            f"(SplitMix64), the largest standard error {100 * (answer.standard_error or 0):.2f}%")))
    why.append(judging.ties_split.says("equity_ties", f"{words.ties}, so a k-way tie counts 1/k of it to each of the k "
                                                      "players"))
    return why
