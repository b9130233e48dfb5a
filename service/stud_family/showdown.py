"""Showdown: every pot to the best hand among its eligible seats, split pots and odd chips (rules section 6).

A game's ``judging.Judging`` values the hands (razz: the best ace-to-five low; stud: the best high)
and orders the odd chips. Each pot is awarded on its own, last side pot first (WSOP-L 149). Identical
hands split equally; suits never break a tie for a pot (RRoP Ties 1). The chips that cannot be split
evenly (one chip is one unit: amounts are integers in the table's smallest chip) go one each, at most
one per player per division, to the first tied players in the order that ``odd_chip_rule`` sets.

Stud/8's judging divides each pot twice (stud-rules.md section 5): among its own seats, its best
high hands and its best qualifying lows. Without a qualifying low the high takes it all; the same
two or more players best both ways share it as one pot under ``hilo_same_winners: one_pot``;
otherwise it is halved, the high half the larger, and each half split among its best hands, odd
chips within the half. A lone winner of both halves is paid both halves.

The records are frozen msgspec structs, as the core's others are.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

import msgspec

from .cards import CARD_CODES, CARD_TEXT, Deck
from .errors import InputError, ShowdownError, TooManyCardsError
from .judging import JudgedHand, Judging, LowHalf, OddChipOrder, Words
from .pots import ONE_HAND_LEFT, Pot, Reach, Taken, pots_reached
from .rules import HiloSameWinners, OddChipRule
from .seating import SeatChart, check_position
from .show_order import refuse_tabled_muck
from .streets import HAND_SIZE
from .why import Why, seat_list


class ShowdownPlayer(msgspec.Struct, frozen=True):
    """One seat at showdown: what it put in over the whole hand and, if it contests a pot, its cards."""

    seat: int
    contributed: int
    """Total chips put in this hand, antes included."""
    folded: bool = False
    cards: Sequence[str] | None = None
    """Seven cards, or six plus the community card; optional for folded seats, muckers and an uncontested winner."""
    mucked: bool = False
    """A live hand given up at showdown without winning (section 5): its chips stay in the pots they reached."""


class Share(msgspec.Struct, frozen=True):
    """Chips one seat receives."""

    seat: int
    amount: int


class HalfName(StrEnum):
    """The halves of a stud/8 pot, as an odd chip names the one it is odd in."""

    HIGH = "high"
    LOW = "low"


class Half(msgspec.Struct, frozen=True):
    """One division of a stud/8 pot: its chips, its best hands' seats, what each takes and the hand they won with."""

    amount: int
    winners: tuple[int, ...]
    shares: tuple[Share, ...]
    """One per winner, ascending seat; the amounts sum to ``amount``."""
    winning_hand: str | None
    """The winning hand's name; None when one seat alone was eligible (nothing was compared)."""


class PotResult(msgspec.Struct, frozen=True):
    """One pot and how it was awarded."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    """The seats paid from it, ascending (in stud/8, from either half)."""
    shares: tuple[Share, ...]
    """One per winner, ascending seat; the amounts sum to ``amount`` (in stud/8, both halves')."""
    winning_hand: str | None
    """The winning hand's name (razz: ``7-5-4-3-A``; stud/8: the high half's); None when one seat alone was eligible
    (nothing was compared)."""
    high: Half | None = None
    """Stud/8: the high half, the whole pot when no low qualifies or when it is shared as one (``one_pot``)."""
    low: Half | None = None
    """Stud/8: the low half, None when none of the pot's seats holds a qualifying low; of no chips when ``one_pot``."""
    one_pot: bool | None = None
    """Stud/8: True when the same two or more seats hold its best high and its best low and share it as one pot, else
    False; None in a game of one division."""


class OddChip(msgspec.Struct, frozen=True):
    """One chip that an even split could not place, the rule that gave it to ``seat``, and what the rule compared."""

    pot: int
    """Index into ``ShowdownResult.pots`` (0 is the main pot)."""
    seat: int
    rule: OddChipRule
    chips: int
    """The pot's odd chips: one each to the first ``chips`` tied seats in the rule's order."""
    cards: tuple[str, ...]
    """The seat's cards in the order the rule compared them (empty for ``seat_order``, which compares places)."""
    next_seat: int
    """The first tied seat the rule put after the ones that got a chip."""
    decided_at: int
    """Where ``cards`` first beat ``next_seat``'s, which are ``next_cards``: the cards before it, a shared community
    card, decided nothing."""
    next_cards: tuple[str, ...]
    half: HalfName | None = None
    """Stud/8: the half it is an odd chip of (a pot shared as one is its high half); None in a game of one division."""


class ShowdownResult(msgspec.Struct, frozen=True):
    """Everything the showdown decides; ``payouts`` sum exactly to the chips contributed."""

    uncontested: bool
    """True when every other seat folded during the betting: the one live seat takes every pot without showing (TDA
    17B). A hand that went to a showdown is contested, even when every other live hand mucked there (section 5)."""
    winners: tuple[int, ...]
    """The seats holding the best hand among the live seats that did not muck (the one left when uncontested)."""
    pots: tuple[PotResult, ...]
    """Main pot first, then side pots."""
    payouts: tuple[Share, ...]
    """Every seat in the request, ascending, with what it takes back from the table (0 or more)."""
    odd_chips: tuple[OddChip, ...]
    """In award order: last side pot first."""
    reached: tuple[Reach, ...] = ()
    """Each pot as ``pots.pots_reached`` cut it: the live seats that reached it, muckers too, its dead chips, and why
    it goes where it goes, with its rule (what the explanation says of each pot)."""


def _parse_cards(path: str, texts: Sequence[str], limit: int, deck: Deck) -> tuple[int, ...]:
    """One seat's cards as codes, dealt from the table's deck so a card dealt twice names both places."""
    if len(texts) > limit:
        raise TooManyCardsError(path, f"a hand shows {HAND_SIZE} cards, the community card included: at most "
                                      f"{limit} of his own, not {len(texts)}")
    return tuple(deck.take_each(texts, path))


def check_players(players: Sequence[ShowdownPlayer]) -> None:
    """Seats distinct, at least one live seat, mucks as ``check_mucks`` allows, and no muck in an all-in showdown
    (each seat's own values are the schema's).

    There are no stacks here, but a live hand that put in less than another live hand is all-in, so every live
    hand is tabled at once and a muck is refused as on a replayed table (section 5, TDA 16). Where every live hand
    put in the same, nothing shows an all-in, and a muck is a concession.
    """
    chart = SeatChart()
    for index, player in enumerate(players):
        chart.take(player.seat, f"players[{index}].seat")
    if all(player.folded for player in players):
        raise ShowdownError("players", "at least one player must not have folded")
    check_mucks([(player.seat, player.folded, player.mucked) for player in players],
                [f"players[{index}].mucked" for index in range(len(players))], ShowdownError)
    live = [player for player in players if not player.folded]
    most = max(player.contributed for player in live)
    all_in = sorted(player.seat for player in live if player.contributed < most)
    for index, player in enumerate(players):
        if player.mucked and not player.folded:
            refuse_tabled_muck(player.seat, f"players[{index}].mucked", all_in)


def check_mucks(seats: Sequence[tuple[int, bool, bool]], paths: Sequence[str], error: type[InputError]) -> None:
    """Only a live hand mucks, and one live hand is left not mucked to take the pot (section 5).

    ``seats`` holds each seat with whether it folded and whether it mucked; ``paths`` names each
    one's ``mucked`` field for the error.
    """
    for (seat, folded, mucked), path in zip(seats, paths, strict=True):
        if folded and mucked:
            raise error(path, f"seat {seat} folded: only a live hand mucks")
    if any(mucked for _, _, mucked in seats) and all(folded or mucked for _, folded, mucked in seats):
        last = max(index for index, (_, _, mucked) in enumerate(seats) if mucked)
        raise error(paths[last], "every live hand mucked: one must be left to take the pot")


def _contends(player: ShowdownPlayer) -> bool:
    """Whether the seat's hand contests the pots it reached: live, and not mucked."""
    return not (player.folded or player.mucked)


def _read_hands(
    judging: Judging, players: Sequence[ShowdownPlayer], community_card: str | None, places: dict[int, int]
) -> dict[int, JudgedHand]:
    """Every contending seat's hand, valued; cards are required only when two or more seats contend."""
    deck = Deck()
    shared: tuple[int, ...] = () if community_card is None else (deck.take(community_card, "community_card"),)
    own = HAND_SIZE - len(shared)
    contested = sum(map(_contends, players)) > 1
    hands: dict[int, tuple[int, ...]] = {}
    for index, player in enumerate(players):
        path = f"players[{index}].cards"
        if player.cards is None:
            if contested and _contends(player):
                raise ShowdownError(path, f"a live player must show his {own} cards")
            continue
        codes = _parse_cards(path, player.cards, own, deck)
        if contested and _contends(player):
            if len(codes) != own:
                raise ShowdownError(path, f"a live player must show {own} cards, got {len(codes)}")
            hands[player.seat] = codes + shared
    return _judged(judging, hands, places)


def _judged(judging: Judging, hands: dict[int, tuple[int, ...]], places: dict[int, int]) -> dict[int, JudgedHand]:
    """Each seat's hand valued once (in stud/8, each half once)."""
    evaluate = judging.hand.evaluate
    if judging.low is None:
        return {seat: JudgedHand(seat, codes, evaluate(codes), places[seat]) for seat, codes in hands.items()}
    low = judging.low.hand.evaluate
    return {seat: JudgedHand(seat, codes, evaluate(codes), places[seat], low(codes)) for seat, codes in hands.items()}


def replayed_hands(judging: Judging, players: Sequence[ShowdownPlayer], community_card: str | None,
                   position: Sequence[int]) -> dict[int, JudgedHand]:
    """Every contending seat's hand when a replay has checked the cards (each dealt once, a full hand each).

    ``settle`` so, without checking the seats, the position and the cards again as ``showdown``
    checks a request's.
    """
    if sum(map(_contends, players)) < 2:
        return {}
    shared = () if community_card is None else (CARD_CODES[community_card],)
    places = {seat: place for place, seat in enumerate(position)}
    hands = {player.seat: (*(CARD_CODES[card] for card in player.cards), *shared)
             for player in players if _contends(player) and player.cards is not None}
    return _judged(judging, hands, places)


def _texts(codes: Sequence[int]) -> tuple[str, ...]:
    """Cards as their text (``As``)."""
    return tuple(CARD_TEXT[code] for code in codes)


def _first_difference(mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """Where two different sort keys first differ: the comparison that decided between them."""
    return next(place for place, (own, other) in enumerate(zip(mine, theirs, strict=True)) if own != other)


def _split(amount: int, winners: Sequence[JudgedHand], order: OddChipOrder, evaluator: Any, rule: OddChipRule,
           index: int, half: HalfName | None) -> tuple[tuple[Share, ...], list[OddChip]]:
    """``amount`` split evenly among ``winners`` (ascending seats), the odd chips one each to the first of them in
    ``order``; also the odd chips, each with what the rule compared to give it."""
    each, odd = divmod(amount, len(winners))
    seats = tuple(hand.seat for hand in winners)
    if not odd:
        return tuple(Share(seat, each) for seat in seats), []
    compared = {hand.seat: order.compare(evaluator, hand) for hand in winners}
    ordered = sorted(seats, key=lambda seat: compared[seat][1])
    lucky, after = ordered[:odd], ordered[odd]
    shares = tuple(Share(seat, each + 1 if seat in lucky else each) for seat in seats)
    (theirs, their_key) = compared[after]
    chips = [OddChip(index, seat, rule, odd, _texts(compared[seat][0]), after,
                     _first_difference(compared[seat][1], their_key), _texts(theirs), half) for seat in lucky]
    return shares, chips


def _best_high(contenders: Sequence[JudgedHand]) -> list[JudgedHand]:
    """The contenders whose value has the least rank: the best hands (stud/8: the best high hands), in their order."""
    best = min(hand.value.rank for hand in contenders)
    return [hand for hand in contenders if hand.value.rank == best]


def _best_low(contenders: Sequence[JudgedHand]) -> list[JudgedHand]:
    """The contenders whose qualifying low has the least rank, in their order; none when no low qualifies."""
    qualifying = [hand for hand in contenders if hand.low is not None]
    best = min((hand.low.rank for hand in qualifying), default=None)
    return [hand for hand in qualifying if hand.low.rank == best]


def _award(judging: Judging, index: int, pot: Pot, hands: dict[int, JudgedHand],
           rule: OddChipRule) -> tuple[PotResult, list[OddChip]]:
    """Split pot ``index`` among the best hands of its eligible seats (the least rank); also return its odd chips,
    each with what the rule compared to give it."""
    if len(pot.eligible) == 1:
        return PotResult(pot.amount, pot.eligible, pot.eligible, (Share(pot.eligible[0], pot.amount),), None), []
    winners = _best_high([hands[seat] for seat in pot.eligible])
    shares, chips = _split(pot.amount, winners, judging.odd_chip_orders[rule], judging.hand, rule, index, None)
    return PotResult(pot.amount, pot.eligible, tuple(hand.seat for hand in winners), shares,
                     winners[0].value.name), chips


def _award_halves(judging: Judging, low: LowHalf, index: int, pot: Pot, hands: dict[int, JudgedHand],
                  rule: OddChipRule, same_winners: HiloSameWinners) -> tuple[PotResult, list[OddChip]]:
    """Divide pot ``index`` among its own seats' best high hands and best qualifying lows (stud-rules.md section 5):
    the high scoops without a low; the same two or more seats best both ways share it as one under ``one_pot``;
    else halves, the high half the larger, each split within itself; also return its odd chips."""
    if len(pot.eligible) == 1:
        alone = (Share(pot.eligible[0], pot.amount),)
        return PotResult(pot.amount, pot.eligible, pot.eligible, alone, None,
                         high=Half(pot.amount, pot.eligible, alone, None), one_pot=False), []
    contenders = [hands[seat] for seat in pot.eligible]
    highs, lows = _best_high(contenders), _best_low(contenders)
    high_seats, low_seats = tuple(hand.seat for hand in highs), tuple(hand.seat for hand in lows)
    high_order, low_order = judging.odd_chip_orders[rule], low.odd_chip_orders[rule]
    high_name = highs[0].value.name
    if not lows or (same_winners is HiloSameWinners.ONE_POT and len(highs) > 1 and high_seats == low_seats):
        shares, chips = _split(pot.amount, highs, high_order, judging.hand, rule, index, HalfName.HIGH)
        whole = Half(pot.amount, high_seats, shares, high_name)
        shared = Half(0, low_seats, tuple(Share(seat, 0) for seat in low_seats), lows[0].low.name) if lows else None
        return PotResult(pot.amount, pot.eligible, high_seats, shares, high_name, whole, shared,
                         one_pot=bool(lows)), chips
    low_amount = pot.amount // 2
    high_shares, high_chips = _split(pot.amount - low_amount, highs, high_order, judging.hand, rule, index,
                                     HalfName.HIGH)
    low_shares, low_chips = _split(low_amount, lows, low_order, low.hand, rule, index, HalfName.LOW)
    paid: dict[int, int] = {}
    for share in (*high_shares, *low_shares):
        paid[share.seat] = paid.get(share.seat, 0) + share.amount
    return PotResult(pot.amount, pot.eligible, tuple(sorted(paid)),
                     tuple(Share(seat, paid[seat]) for seat in sorted(paid)), high_name,
                     Half(pot.amount - low_amount, high_seats, high_shares, high_name),
                     Half(low_amount, low_seats, low_shares, lows[0].low.name), one_pot=False), \
        [*high_chips, *low_chips]


def showdown(
    judging: Judging,
    players: Sequence[ShowdownPlayer],
    community_card: str | None = None,
    odd_chip_rule: OddChipRule = OddChipRule.HIGH_CARD_BY_SUIT_IN_5,
    position: Sequence[int] | None = None,
    hilo_same_winners: HiloSameWinners = HiloSameWinners.ONE_POT,
) -> ShowdownResult:
    """Award every pot of a finished hand as ``judging`` values its hands; one live seat takes everything without
    showing.

    ``position`` lists seats clockwise from the dealer (default: ascending seats); only the
    ``seat_order`` odd-chip rule uses it, and only stud/8's judging reads ``hilo_same_winners``.
    Raises ShowdownError, or DuplicateCardError for a card dealt twice, naming the field at fault.

    >>> from .judging import RAZZ_JUDGING
    >>> result = showdown(RAZZ_JUDGING, [ShowdownPlayer(2, 55, cards="7s 5d 4c 3c Ad Qc Jc".split()),
    ...                    ShowdownPlayer(4, 55, folded=True),
    ...                    ShowdownPlayer(6, 55, cards="7h 5s 4d 3h Ac Ks 9d".split())])
    >>> result.pots[0].shares, result.odd_chips[0].seat
    ((Share(seat=2, amount=83), Share(seat=6, amount=82)), 2)
    >>> showdown(RAZZ_JUDGING, [ShowdownPlayer(1, 5, folded=True), ShowdownPlayer(2, 5, cards=["As"] * 7)])
    Traceback (most recent call last):
    ...
    service.stud_family.errors.DuplicateCardError: players[1].cards[1]: card As appears more than once ...
    """
    check_players(players)
    seats = [player.seat for player in players]
    ring = sorted(seats) if position is None else check_position(position, seats, ShowdownError)
    places = {seat: place for place, seat in enumerate(ring)}
    return award(judging, players, _read_hands(judging, players, community_card, places), odd_chip_rule,
                 hilo_same_winners)


def award(judging: Judging, players: Sequence[ShowdownPlayer], hands: dict[int, JudgedHand],
          odd_chip_rule: OddChipRule, hilo_same_winners: HiloSameWinners = HiloSameWinners.ONE_POT) -> ShowdownResult:
    """Every pot to the best of ``hands`` (the contending seats', valued from checked cards) among its seats, divided
    as the judging divides a pot."""
    seats = [player.seat for player in players]
    reached = pots_reached(
        {player.seat: player.contributed for player in players},
        {player.seat for player in players if player.folded},
        {player.seat for player in players if player.mucked},
    )
    pots = [reach.pot for reach in reached]
    for index, pot in enumerate(pots):
        if not pot.eligible:
            raise ShowdownError("players", f"every live hand in pot {index} mucked: one must be left to take it")
    awarded: list[PotResult] = []
    odd_chips: list[OddChip] = []
    low = judging.low
    for pot_index in reversed(range(len(pots))):
        if low is None:
            result, chips = _award(judging, pot_index, pots[pot_index], hands, odd_chip_rule)
        else:
            result, chips = _award_halves(judging, low, pot_index, pots[pot_index], hands, odd_chip_rule,
                                          hilo_same_winners)
        awarded.append(result)
        odd_chips.extend(chips)
    awarded.reverse()
    payout = dict.fromkeys(sorted(seats), 0)
    for result in awarded:
        for share in result.shares:
            payout[share.seat] += share.amount
    live = tuple(sorted(player.seat for player in players if _contends(player)))
    best_overall = min((hand.value.rank for hand in hands.values()), default=None)
    best_low = {hand.seat for hand in _best_low(list(hands.values()))} if low is not None else set()
    return ShowdownResult(
        uncontested=sum(not player.folded for player in players) == 1,
        winners=tuple(seat for seat in live if len(live) == 1 or hands[seat].value.rank == best_overall
                      or seat in best_low),
        pots=tuple(awarded),
        payouts=tuple(Share(seat, amount) for seat, amount in payout.items()),
        odd_chips=tuple(odd_chips),
        reached=reached,
    )


def pot_name(index: int) -> str:
    """``main pot``, ``side pot 1``..."""
    return "main pot" if index == 0 else f"side pot {index}"


def explain_showdown(judging: Judging, result: ShowdownResult, mucked: Sequence[int],
                     tabled: bool = False) -> list[Why]:
    """Why each pot went where it did: each muck (``mucked`` seats, in the order given), who could win each pot,
    who won it or split it, and each odd chip (``tabled``: every live hand was tabled at once, so a muck is one a
    hand history records against TDA 16)."""
    recorded = ", as the history records though every live hand was tabled at once (TDA 16), its cards unwritten" \
        if tabled else ""
    why = [ONE_HAND_LEFT.says("muck", f"seat {seat} mucked at showdown{recorded}: it concedes every pot it contests, "
                                      "and its chips in them stay there")
           for seat in mucked]
    for index, pot in enumerate(result.pots):
        name = f"{pot_name(index)} of {pot.amount}"
        reach = result.reached[index]
        if reach.taken is not Taken.CONTESTED:
            why.append(reach.rule.says("pot", f"{name}: {_taken_alone(reach)}"))
            continue
        contest = f"{name}: {seat_list(pot.eligible)} reached it"
        if judging.low is not None and pot.high is not None:
            why.extend(_explain_halves(judging, judging.low, contest, pot))
        elif len(pot.winners) == 1:
            why.append(reach.rule.says("pot", f"{contest}, and seat {pot.winners[0]} wins it with {pot.winning_hand}, "
                                              f"{judging.words.best} among them"))
        else:
            each = pot.amount // len(pot.winners)
            why.append(judging.ties_split.says("pot", f"{contest}: {seat_list(pot.winners)} tie with "
                                                      f"{pot.winning_hand} (suits never break a tie) and split it, "
                                                      f"{each} each"))
    for odd in result.odd_chips:
        which, first = ("the", "first") if odd.chips == 1 else ("an", f"among the first {odd.chips}, one chip each,")
        orders, words = (judging.low.odd_chip_orders, judging.low.words) \
            if judging.low is not None and odd.half is HalfName.LOW else (judging.odd_chip_orders, judging.words)
        of = pot_name(odd.pot) if odd.half is None else f"{pot_name(odd.pot)}'s {odd.half} half"
        why.append(orders[odd.rule].citation.says(
            "odd_chip", f"{which} odd chip of the {of} goes to seat {odd.seat}: "
                        + _odd_chip_reason(odd, first, words)))
    return why


def _half_won(half: Half, words: str) -> str:
    """Who takes a half and with what: one seat, or tied seats splitting it."""
    if len(half.winners) == 1:
        return f"seat {half.winners[0]} wins it with {half.winning_hand}, {words} among them"
    return (f"{seat_list(half.winners)} tie with {half.winning_hand} (suits never break a tie) and split it, "
            f"{half.amount // len(half.winners)} each")


def _explain_halves(judging: Judging, low: LowHalf, contest: str, pot: PotResult) -> list[Why]:
    """Why a stud/8 pot was divided so: no qualifying low among its seats, one pot shared, or two halves."""
    high = pot.high
    assert high is not None  # a stud/8 pot always has its high half
    if pot.low is None:
        return [low.no_low.says("pot", f"{contest}; none of them holds a qualifying low, so the high takes it all: "
                                       + _half_won(high, judging.words.best))]
    if pot.one_pot:
        return [low.one_pot.says("pot", f"{contest}; {seat_list(high.winners)} hold both the best high, "
                                        f"{high.winning_hand}, and the best low, {pot.low.winning_hand}, so they share "
                                        f"it as one pot, not halved: {pot.amount // len(high.winners)} each")]
    return [low.halves.says("pot", f"{contest}; it is halved, the high half of {high.amount} the larger, the low "
                                   f"half {pot.low.amount}"),
            judging.ties_split.says("high_half", f"high half of {high.amount}: {_half_won(high, judging.words.best)}"),
            low.each_pot.says("low_half", f"low half of {pot.low.amount}: {_half_won(pot.low, low.words.best)}")]


def _taken_alone(reach: Reach) -> str:
    """Why a pot's one eligible seat takes it, as ``pots_reached`` decided."""
    seat = reach.pot.eligible[0]
    if reach.taken is Taken.UNCALLED:
        return f"only seat {seat} put these chips in, an uncalled excess, and they come back to it"
    if reach.taken is Taken.LAST_HAND:
        return f"seat {seat} is the only live hand left and takes it without showing"
    if reach.taken is Taken.CONCEDED:
        return f"{seat_list(reach.conceded)} reached it too but mucked, conceding it, so seat {seat} takes it"
    return (f"no other live hand reached it, so seat {seat} takes it, with the {reach.dead} chips folded seats left "
            "in it")


def _odd_chip_reason(odd: OddChip, first: str, words: Words) -> str:
    """What gave a seat an odd chip, read from what ``_award`` compared: it is ``first`` of the tied seats; ``words``
    are its half's (how its five cards are compared)."""
    if odd.rule == OddChipRule.SEAT_ORDER:
        return f"it is {first} of the tied seats in position order"
    if odd.rule == OddChipRule.ALL_CARDS_BY_SUIT and odd.half is not HalfName.LOW:
        return (f"its cards are {first} of the tied hands compared from the highest card down by rank, aces high, "
                f"and suit, all its cards ({odd.cards[0]}, then down)")
    if odd.rule in (OddChipRule.LOW_CARD_BY_SUIT_ALL_CARDS, OddChipRule.ALL_CARDS_BY_SUIT):
        compared = f"its cards are {first} of the tied hands compared from the lowest card up by rank and suit"
        if not odd.decided_at:
            return f"{compared} ({odd.cards[0]}, then up)"
        return (f"{compared}: past the shared {odd.cards[0]}, its {odd.cards[odd.decided_at]} against seat "
                f"{odd.next_seat}'s {odd.next_cards[odd.decided_at]}")
    return f"its five cards, {' '.join(odd.cards)}, are {first} of the tied hands compared {words.five_compared}"
