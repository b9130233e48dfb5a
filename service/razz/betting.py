"""Fixed-limit betting (reference sections 2, 4 and 9): replay a snapshot's actions under the rules.

The replay keeps one mutable table (lists indexed clockwise) and checks every action against the
actions the rules allow at that point, so the first illegal action is reported with its index
and the rule it breaks.

Levels: ``level`` is the street's last full bet or raise (0 before any). A short all-in that puts
in at least half a bet over it (``short_allin_threshold``) counts as a full bet or raise: it
becomes the level, uses a raise and reopens the betting. A smaller one only raises what a call
must reach (``high``). A player may raise only if he has not acted since the last reopening.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import repeat
from operator import attrgetter, sub
from typing import NamedTuple, NoReturn, cast

from .bring_in import highest_door, opener_index
from .errors import IllegalActionError, SnapshotError
from .first_to_act import FIRST_STREET, LAST_STREET, lowest_board, up_cards_on
from .running_out import community_card_dealt
from .seating import CLOCKWISE_AFTER, is_int, next_clockwise, positions
from .snapshot import (
    Action,
    ActionRecord,
    Seating,
    Snapshot,
    check_action_form,
    seat_players,
)

BETTING = "betting"
DEALING = "dealing"
SHOWDOWN = "showdown"
COMPLETE = "complete"

_NEVER_ACTED = -1


class LegalAction(NamedTuple):
    """One action the seat to act may take; chip-adding ones say how many chips and the street total after.

    This and the other per-player and per-street records are named tuples, like ``Action``: a
    replay builds a score of them, and a tuple is built several times faster than a frozen
    dataclass while staying immutable.
    """

    type: str
    amount: int | None = None
    """Chips the action adds now."""
    to: int | None = None
    """The player's street total after the action."""
    all_in: bool = False
    """True when the action puts the player's last chip in."""


class PlayerState(NamedTuple):
    """A player's chips and status after the replay."""

    seat: int
    stack: int
    committed_street: int
    committed_total: int
    folded: bool
    all_in: bool


class StreetRecord(NamedTuple):
    """One street reached: who opened it, its actions (with the chips each added) and its aggressors."""

    number: int
    opener: int | None
    """3rd street: the bring-in seat; later: the first to act (None when no betting was possible)."""
    actions: tuple[Action, ...]
    first_aggressor: int | None
    """The first seat that bet, completed or raised (bring-ins do not count)."""
    last_aggressor: int | None


@dataclass(frozen=True)
class TableState:
    """Where the hand stands after the snapshot's actions; ``streets`` is built when first read."""

    street: int
    phase: str
    """betting (someone must act), dealing (next street's cards missing), showdown (no more betting), complete
    (all but one folded)."""
    to_act: int | None
    pot: int
    street_bet: int
    """The street's full level: the last full bet or raise, or before any, the bring-in a call must reach."""
    highest_bet: int
    """What a call reaches now (above ``street_bet`` when a short all-in stands)."""
    raises: int
    """Raises used after the street's bet (the completion is the bet)."""
    capped: bool
    players: tuple[PlayerState, ...]
    legal_actions: tuple[LegalAction, ...]
    bring_in_seat: int
    winner: int | None
    """The seat left when all others folded (phase complete)."""
    community_card_allowed: bool
    """Whether the deal has run short so 7th street is a community card (section 7)."""
    log: tuple[_Street, ...] = field(repr=False, compare=False)
    """The streets as the replay logged them: opener, aggressors and where their actions start."""
    actions: tuple[ActionRecord, ...] = field(repr=False, compare=False)
    """The snapshot's actions, in order."""
    added: tuple[int | None, ...] = field(repr=False, compare=False)
    """The chips each action added (None for fold and check)."""

    @cached_property
    def streets(self) -> tuple[StreetRecord, ...]:
        """Each street reached with its actions, each stating the chips it added.

        Built on first read: legal-actions never reads them, and building an action record per
        action cost a sixth of its replay.
        """
        taken = list(map(tuple.__new__, repeat(Action), zip(map(attrgetter("seat"), self.actions),
                                                            map(attrgetter("type"), self.actions), self.added,
                                                            strict=True)))
        ends = [street.start for street in self.log[1:]] + [len(taken)]
        return tuple(StreetRecord(street.number, street.opener, tuple(taken[street.start:end]),
                                  street.first_aggressor, street.last_aggressor)
                     for street, end in zip(self.log, ends, strict=True))


_REFUSED = -1
"""What ``_Table.chips`` answers for an action the player may not take now: no action adds negative chips."""

_LISTING_ORDER = ("fold", "bring_in", "check", "call", "bet", "complete", "raise")


class _Street:
    """One street's log while replaying: its actions are the hand's from ``start`` to the next street's start."""

    __slots__ = ("first_aggressor", "last_aggressor", "number", "opener", "start")

    def __init__(self, number: int, opener: int | None, start: int) -> None:
        self.number = number
        self.opener = opener
        self.start = start
        self.first_aggressor: int | None = None
        self.last_aggressor: int | None = None


class _Table:
    """The mutable table of one replay."""

    __slots__ = (
        "acted", "active", "added", "after", "all_in", "bet_made", "bring_in", "call_target", "can_act", "dealt",
        "floor", "fold_street", "fold_when_no_bet", "folded", "forced", "high", "index_of_input", "level", "limit",
        "live", "log", "mark", "n", "opening", "phase", "position", "raises", "rules", "seats", "size", "stack",
        "stakes", "street", "street_in", "to_act", "uncap_any_time", "uncapped", "up", "winner",
    )

    def __init__(self, snapshot: Snapshot, seating: Seating) -> None:
        seats, stacks, up = seating.seats, seating.stacks, seating.up
        self.index_of_input = seating.index_of_input
        self.rules = snapshot.rules
        self.stakes = snapshot.stakes
        self.limit = snapshot.rules.raise_limit
        self.fold_when_no_bet = snapshot.rules.fold_when_no_bet
        self.uncap_any_time = snapshot.rules.heads_up_uncap == "any_time_before_cap"
        self.seats = seats
        self.up = up
        n = self.n = len(seats)
        self.after = CLOCKWISE_AFTER[n]
        ante = snapshot.stakes.ante
        self.stack = [chips - min(ante, chips) for chips in stacks]
        self.street_in = [0] * n
        self.folded = [False] * n
        self.all_in = [chips == 0 for chips in self.stack]
        self.can_act = [chips > 0 for chips in self.stack]
        self.acted = [_NEVER_ACTED] * n
        self.fold_street = [0] * n
        self.position = positions(seats, snapshot.dealer_seat)
        self.active = sum(self.can_act)
        self.live = n
        self.mark = 0
        self.winner: int | None = None
        self.to_act: int | None = None
        self.log: list[_Street] = []
        self.added: list[int | None] = []
        """The chips each action added (None for fold and check), in the order taken."""
        self.dealt: list[int] = []
        self.bring_in, _ = highest_door([cards[0] for cards in up])
        self._start_street(FIRST_STREET)

    # -- streets -----------------------------------------------------------------------------

    def _start_street(self, street: int) -> None:
        """Reset the round and find who acts first (the bring-in on 3rd street)."""
        self.street = street
        self.size = self.stakes.bet_size(street)
        self.level = self.high = self.floor = self.call_target = self.raises = 0
        self.bet_made = self.uncapped = False
        self.mark += 1
        self.street_in = [0] * self.n
        self.dealt.append(self.live)
        self.opening = False
        self.forced = False
        if street == FIRST_STREET:
            first = opener_index(self.bring_in, self.stack)
            self.opening = True
            self.forced = first == self.bring_in
            self.log.append(_Street(street, self.seats[self.bring_in], len(self.added)))
        else:
            first = None
            if self.active >= 2:
                board, _ = lowest_board(self.up, up_cards_on(street), self.folded, self.position,
                                        self.rules.later_street_tie_break)
                first = next_clockwise(board, self.can_act)
            self.log.append(_Street(street, None if first is None else self.seats[first], len(self.added)))
        if first is None or self.active < 2:
            self._end_betting()
            return
        self.phase = BETTING
        self.to_act = first
        mode = self.rules.heads_up_uncap
        self.uncapped = (mode == "event_heads_up" and self.n == 2) or (
            mode in ("any_time_before_cap", "round_starts_heads_up") and self.active <= 2)

    def _next_cards_shown(self) -> bool:
        """Whether every live player shows the next street's up card (7th street's is face down)."""
        if self.street + 1 == LAST_STREET:
            return True
        need = up_cards_on(self.street + 1)
        return all(len(cards) >= need or folded for cards, folded in zip(self.up, self.folded, strict=True))

    def _end_round(self) -> None:
        """The round is over: deal on if the cards are there, else wait for them."""
        self.to_act = None
        if self.active < 2:
            self._end_betting()
        elif self.street == LAST_STREET:
            self.phase = SHOWDOWN
        elif self._next_cards_shown():
            self._start_street(self.street + 1)
        else:
            self.phase = DEALING

    def _end_betting(self) -> None:
        """No more betting this hand: the remaining streets are dealt as far as the cards show."""
        self.to_act = None
        self.phase = SHOWDOWN
        while self.street < LAST_STREET and self._next_cards_shown():
            self.street += 1
            self.street_in = [0] * self.n
            self.level = self.high = self.floor = self.call_target = self.raises = 0
            self.bet_made = False
            self.dealt.append(self.live)
            self.log.append(_Street(self.street, None, len(self.added)))

    # -- legal actions -----------------------------------------------------------------------

    def _set_call_target(self) -> None:
        """What a call reaches: the highest wager, or the full bring-in over a short one."""
        self.call_target = self.high if self.high > self.floor else self.floor

    def _capped(self) -> bool:
        """Whether the round has its bet and every raise the cap allows (and is not uncapped)."""
        return self.bet_made and self.limit is not None and self.raises >= self.limit and not self.uncapped

    def _raise_refusal(self, i: int, need: int) -> str | None:
        """Why player ``i`` may not bet or raise now, or None if he may."""
        if self._capped():
            return "the betting is capped"
        if self.stack[i] <= need:
            return "its chips only cover the call"
        if self.active < 2:
            return "every other player is all-in"
        if self.acted[i] == self.mark:
            return "it has acted and the betting has not been reopened by a full bet or raise"
        return None

    def _raise_type(self) -> str:
        """The name of the next increase: complete (to a first full level), bet or raise."""
        if not self.bet_made:
            return "complete" if self.street == FIRST_STREET or self.high > 0 else "bet"
        return "complete" if self.high > self.level else "raise"

    def chips(self, i: int, kind: str) -> int | None:
        """The chips action ``kind`` adds for player ``i`` now (None for fold and check), or _REFUSED if he may not."""
        stack = self.stack[i]
        if self.opening:
            bring_in = self.stakes.bring_in
            if kind == "fold":
                return None if not self.forced and self.rules.allow_fold_when_opening_after_all_in_bring_in \
                    else _REFUSED
            if kind == "bring_in":
                return bring_in if bring_in < stack else stack
            small_bet = self.stakes.small_bet
            if kind == "complete" and bring_in < stack and bring_in < small_bet:
                return small_bet if small_bet < stack else stack
            return _REFUSED
        need = self.call_target - self.street_in[i]
        if kind == "call":
            if need <= 0:
                return _REFUSED
            return need if need < stack else stack
        if kind == "fold":
            return None if need > 0 or self.fold_when_no_bet else _REFUSED
        if kind == "check":
            return None if need <= 0 else _REFUSED
        if kind == "bring_in" or kind != self._raise_type() or self._raise_refusal(i, need) is not None:
            return _REFUSED
        amount = self.level + self.size - self.street_in[i]
        return amount if amount < stack else stack

    def option(self, i: int, kind: str) -> LegalAction | None:
        """Action ``kind`` as player ``i`` may take it now, with the chips it adds, or None if he may not."""
        chips = self.chips(i, kind)
        if chips is None:
            return LegalAction(kind)
        if chips == _REFUSED:
            return None
        return LegalAction(kind, chips, self.street_in[i] + chips, chips == self.stack[i])

    def _refusal(self, i: int, kind: str) -> str:
        """Why action ``kind`` is not among player ``i``'s options."""
        if self.opening:
            if kind == "fold":
                if self.forced:
                    return "the bring-in must be posted or completed"
                return "allow_fold_when_opening_after_all_in_bring_in is false: the opener must bring in or complete"
            if kind == "complete":
                return "the bring-in equals the small bet or the stack only covers the bring-in"
            return "3rd street must be opened with the bring-in or a completion"
        need = self.call_target - self.street_in[i]
        if kind == "bring_in":
            return "the bring-in is posted only to open 3rd street"
        if kind == "check":
            return f"it faces a bet: {need} to call"
        if kind == "call":
            return "there is no bet to call"
        if kind == "fold":
            return "nothing to call and fold_when_no_bet is false: check instead"
        refusal = self._raise_refusal(i, need)
        if refusal is not None:
            return refusal
        return f"the increase here is a {self._raise_type()}"

    # -- applying actions --------------------------------------------------------------------

    def _counts_as_full(self, total: int) -> bool:
        """Whether an all-in short of the next level is still a full bet or raise (section 4)."""
        if self.rules.short_allin_threshold == "full_bet":
            return False
        if self.street == FIRST_STREET and not self.bet_made and \
                self.rules.third_street_half_bet_base == "increment_over_bring_in":
            bring_in = self.stakes.bring_in
            return 2 * (total - bring_in) >= self.stakes.small_bet - bring_in
        return 2 * (total - self.level) >= self.size

    def apply(self, index: int, action: ActionRecord) -> None:
        """Check one action against the rules and play it."""
        i = self.to_act
        if i is None:
            self._refuse_after_betting(index, action)
        seat = self.seats[i]
        acting, kind, amount = action.seat, action.type, action.amount
        chips = self.chips(i, kind) if acting == seat else _REFUSED
        if chips == _REFUSED or (amount is not None and (amount != chips or not is_int(amount))):
            self._refuse(index, action, i)
        self.added.append(chips)
        if chips is not None:  # into the pot: what a player has put in overall is what his stack has lost
            left = self.stack[i] - chips
            self.stack[i] = left
            self.street_in[i] += chips
            if left == 0:
                self.all_in[i] = True
                self.can_act[i] = False
                self.active -= 1
        if kind == "call" or kind == "check":
            self.acted[i] = self.mark
        elif kind == "fold":
            self.folded[i] = True
            self.can_act[i] = False
            self.fold_street[i] = self.street
            self.live -= 1
            self.active -= 1
        elif kind == "bring_in":
            self._post_bring_in(i, cast(int, chips))  # a bring-in always adds chips
        else:
            self._increase(i)
        if self.uncap_any_time and not self.uncapped and self.active <= 2 and not self._capped():
            self.uncapped = True
        self._pass_turn(i)

    def _post_bring_in(self, i: int, amount: int) -> None:
        """The bring-in opens 3rd street: it sets what a call must reach, and may count as the poster's action."""
        self.opening = False
        self.high = self.street_in[i]
        self.floor = self.stakes.bring_in if self.rules.short_bring_in_call_amount == "full_bring_in" else amount
        self._set_call_target()
        self.acted[i] = self.mark if self.rules.bring_in_counts_as_acted else _NEVER_ACTED

    def _increase(self, i: int) -> None:
        """A bet, completion or raise: a full one sets the level, uses a raise and reopens the betting."""
        self.opening = False
        total = self.street_in[i]
        if total >= self.level + self.size or self._counts_as_full(total):
            self.level = total
            if self.bet_made:
                self.raises += 1
            self.bet_made = True
            self.mark += 1
        if total > self.high:
            self.high = total
            self._set_call_target()
        self.acted[i] = self.mark
        seat = self.seats[i]
        street = self.log[-1]
        if street.first_aggressor is None:
            street.first_aggressor = seat
        street.last_aggressor = seat

    def _refuse(self, index: int, action: ActionRecord, i: int) -> NoReturn:
        """Explain why player ``i`` may not take ``action``: not his turn, not an option now, or the wrong amount."""
        check_action_form(index, action, self.seats)
        path = f"actions[{index}]"
        seat = self.seats[i]
        if action.seat != seat:
            raise IllegalActionError(path, f"seat {action.seat} may not act: it is seat {seat}'s turn")
        kind = action.type
        chips = self.chips(i, kind)
        if chips == _REFUSED:
            raise IllegalActionError(path, f"seat {seat} may not {kind}: {self._refusal(i, kind)}")
        raise IllegalActionError(path, f"seat {seat}'s {kind} adds {chips} chips, not {action.amount}")

    def _refuse_after_betting(self, index: int, action: ActionRecord) -> NoReturn:
        """Explain why no action can come now: the hand, the betting or the deal is over."""
        check_action_form(index, action, self.seats)
        path = f"actions[{index}]"
        if self.phase == COMPLETE:
            raise IllegalActionError(path, f"seat {action.seat} may not act: every other player has folded")
        if self.phase == SHOWDOWN:
            raise IllegalActionError(path, f"seat {action.seat} may not act: the betting is over")
        need = up_cards_on(self.street + 1)
        i = next(j for j in range(self.n) if not self.folded[j] and len(self.up[j]) < need)
        raise SnapshotError(
            f"players[{self.index_of_input[i]}].up_cards",
            f"seat {self.seats[i]} shows {len(self.up[i])} up card(s) but {path} bets street "
            f"{self.street + 1}, where every live player shows {need}",
        )

    def _pass_turn(self, i: int) -> None:
        """Hand the action to the next player who must act, or end the round or the hand."""
        if self.live == 1:
            self.winner = next(j for j in range(self.n) if not self.folded[j])
            self.to_act = None
            self.phase = COMPLETE
            return
        target = self.call_target
        can_act = self.can_act
        street_in = self.street_in
        for j in self.after[i]:
            if can_act[j] and (street_in[j] < target or (self.acted[j] != self.mark and self.active >= 2)):
                self.to_act = j
                return
        self._end_round()

    # -- result ------------------------------------------------------------------------------

    def legal(self) -> tuple[LegalAction, ...]:
        """The options of the seat to act, as answers."""
        i = self.to_act
        if i is None:
            return ()
        legal = []
        for kind in _LISTING_ORDER:
            option = self.option(i, kind)
            if option is not None:
                legal.append(option)
        return tuple(legal)


def replay(snapshot: Snapshot) -> TableState:
    """Replay every action of the snapshot; the state after it, or an InputError at the first rule broken."""
    seating = seat_players(snapshot)
    table = _Table(snapshot, seating)
    for index, action in enumerate(snapshot.actions):
        table.apply(index, action)
    _check_cards(table, seating.index_of_input, seating.down_counts)
    community_allowed = table.street == LAST_STREET and community_card_dealt(table.dealt[:4], table.dealt[4])
    if seating.community is not None and not community_allowed:
        raise SnapshotError(
            "community_card",
            "a community card is dealt only on 7th street when the deck runs short (section 7); "
            + ("7th street has not been reached" if table.street < LAST_STREET
               else f"{table.dealt[4]} players reach 7th street and the deck deals them each a down card"),
        )
    committed = list(map(sub, seating.stacks, table.stack))
    return TableState(
        street=table.street,
        phase=table.phase,
        to_act=None if table.to_act is None else table.seats[table.to_act],
        pot=sum(committed),
        street_bet=table.level if table.bet_made else table.floor,
        highest_bet=table.call_target,
        raises=table.raises,
        capped=table._capped(),
        players=tuple(map(PlayerState, table.seats, table.stack, table.street_in, committed, table.folded,
                          table.all_in)),
        legal_actions=table.legal(),
        log=tuple(table.log),
        actions=snapshot.actions,
        added=tuple(table.added),
        bring_in_seat=table.seats[table.bring_in],
        winner=None if table.winner is None else table.seats[table.winner],
        community_card_allowed=community_allowed,
    )


def _check_cards(table: _Table, index_of_input: list[int], down_counts: list[int | None]) -> None:
    """Up and down cards must fit the street each player reached (folded players may show fewer)."""
    street = table.street
    shown = up_cards_on(street)
    partial_deal = table.phase in (DEALING, SHOWDOWN) and street + 1 < LAST_STREET
    for i, cards in enumerate(table.up):
        count = len(cards)
        if table.folded[i]:
            most = up_cards_on(table.fold_street[i])
            if count > most:
                raise SnapshotError(f"players[{index_of_input[i]}].up_cards",
                                    f"seat {table.seats[i]} folded on street {table.fold_street[i]} "
                                    f"and cannot show more than {most} up card(s), not {count}")
        elif count != shown and not (partial_deal and count == shown + 1):
            raise SnapshotError(f"players[{index_of_input[i]}].up_cards",
                                f"seat {table.seats[i]} is live on street {street} and must show "
                                f"{shown} up card(s), not {count}")
        downs = down_counts[i]
        if downs is None:
            continue
        reached = table.fold_street[i] if table.folded[i] else street
        most_down = 3 if reached == LAST_STREET else 2
        if downs > most_down:
            raise SnapshotError(f"players[{index_of_input[i]}].down_cards",
                                f"seat {table.seats[i]} holds {downs} down cards but was dealt "
                                f"at most {most_down} by street {reached}")
