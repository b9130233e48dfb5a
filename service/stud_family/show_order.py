"""Who tables his hand first at showdown, and whether hands are tabled at once (rules reference section 5).

Without an all-in, the last aggressor on 7th street shows first; when 7th street had no bet,
``no_bet_show_order`` picks the first shower. The rulebooks name only the first shower; the
others follow clockwise from him, the usual direction of play. Once a player is all-in and the
betting is over, every live hand is tabled at once (TDA 16), side-pot contestants before players
all-in for less (WSOP-L 145).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from .errors import IllegalActionError, ShowdownError
from .games import RAZZ, Game
from .rules import NoBetShowOrder
from .seating import check_position
from .why import REFERENCE_DEFAULT, Citation, Why, seat_list, street_name

LAST_AGGRESSOR_SHOWS = Citation("§5", "TDA 17A")
"""Without an all-in, the last to bet or raise on 7th street tables first."""
NO_BET_SHOWS = {NoBetShowOrder.FIRST_TO_ACT_BOARD: Citation("§5", "TDA 17A"),
                NoBetShowOrder.EARLIEST_POSITION: Citation("§5", "WSOP-L 145"),
                NoBetShowOrder.LAST_AGGRESSOR_ANY_STREET: Citation("§5", REFERENCE_DEFAULT)}
"""Who tables first when 7th street is checked through, by ``no_bet_show_order``."""
ALL_AT_ONCE = Citation("§5", "TDA 16")
"""A player all-in and the betting over: every live hand is tabled at once, side-pot contestants first."""


def tabled_at_once(all_in_live: Sequence[int]) -> bool:
    """Whether every live hand is tabled at once when the betting is over: a live player is all-in (TDA 16).

    ``all_in_live`` lists the live seats that are all-in.
    """
    return bool(all_in_live)


def refuse_tabled_muck(seat: int, path: str, all_in_live: Sequence[int]) -> None:
    """Refuse a snapshot that marks ``seat``'s live hand mucked where every live hand is tabled at once.

    TDA 16: "a player who is all-in, or who has called all action, may not muck without tabling";
    the reference's ruling of 2026-12 makes the JSON endpoints refuse such a muck, naming the seat.
    A hand history that records one is taken as written instead (``histories.check``).
    """
    if tabled_at_once(all_in_live):
        are = "is" if len(all_in_live) == 1 else "are"
        raise IllegalActionError(path, f"seat {seat} may not muck: {seat_list(list(all_in_live))} {are} all-in and "
                                       "the betting is over, so every live hand is tabled at once", ALL_AT_ONCE)


SHOW_STREETS_BACK = (6, 5, 4, 3)
"""Streets searched for a bet or raise when 7th street was checked through, latest first."""


def earlier_aggressor(live: Sequence[int], aggressors: Mapping[int, Sequence[int]]) -> tuple[int, int] | None:
    """The first live seat that completed, bet or raised on 6th street, else 5th, ...: (seat, street); None if none."""
    for street in SHOW_STREETS_BACK:
        for seat in aggressors.get(street, ()):
            if seat in live:
                return seat, street
    return None


LAST_AGGRESSOR = "last_aggressor"
EARLIEST_POSITION = "earliest_position"
EARLIER_AGGRESSOR = "earlier_aggressor"
LOWEST_BOARD = "lowest_board"
"""What chose the first shower: the last aggressor on 7th street, or when nobody bet there, the earliest position,
the first aggressor of the latest street with one, or the lowest board."""


def _first_when_no_bet(
    rule: NoBetShowOrder, ring: list[int], first_to_act_board: int | None, aggressors: Mapping[int, Sequence[int]]
) -> tuple[int | None, str, int | None]:
    """Who shows first when nobody bet on 7th street (``ring`` is the live seats in position order), what chose him
    and, for an earlier street's aggressor, that street."""
    if rule == NoBetShowOrder.EARLIEST_POSITION:
        return ring[0], EARLIEST_POSITION, None  # WSOP-L 145: the participant in earliest position.
    if rule == NoBetShowOrder.LAST_AGGRESSOR_ANY_STREET:
        found = earlier_aggressor(ring, aggressors)
        if found is not None:
            return found[0], EARLIER_AGGRESSOR, found[1]
    return first_to_act_board, LOWEST_BOARD, None  # TDA 17A, WSOP-T 72: the seat that would act first.


class ShowOrder(msgspec.Struct, frozen=True, repr_omit_defaults=True):
    """The order hands are tabled in; with ``all_at_once`` nobody may muck and the order is only for reading."""

    all_at_once: bool
    """True when a live player is all-in and the betting is over: every live hand is tabled now (TDA 16)."""
    order: tuple[int, ...]
    """Live seats, first shower first (a seat that mucked, in its turn); empty when every other seat folded."""
    chosen_by: str = ""
    """What chose the first shower (``LAST_AGGRESSOR``, ``EARLIEST_POSITION``, ``EARLIER_AGGRESSOR`` or
    ``LOWEST_BOARD``); empty when nobody shows."""
    on_street: int | None = None
    """For ``EARLIER_AGGRESSOR``, the street he bet or raised on."""
    shown_by: Citation | None = None
    """The rule that set the order: every hand at once (TDA 16), the last aggressor (TDA 17A), or
    ``no_bet_show_order``'s; None when nobody shows."""


def show_order(
    contributed: Mapping[int, int],
    *,
    all_in: bool = False,
    last_aggressor: int | None = None,
    first_to_act_board: int | None = None,
    aggressors: Mapping[int, Sequence[int]] | None = None,
    position: Sequence[int] | None = None,
    no_bet_show_order: NoBetShowOrder = NoBetShowOrder.FIRST_TO_ACT_BOARD,
) -> ShowOrder:
    """The showdown order of the live seats (``contributed``: live seat -> total chips put in this hand).

    ``last_aggressor`` bet or raised last on 7th street (None: nobody bet); ``first_to_act_board``
    holds the lowest board, needed when the rule in force falls back to it; ``aggressors`` maps
    street (3-6) to the seats that completed, bet or raised on it in action order (the bring-in
    is not a bet); ``position`` lists seats clockwise from the dealer (default ascending).
    Raises ShowdownError naming the argument at fault.

    >>> show_order({1: 200, 4: 200, 6: 200}, first_to_act_board=4)  # doctest: +ELLIPSIS
    ShowOrder(all_at_once=False, order=(4, 6, 1), chosen_by='lowest_board', shown_by=Citation(rule='§5', ...))
    >>> show_order({1: 200, 4: 200}, last_aggressor=6)
    Traceback (most recent call last):
    ...
    service.stud_family.errors.ShowdownError: last_aggressor: seat 6 is not a live seat
    """
    if not contributed:
        raise ShowdownError("contributed", "at least one live seat is needed")
    ring = sorted(contributed) if position is None else check_position(position, contributed, ShowdownError)
    for name, seat in (("last_aggressor", last_aggressor), ("first_to_act_board", first_to_act_board)):
        if seat is not None and seat not in contributed:
            raise ShowdownError(name, f"seat {seat} is not a live seat")
    if len(ring) == 1:
        return ShowOrder(all_at_once=False, order=())
    first, chosen_by, on_street, shown_by = last_aggressor, LAST_AGGRESSOR, None, LAST_AGGRESSOR_SHOWS
    if first is None:
        first, chosen_by, on_street = _first_when_no_bet(no_bet_show_order, ring, first_to_act_board,
                                                         aggressors or {})
        shown_by = NO_BET_SHOWS[no_bet_show_order]
    if first is None:
        raise ShowdownError("first_to_act_board", "needed: nobody bet on 7th street")
    start = ring.index(first)
    order = ring[start:] + ring[:start]
    if all_in:
        order.sort(key=lambda seat: -contributed[seat])
        shown_by = ALL_AT_ONCE
    return ShowOrder(all_in, tuple(order), chosen_by, on_street, shown_by)


def explain_show_order(show: ShowOrder, no_bet_show_order: NoBetShowOrder, board_tie: Why | None = None,
                       game: Game = RAZZ) -> list[Why]:
    """Why hands are tabled in ``show``'s order, from what ``show_order`` recorded choosing the first shower (nothing
    when one hand wins unseen); ``board_tie`` is why the opening board (in razz the lowest) won its tie
    (``first_to_act.explain_tied_boards``), said when that board chose the first shower."""
    cited = show.shown_by
    if not show.order or cited is None:
        return []
    order = ", ".join(map(str, show.order))
    if show.all_at_once:
        return [cited.says("show_order", f"a live player is all-in and the betting is over: every live hand is "
                                               f"tabled at once, the seats in the most pots first ({order})")]
    first = show.order[0]
    if show.chosen_by == LAST_AGGRESSOR:
        return [cited.says("show_order", f"seat {first} bet or raised last on 7th street and shows "
                                                        f"first, then clockwise ({order})")]
    tie = [] if board_tie is None else [board_tie]
    lowest = f"the {game.board.direction} board" + ("" if board_tie is None else " after a tie, broken below")
    if no_bet_show_order == NoBetShowOrder.LAST_AGGRESSOR_ANY_STREET:
        rule = ("under last_aggressor_any_street the first live player to bet or raise on the latest street on which "
                "one did shows first (the first, not the last)")
        if show.chosen_by == EARLIER_AGGRESSOR:
            return [cited.says("show_order", f"nobody bet on 7th street: {rule}: seat {first}, on "
                                             f"{street_name(show.on_street or 0)}, then clockwise ({order})")]
        return [cited.says("show_order", f"nobody bet on 7th street: {rule}: nobody live bet or raised on any street, "
                                         f"so {lowest} does: seat {first}, then clockwise ({order})"), *tie]
    if show.chosen_by == EARLIEST_POSITION:
        return [cited.says("show_order", f"nobody bet on 7th street: seat {first}, earliest in position, shows first, "
                                         f"then clockwise ({order})")]
    return [cited.says("show_order", f"nobody bet on 7th street: seat {first}, {lowest}, shows first, then clockwise "
                                     f"({order})"), *tie]
