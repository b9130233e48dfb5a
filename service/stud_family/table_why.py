"""Why a replayed table stands where it does: the record ``betting.Table`` kept, written out in the hand's words.

The replay decides and records (``Table.decisions``, each round's cap, the branch of ``Table.price``
that answers each action); this module only says what was recorded: the decisions in order, where
the hand stands, the cap, and why each action is offered or refused (``?explain=true``). It decides
nothing, so an answer without ``explain`` never pays for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .bring_in import Found, explain_bring_in
from .cap import explain_cap, heads_up
from .cards import CARD_TEXT
from .first_to_act import BoardIn, BoardOpener, FirstToAct, explain_first_to_act
from .limits import explain_reopened
from .streets import FIRST_STREET, LAST_STREET, STREETS
from .vocabulary import BETTING_ENDS, INCREASES, LISTING_ORDER, TURN_ORDER, UNCONTESTED, Offered, Phase, Refusal
from .why import Why, street_name

if TYPE_CHECKING:
    from .betting import Table, TableState


class RefusedAction(NamedTuple):
    """A standard action the seat to act may not take now, and the rule that refuses it."""

    type: str
    rule: str
    source: str
    see: str
    text: str


class TableWhy(NamedTuple):
    """A replay's state with the decisions behind it and the actions refused to the seat to act."""

    state: TableState
    why: list[Why]
    refused: list[RefusedAction]


def say(table: Table, refusal: Refusal, i: int) -> str:
    """A refusal's reason with this hand's values in place (the street, the chips player ``i`` owes): what an
    illegal action's problem and a refused action's explanation say."""
    r = table.round
    return refusal.reason.format(street=street_name(r.number), need=r.call_target - r.put_in[i],
                                 matched=r.put_in[i], size=r.size)


def say_offer(table: Table, offered: Offered, i: int, kind: str) -> str:
    """An offer's reason with this hand's values in place: player ``i`` taking ``kind`` for its chips."""
    r = table.round
    put_in, chips = r.put_in[i], offered.chips
    return offered.offer.reason.format(
        seat=table.seats[i], kind=kind, amount=chips, to=put_in + chips,
        all_in=" (all-in)" if chips == table.stack[i] else "", street=street_name(r.number),
        size="big" if STREETS[r.number].big_bet or r.big_made else "small", need=r.call_target - put_in, high=r.high,
        bet=r.size, level=r.level, full=r.level + r.size, full_kind="raise" if r.bet_made else "bet")


def decided(table: Table) -> list[Why]:
    """The decisions the replay made, in order, each in its rule's words: who brings in and opens 3rd street (said in
    the past once it is opened), who opens each later street, each short all-in."""
    why: list[Why] = []
    for decision in table.decisions:
        if isinstance(decision, Found):
            why += explain_bring_in(decision.bring_in(table.seats, [cards[0] for cards in table.up]), table.stakes,
                                    table.rules, not table.rounds[0].opening, table.game)
        elif isinstance(decision, BoardOpener):
            why += _opener_why(table, decision)
        else:
            why.append(decision.why())  # the one kind left: a ShortAllIn
    return why


def _opener_why(table: Table, found: BoardOpener) -> list[Why]:
    """Why ``found`` opens its street, with the seats, boards and 7th street's deal as the replay has them."""
    first, street, seats = found.first, found.street, table.seats
    opening = found.board
    board, high = opening.board, opening.high_card
    answer = FirstToAct(None if first is None else seats[first], seats[board], opening.value.name,
                        tuple(seats[i] for i in opening.tied), None if high is None else CARD_TEXT[high],
                        found.opened_by, opening.value, opening.tie_rule)
    boards = [BoardIn(seat, tuple(map(CARD_TEXT.__getitem__, cards))) for seat, cards in zip(seats, table.up,
                                                                                          strict=True)]
    community = street == LAST_STREET and table.seventh is not None and table.seventh.community
    return explain_first_to_act(street, boards, answer, table.rules, community, table.game)


def cap_why(table: Table) -> Why:
    """How many raises the street has left, or why it has none, as the round recorded its cap."""
    r = table.round
    opened_with = table.stakes.bring_in if r.number == FIRST_STREET else 0
    return explain_cap(r.number, table.limit, table.rules.heads_up_uncap, r.lifted, r.capped_by, r.bet_made,
                       r.raises, heads_up(table.active), r.high if r.high > opened_with else None, r.after_cap)


def options(table: Table) -> tuple[list[Why], list[RefusedAction]]:
    """Why the seat to act may take each action ``Table.legal`` lists, and why it may not take the others: each from
    the branch of ``Table.price`` that answers it."""
    i = table.to_act
    if i is None:
        return [], []
    offered: list[Why] = []
    refused: list[RefusedAction] = []
    big_open = table.big_open()
    for kind in LISTING_ORDER:
        answer = table.price(i, kind, True)
        if isinstance(answer, Refusal):
            cited = answer.citation
            refused.append(RefusedAction(kind, cited.rule, cited.source, cited.see, say(table, answer, i)))
            continue
        if answer.reopened_by is not None:  # reopened for him only by all-ins short of full ones
            r = table.round
            offered.append(explain_reopened(table.seats[i], r.put_in[i], r.call_target - r.put_in[i], r.size,
                                            table.rules, answer.reopened_by))
        offered.append(answer.offer.citation.says("legal_action", say_offer(table, answer, i, kind)))
        if big_open and kind in INCREASES:  # the big size beside the small one, as ``Table.legal`` lists it
            big = table.price(i, kind, True, big=True)
            if not isinstance(big, Refusal) and big.chips != answer.chips:
                offered.append(big.offer.citation.says("legal_action", say_offer(table, big, i, kind)))
    return offered, refused


def phase_why(table: Table, state: TableState) -> Why:
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


def explain_table(table: Table, state: TableState) -> TableWhy:
    """The state with why it stands there: the decisions the replay recorded as it made them, where the hand stands,
    7th street's deal, the cap and the actions offered and refused."""
    why = [*decided(table), phase_why(table, state)]
    if table.seventh is not None:
        why.append(table.seventh.why())
    offered, refused = options(table)
    if table.to_act is not None:
        why.append(cap_why(table))
        why += offered
    return TableWhy(state, why, refused)
