"""Playing a hand in PokerKit 0.7.7 as the differential tests and bench/table.py do: its class for each game, the
automations it runs with, our action types taken as its actions, its legal actions read in ours, and a whole random
hand played there from a deck we shuffle, recorded in the service's words so the same hand can be replayed by the
service at every decision and at its end. Imported only where PokerKit is installed."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pokerkit
from pokerkit import State

from service.stud_family.cards import CARD_CODES
from service.stud_family.streets import FIRST_STREET

A = pokerkit.Automation
AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HOLE_DEALING,
               A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)
DEALING = (A.HOLE_DEALING, A.CARD_BURNING)
"""What a caller dealing its own cards does by hand (``deal``), so PokerKit deals those cards and burns none of them."""
UNSEEN = "??"
"""A card nobody sees (a burn, a card a snapshot does not show): PokerKit's unknown card, taken from no deck."""

POKERKIT_GAMES: Mapping[str, type[pokerkit.Poker]] = {
    "razz": pokerkit.FixedLimitRazz,
    "stud": pokerkit.FixedLimitSevenCardStud,
    "stud8": pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
}
"""PokerKit's class for each game the service plays, by the service's name for it."""
DOWN_CARDS = (0, 1, 6)
"""Which of a player's seven cards, in the order they are dealt, are dealt face down (the rest are his board)."""


def new_state(game: str, stakes: Mapping[str, int], stacks: Sequence[int],
              automations: tuple[pokerkit.Automation, ...] = AUTOMATIONS) -> State:
    """A PokerKit hand of ``game`` at ``stakes`` (the service's names) with one player a stack, antes trimmed."""
    return POKERKIT_GAMES[game].create_state(automations, True, stakes["ante"], stakes["bring_in"],
                                             stakes["small_bet"], stakes["big_bet"], list(stacks), len(stacks))


def deal(state: State, cards: Sequence[Sequence[str]]) -> None:
    """Deal what PokerKit waits for: the burn (unknown), then each player's next card of ``cards`` (his seven in the
    order they are dealt), one card around at a time."""
    while True:
        if state.can_burn_card(UNSEEN):
            state.burn_card(UNSEEN)
        elif (i := state.hole_dealee_index) is not None:
            card = cards[i][len(state.hole_cards[i])]
            assert card != UNSEEN or not state.hole_dealing_statuses[i][0], f"player {i}'s up card is not shown"
            state.deal_hole(card, i)
        else:
            return


def take(state, kind, to=None):
    """Take action ``kind`` in PokerKit: its one raise action is complete, bet and raise, to ``to`` or its only size."""
    if kind == "fold":
        state.fold()
    elif kind == "bring_in":
        state.post_bring_in()
    elif kind in ("check", "call"):
        state.check_or_call()
    else:
        state.complete_bet_or_raise_to(to)


def increase_name(state: State) -> str:
    """What the service calls PokerKit's one increase: completing the bring-in, the street's first bet, or a raise."""
    if state.completion_status:
        return "complete"
    return "bet" if not any(state.bets) else "raise"


def pokerkit_options(state: pokerkit.State, increase: str = "raise") -> dict[str, int | None]:
    """PokerKit's legal actions for its actor in the service's words, {type: to} (None for fold and check), its one
    increase named ``increase``."""
    options: dict[str, int | None] = {}
    if state.can_fold():
        options["fold"] = None
    if state.can_post_bring_in():
        options["bring_in"] = state.effective_bring_in_amount
    if state.can_check_or_call():
        call = state.checking_or_calling_amount
        options["call" if call else "check"] = state.bets[state.actor_index] + call if call else None
    if state.can_complete_bet_or_raise_to():
        to = state.min_completion_betting_or_raising_to_amount
        assert to == state.max_completion_betting_or_raising_to_amount, "a fixed-limit increase has one size"
        options[increase] = to
    return options


@dataclass(frozen=True)
class Decision:
    """One turn of a hand played in PokerKit: who acted, on which street, after how many actions, with how many of
    each player's cards dealt, and what PokerKit offered him (``pokerkit_options``, its increase named)."""

    seat: int
    street: int
    played: int
    """The hand's actions before this one."""
    dealt: tuple[int, ...]
    """Cards dealt to each player so far (a folded player's, those he was dealt before folding)."""
    options: Mapping[str, int | None]


@dataclass(frozen=True)
class PlayedHand:
    """A whole hand played in PokerKit, in the service's words: seats 1 up, each player's seven cards in the order they
    are dealt, every action with the chips it added, every decision, and what each player won or lost."""

    game: str
    stakes: Mapping[str, int]
    stacks: tuple[int, ...]
    cards: tuple[tuple[str, ...], ...]
    actions: tuple[tuple[int, str, int | None], ...]
    """(seat, type, chips added; None for fold and check)."""
    decisions: tuple[Decision, ...]
    dealt: tuple[int, ...]
    """Cards each player had been dealt when the hand ended."""
    folded: tuple[bool, ...]
    net: tuple[int, ...]
    """Each player's stack at the end less his stack at the start, as PokerKit paid the hand."""

    def up_cards(self, player: int, dealt: int) -> tuple[str, ...]:
        """The board of ``player`` (0 up) when he had been dealt ``dealt`` cards."""
        return tuple(card for place, card in enumerate(self.cards[player][:dealt]) if place not in DOWN_CARDS)

    def down_cards(self, player: int) -> tuple[str, ...]:
        """The down cards ``player`` was dealt in the whole hand."""
        return tuple(card for place, card in enumerate(self.cards[player][:self.dealt[player]]) if place in DOWN_CARDS)

    @property
    def chips_in(self) -> int:
        """Every chip put in: the antes (no stack here is short of one) and every action's."""
        return len(self.stacks) * self.stakes["ante"] + sum(chips or 0 for _, _, chips in self.actions)


Choice = Callable[[State, Mapping[str, int | None], random.Random], str]
"""How a player picks one of PokerKit's legal actions (``pokerkit_options``, its increase named) in a state."""


def random_choice(fold_chance: float) -> Choice:
    """A random legal action, a fold only with ``fold_chance`` when something else is legal."""
    def choose(state: State, options: Mapping[str, int | None], rng: random.Random) -> str:
        choices = sorted(kind for kind in options if kind != "fold" or rng.random() < fold_chance)
        return rng.choice(choices or sorted(options))
    return choose


RANDOM_PLAY = random_choice(0.1)
"""A random legal action, folding one time in ten when something else is legal."""


def play_hand(game: str, rng: random.Random, stakes: Mapping[str, int], stacks: Sequence[int],
              choose: Choice = RANDOM_PLAY, dealt: Sequence[str] | None = None) -> PlayedHand:
    """Play one whole hand of ``game`` in PokerKit with the cards of a deck ``rng`` shuffles (or ``dealt``: each
    player's seven cards in turn, in the order they are dealt), each decision taken as ``choose`` picks it (by default
    at random, folding rarely)."""
    count = len(stacks)
    deck = list(CARD_CODES)
    rng.shuffle(deck)
    if dealt is not None:
        deck = list(dealt)
    cards = tuple(tuple(deck[7 * i:7 * i + 7]) for i in range(count))
    state = new_state(game, stakes, stacks, tuple(a for a in AUTOMATIONS if a not in DEALING))
    actions: list[tuple[int, str, int | None]] = []
    decisions: list[Decision] = []
    dealt = [0] * count
    deal(state, cards)
    while state.status and (i := state.actor_index) is not None:
        dealt = [max(had, len(now)) for had, now in zip(dealt, state.hole_cards, strict=True)]
        options = pokerkit_options(state, increase_name(state))
        decisions.append(Decision(i + 1, FIRST_STREET + state.street_index, len(actions), tuple(dealt), options))
        kind = choose(state, options, rng)
        to = options[kind]
        chips = None if to is None else to - state.bets[i]
        take(state, kind, to)
        actions.append((i + 1, kind, chips))
        deal(state, cards)
    dealt = [max(had, len(now)) for had, now in zip(dealt, state.hole_cards, strict=True)]
    folded = {seat for seat, kind, _ in actions if kind == "fold"}
    return PlayedHand(game, stakes, tuple(stacks), cards, tuple(actions), tuple(decisions), tuple(dealt),
                      tuple(seat in folded for seat in range(1, count + 1)),
                      tuple(end - start for end, start in zip(state.stacks, stacks, strict=True)))


SHOWDOWN = (A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)
"""What PokerKit does after the betting: hands shown and valued, the pot pushed to the winners and pulled."""


def replay_in_pokerkit(hand: PlayedHand, to_the_payout: bool = True) -> State:
    """``hand`` replayed in PokerKit from its cards and actions to its end, or without ``to_the_payout`` to the end of
    its betting (nothing shown, valued or paid): what bench/table.py times."""
    left_out = DEALING if to_the_payout else DEALING + SHOWDOWN
    state = new_state(hand.game, hand.stakes, hand.stacks, tuple(a for a in AUTOMATIONS if a not in left_out))
    deal(state, hand.cards)
    for seat, kind, chips in hand.actions:
        take(state, kind, None if chips is None else state.bets[seat - 1] + chips)
        deal(state, hand.cards)
    return state
