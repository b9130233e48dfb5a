"""Fixed-limit betting (reference sections 2, 4 and 9): replay a snapshot's actions under the rules.

The replay keeps one table (lists indexed clockwise) and a round per street. Each action type has
one rule (``Table.price`` and the rule it picks): it gives the chips the action adds now, or the
``Refusal`` that says why it may not be taken; asked to explain, the chips with the ``Offer`` that
says why they are offered. So the legal actions listed, the reason each is offered and the reason
an action is refused come from the same branch, and the first illegal action is named with its index.

The table keeps the decisions it makes, in order, as the rule functions return them (the
bring-in, each later street's opener, each short all-in, 7th street's deal): ``explain`` writes
that record out, and nothing decides anything again to explain it.

Levels: ``level`` is the street's last full bet or raise (0 before any). A short all-in that puts
in at least half a bet over it (``limits.counts_as_full``) counts as a full bet or raise: it
becomes the level, uses a raise and reopens the betting. A smaller one only raises what a call
must reach (``high``). A player may raise only if he has not acted since the last full bet or
raise. A completion, bet or raise that is full by itself (by a player with chips behind, or an all-in
for at least a full one) reopens the betting for everyone; when the level has risen since he acted only
through all-ins short of a full one that count as one, it reopens for him as ``limits.reopens_for`` says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from operator import sub
from typing import Literal, NoReturn, overload

import msgspec

from .bring_in import (
    POST_OR_COMPLETE,
    SHORT_BRING_IN_STANDS,
    Found,
    bring_in_at,
    call_floor,
    opening_chips,
)
from .cap import (
    COMPLETES,
    COMPLETION_IS_THE_BET,
    HeadsUpAfterCap,
    cap_lifted,
    completes_bring_in,
    heads_up,
    increase_name,
    is_capped,
    lifts_mid_round,
)
from .cards import CARD_TEXT, RANK_OF
from .errors import IllegalActionError, SnapshotError
from .first_to_act import (
    BoardOpener,
    OpeningBoard,
    board_opener,
    opening_board,
)
from .limits import (
    BET_SIZES,
    BETS,
    BIG_AFTER_BIG,
    BIGS,
    BIGS_ONLY,
    COMPLETES_SHORT,
    OPEN_PAIR,
    RAISES,
    RAISES_OVER_ALL_IN,
    REOPENED_PER_PLAYER,
    SHORT_ALL_IN,
    SHORT_OF_FULL,
    OpenPair,
    ShortAllIn,
    counts_as_full,
    is_big_increase,
    reopens_everyone,
    reopens_for,
)
from .rules import FourthStreetOpenPair, ShortAllinThreshold
from .running_out import SeventhStreet, seventh_street
from .seating import CLOCKWISE_AFTER, positions
from .show_order import refuse_tabled_muck
from .showdown import check_mucks
from .snapshot import Action, Seating, Snapshot, check_action_seat, seat_players
from .streets import FIRST_STREET, LAST_STREET, STREETS, up_cards_on
from .table_why import TableWhy, explain_table, say
from .vocabulary import (
    BETTING_ENDS,
    INCREASES,
    LISTING_ORDER,
    NO_CHIPS,
    TURN_ORDER,
    UNCONTESTED,
    ActionType,
    Offer,
    Offered,
    Phase,
    Refusal,
)
from .why import REFERENCE_DEFAULT, Citation, raises

ACTION_SETS = Citation("§9", REFERENCE_DEFAULT)
"""What a player may do where he stands: check or bet, fold, call or raise facing a bet, in turn."""
FOLD_WITH_NOTHING_TO_CALL = Citation("§9", "TDA 58")
"""Under ``fold_when_no_bet``, a fold with nothing to call is offered (and binding)."""


class LegalAction(msgspec.Struct, frozen=True):
    """One action the seat to act may take; chip-adding ones say how many chips and the street total after.

    This and the other records of the core are frozen msgspec structs, as ``Action`` and
    ``PlayerIn`` are so that a request body decodes straight into them: immutable, and cheap to build
    (bench/README.md, "Speed tricks").
    """

    type: str
    amount: int | None = None
    """Chips the action adds now."""
    to: int | None = None
    """The player's street total after the action."""
    all_in: bool | None = None
    """True when the action puts the player's last chip in (None for fold and check, which add none)."""


class PlayerState(msgspec.Struct, frozen=True):
    """A player's chips and status after the replay."""

    seat: int
    stack: int
    committed_street: int
    committed_total: int
    folded: bool
    all_in: bool


class StreetRecord(msgspec.Struct, frozen=True):
    """One street reached: who opened it, its actions (with the chips each added) and its aggressors."""

    street: int
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
    phase: Phase
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
    showdown_board: int | None
    """In the showdown phase, the live seat with the opening board (in razz the lowest): the first to show when nobody
    bet (section 5)."""
    showdown_ties: tuple[int, ...] = field(repr=False, compare=False)
    """The live seats whose boards tie ``showdown_board``'s: ``later_street_tie_break`` chose it among them."""
    log: tuple[_Round, ...] = field(repr=False, compare=False)
    """The rounds as the replay played them: opener, aggressors and where their actions start."""
    actions: tuple[Action, ...] = field(repr=False, compare=False)
    """The snapshot's actions, in order."""
    added: tuple[int, ...] = field(repr=False, compare=False)
    """The chips each action added (0 for fold and check)."""
    showdown_high_card: str | None = field(default=None, repr=False, compare=False)
    """Under ``later_street_tie_break`` high_card_by_suit, the card that broke ``showdown_board``'s tie."""
    showdown_showing: str | None = field(default=None, repr=False, compare=False)
    """The name of ``showdown_board``'s board, as the board order valued it when it chose that board."""
    showdown_tie_rule: Citation | None = field(default=None, repr=False, compare=False)
    """The rule that broke ``showdown_board``'s tie (None: no board tied it)."""

    @cached_property
    def streets(self) -> tuple[StreetRecord, ...]:
        """Each street reached with its actions, each stating the chips it added; built on first read
        (legal-actions reads it only to explain a betting that has ended)."""
        taken = [Action(action.seat, action.type, None if action.type in NO_CHIPS else added)
                 for action, added in zip(self.actions, self.added, strict=True)]
        ends = [played.start for played in self.log[1:]] + [len(taken)]
        return tuple(StreetRecord(played.number, played.opener, tuple(taken[played.start:end]),
                                  played.first_aggressor, played.last_aggressor)
                     for played, end in zip(self.log, ends, strict=True))

    @property
    def betting_ended_on(self) -> int:
        """The last street anything was bet or checked on: once fewer than two live players can bet, the cards left
        are dealt without betting, so the chips were all in on this street."""
        return next((record.street for record in reversed(self.streets) if record.actions), FIRST_STREET)


class _Round:
    """One street's betting round; its actions are the hand's from ``start`` to the next round's start."""

    # No instance dictionary: what that saves a replay is in bench/README.md, "Speed tricks"
    __slots__ = ("acted", "after_cap", "bet_made", "big_made", "call_target", "capped_by", "first_aggressor", "floor",
                 "has_acted", "high", "last_aggressor", "level", "level_all_in", "lifted", "number", "open_pair",
                 "opener", "opening", "posts_bring_in", "put_in", "raises", "size", "start")

    def __init__(self, number: int, size: int, players: int, start: int) -> None:
        self.number = number
        self.size = size
        """The street's bet: the small or the big bet; on an open-pair street, the big bet once one big bet or raise
        is made (stud section 3)."""
        self.open_pair = False
        """Whether a board showed a pair when the street was dealt and the game's rules let every player bet or raise
        the small or the big bet (stud section 3)."""
        self.big_made = False
        """On an open-pair street: whether a big bet or raise has been made, after which every raise is big."""
        self.start = start
        self.opener: int | None = None
        """The seat that opened: 3rd street's bring-in seat, later the first to act (None: no betting)."""
        self.put_in = [0] * players
        """The chips each player has put in on this street."""
        self.acted = [False] * players
        """Whether each player has acted since the last full bet or raise (which reopens the betting)."""
        self.has_acted = [False] * players
        """Whether each player has acted since the street's last increase that is a full bet or raise by itself
        (which reopens the betting for everyone): an all-in short of one that counts as one since reopens the betting
        for him only as ``limits.reopens_for`` says, from what he matched then (his ``put_in``)."""
        self.level = 0
        self.level_all_in = False
        """Whether the level is an all-in short of a full bet or raise that counted as one (section 4)."""
        self.after_cap: HeadsUpAfterCap | None = None
        """Once capped, as it was decided: the level that capped it, whether that increase left two players who can
        act, and whether a player has folded since (what the cap's sentence says of a heads-up round that stays
        capped)."""
        self.high = 0
        """The most any player has put in on the street."""
        self.floor = 0
        """The bring-in a call must reach even when it was posted short (``short_bring_in_call_amount``)."""
        self.call_target = 0
        """What a call reaches: ``high``, or ``floor`` above a short bring-in."""
        self.raises = 0
        self.bet_made = False
        """Whether the street has its bet (on 3rd street, the completion)."""
        self.lifted: Citation | None = None
        """The rule that lifted the raise cap for this round (``heads_up_uncap``), as ``cap_lifted`` decided it; None
        while the cap applies."""
        self.capped_by: Citation | None = None
        """The rule that capped this round, as ``is_capped`` decided it at the increase that capped it; None while it
        is not capped."""
        self.opening = False
        """3rd street, before the bring-in or a completion: section 1 decides what may be done."""
        self.posts_bring_in = False
        """While opening: the opener is the bring-in seat itself (not the seat after one all-in from the ante)."""
        self.first_aggressor: int | None = None
        self.last_aggressor: int | None = None

    def reach(self, high: int) -> None:
        """The most put in on the street is now ``high``: the one place ``high`` and ``call_target`` change."""
        self.high = high
        self.call_target = high if high > self.floor else self.floor


_BETTING, _DEALING, _SHOWDOWN, _COMPLETE = Phase.BETTING, Phase.DEALING, Phase.SHOWDOWN, Phase.COMPLETE
"""Members as module names: what reading them so saves the replay is in bench/README.md, "Speed tricks"."""

_PASSIVE = frozenset((ActionType.CALL, ActionType.CHECK))
"""The actions that only count as the player's action in the round."""
_CALL, _CHECK, _FOLD, _BRING_IN = ActionType.CALL, ActionType.CHECK, ActionType.FOLD, ActionType.BRING_IN
"""Members as module names: what reading them so saves the replay is in bench/README.md, "Speed tricks"."""

_CHECK_INSTEAD = Refusal("nothing to call and fold_when_no_bet is false: check instead", ACTION_SETS)
_NOTHING_TO_CALL = Refusal("there is no bet to call", ACTION_SETS)
_FACES_A_BET = Refusal("it faces a bet: {need} to call", ACTION_SETS)
_OPENS_ONLY = Refusal("the bring-in is posted only to open 3rd street", POST_OR_COMPLETE)
_ONLY_THE_CALL = Refusal("its chips only cover the call", ACTION_SETS)
_OTHERS_ALL_IN = Refusal("every other player is all-in", BETTING_ENDS)
_NOT_REOPENED = {threshold: Refusal("it has acted and the betting has not been reopened by a full bet or raise",
                                    citation) for threshold, citation in SHORT_ALL_IN.items()}
_NOT_REOPENED_FOR_IT = {
    threshold: Refusal(f"it has acted, matching {{matched}}, and faces only {{need}} more, under {part} of {{size}}: "
                       f"all-ins short of a full bet or raise reopen the betting only for a player facing {part} "
                       "more", REOPENED_PER_PLAYER)
    for threshold, part in ((ShortAllinThreshold.HALF_BET, "half a bet"), (ShortAllinThreshold.FULL_BET, "a bet"))}
"""A player who has acted, facing less than the measure ``reopens_for`` asks, under ``short_allin_reopens``
per_player (section 4)."""
_CALLS = Offer("seat {seat} may call {amount} more, to {to}{all_in}", ACTION_SETS)
_CALLS_THE_FULL_BRING_IN = {
    rule: Offer("seat {seat} may call {amount} more, to {to}: the full bring-in, over the {high} posted all-in{all_in}",
                citation) for rule, citation in SHORT_BRING_IN_STANDS.items()}
_CHECKS = Offer("seat {seat} may check: nothing to call on {street}", ACTION_SETS)
_FOLDS = Offer("seat {seat} may fold: it faces {need} to call", ACTION_SETS)
_FOLDS_UNFACED = Offer("seat {seat} may fold with nothing to call: fold_when_no_bet is true, and the fold is binding",
                       FOLD_WITH_NOTHING_TO_CALL)
"""Why each action the seat to act may take is offered, as the branch of ``Table.price`` that allows it says."""
_NOT_THE_INCREASE = {name: Refusal(f"the increase here is a {name.value}",
                                   COMPLETION_IS_THE_BET if name == ActionType.COMPLETE else ACTION_SETS)
                     for name in INCREASES}
"""An increase the seat names other than the one the street is at: a completion is 3rd street's bet (section 2), a
bet or raise the action sets' (section 9)."""
_NOT_THE_ALL_IN_COMPLETION = {threshold: Refusal("the increase here completes the short all-in",
                                                 citation) for threshold, citation in SHORT_ALL_IN.items()}
"""The increase refused when a short all-in is to be completed (section 4), not 3rd street's bring-in (section 2)."""
_COMPLETES, _BETS = ActionType.COMPLETE, ActionType.BET
_DOUBLE_BET_ALLOWED = FourthStreetOpenPair.DOUBLE_BET_ALLOWED


def _capped(limit: int | None, rule: Citation) -> Refusal:
    """The refusal of an increase in a round capped at a bet and ``limit`` raises by ``rule`` (``cap.is_capped``),
    made when an increase is refused so."""
    allowed = "unlimited raises" if limit is None else raises(limit)
    return Refusal(f"the betting is capped: a bet and {allowed} on {{street}}", rule)


class Table:
    """The mutable table of one replay."""

    # No instance dictionary, as _Round (bench/README.md, "Speed tricks")
    __slots__ = (
        "active", "added", "after", "all_in", "bring_in", "can_act", "dealt", "decisions", "fold_street", "folded",
        "game", "index_of_input", "lifts_mid_round", "limit", "live", "n", "phase", "position", "round", "rounds",
        "rules", "seats", "seventh", "stack", "stakes", "third_opener", "to_act", "up", "winner",
    )

    def __init__(self, snapshot: Snapshot, seating: Seating) -> None:
        self.index_of_input = seating.index_of_input
        self.game = snapshot.game
        self.rules = snapshot.rules
        self.stakes = snapshot.stakes
        self.limit = snapshot.rules.raise_limit
        self.lifts_mid_round = lifts_mid_round(snapshot.rules.heads_up_uncap)
        self.seats = seating.seats
        self.up = seating.up
        n = self.n = len(self.seats)
        self.after = CLOCKWISE_AFTER[n]
        self.stack = [snapshot.stakes.after_ante(chips) for chips in seating.stacks]
        self.folded = [False] * n
        self.all_in = [chips == 0 for chips in self.stack]
        self.can_act = [chips > 0 for chips in self.stack]
        self.fold_street = [0] * n
        self.position = positions(self.seats, snapshot.dealer_seat)
        self.active = sum(self.can_act)
        """Players who can still act: neither folded nor all-in."""
        self.live = n
        """Players who have not folded."""
        self.winner: int | None = None
        self.to_act: int | None = None
        self.phase: Phase
        self.rounds: list[_Round] = []
        self.added: list[int] = []
        """The chips each action added (0 for fold and check), in the order taken."""
        self.dealt: list[int] = []
        """The players dealt each street reached (section 7 counts the cards left)."""
        self.seventh: SeventhStreet | None = None
        """How 7th street is dealt, once it is (section 7)."""
        found = bring_in_at([cards[0] for cards in self.up], self.stack, self.stakes, self.game)
        self.bring_in = found.seat_index
        self.third_opener = found.opener
        self.decisions: list[Found | BoardOpener | ShortAllIn | OpenPair] = [found]
        """The decisions the replay makes, in order, each as its rule's function returned it: the bring-in, the
        opener of each later street that has betting, each all-in short of a full bet or raise."""
        self._begin_round(FIRST_STREET)

    # -- phases: each begins in one place ------------------------------------------------------

    def _deal(self, street: int) -> _Round:
        """Deal ``street`` to the live players and start its round."""
        self.round = _Round(street, self.stakes.bet_size(street), self.n, len(self.added))
        self.rounds.append(self.round)
        self.dealt.append(self.live)
        if street == LAST_STREET:
            self.seventh = seventh_street(self.dealt[:4], self.live)
        return self.round

    def _begin_round(self, street: int) -> None:
        """Betting: deal the street and find who opens it, or end the betting when fewer than two can act."""
        r = self._deal(street)
        if STREETS[street].bring_in_opens:
            first = self.third_opener
            r.opener = self.seats[self.bring_in]
            r.opening = True
            r.posts_bring_in = first == self.bring_in
        else:  # a later street is dealt only while two or more can act: its opener is found
            found = board_opener(self.up, street, self.folded, self.can_act, self.position,
                                 self.rules.later_street_tie_break, self.game.board)
            self.decisions.append(found)
            first = found.first
            r.opener = None if first is None else self.seats[first]
            if STREETS[street].open_pair and self.rules.fourth_street_open_pair is _DOUBLE_BET_ALLOWED:
                self._find_open_pair(r)
        if first is None:  # fewer than two can act (bring_in.first_to_open): nobody bets
            self._end_betting()
            return
        self.phase = _BETTING
        self.to_act = first
        r.lifted = cap_lifted(self.rules.heads_up_uncap, self.n, self.active, True, False)

    def _find_open_pair(self, r: _Round) -> None:
        """Whether a board shows a pair as the street is dealt: every player dealt it counts, all-in or not, and a
        later fold does not end it (stud section 3)."""
        for i, cards in enumerate(self.up):
            if not self.folded[i] and RANK_OF[cards[0]] == RANK_OF[cards[1]]:
                r.open_pair = True
                self.decisions.append(OpenPair(self.seats[i], " ".join(CARD_TEXT[card] for card in cards[:2])))
                return

    def _end_round(self) -> None:
        """The round is over: deal on if the cards are there, else wait for them (dealing)."""
        self.to_act = None
        if self.active < 2 or self.round.number == LAST_STREET:
            self._end_betting()
        elif self._next_cards_shown():
            self._begin_round(self.round.number + 1)
        else:
            self.phase = _DEALING

    def _end_betting(self) -> None:
        """Showdown: no more betting this hand; the streets left are dealt as far as the cards show."""
        self.to_act = None
        self.phase = _SHOWDOWN
        while self.round.number < LAST_STREET and self._next_cards_shown():
            self._deal(self.round.number + 1)

    def _complete(self) -> None:
        """Complete: all but one have folded, and he wins without showing."""
        self.winner = self.folded.index(False)
        self.to_act = None
        self.phase = _COMPLETE

    def _next_cards_shown(self) -> bool:
        """Whether every live player shows the next street's up card (a street dealt face down shows none)."""
        following = STREETS[self.round.number + 1]
        if not following.new_card_up:
            return True
        need = following.up_cards
        return all(len(cards) >= need or folded for cards, folded in zip(self.up, self.folded, strict=True))

    # -- the rule of each action -------------------------------------------------------------

    @overload
    def price(self, i: int, kind: str, explain: Literal[False] = False, big: bool = False) -> int | Refusal: ...
    @overload
    def price(self, i: int, kind: str, explain: Literal[True], big: bool = False) -> Offered | Refusal: ...
    def price(self, i: int, kind: str, explain: bool = False, big: bool = False) -> int | Offered | Refusal:
        """The chips action ``kind`` adds for player ``i`` now (0 for fold and check), or why he may not take it;
        with ``explain``, the chips with why they are offered. ``big``: an increase's big size over an open pair on
        4th street (stud section 3), which ``big_open`` says is there.

        Each branch is the rule of one action type: what it answers is what it allows, and why.
        """
        r = self.round
        if r.opening:
            return opening_chips(kind, self.stack[i], self.stakes, r.posts_bring_in, self.rules, explain)
        need = r.call_target - r.put_in[i]
        if kind == _CALL:  # puts in what the call target asks, or every chip left (section 9)
            if need <= 0:
                return _NOTHING_TO_CALL
            stack = self.stack[i]
            chips = need if need < stack else stack
            if explain:  # a call to the full bring-in over one posted short: section 1's rule
                return Offered(chips, _CALLS_THE_FULL_BRING_IN[self.rules.short_bring_in_call_amount]
                               if r.floor > r.high and chips == need else _CALLS)
            return chips
        if kind == _CHECK:
            if need > 0:
                return _FACES_A_BET
            return Offered(0, _CHECKS) if explain else 0
        if kind == _FOLD:  # facing a bet, or with nothing to call only under fold_when_no_bet (section 9)
            if need > 0:
                return Offered(0, _FOLDS) if explain else 0
            if self.rules.fold_when_no_bet:
                return Offered(0, _FOLDS_UNFACED) if explain else 0
            return _CHECK_INSTEAD
        if kind in INCREASES:
            return self._increase_price(i, need, kind, explain, big)
        return _OPENS_ONLY  # the bring-in, the one type left

    def big_open(self) -> bool:
        """Whether an increase may now be small or big: an open pair on the street and no big bet or raise yet."""
        r = self.round
        return r.open_pair and not r.big_made

    def _increase_price(self, i: int, need: int, kind: str, explain: bool, big: bool = False
                        ) -> int | Offered | Refusal:
        """A bet, completion or raise goes one bet over the level, or all-in short of it (sections 2 and 4)."""
        r = self.round
        if r.capped_by is not None:
            return _capped(self.limit, r.capped_by)
        stack = self.stack[i]
        if stack <= need:
            return _ONLY_THE_CALL
        if self.active < 2:
            return _OTHERS_ALL_IN
        if r.acted[i]:
            return _NOT_REOPENED[self.rules.short_allin_threshold]
        reopened_by = None
        if r.has_acted[i]:  # he has acted, and only all-ins short of a full bet or raise have raised him since
            reopened_by = reopens_for(need, r.size, self.rules)
            if reopened_by is None:
                return _NOT_REOPENED_FOR_IT[self.rules.short_allin_threshold]
        name = increase_name(r.number, r.bet_made, r.high, r.level)
        if kind != name:
            if name is _COMPLETES and not completes_bring_in(r.number, r.bet_made):
                return _NOT_THE_ALL_IN_COMPLETION[self.rules.short_allin_threshold]
            return _NOT_THE_INCREASE[name]
        amount = r.level + (self.stakes.big_bet if big else r.size) - r.put_in[i]  # type: ignore[operator]  # set
        if not explain:
            return amount if amount < stack else stack
        if amount > stack:  # all-in short of the full increase (section 4)
            return Offered(stack, SHORT_OF_FULL[self.rules.short_allin_threshold], reopened_by)
        if big or r.big_made:
            return Offered(amount, BIGS if big else BIGS_ONLY, reopened_by)
        if name is _COMPLETES:
            return Offered(amount, COMPLETES if completes_bring_in(r.number, r.bet_made)
                           else COMPLETES_SHORT[self.rules.short_allin_threshold], reopened_by)
        return Offered(amount, BETS if name is _BETS else RAISES_OVER_ALL_IN if r.level_all_in else RAISES,
                       reopened_by)

    def capped(self) -> bool:
        """Whether the round has its bet and every raise the cap allows (and the cap is not lifted), as recorded."""
        return self.round.capped_by is not None

    # -- the round being bet, as a reader outside the replay sees it ---------------------------------

    @property
    def street(self) -> int:
        """The street being bet (or the last reached)."""
        return self.round.number

    @property
    def bet_made(self) -> bool:
        """Whether the street has its bet (on 3rd street, the completion)."""
        return self.round.bet_made

    @property
    def opening(self) -> bool:
        """3rd street before the bring-in or a completion: section 1 decides what may be done."""
        return self.round.opening

    @property
    def level(self) -> int:
        """The street's last full bet or raise (0 before any)."""
        return self.round.level

    @property
    def bet_size(self) -> int:
        """The street's bet: the small or the big bet."""
        return self.round.size

    @property
    def call_target(self) -> int:
        """What a call reaches now."""
        return self.round.call_target

    def street_total(self, i: int) -> int:
        """The chips player ``i`` has put in on the street."""
        return self.round.put_in[i]

    def acted(self, i: int) -> bool:
        """Whether player ``i`` has acted since the street's last full bet or raise (so he may not raise now)."""
        return self.round.acted[i]

    def increase(self) -> ActionType:
        """The increase the street takes now: a bet, a completion or a raise (sections 2 and 4)."""
        r = self.round
        return increase_name(r.number, r.bet_made, r.high, r.level)

    # -- playing an action ---------------------------------------------------------------------

    def apply(self, index: int, action: Action) -> None:
        """Check one action against its rule and play it."""
        i = self.to_act
        if i is None:
            self._refuse_after_betting(index, action)
        seat = self.seats[i]
        kind, amount = action.type, action.amount
        if action.seat != seat:
            self._refuse(index, action, f"seat {action.seat} may not act: it is seat {seat}'s turn", TURN_ORDER)
        chips = self.price(i, kind)
        if type(chips) is Refusal:
            self._refuse(index, action, f"seat {seat} may not {kind}: {say(self, chips, i)}", chips.citation)
        if amount is not None and amount != chips and kind in INCREASES and STREETS[self.round.number].open_pair:
            chips = self._open_pair_size(index, action, i, chips)
        if amount is not None and (amount != chips or kind in NO_CHIPS):
            self._refuse(index, action, f"seat {seat}'s {kind} adds {'no' if kind in NO_CHIPS else chips} chips, "
                                        f"not {amount}", BET_SIZES if kind in INCREASES else ACTION_SETS)
        self.added.append(chips)
        r = self.round
        left = self.stack[i] - chips  # into the pot (nothing for fold and check): his stack loses what he puts in
        self.stack[i] = left
        r.put_in[i] += chips
        if left == 0:
            self.all_in[i] = True
            self._stops_acting(i)
        if kind in _PASSIVE:
            r.acted[i] = r.has_acted[i] = True
        elif kind == _FOLD:
            self._fold(i)
        elif kind == _BRING_IN:
            self._post_bring_in(i, chips)
        else:
            self._increase(i)
        if self.lifts_mid_round and not r.lifted:
            r.lifted = cap_lifted(self.rules.heads_up_uncap, self.n, self.active, False, self.capped())
        self._pass_turn(i)

    def _open_pair_size(self, index: int, action: Action, i: int, chips: int) -> int:
        """The chips of an increase naming another amount than the small size on a street where a pair may open the
        big bet: its big size when it is open, else the refusal of the size it names (stud section 3); any other
        amount is left to the bet sizes' refusal."""
        r, seat, kind, amount = self.round, self.seats[i], action.type, action.amount
        if self.big_open():
            big = self.price(i, kind, big=True)
            return big if big == amount else chips
        reach = r.put_in[i] + self.stack[i]
        if r.big_made:
            small = min(r.level + self.stakes.small_bet - r.put_in[i], self.stack[i])
            if amount == small and r.put_in[i] + small < reach:
                self._refuse(index, action, f"seat {seat} may not {kind} to {r.put_in[i] + small}, a small {kind}: a "
                                            f"big bet or raise has been made on 4th street, so every raise is big: "
                                            f"to {r.put_in[i] + chips}", BIG_AFTER_BIG)
            return chips
        big = min(r.level + self.stakes.big_bet - r.put_in[i], self.stack[i])  # type: ignore[operator]  # set
        if amount != big:
            return chips
        to = r.put_in[i] + big
        if self.rules.fourth_street_open_pair is _DOUBLE_BET_ALLOWED:
            self._refuse(index, action, f"seat {seat} may not {kind} to {to} by the big bet: no board showed a pair "
                                        f"when 4th street was dealt, so the {kind} is the small bet, to "
                                        f"{r.put_in[i] + chips}", OPEN_PAIR)
        refused_by = self.game.open_pair_refused
        if refused_by is not None:
            self._refuse(index, action, f"seat {seat} may not {kind} to {to} by the big bet: 4th street is bet in "
                                        f"small bets whatever pairs show (fourth_street_open_pair never in "
                                        f"{self.game.name}), so the {kind} is to {r.put_in[i] + chips}", refused_by)
        return chips

    def _fold(self, i: int) -> None:
        """A folded player is out of the hand; his chips stay in the pots they reached."""
        self.folded[i] = True
        after_cap = self.round.after_cap
        if after_cap is not None and not after_cap.by_fold:
            self.round.after_cap = after_cap._replace(by_fold=True)
        self.fold_street[i] = self.round.number
        self.live -= 1
        self._stops_acting(i)

    def _stops_acting(self, i: int) -> None:
        """Player ``i`` can act no more this hand (he folded or is all-in): the one place ``active`` counts down."""
        self.can_act[i] = False
        self.active -= 1

    def _post_bring_in(self, i: int, chips: int) -> None:
        """The bring-in opens 3rd street: it sets what a call must reach, and may count as the poster's action."""
        r = self.round
        r.opening = False
        r.floor = call_floor(chips, self.stakes, self.rules)
        r.reach(r.put_in[i])
        r.acted[i] = r.has_acted[i] = self.rules.bring_in_counts_as_acted
        if r.call_target == self.stakes.small_bet:
            # A bring-in of the small bet is the round's bet, even posted short when a call must reach the full one:
            # there is no completion (section 1), and the next increase raises it.
            r.level = r.call_target
            r.bet_made = True

    def _increase(self, i: int) -> None:
        """A bet, completion or raise: a full one sets the level, uses a raise and reopens the betting."""
        r = self.round
        r.opening = False
        total = r.put_in[i]
        full = reopens_everyone(total, r.level, r.size)
        if r.open_pair and not r.big_made and is_big_increase(total - r.level, self.stakes, self.rules):
            r.big_made = True  # only big raises follow, and half a bet is half a big one (stud section 3)
            r.size = self.stakes.big_bet  # type: ignore[assignment]  # set by Stakes
        short = None
        if not full:  # an all-in short of a full one: section 4 says whether it counts as one
            short = counts_as_full(self.seats[i], total, r.level, r.size, r.number, r.bet_made, self.stakes,
                                   self.rules)
        if short is None or short.counted:
            r.level = total
            r.level_all_in = not full
            if r.bet_made:
                r.raises += 1
            r.bet_made = True
            r.acted = [False] * self.n
            if full:  # a full bet or raise by itself reopens everyone; only short all-ins are judged per player
                r.has_acted = [False] * self.n
        if total > r.high:
            r.reach(total)
        r.acted[i] = r.has_acted[i] = True
        seat = self.seats[i]
        if r.first_aggressor is None:
            r.first_aggressor = seat
        r.last_aggressor = seat
        r.capped_by = is_capped(r.bet_made, r.raises, self.limit, r.lifted)
        capped = r.capped_by is not None
        if capped and r.after_cap is None:
            r.after_cap = HeadsUpAfterCap(total, by_capping_all_in=heads_up(self.active), by_fold=False)
        if short is not None:
            self.decisions.append(short._replace(capped=capped) if short.counted else short)

    def _pass_turn(self, i: int) -> None:
        """Hand the action to the next player who must act, or end the round or the hand."""
        if self.live == 1:
            self._complete()
            return
        r = self.round
        for j in self.after[i]:
            if self.can_act[j] and (r.put_in[j] < r.call_target or (not r.acted[j] and self.active >= 2)):
                self.to_act = j
                return
        self._end_round()

    # -- refusals ------------------------------------------------------------------------------

    def _refuse(self, index: int, action: Action, message: str, citation: Citation) -> NoReturn:
        """Refuse ``action`` with ``message`` under the rule ``citation`` names, unless its seat is not at the table."""
        check_action_seat(index, action, self.seats)
        raise IllegalActionError(f"actions[{index}]", message, citation)

    def _refuse_after_betting(self, index: int, action: Action) -> NoReturn:
        """Explain why no action can come now: the hand, the betting or the deal is over."""
        if self.phase is _COMPLETE:
            self._refuse(index, action, f"seat {action.seat} may not act: every other player has folded", UNCONTESTED)
        if self.phase is _SHOWDOWN:
            self._refuse(index, action, f"seat {action.seat} may not act: the betting is over", BETTING_ENDS)
        check_action_seat(index, action, self.seats)
        need = up_cards_on(self.round.number + 1)
        i = next(j for j in range(self.n) if not self.folded[j] and len(self.up[j]) < need)
        raise SnapshotError(
            f"players[{self.index_of_input[i]}].up_cards",
            f"seat {self.seats[i]} shows {len(self.up[i])} up card(s) but actions[{index}] bets street "
            f"{self.round.number + 1}, where every live player shows {need}",
        )

    # -- result ------------------------------------------------------------------------------

    def legal(self) -> tuple[LegalAction, ...]:
        """The options of the seat to act, as answers."""
        i = self.to_act
        if i is None:
            return ()
        put_in = self.round.put_in[i]
        stack = self.stack[i]
        legal = []
        big_open = self.big_open()
        for kind in LISTING_ORDER:
            chips = self.price(i, kind)
            if type(chips) is Refusal:
                continue
            if kind in NO_CHIPS:
                legal.append(LegalAction(kind))
                continue
            legal.append(LegalAction(kind, chips, put_in + chips, chips == stack))
            if big_open and kind in INCREASES:  # the big size beside the small one (stud section 3)
                big = self.price(i, kind, big=True)
                if type(big) is not Refusal and big != chips:
                    legal.append(LegalAction(kind, big, put_in + big, big == stack))
        return tuple(legal)

    def showdown_board(self) -> OpeningBoard | None:
        """In the showdown phase, the live player with the opening board (section 5; in razz the lowest), the others
        whose boards tie it and the card that broke the tie."""
        if self.phase is not _SHOWDOWN:
            return None
        return opening_board(self.up, up_cards_on(self.round.number), self.folded, self.position,
                             self.rules.later_street_tie_break, self.game.board)


class Replay:
    """A hand replayed one action at a time, the way ``replay`` plays a whole snapshot.

    For a reader of a hand history whose entries do not name the snapshot's action types (PHH's
    ``cbr`` is a bet, a completion or a raise; ``cc`` a check or a call): where the hand stands
    names them, and each is then played, and checked, as the snapshot's action would be.
    """

    # No instance dictionary, as _Round (bench/README.md, "Speed tricks")
    __slots__ = ("_index", "_played", "_seating", "_snapshot", "_table")

    def __init__(self, snapshot: Snapshot, table: type[Table] = Table) -> None:
        self._snapshot = snapshot
        self._seating = seat_players(snapshot)
        self._table = table(snapshot, self._seating)
        self._index = {seat: i for i, seat in enumerate(self._seating.seats)}
        self._played: list[Action] = []

    def play(self, action: Action) -> None:
        """Check the next action against its rule and play it (IllegalActionError names it by its index)."""
        self._table.apply(len(self._played), action)
        self._played.append(action)

    @property
    def table(self) -> Table:
        """The table as the actions played left it (an explanation reads the rounds and asks it the prices)."""
        return self._table

    @property
    def street(self) -> int:
        """The street being bet (or the last reached)."""
        return self._table.street

    def increase(self) -> ActionType:
        """The increase the street takes now: a bet, a completion or a raise (sections 2 and 4)."""
        return self._table.increase()

    def owes(self, seat: int) -> int:
        """The chips a call by ``seat`` would have to reach (0 or less: nothing to call)."""
        table = self._table
        return table.call_target - table.street_total(self._index[seat])

    def street_total(self, seat: int) -> int:
        """The chips ``seat`` has put in on the street being bet."""
        return self._table.street_total(self._index[seat])

    def reach(self, seat: int) -> int:
        """The street total ``seat`` would have all-in."""
        i = self._index[seat]
        return self._table.street_total(i) + self._table.stack[i]

    def price(self, seat: int, kind: str, big: bool = False) -> int | Refusal:
        """What ``price`` answers for ``seat`` taking ``kind`` now, whether or not it is his turn (``big``: the big
        size of an increase over an open pair, where ``big_open`` says there is one)."""
        return self._table.price(self._index[seat], kind, big=big)

    def big_open(self) -> bool:
        """Whether an increase may now be small or big (an open pair on 4th street, stud section 3)."""
        return self._table.big_open()

    def live_seats(self) -> list[int]:
        """The seats that have not folded."""
        return [seat for seat, folded in zip(self._seating.seats, self._table.folded, strict=True) if not folded]

    def state(self) -> TableState:
        """Where the hand stands after the actions played; an InputError when the cards do not fit it."""
        table, seating = self._table, self._seating
        _check_cards(table, seating.index_of_input, seating.down_counts)
        _check_mucks(table, self._snapshot, seating.index_of_input)
        street = table.round.number
        community_allowed = table.seventh is not None and table.seventh.community
        if seating.community is not None and not community_allowed:
            raise SnapshotError(
                "community_card",
                "a community card is dealt only on 7th street when the deck runs short (section 7); "
                + ("7th street has not been reached" if street < LAST_STREET
                   else f"{table.dealt[4]} players reach 7th street and the deck deals them each a down card"),
            )
        if community_allowed:
            _check_no_seventh_down_card(table, seating.index_of_input, seating.down_counts)
        committed = list(map(sub, seating.stacks, table.stack))
        final = table.round
        board = table.showdown_board()
        return TableState(
            street=street,
            phase=table.phase,
            to_act=None if table.to_act is None else table.seats[table.to_act],
            pot=sum(committed),
            street_bet=final.level if final.bet_made else final.floor,
            highest_bet=final.call_target,
            raises=final.raises,
            capped=table.capped(),
            players=tuple(map(PlayerState, table.seats, table.stack, final.put_in, committed, table.folded,
                              table.all_in)),
            legal_actions=table.legal(),
            bring_in_seat=table.seats[table.bring_in],
            winner=None if table.winner is None else table.seats[table.winner],
            community_card_allowed=community_allowed,
            showdown_board=None if board is None else table.seats[board.board],
            showdown_ties=() if board is None else tuple(table.seats[i] for i in board.tied),
            log=tuple(table.rounds),
            actions=tuple(self._played),
            added=tuple(table.added),
            showdown_high_card=None if board is None or board.high_card is None else CARD_TEXT[board.high_card],
            showdown_showing=None if board is None else board.value.name,
            showdown_tie_rule=None if board is None else board.tie_rule,
        )

    def explain(self) -> TableWhy:
        """The state with why it stands there (``?explain=true``): the record the replay kept, written out by
        ``table_why``."""
        return explain_table(self._table, self.state())


def replay(snapshot: Snapshot) -> TableState:
    """Replay every action of the snapshot; the state after it, or an InputError at the first rule broken.

    Seat 4's king brings in, seat 6 completes to the small bet, and seat 1 is to act facing it:

    >>> from service.stud_family.limits import Stakes
    >>> from service.stud_family.snapshot import PlayerIn
    >>> dealt = (PlayerIn(1, 1000, ("7c",)), PlayerIn(4, 640, ("Ks",)), PlayerIn(6, 800, ("5d",)))
    >>> stakes = Stakes(ante=5, bring_in=10, small_bet=40, big_bet=80)
    >>> state = replay(Snapshot(stakes, dealt, (Action(4, "bring_in"), Action(6, "complete"))))
    >>> state.to_act, state.pot, [(action.type.value, action.amount) for action in state.legal_actions]
    (1, 65, [('fold', None), ('call', 40), ('raise', 80)])

    An action its rule refuses is named by its index, with the reason and the rule:

    >>> replay(Snapshot(stakes, dealt, (Action(4, "bring_in"), Action(6, "raise"))))
    Traceback (most recent call last):
    ...
    service.stud_family.errors.IllegalActionError: actions[1]: seat 6 may not raise: the increase here is a complete

    ``explain`` replays it the same way and writes out the decisions the replay recorded:

    >>> [why.decision for why in explain(Snapshot(stakes, dealt, (Action(4, "bring_in"),))).why]
    ['bring_in_seat', 'opener', 'bring_in_amount', 'phase', 'cap', 'legal_action', 'legal_action', 'legal_action']
    """
    hand = Replay(snapshot)
    for action in snapshot.actions:
        hand.play(action)
    return hand.state()


def explain(snapshot: Snapshot) -> TableWhy:
    """Replay the snapshot as ``replay`` does; the state with the decisions behind it and the refusals."""
    hand = Replay(snapshot)
    for action in snapshot.actions:
        hand.play(action)
    return hand.explain()


def _check_mucks(table: Table, snapshot: Snapshot, index_of_input: list[int]) -> None:
    """A muck waits for the end of the betting, and where every live hand is tabled at once it is refused unless
    the hand is taken as a history wrote it, besides what ``check_mucks`` asks of it (section 5)."""
    mucked = {player.seat for player in snapshot.players if player.mucked}
    if not mucked:
        return
    paths = [f"players[{index}].mucked" for index in index_of_input]
    check_mucks([(seat, folded, seat in mucked) for seat, folded in zip(table.seats, table.folded, strict=True)],
                paths, SnapshotError)
    i = next(i for i, seat in enumerate(table.seats) if seat in mucked)
    if table.phase is not _SHOWDOWN:
        raise SnapshotError(paths[i], f"seat {table.seats[i]} mucks, but the hand is in its {table.phase} phase, "
                                      "not at its showdown")
    if not snapshot.mucks_as_written:
        refuse_tabled_muck(table.seats[i], paths[i], _all_in_live(table))


def _all_in_live(table: Table) -> list[int]:
    """The live seats that are all-in, clockwise."""
    return [seat for seat, folded, all_in in zip(table.seats, table.folded, table.all_in, strict=True)
            if all_in and not folded]


def _check_no_seventh_down_card(table: Table, index_of_input: list[int], down_counts: list[int | None]) -> None:
    """When the deck runs short, 7th street is one community card: nobody is dealt a 7th down card (section 7)."""
    most = STREETS[LAST_STREET - 1].down_cards
    for i, downs in enumerate(down_counts):
        if downs is not None and downs > most:
            raise SnapshotError(f"players[{index_of_input[i]}].down_cards",
                                f"seat {table.seats[i]} holds {downs} down cards, but {table.dealt[4]} players reach "
                                "7th street and the deck runs short: 7th street is one community card (section 7), "
                                f"so each holds {most}")


def _check_cards(table: Table, index_of_input: list[int], down_counts: list[int | None]) -> None:
    """Up and down cards must fit the street each player reached (folded players may show fewer)."""
    street = table.round.number
    shown = up_cards_on(street)
    partial_deal = table.phase in (_DEALING, _SHOWDOWN) and street < LAST_STREET \
        and STREETS[street + 1].new_card_up
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
        most_down = STREETS[reached].down_cards
        if downs > most_down:
            raise SnapshotError(f"players[{index_of_input[i]}].down_cards",
                                f"seat {table.seats[i]} holds {downs} down cards but was dealt "
                                f"at most {most_down} by street {reached}")
