"""Main and side pots from what each seat put in over the whole hand (rules reference section 6).

Pots are cut at the contribution levels of live players only. Each cut drops at least one live
seat (the ones whose whole contribution is that level), so without a muck no two adjacent pots
share their eligible seats. A hand mucked at showdown still cuts its level but is eligible for
no pot, so the pots on either side of its level may have the same eligible seats: they are then
one pot (api.md: "adjacent levels with the same eligible seats are one pot"). A top level
reached by one live seat alone is that seat's uncalled excess, which comes back to it as a pot
it alone is eligible for.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from enum import StrEnum

import msgspec

from .why import REFERENCE_DEFAULT, Citation

POTS_APART = Citation("§6", "TDA 21")
"""Each pot is awarded on its own, among the live seats that reached it."""
UNCALLED_RETURNED = Citation("§6", REFERENCE_DEFAULT)
"""Chips only one seat put in are its uncalled excess, and come back to it."""
DEAD_MONEY_STAYS = Citation("§6", REFERENCE_DEFAULT)
"""Folded players' chips stay in the pots they reached, for the live seats that reached them."""
ONE_HAND_LEFT = Citation("§5", "TDA 17B")
"""The last live hand wins without showing; a hand mucked at showdown concedes."""


class Taken(StrEnum):
    """Why a pot goes where it goes, decided as it is cut."""

    CONTESTED = "contested"
    """Two or more seats are eligible: the best hand among them takes it (``POTS_APART``)."""
    UNCALLED = "uncalled"
    """One seat alone put these chips in: its uncalled excess comes back to it (``UNCALLED_RETURNED``)."""
    LAST_HAND = "last_hand"
    """Every other seat folded: the one live hand takes it without showing (``ONE_HAND_LEFT``)."""
    CONCEDED = "conceded"
    """The other live seats that reached it mucked, conceding it (``ONE_HAND_LEFT``)."""
    DEAD_MONEY = "dead_money"
    """No other live seat reached it: its one seat takes it with the chips folded seats left in it
    (``DEAD_MONEY_STAYS``)."""


RULE_OF = {Taken.CONTESTED: POTS_APART, Taken.UNCALLED: UNCALLED_RETURNED, Taken.LAST_HAND: ONE_HAND_LEFT,
           Taken.CONCEDED: ONE_HAND_LEFT, Taken.DEAD_MONEY: DEAD_MONEY_STAYS}
"""The rule behind each way a pot is taken."""


class Pot(msgspec.Struct, frozen=True):
    """Chips that go to the best hand among the seats eligible for them, and to nobody else."""

    amount: int
    eligible: tuple[int, ...]
    """Live seats that put in at least this pot's level and have not conceded it, ascending."""


class Reach(msgspec.Struct, frozen=True):
    """One pot as it was reached: the live seats that put in its level (muckers too), its dead chips, and why it goes
    where it goes."""

    pot: Pot
    reached: tuple[int, ...]
    """Live seats that put in at least the pot's lowest level, mucked or not, ascending."""
    dead: int
    """Chips in it from folded seats."""
    taken: Taken
    conceded: tuple[int, ...]
    """The seats that reached it and mucked, conceding it to its one eligible seat (empty otherwise)."""
    returned: int
    """Chips in it that one seat put in and no other seat matched, folded or live: they come back to that seat."""

    @property
    def rule(self) -> Citation:
        """The rule that gives the pot where ``taken`` says."""
        return RULE_OF[self.taken]


def build_pots(contributions: Mapping[int, int], folded: Collection[int] = (),
               conceded: Collection[int] = ()) -> tuple[Pot, ...]:
    """Main pot first, then side pots, from each seat's total chips in (antes included).

    Folded chips are dead money in every pot they reach. Chips a folded seat put in above the
    highest live level stay dead money too: they join the top pot, because a folded player
    forfeits every chip he put in (rules section 6, "Folded players' chips stay in the pots
    they reached"). Seats must be distinct with non-negative contributions and at least one
    seat live; ``showdown.check_players`` validates requests for this. A ``conceded`` seat (a live
    hand mucked at showdown, section 5) cuts levels as a live one does, so its uncalled excess
    still comes back to it, but it is eligible for no pot; the pots its level separates are one
    when their eligible seats are the same.

    >>> build_pots({1: 50, 2: 120, 3: 200, 4: 200})
    (Pot(amount=200, eligible=(1, 2, 3, 4)), Pot(amount=210, eligible=(2, 3, 4)), Pot(amount=160, eligible=(3, 4)))
    >>> build_pots({1: 45, 2: 45, 3: 3, 4: 5}, folded={4})
    (Pot(amount=12, eligible=(1, 2, 3)), Pot(amount=86, eligible=(1, 2)))
    >>> build_pots({1: 50, 2: 80, 3: 80}, conceded={3})
    (Pot(amount=150, eligible=(1, 2)), Pot(amount=60, eligible=(2,)))
    >>> build_pots({1: 50, 2: 80}, conceded={2})
    (Pot(amount=100, eligible=(1,)), Pot(amount=30, eligible=(2,)))
    >>> build_pots({1: 50, 2: 100, 3: 100}, conceded={1})
    (Pot(amount=250, eligible=(2, 3)),)
    """
    return tuple(reach.pot for reach in pots_reached(contributions, folded, conceded))


def pots_reached(contributions: Mapping[int, int], folded: Collection[int] = (),
                 conceded: Collection[int] = ()) -> tuple[Reach, ...]:
    """The pots ``build_pots`` gives, each with the live seats that reached it and its dead chips (an explanation
    says why a pot one seat takes is its own: the others folded, mucked or never reached it).

    Seat 4 folded after putting in 5: its chips are dead money in both pots it reached.

    >>> main, side = pots_reached({1: 45, 2: 45, 3: 3, 4: 5}, folded={4})
    >>> main.pot, main.reached, main.dead
    (Pot(amount=12, eligible=(1, 2, 3)), (1, 2, 3), 3)
    >>> side.pot, side.dead, side.taken
    (Pot(amount=86, eligible=(1, 2)), 2, <Taken.CONTESTED: 'contested'>)
    """
    live = {seat: chips for seat, chips in contributions.items() if seat not in folded}
    last_hand = len(live) == 1
    levels = sorted(set(live.values()))
    everything = max(contributions.values())
    pots: list[Reach] = []
    floor = 0
    for index, level in enumerate(levels):
        ceiling = everything if index == len(levels) - 1 else level
        amount = sum(min(chips, ceiling) - min(chips, floor) for chips in contributions.values())
        if amount:
            reached = tuple(sorted(seat for seat, chips in live.items() if chips >= level))
            contested = len(reached) > 1  # a level one seat reached alone is its own chips coming back
            eligible = tuple(seat for seat in reached if not (contested and seat in conceded))
            dead = sum(min(chips, ceiling) - min(chips, floor) for seat, chips in contributions.items()
                       if seat in folded)
            returned = 0 if contested else _unmatched(contributions, reached[0], floor, ceiling)
            if pots and pots[-1].pot.eligible == eligible:
                lower = pots.pop()
                amount, dead, reached = amount + lower.pot.amount, dead + lower.dead, lower.reached
                returned += lower.returned
            pots.append(_taken(Pot(amount, eligible), reached, dead, returned, conceded, last_hand))
        floor = ceiling
    return tuple(pots)


def _unmatched(contributions: Mapping[int, int], seat: int, floor: int, ceiling: int) -> int:
    """The chips ``seat`` put in between ``floor`` and ``ceiling`` that no other seat, folded or live, matched."""
    matched = max((chips for other, chips in contributions.items() if other != seat), default=0)
    return max(0, min(contributions[seat], ceiling) - max(floor, matched))


def _taken(pot: Pot, reached: tuple[int, ...], dead: int, returned: int, conceded: Collection[int],
           last_hand: bool) -> Reach:
    """The pot with why it goes where it goes: contested by two or more seats, else its one seat's, as its uncalled
    excess, as the last live hand, conceded by those who mucked, or with dead chips no other live seat reached."""
    if len(pot.eligible) > 1:
        return Reach(pot, reached, dead, Taken.CONTESTED, (), returned)
    alone = len(reached) == 1  # above every other live seat's level: with its dead chips, if any
    mucked = () if alone else tuple(seat for seat in reached if seat in conceded)
    if not mucked and not (alone and dead):
        taken = Taken.UNCALLED
    elif last_hand:
        taken = Taken.LAST_HAND
    else:
        taken = Taken.CONCEDED if mucked else Taken.DEAD_MONEY
    return Reach(pot, reached, dead, taken, mucked, returned)


def uncalled_excess(contributions: Mapping[int, int]) -> tuple[int, int] | None:
    """The chips one seat put in that no other seat matched, folded or live, which come back to it: (seat, chips),
    None when the most any seat put in was matched: the ``returned`` chips of the top pot ``pots_reached`` cuts.

    When a folded seat put in more than the next live one, the excess over the folded seat's chips is
    still uncalled, though the pot it lies in holds the folded chips too.

    >>> uncalled_excess({1: 50, 2: 120, 3: 80}), uncalled_excess({1: 80, 2: 80})
    ((2, 40), None)
    """
    pots = pots_reached(contributions)
    if not pots or not pots[-1].returned:
        return None
    return pots[-1].pot.eligible[0], pots[-1].returned
