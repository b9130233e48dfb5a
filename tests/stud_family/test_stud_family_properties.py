"""Property tests over whole random hands of every game: random seats, stacks (some short enough to go all-in, so
side pots arise), stakes, options of the game and a deck, played by random legal actions to the end through the
replay, then settled with every live hand's cards.

At every step the replay answers without error and chips are conserved; the cap is never passed; at the end the hand
is settled, the payouts sum to what was put in, each pot is shared among its own eligible seats in shares that sum
to it (in stud/8 its halves too, the high half the larger), and a folded seat takes nothing. Hands have 2 to 7
players: with 8 the deck may run short and 7th street become a community card, which
tests/stud_family/test_running_out.py covers.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from service.stud_family.betting import TableState, replay
from service.stud_family.cards import CARD_CODES
from service.stud_family.games import GAMES, Game
from service.stud_family.limits import Stakes
from service.stud_family.rules import GAME_OPTIONS, resolve_rules
from service.stud_family.settlement import settle
from service.stud_family.snapshot import Action, PlayerIn, Snapshot
from service.stud_family.streets import STREETS
from service.stud_family.vocabulary import INCREASES
from tests.strategies import stakes

DECK = list(CARD_CODES)
DOWN_CARDS = (0, 1, 6)
"""Which of a player's seven cards, in the order they are dealt, are dealt face down."""
UP_CARDS = 4
CHOICES = 120
"""Choices drawn for a hand: more than the actions of any hand (at most 7 players, 5 capped streets)."""


@dataclass(frozen=True)
class RandomHand:
    """A table and how it is played: seats, stacks, stakes, the game's options, a dealer, a deck and the choices
    that pick each action among the legal ones."""

    game: Game
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    stakes: Mapping[str, int]
    rules: Mapping[str, Any]
    dealer: int | None
    deck: tuple[str, ...]
    choices: tuple[int, ...]

    def snapshot(self, shown: list[int], actions: list[Action], down_cards: int = 0,
                 folded: frozenset[int] = frozenset()) -> Snapshot:
        """The hand with ``shown[i]`` up cards for player i and ``actions`` played; every seat not ``folded`` holds
        its first ``down_cards`` down cards (none: unknown)."""
        players = tuple(
            PlayerIn(seat, stack, self.cards(i, shown[i]),
                     tuple(self.deck[7 * i + place] for place in DOWN_CARDS[:down_cards])
                     if down_cards and seat not in folded else None)
            for i, (seat, stack) in enumerate(zip(self.seats, self.stacks, strict=True)))
        return Snapshot(Stakes(**self.stakes), players, tuple(actions), resolve_rules(self.rules, self.game.name),
                        self.dealer, game=self.game)

    def cards(self, player: int, shown: int) -> tuple[str, ...]:
        """Player ``player``'s first ``shown`` up cards."""
        return tuple(self.deck[7 * player + 2:7 * player + 2 + shown])


@st.composite
def game_rules(draw: st.DrawFn, game: Game) -> dict[str, Any]:
    """Options as a request writes them: each option the game takes at one of the values it allows there."""
    values = {}
    for spec in GAME_OPTIONS[game.name].options:
        choices = list(spec.values) + ([1, 2, 3, 4] if spec.integer_minimum else [])
        values[spec.name] = draw(st.sampled_from(choices))
    values["max_players"] = 8
    return values


@st.composite
def random_hands(draw: st.DrawFn, game: Game) -> RandomHand:
    """A random table of ``game`` and the choices that play it; in half the hands a player's door card and 4th-street
    card pair (an open pair on 4th street, which offers stud's two sizes, is otherwise rare)."""
    count = draw(st.integers(2, 7))
    seats = tuple(sorted(draw(st.lists(st.integers(1, 8), min_size=count, max_size=count, unique=True))))
    stacks = tuple(draw(st.one_of(st.integers(1, 60), st.integers(100, 3000))) for _ in seats)
    deck = draw(st.permutations(DECK))
    if draw(st.booleans()):
        paired = draw(st.integers(0, count - 1))
        door, fourth = 7 * paired + 2, 7 * paired + 3
        mate = next(place for place, card in enumerate(deck) if card[0] == deck[door][0] and place != door)
        deck[fourth], deck[mate] = deck[mate], deck[fourth]
    return RandomHand(game, seats, stacks, draw(stakes()), draw(game_rules(game)),
                      draw(st.one_of(st.none(), st.integers(1, 8))), tuple(deck),
                      tuple(draw(st.lists(st.integers(0, 10), min_size=CHOICES, max_size=CHOICES))))


@dataclass
class Play:
    """A hand being played: its up cards shown, the actions so far and which of them put a player all-in."""

    shown: list[int]
    actions: list[Action]
    all_in: list[bool]


def played(hand: RandomHand) -> Iterator[tuple[TableState, Play]]:
    """Every state the hand passes through, with the play so far: each action chosen by the hand's choices among the
    legal ones (a fold only by a choice of 0, so that most hands see several streets), up cards dealt to the live
    players when the replay waits for them; it ends when the betting does."""
    play = Play([1] * len(hand.seats), [], [])
    choices = iter(hand.choices)
    while True:
        state = replay(hand.snapshot(play.shown, play.actions))
        yield state, play
        if state.phase == "dealing":
            play.shown = [n + (not player.folded) for n, player in zip(play.shown, state.players, strict=True)]
        elif state.phase == "betting":
            choice = next(choices)
            legal = [action for action in state.legal_actions if choice or action.type != "fold"]
            chosen = legal[choice % len(legal)]
            play.actions.append(Action(state.to_act, chosen.type, chosen.amount))
            play.all_in.append(bool(chosen.all_in))
        else:
            return


def check_cap(hand: RandomHand, state: TableState, play: Play) -> None:
    """No street holds more completions, bets and raises that left the player chips (an all-in may be short and not
    count) than the bet and ``max_raises_after_bet`` raises, where the cap is never lifted heads-up."""
    rules = resolve_rules(hand.rules, hand.game.name)
    if rules.raise_limit is None or rules.heads_up_uncap != "never":
        return
    assert state.raises <= rules.raise_limit
    played = iter(play.all_in)
    for street in state.streets:
        full = sum(action.type in INCREASES and not next(played) for action in street.actions)
        assert full <= 1 + rules.raise_limit, street


def played_out(hand: RandomHand) -> tuple[Snapshot, TableState]:
    """The hand played to the end of its betting, checking at each step that the replay answers, chips are conserved
    and the cap holds; then the whole hand with the live seats' down cards (those dealt by the street it ended on, or at
    a showdown every card), and its replay."""
    total = sum(hand.stacks)
    for state, play in played(hand):
        assert sum(player.stack + player.committed_total for player in state.players) == total
        assert state.pot == sum(player.committed_total for player in state.players)
        assert all(player.stack >= 0 for player in state.players)
        check_cap(hand, state, play)
    folded = frozenset(player.seat for player in state.players if player.folded)
    if state.phase == "showdown":  # the cards still to come are dealt to the live hands, with no betting
        shown = [UP_CARDS if player.seat not in folded else n for n, player in zip(play.shown, state.players,
                                                                                    strict=True)]
        whole = hand.snapshot(shown, play.actions, len(DOWN_CARDS), folded)
    else:
        whole = hand.snapshot(play.shown, play.actions, STREETS[state.street].down_cards, folded)
    return whole, replay(whole)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_whole_hands_replay_conserve_chips_keep_the_cap_and_pay_out_what_was_put_in(name: str) -> None:
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(random_hands(GAMES[name]))
    def check(hand: RandomHand) -> None:
        whole, state = played_out(hand)
        settlement = settle(whole, state)
        assert settlement is not None, state.phase
        paid = {share.seat: share.amount for share in settlement.payouts}
        assert set(paid) == set(hand.seats) and all(amount >= 0 for amount in paid.values())
        assert sum(paid.values()) == sum(player.committed_total for player in state.players)
        assert all(paid[player.seat] == 0 for player in state.players if player.folded)
        for pot in settlement.pots:
            assert set(pot.winners) <= set(pot.eligible)
            assert {share.seat for share in pot.shares} <= set(pot.winners)
            assert sum(share.amount for share in pot.shares) == pot.amount
            halves = [half for half in (pot.high, pot.low) if half is not None]
            assert not halves or sum(half.amount for half in halves) == pot.amount
            assert pot.low is None or (pot.high is not None and pot.high.amount >= pot.low.amount)
            for half in halves:
                assert set(half.winners) <= set(pot.eligible)
                assert sum(share.amount for share in half.shares) == half.amount
        event(f"{len(settlement.pots)} pots" if len(settlement.pots) < 3 else "3 pots or more")
        event("contested" if not settlement.uncontested else "uncontested")

    check()
