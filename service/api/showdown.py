"""Showdown and split pots: POST /v1/showdown."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import Response

from ..stud_family.games import RAZZ
from ..stud_family.rules import resolve_rules
from ..stud_family.seating import MAX_SEAT, position_order
from ..stud_family.showdown import ShowdownPlayer, explain_showdown, showdown
from ..stud_family.streets import HAND_SIZE
from .base import Items, Length, Object, RequestSchema
from .explain import why_field, write_why
from .fields import CardText, CardTexts, StrictBoolean, WholeNumber, seat_field
from .responses import ApiBlueprint, answer_writer, json_response
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
        "description": "Rules options over the standard preset; here odd_chip_rule decides who gets an odd chip."})


class ShareSchema(ma.Schema):
    """Chips one seat receives."""

    seat = ma.fields.Integer(required=True, metadata={"description": "The seat paid."})
    amount = ma.fields.Integer(required=True, metadata={"description": "The chips it receives."})


class PotResultSchema(ma.Schema):
    """One pot: main pot first, then side pots."""

    amount = ma.fields.Integer(required=True, metadata={"description": "Every chip in the pot."})
    eligible = ma.fields.List(ma.fields.Integer(), required=True, metadata={
        "description": "The live seats that reached the pot's level and did not muck, ascending."})
    winners = ma.fields.List(ma.fields.Integer(), required=True,
                             metadata={"description": "The eligible seats holding the best low, ascending."})
    shares = ma.fields.List(ma.fields.Nested(ShareSchema), required=True,
                            metadata={"description": "What each winner takes from the pot, odd chips included."})
    winning_hand = ma.fields.String(required=True, allow_none=True,
                                    metadata={"description": "Null when one seat alone was eligible.",
                                              "example": "7-5-4-3-A"})


class OddChipSchema(ma.Schema):
    """An odd chip of a split pot, who got it, and the rule that decided."""

    pot = ma.fields.Integer(required=True, metadata={"description": "Index into pots (0 is the main pot)."})
    seat = ma.fields.Integer(required=True, metadata={"description": "The seat that got the chip."})
    rule = ma.fields.String(required=True, metadata={"description": "The odd_chip_rule that decided (section 6).",
                                                     "example": "high_card_by_suit_in_5"})


class PaidSchema(ma.Schema):
    """Who wins what: every pot, the payouts (summing to the chips put in) and the odd chips."""

    uncontested = ma.fields.Boolean(required=True, metadata={
        "description": "True when every other seat folded during the betting: the one live seat takes every pot "
                       "without showing. A hand that reached a showdown is contested, even when every other live hand "
                       "mucked there (conceding to the hand that tabled)."})
    winners = ma.fields.List(ma.fields.Integer(), required=True,
                             metadata={"description": "The best low among the live seats."})
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


write_settlement = answer_writer(SettlementSchema)


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
    """
    players = [ShowdownPlayer(player["seat"], player["contributed"], player["folded"], player["cards"],
                              player["mucked"]) for player in request["players"]]
    position = position_order([player.seat for player in players], request["dealer_seat"])
    judging = RAZZ.judging
    odd_chip_rule = resolve_rules(request["rules"]).odd_chip_rule
    result = showdown(judging, players, request["community_card"], odd_chip_rule, position)
    answer = write_settlement(result)
    if explain:
        mucked = [player.seat for player in players if player.mucked]
        answer["why"] = write_why(explain_showdown(judging, result, mucked))
    return json_response(answer)
