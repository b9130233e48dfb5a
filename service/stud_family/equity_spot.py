"""A spot: where a hand stands when its equity is asked, read from a request, and the whole-number counts over it.

Every unseen card is equally likely to be any card not named in the request. Section 7 decides
whether 7th street is one community card (``running_out.seventh_street``, from the players
dealt each street); each player's hand is completed to seven cards, the community card included.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from math import comb, prod
from typing import Any

import numpy as np

from .cards import CARD_CODES, CARD_TEXT, RANK_CHARS, RANK_KEYS, RANK_OF, Deck
from .errors import SnapshotError
from .judging import Evaluator
from .running_out import SeventhStreet, seventh_street
from .seating import MIN_PLAYERS, SeatChart, check_player_count
from .streets import HAND_SIZE, MAX_DOWN_CARDS, MAX_UP_CARDS, STREETS
from .why import street_name

RANKS = len(RANK_CHARS)
SUITS = 4
SHARE_UNITS = 840
"""The least common multiple of 1 to 8: a k-way tie's share of the pot is a whole number of these units."""

RANK_KEY_ARRAY = np.array(RANK_KEYS[1:], dtype=np.int64)
"""The ranking tables' key of each rank, ace first: a hand's key is the sum over its ranks."""


def seven_card_values(evaluator: Evaluator[Any]) -> np.ndarray[Any, np.dtype[np.uint16]]:
    """The evaluator's ``seven_card_ranks`` as a numpy array, without a copy: the rank of every 7-card key (1 is the
    best), which ranks many deals at once. An evaluator whose values suits decide has none (ValueError)."""
    if evaluator.seven_card_ranks is None:
        raise ValueError("suits decide this evaluator's values: rank multisets cannot count its equity")
    return np.frombuffer(evaluator.seven_card_ranks, dtype=np.uint16)


@dataclass(frozen=True, slots=True)
class LivePlayer:
    """A live player's cards: the up cards in deal order and the down cards the caller knows."""

    seat: int
    up_cards: tuple[int, ...]
    down_cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Spot:
    """Where the hand stands: the live players, every card named, and how 7th street will be dealt."""

    players: tuple[LivePlayer, ...]
    unseen: tuple[int, ...]
    """Every card not named anywhere, by code: each is equally likely to be any card still to come."""
    street: int
    players_dealt: tuple[int, ...]
    """How many players were (or, for streets to come, will be) dealt 3rd, 4th, 5th and 6th street."""
    seventh: SeventhStreet
    """How 7th street is dealt (section 7), decided once from ``players_dealt`` and the live players."""

    @property
    def community_card(self) -> bool:
        """Whether 7th street is one community card."""
        return self.seventh.community

    @property
    def own_cards(self) -> int:
        """The cards each player holds at the end of the deal, besides the community card."""
        return HAND_SIZE - self.community_card

    def needs(self) -> tuple[int, ...]:
        """How many cards each player still receives."""
        return tuple(self.own_cards - len(player.up_cards) - len(player.down_cards) for player in self.players)

    def deals(self) -> int:
        """The equally likely deals: the ways to give each player its missing cards as a set, then the community
        card."""
        left, ways = len(self.unseen), 1
        for need in (*self.needs(), int(self.community_card)):
            ways *= comb(left, need)
            left -= need
        return ways

    def among(self, seats: Collection[int]) -> Spot:
        """The spot of a pot only some live players are eligible for: the others' cards stay named, and they are
        still dealt the cards to come (unseen to this pot, as any other), so 7th street is dealt as for the table."""
        return Spot(tuple(player for player in self.players if player.seat in seats), self.unseen, self.street,
                    self.players_dealt, self.seventh)

    def unseen_counts(self) -> tuple[int, ...]:
        """Unseen cards of each rank, ace first."""
        counts = [0] * RANKS
        for code in self.unseen:
            counts[RANK_OF[code] - 1] += 1
        return tuple(counts)

    def combinations(self) -> int:
        """The rank combinations ``exact`` enumerates at most: the multisets each player could receive from the
        unseen ranks, multiplied, and the community card's ranks."""
        counts = self.unseen_counts()
        total = prod(_multiset_count(counts, need) for need in self.needs())
        return total * (sum(count > 0 for count in counts) if self.community_card else 1)


def read_spot(players: Sequence[tuple[int, Sequence[str], Sequence[str]]], dead_cards: Sequence[str],
              dealt: Sequence[int] | None, max_players: int) -> Spot:
    """The spot a request describes, every card from one deck: each player as (seat, up cards, down cards known).

    Raises the InputError naming the field at fault: a card named twice, a seat taken twice, up cards
    of different counts, a third down card before 7th street could be dealt, ``dealt`` that does not
    fit the street or the live players, or too few cards left to deal.
    """
    if len(players) < MIN_PLAYERS:
        raise SnapshotError("players", f"{len(players)} live player: equity needs {MIN_PLAYERS} or more")
    check_player_count(len(players), max_players)
    deck, seats = Deck(), SeatChart()
    live = []
    for index, (seat, up_cards, down_cards) in enumerate(players):
        seats.take(seat, f"players[{index}].seat")
        up = deck.take_each(up_cards, f"players[{index}].up_cards")
        down = deck.take_each(down_cards, f"players[{index}].down_cards")
        live.append(LivePlayer(seat, tuple(up), tuple(down)))
    deck.take_each(dead_cards, "dead_cards")
    shown = len(live[0].up_cards)
    for index, player in enumerate(live):
        if len(player.up_cards) != shown:
            raise SnapshotError(f"players[{index}].up_cards", f"holds {_cards(len(player.up_cards))} where "
                                f"players[0] holds {shown}: every live player shows as many on a street")
    street = next(number for number, street in STREETS.items() if street.up_cards == shown)
    players_dealt = _players_dealt(street, len(live), dealt, max_players)
    seventh = seventh_street(players_dealt, len(live))
    community = seventh.community
    for index, player in enumerate(live):
        if len(player.down_cards) > MAX_DOWN_CARDS - 1 and (shown < MAX_UP_CARDS or community):
            reason = ("7th street is a community card here (section 7)" if community else
                      f"the 7th-street down card is dealt after 6th street's up card, and {street_name(street)} "
                      f"shows {shown}")
            raise SnapshotError(f"players[{index}].down_cards", f"holds {len(player.down_cards)} down cards: "
                                f"{reason}, so a player holds at most {MAX_DOWN_CARDS - 1}")
    named = {code for player in live for code in (*player.up_cards, *player.down_cards)}
    named.update(CARD_CODES[text] for text in dead_cards)
    unseen = tuple(code for code in sorted(CARD_TEXT) if code not in named)
    spot = Spot(tuple(live), unseen, street, players_dealt, seventh)
    wanted = sum(spot.needs()) + community
    if wanted > len(unseen):
        raise SnapshotError("dead_cards", f"{len(named)} cards are named, leaving {len(unseen)} unseen: the deal "
                                          f"still needs {wanted}")
    return spot


def _cards(count: int) -> str:
    """``1 up card``, ``3 up cards``."""
    return f"{count} up card" if count == 1 else f"{count} up cards"


def _players_dealt(street: int, live: int, dealt: Sequence[int] | None, max_players: int) -> tuple[int, ...]:
    """How many players were dealt each street from 3rd to 6th: ``dealt`` for the streets dealt so far (default:
    the live players), the live players for the streets to come."""
    so_far = street - 2
    if dealt is None:
        dealt = [live] * so_far
    elif len(dealt) != so_far:
        raise SnapshotError("dealt", f"holds {len(dealt)} counts: {street_name(street)} was reached, so the streets "
                                     f"dealt so far are {so_far} (3rd street first)")
    for index, count in enumerate(dealt):
        name = street_name(index + 3)
        if count < live:
            raise SnapshotError(f"dealt[{index}]", f"{count} players dealt {name}, but the {live} live players "
                                                   "were all dealt it")
        if count > max_players:
            raise SnapshotError(f"dealt[{index}]", f"{count} players dealt {name}: a hand deals at most {max_players} "
                                                   "(max_players)")
        if index and count > dealt[index - 1]:
            raise SnapshotError(f"dealt[{index}]", f"{count} players dealt {name}, more than the {dealt[index - 1]} "
                                                   f"dealt {street_name(index + 2)}: a player who folded is dealt "
                                                   "no more")
    return (*dealt, *[live] * (4 - so_far))


def _multiset_count(counts: Sequence[int], size: int) -> int:
    """How many rank multisets of ``size`` cards the unseen ``counts`` allow (a product of polynomials)."""
    ways = [1] + [0] * size
    for count in counts:
        ways = [sum(ways[total - taken] for taken in range(min(count, total) + 1)) for total in range(size + 1)]
    return ways[size]


def hand_key(player: LivePlayer) -> int:
    """The ranking key of the cards a player holds already."""
    return sum(RANK_KEYS[RANK_OF[code]] for code in (*player.up_cards, *player.down_cards))


@dataclass(frozen=True, slots=True)
class Tally:
    """Whole-number counts over ``total`` equally likely deals (or samples): for each player, the deals it holds
    the one best hand, those it shares it, and its share of the pot in ``SHARE_UNITS`` per deal."""

    total: int
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    shares: tuple[int, ...]
    """Summed over players, ``total * SHARE_UNITS`` exactly."""
    squares: tuple[int, ...] = ()
    """For a sample, the sum of each player's squared share per sample: its variance."""

    def __add__(self, other: Tally) -> Tally:
        def add(mine: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(map(int.__add__, mine, theirs)) if mine and theirs else mine or theirs
        return Tally(self.total + other.total, add(self.wins, other.wins), add(self.ties, other.ties),
                     add(self.shares, other.shares), add(self.squares, other.squares))
