"""The rules options: GET /v1/rules, and the `rules` object every table request may carry."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import marshmallow as ma
from flask import Response

from ..stud_family.games import GAMES
from ..stud_family.rules import (
    DEFAULT_PRESET,
    GAME_OPTIONS,
    OPTIONS,
    PRESET_KEY,
    OptionSpec,
    Rules,
    catalogue,
    resolve_rules,
)
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


def _in_words(games: list[str]) -> str:
    """Games in words: ``razz``, ``razz and stud8``, ``razz, stud and stud8``."""
    return games[0] if len(games) == 1 else f"{', '.join(games[:-1])} and {games[-1]}"


def _grouped(by_game: dict[str, str]) -> list[tuple[list[str], str]]:
    """The games that say the same thing, grouped, in the order of ``GAMES``."""
    groups: dict[str, list[str]] = {}
    for game, text in by_game.items():
        groups.setdefault(text, []).append(game)
    return [(games, text) for text, games in groups.items()]


def _family_option(name: str) -> tuple[OptionSpec, str]:
    """One option a rules object may hold in some game: every value some game takes it with (the schema's), and
    its description, saying what differs between the games that take it (which take it, their values, their
    defaults: each game's standard preset)."""
    by_game = {game: options.accepted[name] for game, options in GAME_OPTIONS.items() if name in options.accepted}
    values = tuple(dict.fromkeys(value for spec in by_game.values() for value in spec.values))
    union = replace(next(iter(by_game.values())), values=values)
    meanings = _grouped({game: spec.description for game, spec in by_game.items()})
    text = (meanings[0][1] if len(meanings) == 1 else
            " ".join(f"In {_in_words(games)}: {meaning[0].lower()}{meaning[1:]}" for games, meaning in meanings))
    if len(by_game) < len(GAME_OPTIONS):
        text += f" Only in {_in_words(list(by_game))}."
    narrower = {game: spec.takes() for game, spec in by_game.items() if spec.values != values}
    for games, takes in _grouped(narrower):
        text += f" {_in_words(games)} {'take' if len(games) > 1 else 'takes'} {takes} only."
    defaults = _grouped({game: json.dumps(spec.default) for game, spec in by_game.items()})
    default = (defaults[0][1] if len(defaults) == 1 else
               ", ".join(f"{_in_words(games)} {value}" for games, value in defaults))
    return union, f"{text} Default: the preset's value ({DEFAULT_PRESET}: {default})."


FAMILY_NAMES = tuple(dict.fromkeys(spec.name for options in GAME_OPTIONS.values()
                                   for spec in (*options.options, *options.other_names)))
"""Every option a rules object may hold in some game: razz's as GET /v1/rules lists them, then the others."""

RulesSchema = RequestSchema.from_dict(
    {
        PRESET_KEY: Text(validate=OneOf(list(dict.fromkeys(name for options in GAME_OPTIONS.values()
                                                            for name in options.presets))), metadata={
            "description": f"The preset the options start from (default: {DEFAULT_PRESET})."}),
        **{name: _option_field(*_family_option(name)) for name in FAMILY_NAMES},
    },
    name="Rules",
)
"""A preset plus any option over it, as any game takes them; unknown options are refused (422), never ignored, and
so is an option or value the request's game does not take (``request_rules``)."""


def request_rules(request: Mapping[str, Any]) -> Rules:
    """The rules a loaded request is answered under, in its game: a 422 naming the option, the value and the game
    where the game does not take one (``rules.OptionError``)."""
    return resolve_rules(request["rules"], request["game"])


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


CATALOGUE = as_sent({**catalogue(), "games": {name: {"title": game.title, **catalogue(name)}
                                               for name, game in GAMES.items()}})
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
