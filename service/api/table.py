"""Table rules: bring-in, first to act, legal actions and whole-hand state (POST /v1/...)."""

from __future__ import annotations

from typing import Any, NamedTuple

import marshmallow as ma
from flask import Response

from ..stud_family.betting import Replay, TableState, explain, replay
from ..stud_family.bring_in import DoorCard, explain_bring_in, find_bring_in
from ..stud_family.first_to_act import BoardIn, explain_first_to_act, find_first_to_act
from ..stud_family.limits import Stakes
from ..stud_family.rules import resolve_rules
from ..stud_family.running_out import community_card_of_live
from ..stud_family.seating import MAX_SEAT, MIN_PLAYERS
from ..stud_family.settlement import Settlement, explain_settlement, pots_so_far, settle
from ..stud_family.snapshot import Action, PlayerIn, Snapshot
from ..stud_family.streets import FIRST_STREET, LAST_STREET, MAX_DOWN_CARDS, MAX_UP_CARDS
from ..stud_family.table_why import RefusedAction
from ..stud_family.vocabulary import ACTION_TYPES, Phase
from ..stud_family.why import Why
from .base import Items, Length, Object, OneOf, RequestSchema, Text
from .explain import refused_field, why_field, write_refused, write_why
from .fields import (
    CardText,
    CardTexts,
    NestedAs,
    StrictBoolean,
    WholeNumber,
    seat_field,
)
from .responses import ApiBlueprint, answer_writer, json_response
from .rules_options import RulesSchema
from .showdown import PaidSchema, by_division

blp = ApiBlueprint("table", __name__, url_prefix="/v1", description="What the betting rules allow at a table.")

SNAPSHOT_EXAMPLE = {
    "rules": {"preset": "standard"},
    "stakes": {"ante": 5, "bring_in": 10, "small_bet": 40, "big_bet": 80},
    "players": [
        {"seat": 1, "stack": 1000, "up_cards": ["7c"], "down_cards": ["As", "3h"]},
        {"seat": 4, "stack": 640, "up_cards": ["Ks"]},
        {"seat": 6, "stack": 800, "up_cards": ["5d"]},
    ],
    "actions": [{"seat": 4, "type": "bring_in"}, {"seat": 6, "type": "complete"}, {"seat": 1, "type": "call"}],
}


BRING_IN_EXAMPLE = {
    "players": [{"seat": 1, "door_card": "7c", "stack": 400}, {"seat": 3, "door_card": "Ks", "stack": 5},
                {"seat": 4, "door_card": "As", "stack": 400}],
    "stakes": {"ante": 5, "bring_in": 10, "small_bet": 40},
}

FIRST_TO_ACT_EXAMPLE = {
    "street": 4,
    "players": [{"seat": 1, "up_cards": ["6d", "2c"]}, {"seat": 3, "up_cards": ["6s", "2h"]},
                {"seat": 5, "up_cards": ["7c", "Ad"]}],
}


DEALER_SEAT = "The seat position starts after (default: the highest seat at the table, so the lowest seat is first)."


class StakesSchema(RequestSchema):
    """The fixed-limit structure; big_bet defaults to twice small_bet."""

    ante = WholeNumber(required=True, metadata={"description": "What every player antes before the deal (0 or more)."})
    bring_in = WholeNumber(minimum=1, required=True, metadata={
        "description": "The forced bet of the highest door card, at most small_bet (section 1)."})
    small_bet = WholeNumber(minimum=1, required=True, metadata={
        "description": "The bet and raise size on 3rd and 4th streets; completing the bring-in reaches it."})
    big_bet = WholeNumber(minimum=1, load_default=None, metadata={
        "description": "The bet and raise size on 5th, 6th and 7th streets, at least small_bet (default: twice "
                       "small_bet)."})


class DoorCardSchema(RequestSchema):
    """A player's 3rd-street up card, and optionally his chips before the ante."""

    seat = seat_field(required=True, metadata={"description": "The player's seat, 1 to 8."})
    door_card = CardText(required=True, metadata={"description": "The player's up card on 3rd street."})
    stack = WholeNumber(minimum=1, load_default=None, metadata={
        "description": "Chips before the ante; with stakes, it shows a seat all-in from the ante or short of the "
                       "bring-in."})


class BringInRequestSchema(RequestSchema):
    """Door cards of 2 to 8 players, with stakes to size the bring-in."""

    players = Items(Object(DoorCardSchema), required=True,
                             validate=Length(min=MIN_PLAYERS, max=MAX_SEAT),
                             metadata={"description": "2 to 8 players' door cards, from one deck.",
                                       "example": [{"seat": 1, "door_card": "7c", "stack": 400},
                                                   {"seat": 3, "door_card": "Ks", "stack": 5},
                                                   {"seat": 4, "door_card": "As", "stack": 400}]})
    stakes = Object(StakesSchema, load_default=None,
                              metadata={"description": "The stakes, to size the bring-in and judge the stacks; "
                                                       "without them amount is null and stacks are not read.",
                                        "example": {"ante": 5, "bring_in": 10, "small_bet": 40}})


class BringInSchema(ma.Schema):
    """Who brings in, and who opens the betting."""

    seat = ma.fields.Integer(required=True, metadata={"description": "The highest door card's seat."})
    card = ma.fields.String(required=True, metadata={"description": "The bring-in seat's door card.", "example": "Ks"})
    tie_broken_by_suit = ma.fields.Boolean(required=True, metadata={
        "description": "True when another door card has the same rank, so the suit (s>h>d>c) decided."})
    opener = ma.fields.Integer(required=True, allow_none=True, metadata={
        "description": "Who acts first on 3rd street: the bring-in seat, or the next seat with chips when the "
                       "bring-in seat is all-in from the ante; null when nobody can bet."})
    amount = ma.fields.Integer(required=True, allow_none=True,
                               metadata={"description": "What the bring-in seat posts (null without stakes)."})
    why = why_field()


class BoardSchema(RequestSchema):
    """A player's up cards and status on the street asked about."""

    seat = seat_field(required=True, metadata={"description": "The player's seat, 1 to 8."})
    up_cards = CardTexts(0, MAX_UP_CARDS, load_default=(), metadata={
        "description": "The up cards in deal order: street - 2 of them for a live player (4 on 7th street); a "
                       "folded player may omit them (default: none)."})
    folded = StrictBoolean(load_default=False, metadata={
        "description": "Out of the hand: the board is not compared (default false)."})
    all_in = StrictBoolean(load_default=False, metadata={
        "description": "All-in: the board still counts, but the next seat clockwise who can act opens instead "
                       "(default false)."})


class FirstToActRequestSchema(RequestSchema):
    """The boards on a street."""

    street = WholeNumber(minimum=FIRST_STREET, maximum=LAST_STREET, required=True,
                         metadata={"description": "The street asked about, 3 to 7.", "example": 4})
    players = Items(Object(BoardSchema), required=True,
                             validate=Length(min=MIN_PLAYERS, max=MAX_SEAT),
                             metadata={"description": "2 to 8 players' boards, from one deck.",
                                       "example": [{"seat": 1, "up_cards": ["6d", "2c"]},
                                                   {"seat": 3, "up_cards": ["6s", "2h"]},
                                                   {"seat": 5, "up_cards": ["7c", "Ad"]}]})
    dealer_seat = seat_field(load_default=None, allow_none=True, metadata={"description": DEALER_SEAT})
    rules = Object(RulesSchema, load_default=None, metadata={
        "description": "Rules options over the standard preset; here later_street_tie_break decides tied boards."})


class FirstToActSchema(ma.Schema):
    """Who acts first and on what board."""

    seat = ma.fields.Integer(required=True, allow_none=True,
                             metadata={"description": "Null when nobody can act (everyone live is all-in)."})
    board_seat = ma.fields.Integer(required=True, metadata={
        "description": "The seat whose board decided (differs from seat when that player is all-in)."})
    showing = ma.fields.String(required=True, metadata={
        "description": "The deciding board's name, as a hand's (on 3rd street, the bring-in card's rank).",
        "example": "6-2"})
    tied_with = ma.fields.List(ma.fields.Integer(), required=True, metadata={
        "description": "The other seats whose boards tie it (on 3rd street, door cards of its rank); empty when none.",
        "example": [3]})
    why = why_field()


class TablePlayerSchema(RequestSchema):
    """A player as dealt: chips before the antes, up cards in deal order, down cards if known."""

    seat = seat_field(required=True, metadata={"description": "The player's seat, 1 to 8."})
    stack = WholeNumber(minimum=1, required=True, metadata={"description": "Chips before the antes."})
    up_cards = CardTexts(1, MAX_UP_CARDS, required=True, metadata={
        "description": "Every up card dealt so far, in deal order: the door card first, 4 at most."})
    down_cards = CardTexts(0, MAX_DOWN_CARDS, load_default=None, metadata={
        "description": "The down cards, when the caller knows them: needed to settle a showdown."})
    mucked = StrictBoolean(load_default=False, metadata={
        "description": "Gave up the hand at showdown without showing (section 5): its chips stay in the pots they "
                       "reached, and it wins none. Only a live hand, once the betting is over, and never where a live "
                       "player is all-in: every live hand is then tabled (TDA 16) (default false)."})


class ActionSchema(RequestSchema):
    """One betting action; amount, the chips it adds, is checked when given."""

    seat = seat_field(required=True, metadata={"description": "The seat that acts."})
    type = Text(required=True, validate=OneOf(ACTION_TYPES), metadata={"description": "What the seat does."})
    amount = WholeNumber(load_default=None, metadata={
        "description": "The chips the action adds: checked when a request gives it; an answer writes it for every "
                       "action that adds chips."})


class SnapshotSchema(RequestSchema):
    """The hand so far: every betting action in order; the deals are implied by the betting."""

    rules = Object(RulesSchema, load_default=None,
                             metadata={"description": "Rules options over the standard preset."})
    stakes = Object(StakesSchema, required=True, metadata={"description": "The table's fixed-limit stakes."})
    dealer_seat = seat_field(load_default=None, allow_none=True, metadata={"description": DEALER_SEAT})
    players = Items(NestedAs(TablePlayerSchema, record=PlayerIn), required=True,
                             validate=Length(min=MIN_PLAYERS, max=MAX_SEAT),
                             metadata={"description": "2 to 8 players as dealt, their cards from one deck."})
    community_card = CardText(load_default=None, allow_none=True, metadata={
        "description": "The 7th-street card dealt face up to every hand when the deck ran short (section 7)."})
    actions = Items(NestedAs(ActionSchema, record=Action), load_default=(),
                             validate=Length(max=500), metadata={
                                 "description": "Every betting action of the hand so far, in order, across streets "
                                                "(default: none, the hand as dealt)."})


class LegalActionSchema(ma.Schema):
    """An action the seat to act may take."""

    type = ma.fields.String(required=True, validate=ma.validate.OneOf(ACTION_TYPES),
                            metadata={"description": "The action, as an action of the snapshot names it."})
    amount = ma.fields.Integer(metadata={"description": "Chips the action adds now."})
    to = ma.fields.Integer(metadata={"description": "The player's street total after it."})
    all_in = ma.fields.Boolean(metadata={"description": "True when it puts the player's last chip in."})


class PlayerStateSchema(ma.Schema):
    """A player's chips and status now."""

    seat = ma.fields.Integer(required=True, metadata={"description": "The player's seat."})
    stack = ma.fields.Integer(required=True, metadata={"description": "Chips not yet put in."})
    committed_street = ma.fields.Integer(required=True, metadata={"description": "Chips put in on this street."})
    committed_total = ma.fields.Integer(required=True,
                                        metadata={"description": "Chips put in this hand, antes included."})
    folded = ma.fields.Boolean(required=True, metadata={"description": "True once the player has folded."})
    all_in = ma.fields.Boolean(required=True, metadata={"description": "True once the player has no chips left."})


class HandStandsSchema(ma.Schema):
    """Where the hand stands and what the seat to act may do."""

    street = ma.fields.Integer(required=True, metadata={"description": "The street the hand has reached, 3 to 7."})
    phase = ma.fields.String(required=True, validate=ma.validate.OneOf([phase.value for phase in Phase]), metadata={
        "description": "betting: someone must act; dealing: the next street's up cards are not in the snapshot "
                       "yet; showdown: no more betting; complete: all but one player folded."})
    to_act = ma.fields.Integer(required=True, allow_none=True,
                               metadata={"description": "The seat to act; null unless the phase is betting."})
    pot = ma.fields.Integer(required=True, metadata={"description": "Every chip committed so far, antes included."})
    street_bet = ma.fields.Integer(required=True, metadata={
        "description": "What a call reaches at the street's full level: the last full bet or raise (a completion, "
                       "or an all-in that counts as one, section 4), or before any, the bring-in a call must reach, "
                       "which is no full level (the completion still follows it); 0 before anything is bet. "
                       "A short all-in above it shows in highest_bet."})
    highest_bet = ma.fields.Integer(required=True, metadata={
        "description": "What a call reaches now: above street_bet while a short all-in stands."})
    raises = ma.fields.Integer(required=True, metadata={
        "description": "Raises made on the street after its bet (the completion is 3rd street's bet, section 2)."})
    capped = ma.fields.Boolean(required=True, metadata={
        "description": "True when the street's raises have reached the cap, so no raise is offered (section 2)."})
    bring_in_seat = ma.fields.Integer(required=True,
                                      metadata={"description": "The seat of the highest door card (section 1)."})
    community_card_allowed = ma.fields.Boolean(required=True, metadata={
        "description": "Whether the deck has run short so 7th street is a community card (section 7)."})
    players = ma.fields.List(ma.fields.Nested(PlayerStateSchema), required=True,
                             metadata={"description": "Every player's chips and status now, by seat."})
    legal_actions = ma.fields.List(ma.fields.Nested(LegalActionSchema), required=True, metadata={
        "description": "What to_act may do now (section 9); empty when nobody is to act."})


class StreetSchema(ma.Schema):
    """One street reached: its opener, its actions with their chips, its aggressors."""

    street = ma.fields.Integer(required=True, metadata={"description": "The street, 3 to 7."})
    opener = ma.fields.Integer(required=True, allow_none=True, metadata={
        "description": "The bring-in seat on 3rd street, later the first to act; null when no betting was possible."})
    actions = ma.fields.List(ma.fields.Nested(ActionSchema), required=True,
                             metadata={"description": "The street's actions in order, each with the chips it added."})
    first_aggressor = ma.fields.Integer(required=True, allow_none=True, metadata={
        "description": "The first seat that bet, completed or raised (a bring-in is not one); null when none."})
    last_aggressor = ma.fields.Integer(required=True, allow_none=True, metadata={
        "description": "The last seat that bet, completed or raised; null when none."})


class PotSchema(ma.Schema):
    """Chips so far and the live seats that can win them."""

    amount = ma.fields.Integer(required=True, metadata={"description": "Every chip in the pot so far."})
    eligible = ma.fields.List(ma.fields.Integer(), required=True,
                              metadata={"description": "The live seats that can win it, ascending."})


class HandOutcomeSchema(PaidSchema):
    """Who wins what, and who tables first."""

    show_order = ma.fields.List(ma.fields.Integer(), required=True, metadata={
        "description": "Live seats, first to show first (a seat that mucked, in its turn); empty when every other "
                       "seat folded."})
    shown_at_once = ma.fields.Boolean(required=True, metadata={
        "description": "A live player is all-in and the betting is over: every hand is tabled now (TDA 16)."})


class LegalActionsSchema(HandStandsSchema):
    """Where the hand stands and what the seat to act may do; with ?explain=true, why."""

    why = why_field()
    refused = refused_field()


class WholeHandSchema(HandStandsSchema):
    """The legal-actions answer plus what the service derives for the whole hand."""

    streets = ma.fields.List(ma.fields.Nested(StreetSchema), required=True,
                             metadata={"description": "Every street reached, 3rd street first."})
    pots = ma.fields.List(ma.fields.Nested(PotSchema), required=True,
                          metadata={"description": "The main pot, then the side pots, as the chips stand now."})
    result = ma.fields.Nested(HandOutcomeSchema, required=True, allow_none=True, metadata={
        "description": "Once the hand is decided (complete, or showdown with every live hand's cards): null before."})


class TableStateSchema(WholeHandSchema):
    """The legal-actions answer plus what the service derives for the whole hand; with ?explain=true, why."""

    why = why_field()
    refused = refused_field()


def snapshot_of_request(request: dict[str, Any]) -> Snapshot:
    """The engine's snapshot from a loaded request."""
    return Snapshot(
        stakes=Stakes(**request["stakes"]),
        players=request["players"],
        actions=request["actions"],
        rules=resolve_rules(request["rules"]),
        dealer_seat=request["dealer_seat"],
        community_card=request["community_card"],
    )


write_bring_in = answer_writer(BringInSchema)
write_first_to_act = answer_writer(FirstToActSchema)
write_legal_actions = answer_writer(LegalActionsSchema)
write_table_state = answer_writer(TableStateSchema, written=("pots", "result"))
write_pot = answer_writer(PotSchema)
write_outcome = by_division(HandOutcomeSchema)


def write_whole_hand(snapshot: Snapshot, state: TableState, result: Settlement | None) -> dict[str, Any]:
    """The table-state answer for a replayed hand: its state, the pots so far and, once decided, its result."""
    pots = [write_pot(pot) for pot in pots_so_far(snapshot, state)]
    return write_table_state(state, pots=pots, result=write_outcome(snapshot.game.judging)(result))


@blp.json_post("/bring-in", BringInRequestSchema, BringInSchema, example=BRING_IN_EXAMPLE)
def bring_in(request: dict[str, Any], explain: bool) -> Response:
    """Who brings in (the highest door card, suits s>h>d>c breaking ties) and who opens.

    Decides the bring-in by section 1 of the rules reference: the highest door card posts it, kings
    high and aces low, ties on rank broken by suit. With stakes and stacks it also decides what that
    seat posts (all it has when short) and who opens: the bring-in seat, or the next seat clockwise
    with chips when the bring-in seat is all-in from the ante.
    """
    stakes = None if request["stakes"] is None else Stakes(**request["stakes"])
    doors = [DoorCard(player["seat"], player["door_card"], player["stack"]) for player in request["players"]]
    found = find_bring_in(doors, stakes)
    answer = write_bring_in(found)
    if explain:
        answer["why"] = write_why(explain_bring_in(found, stakes, resolve_rules(None)))
    return json_response(answer)


@blp.json_post("/first-to-act", FirstToActRequestSchema, FirstToActSchema, example=FIRST_TO_ACT_EXAMPLE)
def first_to_act(request: dict[str, Any], explain: bool) -> Response:
    """Who acts first on a street: the bring-in on 3rd, the lowest board from 4th on.

    Decides the opener of a street: on 3rd street the bring-in seat of section 1; from 4th street on
    the live player whose up cards make the lowest ace-to-five board (sections 3 and 8), ties broken
    by position from dealer_seat or, with later_street_tie_break, by the high card's suit. When that
    board is all-in the next seat clockwise who can act opens (section 3); on 7th street the boards
    are the four up cards of 6th, so the 6th-street opener opens again (sections 3 and 7).
    """
    boards = [BoardIn(player["seat"], tuple(player["up_cards"]), player["folded"], player["all_in"])
              for player in request["players"]]
    rules = resolve_rules(request["rules"])
    found = find_first_to_act(request["street"], boards, rules, request["dealer_seat"])
    answer = write_first_to_act(found)
    if explain:
        community = community_card_of_live(sum(not board.folded for board in boards))
        answer["why"] = write_why(explain_first_to_act(request["street"], boards, found, rules, community))
    return json_response(answer)


@blp.json_post("/legal-actions", SnapshotSchema, LegalActionsSchema, example=SNAPSHOT_EXAMPLE)
def legal_actions(request: dict[str, Any], explain: bool) -> Response:
    """Replay the hand so far and list what the seat to act may do.

    Decides whether every action of the snapshot was legal, in turn and of the right size, and what
    the seat to act may do now, with the chips each choice adds. It applies the bring-in (section 1),
    3rd-street action and the cap (section 2), the opener of each later street (section 3), bet
    sizes and short all-ins (section 4), the community card when the deck runs short (section 7) and
    the turn order and action sets of section 9. The first illegal action is a 422 naming its index.
    """
    snapshot = snapshot_of_request(request)
    if not explain:
        return json_response(write_legal_actions(replay(snapshot)))
    return json_response(explained_legal_actions(snapshot))


def explained_legal_actions(snapshot: Snapshot) -> dict[str, Any]:
    """The legal-actions answer with the decisions behind it and the actions refused."""
    explained = explain(snapshot)
    answer = write_legal_actions(explained.state)
    answer["why"] = write_why(explained.why)
    answer["refused"] = write_refused(explained.refused)
    return answer


@blp.json_post("/table/state", SnapshotSchema, TableStateSchema, example=SNAPSHOT_EXAMPLE)
def table_state(request: dict[str, Any], explain: bool) -> Response:
    """Replay a whole hand: streets, pots and, once decided, winners, payouts and show order.

    Decides everything /v1/legal-actions does (sections 1 to 4, 7 and 9 of the rules reference),
    and for the whole hand: each street's opener and aggressors, the pots so far and, once the hand
    is decided, who shows first and whether every hand is tabled at once (section 5), and who wins
    each pot, split pots and odd chips included (sections 6 and 8).
    """
    snapshot = snapshot_of_request(request)
    if not explain:
        state = replay(snapshot)
        return json_response(write_whole_hand(snapshot, state, settle(snapshot, state)))
    explained = explain_whole_hand(snapshot)
    answer = explained.answer
    answer["why"] = write_why(explained.why)
    answer["refused"] = write_refused(explained.refused)
    return json_response(answer)


class ExplainedHand(NamedTuple):
    """A table-state answer (without its explanation fields), the decisions behind it and the refused actions."""

    answer: dict[str, Any]
    why: list[Why]
    refused: list[RefusedAction]


def explain_whole_hand(snapshot: Snapshot, hand: Replay | None = None) -> ExplainedHand:
    """The table-state answer and the decisions behind it: the replay's, then the settlement's once decided.
    ``hand``: the snapshot already replayed (a reader that played it action by action), so it is not replayed again."""
    explained = explain(snapshot) if hand is None else hand.explain()
    state = explained.state
    result = settle(snapshot, state)
    why = explained.why if result is None else [*explained.why,
                                                *explain_settlement(snapshot, state, result)]
    return ExplainedHand(write_whole_hand(snapshot, state, result), why, explained.refused)
