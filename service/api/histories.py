"""Hand histories as written, checked and settled in bulk: POST /v1/hand-histories/check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flask
import marshmallow as ma
from flask import Response

from ..histories.check import HandCheck, rules_by_game
from ..histories.formats import FORMATS
from ..histories.history import AUTO, HistoryCheck, HistoryPlan
from ..histories.lean import lean_history, written_allin, written_error, written_skip
from ..histories.phh import write as write_phh
from ..histories.written import Game
from ..stud_family.rules import resolve_rules
from ..stud_family.snapshot import Action, PlayerIn
from ..stud_family.work import HAND_CHECK_UNITS, WORK_BUDGET
from .base import Length, Object, OneOf, RequestSchema, Text
from .explain import EXPLANATION_FIELDS, why_field, write_why
from .responses import ApiBlueprint, answer_writer, json_response
from .rules_options import RulesSchema
from .showdown import ShareSchema
from .table import SnapshotSchema, WholeHandSchema, write_whole_hand
from .work import do_work

blp = ApiBlueprint("hand-histories", __name__, url_prefix="/v1",
                   description="Real hand histories (PHH, PokerStars, Full Tilt, Winamax, Merge) checked and "
                               "settled.")

MAX_HANDS = 1000
MAX_TEXT = 3_000_000
"""Characters of a history's text: 1,000 PokerStars hands of a full table fit (a hand is about 2,000)."""

EXAMPLE = {"format": "phh", "text": (
    "variant = 'FR'\nantes = [100000, 100000]\nbring_in = 100000\nsmall_bet = 300000\nbig_bet = 600000\n"
    "starting_stacks = [2150000, 27550000]\n"
    "actions = ['d dh p1 QhQd8s', 'd dh p2 As2c6h', 'p1 pb', 'p2 cbr 300000', 'p1 f']\n"
    "finishing_stacks = [1950000, 27750000]\n")}


class HistoryRequestSchema(RequestSchema):
    """A history's text, one hand or many, in a format the service reads."""

    format = Text(load_default=AUTO, validate=OneOf([AUTO, *FORMATS]), metadata={
        "description": "auto (the default): the format is told by the text's first line, and a text in a format not "
                       "read is a 422 unsupported-format naming what it looks like; phh: a PHH file or a PHHS file of "
                       "tables [1], [2]...; pokerstars, fulltilt, winamax: a site's razz export of many hands; merge: "
                       "the Merge network's XML export."})
    text = Text(required=True, validate=Length(min=1, max=MAX_TEXT),
                            metadata={"description": f"Up to {MAX_HANDS} hands, as written. A check is held to the "
                                                   f"work budget of one request ({WORK_BUDGET:,} units, about a "
                                                   "microsecond of a core each; a hand takes "
                                                   f"{HAND_CHECK_UNITS:,}): the all-in equities its hands leave "
                                                   "no budget for are left out (allin null), each with a note."})
    rules = Object(RulesSchema, load_default=None, metadata={
        "description": "Rules options over the standard preset, for replaying every hand of the text."})


class HandProblemSchema(ma.Schema):
    """Why a hand is not valid: the problem the JSON endpoints give, and the entry at fault."""

    type = ma.fields.String(required=True, metadata={"description": "A problem type of the Problem schema."})
    detail = ma.fields.String(required=True, metadata={"description": "One sentence a person understands."})
    source = ma.fields.String(required=True, metadata={"description": "The entry at fault, as written."})
    line = ma.fields.Integer(required=True, metadata={"description": "Its 1-based line in text."})


class SkippedSchema(ma.Schema):
    """Why a hand was not checked: a game the service does not play, or whose rules the request's rules object
    cannot give. Never an error."""

    game = ma.fields.String(required=True, metadata={
        "description": "The hand's game: razz, stud or stud8 when the service names it, else as the history writes "
                       "it (\"Hold'em No Limit\", PHH's \"NT\")."})
    detail = ma.fields.String(required=True, metadata={"description": "One sentence a person understands."})
    source = ma.fields.String(required=True, metadata={"description": "The entry that names the game, as written."})
    line = ma.fields.Integer(required=True, metadata={"description": "Its 1-based line in text."})


class RecordedSchema(ma.Schema):
    """What the history says was paid, in the smallest unit."""

    kind = ma.fields.String(required=True, validate=ma.validate.OneOf(["finishing_stacks", "winnings", "collected"]),
                            metadata={"description": "PHH finishing_stacks or winnings; a site's export: collected."})
    amounts = ma.fields.List(ma.fields.Nested(ShareSchema), required=True, metadata={
        "description": "By seat: the stack after the hand, or what the seat collected (after the rake)."})
    returned = ma.fields.List(ma.fields.Nested(ShareSchema), required=True,
                              metadata={"description": "Uncalled bets handed back, as PokerStars, Full Tilt and Merge "
                                                       "write them (Winamax counts them in what was collected)."})
    rake = ma.fields.Integer(required=True, metadata={"description": "What the house took, as written (0 when none)."})


class DiscrepancySchema(ma.Schema):
    """A seat the history pays otherwise than the rules, in the history's terms (a stack, or chips collected)."""

    seat = ma.fields.Integer(required=True, metadata={"description": "The seat paid otherwise."})
    recorded = ma.fields.Integer(required=True, metadata={"description": "What the history records for it."})
    computed = ma.fields.Integer(required=True, metadata={"description": "What the rules give it, in the same terms."})


class SeatShareSchema(ma.Schema):
    """A seat's equity in a pot."""

    seat = ma.fields.Integer(required=True, metadata={"description": "The seat."})
    equity = ma.fields.Float(required=True, metadata={"description": "Its expected share of the pot, 0 to 1."})


class HalfShareSchema(ma.Schema):
    """What a seat could expect from one half of a stud8 pot."""

    seat = ma.fields.Integer(required=True, metadata={"description": "The seat."})
    equity = ma.fields.Float(required=True, metadata={"description": "Its expected share of the pot won in this half."})
    amount = ma.fields.Integer(required=True, metadata={"description": "That share of the pot, in the history's unit."})


class PotHalvesSchema(ma.Schema):
    """A stud8 pot's expectations by half: every amount of both halves sums exactly to the pot."""

    high = ma.fields.List(ma.fields.Nested(HalfShareSchema), required=True, metadata={
        "description": "From the high half (and the whole pot when no low qualifies), each eligible seat ascending."})
    low = ma.fields.List(ma.fields.Nested(HalfShareSchema), required=True, metadata={
        "description": "From the low half, each eligible seat ascending."})


class PotEquitySchema(ma.Schema):
    """One pot's equities among the seats eligible for it."""

    amount = ma.fields.Integer(required=True, metadata={"description": "Every chip in the pot."})
    eligible = ma.fields.List(ma.fields.Integer(), required=True,
                              metadata={"description": "The live seats eligible for it, ascending."})
    equities = ma.fields.List(ma.fields.Nested(SeatShareSchema), required=True, metadata={
        "description": "Each eligible seat's equity in the pot (POST /v1/equity among them), ascending."})
    halves = ma.fields.Nested(PotHalvesSchema, metadata={
        "description": "stud8 only: what each eligible seat could expect from each half, rounded to the unit so "
                       "that both halves' amounts sum exactly to the pot."})


class AllInSchema(ma.Schema):
    """What each seat could expect when the betting ended: the all-in equity."""

    street = ma.fields.Integer(required=True, metadata={"description": "The street the betting ended on, 3 to 6."})
    pots = ma.fields.List(ma.fields.Nested(PotEquitySchema), required=True, metadata={
        "description": "The main pot first, then the side pots, as the showdown cuts them."})
    expected = ma.fields.List(ma.fields.Nested(ShareSchema), required=True, metadata={
        "description": "Every seat, ascending, with what it could expect from the pots (each pot's amount times "
                       "its equity there), in the history's unit. Each pot is rounded to the unit so that its seats' "
                       "amounts sum exactly to it: each amount rounded down, then the units left one each to the "
                       "largest remainders, ties to the lower seat; so the amounts sum to the pots."})


class CheckedHandSchema(ma.Schema):
    """One hand of the text, in text order: valid or why not, what it amounts to, and whether its record agrees."""

    index = ma.fields.Integer(required=True, metadata={"description": "The hand's place in the text, from 0."})
    id = ma.fields.String(required=True, allow_none=True,
                          metadata={"description": "PHH hand, the site's hand number (PokerStars, Full Tilt, "
                                                  "Winamax, Merge); null when not written."})
    game = ma.fields.String(required=True, allow_none=True, validate=ma.validate.OneOf([str(game) for game in Game]),
                            metadata={"description": "The hand's game as the history says it: razz, stud (seven-card "
                                                     "stud) or stud8 (stud hi/lo 8-or-better); null when the hand "
                                                     "cannot be read or is of a game the service does not play."})
    seats = ma.fields.List(ma.fields.Integer(), required=True, metadata={
        "description": "The seats of the hand's players, in the history's order; empty when it cannot be read."})
    players = ma.fields.List(ma.fields.String(allow_none=True), required=True, metadata={
        "description": "The players' names as written, in the order of seats (kept, never used as seats); null "
                       "where the history names none."})
    valid = ma.fields.Boolean(required=True, metadata={
        "description": "True when the hand reads and replays under the rules; false for a skipped hand too, which "
                       "is not checked (skipped says why, and error is null)."})
    error = ma.fields.Nested(HandProblemSchema, required=True, allow_none=True,
                             metadata={"description": "Why the hand is not valid; null when it is, or is skipped."})
    skipped = ma.fields.Nested(SkippedSchema, required=True, allow_none=True, metadata={
        "description": "Why the hand was not checked: a game the service does not play (hold'em in an 8-game "
                       "file, 2-7 razz), or a game whose rules the request's rules object cannot give (an option or "
                       "value it lacks); null when checked. A skipped hand is counted apart, never invalid."})
    snapshot = ma.fields.Nested(SnapshotSchema, required=True, allow_none=True, metadata={
        "description": "The /v1/table/state request the hand amounts to; for an invalid hand, up to the entry at "
                       "fault; null when the hand cannot be read."})
    state = ma.fields.Nested(WholeHandSchema, required=True, allow_none=True,
                             metadata={"description": "The /v1/table/state answer (null for an invalid hand)."})
    phh = ma.fields.String(required=True, allow_none=True,
                           metadata={"description": "The hand written as PHH (null for an invalid hand)."})
    recorded = ma.fields.Nested(RecordedSchema, required=True, allow_none=True,
                                metadata={"description": "What the history says was paid; null when it says nothing."})
    agrees = ma.fields.Boolean(required=True, allow_none=True, metadata={
        "description": "The record matches the rules' payouts; null when nothing was recorded or decided."})
    discrepancies = ma.fields.List(ma.fields.Nested(DiscrepancySchema), required=True, metadata={
        "description": "Every seat the record pays otherwise than the rules; empty when it agrees or cannot be "
                       "compared."})
    notes = ma.fields.List(ma.fields.String(), required=True, metadata={
        "description": "Amounts accepted though written otherwise than the rules compute them, and assumptions."})
    allin = ma.fields.Nested(AllInSchema, required=True, allow_none=True, metadata={
        "description": "For a hand whose betting ended before 7th street with two or more live players, every one "
                       "showing down: each pot's equities at that moment (POST /v1/equity on the cards known then: "
                       "the live players' down cards and up cards so far, the folded players' up cards dead) and "
                       "what each seat could expect. Null otherwise."})
    why = why_field()


class SummarySchema(ma.Schema):
    """Counts over the text's hands."""

    hands = ma.fields.Integer(required=True, metadata={"description": "Hands in the text."})
    valid = ma.fields.Integer(required=True, metadata={"description": "Hands that read and replay under the rules."})
    agree = ma.fields.Integer(required=True, metadata={"description": "Hands whose record matches the rules' payouts."})
    skipped = ma.fields.Integer(required=True, metadata={
        "description": "Hands not checked, of a game the service does not play or whose rules the rules object "
                       "cannot give; counted in hands, never in valid."})


class HistoryCheckSchema(ma.Schema):
    """Every hand of the text, checked."""

    hands = ma.fields.List(ma.fields.Nested(CheckedHandSchema), required=True,
                           metadata={"description": "Every hand of the text, in text order."})
    summary = ma.fields.Nested(SummarySchema, required=True, metadata={"description": "Counts over those hands."})


class LeanCheckedHandSchema(CheckedHandSchema):
    """One hand of the text, in text order, as a lean answer (``Prefer: return=minimal``) writes it: the verdicts a
    bulk audit asks for, without what the hand amounts to (the costly part of an answer to write)."""

    class Meta:
        exclude = ("seats", "players", "snapshot", "state", "phh", "recorded")


LEAN_FIELDS = tuple(name for name in LeanCheckedHandSchema().fields if name not in EXPLANATION_FIELDS)
"""What a hand of a lean answer carries."""


class LeanHistoryCheckSchema(ma.Schema):
    """Every hand of the text, checked, as a lean answer (``Prefer: return=minimal``)."""

    hands = ma.fields.List(ma.fields.Nested(LeanCheckedHandSchema), required=True,
                           metadata={"description": "Every hand of the text, in text order: its verdicts."})
    summary = ma.fields.Nested(SummarySchema, required=True, metadata={"description": "Counts over those hands."})


PREFER = "Prefer"
PREFERENCE_APPLIED = "Preference-Applied"
MINIMAL = "return=minimal"


class PreferHeaderSchema(ma.Schema):
    """The request headers the check reads."""

    prefer = ma.fields.String(data_key=PREFER, metadata={  # no example: the docs' try-it-out would send it
        "description": "RFC 7240. `return=minimal` asks for the lean answer: each hand's verdicts only "
                       f"({', '.join(f'`{name}`' for name in LEAN_FIELDS)}), without the snapshot, state, PHH and "
                       "record, at a fraction of the cost; the summary is the same. Other preferences are ignored."})


PREFERENCE_APPLIED_DOC = {
    PREFERENCE_APPLIED: {"description": "`return=minimal` when the answer is the lean one (RFC 7240).",
                         "schema": {"type": "string", "enum": [MINIMAL]}},
    "Vary": {"description": "`Prefer`: the answer depends on it.", "schema": {"type": "string"}}}


def prefers_minimal(headers: list[str]) -> bool:
    """Whether the ``Prefer`` headers ask for ``return=minimal`` (RFC 7240: preferences separated by commas, each
    a token, an optional value, quoted or not, and parameters after semicolons; names are case-insensitive).

    >>> prefers_minimal(['respond-async, return="minimal"; foo=bar'])
    True
    >>> prefers_minimal(["return=representation"])
    False
    """
    for header in headers:
        for preference in header.split(","):
            name, _, value = preference.split(";")[0].partition("=")
            if name.strip().lower() == "return" and value.strip().strip('"').lower() == "minimal":
                return True
    return False


write_hand = answer_writer(CheckedHandSchema, written=("id", "game", "seats", "players", "error", "skipped", "snapshot",
                                                       "state", "phh", "recorded", "agrees", "discrepancies",
                                                       "allin"))
write_summary = answer_writer(SummarySchema)
write_discrepancy = answer_writer(DiscrepancySchema)


def write_checked(checked: HandCheck, rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One checked hand as the full answer writes it (``rules``: the request's, which its snapshot repeats), with the
    decisions behind it when the check kept them."""
    hand, error, result = checked.hand, checked.error, checked.result
    state = phh = None
    if error is None and checked.snapshot is not None and checked.state is not None:
        state = write_whole_hand(checked.snapshot, checked.state, result)
        phh = write_phh(checked.snapshot, checked.state, result, None if hand is None else hand.id,
                        [] if hand is None else [player.name for player in hand.players])
    recorded = None if hand is None else hand.recorded
    found = checked.discrepancies
    answer = write_hand(
        checked,
        id=None if hand is None else hand.id,
        game=None if hand is None else str(hand.game),
        seats=[] if hand is None else [player.seat for player in hand.players],
        players=[] if hand is None else [player.name for player in hand.players],
        error=None if error is None else written_error(error),
        skipped=None if checked.skipped is None else written_skip(checked.skipped),
        snapshot=_written_snapshot(checked, rules),
        state=state,
        phh=phh,
        recorded=None if recorded is None else {
            "kind": recorded.kind,
            "amounts": [{"seat": seat, "amount": amount} for seat, amount in sorted(recorded.amounts.items())],
            "returned": [{"seat": seat, "amount": amount} for seat, amount in sorted(recorded.returned.items())],
            "rake": recorded.rake},
        agrees=None if found is None or error is not None else not found,
        discrepancies=[write_discrepancy(item) for item in found or ()],
        allin=None if checked.allin is None else written_allin(checked.allin),
    )
    if checked.why is not None:
        answer["why"] = write_why(checked.why)
    return answer


def _written_snapshot(checked: HandCheck, rules: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The /v1/table/state request a hand amounts to, as written: its stakes as the history gives them, the players
    as dealt, the actions the rules named; None when the hand's cards cannot be read."""
    hand, players = checked.hand, checked.players
    if hand is None or players is None:
        return None
    body: dict[str, Any] = {"stakes": dict(hand.stakes), "players": list(map(_written_player, players)),
                            "actions": list(map(_written_action, checked.actions))}
    if hand.dealer_seat is not None:
        body["dealer_seat"] = hand.dealer_seat
    if hand.community_card is not None:
        body["community_card"] = hand.community_card[0]
    if rules is not None or checked.sites_rules:
        body["rules"] = {**(rules or {}), **checked.sites_rules}
    if hand.game is not Game.RAZZ:
        body["game"] = str(hand.game)
    return body


def _written_player(player: PlayerIn) -> dict[str, Any]:
    """A player of a written snapshot: down cards only when known, a muck only when made."""
    written: dict[str, Any] = {"seat": player.seat, "stack": player.stack, "up_cards": player.up_cards}
    if player.down_cards is not None:
        written["down_cards"] = player.down_cards
    if player.mucked:
        written["mucked"] = True
    return written


def _written_action(action: Action) -> dict[str, Any]:
    """An action of a written snapshot: its amount only when it has one."""
    written: dict[str, Any] = {"seat": action.seat, "type": str(action.type)}
    if action.amount is not None:
        written["amount"] = action.amount
    return written


def check_text(format_name: str, text: str, rules: Mapping[str, Any] | None = None,
               most: int | None = MAX_HANDS, explain: bool = False, lean: bool = False) -> dict[str, Any]:
    """The answer for every hand of ``text`` (at most ``most``, else a problem): the core's check
    (``histories.history``) written in full, or with ``lean`` each hand's verdicts only (``histories.lean``),
    within the budget of one request (``stud_family/work.py``): its hands' work is estimated before any is read, and
    the all-in equities past what they leave of the budget are left out, each with a note."""
    plan = HistoryPlan(text, format_name, most)
    resolved = rules_by_game(lambda game: resolve_rules(rules, game))
    return do_work(plan.most_work, lambda: _written(plan.check(resolved, explain), rules, lean),
                   answer_size(len(plan.sections), len(text), lean, explain))


ANSWER_BYTES_PER_HAND = {(False, False): 6_000, (False, True): 10_000, (True, False): 1_000, (True, True): 5_000}
"""The most a checked hand's answer takes, by (lean, explained): the WSOP hands take 3,347, 4,683, 106 and 1,442
bytes, seven-player all-in hands 5,806, 9,391, 688 and 4,273 (a hand's answer grows with its players and
actions, as its PHH text does)."""
ANSWER_BYTES_PER_CHARACTER = {(False, False): 7, (False, True): 11, (True, False): 1, (True, True): 5}
"""The most a history's answer takes per character of its PHH text: 6.3, 9.9, 0.7 and 4.5 measured; a site's
export writes a hand in several times the characters, so the bound by hands is the smaller there."""

SUMMARY_BYTES = 64
"""The answer's frame around its hands: the summary and the brackets."""


def answer_size(hands: int, characters: int, lean: bool, explain: bool) -> int:
    """The bytes a check's answer takes at most, estimated before any hand is read, so that a worker with no room
    to hold it for its caller refuses it before the work.

    >>> answer_size(1000, 535_000, lean=False, explain=False), answer_size(1000, 535_000, lean=True, explain=False)
    (3745064, 535064)
    """
    mode = (lean, explain)
    return min(hands * ANSWER_BYTES_PER_HAND[mode], characters * ANSWER_BYTES_PER_CHARACTER[mode]) + SUMMARY_BYTES


def _written(checked: HistoryCheck, rules: Mapping[str, Any] | None, lean: bool) -> dict[str, Any]:
    """The answer of a history checked as it is written."""
    if lean:
        return lean_history(checked)
    hands = [write_checked(hand, rules) for hand in checked]
    return {"hands": hands, "summary": write_summary(checked.summary)}


@blp.json_post("/hand-histories/check", HistoryRequestSchema,
               {"anyOf": [HistoryCheckSchema, LeanHistoryCheckSchema]}, example=EXAMPLE,
               headers=PreferHeaderSchema, response_headers=PREFERENCE_APPLIED_DOC)
def check_histories(request: dict[str, Any], explain: bool) -> Response:
    """Read every hand of a history as written, replay it under the rules, settle it, compare what was paid.

    Decides for each hand whether what it records is legal under the rules (the replay of
    /v1/table/state: sections 1 to 4, 7 and 9 of the rules reference), who the rules pay (sections 5,
    6 and 8), and whether the history's own record of the payouts agrees. An invalid hand names the
    entry at fault and its line; the other hands are still checked. With `Prefer: return=minimal` each
    hand carries its verdicts only (LeanHistoryCheck), and the answer says `Preference-Applied`.
    """
    lean = flask.has_request_context() and prefers_minimal(flask.request.headers.getlist(PREFER))
    # (the contract's example answer is computed outside any request: the full one)
    response = json_response(check_text(request["format"], request["text"], request["rules"], explain=explain,
                                        lean=lean))
    response.headers["Vary"] = PREFER
    if lean:
        response.headers[PREFERENCE_APPLIED] = MINIMAL
    return response
