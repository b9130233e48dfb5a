"""Limit betting sizes and short all-ins (reference section 4): the stakes, the ante and what a full raise is.

The stakes give an ante (dead), a bring-in (live), a small bet for 3rd and 4th street and a big
bet from 5th on (twice the small bet unless given). An all-in that puts in at least half a bet
over the street's level counts as a full bet or raise (``short_allin_threshold``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .errors import StakesError
from .rules import Rules, ShortAllinReopens, ShortAllinThreshold, ThirdStreetHalfBetBase
from .streets import FIRST_STREET, STREETS
from .vocabulary import Offer
from .why import REFERENCE_DEFAULT, Citation, Why, street_name

MOST_CHIPS = 10**15
"""The most any amount of chips may be (a stack, a bet, an action's chips): what the request schema accepts."""

BET_SIZES = Citation("§4", "BARGE Razz")
"""Small bets on 3rd and 4th street, big bets from 5th on, one bet per bet or raise."""
SHORT_ALL_IN = {ShortAllinThreshold.HALF_BET: Citation("§4", "WSOP-L 129"),
                ShortAllinThreshold.FULL_BET: Citation("§4", "PokerKit")}
"""What a short all-in must reach to count as a full bet or raise, by ``short_allin_threshold``."""
SHORT_OF_FULL = {threshold: Offer("seat {seat} may {kind} all-in to {to}, its last chips, short of the full {kind} to "
                                  "{full}", citation) for threshold, citation in SHORT_ALL_IN.items()}
"""Why an increase all-in short of a full one is offered: a short all-in is allowed (section 4)."""
COMPLETES_SHORT = {threshold: Offer("seat {seat} may complete the short all-in to {to}, a full {full_kind}{all_in}",
                                    citation) for threshold, citation in SHORT_ALL_IN.items()}
"""Why completing a short all-in to a full bet or raise is offered (section 4)."""
BETS = Offer("seat {seat} may bet {amount}, one {size} bet on {street}{all_in}", BET_SIZES)
RAISES = Offer("seat {seat} may raise to {to}: one {size} bet of {bet} over the {level} that stands{all_in}", BET_SIZES)
"""Why a bet or a raise is offered: one bet of the street's size."""
RAISE_OVER_ALL_IN = Citation("§4", "RRoP Betting & Raising 5")
"""The next raise over an all-in that counts as a full bet or raise goes to the all-in plus one bet (RRoP B&R 5's
example, "raising a $15 all-in bet to $35"; WSOP-L 129 the same)."""
RAISES_OVER_ALL_IN = Offer("seat {seat} may raise to {to}: one {size} bet of {bet} over the all-in to {level}, which "
                           "counts as a full bet or raise{all_in}", RAISE_OVER_ALL_IN)
"""Why a raise over such an all-in is offered, and to what."""
THIRD_STREET_BASE = {ThirdStreetHalfBetBase.TOTAL_VS_SMALL_BET: Citation("§4", "RRoP Betting & Raising 5"),
                     ThirdStreetHalfBetBase.INCREMENT_OVER_BRING_IN: Citation("§4", REFERENCE_DEFAULT)}
"""How a 3rd-street all-in above the bring-in is measured, by ``third_street_half_bet_base``."""
REOPENED_PER_PLAYER = Citation("§4", "TDA 47")
"""Under ``short_allin_reopens`` per_player, an all-in short of a full bet or raise that counts as one reopens the
betting for a player who has acted only if he faces at least half a bet more than he matched: TDA 47 refuses him
the raise when he does not (``everyone``, a choice of the reference's, reopens everyone)."""
REOPENED_TO_A_PARTICIPANT = {ShortAllinReopens.PER_PLAYER: Citation("§4", "WSOP-L 129"),
                             ShortAllinReopens.EVERYONE: Citation("§4", REFERENCE_DEFAULT)}
"""Why such all-ins reopen the betting for a player who has acted: the wager "to a participant" qualifies as a raise
(WSOP-L 129), or under ``everyone`` they reopen it for every player not all-in."""


OPEN_PAIR = Citation("stud §3", "RRoP Stud 4")
"""Stud, ``fourth_street_open_pair`` double_bet_allowed: a pair on any board when 4th street is dealt lets every
player bet or raise the small or the big bet there."""
BIG_AFTER_BIG = Citation("stud §3", "BARGE Stud")
"""Once a big bet or raise is made on such a street, every raise is big: "a big bet may never be met with a small
bet raise"."""
BIGS = Offer("seat {seat} may {kind} to {to}, by the big bet: a board showed a pair when 4th street was dealt, so a "
             "bet or raise may be small or big{all_in}", OPEN_PAIR)
"""Why the big size of an increase is offered beside the small one over an open pair."""
BIGS_ONLY = Offer("seat {seat} may {kind} to {to}, by the big bet only: a big bet or raise has been made on 4th "
                  "street over the open pair, so every raise is big{all_in}", BIG_AFTER_BIG)
"""Why only the big size is offered once a big bet or raise is made over an open pair."""


class OpenPair(NamedTuple):
    """A board showing a pair when 4th street is dealt (stud section 3), as the replay found it."""

    seat: int
    board: str

    def why(self) -> Why:
        """Why both sizes are open on the street."""
        return OPEN_PAIR.says("open_pair", f"seat {self.seat} shows {self.board}, a pair, on 4th street: every player "
                                           "may bet or raise the small or the big bet on this street, and once a big "
                                           "one is made every raise is big (fourth_street_open_pair "
                                           "double_bet_allowed)")


def is_big_increase(over: int, stakes: Stakes, rules: Rules) -> bool:
    """Whether an increase of ``over`` chips above the level, on an open-pair street before any big bet or raise, is a
    big one: more than a small bet and at least half a big bet (stud section 3: a full big one by a player with chips
    behind, or an all-in short of it that passes both); under ``short_allin_threshold`` full_bet, only a whole big
    bet, as only a full bet counts there.

    >>> stakes = Stakes(ante=5, bring_in=10, small_bet=40)
    >>> is_big_increase(80, stakes, Rules()), is_big_increase(60, stakes, Rules()), is_big_increase(40, stakes, Rules())
    (True, True, False)
    >>> is_big_increase(60, stakes, Rules(short_allin_threshold=ShortAllinThreshold.FULL_BET))
    False
    """
    big: int = stakes.big_bet  # type: ignore[assignment]  # Stakes fills it in
    if rules.short_allin_threshold == ShortAllinThreshold.FULL_BET:
        return over >= big > stakes.small_bet
    return over > stakes.small_bet and 2 * over >= big


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


class ShortAllIn(NamedTuple):
    """An all-in short of the street's level plus a bet, as ``counts_as_full`` judged it: whether it counted as a full
    bet or raise, the rule that measured it and the values its sentence says."""

    seat: int
    total: int
    level: int
    size: int
    street: int
    counted: bool
    measure: Citation
    """The rule that measured it: full_bet's (nothing short counts), the increment over the bring-in, or half a
    bet."""
    over: int
    """What it put in over what it is measured from (the level, or the bring-in)."""
    base: int
    """What it is measured from: the level, or under increment_over_bring_in the bring-in."""
    against: int
    """What it is measured against: a bet, or the completion's distance over the bring-in."""
    reopens_per_player: bool
    capped: bool = False
    """It counted and used the last raise the cap allows (the table says, once it has played it)."""

    def why(self) -> Why:
        """Why it did or did not count as a full bet or raise, and whom it reopens the betting for."""
        opening = f"seat {self.seat}'s all-in to {self.total} on {street_name(self.street)}"
        if self.measure is _FULL_BET_ONLY:
            return self.measure.says(
                "short_all_in", f"{opening} is short of a full bet of {self.size} over {self.level}: under "
                                "short_allin_threshold full_bet only a full bet or raise reopens the betting, so it "
                                "does not")
        if self.measure is _INCREMENT:
            measure = (f"is {self.over} over the bring-in of {self.base}, against a completion distance of "
                       f"{self.against}")
        else:
            measure = f"is {self.over} over {self.base}, against a bet of {self.against}"
        total = self.total
        if self.counted and self.capped:
            verdict = (f"at least half, so it counts as a full bet or raise: the level is {total}, and it uses the "
                       "last raise the cap allows, so the betting is capped, not reopened: the others may call or fold")
        elif self.counted and self.reopens_per_player:
            verdict = (f"at least half, so it counts as a full bet or raise: the level is {total}, and it reopens "
                       "the betting for a player who has acted only if he faces at least half a bet more than he "
                       "matched (short_allin_reopens per_player)")
        elif self.counted:
            verdict = (f"at least half, so it counts as a full bet or raise: the level is {total} and the betting "
                       "reopens")
        else:
            verdict = ("under half, so it is not a full bet or raise and does not by itself reopen the betting for "
                       "those who acted")
        return self.measure.says("short_all_in", f"{opening} {measure}: {verdict}")


_FULL_BET_ONLY = SHORT_ALL_IN[ShortAllinThreshold.FULL_BET]
_HALF_BET = SHORT_ALL_IN[ShortAllinThreshold.HALF_BET]
_INCREMENT = THIRD_STREET_BASE[ThirdStreetHalfBetBase.INCREMENT_OVER_BRING_IN]


def counts_as_full(seat: int, total: int, level: int, size: int, street: int, bet_made: bool, stakes: Stakes,
                   rules: Rules) -> ShortAllIn:
    """Whether ``seat``'s all-in to ``total`` on the street, short of ``level`` plus a bet of ``size``, is still a
    full bet or raise: at least half a bet over the level (``short_allin_threshold`` half_bet), measured on 3rd street
    before the completion from the bring-in under ``third_street_half_bet_base`` increment_over_bring_in.

    >>> stakes = Stakes(ante=5, bring_in=10, small_bet=40)
    >>> counts_as_full(2, 100, 80, 40, 4, True, stakes, Rules()).counted
    True
    >>> counts_as_full(2, 95, 80, 40, 4, True, stakes, Rules()).counted
    False
    """
    per_player = rules.short_allin_reopens == ShortAllinReopens.PER_PLAYER
    if rules.short_allin_threshold == ShortAllinThreshold.FULL_BET:
        return ShortAllIn(seat, total, level, size, street, False, _FULL_BET_ONLY, total - level, level, size,
                          per_player)
    if street == FIRST_STREET and not bet_made and \
            rules.third_street_half_bet_base == ThirdStreetHalfBetBase.INCREMENT_OVER_BRING_IN:
        bring_in = stakes.bring_in
        over, against = total - bring_in, stakes.small_bet - bring_in
        return ShortAllIn(seat, total, level, size, street, 2 * over >= against, _INCREMENT, over, bring_in, against,
                          per_player)
    return ShortAllIn(seat, total, level, size, street, 2 * (total - level) >= size, _HALF_BET, total - level, level,
                      size, per_player)


def reopens_everyone(total: int, level: int, size: int) -> bool:
    """Whether an increase to ``total`` over the street's ``level`` is a full bet or raise by itself, which reopens
    the betting for every player who has acted, whatever he had matched (the reference's ruling of 2026-12, second
    part: RRoP Stud 3 and WSOP-L 219 make the completion the round's bet, after which the raises follow).

    Every completion, bet or raise by a player who keeps chips behind is one; so is an all-in for at least the
    level plus a bet. TDA 47 and WSOP-L 129, and so ``reopens_for``, govern only all-ins short of that, whether
    or not they count as a full bet or raise (``counts_as_full``), one or several.

    >>> reopens_everyone(40, 0, 40), reopens_everyone(125, 80, 80)
    (True, False)
    """
    return total >= level + size


def reopens_for(faced: int, size: int, rules: Rules) -> Citation | None:
    """Whether a player who has acted on the street, and who faces ``faced`` more than he matched when he last
    acted, may bet or raise again now that an all-in short of a full bet or raise but counted as one
    (``counts_as_full``) has been made since, and no increase that ``reopens_everyone``.

    Reopening is judged per player (``per_player``, the reference's ruling after TDA 47A "not facing at least a
    full bet or raise when the action returns to them", 47B's half a bet in limit, and WSOP-L 129 "the resulting
    wager size to a participant"): he must face at least half a bet more, or a whole bet under ``full_bet``. So an
    all-in that counts as a raise reopens the bettor it raises but not a player who has called most of it.
    Under ``everyone`` it reopens every player not all-in. The answer is the rule that reopens the betting for him,
    or None when it stays closed to him (``REOPENED_PER_PLAYER``, TDA 47, refuses him the raise).

    >>> reopens_for(25, 40, Rules()).source, reopens_for(15, 40, Rules())
    ('WSOP-L 129', None)
    >>> reopens_for(15, 40, Rules(short_allin_reopens=ShortAllinReopens.EVERYONE)).source
    'reference default'
    """
    reopens = rules.short_allin_reopens
    if reopens == ShortAllinReopens.EVERYONE:
        return REOPENED_TO_A_PARTICIPANT[reopens]
    if rules.short_allin_threshold == ShortAllinThreshold.FULL_BET:
        return REOPENED_TO_A_PARTICIPANT[reopens] if faced >= size else None
    return REOPENED_TO_A_PARTICIPANT[reopens] if 2 * faced >= size else None


def explain_reopened(seat: int, matched: int, faced: int, size: int, rules: Rules, rule: Citation) -> Why:
    """Why the betting is reopened for ``seat``, who has acted, matching ``matched``, and now faces ``faced`` more
    through all-ins short of a full bet or raise of which one counted as one, as ``reopens_for`` decided by ``rule``.

    >>> rules = Rules()
    >>> why = explain_reopened(3, 100, 45, 80, rules, reopens_for(45, 80, rules))
    >>> why.source, why.text.split(":")[0]
    ('WSOP-L 129', 'seat 3 has acted, matching 100, and faces 45 more, at least half a bet of 80 to it')
    """
    if rules.short_allin_reopens == ShortAllinReopens.EVERYONE:
        return rule.says(
            "reopened", f"seat {seat} has acted, matching {matched}, and faces {faced} more: an all-in since counts "
                        "as a full bet or raise, and it reopens the betting for every player not all-in "
                        "(short_allin_reopens everyone)")
    return rule.says(
        "reopened", f"seat {seat} has acted, matching {matched}, and faces {faced} more, at least half a bet of {size} "
                    "to it: the all-ins since count as a raise to a participant, so the betting is reopened for it")
