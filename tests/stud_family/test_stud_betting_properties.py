"""Property tests of stud and stud/8 betting: random tables, stacks and rules of each game, played through random
legal actions (both sizes of the open pair among them), each hand replayed whole at the end."""

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from service.stud_family.betting import Replay, replay
from service.stud_family.cards import CARD_CODES
from service.stud_family.games import STUD, STUD8
from service.stud_family.limits import Stakes
from service.stud_family.rules import GAME_OPTIONS, resolve_rules
from service.stud_family.snapshot import Action, PlayerIn, Snapshot
from service.stud_family.streets import MAX_UP_CARDS, up_cards_on
from service.stud_family.vocabulary import INCREASES, Phase

DECK = list(CARD_CODES)
GAMES = {"stud": STUD, "stud8": STUD8}


@st.composite
def game_rules(draw, game: str):
    """Any rules of ``game`` as a request writes them: each option it lists at a random value it takes."""
    values = {}
    for spec in GAME_OPTIONS[game].options:
        choices = list(spec.values) + ([1, 2, 3, 4] if spec.integer_minimum else [])
        if spec.name == "fourth_street_open_pair":
            choices.reverse()  # the double bet first, as stud's default: hypothesis leans to the first
        values[spec.name] = draw(st.sampled_from(choices))
    values["max_players"] = 8
    return values


@st.composite
def hands(draw):
    """A game, its rules, stakes, seats with stacks (some short), every up card dealt, and a choice stream."""
    game = draw(st.sampled_from(list(GAMES)))
    rules = draw(game_rules(game))
    small = draw(st.integers(2, 40))
    stakes = Stakes(draw(st.integers(0, 5)), draw(st.integers(1, small)), small,
                    draw(st.sampled_from([2 * small, 2 * small + 1, small])))
    count = draw(st.integers(2, 8))
    seats = sorted(draw(st.lists(st.integers(1, 8), min_size=count, max_size=count, unique=True)))
    deck = list(draw(st.permutations(DECK)))
    paired = draw(st.integers(0, count - 1)) if draw(st.sampled_from([True, False])) else None
    if paired is not None:  # a pair on one board by 4th street, the case section 3 is about
        door = MAX_UP_CARDS * paired
        mate = next(k for k, card in enumerate(deck) if card[0] == deck[door][0] and k != door)
        deck[door + 1], deck[mate] = deck[mate], deck[door + 1]
    players = tuple(PlayerIn(seat, draw(st.one_of(st.integers(1, 120), st.integers(200, 3000))),
                             tuple(deck[MAX_UP_CARDS * i:MAX_UP_CARDS * (i + 1)]))
                    for i, seat in enumerate(seats))
    snapshot = Snapshot(stakes, players, (), resolve_rules(rules, game), draw(st.one_of(st.none(), st.integers(1, 8))),
                        game=GAMES[game])
    return snapshot, draw(st.lists(st.integers(0, 12), min_size=120, max_size=120))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_a_replayed_legal_stud_hand_never_errors_and_never_passes_the_cap(hand):
    snapshot, choices = hand
    rules = snapshot.rules
    limit = rules.raise_limit if rules.heads_up_uncap == "never" else None
    played = Replay(snapshot)
    actions: list[Action] = []
    two_sizes = False
    for choice in choices:
        table = played.table
        if table.phase is not Phase.BETTING:
            break
        legal = table.legal()
        assert legal, "a player to act has something to do"
        kinds = [action.type for action in legal]
        for kind in set(kinds):
            amounts = [action.amount for action in legal if action.type == kind]
            assert amounts == sorted(set(amounts)), "each size of a type once, the small first"
            if len(amounts) == 2:
                two_sizes = True
                assert kind in INCREASES and table.street == 4 and snapshot.game is STUD
        chosen = legal[choice % len(legal)]
        first = next(action for action in legal if action.type == chosen.type)
        action = Action(table.seats[table.to_act], chosen.type, chosen.amount if choice % 2 or chosen is not first
                        else None)
        played.play(action)
        actions.append(action)
        if limit is not None:
            assert played.table.round.raises <= limit
    table = played.table
    reached = [up_cards_on(table.fold_street[i] if table.folded[i] else table.street) for i in range(table.n)]
    shown = tuple(PlayerIn(player.seat, player.stack, player.up_cards[:reached[table.seats.index(player.seat)]])
                  for player in snapshot.players)
    state = replay(Snapshot(snapshot.stakes, shown, tuple(actions), rules, snapshot.dealer_seat, game=snapshot.game))
    assert state.phase == table.phase and state.to_act == (None if table.to_act is None else table.seats[table.to_act])
    assert sum(player.stack + player.committed_total for player in state.players) == \
        sum(player.stack for player in snapshot.players)
    assert state.pot == sum(player.committed_total for player in state.players)
    if limit is not None:
        assert state.raises <= limit
    event(f"{snapshot.game.name}: ended on street {state.street} in phase {state.phase}")
    event(f"two sizes offered: {two_sizes}")
