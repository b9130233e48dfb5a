"""The table snapshot a caller sends (the hand so far) and the checks that need no replay.

Each field's own constraints (a seat 1-8, a stack of at least 1 chip, 1-4 up cards) are the request
schema's: the API decodes a body straight into these records only when every field keeps them.
A snapshot built from what a hand history wrote comes through no schema: ``dealt_snapshot``
checks those constraints on it, naming the first broken as the schema would. Here too are the
checks that span fields: a seat or a card taken twice, the players the rules allow. Whether the
actions and the cards fit the betting is checked by the replay in ``betting``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

import msgspec

from .cards import CARD_CODES, Deck
from .errors import FieldError, IllegalActionError, InputError, InvalidCardError
from .games import RAZZ, Game
from .limits import MOST_CHIPS, Stakes
from .rules import Rules
from .seating import MAX_SEAT, MIN_PLAYERS, MIN_SEAT, check_player_count, clockwise
from .streets import MAX_DOWN_CARDS, MAX_UP_CARDS
from .why import REFERENCE_DEFAULT, Citation
from .wording import holds, not_a_card, not_from

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
    """The hand so far: rules, stakes, players, every action in order, a 7th-street community card, and the game
    (razz unless said)."""

    stakes: Stakes
    players: tuple[PlayerIn, ...]
    actions: tuple[Action, ...] = ()
    rules: Rules = field(default_factory=Rules)
    dealer_seat: int | None = None
    community_card: str | None = None
    mucks_as_written: bool = False
    """A hand as a history records it: a muck where every live hand is tabled at once (TDA 16) is taken as written,
    a concession, where a snapshot a caller sends is refused for it (section 5)."""
    game: Game = RAZZ


STAKES_LEAST = {"ante": 0, "bring_in": 1, "small_bet": 1, "big_bet": 1}
"""The fewest chips each amount of the stakes may be (the most is ``MOST_CHIPS``); ``big_bet`` may be left out."""
_CARD_TEXTS = frozenset(CARD_CODES)


def dealt_snapshot(stakes: Mapping[str, int | None], players: tuple[PlayerIn, ...], rules: Rules,
                   dealer_seat: int | None = None, community_card: str | None = None) -> Snapshot:
    """The snapshot of a hand as dealt, from values no request schema loaded (a hand history's, taken as written:
    ``mucks_as_written``): the first value the schema of POST /v1/table/state would refuse is refused as it names
    it, then the stakes are checked against each other.

    >>> dealt_snapshot({"ante": 5, "bring_in": 10, "small_bet": 40},
    ...                (PlayerIn(1, 1000, ("7c",)), PlayerIn(9, 1000, ("Ks",))), Rules())
    Traceback (most recent call last):
    ...
    service.stud_family.errors.FieldError: players[1].seat: not from 1 to 8: 9
    """
    refused = _refused_field(stakes, players, dealer_seat, community_card)
    if refused is not None:
        raise refused
    return Snapshot(Stakes(**stakes), players, (), rules, dealer_seat, community_card, mucks_as_written=True)  # type: ignore[arg-type]


def _refused_field(stakes: Mapping[str, int | None], players: Sequence[PlayerIn], dealer_seat: int | None,
                   community_card: str | None) -> InputError | None:
    """The first value out of its field's bounds, in the order the schema checks them; None when none is. Each
    value is compared first, and a refusal said only for the one refused, so a hand that passes builds no
    message."""
    for name, least in STAKES_LEAST.items():
        amount = stakes.get(name)
        if amount is not None and not least <= amount <= MOST_CHIPS:
            return FieldError(f"stakes.{name}", not_from(least, MOST_CHIPS, amount))
    if dealer_seat is not None and not MIN_SEAT <= dealer_seat <= MAX_SEAT:
        return FieldError("dealer_seat", not_from(MIN_SEAT, MAX_SEAT, dealer_seat))
    for index, player in enumerate(players):
        up, down = player.up_cards, player.down_cards
        if not MIN_SEAT <= player.seat <= MAX_SEAT:
            return FieldError(f"players[{index}].seat", not_from(MIN_SEAT, MAX_SEAT, player.seat))
        if not 1 <= player.stack <= MOST_CHIPS:
            return FieldError(f"players[{index}].stack", not_from(1, MOST_CHIPS, player.stack))
        if not (_CARD_TEXTS.issuperset(up) and 1 <= len(up) <= MAX_UP_CARDS):
            return _refused_cards(f"players[{index}].up_cards", up, 1, MAX_UP_CARDS)
        if down is not None and not (_CARD_TEXTS.issuperset(down) and len(down) <= MAX_DOWN_CARDS):
            return _refused_cards(f"players[{index}].down_cards", down, 0, MAX_DOWN_CARDS)
    if not MIN_PLAYERS <= len(players) <= MAX_SEAT:
        return FieldError("players", holds(len(players), "item", MIN_PLAYERS, MAX_SEAT))  # type: ignore[arg-type]
    if community_card is not None and community_card not in CARD_CODES:
        return InvalidCardError("community_card", not_a_card(community_card))
    return None


def _refused_cards(path: str, cards: Sequence[str], least: int, most: int) -> InputError:
    """Why a list of cards is refused: its first card that is none, else its count."""
    for place, card in enumerate(cards):
        if card not in CARD_CODES:
            return InvalidCardError(f"{path}[{place}]", not_a_card(card))
    return FieldError(path, holds(len(cards), "item", least, most))  # type: ignore[arg-type]


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
