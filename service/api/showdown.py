"""Showdown and split pots: POST /v1/showdown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import marshmallow as ma
from flask import Response

from ..stud_family.games import GAMES
from ..stud_family.judging import Judging
from ..stud_family.rules import resolve_rules
from ..stud_family.seating import MAX_SEAT, position_order
from ..stud_family.showdown import HalfName, ShowdownPlayer, explain_showdown, showdown
from ..stud_family.streets import HAND_SIZE
from .base import Items, Length, Object, RequestSchema
from .explain import why_field, write_why
from .fields import CardText, CardTexts, StrictBoolean, WholeNumber, game_field, seat_field
from .responses import ApiBlueprint, Writer, answer_writer, json_response
from .rules_options import RulesSchema

blp = ApiBlueprint("showdown", __name__, url_prefix="/v1", description="Pots, split pots and odd chips.")


class ShowdownPlayerSchema(RequestSchema):
    """A seat's chips in over the whole hand and, unless folded, its cards."""

    seat = seat_field(required=True, metadata={"description": "The player's seat, 1 to 8."})
    contributed = WholeNumber(required=True, metadata={"description": "Total chips put in this hand, antes included."})
    folded = StrictBoolean(load_default=False, metadata={
        "description": "Folded during the hand: its chips stay in the pots they reached, and it wins none "
                       "(default false)."})
    cards = CardTexts(0, HAND_SIZE, load_default=None, metadata={
        "description": "7 cards, or 6 with community_card; folded and mucked players may omit them."})
    mucked = StrictBoolean(load_default=False, metadata={
        "description": "A live hand given up without showing (section 5): its chips stay in the pots they reached "
                       "(default false). Refused (422 illegal-action, TDA 16) where a live hand put in less than "
                       "another: that hand is all-in, so every live hand is tabled."})


class ShowdownRequestSchema(RequestSchema):
    """Every seat of a finished hand."""

    game = game_field()
    players = Items(
        Object(ShowdownPlayerSchema), required=True, validate=Length(min=1, max=MAX_SEAT),
        metadata={"description": "Every seat that put chips in this hand, 1 to 8 of them, each seat once.",
                  "example": [{"seat": 2, "contributed": 55, "cards": ["7s", "5d", "4c", "3c", "Ad", "Qc", "Jc"]},
                              {"seat": 4, "contributed": 55, "folded": True},
                              {"seat": 6, "contributed": 55, "cards": ["7h", "5s", "4d", "3h", "Ac", "Ks", "9d"]}]},
    )
    community_card = CardText(load_default=None, allow_none=True, metadata={
        "description": "The 7th-street card dealt face up to every hand when the deck ran short (section 7)."})
    dealer_seat = seat_field(load_default=None, allow_none=True,
                             metadata={"description": "Position origin for the seat_order odd-chip rule (default: the "
                                                      "highest seat at the table, so the lowest seat is first)."})
    rules = Object(RulesSchema, load_default=None, metadata={
        "description": "Rules options over the standard preset; here odd_chip_rule decides who gets an odd chip, and "
                       "in stud8 hilo_same_winners whether the same players best both ways share a pot as one."})


class ShareSchema(ma.Schema):
    """Chips one seat receives."""

    seat = ma.fields.Integer(required=True, metadata={"description": "The seat paid."})
    amount = ma.fields.Integer(required=True, metadata={"description": "The chips it receives."})


class HalfSchema(ma.Schema):
    """One half of a stud8 pot."""

    amount = ma.fields.Integer(required=True, metadata={
        "description": "The half's chips: the high half is the larger; 0 in the low half of a pot shared as one."})
    winners = ma.fields.List(ma.fields.Integer(), required=True, metadata={
        "description": "The pot's eligible seats holding the half's best hand (the best high hand, or the best "
                       "qualifying low), ascending."})
    shares = ma.fields.List(ma.fields.Nested(ShareSchema), required=True,
                            metadata={"description": "What each winner takes from the half, odd chips included."})
    winning_hand = ma.fields.String(required=True, allow_none=True,
                                    metadata={"description": "Null when one seat alone was eligible.",
                                              "example": "7-5-4-3-A"})


class PotResultSchema(ma.Schema):
    """One pot: main pot first, then side pots."""

    amount = ma.fields.Integer(required=True, metadata={"description": "Every chip in the pot."})
    eligible = ma.fields.List(ma.fields.Integer(), required=True, metadata={
        "description": "The live seats that reached the pot's level and did not muck, ascending."})
    winners = ma.fields.List(ma.fields.Integer(), required=True, metadata={
        "description": "The eligible seats paid from the pot, ascending: those holding the best hand (razz: the best "
                       "low; stud: the best high hand; stud8: from either half)."})
    shares = ma.fields.List(ma.fields.Nested(ShareSchema), required=True, metadata={
        "description": "What each winner takes from the pot, odd chips included (stud8: both halves')."})
    winning_hand = ma.fields.String(required=True, allow_none=True, metadata={
        "description": "Null when one seat alone was eligible (stud8: the high half's).", "example": "7-5-4-3-A"})
    high = ma.fields.Nested(HalfSchema, metadata={
        "description": "stud8 only: the high half, the whole pot when no seat of the pot holds a qualifying low or "
                       "when the pot is shared as one."})
    low = ma.fields.Nested(HalfSchema, allow_none=True, metadata={
        "description": "stud8 only: the low half, null when no seat of the pot holds a qualifying low (the high takes "
                       "it all); of 0 chips, naming the same winners, when the pot is shared as one."})
    one_pot = ma.fields.Boolean(metadata={
        "description": "stud8 only: true when the same two or more seats hold the best high and the best low and "
                       "share the pot as one, not halved (hilo_same_winners one_pot)."})


class HalvesPotSchema(PotResultSchema):
    """A stud8 pot: its totals, its high half, its low half or null, and whether it was shared as one."""

    high = ma.fields.Nested(HalfSchema, required=True)
    low = ma.fields.Nested(HalfSchema, required=True, allow_none=True)
    one_pot = ma.fields.Boolean(required=True)


class OddChipSchema(ma.Schema):
    """An odd chip of a split pot, who got it, and the rule that decided."""

    pot = ma.fields.Integer(required=True, metadata={"description": "Index into pots (0 is the main pot)."})
    seat = ma.fields.Integer(required=True, metadata={"description": "The seat that got the chip."})
    rule = ma.fields.String(required=True, metadata={"description": "The odd_chip_rule that decided (section 6).",
                                                     "example": "high_card_by_suit_in_5"})
    half = ma.fields.String(validate=ma.validate.OneOf([half.value for half in HalfName]), metadata={
        "description": "stud8 only: the half of the pot the chip is odd in."})


class PaidSchema(ma.Schema):
    """Who wins what: every pot, the payouts (summing to the chips put in) and the odd chips."""

    uncontested = ma.fields.Boolean(required=True, metadata={
        "description": "True when every other seat folded during the betting: the one live seat takes every pot "
                       "without showing. A hand that reached a showdown is contested, even when every other live hand "
                       "mucked there (conceding to the hand that tabled)."})
    winners = ma.fields.List(ma.fields.Integer(), required=True, metadata={
        "description": "The live seats holding the best hand (razz: the best low; stud: the best high hand; stud8: "
                       "the best high hand or the best qualifying low)."})
    pots = ma.fields.List(ma.fields.Nested(PotResultSchema), required=True,
                          metadata={"description": "The main pot first, then the side pots in the order they formed."})
    payouts = ma.fields.List(ma.fields.Nested(ShareSchema), required=True, metadata={
        "description": "Every seat, ascending, with all it takes from the table (0 or more): they sum to the chips "
                       "put in."})
    odd_chips = ma.fields.List(ma.fields.Nested(OddChipSchema), required=True, metadata={
        "description": "Each odd chip of a split pot, in award order (the last side pot first); empty when none."})


class SettlementSchema(PaidSchema):
    """Who wins what: every pot, the payouts (summing to the chips put in) and the odd chips; explained if asked."""

    why = why_field()


def by_division(schema: type[PaidSchema]) -> Callable[[Judging], Writer]:
    """The writers of an answer holding a showdown's result (``schema``), by how the game divides a pot: a stud8 pot
    is written with its halves, its ``low`` null when no low qualifies; razz's and stud's as they always were."""
    pots = schema._declared_fields["pots"]
    halves = type(f"Halves{schema.__name__}", (schema,), {"pots": ma.fields.List(
        ma.fields.Nested(HalvesPotSchema), required=True, metadata=pots.metadata)})
    one, two = answer_writer(schema), answer_writer(halves)
    return lambda judging: one if judging.low is None else two


settlement_writer = by_division(SettlementSchema)


SHOWDOWN_EXAMPLE = {
    "players": [{"seat": 2, "contributed": 55, "cards": ["7s", "5d", "4c", "3c", "Ad", "Qc", "Jc"]},
                {"seat": 4, "contributed": 55, "folded": True},
                {"seat": 6, "contributed": 55, "cards": ["7h", "5s", "4d", "3h", "Ac", "Ks", "9d"]}],
    "rules": {"odd_chip_rule": "high_card_by_suit_in_5"},
}


@blp.json_post("/showdown", ShowdownRequestSchema, SettlementSchema, example=SHOWDOWN_EXAMPLE)
def settle_showdown(request: dict[str, Any], explain: bool) -> Response:
    """Pay every pot of a finished hand: side pots, split pots and odd chips.

    Decides who wins each pot and what every seat is paid, by section 6 of the rules reference: pots
    are cut at the live seats' contribution levels, folded chips stay in the pots they reached, tied
    lows split, and each odd chip goes where the odd_chip_rule says. Hands are valued by section 8
    (with a community card, section 7); a mucked hand (section 5) wins nothing, and is refused where a live
    hand put in less than another, which makes it an all-in showdown (TDA 16).

    In stud the best high hand wins (stud section 4). In stud8 each pot is judged among its own seats
    (stud section 5): without a qualifying low the high takes it; the same two or more players best
    both ways share it as one (marked one_pot, unless hilo_same_winners is by_halves); otherwise it is
    halved, the high half the larger, each half split among its best hands with its own odd chips.
    A lone winner of both halves is paid both.
    """
    players = [ShowdownPlayer(player["seat"], player["contributed"], player["folded"], player["cards"],
                              player["mucked"]) for player in request["players"]]
    position = position_order([player.seat for player in players], request["dealer_seat"])
    game = GAMES[request["game"]]
    judging = game.judging
    rules = resolve_rules(request["rules"], game.name)
    result = showdown(judging, players, request["community_card"], rules.odd_chip_rule, position,
                      rules.hilo_same_winners)
    answer = settlement_writer(judging)(result)
    if explain:
        mucked = [player.seat for player in players if player.mucked]
        answer["why"] = write_why(explain_showdown(judging, result, mucked))
    return json_response(answer)
