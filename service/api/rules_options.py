"""The rules options: GET /v1/rules, and the `rules` object every table request may carry."""

from __future__ import annotations

import json
from typing import Any

import marshmallow as ma
from flask import Response

from ..stud_family.games import GAMES, Game
from ..stud_family.rules import DEFAULT_PRESET, OPTIONS, PRESET_KEY, PRESETS, OptionSpec, catalogue
from .base import OneOf, RequestSchema, Text
from .fields import RaiseLimitField, StrictBoolean, WholeNumber
from .responses import ApiBlueprint, as_sent, json_response

blp = ApiBlueprint("rules", __name__, url_prefix="/v1/rules", description="Presets and rules options.")


def _option_field(spec: OptionSpec, description: str, required: bool = False) -> ma.fields.Field:
    """The field of one option, documenting exactly the values the reference allows."""
    metadata = {"description": description}
    if spec.integer_minimum is not None:
        return RaiseLimitField(spec, required=required, metadata=metadata)
    if all(isinstance(value, bool) for value in spec.values):
        return StrictBoolean(validate=OneOf(spec.values), required=required,
                             metadata={**metadata, "enum": list(spec.values)})
    if all(isinstance(value, int) for value in spec.values):
        return WholeNumber(minimum=min(spec.values), maximum=max(spec.values), required=required, metadata=metadata)
    return Text(validate=OneOf(spec.values), required=required, metadata=metadata)


def _left_out(spec: OptionSpec) -> str:
    """What an option a rules object leaves out is: the preset's value, which the standard preset gives here."""
    return f"{spec.description} Default: the preset's value ({DEFAULT_PRESET}: {json.dumps(spec.default)})."


RulesSchema = RequestSchema.from_dict(
    {
        PRESET_KEY: Text(validate=OneOf(list(PRESETS)), metadata={
            "description": f"The preset the options start from (default: {DEFAULT_PRESET})."}),
        **{spec.name: _option_field(spec, _left_out(spec)) for spec in OPTIONS},
    },
    name="Rules",
)
"""A preset plus any option over it; unknown options are refused (422), never ignored."""

PresetSchema = ma.Schema.from_dict(
    {spec.name: _option_field(spec, spec.description, required=True) for spec in OPTIONS}, name="Preset")
"""What a preset gives every option: a rules object's options, each one there."""


def option_value(**metadata: str) -> dict[str, object]:
    """The metadata of a field holding an option's value as JSON writes it: a word, a whole number or true/false."""
    return {"type": ["boolean", "integer", "string"], **metadata}


class OptionSchema(ma.Schema):
    """One option: what it may be set to, its default and what it decides."""

    name = ma.fields.String(required=True, metadata={"description": "The option's key in a rules object."})
    values = ma.fields.List(ma.fields.Raw(metadata=option_value()), required=True,
                            metadata={"description": "The allowed values (integers too when integer_minimum is set)."})
    integer_minimum = ma.fields.Integer(required=True, allow_none=True, metadata={
        "description": "The least integer the option takes beside its words; null when it takes no integer."})
    default = ma.fields.Raw(required=True, metadata=option_value(
        description="Its value in the standard preset: what a request setting neither it nor a preset gets."))
    description = ma.fields.String(required=True, metadata={"description": "What the option decides."})


class GameCatalogueSchema(ma.Schema):
    """What a rules object may say in one game: its presets and the options it takes, with the values it allows."""

    title = ma.fields.String(required=True, metadata={"description": "The game's name in words.", "example": "Razz"})
    default_preset = ma.fields.String(required=True,
                                      metadata={"description": "The preset a rules object without one starts from."})
    presets = ma.fields.Dict(
        keys=ma.fields.String(), required=True,
        values=ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Raw(metadata=option_value())),
        metadata={"description": "Each preset the game takes, by name, with the value it gives each of the game's "
                                 "options."})
    options = ma.fields.List(ma.fields.Nested(OptionSchema), required=True, metadata={
        "description": "Every option a rules object may set in the game, with the values the game allows: any other "
                       "option or value is a 422 naming the option, the value and the game."})


class CatalogueSchema(ma.Schema):
    """Every game's presets and options; razz's also at the top, as callers read them before other games were
    played."""

    default_preset = ma.fields.String(required=True,
                                      metadata={"description": "The preset a rules object without one starts from."})
    presets = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Nested(PresetSchema), required=True, metadata={
        "description": "Razz's presets by name, with the value each gives every razz option (`games.razz.presets`)."})
    options = ma.fields.List(ma.fields.Nested(OptionSchema), required=True,
                             metadata={"description": "Every option a razz rules object may set "
                                                      "(`games.razz.options`)."})
    games = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Nested(GameCatalogueSchema), required=True,
                           metadata={"description": "Each game by the name a request's `game` gives it: its presets "
                                                    "and options."})


def option_entry(spec: OptionSpec) -> dict[str, Any]:
    """One option as the catalogue lists it."""
    return {"name": spec.name, "values": list(spec.values), "integer_minimum": spec.integer_minimum,
            "default": spec.default, "description": spec.description}


def game_catalogue(game: Game) -> dict[str, Any]:
    """A game's presets, each with the value it gives each of the game's options, and the game's options."""
    return {
        "title": game.title,
        "default_preset": DEFAULT_PRESET,
        "presets": {name: {spec.name: getattr(rules, spec.name) for spec in game.options}
                    for name, rules in game.presets.items()},
        "options": [option_entry(spec) for spec in game.options],
    }


CATALOGUE = as_sent({**catalogue(), "games": {name: game_catalogue(game) for name, game in GAMES.items()}})
"""GET /v1/rules' answer: the same for every request, made once."""


@blp.route("", methods=["GET"])
@blp.response(200, CatalogueSchema, example=CATALOGUE)
@blp.docstring
def list_rules() -> Response:
    """Every game's presets and rules options with their allowed values, defaults and meanings.

    Decides nothing about a hand: it lists what a request's rules object may say in each game.
    Each option is one the rules reference offers in its sections (the summaries of options of its
    razz and stud parts name them all), and each preset is a rulebook's choice of them; the standard preset is every
    default. An option or value a game does not take is a 422 in that game.
    """
    return json_response(CATALOGUE)
