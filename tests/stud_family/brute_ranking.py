"""Ace-to-five ranking by brute force, sharing no code with the service's tables: a hand is valued as the best of all
its five-card subsets, each valued from its rank counts, and values are placed by sorting them. The ranking tests
and bench/ranking.py check the service against it."""

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement

from service.stud_family.ranking import CATEGORIES


def brute_category(counts):
    """The category from the group sizes, largest first, as the rules words say it."""
    if counts[0] == 4:
        return "four_of_a_kind"
    if counts[0] == 3:
        return "full_house" if 2 in counts else "three_of_a_kind"
    return {2: "two_pair", 1: "one_pair", 0: "no_pair"}[counts.count(2)]


def brute_value(ranks):
    """(category index, ranks by group size then rank, descending): smaller is the better low."""
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    category = CATEGORIES.index(brute_category([count for _, count in groups]))
    return category, tuple(rank for rank, count in groups for _ in range(count))


def brute_best(ranks):
    """The best value over every five-card subset (or the whole hand when it is smaller)."""
    size = min(5, len(ranks))
    return min(brute_value(subset) for subset in combinations(ranks, size))


def multisets(size):
    """Every rank multiset of ``size`` cards a single deck can deal."""
    return [ranks for ranks in combinations_with_replacement(range(1, 14), size)
            if max(Counter(ranks).values()) <= 4]


@cache
def brute_places(size):
    """Brute-force value to its place (1 = best) among all values of ``size`` cards."""
    values = sorted({brute_value(ranks) for ranks in multisets(size)})
    return {value: place for place, value in enumerate(values, start=1)}
