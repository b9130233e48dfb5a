"""Scenarios for callers' tests: random but legal hands so far, each varied on purpose by a theme.

Scenario ``index`` of ``seed`` plays the theme ``THEME_ORDER[(index + mix(seed)) % 10]``, so any
ten consecutive scenarios play every theme once, and draws everything else from its own stream
(``draws.Draws``): the players, seats and stacks, the deal, and a choice among the legal actions
at each turn. The hand is played through the engine (``betting.Replay``) with every card dealt
up front, stopped at a turn of the street asked for, and cut back to what that turn shows; the
answer is the engine's replay of that snapshot. A theme that cannot be played under the request
(a community card needs eight players on 7th street) is tried with other draws, then played plainly.

The themes, each 10% of scenarios under the default request: a bring-in seat all-in from the
ante, a bring-in posted short all-in, a player all-in mid-hand, a capped round, a short all-in
raise under half a bet, one at half a bet, a fold on every street reached, two boards tied on the
street, a 7th-street community card, and a hand played plainly. Streets rotate through 3rd to 7th.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple, cast

from .betting import LegalAction, Replay, Table, TableState, replay
from .bring_in import door_brings_in
from .cards import CARD_CODES, RANK_CHARS, SUIT_CHARS
from .draws import Draws, mix
from .errors import InputError
from .games import RAZZ, Direction, Game
from .limits import MOST_CHIPS, Stakes
from .rules import Rules
from .seating import MAX_SEAT, MIN_PLAYERS, check_player_count
from .snapshot import Action, PlayerIn, Snapshot
from .streets import FIRST_STREET, LAST_STREET, MAX_UP_CARDS, up_cards_on
from .vocabulary import INCREASES, ActionType, Phase

DEFAULT_STAKES = Stakes(ante=5, bring_in=10, small_bet=40, big_bet=80)
"""The reference's structure, 5/10/40/80, when a request gives none."""

ATTEMPTS = 8
"""Draws tried for a theme before the scenario is played plainly."""
MOST_ACTIONS = 200
"""A bound on one simulated hand (a capped limit hand has far fewer)."""
DECK = tuple(CARD_CODES)
PASSIVE = frozenset((ActionType.CHECK, ActionType.CALL, ActionType.BRING_IN))
"""Actions that keep a player in without raising: check, call, and the bring-in."""


class Theme(StrEnum):
    """What a scenario exercises, in the order scenarios cycle through them."""

    ANTE_ALL_IN = "ante_all_in"
    SHORT_BRING_IN = "short_bring_in"
    ALL_IN_MID_HAND = "all_in_mid_hand"
    CAPPED = "capped"
    SHORT_ALL_IN_UNDER_HALF = "short_all_in_under_half"
    SHORT_ALL_IN_AT_HALF = "short_all_in_at_half"
    FOLD_EVERY_STREET = "fold_every_street"
    BOARD_TIE = "board_tie"
    COMMUNITY_CARD = "community_card"
    PLAIN = "plain"


THEME_ORDER = tuple(Theme)


class Scenario(NamedTuple):
    """One scenario: its theme, the hand so far, and where it stands."""

    theme: Theme
    snapshot: Snapshot
    state: TableState


@dataclass(frozen=True, slots=True)
class Ask:
    """What a request fixes: the players, the street, the stakes and the rules (None: drawn), and the game."""

    players: int | None
    street: int | None
    stakes: Stakes
    rules: Rules
    game: Game = RAZZ


@dataclass(slots=True)
class _Deal:
    """A table dealt up front: seats ascending, stacks before antes, two down and four up cards each, the rest."""

    seats: list[int]
    stacks: list[int]
    down: list[list[str]]
    up: list[list[str]]
    rest: list[str]

    def full(self, ask: Ask) -> Snapshot:
        """The table with every up card shown, so the replay deals every street as the betting reaches it."""
        players = tuple(PlayerIn(seat, stack, tuple(up), tuple(down))
                        for seat, stack, up, down in zip(self.seats, self.stacks, self.up, self.down, strict=True))
        return Snapshot(stakes=ask.stakes, players=players, rules=ask.rules, game=ask.game)


class _Mark(NamedTuple):
    """A turn on the street asked for: how many actions came before it, what the table showed then (for the cut)
    and what the theme looked at."""

    actions: int
    capped: bool
    folded: tuple[bool, ...]
    fold_street: tuple[int, ...]
    community: bool
    """Whether 7th street is one community card (it is dealt and the deck ran short, section 7)."""
    seen: object = None


class _Play(NamedTuple):
    """A simulated hand: its actions, and the turns of the street asked for."""

    actions: list[Action]
    marks: list[_Mark]


Policy = Callable[[Table, int, Sequence[LegalAction]], LegalAction]
"""Chooses player ``i``'s action among the legal ones."""
Look = Callable[[Table, int], object]
"""What a theme notes of the table at a turn of its street, player ``i`` to act."""
Built = tuple[Snapshot, TableState] | None
Build = Callable[[Draws, Ask, int], Built]
"""Plays a theme with these draws (the int rotates the street), or None when they do not play it."""


def scenarios(seed: int, count: int, ask: Ask) -> list[Scenario]:
    """Scenarios ``0 .. count - 1`` of ``seed``; an InputError when the request asks for more players than the rules
    deal."""
    if ask.players is not None:
        check_player_count(ask.players, ask.rules.max_players)
    offset = mix(seed)
    return [_scenario(seed, index, index + offset, ask) for index in range(count)]


def _scenario(seed: int, index: int, turn: int, ask: Ask) -> Scenario:
    """Scenario ``index`` (``turn`` places it in the cycle of themes): its theme if some attempt plays it, else the
    hand played plainly."""
    theme = THEME_ORDER[turn % len(THEME_ORDER)]
    rotation = turn // len(THEME_ORDER) + THEME_ORDER.index(theme)
    for attempt in range(2 * ATTEMPTS + 1):
        played = theme if attempt < ATTEMPTS else Theme.PLAIN
        build = THEMES[played] if attempt < 2 * ATTEMPTS else _steady
        try:
            built = build(Draws(seed, index, attempt), ask, rotation)
        except InputError:  # the cut-back hand is refused: these draws do not play it
            built = None
        if built is not None:
            return Scenario(played, *built)
    raise RuntimeError(f"scenario {index} of seed {seed}: even a hand without folds did not reach its street")


# -- dealing and playing ------------------------------------------------------------------------------


def _players(draws: Draws, ask: Ask, low: int = MIN_PLAYERS) -> int:
    """The request's player count, or one drawn (``low`` at least, when the rules allow it)."""
    if ask.players is not None:
        return ask.players
    most = min(MAX_SEAT, ask.rules.max_players)
    return draws.between(min(low, most), most)


def _street(ask: Ask, rotation: int, low: int = FIRST_STREET) -> int:
    """The request's street, or the next of ``low`` .. 7th in rotation."""
    if ask.street is not None:
        return ask.street
    return low + rotation % (LAST_STREET - low + 1)


def _deep(draws: Draws, stakes: Stakes) -> int:
    """A stack no street's betting empties: the ante, 12 to 40 big bets and some (at most the most chips a request
    holds)."""
    big = stakes.big_bet or 2 * stakes.small_bet
    return min(MOST_CHIPS, stakes.ante + big * draws.between(12, 40) + draws.below(big))


def _deal(draws: Draws, ask: Ask, count: int, fixed_up: dict[int, list[str]] | None = None) -> _Deal:
    """Seats drawn from 1-8, deep stacks, and a shuffled deck dealt two down and four up each (``fixed_up``: the up
    cards of some players, by index, dealt as given)."""
    seats = sorted(draws.shuffled(range(1, MAX_SEAT + 1))[:count])
    fixed_up = fixed_up or {}
    taken = {card for cards in fixed_up.values() for card in cards}
    deck = [card for card in draws.shuffled(DECK) if card not in taken]
    down, up = [], []
    for i in range(count):
        down.append([deck.pop(), deck.pop()])
        up.append(fixed_up.get(i) or [deck.pop() for _ in range(MAX_UP_CARDS)])
    return _Deal(seats, [_deep(draws, ask.stakes) for _ in range(count)], down, up, deck)


def _replayed(deal: _Deal, ask: Ask, actions: Sequence[Action]) -> Replay:
    """The table with every card shown, after ``actions``."""
    hand = Replay(deal.full(ask))
    for action in actions:
        hand.play(action)
    return hand


def _play(deal: _Deal, ask: Ask, street: int, policy: Policy, prefix: Sequence[Action] = (),
          look: Look | None = None, enough: Callable[[_Mark], bool] | None = None) -> _Play:
    """Play the table from ``prefix`` until ``street`` is over, or the hand is, or a mark is ``enough``; the turns of
    ``street`` marked. Stopping at the mark a theme takes saves playing the rest of the street."""
    hand = _replayed(deal, ask, prefix)
    table = hand.table
    actions = list(prefix)
    marks = []
    while table.phase is Phase.BETTING and table.street <= street and len(actions) < MOST_ACTIONS:
        i = table.to_act
        if i is None:
            break
        if table.street == street:
            marks.append(_mark(table, len(actions), None if look is None else look(table, i)))
            if enough is not None and enough(marks[-1]):
                break
        legal = table.legal()
        action = _taken(table, i, policy(table, i, legal), legal)
        hand.play(action)
        actions.append(action)
    if not marks and table.phase is not Phase.BETTING and table.street >= street:
        marks.append(_mark(table, len(actions)))  # the betting ended on the street: the hand so far is its end
    return _Play(actions, marks)


def _taken(table: Table, i: int, chosen: LegalAction, legal: Sequence[LegalAction]) -> Action:
    """The action player ``i`` takes for ``chosen``: its type, and its amount only where the type is listed twice (the
    big size over an open pair, stud section 3), since a type alone names its first size."""
    first = next(action for action in legal if action.type == chosen.type)
    return Action(table.seats[i], chosen.type, None if chosen is first else chosen.amount)


def _mark(table: Table, actions: int, seen: object = None) -> _Mark:
    """The table at a turn, as the cut needs it: a replay of the hand so far costs a scenario a quarter more."""
    seventh = table.seventh
    return _Mark(actions, table.capped(), tuple(table.folded), tuple(table.fold_street),
                 seventh is not None and seventh.community, seen)


def _cut(deal: _Deal, ask: Ask, street: int, actions: Sequence[Action], mark: _Mark | None = None) -> Built:
    """The hand after ``actions`` as the table shows it on ``street`` (at ``mark``, else replayed), and the engine's
    replay of it.

    Folded players show the up cards of the street they folded on and no down cards (so their
    cards can deal 7th street); on 7th street the live players get a last down card each, or the
    table one community card when the deck has run short (section 7).
    """
    table = mark or _mark(_replayed(deal, ask, actions).table, len(actions))
    count = len(deal.seats)
    seventh_downs: dict[int, str] = {}
    community = None
    if street == LAST_STREET:
        pool = [*deal.rest, *(card for i in range(count) if table.folded[i] for card in deal.down[i])]
        live = [i for i in range(count) if not table.folded[i]]
        if table.community:
            community = pool.pop()
        elif len(pool) >= len(live):
            seventh_downs = {i: pool.pop() for i in live}
        else:
            return None
    players = []
    for i, seat in enumerate(deal.seats):
        if table.folded[i]:
            players.append(PlayerIn(seat, deal.stacks[i], tuple(deal.up[i][:up_cards_on(table.fold_street[i])])))
            continue
        down = (*deal.down[i], seventh_downs[i]) if i in seventh_downs else tuple(deal.down[i])
        players.append(PlayerIn(seat, deal.stacks[i], tuple(deal.up[i][:up_cards_on(street)]), down))
    if any(player.stack > MOST_CHIPS for player in players):
        return None  # a stack set to what the theme needs is past what a request may hold
    snapshot = Snapshot(stakes=ask.stakes, players=tuple(players), actions=tuple(actions), rules=ask.rules,
                        community_card=community, game=ask.game)
    return snapshot, replay(snapshot)


def _at_a_mark(deal: _Deal, ask: Ask, street: int, marks: Sequence[_Mark], actions: Sequence[Action]) -> Built:
    """The hand cut at the last of ``marks`` (where the play stopped); None when there is none."""
    if not marks:
        return None
    return _cut(deal, ask, street, actions[:marks[-1].actions], marks[-1])


def _by_chance(draws: Draws) -> Callable[[_Mark], bool]:
    """Stop at a turn of the street one time in three: the scenario stops anywhere in it."""
    return lambda mark: draws.chance(1, 3)


def _seen(mark: _Mark) -> bool:
    """Stop at the first turn the theme saw what it looks for."""
    return mark.seen is not None


# -- policies ---------------------------------------------------------------------------------------------


def _random(draws: Draws, folds: int = 1, raises: int = 3) -> Policy:
    """In ten turns, fold ``folds`` times, bet or raise ``raises`` times, and check or call the others (among the
    kinds legal)."""
    def choose(table: Table, i: int, legal: Sequence[LegalAction]) -> LegalAction:
        folding = [action for action in legal if action.type == ActionType.FOLD]
        passive = [action for action in legal if action.type in PASSIVE]
        raising = [action for action in legal if action.type in INCREASES]
        roll = draws.below(10)
        kinds = (folding if roll < folds else raising if roll < folds + raises else passive) or passive or raising
        return draws.pick(kinds or legal)
    return choose


def _calm(draws: Draws) -> Policy:
    """The streets before a theme's: nobody folds, one turn in ten bets or raises (a hand stays short to play)."""
    return _random(draws, folds=0, raises=1)


def _passive(table: Table, i: int, legal: Sequence[LegalAction]) -> LegalAction:
    """Check, call or bring in: stay in without raising."""
    return next((action for action in legal if action.type in PASSIVE), legal[-1])


def _until(street: int, before: Policy, then: Policy) -> Policy:
    """``before`` on the streets before ``street``, ``then`` from it on."""
    def choose(table: Table, i: int, legal: Sequence[LegalAction]) -> LegalAction:
        return (then if table.street >= street else before)(table, i, legal)
    return choose


def _raising(table: Table, i: int, legal: Sequence[LegalAction]) -> LegalAction:
    """Bet, complete or raise while one may; else stay in."""
    return next((action for action in legal if action.type in INCREASES), None) or _passive(table, i, legal)


def _first_increase(table: Table, i: int, legal: Sequence[LegalAction]) -> LegalAction:
    """Make the round's bet (its completion on 3rd street) when there is none yet; else stay in."""
    return _raising(table, i, legal) if not table.bet_made else _passive(table, i, legal)


# -- themes -----------------------------------------------------------------------------------------------


def _plain(draws: Draws, ask: Ask, rotation: int, folds: int = 1) -> Built:
    """A hand played by the random policy (folding ``folds`` turns in ten) to a turn of the street."""
    street = _street(ask, rotation)
    deal = _deal(draws, ask, _players(draws, ask))
    played = _play(deal, ask, street, _random(draws, folds), enough=_by_chance(draws))
    return _at_a_mark(deal, ask, street, played.marks, played.actions)


def _steady(draws: Draws, ask: Ask, rotation: int) -> Built:
    """A plain hand without folds: it reaches its street, or its showdown once the betting is over."""
    return _plain(draws, ask, rotation, folds=0)


def _short_stacked(stack_of: Callable[[Draws, Stakes], int | None]) -> Build:
    """A theme where the bring-in seat has ``stack_of(draws, stakes)`` chips before the ante."""
    def build(draws: Draws, ask: Ask, rotation: int) -> Built:
        stack = stack_of(draws, ask.stakes)
        if stack is None:
            return None
        street = _street(ask, rotation)
        deal = _deal(draws, ask, _players(draws, ask))
        door, _ = door_brings_in([CARD_CODES[up[0]] for up in deal.up], ask.game.door)
        deal.stacks[door] = stack
        played = _play(deal, ask, street, _random(draws), enough=_by_chance(draws))
        return _at_a_mark(deal, ask, street, played.marks, played.actions)
    return build


def _ante_all_in(draws: Draws, stakes: Stakes) -> int | None:
    """1 chip to the whole ante: all-in before the bring-in (section 1); none without an ante."""
    return draws.between(1, stakes.ante) if stakes.ante else None


def _short_bring_in(draws: Draws, stakes: Stakes) -> int | None:
    """The ante and less than the bring-in: the bring-in posted short all-in (section 1)."""
    return stakes.ante + draws.between(1, stakes.bring_in - 1) if stakes.bring_in > 1 else None


def _all_in_mid_hand(draws: Draws, ask: Ask, rotation: int) -> Built:
    """A player whose stack is exactly what a call, bet or raise on the street takes: he goes all-in there."""
    street = _street(ask, rotation, low=FIRST_STREET + 1)
    deal = _deal(draws, ask, _players(draws, ask, low=3))
    policy = _until(street, _calm(draws), _random(draws))

    def look(table: Table, i: int) -> tuple[int, int, list[LegalAction]] | None:
        """Who acts, his chips left, and the actions that would put chips in short of all of them (None: none)."""
        adding = [action for action in table.legal() if action.amount and not action.all_in
                  and action.type != ActionType.BRING_IN]
        return (i, table.stack[i], adding) if adding else None

    played = _play(deal, ask, street, policy, look=look, enough=_seen)
    for mark in played.marks:
        if mark.seen is None:
            continue
        i, left, adding = cast(tuple[int, int, list[LegalAction]], mark.seen)
        chosen = draws.pick(adding)
        deal.stacks[i] += (chosen.amount or 0) - left
        first = next(action for action in adding if action.type == chosen.type)  # the big size follows the small
        prefix = [*played.actions[:mark.actions], Action(deal.seats[i], chosen.type,
                                                         None if chosen is first else chosen.amount)]
        again = _play(deal, ask, street, policy, prefix, enough=_by_chance(draws))
        return _at_a_mark(deal, ask, street, again.marks, again.actions) or _cut(deal, ask, street, prefix)
    return None


def _capped(draws: Draws, ask: Ask, rotation: int) -> Built:
    """Everyone raises on the street until the cap; cut at a turn once it is capped."""
    if ask.rules.raise_limit is None:
        return None
    street = _street(ask, rotation)
    deal = _deal(draws, ask, _players(draws, ask, low=3))
    played = _play(deal, ask, street, _until(street, _calm(draws), _raising),
                   enough=lambda mark: mark.capped and draws.chance(1, 2))
    capped = [mark for mark in played.marks if mark.capped]
    return _at_a_mark(deal, ask, street, capped, played.actions)


def _short_all_in(at_half: bool) -> Build:
    """After the street's bet, a player all-in short of a full raise: under half a bet over it, or at half."""
    def build(draws: Draws, ask: Ask, rotation: int) -> Built:
        street = _street(ask, rotation)
        deal = _deal(draws, ask, _players(draws, ask, low=3))
        played = _play(deal, ask, street, _until(street, _calm(draws), _first_increase),
                       look=_facing_a_full_bet, enough=_seen)
        for mark in played.marks:
            if mark.seen is None:
                continue
            i, level, size, put_in, left, increase = cast(tuple[int, int, int, int, int, ActionType], mark.seen)
            over = (size + 1) // 2 if at_half else draws.between(1, (size - 1) // 2) if size >= 3 else size
            if over >= size:
                return None
            deal.stacks[i] += level + over - put_in - left
            return _cut(deal, ask, street, [*played.actions[:mark.actions], Action(deal.seats[i], increase)])
        return None
    return build


def _facing_a_full_bet(table: Table, i: int) -> tuple[int, int, int, int, int, ActionType] | None:
    """A player who faces the street's full bet (no short all-in over it) and may raise: who, the level, the bet,
    his chips in on the street and left, and what his increase is called."""
    if not table.bet_made or table.call_target != table.level or table.acted(i):
        return None
    return i, table.level, table.bet_size, table.street_total(i), table.stack[i], table.increase()


def _fold_every_street(draws: Draws, ask: Ask, rotation: int) -> Built:
    """On every street the round's bet is made and the next player to act folds, while three or more are left."""
    count = _players(draws, ask, low=6)
    if count < MIN_PLAYERS + 1:
        return None  # a fold between two players ends the hand
    street = ask.street if ask.street is not None else min(LAST_STREET, count)
    deal = _deal(draws, ask, count)

    def choose(table: Table, i: int, legal: Sequence[LegalAction]) -> LegalAction:
        if not table.bet_made and not table.opening:
            return _raising(table, i, legal)
        folded_here = any(folded and fold_street == table.street
                          for folded, fold_street in zip(table.folded, table.fold_street, strict=True))
        fold = next((action for action in legal if action.type == ActionType.FOLD), None)
        if fold is not None and not folded_here and table.live >= 3:
            return fold
        return _passive(table, i, legal)

    played = _play(deal, ask, street, choose)
    return _at_a_mark(deal, ask, street, played.marks, played.actions)


def _board_tie(draws: Draws, ask: Ask, rotation: int) -> Built:
    """Two players whose up cards have the same low ranks, suit for suit different: tied boards on the street."""
    street = _street(ask, rotation, low=FIRST_STREET + 1)
    if street == FIRST_STREET:
        return None
    count = _players(draws, ask)
    first, second = draws.shuffled(range(count))[:2]
    ranks = draws.shuffled(_opening_ranks(ask.game))[:MAX_UP_CARDS]
    suits = [draws.shuffled(SUIT_CHARS)[:2] for _ in ranks]
    fixed = {first: [rank + pair[0] for rank, pair in zip(ranks, suits, strict=True)],
             second: [rank + pair[1] for rank, pair in zip(ranks, suits, strict=True)]}
    deal = _deal(draws, ask, count, fixed)
    played = _play(deal, ask, street, _until(street, _calm(draws), _random(draws)), enough=lambda mark: True)
    return _at_a_mark(deal, ask, street, played.marks, played.actions)


def _opening_ranks(game: Game) -> str:
    """The eight ranks tied boards are dealt from: those at the end of the game's order that opens the betting (in
    razz ace to eight), so the tied boards are likely to open."""
    place = game.board.high_cards.place
    ranks = sorted(RANK_CHARS, key=lambda rank: place[CARD_CODES[rank + SUIT_CHARS[0]]])
    return "".join(ranks[:8] if game.board.direction is Direction.LOWEST else ranks[:-9:-1])


def _community_card(draws: Draws, ask: Ask, rotation: int) -> Built:
    """Eight players who all reach 7th street: the deck runs short, and 7th street is one community card."""
    if ask.players not in (None, MAX_SEAT) or ask.street not in (None, LAST_STREET) or ask.rules.max_players < MAX_SEAT:
        return None
    deal = _deal(draws, ask, MAX_SEAT)
    played = _play(deal, ask, LAST_STREET, _until(LAST_STREET, _calm(draws), _random(draws)),
                   enough=_by_chance(draws))
    return _at_a_mark(deal, ask, LAST_STREET, played.marks, played.actions)


THEMES: dict[Theme, Build] = {
    Theme.ANTE_ALL_IN: _short_stacked(_ante_all_in),
    Theme.SHORT_BRING_IN: _short_stacked(_short_bring_in),
    Theme.ALL_IN_MID_HAND: _all_in_mid_hand,
    Theme.CAPPED: _capped,
    Theme.SHORT_ALL_IN_UNDER_HALF: _short_all_in(at_half=False),
    Theme.SHORT_ALL_IN_AT_HALF: _short_all_in(at_half=True),
    Theme.FOLD_EVERY_STREET: _fold_every_street,
    Theme.BOARD_TIE: _board_tie,
    Theme.COMMUNITY_CARD: _community_card,
    Theme.PLAIN: _plain,
}
"""How each theme is played."""
