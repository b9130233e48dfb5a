"""A replayed hand's pots and, once it is over, who wins what and who shows first (sections 5 and 6)."""

from __future__ import annotations

from .betting import TableState
from .first_to_act import explain_tied_boards
from .pots import Pot, build_pots
from .seating import position_order
from .show_order import ShowOrder, explain_show_order, show_order, tabled_at_once
from .showdown import ShowdownPlayer, ShowdownResult, award, explain_showdown, replayed_hands
from .snapshot import Snapshot
from .streets import HAND_SIZE, LAST_STREET
from .vocabulary import INCREASES, Phase
from .why import Why


class Settlement(ShowdownResult, frozen=True, kw_only=True):
    """The showdown's result (pots, winners, payouts, odd chips) and the order hands are tabled in."""

    show_order: tuple[int, ...]
    """Live seats, first shower first (a seat that mucked, in its turn); empty when every other seat folded."""
    shown_at_once: bool
    """True when a live player is all-in and the betting is over: every live hand is tabled now (TDA 16)."""
    shown: ShowOrder
    """The show order as ``show_order`` decided it, with what chose the first shower."""

    @classmethod
    def of(cls, result: ShowdownResult, show: ShowOrder) -> Settlement:
        """The settlement of a showdown's result and its show order."""
        return cls(result.uncontested, result.winners, result.pots, result.payouts, result.odd_chips,
                   result.reached, show_order=show.order, shown_at_once=show.all_at_once, shown=show)


def pots_so_far(snapshot: Snapshot, state: TableState) -> tuple[Pot, ...]:
    """Main and side pots from every chip committed so far (folded chips dead where they reached; a mucked hand
    eligible for none)."""
    return build_pots({player.seat: player.committed_total for player in state.players},
                      {player.seat for player in state.players if player.folded},
                      {player.seat for player in snapshot.players if player.mucked})


def settle(snapshot: Snapshot, state: TableState) -> Settlement | None:
    """The hand's result, its hands valued as its game judges them, once it is decided: all but one folded (nobody
    shows, TDA 17B), a showdown with every live hand known that was not mucked, or one where every live hand but one
    mucked (it takes the pots unseen)."""
    if state.phase not in (Phase.COMPLETE, Phase.SHOWDOWN):
        return None
    folded = {player.seat: player.folded for player in state.players}
    cards = {player.seat: (*(player.down_cards or ()), *player.up_cards) for player in snapshot.players}
    mucked = {player.seat for player in snapshot.players if player.mucked}
    own_cards = HAND_SIZE if snapshot.community_card is None else HAND_SIZE - 1
    contenders = [seat for seat, out in folded.items() if not out and seat not in mucked]
    if state.phase is Phase.SHOWDOWN and len(contenders) > 1 and \
            any(len(cards[seat]) != own_cards for seat in contenders):
        return None
    rules = snapshot.rules
    position = position_order([player.seat for player in state.players], snapshot.dealer_seat)
    players = [ShowdownPlayer(player.seat, player.committed_total, player.folded,
                              None if player.folded else cards[player.seat], player.seat in mucked)
               for player in state.players]
    judging = snapshot.game.judging
    result = award(judging, players, replayed_hands(judging, players, snapshot.community_card, position),
                   rules.odd_chip_rule, rules.hilo_same_winners)
    if state.phase is Phase.COMPLETE:
        return Settlement.of(result, ShowOrder(all_at_once=False, order=()))
    show = show_order(
        {player.seat: player.committed_total for player in state.players if not player.folded},
        all_in=tabled_at_once([player.seat for player in state.players if player.all_in and not player.folded]),
        last_aggressor=_seventh_street_aggressor(state),
        first_to_act_board=state.showdown_board,
        aggressors=_aggressors(state),
        position=position,
        no_bet_show_order=rules.no_bet_show_order,
    )
    return Settlement.of(result, show)


def _aggressors(state: TableState) -> dict[int, list[int]]:
    """By street, the seats that completed, bet or raised on it in action order (the bring-in is not a bet)."""
    return {street.street: [action.seat for action in street.actions if action.type in INCREASES]
            for street in state.streets}


def _seventh_street_aggressor(state: TableState) -> int | None:
    """The seat that bet or raised last on 7th street, None when nobody did (or it was not reached)."""
    seventh = next((street for street in state.streets if street.street == LAST_STREET), None)
    return None if seventh is None else seventh.last_aggressor


def explain_settlement(snapshot: Snapshot, state: TableState, settlement: Settlement) -> list[Why]:
    """Why the hand was settled so: each pot, odd chip and muck (section 6), and the show order (section 5)."""
    mucked = [player.seat for player in snapshot.players if player.mucked]
    why = explain_showdown(snapshot.game.judging, settlement, mucked, settlement.shown_at_once)
    return [*why, *explain_show_order(settlement.shown, snapshot.rules.no_bet_show_order, _board_tie(snapshot, state),
                                      snapshot.game)]


def _board_tie(snapshot: Snapshot, state: TableState) -> Why | None:
    """Why the lowest board at showdown won its tie, when another board tied it (section 3's tie-break)."""
    board = state.showdown_board
    if board is None or state.showdown_showing is None or state.showdown_tie_rule is None:
        return None
    return explain_tied_boards("show_order_tie_break", board, state.showdown_ties, state.showdown_showing,
                               state.showdown_high_card, snapshot.rules.later_street_tie_break,
                               state.showdown_tie_rule)
