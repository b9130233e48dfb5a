"""``?explain=true``: the query parameter every rules operation takes, and the fields it adds to an answer.

Without it an answer is exactly what it was: the writers skip these fields (``EXPLANATION_FIELDS``)
and a view adds them only when asked. The decisions themselves come from the core (``razz.why``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import marshmallow as ma
from werkzeug.datastructures import MultiDict

from ..stud_family.table_why import RefusedAction
from ..stud_family.why import REFERENCE_PATH, SECTIONS, STUD_SECTIONS, Why
from .errors import SCHEMA_KIND, field_problem
from .messages import not_a

EXPLAIN = "explain"
"""The query parameter's name."""

_WORDS = {"true": True, "false": False}


class ExplainQuerySchema(ma.Schema):
    """The query string of a rules operation."""

    explain = ma.fields.Boolean(load_default=False, metadata={
        "description": "true adds `why`: each decision behind the answer with the section of the rules reference and "
                       "the rulebook rule it follows (and, for legal actions, `refused`). Without it the answer is "
                       "byte for byte what it is."})


def see_field() -> ma.fields.String:
    """A citation's link: where the rules reference the service publishes says the rule (``Citation.see``)."""
    return ma.fields.String(required=True, metadata={
        "description": f"The citation in the rules reference the service publishes (`GET {REFERENCE_PATH}`): its "
                       "path and the anchor of the rule and source in their section.",
        "example": f"{REFERENCE_PATH}#razz-2-rrop-betting-raising-3"})


CITED_SECTIONS = {**SECTIONS, **STUD_SECTIONS}
"""Every section a citation may name: the razz part's (which stud and stud/8 share where their part says a razz
section holds unchanged), then the stud part's, written with its name (``stud §3``)."""


class WhySchema(ma.Schema):
    """One decision behind an answer and the rule that made it."""

    decision = ma.fields.String(required=True, metadata={
        "description": "What was decided (`bring_in_seat`, `first_to_act`, `legal_action`, `cap`, `pot`...).",
        "example": "bring_in_seat"})
    rule = ma.fields.String(required=True, validate=ma.validate.OneOf(tuple(CITED_SECTIONS)), metadata={
        "description": "The section of the rules reference: the razz part's (`§1`), which stud and stud/8 answers "
                       "cite where their part says a razz section holds unchanged, or the stud part's, named with "
                       "it (`stud §3`): " + "; ".join(f"{key} {title}" for key, title in CITED_SECTIONS.items()) + ".",
        "example": "§1"})
    source = ma.fields.String(required=True, metadata={
        "description": "The rulebook rule it follows (`TDA 2024 RP-10E`, `WSOP-L 129`), or `reference default` "
                       "where the reference made the choice.", "example": "WSOP-L 235"})
    see = see_field()
    text = ma.fields.String(required=True, metadata={
        "description": "One sentence with this hand's own values.",
        "example": "seat 4's Ks is the highest door card (kings high, aces low): seat 4 brings in"})


class RefusedActionSchema(ma.Schema):
    """A standard action the seat to act may not take now, and why."""

    type = ma.fields.String(required=True, metadata={"description": "The action refused.", "example": "raise"})
    rule = ma.fields.String(required=True, validate=ma.validate.OneOf(tuple(CITED_SECTIONS)),
                            metadata={"description": "The section of the rules reference that refuses it (`stud §3` "
                                                     "for a section of its stud part).",
                                      "example": "§2"})
    source = ma.fields.String(required=True, metadata={"description": "The rulebook rule it follows.",
                                                       "example": "RRoP Betting & Raising 3"})
    see = see_field()
    text = ma.fields.String(required=True, metadata={
        "description": "Why, with the hand's values.",
        "example": "the betting is capped: a bet and 3 raises on 5th street"})


def why_field() -> ma.fields.List:
    """The ``why`` of an answer that can say why: the last field its schema declares."""
    return ma.fields.List(ma.fields.Nested(WhySchema), metadata={
        "description": "Only with ?explain=true: the decisions behind the answer, in the order they were made."})


def refused_field() -> ma.fields.List:
    """The ``refused`` of a table answer, after its ``why``."""
    return ma.fields.List(ma.fields.Nested(RefusedActionSchema), metadata={
        "description": "Only with ?explain=true: each standard action the seat to act may not take, with the rule "
                       "that refuses it; empty when nobody is to act."})


EXPLANATION_FIELDS = frozenset(("why", "refused"))
"""The fields only an explained answer holds: answer writers never write them from a record."""


def explain_asked(args: MultiDict[str, str], name: str = EXPLAIN) -> bool:
    """Whether the query string asks for an explanation (or the flag ``name``); a value other than true or false,
    or two, is a 422."""
    values = args.getlist(name)
    if not values:
        return False
    if len(values) > 1:
        raise field_problem(SCHEMA_KIND, name, f"given {len(values)} times: give it once")
    value = values[0]
    if value not in _WORDS:
        raise field_problem(SCHEMA_KIND, name, not_a("true or false", value))
    return _WORDS[value]


def write_why(why: Iterable[Why]) -> list[dict[str, Any]]:
    """Decisions as the answer writes them."""
    return [decision._asdict() for decision in why]


def write_refused(refused: Iterable[RefusedAction]) -> list[dict[str, Any]]:
    """Refused actions as the answer writes them."""
    return [action._asdict() for action in refused]
