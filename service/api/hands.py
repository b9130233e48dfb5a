"""Hand ranking and comparison: POST /v1/hands/rank and POST /v1/hands/compare."""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import pairwise, repeat
from typing import Any, cast

import marshmallow as ma
from flask import Response

from ..problems import DUPLICATE_ID
from ..stud_family.cards import CARD_PATTERN, CARD_TEXT, first_duplicate
from ..stud_family.comparison import Comparison, compare
from ..stud_family.errors import DuplicateCardError
from ..stud_family.games import RAZZ
from ..stud_family.judging import HandValue, Judging
from ..stud_family.seating import MAX_SEAT, MIN_PLAYERS
from ..stud_family.streets import HAND_SIZE
from ..stud_family.why import Why
from ..stud_family.work import ranking_work, within_budget
from .base import Items, Length, Object, RequestSchema, Text
from .errors import field_problem
from .explain import why_field, write_why
from .fields import CardText, CardTexts, HandBatchField
from .messages import shown
from .responses import ApiBlueprint, answer_writer, json_response
from .work import do_work

blp = ApiBlueprint("hands", __name__, url_prefix="/v1/hands", description="Ace-to-five low hand values.")

MAX_BATCH = 1000


class RankRequestSchema(RequestSchema):
    """A batch of independent hands."""

    hands = HandBatchField(
        required=True, validate=Length(min=1, max=MAX_BATCH),
        metadata={"description": "1 to 1000 hands of 1 to 7 cards, each its own deck: a card appears once per hand.",
                  "example": [["As", "2d", "3c", "4h", "9s", "Kd", "Kc"], ["Ks", "Kh", "Qd", "Qc", "Js", "Jh", "Td"]]},
    )


class HandResultSchema(ma.Schema):
    """What the rules say a hand is worth."""

    best = ma.fields.List(
        ma.fields.String(metadata={"pattern": CARD_PATTERN}), required=True,
        metadata={"description": "The cards of the best low (at most five), in comparison order.",
                  "maxItems": 5, "example": ["9s", "4h", "3c", "2d", "As"]},
    )
    category = ma.fields.String(required=True, validate=ma.validate.OneOf(RAZZ.judging.hand.categories), metadata={
        "description": "The low's category: no pair beats one pair, which beats two pair, and so on (section 8).",
        "example": "no_pair"})
    rank = ma.fields.Integer(
        required=True, validate=ma.validate.Range(min=1, max=6175),
        metadata={"description": "Place among all distinct values of as many cards used; 1 is best, equal ranks tie.",
                  "example": 57},
    )
    name = ma.fields.String(required=True, metadata={
        "description": "The ranks of best, dash-separated in comparison order.", "example": "9-4-3-2-A"})
    description = ma.fields.String(required=True, metadata={
        "description": "The value in words, as players say it.", "example": "nine-four low"})


class RankResponseSchema(ma.Schema):
    """One result per hand, in request order."""

    results = ma.fields.List(ma.fields.Nested(HandResultSchema), required=True,
                             metadata={"description": "Each hand's value, in the order of hands."})
    why = why_field()


class PlayerCardsSchema(RequestSchema):
    """A player's cards, under the caller's own id."""

    id = Text(required=True, validate=Length(min=1, max=64), metadata={
        "description": "The caller's name for the player, unique in the request.", "example": "p1"})
    cards = CardTexts(1, HAND_SIZE, required=True, metadata={
        "description": "The player's 1 to 7 cards (6 when a community card plays).",
        "example": ["7s", "5d", "4c", "3c", "Ad", "Qc", "Jc"]})


class CompareRequestSchema(RequestSchema):
    """Players whose cards come from one deck, with an optional community card for every hand."""

    players = Items(
        Object(PlayerCardsSchema), required=True, validate=Length(min=MIN_PLAYERS, max=MAX_SEAT),
        metadata={"description": "2 to 8 players with distinct ids, their cards dealt from one deck.",
                  "example": [{"id": "p1", "cards": ["7s", "5d", "4c", "3c", "Ad", "Qc", "Jc"]},
                              {"id": "p2", "cards": ["7h", "5s", "4d", "3h", "Ac", "Ks", "9d"]}]},
    )
    community_card = CardText(load_default=None, allow_none=True,
                              metadata={"description": "A card that plays in every hand (7th street, short deck)."})


class ComparedHandSchema(HandResultSchema):
    """A player's hand value, under the caller's id."""

    id = ma.fields.String(required=True, metadata={"description": "The player's id, as the request gave it.",
                                                   "example": "p1"})


class CompareResponseSchema(ma.Schema):
    """Every player's value, the finishing order in tie groups, and the winners."""

    results = ma.fields.List(ma.fields.Nested(ComparedHandSchema), required=True,
                             metadata={"description": "Each player's value, in the order of players."})
    order = ma.fields.List(ma.fields.List(ma.fields.String()), required=True,
                           metadata={"description": "Tie groups of ids, best first.", "example": [["p1", "p2"]]})
    winners = ma.fields.List(ma.fields.String(), required=True, metadata={
        "description": "The ids holding the best low: the first group of order.", "example": ["p1", "p2"]})
    why = why_field()


write_hand_result = answer_writer(HandResultSchema, written=("best",))
write_compared_hand = answer_writer(ComparedHandSchema, written=("best", "id"))
write_comparison = answer_writer(CompareResponseSchema, written=("results", "order", "winners"))


def best_texts(best: Sequence[int]) -> list[str]:
    """The cards of a hand's best five, as text, in comparison order."""
    return [CARD_TEXT[code] for code in best]


_BEST_FIRST = '{"best":[],'


def _after_best(value: HandValue) -> str:
    """A value's fields as the schema writes them, JSON after ``best``: the rank answer joins the cards before them."""
    text = json.dumps(write_hand_result(value, best=[]), separators=(",", ":"))
    if not text.startswith(_BEST_FIRST):
        raise ValueError(f"HandResultSchema must write best first, not {text}")
    return text.removeprefix(_BEST_FIRST)


VALUE_JSON = {value: _after_best(value) for value in RAZZ.judging.hand.values()}
"""Each distinct value's fields, JSON-encoded once (card texts need no escaping, so a batch answer is these
fragments and the cards, joined)."""


RANK_EXAMPLE = {"hands": [["As", "2d", "3c", "4h", "9s", "Kd", "Kc"], ["Ks", "Kh", "Qd", "Qc", "Js", "Jh", "Td"]]}

COMPARE_EXAMPLE = {"players": [{"id": "p1", "cards": ["7s", "5d", "4c", "3c", "Ad", "Qc", "Jc"]},
                               {"id": "p2", "cards": ["7h", "5s", "4d", "3h", "Ac", "Ks", "9d"]},
                               {"id": "p3", "cards": ["8s", "6h", "4s", "2h", "Ah", "Kh", "Kd"]}]}


@blp.json_post("/rank", RankRequestSchema, RankResponseSchema, example=RANK_EXAMPLE)
def rank_hands(request: dict[str, Any], explain: bool) -> Response:
    """Rank 1 to 1000 independent hands of 1 to 7 cards.

    Decides each hand's best ace-to-five low by section 8 of the rules reference: aces low, straights
    and flushes ignored, as many distinct ranks as possible, the lowest pair first when there are
    fewer than five. Each hand is its own deck, so the same card may appear in two hands but not
    twice in one (a duplicate-card problem).
    """
    hands = request["hands"]
    distinct = list(map(len, map(set, hands)))
    if distinct != list(map(len, hands)):
        index = next(index for index, hand in enumerate(hands) if distinct[index] != len(hand))
        duplicate = CARD_TEXT[cast(int, first_duplicate(hands[index]))]  # fewer distinct cards than cards
        raise field_problem(DuplicateCardError.kind, f"hands[{index}]", f"card {duplicate} appears more than once")
    judging = RAZZ.judging
    values, cards = do_work(within_budget(ranking_work(len(hands)), "hands"), lambda: judging.hand.rank_batch(hands))
    best = map('","'.join, map(map, repeat(CARD_TEXT.__getitem__), cards))
    results = map("".join, zip(repeat('{"best":["'), best, repeat('"],'), map(VALUE_JSON.__getitem__, values)))
    why = ""
    if explain:
        evaluator = judging.hand
        explained = [evaluator.citation.says("best_five", f"hands[{index}] {' '.join(map(CARD_TEXT.__getitem__, hand))}"
                                             f": {evaluator.explain_best(hand, value, best)}")
                     for index, (hand, value, best) in enumerate(zip(hands, values, cards, strict=True))]
        why = ',"why":' + json.dumps(write_why(explained), separators=(",", ":"))
    return Response('{"results":[' + ",".join(results) + "]" + why + "}", mimetype="application/json")


@blp.json_post("/compare", CompareRequestSchema, CompareResponseSchema, example=COMPARE_EXAMPLE)
def compare_hands(request: dict[str, Any], explain: bool) -> Response:
    """Compare 2 to 8 players' hands dealt from one deck: best low first, ties grouped.

    Decides who holds the best low by section 8 of the rules reference, and which hands tie: the
    same five ranks tie whatever their suits (section 6). A community card (section 7) plays in
    every hand. The cards come from one deck, so a card held twice is a duplicate-card problem.
    """
    players = request["players"]
    ids = [player["id"] for player in players]
    for index, player_id in enumerate(ids):
        if player_id in ids[:index]:
            raise field_problem(DUPLICATE_ID, f"players[{index}].id",
                                f"id {shown(player_id)} is used by another player")
    judging = RAZZ.judging
    comparison = compare(judging, [player["cards"] for player in players], request["community_card"])
    results = [write_compared_hand(value, best=best_texts(best), id=player_id)
               for player_id, value, best in zip(ids, comparison.values, comparison.best, strict=True)]
    order = [[ids[index] for index in group] for group in comparison.order]
    answer = write_comparison(comparison, results=results, order=order, winners=order[0])
    if explain:
        answer["why"] = write_why(explain_comparison(judging, ids, comparison))
    return json_response(answer)


def explain_comparison(judging: Judging, ids: Sequence[str], comparison: Comparison) -> list[Why]:
    """Why each player's best five are those, who ties (suits never break a tie) and why the winners beat the rest."""
    evaluator, values = judging.hand, comparison.values
    why = [evaluator.citation.says("best_five", f"{player_id} {' '.join(map(CARD_TEXT.__getitem__, hand))}: "
                                   + evaluator.explain_best(hand, value, best))
           for player_id, hand, value, best in zip(ids, comparison.hands, values, comparison.best, strict=True)]
    for group in comparison.order:
        if len(group) > 1:
            tied = ", ".join(ids[index] for index in group)
            why.append(judging.ties_split.says("tie", f"{tied} tie with {values[group[0]].name}: the same ranks, and "
                                                      "suits never break a tie"))
    for better, worse in pairwise(comparison.order):
        best, next_best = values[better[0]], values[worse[0]]
        why.append(evaluator.citation.says("order", f"{ids[better[0]]}'s {best.name} beats {ids[worse[0]]}'s "
                                                    f"{next_best.name}: {evaluator.why_better(best, next_best)}"))
    return why
