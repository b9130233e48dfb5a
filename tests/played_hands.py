"""Random legal hands played through the engine to their end, for the property tests of what is written and explained.

At each turn one of ``replay``'s legal actions is taken by a drawn choice, the next street's up card
is dealt when the replay waits for it, and a hand over before 7th street is dealt out; at a showdown
the drawn mucks are applied.
"""

from hypothesis import strategies as st

from service.stud_family.betting import replay
from service.stud_family.cards import CARD_CODES
from service.stud_family.vocabulary import INCREASES
from tests.tables import action_text, table

DECK = list(CARD_CODES)
PASSIVE = ("check", "call")


@st.composite
def deals(draw):
    """Seats, stacks, a shuffled deck, a dealer seat, a choice stream and who would muck at a showdown."""
    count = draw(st.one_of(st.just(8), st.integers(2, 8)))  # eight players often: the deck runs short on 7th
    seats = sorted(draw(st.lists(st.integers(1, 8), min_size=count, max_size=count, unique=True)))
    stacks = [draw(st.one_of(st.integers(1, 60), st.integers(100, 3000))) for _ in seats]
    deck = draw(st.permutations(DECK))
    dealer = draw(st.one_of(st.none(), st.integers(1, 8)))
    choices = draw(st.lists(st.integers(0, 12), min_size=10, max_size=80))
    mucks = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    return seats, stacks, deck, dealer, choices, mucks



class Hand:
    """A hand being dealt from a deck and played: up and down cards by seat, and the action texts."""

    def __init__(self, seats, stacks, deck, dealer, the_rules, the_stakes):
        self.seats = seats
        self.stacks = dict(zip(seats, stacks, strict=True))
        self.cards = iter(deck)
        self.down = {seat: [next(self.cards), next(self.cards)] for seat in seats}
        self.up = {seat: [next(self.cards)] for seat in seats}
        self.actions = []
        self.dealer = dealer
        self.rules = the_rules
        self.stakes = the_stakes
        self.community = None
        self.mucked = set()

    def table(self):
        """The hand so far as the suite's table builder writes it."""
        return table({seat: " ".join(self.up[seat]) for seat in self.seats}, *self.actions, stacks=self.stacks,
                     down={seat: " ".join(self.down[seat]) for seat in self.seats}, stakes=self.stakes,
                     rules=self.rules, dealer_seat=self.dealer, community_card=self.community, mucked=self.mucked)

    def state(self):
        """The engine's replay of the hand so far."""
        return replay(self.table().snapshot())

    def deal_up(self, seats, upto):
        """Up cards to ``seats`` until each shows ``upto``."""
        for seat in seats:
            while len(self.up[seat]) < upto:
                self.up[seat].append(next(self.cards))


def pick(legal, choice):
    """A legal action by ``choice``: 0-1 fold, 2-8 check or call, 9-12 bet, complete or raise (or what is legal);
    None (the stream is spent) checks or calls, so every hand ends."""
    passive = [action for action in legal if action.type in PASSIVE]
    if choice is None:
        return passive[0] if passive else legal[0]
    wanted = ["fold"] if choice <= 1 else PASSIVE if choice <= 8 else ["bring_in", *INCREASES]
    options = [action for action in legal if action.type in wanted] or legal
    return options[choice % len(options)]


def play(hand, choices, mucks):
    """Random legal play to the end of the hand, then the cards a settlement needs; the state and the table."""
    choices = iter(choices)
    for _ in range(1000):
        state = hand.state()
        if state.phase == "dealing":
            live = [player.seat for player in state.players if not player.folded]
            hand.deal_up(live, len(hand.up[live[0]]) + 1)
            continue
        if state.phase != "betting":
            break
        hand.actions.append(action_text(state.to_act, pick(state.legal_actions, next(choices, None)).type))
    else:
        raise AssertionError("the hand did not end")
    live = [player.seat for player in state.players if not player.folded]
    if state.phase == "showdown":
        hand.deal_up(live, 4)
        state = hand.state()
    if state.street == 7:
        folded_on_7th = {action.seat for action in state.streets[-1].actions if action.type == "fold"}
        if state.community_card_allowed:
            hand.community = next(hand.cards)
        else:
            for seat in [*live, *folded_on_7th]:
                hand.down[seat].append(next(hand.cards))
    if state.phase == "showdown" and not any(player.all_in for player in state.players if not player.folded):
        hand.mucked = {seat for seat, mucks_it in zip(hand.seats, mucks, strict=True) if mucks_it and seat in live}
        if hand.mucked == set(live):
            hand.mucked.discard(live[0])
    return hand.state(), hand.table()
