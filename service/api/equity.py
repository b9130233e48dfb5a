"""Who is ahead with cards to come: POST /v1/equity."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import Response, has_request_context
from flask import request as flask_request

from ..stud_family.betting import TableState
from ..stud_family.draws import MASK
from ..stud_family.equity import (
    DEFAULT_SAMPLES,
    EXACT_BUDGET,
    MOST_SAMPLES,
    STUD_EXACT_BYTES,
    STUD_EXACT_UNITS,
    Equity,
    Method,
    SeatHiLoEquity,
    StudEquity,
    equity,
    equity_work,
    explain_equity,
)
from ..stud_family.equity_spot import read_spot
from ..stud_family.equity_table import live_equity
from ..stud_family.errors import SnapshotError
from ..stud_family.games import GAMES
from ..stud_family.rules import resolve_rules
from ..stud_family.seating import MAX_SEAT, MIN_PLAYERS
from ..stud_family.snapshot import Snapshot
from ..stud_family.streets import MAX_DOWN_CARDS, MAX_UP_CARDS
from ..stud_family.work import (
    EXACT_COMBINATIONS_PER_UNIT,
    SAMPLE_VALUATIONS_PER_UNIT,
    STUD_SAMPLE_VALUATIONS_PER_UNIT,
    WORK_BUDGET,
    within_budget,
)
from .base import Items, Length, Object, RequestSchema
from .explain import ExplainQuerySchema, explain_asked, why_field, write_why
from .fields import CardTexts, Choice, WholeNumber, game_field, seat_field
from .responses import ApiBlueprint, answer_writer, json_response
from .rules_options import RulesSchema
from .work import do_work

blp = ApiBlueprint("equity", __name__, url_prefix="/v1", description="Who is ahead with cards to come.")

DECK = 52
MAX_SEED = MASK >> 1

EQUITY_EXAMPLE = {"players": [{"seat": 1, "up_cards": ["2h"], "down_cards": ["3h", "4h"]},
                              {"seat": 2, "up_cards": ["5s"], "down_cards": ["6s", "7s"]}]}


class EquityPlayerSchema(RequestSchema):
    """A live player's cards: every up card, and the down cards the caller knows."""

    seat = seat_field(required=True, metadata={"description": "The player's seat, 1 to 8."})
    up_cards = CardTexts(1, MAX_UP_CARDS, required=True, metadata={
        "description": "The up cards in deal order, 1 to 4: as many for every player, which fixes the street."})
    down_cards = CardTexts(0, MAX_DOWN_CARDS, count_kind=SnapshotError.kind, load_default=(), metadata={
        "description": "The down cards the caller knows, 0 to 3, the first dealt first (a third is 7th street's, "
                       "with 4 up cards); the rest are unknown (default: none known)."})


class EquityRequestSchema(RequestSchema):
    """The live players' cards, the cards known to be out of play, and how to compute."""

    game = game_field()
    players = Items(Object(EquityPlayerSchema), required=True,
                    validate=Length(min=MIN_PLAYERS, max=MAX_SEAT, kind=SnapshotError.kind),
                    metadata={"description": "The live players, 2 to 8, each seat once, cards from one deck.",
                              "example": EQUITY_EXAMPLE["players"]})
    dead_cards = CardTexts(0, DECK, load_default=(), metadata={
        "description": "Cards known to be out of play: folded players' up cards, a card exposed and replaced "
                       "(default: none)."})
    dealt = Items(WholeNumber(minimum=MIN_PLAYERS, maximum=MAX_SEAT), load_default=None,
                  validate=Length(min=1, max=MAX_UP_CARDS), metadata={
                      "description": "How many players were dealt each street so far, 3rd street first, one count "
                                     "per up card (default: the live players on every street): section 7 counts "
                                     "the stub from it to decide whether 7th street is a community card."})
    method = Choice(Method, load_default=Method.AUTO, metadata={
        "description": f"exact enumerates every deal (refused past its budget: in razz {EXACT_BUDGET:,} rank "
                       f"combinations; in stud and stud8 {STUD_EXACT_UNITS:,} work units and "
                       f"{STUD_EXACT_BYTES >> 20} MB of memory, both estimated before it starts); sample deals "
                       "random completions; auto (default) is exact within the budget, else samples."})
    samples = WholeNumber(minimum=1, maximum=MOST_SAMPLES, load_default=None, metadata={
        "description": f"Deals sampled, 1 to {MOST_SAMPLES:,} (default {DEFAULT_SAMPLES:,}: a standard error of "
                       f"at most 0.36%). A request is held to a work budget of {WORK_BUDGET:,} units (about a "
                       f"microsecond of a core each): sampling takes one per {SAMPLE_VALUATIONS_PER_UNIT} players' "
                       f"hands valued in razz, one per {STUD_SAMPLE_VALUATIONS_PER_UNIT} in stud and stud8; exact in "
                       f"razz one per {EXACT_COMBINATIONS_PER_UNIT} rank combinations."})
    seed = WholeNumber(maximum=MAX_SEED, load_default=0, metadata={
        "description": "The samples' seed, any whole number up to 2^63 - 1 (default 0): the same seed gives the "
                       "same samples on every replica and every release. Sample i is dealt by the scenarios' "
                       "generator at (seed, i): the unseen cards, ascending (aces first; clubs, diamonds, hearts, "
                       "spades within a rank), shuffled by Fisher-Yates from the last place for as many places as "
                       "cards are dealt, and the cards so placed, last place first, go to each player in the "
                       "request's order, its missing cards, then to the community card."})
    rules = Object(RulesSchema, load_default=None, metadata={
        "description": "Rules options over the standard preset; here max_players bounds the players dealt."})


class SeatEquitySchema(ma.Schema):
    """One live player's chances."""

    seat = ma.fields.Integer(required=True, metadata={"description": "The player's seat."})
    win = ma.fields.Float(required=True, metadata={"description": "The probability of holding the one best hand."})
    tie = ma.fields.Float(required=True, metadata={"description": "The probability of sharing the best hand."})
    equity = ma.fields.Float(required=True, metadata={
        "description": "The expected share of the pot: a k-way tie counts 1/k. The players' equities sum to 1."})


class ChancesSchema(ma.Schema):
    """A player's chances in one half of a stud8 pot."""

    win = ma.fields.Float(required=True, metadata={"description": "The probability of holding the half's one best "
                                                                  "hand."})
    tie = ma.fields.Float(required=True, metadata={"description": "The probability of sharing the half's best hand."})


class SeatHiLoEquitySchema(ma.Schema):
    """One live player's chances in stud8: in each half, to scoop, and the expected share of the pot."""

    seat = ma.fields.Integer(required=True, metadata={"description": "The player's seat."})
    high = ma.fields.Nested(ChancesSchema, required=True, metadata={"description": "The high half."})
    low = ma.fields.Nested(ChancesSchema, required=True, metadata={
        "description": "The low half: a low of five different ranks 8 or lower; without one a player neither wins "
                       "nor shares it."})
    scoop = ma.fields.Float(required=True, metadata={
        "description": "The probability of winning the whole pot alone: the one best high and the one best low, or "
                       "the one best high when no low qualifies."})
    equity = ma.fields.Float(required=True, metadata={
        "description": "The expected share of the pot: halved between the best high and the best qualifying low "
                       "(the whole pot to the high when no low qualifies), a k-way tie in a half counting 1/k of "
                       "that half. The players' equities sum to 1."})


class EquitySchema(ma.Schema):
    """Each live player's chances and how they were computed (razz and stud)."""

    players = ma.fields.List(ma.fields.Nested(SeatEquitySchema), required=True,
                             metadata={"description": "The live players, in the request's order."})
    method = ma.fields.String(required=True, validate=ma.validate.OneOf([Method.EXACT.value, Method.SAMPLE.value]),
                              metadata={"description": "exact: every deal counted; sample: random deals."})
    deals = ma.fields.Integer(metadata={
        "description": "exact only: the equally likely deals counted (the ways to give each live player its "
                       "missing cards as a set, and the community card if any), a whole number."})
    samples = ma.fields.Integer(metadata={"description": "sample only: the deals sampled."})
    seed = ma.fields.Integer(metadata={"description": "sample only: the seed the deals were drawn from."})
    standard_error = ma.fields.Float(metadata={
        "description": "sample only: the largest standard error of the players' equities."})
    why = why_field()


class HiLoEquitySchema(EquitySchema):
    """Each live player's chances in stud8, each half and the scoop, and how they were computed."""

    players = ma.fields.List(ma.fields.Nested(SeatHiLoEquitySchema), required=True,
                             metadata={"description": "The live players, in the request's order."})


write_equity = answer_writer(EquitySchema, written=("players",))
write_seat = answer_writer(SeatEquitySchema)
write_hilo_seat = answer_writer(SeatHiLoEquitySchema, written=("high", "low"))
write_chances = answer_writer(ChancesSchema)


def write_players(answer: Equity | StudEquity) -> list[dict[str, Any]]:
    """Each seat's chances as its game answers them: stud8's by halves, razz's and stud's as one."""
    return [write_hilo_seat(player, high=write_chances(player.high), low=write_chances(player.low))
            if isinstance(player, SeatHiLoEquity) else write_seat(player) for player in answer.players]


@blp.json_post("/equity", EquityRequestSchema, {"anyOf": [EquitySchema, HiLoEquitySchema]},
               example=EQUITY_EXAMPLE)
def compute_equity(request: dict[str, Any], explain: bool) -> Response:
    """Each live player's chance to win, to tie and expected share of the pot, with cards still to come.

    Every unseen card is equally likely to be any card not named in the request. exact counts
    every deal: in razz by the ranks each player receives (section 8: suits never decide a low),
    each weighted by the ways the deck deals them; in stud and stud8 every completion, each
    player's valued once (stud sections 4 and 5: the high hand, and in stud8 the pot halved with
    the best low of five different ranks 8 or lower, the high taking it all without one). sample
    deals random completions from the seed with the scenarios' generator. Section 7 decides whether
    7th street is a community card, which plays in every hand and in both halves; a tie splits the
    pot or the half (section 6). stud8 answers each player's chances by halves (HiLoEquity).
    """
    game = GAMES[request["game"]]
    max_players = resolve_rules(request["rules"], game.name).max_players
    spot = read_spot([(player["seat"], player["up_cards"], player["down_cards"]) for player in request["players"]],
                     request["dead_cards"], request["dealt"], max_players)
    method, samples = request["method"], request["samples"]
    judging = game.judging
    units = within_budget(equity_work(judging, spot, method, samples),
                          "samples" if method is Method.SAMPLE else "method")
    answer = do_work(units, lambda: equity(judging, spot, method, samples, request["seed"]))
    body = write_equity(answer, players=write_players(answer))
    if explain:
        body["why"] = write_why(explain_equity(judging, spot, answer))
    return json_response(body)


EQUITY = "equity"
"""The query parameter that asks the table's state for the live hands' equity."""


class TableQuerySchema(ExplainQuerySchema):
    """The query string of POST /v1/table/state."""

    equity = ma.fields.Boolean(load_default=False, metadata={
        "description": "true adds `equity`: the live hands' equity where the snapshot stands (POST /v1/equity, auto, "
                       "on the cards it shows). Without it the answer is byte for byte what it is."})


def equity_field() -> ma.fields.Field:
    """The ``equity`` of a table's state: the answer of POST /v1/equity for the game, or null."""
    return ma.fields.Raw(allow_none=True, metadata={
        "anyOf": [{"$ref": "#/components/schemas/Equity"}, {"$ref": "#/components/schemas/HiLoEquity"},
                  {"type": "null"}],
        "description": "Only with ?equity=true: the live hands' equity where the snapshot stands, from the cards it "
                       "shows, as POST /v1/equity answers it with method auto (each live player's up cards and the "
                       "down cards given; folded and mucked players' cards dead; the players dealt each street "
                       "counted from the up cards shown; the community card once turned); null when fewer than two "
                       "hands are live."})


def table_equity(snapshot: Snapshot, state: TableState) -> dict[str, Any] | None:
    """The live hands' equity where ``state`` stands, if the query asks for it (``?equity=true``), written as POST
    /v1/equity writes it; its work estimated first and done where the server puts heavy work."""
    live = live_equity(snapshot, state)
    if live is None:
        return None
    answer = do_work(within_budget(live.units, EQUITY), live.compute)
    return write_equity(answer, players=write_players(answer))


def equity_asked() -> bool:
    """Whether the request's query string asks for the equity (a value other than true or false is a 422)."""
    return has_request_context() and explain_asked(flask_request.args, EQUITY)
