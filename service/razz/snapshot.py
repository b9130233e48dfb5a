"""The table snapshot a caller sends (the hand so far) and the checks that need no replay.

Seats, stacks and cards are checked here; whether the actions and the cards fit the betting is
checked by the replay in ``betting``, which asks ``check_action_form`` to name what is wrong with an
action it cannot play.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from .cards import Deck
from .errors import IllegalActionError, SnapshotError
from .integers import is_int
from .limits import Stakes
from .rules import Rules
from .seating import check_player_count, check_seat, clockwise
from .streets import MAX_DOWN_CARDS, MAX_UP_CARDS
from .vocabulary import ACTION_TYPES


class PlayerIn(NamedTuple):
    """A player as dealt: chips before the antes, up cards in deal order, down cards if known."""

    seat: int
    stack: int
    up_cards: tuple[str, ...] = ()
    down_cards: tuple[str, ...] | None = None


class Action(NamedTuple):
    """One betting action; ``amount`` (chips it adds now) is checked when given.

    A named tuple: a hand history holds dozens, and a tuple is built several times faster than a
    frozen dataclass while staying immutable.
    """

    seat: int
    type: str
    amount: int | None = None


class PlayerRecord(Protocol):
    """What the engine reads of a player as dealt, by name: a ``PlayerIn``, or the API's decoded record of one."""

    @property
    def seat(self) -> int: ...
    @property
    def stack(self) -> int: ...
    @property
    def up_cards(self) -> Sequence[str]: ...
    @property
    def down_cards(self) -> Sequence[str] | None: ...


class ActionRecord(Protocol):
    """What the engine reads of an action, by name: an ``Action``, or the API's decoded record of one."""

    @property
    def seat(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def amount(self) -> int | None: ...


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The hand so far: rules, stakes, players, every action in order, and a 7th-street community card.

    Players and actions are read by field name only, so the API hands over the records it decoded
    as they are: copying dozens of them into named tuples cost 8% of a legal-actions request.
    """

    stakes: Stakes
    players: tuple[PlayerRecord, ...]
    actions: tuple[ActionRecord, ...] = ()
    rules: Rules = field(default_factory=Rules)
    dealer_seat: int | None = None
    community_card: str | None = None


@dataclass(slots=True)
class Seating:
    """The snapshot's players in clockwise (ascending seat) order, with their parsed cards."""

    index_of_input: list[int]
    """For each clockwise index, the player's index in ``Snapshot.players`` (for error paths)."""
    seats: list[int]
    stacks: list[int]
    up: list[list[int]]
    down_counts: list[int | None]
    community: int | None


def seat_players(snapshot: Snapshot) -> Seating:
    """Check seats, stacks and cards (one deck for the whole table) and order players clockwise."""
    players = snapshot.players
    check_player_count(len(players), snapshot.rules.max_players, SnapshotError)
    if snapshot.dealer_seat is not None:
        check_seat(snapshot.dealer_seat, "dealer_seat", SnapshotError)
    seat_list = [player.seat for player in players]
    order = clockwise(seat_list, SnapshotError)
    for i, player in enumerate(players):
        if not is_int(player.stack) or player.stack < 1:
            raise SnapshotError(f"players[{i}].stack",
                                f"seat {player.seat} has {player.stack!r} chips: a player is dealt in with at least 1")
    deck = Deck()
    seats: list[int] = []
    stacks: list[int] = []
    up: list[list[int]] = []
    down_counts: list[int | None] = []
    for i in order:
        player = players[i]
        seats.append(player.seat)
        stacks.append(player.stack)
        if not 1 <= len(player.up_cards) <= MAX_UP_CARDS:
            raise SnapshotError(f"players[{i}].up_cards",
                                f"seat {player.seat} shows {len(player.up_cards)} up cards: every player shows "
                                f"a door card (it decides the bring-in) and at most {MAX_UP_CARDS}")
        up.append(deck.take_each(player.up_cards, f"players[{i}].up_cards"))
        if player.down_cards is None:
            down_counts.append(None)
            continue
        if len(player.down_cards) > MAX_DOWN_CARDS:
            raise SnapshotError(f"players[{i}].down_cards",
                                f"seat {player.seat} holds {len(player.down_cards)} down cards: "
                                f"at most {MAX_DOWN_CARDS}")
        deck.take_each(player.down_cards, f"players[{i}].down_cards")
        down_counts.append(len(player.down_cards))
    community = None
    if snapshot.community_card is not None:
        community = deck.take(snapshot.community_card, "community_card")
    return Seating(
        index_of_input=order,
        seats=seats,
        stacks=stacks,
        up=up,
        down_counts=down_counts,
        community=community,
    )


def check_action_form(index: int, action: ActionRecord, seats: Collection[int]) -> None:
    """Refuse an action that names no seat at the table, no known type, or an amount that is no chip count.

    The replay asks only about an action it cannot play, so a well-formed hand pays for no pass of its own.
    """
    if action.seat not in seats:
        raise IllegalActionError(f"actions[{index}].seat", f"seat {action.seat!r} is not at the table")
    if action.type not in ACTION_TYPES:
        raise IllegalActionError(f"actions[{index}].type",
                                 f"{action.type!r} is not an action; actions: {', '.join(ACTION_TYPES)}")
    if action.amount is not None and not (is_int(action.amount) and action.amount >= 0):
        raise IllegalActionError(f"actions[{index}].amount", f"{action.amount!r} is not a chip count")
