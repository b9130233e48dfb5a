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
from typing import NamedTuple

from .equity_samples import StudSample, sample_tally, stud_sample_tally
from .equity_spot import SHARE_UNITS, Spot, Tally, seven_card_values
from .errors import WorkBudgetError
from .judging import Division, Judging
from .rank_multisets import exact_tally
from .stud_exact import POT_UNITS, CardsToCome, HighTally, HiLoTally, Work, hilo_tally, stud_tally
from .why import Why
from .work import exact_work, sampled_work, stud_sampled_work

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


def equity_work(judging: Judging, spot: Spot, method: Method = Method.AUTO, samples: int | None = None) -> int:
    """The work units ``equity`` will take on ``spot`` for a game judged by ``judging`` (``stud_family/work.py``),
    known before any deal is counted: the combinations or completions it enumerates, or the samples it deals times
    the players it values. An ``exact`` past its budget is refused here, as ``equity`` refuses it.

    >>> from .equity_spot import read_spot
    >>> from .judging import RAZZ_JUDGING
    >>> spot = read_spot([(1, ["2h"], ["3h", "4h"]), (2, ["5s"], ["6s", "7s"])], [], None, 8)
    >>> equity_work(RAZZ_JUDGING, spot), equity_work(RAZZ_JUDGING, spot, Method.SAMPLE, 100_000)
    (329060, 50000)
    """
    if suits_decide(judging):
        return stud_equity_work(spot, halves(judging), method, samples)
    combinations = spot.combinations()
    fits = _fits(spot, combinations)
    if method is Method.EXACT and not fits:
        raise _over_budget(combinations)
    if method is not Method.SAMPLE and fits:
        return exact_work(combinations)
    return sampled_work(DEFAULT_SAMPLES if samples is None else samples, len(spot.players))


def suits_decide(judging: Judging) -> bool:
    """Whether suits decide the game's hand values (stud, stud/8), so that its equity counts completions card by
    card (``stud_exact``), not rank multisets (razz: ``rank_multisets``)."""
    return judging.hand.seven_card_ranks is None


def halves(judging: Judging) -> bool:
    """Whether the game halves each pot between a high and a qualifying low (stud/8)."""
    return judging.division is Division.HIGH_LOW_HALVES


def _over_budget(combinations: int) -> WorkBudgetError:
    """The refusal of an ``exact`` that would enumerate ``combinations``, past the budget."""
    return WorkBudgetError("method", f"exact would enumerate up to {combinations:,} rank combinations: the budget "
                                      f"is {EXACT_BUDGET:,} (use sample or auto)")


def _fits(spot: Spot, combinations: int) -> bool:
    """Whether ``exact`` may count ``spot``: within the budget of combinations, and of deals a tally holds."""
    return combinations <= EXACT_BUDGET and spot.deals() <= MOST_DEALS


def equity(judging: Judging, spot: Spot, method: Method = Method.AUTO, samples: int | None = None,
           seed: int = 0) -> Equity | StudEquity:
    """The live players' equities, their hands valued as ``judging`` says (``StudEquity`` where suits decide them),
    exact or sampled as ``method`` asks; ``exact`` past the budget is refused."""
    if suits_decide(judging):
        return stud_equity(spot, halves(judging), method, samples, seed)
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


def explain_equity(judging: Judging, spot: Spot, answer: Equity | StudEquity) -> list[Why]:
    """How the answer was computed: how 7th street is dealt, exact or sampled, and how ties share."""
    if isinstance(answer, StudEquity):
        return explain_stud_equity(judging, spot, answer)
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


STUD_EXACT_UNITS = 1_000_000
"""The most work units (``work.py``) an exact stud or stud/8 count may take, as ``Work.units`` estimates them from
counts before it starts: razz's exact budget. Heads-up 4th street with the down cards known takes 58,274 (stud) and
116,548 (stud/8), three players on 5th street 219,281 and 438,561 (bench/README.md, "Stud high and stud/8 equity");
heads-up 3rd street with the down cards known, 1,436,028 and 2,872,056, is sampled."""
STUD_EXACT_BYTES = 256 << 20
"""The most memory an exact stud or stud/8 count may hold at once, as ``Work.peak_bytes`` estimates it: heads-up
on 3rd street stud/8 keeps a running count of each of its 57 low classes for each of 2.6 million entries (about
720 MB, measured), and is sampled instead."""
STUD_MOST_DEALS = 2**63 // (POT_UNITS * 2)
"""The most completions an exact stud count holds: its counts are 64-bit whole numbers of ``POT_UNITS``."""


@dataclass(frozen=True, slots=True)
class Chances:
    """A player's chances in one half of a stud/8 pot: to hold its one best hand, and to share it."""

    win: float
    tie: float


@dataclass(frozen=True, slots=True)
class SeatHiLoEquity:
    """One live player's chances in stud/8: in each half, to win the whole pot (``scoop``), and its expected share
    of the pot, halves and the qualifier counted."""

    seat: int
    high: Chances
    low: Chances
    """A low that qualifies: a player without one neither wins nor shares the low half."""
    scoop: float
    """The best high alone and the best low alone, or the best high alone with no qualifying low anywhere."""
    equity: float
    high_equity: float
    """The part of ``equity`` won in high halves (and whole pots without a qualifying low)."""
    low_equity: float
    """The part of ``equity`` won in low halves."""


class ExactCost(NamedTuple):
    """What an exact stud or stud/8 count would take, known from counts before it starts."""

    work: Work
    units: int
    peak_bytes: int
    deals: int

    @classmethod
    def of(cls, to_come: CardsToCome, hilo: bool) -> ExactCost:
        work = Work.of(to_come)
        return cls(work, work.units(hilo), work.peak_bytes(hilo), to_come.deals())

    @property
    def fits(self) -> bool:
        """Within the units and the memory an exact count may take, and the completions its counts hold."""
        return (self.units <= STUD_EXACT_UNITS and self.peak_bytes <= STUD_EXACT_BYTES
                and self.deals <= STUD_MOST_DEALS)

    def refusal(self) -> WorkBudgetError:
        """The refusal of an ``exact`` past the budget, naming what it would take and the budget."""
        return WorkBudgetError("method", f"exact would take an estimated {self.units:,} work units and "
                                         f"{self.peak_bytes / 2**20:,.0f} MB: the budget is {STUD_EXACT_UNITS:,} "
                                         f"units and {STUD_EXACT_BYTES >> 20:,} MB (use sample or auto)")


@dataclass(frozen=True, slots=True)
class StudEquity:
    """Each live player's chances in stud or stud/8 and how they were computed."""

    players: tuple[SeatEquity, ...] | tuple[SeatHiLoEquity, ...]
    method: Method
    """exact or sample: how the answer was computed (``auto`` resolved)."""
    tally: HighTally | HiLoTally
    """The whole-number counts over the deals counted or the samples dealt."""
    deals: int | None
    samples: int | None
    seed: int | None
    standard_error: float | None
    """For a sample, the largest standard error of the players' equities."""
    cost: ExactCost
    asked: Method


def stud_equity_work(spot: Spot, hilo: bool, method: Method = Method.AUTO, samples: int | None = None) -> int:
    """The work units ``stud_equity`` will take on ``spot``, known before any completion is counted: the exact
    count's estimate (``stud_exact.Work``) or the samples it deals times the players it values. An ``exact`` past
    its budget is refused here, as ``stud_equity`` refuses it.

    >>> from .equity_spot import read_spot
    >>> spot = read_spot([(1, ["Kd", "7c", "7h"], ["Ah", "2s"]), (2, ["6c", "Qd", "3d"], ["4c", "5c"])], [], None, 8)
    >>> stud_equity_work(spot, False), stud_equity_work(spot, True), stud_equity_work(spot, True, Method.SAMPLE)
    (1895, 3789, 40000)
    """
    cost = ExactCost.of(cards_to_come(spot), hilo)
    if method is Method.EXACT and not cost.fits:
        raise cost.refusal()
    if method is not Method.SAMPLE and cost.fits:
        return cost.units
    return stud_sampled_work(DEFAULT_SAMPLES if samples is None else samples, len(spot.players))


def stud_equity(spot: Spot, hilo: bool, method: Method = Method.AUTO, samples: int | None = None,
                seed: int = 0) -> StudEquity:
    """The live players' stud (``hilo`` false) or stud/8 equities, exact or sampled as ``method`` asks; ``exact``
    past the budget is refused. The 7th-street community card, when section 7 deals one, joins every hand and plays
    in both halves."""
    to_come = cards_to_come(spot)
    cost = ExactCost.of(to_come, hilo)
    if method is Method.EXACT and not cost.fits:
        raise cost.refusal()
    if method is Method.SAMPLE or (method is Method.AUTO and not cost.fits):
        count = DEFAULT_SAMPLES if samples is None else samples
        sampled = stud_sample_tally(spot, hilo, count, seed)
        return StudEquity(_stud_seats(spot, sampled.tally), Method.SAMPLE, sampled.tally, None, count, seed,
                          _stud_standard_error(sampled), cost, method)
    tally = hilo_tally(to_come) if hilo else stud_tally(to_come)
    return StudEquity(_stud_seats(spot, tally), Method.EXACT, tally, tally.deals, None, None, None, cost, method)


def _stud_standard_error(sampled: StudSample) -> float:
    """The largest standard error of the players' sampled equities, as ``standard_error`` computes razz's."""
    count = sampled.tally.deals
    if count < 2:
        return 0.0
    variances = [squares / count - (share / count) ** 2
                 for share, squares in zip(sampled.tally.shares, sampled.squares, strict=True)]
    return sqrt(max(0.0, *variances) / (count - 1)) / POT_UNITS


def _stud_seats(spot: Spot, tally: HighTally | HiLoTally) -> tuple[SeatEquity, ...] | tuple[SeatHiLoEquity, ...]:
    """Each seat's chances as fractions of the deals counted."""
    deals = tally.deals
    seats = [player.seat for player in spot.players]
    shares = [share / (deals * POT_UNITS) for share in tally.shares]
    if isinstance(tally, HighTally):
        return tuple(SeatEquity(seat, win / deals, tie / deals, share)
                     for seat, win, tie, share in zip(seats, tally.wins, tally.ties, shares, strict=True))
    return tuple(SeatHiLoEquity(seat, Chances(high_win / deals, high_tie / deals), Chances(low_win / deals,
                                                                                            low_tie / deals),
                                scoop / deals, share, (whole - low_share) / (deals * POT_UNITS),
                                low_share / (deals * POT_UNITS))
                 for seat, high_win, high_tie, low_win, low_tie, scoop, share, whole, low_share in zip(
                     seats, tally.high_wins, tally.high_ties, tally.low_wins, tally.low_ties, tally.scoops, shares,
                     tally.shares, tally.low_shares, strict=True))


def explain_stud_equity(judging: Judging, spot: Spot, answer: StudEquity) -> list[Why]:
    """How a stud or stud/8 answer was computed: how 7th street is dealt, exact or sampled, and how the pot is
    shared (halves, the qualifier and ties)."""
    why = [spot.seventh.why()]
    cost = answer.cost
    budget = f"the budget is {STUD_EXACT_UNITS:,} units and {STUD_EXACT_BYTES >> 20:,} MB"
    if answer.method is Method.EXACT:
        text = (f"exact counts every one of {answer.deals:,} equally likely completions, each player's valued "
                f"once: an estimated {cost.units:,} work units and {cost.peak_bytes / 2**20:,.0f} MB ({budget})")
    else:
        reason = ("sample was asked" if answer.asked is Method.SAMPLE else
                  f"exact would take an estimated {cost.units:,} work units and {cost.peak_bytes / 2**20:,.0f} MB, "
                  f"past the budget ({budget})")
        text = (f"{reason}: {answer.samples:,} deals sampled from seed {answer.seed} with the scenarios' generator "
                f"(SplitMix64), the largest standard error {100 * (answer.standard_error or 0):.2f}%")
    why.append(judging.hand.citation.says("equity_method", text))
    if judging.low is not None and isinstance(answer.tally, HiLoTally):
        why.append(judging.low.halves.says("equity_ties", (
            f"the pot is halved between {judging.words.best} and {judging.low.words.best} (five different ranks 8 or "
            f"lower); with no qualifying low {judging.words.best} takes it all; a k-way tie in a half counts 1/k of "
            "that half to each, and the same k players holding both halves receive 1/k of the pot whether it is "
            "split as one pot or by halves (hilo_same_winners changes only the odd chips)")))
        return why
    why.append(judging.ties_split.says("equity_ties", f"{judging.words.ties}, so a k-way tie counts 1/k of it to "
                                                      "each of the k players"))
    return why


def cards_to_come(spot: Spot) -> CardsToCome:
    """The spot as the exact count reads it: each player's known cards, the cards each still receives, the unseen
    cards and the community card."""
    return CardsToCome(tuple((*player.up_cards, *player.down_cards) for player in spot.players), spot.needs(),
                       spot.unseen, spot.community_card)
