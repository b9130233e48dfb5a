"""The suite's one builder of table inputs: a hand as the rules reference writes it, for the engine or as JSON.

A table is {seat: 'up cards'} and action texts like 's3 bring_in' or 's1 bet 80' (the number is the
chips the action adds), with stacks, down cards, stakes and rules as a request writes them. Only this
module calls the record constructors (``PlayerIn``, ``Action``, ``DoorCard``, ``BoardIn``), so a change
of their shape is made here once. ``legal`` reads the engine's answer back in the same notation.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from types import MappingProxyType
from typing import Any

from service.stud_family.betting import TableState, replay
from service.stud_family.bring_in import DoorCard
from service.stud_family.first_to_act import BoardIn
from service.stud_family.limits import Stakes
from service.stud_family.rules import resolve_rules
from service.stud_family.snapshot import Action, PlayerIn, Snapshot

STAKES: Mapping[str, int] = MappingProxyType({"ante": 5, "bring_in": 10, "small_bet": 40, "big_bet": 80})
"""The reference's structure unless an example says otherwise: 5/10/40/80."""

DEFAULT_STACK = 1000
"""Chips of a player the table gives no stack: enough that no example goes all-in by accident."""


def player(seat: int, up_cards: str, stack: int = DEFAULT_STACK, down_cards: str | None = None,
           mucked: bool = False) -> PlayerIn:
    """A player as dealt, cards written 'Ks 9c'."""
    return PlayerIn(seat, stack, tuple(up_cards.split()), None if down_cards is None else tuple(down_cards.split()),
                    mucked)


def action(seat: int, kind: str, amount: int | None = None) -> Action:
    """One action; ``amount`` is the chips it adds, when given."""
    return Action(seat, kind, amount)


def action_text(seat: int, kind: str, amount: int | None = None) -> str:
    """An action written as the reference writes it: 's3 bring_in', 's1 bet 80'."""
    return f"s{seat} {kind}" if amount is None else f"s{seat} {kind} {amount}"


@cache
def parse_action(text: str) -> Action:
    """The action a text like 's1 bet 80' writes (cached: random play replays the same texts many times)."""
    seat, kind, *amount = text.split()
    return action(int(seat.removeprefix("s")), kind, int(amount[0]) if amount else None)


@dataclass(frozen=True)
class Table:
    """A hand so far as the reference writes it (build it with ``table``).

    The engine's snapshot and the request body are both made from the same records, so a test that
    compares the HTTP answer with the engine's is sure both were asked about the same hand.
    """

    boards: Mapping[int, str]
    actions: tuple[str, ...]
    stacks: Mapping[int, int]
    down: Mapping[int, str]
    stakes: Mapping[str, int]
    rules: Mapping[str, Any] | None
    dealer_seat: int | None
    community_card: str | None
    mucked: frozenset[int]

    def then(self, *actions: str) -> Table:
        """The same table with more actions played."""
        return replace(self, actions=self.actions + actions)

    def players(self) -> tuple[PlayerIn, ...]:
        """The players in the order the boards give them."""
        return tuple(player(seat, cards, self.stacks.get(seat, DEFAULT_STACK), self.down.get(seat),
                            seat in self.mucked) for seat, cards in self.boards.items())

    def snapshot(self) -> Snapshot:
        """The engine's snapshot of the table."""
        return snapshot_of(self.players(), tuple(parse_action(text) for text in self.actions), self.stakes,
                           self.rules, self.dealer_seat, self.community_card)

    def request_body(self) -> dict[str, Any]:
        """The JSON body of POST /v1/legal-actions and /v1/table/state; optional fields only when given."""
        players = []
        for record in self.players():
            entry: dict[str, Any] = {"seat": record.seat, "stack": record.stack, "up_cards": list(record.up_cards)}
            if record.down_cards is not None:
                entry["down_cards"] = list(record.down_cards)
            if record.mucked:
                entry["mucked"] = True
            players.append(entry)
        actions = []
        for played in (parse_action(text) for text in self.actions):
            entry = {"seat": played.seat, "type": played.type}
            if played.amount is not None:
                entry["amount"] = played.amount
            actions.append(entry)
        body: dict[str, Any] = {"stakes": dict(self.stakes), "players": players, "actions": actions}
        optional = {"rules": self.rules, "dealer_seat": self.dealer_seat, "community_card": self.community_card}
        body |= {name: value for name, value in optional.items() if value is not None}
        return body


def snapshot_of(players: Sequence[PlayerIn], actions: Sequence[Action] = (), stakes: Mapping[str, int] = STAKES,
                rules: Mapping[str, Any] | None = None, dealer_seat: int | None = None,
                community_card: str | None = None) -> Snapshot:
    """A snapshot of records built one by one, for what a table cannot write (a seat taken twice).

    Rules are resolved as a request's are: a preset, then options over it.
    """
    return Snapshot(stakes=Stakes(**stakes), players=tuple(players), actions=tuple(actions),
                    rules=resolve_rules(rules), dealer_seat=dealer_seat, community_card=community_card)


def table(boards: Mapping[int, str], *actions: str, stacks: Mapping[int, int] | None = None,
          down: Mapping[int, str] | None = None, stakes: Mapping[str, int] = STAKES,
          rules: Mapping[str, Any] | None = None, dealer_seat: int | None = None,
          community_card: str | None = None, mucked: Collection[int] = ()) -> Table:
    """A table from {seat: 'up cards'}, action texts, {seat: stack}, {seat: 'down cards'} and the seats that mucked."""
    return Table(boards, actions, stacks or {}, down or {}, stakes, rules, dealer_seat, community_card,
                 frozenset(mucked))


def door_card(seat: int, card: str, stack: int | None = None) -> DoorCard:
    """A door card and, when given, the chips before the ante."""
    return DoorCard(seat, card, stack)


def door_cards(doors: Mapping[int, str], stacks: Mapping[int, int] | None = None) -> list[DoorCard]:
    """The bring-in's input from {seat: door card} and, for the seats given, stacks before the ante."""
    return [door_card(seat, card, (stacks or {}).get(seat)) for seat, card in doors.items()]


def bring_in_body(doors: Mapping[int, str], stacks: Mapping[int, int] | None = None,
                  stakes: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The JSON body of POST /v1/bring-in for the same door cards, stacks and stakes."""
    players = [{"seat": door.seat, "door_card": door.card, **({} if door.stack is None else {"stack": door.stack})}
               for door in door_cards(doors, stacks)]
    return {"players": players} if stakes is None else {"players": players, "stakes": dict(stakes)}


def boards_in(boards: Mapping[int, str], all_in: Collection[int] = (), folded: Collection[int] = ()) -> list[BoardIn]:
    """The first-to-act input from {seat: 'up cards'} and the seats all-in or folded."""
    return [BoardIn(seat, tuple(cards.split()), folded=seat in folded, all_in=seat in all_in)
            for seat, cards in boards.items()]


def first_to_act_body(street: int, boards: Mapping[int, str], all_in: Collection[int] = (),
                      folded: Collection[int] = (), rules: Mapping[str, Any] | None = None,
                      dealer_seat: int | None = None) -> dict[str, Any]:
    """The JSON body of POST /v1/first-to-act for the same boards; optional fields only when given."""
    players = [{"seat": board.seat, "up_cards": list(board.up_cards), "folded": board.folded, "all_in": board.all_in}
               for board in boards_in(boards, all_in, folded)]
    body: dict[str, Any] = {"street": street, "players": players}
    optional = {"rules": rules, "dealer_seat": dealer_seat}
    return body | {name: value for name, value in optional.items() if value is not None}


def replayed(description: Table) -> TableState:
    """The engine's state of the hand a table describes."""
    return replay(description.snapshot())


def legal(state: TableState) -> list[str]:
    """The engine's legal actions as the reference lists them: 'fold', 'call 10', 'complete 40'."""
    return [a.type if a.to is None else f"{a.type} {a.to}" for a in state.legal_actions]



def by_seat(shares: Iterable[Any]) -> dict[int, int]:
    """Shares of chips as {seat: amount}: ``[{"seat": 2, "amount": 83}]`` as an answer writes them, or the engine's
    ``Share`` records."""
    return dict((share["seat"], share["amount"]) if isinstance(share, Mapping) else (share.seat, share.amount)
                for share in shares)


def payouts(result: Any) -> dict[int, int]:
    """What a settlement pays each seat, {seat: amount}: the engine's ``Settlement``, or an answer's ``result`` (or
    the showdown's answer) as JSON."""
    return by_seat(result["payouts"] if isinstance(result, Mapping) else result.payouts)
