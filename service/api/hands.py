"""Hand ranking and comparison: POST /v1/hands/rank and POST /v1/hands/compare."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from itertools import chain, pairwise
from typing import Any, NamedTuple, cast

import marshmallow as ma
import numpy as np
import numpy.typing as npt
from flask import Response

from ..problems import DUPLICATE_ID
from ..stud_family.cards import CARD_CODES, CARD_PATTERN, CARD_TEXT, first_duplicate
from ..stud_family.comparison import Comparison, compare
from ..stud_family.errors import DuplicateCardError
from ..stud_family.games import GAMES, RAZZ, STUD, STUD8
from ..stud_family.judging import Evaluator, HandValue, Judging, LowEvaluator, LowHalf
from ..stud_family.multiset_batches import Valued, build_tables, distinct_values, value_sorted
from ..stud_family.seating import MAX_SEAT, MIN_PLAYERS
from ..stud_family.streets import HAND_SIZE
from ..stud_family.why import Citation, Why
from ..stud_family.work import ranking_work, within_budget
from .base import Items, Length, Object, RequestSchema, Text
from .errors import field_problem
from .explain import why_field, write_why
from .fields import CardText, CardTexts, HandBatchField, game_field
from .messages import shown
from .responses import ApiBlueprint, Writer, answer_writer, json_response
from .work import do_work

HIGH_HAND = STUD.judging.hand
"""Stud's evaluator, also stud/8's high half: a high value's answer is written as it says."""
LOW_HAND = cast(LowHalf, STUD8.judging.low).hand
"""Stud/8's low half's evaluator: a qualifying low's answer is written as it says."""

blp = ApiBlueprint("hands", __name__, url_prefix="/v1/hands",
                   description="Hand values: razz's ace-to-five low, stud's high hand, stud/8's two halves.")

MAX_BATCH = 1000


class RankRequestSchema(RequestSchema):
    """A batch of independent hands, valued in one game."""

    game = game_field()
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


class StudHandResultSchema(ma.Schema):
    """What the rules of stud say a hand is worth for high (stud section 8)."""

    best = ma.fields.List(
        ma.fields.String(metadata={"pattern": CARD_PATTERN}), required=True,
        metadata={"description": "The cards of the best high hand (at most five), in comparison order: larger groups "
                                 "first, then higher ranks, aces high, the five first in 5-4-3-2-A; of equal sets, the "
                                 "one with the higher suits first.",
                  "maxItems": 5, "example": ["Ks", "Kh", "Kd", "7h", "7d"]},
    )
    category = ma.fields.String(required=True, validate=ma.validate.OneOf(HIGH_HAND.categories), metadata={
        "description": "The high hand's category, best first in the list: a straight flush beats four of a kind, "
                       "and so on (stud section 4).",
        "example": "full_house"})
    rank = ma.fields.Integer(
        required=True, validate=ma.validate.Range(min=1, max=max(value.rank for value in HIGH_HAND.values())),
        metadata={"description": "Place among all distinct high values of as many cards used (7,462 for five cards or "
                                 "more; 13, 91, 455 and 1,820 for boards of 1 to 4); 1 is best, equal ranks tie.",
                  "example": 185},
    )
    name = ma.fields.String(required=True, metadata={
        "description": "The ranks of best, dash-separated in comparison order.", "example": "K-K-K-7-7"})
    description = ma.fields.String(required=True, metadata={
        "description": "The value in words, as players say it.", "example": "kings full of sevens"})


class QualifyingLowSchema(ma.Schema):
    """Stud/8's low half of a hand: five different ranks, all 8 or lower, valued as razz's low (stud section 8)."""

    best = ma.fields.List(
        ma.fields.String(metadata={"pattern": CARD_PATTERN}), required=True,
        metadata={"description": "The five cards of the best qualifying low, in comparison order.",
                  "minItems": 5, "maxItems": 5, "example": ["7s", "5d", "4c", "3c", "Ad"]},
    )
    category = ma.fields.String(required=True, validate=ma.validate.OneOf(LOW_HAND.categories), metadata={
        "description": "Every qualifying low is five unpaired cards.", "example": "no_pair"})
    rank = ma.fields.Integer(
        required=True, validate=ma.validate.Range(min=1, max=max(value.rank for value in LOW_HAND.values())),
        metadata={"description": "Place among the 56 qualifying lows: 1 is 5-4-3-2-A, 56 is 8-7-6-5-4; equal ranks "
                                 "tie.", "example": 10},
    )
    name = ma.fields.String(required=True, metadata={
        "description": "The ranks of best, dash-separated in comparison order.", "example": "7-5-4-3-A"})
    description = ma.fields.String(required=True, metadata={
        "description": "The value in words, as players say it.", "example": "seven-five low"})


class Stud8HandResultSchema(ma.Schema):
    """What the rules of stud/8 say a hand is worth: its high half and its qualifying low, or none."""

    high = ma.fields.Nested(StudHandResultSchema, required=True,
                            metadata={"description": "The hand for high, as stud."})
    low = ma.fields.Nested(QualifyingLowSchema, required=True, allow_none=True, metadata={
        "description": "The best low of five different ranks 8 or lower, or null when the hand holds none (as any "
                       "hand of fewer than five cards): it can win no low half."})


class StudRankResponseSchema(ma.Schema):
    """One stud result per hand, in request order."""

    results = ma.fields.List(ma.fields.Nested(StudHandResultSchema), required=True,
                             metadata={"description": "Each hand's high value, in the order of hands."})
    why = why_field()


class Stud8RankResponseSchema(ma.Schema):
    """One stud/8 result per hand, in request order."""

    results = ma.fields.List(ma.fields.Nested(Stud8HandResultSchema), required=True,
                             metadata={"description": "Each hand's high and low halves, in the order of hands."})
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
    game = game_field()


def caller_id_field() -> ma.fields.String:
    """A compared player's id, as the caller named him: the same field in every game's answer."""
    return ma.fields.String(required=True, metadata={"description": "The player's id, as the request gave it.",
                                                     "example": "p1"})


class ComparedHandSchema(HandResultSchema):
    """A player's hand value, under the caller's id."""

    id = caller_id_field()


class CompareResponseSchema(ma.Schema):
    """Every player's value, the finishing order in tie groups, and the winners."""

    results = ma.fields.List(ma.fields.Nested(ComparedHandSchema), required=True,
                             metadata={"description": "Each player's value, in the order of players."})
    order = ma.fields.List(ma.fields.List(ma.fields.String()), required=True,
                           metadata={"description": "Tie groups of ids, best first.", "example": [["p1", "p2"]]})
    winners = ma.fields.List(ma.fields.String(), required=True, metadata={
        "description": "The ids holding the best low: the first group of order.", "example": ["p1", "p2"]})
    why = why_field()


class StudComparedHandSchema(StudHandResultSchema):
    """A player's stud hand value, under the caller's id."""

    id = caller_id_field()


class StudCompareResponseSchema(ma.Schema):
    """Every player's stud value, the finishing order in tie groups, and the winners."""

    results = ma.fields.List(ma.fields.Nested(StudComparedHandSchema), required=True,
                             metadata={"description": "Each player's value, in the order of players."})
    order = ma.fields.List(ma.fields.List(ma.fields.String()), required=True,
                           metadata={"description": "Tie groups of ids, best first.", "example": [["p1"], ["p2"]]})
    winners = ma.fields.List(ma.fields.String(), required=True, metadata={
        "description": "The ids holding the best high hand: the first group of order.", "example": ["p1"]})
    why = why_field()


class Stud8ComparedHandSchema(Stud8HandResultSchema):
    """A player's stud/8 halves, under the caller's id."""

    id = caller_id_field()


class Stud8CompareResponseSchema(ma.Schema):
    """Every player's stud/8 halves, each half's finishing order in tie groups, and each half's winners."""

    results = ma.fields.List(ma.fields.Nested(Stud8ComparedHandSchema), required=True,
                             metadata={"description": "Each player's high and low, in the order of players."})
    high_order = ma.fields.List(ma.fields.List(ma.fields.String()), required=True, metadata={
        "description": "Tie groups of ids by high hand, best first.", "example": [["p1"], ["p2"]]})
    low_order = ma.fields.List(ma.fields.List(ma.fields.String()), required=True, metadata={
        "description": "Tie groups of the ids holding a qualifying low, best first; a player without one is left "
                       "out, and the list is empty when nobody qualifies.", "example": [["p2"]]})
    high_winners = ma.fields.List(ma.fields.String(), required=True, metadata={
        "description": "The ids holding the best high hand: the first group of high_order.", "example": ["p1"]})
    low_winners = ma.fields.List(ma.fields.String(), required=True, metadata={
        "description": "The ids holding the best qualifying low: the first group of low_order, empty when nobody "
                       "qualifies (the high hands take the whole pot).", "example": ["p2"]})
    why = why_field()


write_hand_result = answer_writer(HandResultSchema, written=("best",))
write_high_result = answer_writer(StudHandResultSchema, written=("best",))
write_low_result = answer_writer(QualifyingLowSchema, written=("best",))
write_compared_hand = answer_writer(ComparedHandSchema, written=("best", "id"))
write_comparison = answer_writer(CompareResponseSchema, written=("results", "order", "winners"))
write_stud_compared_hand = answer_writer(StudComparedHandSchema, written=("best", "id"))
write_stud_comparison = answer_writer(StudCompareResponseSchema, written=("results", "order", "winners"))
write_stud8_compared_hand = answer_writer(Stud8ComparedHandSchema, written=("high", "low", "id"))
write_stud8_comparison = answer_writer(Stud8CompareResponseSchema, written=(
    "results", "high_order", "low_order", "high_winners", "low_winners"))


def best_texts(best: Sequence[int]) -> list[str]:
    """The cards of a hand's best five, as text, in comparison order."""
    return [CARD_TEXT[code] for code in best]


_COMPACT = json.JSONEncoder(separators=(",", ":")).encode
"""``json.dumps`` with compact separators, its encoder made once for the thousands of values encoded at import."""


def _after_best(write: Writer, value: HandValue) -> bytes:
    """A value's fields as its schema writes them, JSON after ``best``: a batch answer joins the cards before them."""
    text = _COMPACT(write(value, best=[]))
    if not text.startswith(_BEST_FIRST):
        raise ValueError(f"a hand result must write best first, not {text}")
    return text.removeprefix(_BEST_FIRST).encode()


_BEST_FIRST = '{"best":[],'

_HALF_WRITERS: dict[object, Writer] = {RAZZ.judging.hand: write_hand_result, HIGH_HAND: write_high_result,
                                       LOW_HAND: write_low_result}
"""How each evaluator's values are written: the schema of its half of a result."""


_VALUE_JSON: dict[Any, dict[HandValue, bytes]] = {}
"""``value_json``'s answers, by evaluator."""


def value_json(evaluator: Evaluator[Any] | LowEvaluator[Any]) -> dict[HandValue, bytes]:
    """Each distinct value of an evaluator, its fields after ``best`` JSON-encoded once, the first time it is asked
    (card texts need no escaping, so a batch answer is these fragments and the cards, joined)."""
    fragments = _VALUE_JSON.get(evaluator)
    if fragments is None:
        write = _HALF_WRITERS[evaluator]
        fragments = _VALUE_JSON[evaluator] = {value: _after_best(write, value) for value in evaluator.values()}
    return fragments


# Every game's evaluators, tabulated by rank multiset and their values encoded, at import: the server imports the app
# before it forks its workers, which share them, and no batch waits for a table.
for _judging in (game.judging for game in GAMES.values()):
    for _evaluator in (_judging.hand, *(() if _judging.low is None else (_judging.low.hand,))):
        build_tables(_evaluator)
        value_json(_evaluator)

_CARD_CODE = np.zeros(1 << 16, dtype=np.int64)
"""A card's code by its two characters read as one 16-bit number, the first in the low byte."""
for _text, _code in CARD_CODES.items():
    _CARD_CODE[int.from_bytes(_text.encode("ascii"), "little")] = _code

@cache
def _frame(width: int, before: bytes, after: bytes) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.intp]]:
    """The bytes of a result's beginning holding ``width`` cards, ``before"??","??"after``, and where each card's
    two characters go in it."""
    row = before + b",".join([b'"??"'] * width) + after
    firsts = len(before) + 1 + 5 * np.arange(width)
    return np.frombuffer(row, dtype=np.uint8), np.stack([firsts, firsts + 1], axis=1).ravel()


class _SizeGroup(NamedTuple):
    """A batch's hands of one size: where they sit in it, their cards sorted by code, and those cards as text."""

    where: npt.NDArray[np.intp]
    codes: npt.NDArray[np.int64]
    texts: npt.NDArray[np.uint16]
    """Each card's two characters, the first in the low byte."""


def _size_groups(hands: Sequence[Sequence[str]]) -> list[_SizeGroup]:
    """A batch of card texts parsed in numpy passes, a group for each hand size, each hand sorted by code."""
    texts = np.frombuffer("".join(map("".join, hands)).encode("ascii"), dtype="<u2")
    if len(texts) == HAND_SIZE * len(hands) or len(set(map(len, hands))) == 1:  # at most 7 cards: 7n means all 7
        return [_sorted_group(np.arange(len(hands)), texts.reshape(len(hands), -1))]
    sizes = np.fromiter(map(len, hands), dtype=np.intp, count=len(hands))
    starts = np.cumsum(sizes) - sizes
    groups = []
    for size in np.unique(sizes).tolist():
        where = np.flatnonzero(sizes == size)
        groups.append(_sorted_group(where, texts[starts[where, None] + np.arange(size)]))
    return groups


def _sorted_group(where: npt.NDArray[np.intp], cards: npt.NDArray[np.uint16]) -> _SizeGroup:
    """Hands of one size (two-character texts, a hand a row) parsed to codes, each hand sorted by code: the code
    above the text in one number, so that one sort orders both."""
    both = np.sort(_CARD_CODE[cards] << 16 | cards, axis=1)
    return _SizeGroup(where, both >> 16, (both & 0xFFFF).astype(np.uint16))


def _first_with_duplicate(groups: Sequence[_SizeGroup]) -> int | None:
    """The first hand of the batch (by index) that holds a card twice, or None."""
    pairs = [group.codes[:, 1:] == group.codes[:, :-1] for group in groups]
    if not any(equal.any() for equal in pairs):  # the usual batch: one pass over the whole, none by hand
        return None
    twice = [group.where[equal.any(axis=1)] for group, equal in zip(groups, pairs, strict=True)]
    found = twice[0] if len(twice) == 1 else np.concatenate(twice)
    return int(found.min()) if len(found) else None


class _Division(NamedTuple):
    """One half of a game's answer (the whole of it but in stud/8): its evaluator, and how each hand's piece of it is
    written: its best cards between ``before`` and ``after``, then its value's fields."""

    evaluator: Any
    before: bytes
    after: bytes
    none: bytes
    """The piece of a hand without a value (a stud/8 hand without a qualifying low: ``,"low":null}``)."""
    fields: npt.NDArray[np.uint8]
    """Each value's fields after its best cards, JSON closed as the division is in a result, by the value's number
    (``distinct_values``), a row each padded with NULs to the longest: written once per value, at import."""


_FIELDS_BY_NUMBER: dict[tuple[Any, bytes], npt.NDArray[np.uint8]] = {}
"""``_fields_by_number``'s answers, by evaluator and closing: stud's and stud/8's high halves share theirs."""


def _fields_by_number(evaluator: Any, closing: bytes) -> npt.NDArray[np.uint8]:
    """Each of ``evaluator``'s values' fields (``value_json``) followed by ``closing``, by the value's number, a row
    each, NUL-padded (JSON text holds no NUL, so the padding is never part of an answer); None's row is empty."""
    rows = _FIELDS_BY_NUMBER.get((evaluator, closing))
    if rows is not None:
        return rows
    fragments = value_json(evaluator)
    written = [b"" if value is None else fragments[value] + closing for value in distinct_values(evaluator).values]
    if any(b"\0" in text for text in written):
        raise ValueError("a value's fields hold a NUL byte: they cannot be padded with NULs")
    rows = _FIELDS_BY_NUMBER[evaluator, closing] = np.zeros((len(written), max(map(len, written))), dtype=np.uint8)
    for row, text in zip(rows, written, strict=True):
        row[:len(text)] = np.frombuffer(text, dtype=np.uint8)
    return rows


def _divisions(judging: Judging) -> tuple[_Division, ...]:
    """A game's divisions: razz's and stud's one, stud/8's high and low (its low closing the result, or null)."""
    if judging.low is None:
        return (_Division(judging.hand, b',{"best":[', b"],", b"", _fields_by_number(judging.hand, b"")),)
    return (_Division(judging.hand, b',{"high":{"best":[', b"],", b"", _fields_by_number(judging.hand, b"")),
            _Division(judging.low.hand, b',"low":{"best":[', b"],", b',"low":null}',
                      _fields_by_number(judging.low.hand, b"}")))


_DIVISIONS = {name: _divisions(game.judging) for name, game in GAMES.items()}
"""Each game's divisions, by its name: every value's fields written once, at import, after every table is built."""


def _pieces(division: _Division, cards: npt.NDArray[np.uint16], numbers: npt.NDArray[np.int32]
            ) -> npt.NDArray[np.object_]:
    """Each hand's piece of a division, from its best cards (two-character texts, a row each) and its value's number:
    ``,{"best":["9s","4h","3c"],"category":...}``, its cards framed and its value's fields in one fixed-width row,
    whose trailing NULs numpy's bytes drop."""
    count, width = cards.shape
    row, places = _frame(width, division.before, division.after)
    text = np.empty((count, len(row) + division.fields.shape[1]), dtype=np.uint8)
    text[:, :len(row)] = row
    text[:, places] = cards.view(np.uint8).reshape(count, 2 * width)
    text[:, len(row):] = division.fields.take(numbers, axis=0)
    return text.view(f"S{text.shape[1]}").ravel().astype(object)


class _Half(NamedTuple):
    """One division of a batch's answer: each hand's piece, in request order."""

    pieces: npt.NDArray[np.object_]
    """Each hand's best cards and value's fields, as the division's answer writes them."""
    values: list[Any]
    """Each hand's value, only when explained."""
    best: list[Sequence[int]]
    """Each hand's best cards as codes, only when explained."""


def _value_halves(divisions: Sequence[_Division], groups: Sequence[_SizeGroup], count: int,
                  explain: bool) -> list[_Half]:
    """Every hand's piece of each division, in request order."""
    halves = [_Half(np.empty(count, dtype=object), [None] * count if explain else [], [()] * count if explain else [])
              for _ in divisions]
    evaluators = [division.evaluator for division in divisions]
    for group in groups:
        where = slice(None) if len(group.where) == count else group.where
        rows = np.arange(len(group.where))[:, None]
        for (pieces, values, best), valued, division in zip(
                halves, value_sorted(evaluators, group.codes), divisions, strict=True):
            pieces[where] = _pieces_where_valued(group.texts, valued, division)
            if explain:
                for index, value, codes in zip(group.where.tolist(), valued.values,
                                               group.codes[rows, valued.places].tolist(), strict=True):
                    values[index], best[index] = value, codes
    return halves


def _pieces_where_valued(texts: npt.NDArray[np.uint16], valued: Valued, division: _Division
                         ) -> npt.NDArray[np.object_]:
    """Each hand's piece (``_pieces``), and the division's piece for none where a hand has no value: only the hands
    with a value are written (a stud/8 low: a fifth of random seven-card hands)."""
    size = texts.shape[1]
    if valued.valued.all():
        firsts = np.arange(0, texts.size, size)[:, None]
        return _pieces(division, texts.take(firsts + valued.places), valued.numbers)
    held = np.flatnonzero(valued.valued)
    pieces = np.full(len(texts), division.none, dtype=object)
    if len(held):
        pieces[held] = _pieces(division, texts.take(held[:, None] * size + valued.places.take(held, axis=0)),
                               valued.numbers.take(held))
    return pieces


def _answer(halves: Sequence[_Half], why: bytes) -> bytes:
    """A batch's answer: each hand's pieces, joined once (the first hand's result follows no other)."""
    if len(halves) == 1:
        pieces = halves[0].pieces
    else:
        pieces = np.empty(len(halves) * len(halves[0].pieces), dtype=object)
        for index, half in enumerate(halves):
            pieces[index::len(halves)] = half.pieces
    pieces[0] = b'{"results":[' + pieces[0].removeprefix(b",")
    return b"".join(chain(pieces.tolist(), (b"]", why, b"}")))


RANK_EXAMPLE = {"hands": [["As", "2d", "3c", "4h", "9s", "Kd", "Kc"], ["Ks", "Kh", "Qd", "Qc", "Js", "Jh", "Td"]]}

COMPARE_EXAMPLE = {"players": [{"id": "p1", "cards": ["7s", "5d", "4c", "3c", "Ad", "Qc", "Jc"]},
                               {"id": "p2", "cards": ["7h", "5s", "4d", "3h", "Ac", "Ks", "9d"]},
                               {"id": "p3", "cards": ["8s", "6h", "4s", "2h", "Ah", "Kh", "Kd"]}]}


@blp.json_post("/rank", RankRequestSchema, {"anyOf": [RankResponseSchema, StudRankResponseSchema,
                                                      Stud8RankResponseSchema]}, example=RANK_EXAMPLE)
def rank_hands(request: dict[str, Any], explain: bool) -> Response:
    """Rank 1 to 1000 independent hands of 1 to 7 cards, in the game the request names (razz unless it names one).

    Decides each hand's best five by section 8 of the rules reference: in razz the best ace-to-five
    low (aces low, straights and flushes ignored, as many distinct ranks as possible, the lowest pair
    first when there are fewer than five; RankResponse); in stud the best high hand (StudRankResponse,
    stud section 8); in stud/8 both halves, the high hand and the qualifying low of five different
    ranks 8 or lower, or null (Stud8RankResponse). Each hand is its own deck, so the same card may
    appear in two hands but not twice in one (a duplicate-card problem).
    """
    hands = request["hands"]
    groups = _size_groups(hands)
    index = _first_with_duplicate(groups)
    if index is not None:
        duplicate = CARD_TEXT[cast(int, first_duplicate(map(CARD_CODES.__getitem__, hands[index])))]
        raise field_problem(DuplicateCardError.kind, f"hands[{index}]", f"card {duplicate} appears more than once")
    judging, divisions = GAMES[request["game"]].judging, _DIVISIONS[request["game"]]
    halves = do_work(within_budget(ranking_work(len(hands)), "hands"),
                     lambda: _value_halves(divisions, groups, len(hands), explain))
    why = b""
    if explain:
        why = b',"why":' + json.dumps(write_why(explain_ranking(judging, hands, *halves)),
                                      separators=(",", ":")).encode()
    return Response(_answer(halves, why), mimetype="application/json")


def explain_ranking(judging: Judging, hands: Sequence[Sequence[str]], high: _Half, low: _Half | None = None
                    ) -> list[Why]:
    """Why each hand's best cards are those (in stud/8, for each half; a hand without a qualifying low says so)."""
    evaluator, why = judging.hand, []
    for index, texts in enumerate(hands):
        hand = list(map(CARD_CODES.__getitem__, texts))
        named = f"hands[{index}] {' '.join(texts)}"
        why.append(evaluator.citation.says("best_five", f"{named}: "
                                           f"{evaluator.explain_best(hand, high.values[index], high.best[index])}"))
        if low is not None and judging.low is not None:
            half = judging.low.hand
            if low.values[index] is None:
                why.append(half.citation.says("no_low", f"{named}: no five different ranks 8 or lower, so no low"))
            else:
                why.append(half.citation.says("best_low", f"{named}: "
                                              f"{half.explain_best(hand, low.values[index], low.best[index])}"))
    return why

def _written_comparison(judging: Judging, ids: Sequence[str], comparison: Comparison) -> dict[str, Any]:
    """A comparison as the game's answer shape writes it: razz's, stud's, or stud/8's two halves."""
    order = [[ids[index] for index in group] for group in comparison.order]
    hands = zip(ids, comparison.values, comparison.best, strict=True)
    if judging.low is not None:
        lows = zip(comparison.lows, comparison.low_best, strict=True)
        results = [write_stud8_compared_hand(
            value, id=player_id, high=write_high_result(value, best=best_texts(best)),
            low=None if cards is None else write_low_result(low, best=best_texts(cards)))
            for (player_id, value, best), (low, cards) in zip(hands, lows, strict=True)]
        low_order = [[ids[index] for index in group] for group in comparison.low_order]
        return write_stud8_comparison(comparison, results=results, high_order=order, low_order=low_order,
                                      high_winners=order[0], low_winners=low_order[0] if low_order else [])
    if judging.hand is HIGH_HAND:
        results = [write_stud_compared_hand(value, best=best_texts(best), id=player_id)
                   for player_id, value, best in hands]
        return write_stud_comparison(comparison, results=results, order=order, winners=order[0])
    results = [write_compared_hand(value, best=best_texts(best), id=player_id) for player_id, value, best in hands]
    return write_comparison(comparison, results=results, order=order, winners=order[0])


@blp.json_post("/compare", CompareRequestSchema, {"anyOf": [CompareResponseSchema, StudCompareResponseSchema,
                                                            Stud8CompareResponseSchema]}, example=COMPARE_EXAMPLE)
def compare_hands(request: dict[str, Any], explain: bool) -> Response:
    """Compare 2 to 8 players' hands dealt from one deck, in the game the request names: best first, ties grouped.

    Decides who holds the best hand by section 8 of the rules reference (razz: the best low,
    CompareResponse; stud: the best high hand, StudCompareResponse), and which hands tie: the same
    five ranks tie whatever their suits (section 6). In stud/8 each half has its order and winners
    (Stud8CompareResponse): the high hands, and the qualifying lows, from which a player without one
    is left out. A community card (section 7) plays in every hand. The cards come from one deck, so
    a card held twice is a duplicate-card problem.
    """
    players = request["players"]
    ids = [player["id"] for player in players]
    for index, player_id in enumerate(ids):
        if player_id in ids[:index]:
            raise field_problem(DUPLICATE_ID, f"players[{index}].id",
                                f"id {shown(player_id)} is used by another player")
    judging = GAMES[request["game"]].judging
    comparison = compare(judging, [player["cards"] for player in players], request["community_card"])
    answer = _written_comparison(judging, ids, comparison)
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
    if judging.low is not None:
        why += explain_lows(judging.low, judging.ties_split, ids, comparison)
    return why


def explain_lows(half: LowHalf, ties_split: Citation, ids: Sequence[str], comparison: Comparison) -> list[Why]:
    """Stud/8's low half: each player's qualifying low or none, who ties, and why each low beats the next."""
    evaluator, lows = half.hand, comparison.lows
    why = []
    for player_id, hand, low, cards in zip(ids, comparison.hands, lows, comparison.low_best, strict=True):
        named = f"{player_id} {' '.join(map(CARD_TEXT.__getitem__, hand))}"
        why.append(evaluator.citation.says("no_low", f"{named}: no five different ranks 8 or lower, so no low")
                   if low is None or cards is None else
                   evaluator.citation.says("best_low", f"{named}: {evaluator.explain_best(hand, low, cards)}"))
    for group in comparison.low_order:
        if len(group) > 1:
            tied = ", ".join(ids[index] for index in group)
            why.append(ties_split.says("low_tie", f"{tied} tie for low with {cast(HandValue, lows[group[0]]).name}: "
                                                  f"{half.words.ties}"))
    for better, worse in pairwise(comparison.low_order):
        best, next_best = lows[better[0]], lows[worse[0]]
        why.append(evaluator.citation.says("low_order", f"{ids[better[0]]}'s {cast(HandValue, best).name} beats "
                                                        f"{ids[worse[0]]}'s {cast(HandValue, next_best).name} for low: "
                                                        f"{evaluator.why_better(best, next_best)}"))
    return why
