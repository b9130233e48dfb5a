"""Bring-in (reference section 1): the door card at the game's end of its card order posts, the suit breaking ties.

In razz the highest door card brings in (kings high, aces low, s > h > d > c); the game says which
end and which order (``games.DoorOrder``).

The bring-in seat posts the bring-in or completes to the small bet; it may not check or fold.
When it is all-in from the ante nobody posts: the next seat clockwise with chips opens (for at
least the bring-in, or folds). A bring-in posted all-in for less still stands at its full amount.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, NamedTuple, overload

import msgspec

from .cap import COMPLETES
from .cards import CARD_CODES, CARD_TEXT, RANK_NAMES, RANK_OF, SUIT_NAMES, Deck
from .games import RAZZ, DoorOrder, Game
from .limits import MOST_CHIPS, SHORT_OF_FULL, Stakes
from .rules import Rules, ShortBringInCallAmount
from .seating import clockwise, next_clockwise
from .vocabulary import ActionType, Offer, Offered, Refusal
from .why import REFERENCE_DEFAULT, Citation, Why

POST_OR_COMPLETE = Citation("§1", "RRoP Stud 2")
"""The bring-in seat posts the bring-in or opens for a full bet; it may not check or fold."""
OPENS_AFTER_ALL_IN = Citation("§1", "TDA 2024 RP-10E")
"""A bring-in seat all-in from the ante posts nothing: the next seat clockwise with chips opens."""
OPENER_MAY_NOT_FOLD = Citation("§1", "PokerKit")
"""Under ``allow_fold_when_opening_after_all_in_bring_in`` false, that opener may not fold."""
SHORT_BRING_IN_STANDS = {ShortBringInCallAmount.FULL_BRING_IN: Citation("§1", "WSOP-L 217"),
                         ShortBringInCallAmount.POSTED_AMOUNT: Citation("§1", "PokerKit")}
"""What a call reaches over a bring-in posted short, by ``short_bring_in_call_amount``."""
NOBODY_BETS = Citation("§9", REFERENCE_DEFAULT)
"""Fewer than two players with chips: there is no betting."""


class Opener(NamedTuple):
    """Who opens a street's betting (an index; None when nobody bets) and the rule that chose him."""

    first: int | None
    rule: Citation


def first_to_open(start: int, can_act: Sequence[bool], rule: Citation, passed: Citation) -> Opener:
    """The opener of a street: ``start`` (3rd street's bring-in seat, or the opening board), cited by ``rule``; when it
    cannot act, the next seat clockwise who can, cited by ``passed``; nobody when fewer than two players can act, as
    the betting is over (section 9).

    The one place a street's opener is chosen among the seats: for a replay, ``find_bring_in`` and
    ``first_to_act.find_first_to_act`` alike.

    >>> first_to_open(0, [False, True, True], POST_OR_COMPLETE, OPENS_AFTER_ALL_IN).first
    1
    >>> first_to_open(0, [False, False, True], POST_OR_COMPLETE, OPENS_AFTER_ALL_IN)
    Opener(first=None, rule=Citation(rule='§9', source='reference default'))
    """
    if sum(can_act) < 2:
        return Opener(None, NOBODY_BETS)
    index = next_clockwise(start, can_act)
    return Opener(index, rule if index == start else passed)


@dataclass(frozen=True, slots=True)
class DoorCard:
    """A player's 3rd-street up card and, optionally, his chips before the ante."""

    seat: int
    card: str
    stack: int | None = None


@dataclass(frozen=True, slots=True)
class BringIn:
    """Who brings in, why, who opens the betting and what is posted: the decision and the values its sentences
    need."""

    seat: int
    card: str
    tie_broken_by_suit: bool
    opener: int | None
    """The seat that acts first on 3rd street; None when fewer than two players have chips left after the antes."""
    amount: int | None
    """Chips the bring-in seat posts (the bring-in, or all it has left): 0 all-in from the ante, None without stakes."""
    chips: int | None = None
    """Chips the bring-in seat has after the ante; None when its stack or the stakes are not given."""
    tied_cards: tuple[str, ...] = field(default=(), compare=False)
    """The other door cards of its rank: the suit broke the tie with them (what the tie-break's sentence says)."""
    no_completion: Refusal | None = field(default=None, compare=False, repr=False)
    """Why the bring-in seat may not complete when it opens (``opening_chips`` refuses it so); None when it may, or
    when the stakes are not given."""
    opened_by: Citation = field(default=POST_OR_COMPLETE, compare=False, repr=False)
    """The rule that chose ``opener`` (``first_to_open``)."""


class Found(msgspec.Struct, frozen=True, gc=False):
    """The bring-in as a table finds it, by index clockwise: the bring-in seat, the door cards of its rank, who opens
    and what is posted (a replay keeps this and says it as a ``BringIn`` only when asked why)."""

    seat_index: int
    tied: list[int]
    opener: int | None
    opened_by: Citation
    """The rule that chose the opener: the bring-in seat posts (RRoP Stud 2), the seat after one all-in from the ante
    opens (TDA 2024 RP-10E), or nobody bets (section 9)."""
    amount: int | None
    chips: int | None
    """The bring-in seat's chips after the ante (None: not known)."""
    no_completion: Refusal | None
    """Why the bring-in seat may not complete when it opens; None when it may, or the stakes are not known."""

    def bring_in(self, seats: Sequence[int], door_codes: Sequence[int]) -> BringIn:
        """The decision by seat and card, as the bring-in answer writes it and its sentences say it."""
        best, opener = self.seat_index, self.opener
        return BringIn(seats[best], CARD_TEXT[door_codes[best]], bool(self.tied),
                       None if opener is None else seats[opener], self.amount, self.chips,
                       tuple(CARD_TEXT[door_codes[i]] for i in self.tied), self.no_completion, self.opened_by)


def door_brings_in(door_codes: Sequence[int], door: DoorOrder) -> tuple[int, list[int]]:
    """Index of the door card that brings in, by the game's door order (in razz the highest, king high, ace low,
    then suit), and of the others of its rank (a suit decided)."""
    key = door.brings_in
    best = max(range(len(door_codes)), key=lambda i: key[door_codes[i]])
    rank = RANK_OF[door_codes[best]]
    return best, [i for i, code in enumerate(door_codes) if i != best and RANK_OF[code] == rank]


def third_street_opener(bring_in_index: int, can_act: Sequence[bool]) -> Opener:
    """Who opens 3rd street: the bring-in seat, or when it cannot act (all-in from the ante) the next seat clockwise
    who can; nobody when fewer than two can act. The one place this is decided, for the bring-in, a replay and the
    first to act on 3rd street."""
    return first_to_open(bring_in_index, can_act, POST_OR_COMPLETE, OPENS_AFTER_ALL_IN)


def bring_in_at(door_codes: Sequence[int], chips: Sequence[int | None], stakes: Stakes | None, game: Game) -> Found:
    """The bring-in of players seated clockwise, from their door cards and their chips after the ante (None: not
    known): the one place section 1 is decided, for a table being replayed and for ``find_bring_in``."""
    best, tied = door_brings_in(door_codes, game.door)
    left = chips[best]
    opener, opened_by = third_street_opener(best, [left is None or left > 0 for left in chips])
    if stakes is None:
        return Found(best, tied, opener, opened_by, None, left, None)
    amount = stakes.bring_in if left is None else min(stakes.bring_in, left)
    no_completion = completion_refused(MOST_CHIPS if left is None else left, stakes, posts_bring_in=True)
    return Found(best, tied, opener, opened_by, amount, left, no_completion)


def find_bring_in(players: Sequence[DoorCard], stakes: Stakes | None = None, game: Game = RAZZ) -> BringIn:
    """The bring-in of a table, given its door cards (and stacks before antes, to find an all-in seat).

    In razz the highest door card brings in, kings high and aces low; a tie on rank goes to the higher suit
    (s > h > d > c). A seat all-in from the ante posts nothing and the next seat with chips opens:

    >>> stakes = Stakes(ante=5, bring_in=10, small_bet=40)
    >>> find_bring_in([DoorCard(1, "7c", 400), DoorCard(3, "Qc", 400), DoorCard(4, "Qh", 400)], stakes)
    BringIn(seat=4, card='Qh', tie_broken_by_suit=True, opener=4, amount=10, chips=395, tied_cards=('Qc',))
    >>> found = find_bring_in([DoorCard(1, "7c", 400), DoorCard(3, "Ks", 5), DoorCard(4, "As", 400)], stakes)
    >>> found.seat, found.opener, found.amount
    (3, 4, 0)
    """
    ordered = clockwise([player.seat for player in players])
    deck = Deck()
    codes = [deck.take(players[i].card, f"players[{i}].door_card") for i in ordered]
    chips = [None if players[i].stack is None or stakes is None else stakes.after_ante(players[i].stack)  # type: ignore[arg-type]
             for i in ordered]
    found = bring_in_at(codes, chips, stakes, game).bring_in([players[i].seat for i in ordered], codes)
    if len(found.tied_cards) < 2:
        return found
    asked = {CARD_TEXT[code]: ordered[k] for k, code in enumerate(codes)}  # the ties said in the request's order
    return replace(found, tied_cards=tuple(sorted(found.tied_cards, key=asked.__getitem__)))


_BRING_IN, _COMPLETE, _FOLD = ActionType.BRING_IN, ActionType.COMPLETE, ActionType.FOLD
"""Members as module names: what reading them so saves the replay is in bench/README.md, "Speed tricks"."""

_MUST_POST = Refusal("the bring-in must be posted or completed", POST_OR_COMPLETE)
_NO_OPENING_FOLD = Refusal("allow_fold_when_opening_after_all_in_bring_in is false: the opener must bring in or "
                           "complete", OPENER_MAY_NOT_FOLD)


def _opening_refusals(citation: Citation) -> tuple[Refusal, Refusal, Refusal]:
    """What opening 3rd street refuses, under the rule of who opens it: nothing to complete (the bring-in is the small
    bet, or the chips go no further), and any action but the bring-in or a completion."""
    return (Refusal("the bring-in is the small bet itself, so there is nothing to complete", citation),
            Refusal("its chips go no further than the bring-in, so there is nothing to complete", citation),
            Refusal("3rd street must be opened with the bring-in or a completion", citation))


_OPENING_REFUSED = {True: _opening_refusals(POST_OR_COMPLETE), False: _opening_refusals(OPENS_AFTER_ALL_IN)}
"""By whether the bring-in seat itself opens (RRoP Stud 2) or the seat after one all-in from the ante (TDA RP-10E)."""


_POSTS = {True: Offer("seat {seat} may post the bring-in, {amount}{all_in}", POST_OR_COMPLETE),
          False: Offer("seat {seat} may post the bring-in, {amount}{all_in}", OPENS_AFTER_ALL_IN)}
_OPENER_FOLDS = Offer("seat {seat} may fold: it opens after a bring-in seat all-in from the ante", OPENS_AFTER_ALL_IN)


@overload
def opening_chips(kind: str, chips: int, stakes: Stakes, posts_bring_in: bool, rules: Rules,
                  explain: Literal[False] = False) -> int | Refusal: ...
@overload
def opening_chips(kind: str, chips: int, stakes: Stakes, posts_bring_in: bool, rules: Rules,
                  explain: Literal[True]) -> Offered | Refusal: ...
@overload
def opening_chips(kind: str, chips: int, stakes: Stakes, posts_bring_in: bool, rules: Rules,
                  explain: bool) -> int | Offered | Refusal: ...
def opening_chips(kind: str, chips: int, stakes: Stakes, posts_bring_in: bool, rules: Rules,
                  explain: bool = False) -> int | Offered | Refusal:
    """What an action opening 3rd street adds from ``chips`` (0 for a fold), or why it may not open it; with
    ``explain``, the chips with the reason this branch offers them.

    ``posts_bring_in``: the opener is the bring-in seat itself, who may not fold; an opener after a
    bring-in seat all-in from the ante may (TDA RP-10E), unless the rules say otherwise.
    """
    if kind == _BRING_IN:
        posted = min(stakes.bring_in, chips)
        return Offered(posted, _POSTS[posts_bring_in]) if explain else posted
    if kind == _COMPLETE:
        refused = completion_refused(chips, stakes, posts_bring_in)
        if refused is not None:
            return refused
        if chips < stakes.small_bet:  # all-in short of the completion (section 4)
            return Offered(chips, SHORT_OF_FULL[rules.short_allin_threshold]) if explain else chips
        return Offered(stakes.small_bet, COMPLETES) if explain else stakes.small_bet
    if kind == _FOLD:
        if posts_bring_in:
            return _MUST_POST
        if not rules.allow_fold_when_opening_after_all_in_bring_in:
            return _NO_OPENING_FOLD
        return Offered(0, _OPENER_FOLDS) if explain else 0
    return _OPENING_REFUSED[posts_bring_in][2]  # any other action: 3rd street opens with the bring-in or a completion


def completion_refused(chips: int, stakes: Stakes, posts_bring_in: bool) -> Refusal | None:
    """Why the opener of 3rd street, with ``chips`` after the ante, may not complete; None when it may.

    The one place this is decided: ``opening_chips`` refuses a completion by it, and ``bring_in_at``
    records it with the bring-in, for the opener's sentence.
    """
    no_completion, stack_only_brings_in, _ = _OPENING_REFUSED[posts_bring_in]
    if stakes.bring_in >= stakes.small_bet:
        return no_completion
    if chips <= stakes.bring_in:
        return stack_only_brings_in
    return None


def call_floor(posted: int, stakes: Stakes, rules: Rules) -> int:
    """What a call must reach after a bring-in of ``posted`` chips: the full bring-in even over a short one
    (WSOP-L 217), unless the rules say the posted amount."""
    if rules.short_bring_in_call_amount == ShortBringInCallAmount.FULL_BRING_IN:
        return stakes.bring_in
    return posted


def explain_door(seat: int, card: str, door: DoorOrder) -> Why:
    """Why ``seat`` brings in: its door card ``card`` is at the game's end of its card order."""
    return door.rule.says("bring_in_seat", f"seat {seat}'s {card} is the {door.direction} door card "
                                           f"({door.cards.words}): seat {seat} brings in")


def explain_door_tie(card: str, tied_cards: Sequence[str], door: DoorOrder) -> Why:
    """Why the door card ``card`` brings in over ``tied_cards``, of its rank: the suit decides (the one sentence of
    this tie-break, for the bring-in and for 3rd street's first to act)."""
    rank = RANK_OF[CARD_CODES[card]]
    return door.suit_rule.says(
        "bring_in_tie_break", f"{card} ties {', '.join(tied_cards)} on rank ({RANK_NAMES[rank - 1]}): the suit "
                              f"decides, s > h > d > c, and {SUIT_NAMES[card[1]]} is the {door.direction}")


def explain_bring_in(found: BringIn, stakes: Stakes | None, rules: Rules, opened: bool = False,
                     game: Game = RAZZ) -> list[Why]:
    """Why ``found`` brings in and who opens, in the hand's words, from the values the decision holds.

    ``opened``: 3rd street has been opened, so what the bring-in seat could not do is said of its opening post
    alone (once it has posted, it may fold like anyone facing a bet).
    """
    why = [explain_door(found.seat, found.card, game.door)]
    no_completion = found.no_completion
    if found.tied_cards:
        why.append(explain_door_tie(found.card, found.tied_cards, game.door))
    if found.opener is None:
        why.append(found.opened_by.says("opener", "fewer than two players have chips left after the antes: nobody "
                                                  "bets"))
    elif found.opener != found.seat:
        fold = "or folds" if rules.allow_fold_when_opening_after_all_in_bring_in else "and may not fold"
        why.append(found.opened_by.says(
            "opener", f"seat {found.seat} is all-in from the ante, so nobody brings in: seat {found.opener}, next "
                      f"clockwise with chips, opens for at least the bring-in {fold}"))
    else:
        if opened:
            opens = "had to post the bring-in or complete" if no_completion is None else "had to post the bring-in"
            said = f"seat {found.seat} opened 3rd street: it {opens}, and could not check or fold in its opening post"
        else:
            opens = "posts the bring-in or completes" if no_completion is None else "posts the bring-in"
            said = f"seat {found.seat} opens 3rd street: it {opens}, and may not check or fold"
        why.append(found.opened_by.says(
            "opener", said + ("" if no_completion is None else f" (no completion: {no_completion.reason})")))
    if stakes is not None and found.amount:
        if found.amount < stakes.bring_in:
            call = (f"every caller must still reach the full {stakes.bring_in}" if rules.short_bring_in_call_amount
                    == ShortBringInCallAmount.FULL_BRING_IN else f"a call reaches the {found.amount} posted")
            why.append(SHORT_BRING_IN_STANDS[rules.short_bring_in_call_amount].says(
                "bring_in_amount", f"seat {found.seat} has {found.amount} after the ante: its bring-in is all-in for "
                                   f"that, short of the bring-in of {stakes.bring_in}, and {call}"))
        else:
            unless = ", unless it completes" if no_completion is None else ""
            why.append(POST_OR_COMPLETE.says("bring_in_amount", f"the bring-in seat {found.seat} owes is the stakes' "
                                                                f"bring-in, {found.amount}{unless}"))
    return why
