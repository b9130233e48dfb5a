"""First to act (reference section 3): the bring-in on 3rd street, from 4th on the board at the game's end.

In razz the lowest board opens (``games.BoardOrder`` says which end and how boards are valued).
Tied boards go by position (default) or, under TDA RP-10D, to the board holding the highest
card by suit. An all-in opening board passes the action to the next seat clockwise that can act.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import msgspec

from .bring_in import door_brings_in, explain_door, explain_door_tie, first_to_open, third_street_opener
from .cards import CARD_TEXT, Deck
from .errors import SnapshotError
from .games import RAZZ, BoardOrder, BoardValue, Game
from .rules import LaterStreetTieBreak, Rules
from .seating import check_player_count, clockwise, positions
from .streets import FIRST_STREET, LAST_STREET, up_cards_on
from .why import REFERENCE_DEFAULT, Citation, Why, seat_list, street_name

ALL_IN_BOARD = Citation("§3", "WSOP-T Stud/8")
"""An all-in opening board: the action proceeds clockwise as if that player had checked."""
SEVENTH_STREET_BOARDS = Citation("§3", REFERENCE_DEFAULT)
"""7th street's card is dealt down: the four up cards of 6th street decide again."""
SEVENTH_STREET_COMMUNITY = Citation("§3", "TDA 2024 RP-10H-D")
"""A community card on 7th street: the first to act on 6th street acts first again."""


@dataclass(frozen=True, slots=True)
class BoardIn:
    """A player's up cards in deal order, and whether he can still act."""

    seat: int
    up_cards: Sequence[str] = ()
    folded: bool = False
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class FirstToAct:
    """The seat that acts first, the board that decided it and the boards tying that board."""

    seat: int | None
    """None when no player can act."""
    board_seat: int
    """The bring-in seat or the opening board; differs from ``seat`` only when that player cannot act."""
    showing: str
    tied_with: tuple[int, ...]
    high_card: str | None = field(default=None, compare=False)
    """Under ``later_street_tie_break`` high_card_by_suit, the card that broke a tie of boards (None: no tie): what
    the tie-break's sentence says."""
    opened_by: Citation | None = field(default=None, compare=False, repr=False)
    """The rule that chose ``seat`` (``bring_in.first_to_open``): the bring-in or the opening board, the next seat
    clockwise who can act, or nobody."""
    value: BoardValue | None = field(default=None, compare=False, repr=False)
    """From 4th street on, the opening board's value as the board order gave it (its name is ``showing``)."""
    tie_rule: Citation | None = field(default=None, compare=False, repr=False)
    """From 4th street on, the rule that broke a tie of boards (None: no tie)."""


class OpeningBoard(msgspec.Struct, frozen=True, gc=False):
    """The board at the game's end among the players in (an index; in razz the lowest), the others tying it, and the
    card that broke the tie when the high card by suit breaks it (None: no tie, or broken by position). A replay
    makes one a street: a struct is built in a fifth of a named tuple's time."""

    board: int
    tied: list[int]
    high_card: int | None
    value: BoardValue
    """The board's value, as the game's board order gave it when it decided."""
    tie_rule: Citation | None
    """The rule that broke a tie of boards (``later_street_tie_break``); None when no board tied it."""


class BoardOpener(msgspec.Struct, frozen=True, gc=False):
    """Who opens a street from 4th on (an index; None when nobody can act) and the board that decided it."""

    first: int | None
    board: OpeningBoard
    street: int
    opened_by: Citation
    """The rule that chose ``first``: the game's board rule, an all-in board passing the action, or nobody bets."""


def opening_board(up_cards: Sequence[Sequence[int]], shown: int, folded: Sequence[bool], position: Sequence[int],
                  tie_break: LaterStreetTieBreak, order: BoardOrder) -> OpeningBoard:
    """The board (first ``shown`` up cards) at the game's end among the players in (in razz the lowest), the others
    whose boards tie it, and the card that broke the tie by suit."""
    tied: list[int] = []
    best_rank = 0
    best: BoardValue | None = None
    value_of = order.value
    for i, cards in enumerate(up_cards):
        if folded[i]:
            continue
        value = value_of(cards[:shown])
        rank = value.rank
        if not tied or rank < best_rank:
            best_rank, best, tied = rank, value, [i]
        elif rank == best_rank:
            tied.append(i)
    assert best is not None  # a replay and find_first_to_act ask only with a player in
    if len(tied) == 1:
        return OpeningBoard(tied[0], [], None, best, None)
    tie_rule = order.tie_rules[tie_break]
    if tie_break == LaterStreetTieBreak.HIGH_CARD_BY_SUIT:
        high = order.high_cards.place
        highs = {i: max(up_cards[i][:shown], key=high.__getitem__) for i in tied}
        winner = max(tied, key=lambda i: high[highs[i]])
        tied.remove(winner)
        return OpeningBoard(winner, tied, highs[winner], best, tie_rule)
    winner = min(tied, key=position.__getitem__)
    tied.remove(winner)
    return OpeningBoard(winner, tied, None, best, tie_rule)


def board_opener(up_cards: Sequence[Sequence[int]], street: int, folded: Sequence[bool], can_act: Sequence[bool],
                 position: Sequence[int], tie_break: LaterStreetTieBreak, order: BoardOrder) -> BoardOpener:
    """Who opens a street from 4th on: the opening board, or clockwise from it the first who can act (section 3)."""
    board = opening_board(up_cards, up_cards_on(street), folded, position, tie_break, order)
    first, opened_by = first_to_open(board.board, can_act, order.rule, ALL_IN_BOARD)
    return BoardOpener(first, board, street, opened_by)


def find_first_to_act(street: int, players: Sequence[BoardIn], rules: Rules = Rules(),
                      dealer_seat: int | None = None, game: Game = RAZZ) -> FirstToAct:
    """Who acts first on ``street`` given every player's up cards and status.

    From 4th street on the board at the game's end acts first (in razz the lowest ace-to-five
    board); tied boards go by position from the dealer, or under ``later_street_tie_break``
    high_card_by_suit to the board holding the highest card by suit (the card that broke the tie
    is kept, for the sentence that says so):

    >>> boards = [BoardIn(1, ("6d", "2c")), BoardIn(3, ("6s", "2h")), BoardIn(5, ("7c", "Ad"))]
    >>> find_first_to_act(4, boards)
    FirstToAct(seat=1, board_seat=1, showing='6-2', tied_with=(3,), high_card=None)
    >>> find_first_to_act(4, boards, Rules(later_street_tie_break=LaterStreetTieBreak.HIGH_CARD_BY_SUIT))
    FirstToAct(seat=3, board_seat=3, showing='6-2', tied_with=(1,), high_card='6s')

    An all-in lowest board still decides, but the next seat clockwise who can act opens:

    >>> find_first_to_act(4, [BoardIn(1, ("6d", "2c"), all_in=True), BoardIn(3, ("9s", "2h")),
    ...                       BoardIn(5, ("7c", "Ad"))])
    FirstToAct(seat=3, board_seat=1, showing='6-2', tied_with=(), high_card=None)
    """
    check_player_count(len(players), rules.max_players)
    order = clockwise([player.seat for player in players])
    deck = Deck()
    boards: list[list[int]] = []
    shown = up_cards_on(street)
    for i in order:
        player = players[i]
        codes = deck.take_each(player.up_cards, f"players[{i}].up_cards")
        if player.folded and len(codes) > shown:
            raise SnapshotError(f"players[{i}].up_cards",
                                f"seat {player.seat} shows {len(codes)} up cards; on street {street} at most {shown}")
        if not player.folded and len(codes) != shown:
            raise SnapshotError(f"players[{i}].up_cards",
                                f"seat {player.seat} is live and must show {shown} up card(s) on street {street}, "
                                f"not {len(codes)}")
        boards.append(codes)
    seats = [players[i].seat for i in order]
    folded = [players[i].folded for i in order]
    can_act = [not players[i].folded and not players[i].all_in for i in order]
    if street == FIRST_STREET:
        with_door = [i for i in range(len(order)) if boards[i]]
        if not with_door:
            raise SnapshotError("players", "no door card is shown: the bring-in cannot be found")
        best, tied_doors = door_brings_in([boards[i][0] for i in with_door], game.door)
        board = with_door[best]
        tied = [with_door[k] for k in tied_doors]
        first, opened_by = third_street_opener(board, can_act)
        high = value = tie_rule = None
    else:
        if all(folded):
            raise SnapshotError("players", "every player has folded: nobody acts")
        found = board_opener(boards, street, folded, can_act, positions(seats, dealer_seat),
                             rules.later_street_tie_break, game.board)
        first, opened_by = found.first, found.opened_by
        opening = found.board
        board, tied, high, value, tie_rule = opening.board, opening.tied, opening.high_card, opening.value, \
            opening.tie_rule
    return FirstToAct(
        seat=None if first is None else seats[first],
        board_seat=seats[board],
        showing=game.board.value(boards[board]).name if value is None else value.name,
        tied_with=tuple(seats[i] for i in tied),
        high_card=None if high is None else CARD_TEXT[high],
        opened_by=opened_by,
        value=value,
        tie_rule=tie_rule,
    )


def explain_first_to_act(street: int, players: Sequence[BoardIn], answer: FirstToAct,
                         rules: Rules = Rules(), community: bool | None = False, game: Game = RAZZ) -> list[Why]:
    """Why ``answer`` opens ``street``: the board that decided, its ties and an all-in passing the action on
    (``community``: 7th street is a community card; None: not known, the deal before it not given)."""
    boards = {player.seat: player.up_cards for player in players}
    board = answer.board_seat
    why: list[Why] = []
    if street == FIRST_STREET:
        door = boards[board][0]
        why.append(explain_door(board, door, game.door))
        if answer.tied_with:
            why.append(explain_door_tie(door, [boards[seat][0] for seat in answer.tied_with], game.door))
    else:
        shown = up_cards_on(street)
        order, value = game.board, answer.value
        assert value is not None  # find_first_to_act keeps the opening board's value from 4th street on
        why.append(order.rule.says(
            "first_to_act", f"seat {board} shows {answer.showing}, the {order.direction} board of {shown} up cards "
                            f"on {street_name(street)} ({order.order_words(shown, value)})"))
        if answer.tied_with and answer.tie_rule is not None:
            why.append(explain_tied_boards("first_to_act_tie_break", board, answer.tied_with, answer.showing,
                                           answer.high_card, rules.later_street_tie_break, answer.tie_rule))
        if street == LAST_STREET and community:
            why.append(SEVENTH_STREET_COMMUNITY.says(
                "seventh_street", "7th street is one community card, in every hand: the four up cards of 6th "
                                  "street decide again"))
        elif street == LAST_STREET and community is None:
            why.append(SEVENTH_STREET_BOARDS.says(
                "seventh_street", "7th street's card is dealt face down, or as one community card when the deck "
                                  "runs short: either way the four up cards of 6th street decide again"))
        elif street == LAST_STREET:
            why.append(SEVENTH_STREET_BOARDS.says(
                "seventh_street", "7th street's card is dealt face down: the four up cards of 6th street decide "
                                  "again"))
    opened_by = answer.opened_by
    assert opened_by is not None  # find_first_to_act records the rule that chose the opener
    able = [player.seat for player in players if not player.folded and not player.all_in]
    if answer.seat is None and not able:
        why.append(opened_by.says("first_to_act", "every live player is all-in: nobody acts"))
    elif answer.seat is None:
        why.append(opened_by.says("first_to_act", f"seat {able[0]} is the only live player who can act and the "
                                                   "others are all-in: nobody bets"))
    elif answer.seat != board:
        why.append(opened_by.says("first_to_act", f"seat {board} is all-in: seat {answer.seat}, next clockwise who "
                                                   "can act, acts first"))
    return why


def explain_tied_boards(decision: str, board: int, tied_with: tuple[int, ...], showing: str, high_card: str | None,
                        tie_break: LaterStreetTieBreak, rule: Citation) -> Why:
    """Why ``board`` (showing ``showing``) won the tie with the boards of ``tied_with``, as ``opening_board`` broke it
    under ``later_street_tie_break`` by ``rule`` (``high_card``: the card that broke it by suit): for the first to act,
    and for the first to show when 7th street is checked through (section 5's opening board)."""
    if tie_break == LaterStreetTieBreak.HIGH_CARD_BY_SUIT:
        how = f"to the board holding the highest card by suit, seat {board}'s {high_card}"
    else:
        how = f"by position to seat {board}, first clockwise from the dealer"
    return rule.says(decision, f"{seat_list(tied_with)} also "
                                                 f"{'shows' if len(tied_with) == 1 else 'show'} {showing}: the tie "
                                                 f"goes {how}")
