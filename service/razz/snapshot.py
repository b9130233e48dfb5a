"""The table snapshot a caller sends (the hand so far) and the checks that need no replay.

Each field's own constraints (a seat 1-8, a stack of at least 1 chip, 1-4 up cards) are the request
schema's: the API decodes a body straight into these records only when every field keeps them.
Here are the checks that span fields: a seat or a card taken twice, the players the rules allow.
Whether the actions and the cards fit the betting is checked by the replay in ``betting``.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

import msgspec

from .cards import Deck
from .errors import IllegalActionError
from .limits import Stakes
from .rules import Rules
from .seating import check_player_count, clockwise
from .why import REFERENCE_DEFAULT, Citation

SEATS = Citation("§9", REFERENCE_DEFAULT)
"""2 to 8 players, each in his own seat: only a seat dealt in acts."""


class PlayerIn(msgspec.Struct, frozen=True):
    """A player as dealt: chips before the antes, up cards in deal order, down cards if known, a muck at showdown.

    A struct: the API's decoder builds these from a body directly (``api/loading.py``), a hand
    history holds eight, and building one costs what a named tuple does.
    """

    seat: int
    stack: int
    up_cards: tuple[str, ...] = ()
    down_cards: tuple[str, ...] | None = None
    mucked: bool = False
    """Gave up his hand at showdown without showing (section 5): his chips stay in the pots they reached."""


class Action(msgspec.Struct, frozen=True):
    """One betting action; ``amount`` (chips it adds now) is checked against the rules when given.

    A struct, as ``PlayerIn``: a hand history holds dozens, decoded straight from the body.
    """

    seat: int
    type: str
    amount: int | None = None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The hand so far: rules, stakes, players, every action in order, and a 7th-street community card."""

    stakes: Stakes
    players: tuple[PlayerIn, ...]
    actions: tuple[Action, ...] = ()
    rules: Rules = field(default_factory=Rules)
    dealer_seat: int | None = None
    community_card: str | None = None
    mucks_as_written: bool = False
    """A hand as a history records it: a muck where every live hand is tabled at once (TDA 16) is taken as written,
    a concession, where a snapshot a caller sends is refused for it (section 5)."""


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
    """Check the seats and cards against each other (one deck for the whole table) and order players clockwise."""
    players = snapshot.players
    check_player_count(len(players), snapshot.rules.max_players)
    order = clockwise([player.seat for player in players])
    deck = Deck()
    seats: list[int] = []
    stacks: list[int] = []
    up: list[list[int]] = []
    down_counts: list[int | None] = []
    for i in order:
        player = players[i]
        seats.append(player.seat)
        stacks.append(player.stack)
        up.append(deck.take_each(player.up_cards, f"players[{i}].up_cards"))
        if player.down_cards is None:
            down_counts.append(None)
            continue
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


def check_action_seat(index: int, action: Action, seats: Collection[int]) -> None:
    """Refuse an action by a seat nobody holds: the replay asks only about an action it cannot play."""
    if action.seat not in seats:
        raise IllegalActionError(f"actions[{index}].seat", f"seat {action.seat} is not at the table", SEATS)
