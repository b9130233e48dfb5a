"""Limit betting sizes and short all-ins (reference section 4): the stakes, the ante and what a full raise is.

The stakes give an ante (dead), a bring-in (live), a small bet for 3rd and 4th street and a big
bet from 5th on (twice the small bet unless given). An all-in that puts in at least half a bet
over the street's level counts as a full bet or raise (``short_allin_threshold``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import StakesError
from .rules import Rules, ShortAllinThreshold, ThirdStreetHalfBetBase
from .streets import FIRST_STREET, STREETS


@dataclass(frozen=True, slots=True)
class Stakes:
    """The fixed-limit structure: ante, bring-in, small bet (3rd/4th), big bet (5th-7th)."""

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int | None = None
    """Twice the small bet when omitted."""

    def __post_init__(self) -> None:
        """Fill the big bet and reject structures the reference rules out (each amount's range is the schema's)."""
        big_bet = 2 * self.small_bet if self.big_bet is None else self.big_bet
        object.__setattr__(self, "big_bet", big_bet)
        if self.bring_in > self.small_bet:
            raise StakesError("stakes.bring_in",
                              f"the bring-in ({self.bring_in}) must not exceed the small bet ({self.small_bet})")
        if self.small_bet > big_bet:
            raise StakesError("stakes.big_bet",
                              f"the big bet ({big_bet}) must not be less than the small bet ({self.small_bet})")

    def bet_size(self, street: int) -> int:
        """The limit of a street: the small bet, or the big bet on the streets the table says."""
        return self.big_bet if STREETS[street].big_bet else self.small_bet  # type: ignore[return-value]

    def after_ante(self, stack: int) -> int:
        """The chips a player has left once he has anted (all of them if he has less than the ante)."""
        return stack - min(self.ante, stack)


def counts_as_full(total: int, level: int, size: int, street: int, bet_made: bool, stakes: Stakes,
                   rules: Rules) -> bool:
    """Whether an all-in to ``total`` on the street, short of ``level`` plus a bet, is still a full bet or raise."""
    if rules.short_allin_threshold == ShortAllinThreshold.FULL_BET:
        return False
    if street == FIRST_STREET and not bet_made and \
            rules.third_street_half_bet_base == ThirdStreetHalfBetBase.INCREMENT_OVER_BRING_IN:
        bring_in = stakes.bring_in
        return 2 * (total - bring_in) >= stakes.small_bet - bring_in
    return 2 * (total - level) >= size
