"""The rules options: GET /v1/rules, and the `rules` object every table request may carry."""

from __future__ import annotations

import json

import marshmallow as ma
from flask import Response

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


class CatalogueSchema(ma.Schema):
    """Every preset with its values, and every option."""

    default_preset = ma.fields.String(required=True,
                                      metadata={"description": "The preset a rules object without one starts from."})
    presets = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Nested(PresetSchema), required=True, metadata={
        "description": "Each preset by name, with the value it gives every option."})
    options = ma.fields.List(ma.fields.Nested(OptionSchema), required=True,
                             metadata={"description": "Every option a rules object may set."})


@blp.route("", methods=["GET"])
@blp.response(200, CatalogueSchema, example=as_sent(catalogue()))
@blp.docstring
def list_rules() -> Response:
    """The presets and every rules option with its allowed values, default and meaning.

    Decides nothing about a hand: it lists what a request's rules object may say. Each option is
    one the rules reference offers in sections 1 to 9 (its summary of options names them all), and
    each preset is a rulebook's choice of them; the standard preset is every default.
    """
    return json_response(catalogue())
