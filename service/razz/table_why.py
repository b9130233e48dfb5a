"""Why a replayed table stands where it does: ``?explain=true`` on legal-actions and table/state.

The replay is the one that answers without ``explain``, on a table (``_Watched``) that notes the
decisions ``betting.Table`` makes as it makes them: each street's opener and each short all-in.
The legal actions are explained from what the table offers, and each action it does not offer by
the ``Refusal`` its own rule gives, so the reason a caller reads comes from the code that refuses.
"""

from __future__ import annotations

from typing import NamedTuple, cast

from .betting import (
    ACTION_SETS,
    BETTING_ENDS,
    FOLD_WITH_NOTHING_TO_CALL,
    TURN_ORDER,
    UNCONTESTED,
    LegalAction,
    Replay,
    Table,
    TableState,
)
from .bring_in import (
    OPENS_AFTER_ALL_IN,
    POST_OR_COMPLETE,
    SHORT_BRING_IN_STANDS,
    BringIn,
    explain_bring_in,
    highest_door,
    opener_index,
)
from .cap import COMPLETION_IS_THE_BET, explain_cap
from .cards import CARD_TEXT
from .first_to_act import BoardIn, FirstToAct, board_opener, explain_first_to_act
from .limits import BET_SIZES, SHORT_ALL_IN, explain_short_all_in
from .ranking import evaluate
from .running_out import community_card_dealt, explain_seventh_street
from .snapshot import Seating, Snapshot
from .streets import FIRST_STREET, LAST_STREET, STREETS, up_cards_on
from .vocabulary import LISTING_ORDER, ActionType, Phase, Refusal
from .why import Why, street_name


class RefusedAction(NamedTuple):
    """A standard action the seat to act may not take now, and the rule that refuses it."""

    type: str
    rule: str
    source: str
    text: str


class TableWhy(NamedTuple):
    """A replay's state with the decisions behind it and the actions refused to the seat to act."""

    state: TableState
    why: list[Why]
    refused: list[RefusedAction]


class _Watched(Table):
    """A replay's table that notes, as it plays, who opens each street and how each short all-in counted."""

    __slots__ = ("noted", "opening")

    def __init__(self, snapshot: Snapshot, seating: Seating) -> None:
        self.noted: list[Why] = []
        self.opening: tuple[BringIn, list[tuple[int, str]]] | None = None
        """3rd street's bring-in, found when the street begins and said once the replay is over (in the tense of
        where it stands: opened or still to open)."""
        super().__init__(snapshot, seating)

    def _begin_round(self, street: int) -> None:
        """Note why the street's opener opens, then begin the round as the table does."""
        if STREETS[street].bring_in_opens:
            self.opening = self._bring_in()
        elif self.active >= 2:
            first, board, tied = board_opener(self.up, street, self.folded, self.can_act, self.position,
                                              self.rules.later_street_tie_break)
            shown = up_cards_on(street)
            answer = FirstToAct(None if first is None else self.seats[first], self.seats[board],
                                evaluate(self.up[board][:shown]).name, tuple(self.seats[i] for i in tied))
            boards = [BoardIn(seat, tuple(map(CARD_TEXT.__getitem__, cards)))
                      for seat, cards in zip(self.seats, self.up, strict=True)]
            community = street == LAST_STREET and community_card_dealt(self.dealt[:4], self.live)
            self.noted += explain_first_to_act(street, boards, answer, self.rules, community)
        super()._begin_round(street)

    def _bring_in(self) -> tuple[BringIn, list[tuple[int, str]]]:
        """The bring-in seat, who opens 3rd street, and the door cards they were found from."""
        index = self.bring_in
        first = opener_index(index, self.stack)
        _, tied = highest_door([cards[0] for cards in self.up])
        found = BringIn(self.seats[index], CARD_TEXT[self.up[index][0]], bool(tied),
                        None if first is None else self.seats[first], min(self.stakes.bring_in, self.stack[index]),
                        self.stack[index])
        return found, [(seat, CARD_TEXT[cards[0]]) for seat, cards in zip(self.seats, self.up, strict=True)]

    def opening_why(self) -> list[Why]:
        """Why the bring-in seat brings in and who opens 3rd street, as the bring-in endpoint says it, in the past
        once 3rd street has been opened."""
        if self.opening is None:
            return []
        found, doors = self.opening
        return explain_bring_in(found, doors, self.stakes, self.rules, opened=not self.rounds[0].opening)

    def _increase(self, i: int) -> None:
        """Play the increase as the table does; note an all-in short of a full bet and whether it counted as one."""
        r = self.round
        level, bet_made, total = r.level, r.bet_made, r.put_in[i]
        super()._increase(i)
        if self.all_in[i] and total < level + r.size:
            self.noted.append(explain_short_all_in(self.seats[i], total, level, r.size, r.number, bet_made,
                                                   self.stakes, self.rules, counted=r.level == total,
                                                   capped=self.capped()))


def explain_replay(snapshot: Snapshot) -> TableWhy:
    """Replay the snapshot as ``betting.replay`` does, with the decisions behind the state and the refusals."""
    hand = watched_replay(snapshot)
    for action in snapshot.actions:
        hand.play(action)
    return explain_played(hand, hand.state())


def watched_replay(snapshot: Snapshot) -> Replay:
    """A replay of ``snapshot`` on a table that notes its decisions as it plays: ``explain_played`` says them."""
    return Replay(snapshot, _Watched)


def explain_played(hand: Replay, state: TableState) -> TableWhy:
    """The decisions behind ``state``, where a ``watched_replay`` stands after its actions, and the refusals."""
    table = cast(_Watched, hand.table)  # a watched replay's
    why = [*table.opening_why(), *table.noted, _phase(table, state)]
    if state.street == LAST_STREET:
        why.append(explain_seventh_street(table.dealt[:4], table.dealt[4]))
    refused: list[RefusedAction] = []
    i = table.to_act
    if i is not None:
        why.append(_cap(table))
        why += [_legal(table, i, action) for action in state.legal_actions]
        offered = {action.type for action in state.legal_actions}
        for kind in LISTING_ORDER:
            if kind not in offered:
                refusal = table.price(i, kind)
                if type(refusal) is Refusal:
                    refused.append(RefusedAction(kind, refusal.citation.rule, refusal.citation.source,
                                                 table.say(refusal, i)))
    return TableWhy(state, why, refused)


def _phase(table: Table, state: TableState) -> Why:
    """Where the hand stands: the street and phase, and who acts."""
    street = street_name(state.street)
    if state.phase is Phase.BETTING:
        return TURN_ORDER.says("phase", f"{street} is being bet: seat {state.to_act} is to act, clockwise from "
                                        "the opener, skipping folded and all-in players")
    if state.phase is Phase.DEALING:
        following = street_name(state.street + 1)
        return TURN_ORDER.says("phase", f"{street}'s betting is over, and the snapshot does not show {following}'s "
                                        "up cards yet: the next street is to be dealt")
    if state.phase is Phase.COMPLETE:
        return UNCONTESTED.says("phase", f"every other player folded: seat {state.winner} wins without showing")
    if table.active < 2:
        return BETTING_ENDS.says("phase", f"the betting ended on {street_name(state.betting_ended_on)}: fewer than "
                                          "two live players can bet, so the cards left are dealt and the hands are "
                                          "tabled")
    return BETTING_ENDS.says("phase", f"{street}'s betting is complete: the hand goes to the showdown")


def _cap(table: Table) -> Why:
    """How many raises the street has left, or why it has none, as section 2's module says it."""
    r = table.round
    opened_with = table.stakes.bring_in if r.number == FIRST_STREET else 0
    return explain_cap(r.number, table.limit, table.rules.heads_up_uncap, r.lifted, r.bet_made, r.raises,
                       table.active == 2, r.high if r.high > opened_with else None)


def _legal(table: Table, i: int, action: LegalAction) -> Why:
    """Why player ``i`` may take ``action``, and for the chips it adds, why that many."""
    r = table.round
    seat = table.seats[i]
    kind = action.type
    all_in = " (all-in)" if action.all_in else ""
    street = street_name(r.number)
    size = "big" if STREETS[r.number].big_bet else "small"
    if kind == ActionType.FOLD:
        need = r.call_target - r.put_in[i]
        if need > 0:
            return ACTION_SETS.says("legal_action", f"seat {seat} may fold: it faces {need} to call")
        if r.opening:
            return OPENS_AFTER_ALL_IN.says("legal_action", f"seat {seat} may fold: it opens after a bring-in seat "
                                                           "all-in from the ante")
        return FOLD_WITH_NOTHING_TO_CALL.says("legal_action", f"seat {seat} may fold with nothing to call: "
                                                              "fold_when_no_bet is true, and the fold is binding")
    if kind == ActionType.CHECK:
        return ACTION_SETS.says("legal_action", f"seat {seat} may check: nothing to call on {street}")
    if kind == ActionType.CALL:
        if r.floor > r.high and action.to == r.floor:
            citation = SHORT_BRING_IN_STANDS[table.rules.short_bring_in_call_amount]
            return citation.says("legal_action", f"seat {seat} may call {action.amount} more, to {action.to}: the "
                                                 f"full bring-in, over the {r.high} posted all-in{all_in}")
        return ACTION_SETS.says("legal_action", f"seat {seat} may call {action.amount} more, to {action.to}{all_in}")
    if kind == ActionType.BRING_IN:
        opens = POST_OR_COMPLETE if r.posts_bring_in else OPENS_AFTER_ALL_IN
        return opens.says("legal_action", f"seat {seat} may post the bring-in, {action.amount}{all_in}")
    full = r.level + r.size
    if action.to is not None and action.to < full:
        return SHORT_ALL_IN[table.rules.short_allin_threshold].says(
            "legal_action", f"seat {seat} may {kind} all-in to {action.to}, its last chips, short of the full "
                            f"{kind} to {full}")
    if kind == ActionType.COMPLETE:
        if r.number == FIRST_STREET and not r.bet_made:
            return COMPLETION_IS_THE_BET.says(
                "legal_action", f"seat {seat} may complete to {action.to}, the small bet: the completion is 3rd "
                                f"street's bet, not a raise{all_in}")
        return SHORT_ALL_IN[table.rules.short_allin_threshold].says(
            "legal_action", f"seat {seat} may complete the short all-in to {action.to}, a full "
                            f"{'raise' if r.bet_made else 'bet'}{all_in}")
    if kind == ActionType.BET:
        return BET_SIZES.says("legal_action", f"seat {seat} may bet {action.amount}, one {size} bet on "
                                              f"{street}{all_in}")
    return BET_SIZES.says("legal_action", f"seat {seat} may raise to {action.to}: one {size} bet of {r.size} over "
                                          f"the {r.level} that stands{all_in}")
