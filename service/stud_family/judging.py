"""How a game judges hands and divides a pot: its evaluator, its division, its odd-chip orders, citations and words.

A game of the stud family is dealt and bet the same way as the others; what differs at showdown is
data, held by one ``Judging`` value. Ranking, comparison, showdown, settlement and equity take the
game's judging and ask its evaluator (an object with the operations they need, ``Evaluator``); none
reads a ranking table that belongs to one game.

Razz's is ``RAZZ_JUDGING``: one ace-to-five low evaluator (``ranking.ACE_TO_FIVE_LOW``), each pot to
one winner group, razz's three odd-chip orders. Stud's, ``STUD_JUDGING``, is the same shape with the
high evaluator (``high_ranking.STUD_HIGH``) and odd chips read in high order. Stud/8's,
``STUD8_JUDGING``, judges the high half so and adds a second division of each pot (``LowHalf``): its
low evaluator (``eight_or_better.EIGHT_OR_BETTER_LOW``) values a hand without a qualifying low as None
(an answer's ``low: null``), and ``showdown`` halves a pot by the rules of stud-rules.md section 5.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, Protocol, TypeVar

import msgspec

from .cards import HIGH_CARD_ORDER, RANK_OF, SUIT_OF
from .eight_or_better import EIGHT_OR_BETTER_LOW
from .high_ranking import STUD_HIGH, strength
from .ranking import ACE_TO_FIVE_LOW
from .rules import OddChipRule
from .why import Citation


class HandValue(Protocol):
    """What every evaluator's value says of a hand: its place (1 is best, equal places tie), category and words."""

    @property
    def rank(self) -> int: ...
    @property
    def category(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...


Value = TypeVar("Value", bound=HandValue)


class Evaluator(Protocol[Value]):
    """One way to value hands (ace-to-five low; high; 8-or-better low), as the operations the code needs.

    A value's ``rank`` is its place among the values of as many cards used, 1 the best, so the best
    of several hands is always the least rank, whatever the direction of the game.
    """

    @property
    def citation(self) -> Citation:
        """The rule that values a hand so (razz: §8, BARGE Appendix A)."""
    @property
    def categories(self) -> tuple[str, ...]:
        """Every category, best first."""
    @property
    def seven_card_ranks(self) -> array[int] | None:
        """The rank of every 7-card hand by its ranks' key (the sum of its cards' codes shifted down by
        ``SUIT_BITS``), 16 bits each: an evaluator that suits never decide counts equity by rank multisets over it
        (``rank_multisets``). None where suits decide a value (stud high's flushes): its equity counts suits."""

    def values(self) -> Iterable[Value]:
        """Every distinct value, each once: what an answer can say of a hand."""
    def evaluate(self, hand: Sequence[int]) -> Value:
        """The value of 1 to 7 distinct card codes."""
    def rank_batch(self, hands: Sequence[Sequence[int]]) -> tuple[list[Value], list[Sequence[int]]]:
        """Many hands' values and best cards (comparison order), in one pass."""
    def best_cards(self, hand: Sequence[int]) -> Sequence[int]:
        """The cards that make the hand's value, in comparison order."""
    def board(self, board: Sequence[int]) -> Value:
        """The value of a board of 1 to 4 up cards, as the boards showing are named."""
    def board_rank(self, board: Sequence[int]) -> int:
        """A board of 1 to 4 up cards' rank: what the boards showing are compared by (1 is best)."""
    def explain_best(self, hand: Sequence[int], value: Value, best: Sequence[int]) -> str:
        """Why ``best``, the cards ``rank_batch`` or ``evaluate`` found worth ``value``, are the hand's best."""
    def why_better(self, better: Value, worse: Value) -> str:
        """Why ``better`` beats ``worse``: the category, else the first card of comparison order that decides."""


class LowEvaluator(Protocol[Value]):
    """A second half's evaluator (stud/8's low): the operations of ``Evaluator`` that judge hands, a hand that does not
    qualify valued as None, which wins no part of the half."""

    @property
    def citation(self) -> Citation:
        """The rule that values a hand so and qualifies it (stud/8: eight or better)."""
    @property
    def categories(self) -> tuple[str, ...]:
        """Every category of a qualifying hand, best first."""

    def values(self) -> Iterable[Value]:
        """Every qualifying value, each once."""
    def evaluate(self, hand: Sequence[int]) -> Value | None:
        """The value of 1 to 7 distinct card codes, None when they hold no qualifying hand."""
    def rank_batch(self, hands: Sequence[Sequence[int]]) -> tuple[list[Value | None], list[Sequence[int] | None]]:
        """Many hands' values and best cards (comparison order), None for each hand that does not qualify."""
    def best_cards(self, hand: Sequence[int]) -> Sequence[int] | None:
        """The cards that make the qualifying value, in comparison order, or None."""
    def explain_best(self, hand: Sequence[int], value: Value, best: Sequence[int]) -> str:
        """Why ``best`` are the hand's qualifying cards."""
    def why_better(self, better: Value, worse: Value) -> str:
        """Why ``better`` beats ``worse``, both qualifying."""


class JudgedHand(msgspec.Struct, frozen=True):
    """A hand at showdown and its value (stud/8: its high value and its low or None), with its seat's place in
    position order."""

    seat: int
    codes: tuple[int, ...]
    """Its cards, the community card included."""
    value: Any
    """Its evaluator's value (``HandValue``)."""
    place: int
    """Its place clockwise from the dealer, for the seat_order odd-chip rule."""
    low: Any = None
    """Its qualifying low (``LowEvaluator``'s value), None without one or in a game of one division."""


OddChipKey = tuple[tuple[int, ...], tuple[int, ...]]
"""A tied hand's cards in the order an odd-chip rule compares them, and its sort key (the least sorts first)."""


class OddChipOrder(NamedTuple):
    """What one ``odd_chip_rule`` compares and the rule that says so."""

    compare: Callable[[Evaluator[Any], JudgedHand], OddChipKey]
    """A tied hand's key, given the evaluator that valued it (whose best five a rule may compare)."""
    citation: Citation


def _top_card_down_in_five(evaluator: Evaluator[Any], hand: JudgedHand) -> OddChipKey:
    """TDA 20B: high card by rank then suit in the 5 used, highest first; a shared community card passes to the next
    card. The five are asked of the evaluator only here, for tied hands."""
    used = sorted(evaluator.best_cards(hand.codes), key=HIGH_CARD_ORDER.__getitem__, reverse=True)
    return tuple(used), tuple(-HIGH_CARD_ORDER[code] for code in used)


def _low_card_up_in_all(evaluator: Evaluator[Any], hand: JudgedHand) -> OddChipKey:
    """Older RRoP Ties 5: lowest card by rank then suit (A♣ lowest) among all the player's cards, then the next."""
    cards = sorted(hand.codes, key=HIGH_CARD_ORDER.__getitem__)
    return tuple(cards), tuple(HIGH_CARD_ORDER[code] for code in cards)


def _position(evaluator: Evaluator[Any], hand: JudgedHand) -> OddChipKey:
    """PokerKit: the first tied player in position order, clockwise from the dealer (no card is compared)."""
    return (), (hand.place,)


ODD_CHIP_ORDER: Mapping[OddChipRule, OddChipOrder] = {
    OddChipRule.HIGH_CARD_BY_SUIT_IN_5: OddChipOrder(_top_card_down_in_five, Citation("§6", "TDA 20B")),
    OddChipRule.LOW_CARD_BY_SUIT_ALL_CARDS: OddChipOrder(_low_card_up_in_all, Citation("§6", "RRoP Ties 5")),
    OddChipRule.SEAT_ORDER: OddChipOrder(_position, Citation("§6", "PokerKit")),
}
"""Razz's odd-chip orders, ace low (every value of ``odd_chip_rule``): the tied players who sort first receive the
odd chips. The default, high_card_by_suit_in_5, is TDA 20B, WSOP-T 73 and WSOP-L 149."""


class Division(StrEnum):
    """How a pot is divided among the hands that reached it."""

    ONE_WINNER_GROUP = "one_winner_group"
    """The whole pot to the best hands of one evaluator, tied hands splitting it (razz, stud)."""
    HIGH_LOW_HALVES = "high_low_halves"
    """Stud/8: the pot's high half (the larger) to its best high hands, its low half to its best qualifying lows;
    without a qualifying low among its seats the high takes it all (stud-rules.md section 5)."""


@dataclass(frozen=True, slots=True)
class Words:
    """What a game's explanations call its hands."""

    best: str
    """The best hand among a pot's seats: ``the best low``."""
    ties: str
    """Why tied hands split: ``identical lows split the pot``."""
    rank_only: str | None
    """Why equity may count rank multisets: ``suits never decide an ace-to-five low``; None where suits decide."""
    five_compared: str = "from the highest card down by rank and suit"
    """How the odd chip's rule of the five cards used reads tied hands (``high_card_by_suit_in_5``)."""


@dataclass(frozen=True, slots=True, eq=False)
class LowHalf:
    """Stud/8's second division of each pot: how its low half is judged, split and named."""

    hand: LowEvaluator[Any]
    """The evaluator of the low half; a hand without a qualifying low is None and wins none of it."""
    odd_chip_orders: Mapping[OddChipRule, OddChipOrder]
    """What each ``odd_chip_rule`` compares among tied lows, and its citation."""
    words: Words
    halves: Citation
    """The rule that halves a pot, the high half the larger (the odd chip of the whole pot goes high)."""
    no_low: Citation
    """The rule that the high takes the whole pot when none of its seats holds a qualifying low."""
    one_pot: Citation
    """The rule that the same two or more players best both ways share the pot as one (``hilo_same_winners``)."""
    each_pot: Citation
    """The rule that every pot, main and side, is judged among its own seats with its own best hands."""


@dataclass(frozen=True, slots=True, eq=False)
class Judging:
    """How one game values a hand and divides a pot: everything showdown, ranking and equity ask of a game."""

    hand: Evaluator[Any]
    """The evaluator whose best hand wins a pot (razz: ace-to-five low)."""
    division: Division
    odd_chip_orders: Mapping[OddChipRule, OddChipOrder]
    """What each ``odd_chip_rule`` compares among tied hands, and its citation."""
    ties_split: Citation
    """The rule that tied hands split a pot: suits never break a tie."""
    words: Words
    low: LowHalf | None = None
    """The second division's low half (stud/8), None in a game whose pot goes to one winner group."""

    def __post_init__(self) -> None:
        """A judging divides a pot into halves exactly when it has a low half to judge."""
        if (self.division is Division.HIGH_LOW_HALVES) != (self.low is not None):
            raise ValueError(f"a {self.division} division {'needs' if self.low is None else 'has no'} low half")


TIES_SPLIT = Citation("§6", "RRoP Ties 1")
"""The same five ranks split the pot: suits never break a tie."""

RAZZ_JUDGING = Judging(
    hand=ACE_TO_FIVE_LOW,
    division=Division.ONE_WINNER_GROUP,
    odd_chip_orders=ODD_CHIP_ORDER,
    ties_split=TIES_SPLIT,
    words=Words(best="the best low", ties="identical lows split the pot",
                rank_only="suits never decide an ace-to-five low"),
)
"""Razz: the lowest ace-to-five hand takes each pot; odd chips as ``odd_chip_rule`` says, ace low."""


def _all_in_high_order(evaluator: Evaluator[Any], hand: JudgedHand) -> OddChipKey:
    """RRoP Ties in a high game: the highest card by rank, aces high, then suit, among all the player's cards, then
    the next."""
    cards = tuple(sorted(hand.codes, key=_high_place, reverse=True))
    return cards, tuple(-_high_place(code) for code in cards)


def _high_place(code: int) -> int:
    """A card's place in high order: rank, aces high, then suit (A♠ the highest)."""
    return strength(RANK_OF[code]) * 4 + SUIT_OF[code]


def _five_in_high_order(evaluator: Evaluator[Any], hand: JudgedHand) -> OddChipKey:
    """TDA 20B in high order: the five cards used as ``best`` writes them (the 5 first in ``5-4-3-2-A``), compared card
    by card by rank, aces high, then suit; tied hands hold the same ranks in that order, so the suits decide, and a
    shared community card, the same card in both, passes to the next."""
    used = tuple(evaluator.best_cards(hand.codes))
    return used, tuple(-_high_place(code) for code in used)


STUD_ODD_CHIP_ORDER: Mapping[OddChipRule, OddChipOrder] = {
    OddChipRule.HIGH_CARD_BY_SUIT_IN_5: OddChipOrder(_five_in_high_order, Citation("stud §5", "TDA 20B")),
    OddChipRule.ALL_CARDS_BY_SUIT: OddChipOrder(_all_in_high_order, Citation("stud §5", "RRoP Ties 5")),
    OddChipRule.SEAT_ORDER: OddChipOrder(_position, Citation("stud §5", "PokerKit")),
}
"""Stud's odd-chip orders among tied high hands (stud/8's high half too), aces high."""

STUD8_LOW_ODD_CHIP_ORDER: Mapping[OddChipRule, OddChipOrder] = {
    OddChipRule.HIGH_CARD_BY_SUIT_IN_5: OddChipOrder(_top_card_down_in_five, Citation("stud §5", "TDA 20B")),
    OddChipRule.ALL_CARDS_BY_SUIT: OddChipOrder(_low_card_up_in_all, Citation("stud §5", "RRoP Ties 5")),
    OddChipRule.SEAT_ORDER: OddChipOrder(_position, Citation("stud §5", "PokerKit")),
}
"""Stud/8's odd-chip orders among tied lows, aces low: a qualifying low's five cards are five ranks, so razz's
comparison from the highest card down is the order ``best`` writes them."""

STUD_TIES_SPLIT = Citation("stud §4", "RRoP Ties 1")
"""Suits never rank hands: equal ranks tie and split (BARGE App. C, RRoP Ties)."""

_IN_RANKING_ORDER = "card by card as the hand ranks them (the bigger groups first, the 5 of a wheel first), by suit"

STUD_HIGH_WORDS = Words(best="the best high hand", ties="identical hands split the pot", rank_only=None,
                        five_compared=_IN_RANKING_ORDER)

STUD_JUDGING = Judging(
    hand=STUD_HIGH,
    division=Division.ONE_WINNER_GROUP,
    odd_chip_orders=STUD_ODD_CHIP_ORDER,
    ties_split=STUD_TIES_SPLIT,
    words=STUD_HIGH_WORDS,
)
"""Seven-card stud: the best high hand takes each pot; odd chips as ``odd_chip_rule`` says, aces high."""

HIGH_HALF_LARGER = Citation("stud §5", "TDA 20C")
"""A pot split high and low is halved, the odd chip of the whole pot to the high half."""
HIGH_SCOOPS_WITHOUT_LOW = Citation("stud §4", "BARGE Appendix A")
"""Without a qualifying low among a pot's seats, its best high hand takes it all."""
SAME_WINNERS_ONE_POT = Citation("stud §5", "TDA 19-F")
"""The same two or more players best both ways share the pot as one (TDA 2015-17 19-F; ``hilo_same_winners``)."""
EACH_POT_APART = Citation("stud §4", "TDA 21")
"""Every pot, main and side, is judged among its own seats, with its own best high hands and lows."""

STUD8_JUDGING = Judging(
    hand=STUD_HIGH,
    division=Division.HIGH_LOW_HALVES,
    odd_chip_orders=STUD_ODD_CHIP_ORDER,
    ties_split=STUD_TIES_SPLIT,
    words=Words(best="the best high hand", ties="identical high hands split the high half", rank_only=None,
                five_compared=_IN_RANKING_ORDER),
    low=LowHalf(
        hand=EIGHT_OR_BETTER_LOW,
        odd_chip_orders=STUD8_LOW_ODD_CHIP_ORDER,
        words=Words(best="the best qualifying low", ties="identical lows split the low half", rank_only=None),
        halves=HIGH_HALF_LARGER,
        no_low=HIGH_SCOOPS_WITHOUT_LOW,
        one_pot=SAME_WINNERS_ONE_POT,
        each_pot=EACH_POT_APART,
    ),
)
"""Stud hi/lo eight or better: each pot halved between its best high hands and its best qualifying lows, the high
half the larger; without a qualifying low among its seats, the high takes it all."""
