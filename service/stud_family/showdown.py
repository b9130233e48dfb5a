"""Showdown: every pot to the best hand among its eligible seats, split pots and odd chips (rules section 6).

A game's ``judging.Judging`` values the hands (razz: the best ace-to-five low) and orders the odd
chips. Each pot is awarded on its own, last side pot first (WSOP-L 149). Identical hands split equally;
suits never break a tie for a pot (RRoP Ties 1). The chips that cannot be split evenly (one
chip is one unit: amounts are integers in the table's smallest chip) go one each, at most one per
player per pot, to the first tied players in the order that ``odd_chip_rule`` sets.

The records are frozen msgspec structs, as the core's others are.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from .cards import CARD_CODES, CARD_TEXT, Deck
from .errors import InputError, ShowdownError, TooManyCardsError
from .judging import JudgedHand, Judging
from .pots import ONE_HAND_LEFT, Pot, Reach, Taken, pots_reached
from .rules import OddChipRule
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


class PotResult(msgspec.Struct, frozen=True):
    """One pot and how it was awarded."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[Share, ...]
    """One per winner, ascending seat; the amounts sum to ``amount``."""
    winning_hand: str | None
    """The winning hand's name (razz: ``7-5-4-3-A``); None when one seat alone was eligible (nothing was compared)."""


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
    """Each seat's hand valued once."""
    evaluate = judging.hand.evaluate
    return {seat: JudgedHand(seat, codes, evaluate(codes), places[seat]) for seat, codes in hands.items()}


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


def _award(judging: Judging, index: int, pot: Pot, hands: dict[int, JudgedHand],
           rule: OddChipRule) -> tuple[PotResult, list[OddChip]]:
    """Split pot ``index`` among the best hands of its eligible seats (the least rank); also return its odd chips,
    each with what the rule compared to give it."""
    if len(pot.eligible) == 1:
        return PotResult(pot.amount, pot.eligible, pot.eligible, (Share(pot.eligible[0], pot.amount),), None), []
    contenders = [hands[seat] for seat in pot.eligible]
    best = min(hand.value.rank for hand in contenders)
    winners = [hand for hand in contenders if hand.value.rank == best]
    each, odd = divmod(pot.amount, len(winners))
    seats = tuple(hand.seat for hand in winners)
    if not odd:
        return PotResult(pot.amount, pot.eligible, seats, tuple(Share(seat, each) for seat in seats),
                         winners[0].value.name), []
    order, evaluator = judging.odd_chip_orders[rule].compare, judging.hand
    compared = {hand.seat: order(evaluator, hand) for hand in winners}
    ordered = sorted(seats, key=lambda seat: compared[seat][1])
    lucky, after = ordered[:odd], ordered[odd]
    shares = tuple(Share(seat, each + 1 if seat in lucky else each) for seat in seats)
    (theirs, their_key) = compared[after]
    chips = [OddChip(index, seat, rule, odd, _texts(compared[seat][0]), after,
                     _first_difference(compared[seat][1], their_key), _texts(theirs)) for seat in lucky]
    return PotResult(pot.amount, pot.eligible, seats, shares, winners[0].value.name), chips


def showdown(
    judging: Judging,
    players: Sequence[ShowdownPlayer],
    community_card: str | None = None,
    odd_chip_rule: OddChipRule = OddChipRule.HIGH_CARD_BY_SUIT_IN_5,
    position: Sequence[int] | None = None,
) -> ShowdownResult:
    """Award every pot of a finished hand as ``judging`` values its hands; one live seat takes everything without
    showing.

    ``position`` lists seats clockwise from the dealer (default: ascending seats); only the
    ``seat_order`` odd-chip rule uses it. Raises ShowdownError, or DuplicateCardError for a card
    dealt twice, naming the field at fault.

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
    return award(judging, players, _read_hands(judging, players, community_card, places), odd_chip_rule)


def award(judging: Judging, players: Sequence[ShowdownPlayer], hands: dict[int, JudgedHand],
          odd_chip_rule: OddChipRule) -> ShowdownResult:
    """Every pot to the best of ``hands`` (the contending seats', valued from checked cards) among its seats."""
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
    for pot_index in reversed(range(len(pots))):
        result, chips = _award(judging, pot_index, pots[pot_index], hands, odd_chip_rule)
        awarded.append(result)
        odd_chips.extend(chips)
    awarded.reverse()
    payout = dict.fromkeys(sorted(seats), 0)
    for result in awarded:
        for share in result.shares:
            payout[share.seat] += share.amount
    live = tuple(sorted(player.seat for player in players if _contends(player)))
    best_overall = min((hand.value.rank for hand in hands.values()), default=None)
    return ShowdownResult(
        uncontested=sum(not player.folded for player in players) == 1,
        winners=tuple(seat for seat in live if len(live) == 1 or hands[seat].value.rank == best_overall),
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
        if len(pot.winners) == 1:
            why.append(reach.rule.says("pot", f"{contest}, and seat {pot.winners[0]} wins it with {pot.winning_hand}, "
                                              f"{judging.words.best} among them"))
        else:
            each = pot.amount // len(pot.winners)
            why.append(judging.ties_split.says("pot", f"{contest}: {seat_list(pot.winners)} tie with "
                                                      f"{pot.winning_hand} (suits never break a tie) and split it, "
                                                      f"{each} each"))
    for odd in result.odd_chips:
        which, first = ("the", "first") if odd.chips == 1 else ("an", f"among the first {odd.chips}, one chip each,")
        why.append(judging.odd_chip_orders[odd.rule].citation.says(
            "odd_chip", f"{which} odd chip of the {pot_name(odd.pot)} goes to seat {odd.seat}: "
                        + _odd_chip_reason(odd, first)))
    return why


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


def _odd_chip_reason(odd: OddChip, first: str) -> str:
    """What gave a seat an odd chip, read from what ``_award`` compared: it is ``first`` of the tied seats."""
    if odd.rule == OddChipRule.SEAT_ORDER:
        return f"it is {first} of the tied seats in position order"
    if odd.rule == OddChipRule.LOW_CARD_BY_SUIT_ALL_CARDS:
        compared = f"its cards are {first} of the tied hands compared from the lowest card up by rank and suit"
        if not odd.decided_at:
            return f"{compared} ({odd.cards[0]}, then up)"
        return (f"{compared}: past the shared {odd.cards[0]}, its {odd.cards[odd.decided_at]} against seat "
                f"{odd.next_seat}'s {odd.next_cards[odd.decided_at]}")
    return (f"its five cards, {' '.join(odd.cards)}, are {first} of the tied hands compared from the highest card "
            "down by rank and suit")
