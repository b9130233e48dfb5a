"""Limit betting sizes and short all-ins (reference section 4): the stakes, the ante and what a full raise is.

The stakes give an ante (dead), a bring-in (live), a small bet for 3rd and 4th street and a big
bet from 5th on (twice the small bet unless given). An all-in that puts in at least half a bet
over the street's level counts as a full bet or raise (``short_allin_threshold``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import StakesError
from .rules import Rules, ShortAllinReopens, ShortAllinThreshold, ThirdStreetHalfBetBase
from .streets import FIRST_STREET, STREETS
from .why import REFERENCE_DEFAULT, Citation, Why, street_name

MOST_CHIPS = 10**15
"""The most any amount of chips may be (a stack, a bet, an action's chips): what the request schema accepts."""

BET_SIZES = Citation("§4", "BARGE Razz")
"""Small bets on 3rd and 4th street, big bets from 5th on, one bet per bet or raise."""
SHORT_ALL_IN = {ShortAllinThreshold.HALF_BET: Citation("§4", "WSOP-L 129"),
                ShortAllinThreshold.FULL_BET: Citation("§4", "PokerKit")}
"""What a short all-in must reach to count as a full bet or raise, by ``short_allin_threshold``."""
THIRD_STREET_BASE = {ThirdStreetHalfBetBase.TOTAL_VS_SMALL_BET: Citation("§4", "RRoP Betting & Raising 5"),
                     ThirdStreetHalfBetBase.INCREMENT_OVER_BRING_IN: Citation("§4", REFERENCE_DEFAULT)}
"""How a 3rd-street all-in above the bring-in is measured, by ``third_street_half_bet_base``."""
REOPENED_PER_PLAYER = Citation("§4", "TDA 47")
"""Under ``short_allin_reopens`` per_player, a full bet or raise reopens the betting for a player who has acted only
if he faces at least half a bet more than he matched (``everyone``, a choice of the reference's, reopens everyone)."""


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


def reopens_for(faced: int, size: int, rules: Rules) -> bool:
    """Whether a player who has acted on the street, and who faces ``faced`` more than he matched when he last
    acted, may bet or raise again now that a full bet or raise has been made since.

    Reopening is judged per player (``per_player``, the reference's ruling after TDA 47A "not facing at least a
    full bet or raise when the action returns to them", 47B's half a bet in limit, and WSOP-L 129 "the resulting
    wager size to a participant"): he must face at least half a bet more, or a whole bet under ``full_bet``. So an
    all-in that counts as a raise reopens the bettor it raises but not a player who has called most of it.
    Under ``everyone`` it reopens every player not all-in.

    >>> reopens_for(25, 40, Rules()), reopens_for(15, 40, Rules())
    (True, False)
    >>> reopens_for(15, 40, Rules(short_allin_reopens=ShortAllinReopens.EVERYONE))
    True
    """
    if rules.short_allin_reopens == ShortAllinReopens.EVERYONE:
        return True
    if rules.short_allin_threshold == ShortAllinThreshold.FULL_BET:
        return faced >= size
    return 2 * faced >= size


def explain_short_all_in(seat: int, total: int, level: int, size: int, street: int, bet_made: bool,
                         stakes: Stakes, rules: Rules, counted: bool, capped: bool = False) -> Why:
    """Why an all-in to ``total``, short of ``level`` plus a bet, did or did not count as a full bet or raise, and
    whom it reopens the betting for (``capped``: it used the last raise the cap allows, so it reopens it for
    nobody)."""
    opening = f"seat {seat}'s all-in to {total} on {street_name(street)}"
    if rules.short_allin_threshold == ShortAllinThreshold.FULL_BET:
        return SHORT_ALL_IN[ShortAllinThreshold.FULL_BET].says(
            "short_all_in", f"{opening} is short of a full bet of {size} over {level}: under short_allin_threshold "
                            "full_bet only a full bet or raise reopens the betting, so it does not")
    if street == FIRST_STREET and not bet_made and \
            rules.third_street_half_bet_base == ThirdStreetHalfBetBase.INCREMENT_OVER_BRING_IN:
        citation = THIRD_STREET_BASE[ThirdStreetHalfBetBase.INCREMENT_OVER_BRING_IN]
        measure = (f"is {total - stakes.bring_in} over the bring-in of {stakes.bring_in}, against a completion "
                   f"distance of {stakes.small_bet - stakes.bring_in}")
    else:
        citation = SHORT_ALL_IN[ShortAllinThreshold.HALF_BET]
        measure = f"is {total - level} over {level}, against a bet of {size}"
    if counted and capped:
        verdict = (f"at least half, so it counts as a full bet or raise: the level is {total}, and it uses the last "
                   "raise the cap allows, so the betting is capped, not reopened: the others may call or fold")
    elif counted and rules.short_allin_reopens == ShortAllinReopens.PER_PLAYER:
        verdict = (f"at least half, so it counts as a full bet or raise: the level is {total}, and it reopens the "
                   "betting for a player who has acted only if he faces at least half a bet more than he matched "
                   "(short_allin_reopens per_player)")
    elif counted:
        verdict = f"at least half, so it counts as a full bet or raise: the level is {total} and the betting reopens"
    else:
        verdict = "under half, so it is not a full bet or raise and does not reopen the betting for those who acted"
    return citation.says("short_all_in", f"{opening} {measure}: {verdict}")
