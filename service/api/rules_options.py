"""The rules options: GET /v1/rules, and the `rules` object every table request may carry."""

from __future__ import annotations

import marshmallow as ma
from flask import Response

from ..razz.rules import OPTIONS, PRESET_KEY, PRESETS, OptionSpec, catalogue
from .base import OneOf, RequestSchema, Text
from .fields import RaiseLimitField, StrictBoolean, WholeNumber
from .responses import ApiBlueprint, as_sent, json_response

blp = ApiBlueprint("rules", __name__, url_prefix="/v1/rules", description="Presets and rules options.")


def _option_field(spec: OptionSpec) -> ma.fields.Field:
    """The field of one option, documenting exactly the values the reference allows."""
    metadata = {"description": spec.description, "default": spec.default}
    if spec.integer_minimum is not None:
        return RaiseLimitField(spec, metadata=metadata)
    if all(isinstance(value, bool) for value in spec.values):
        return StrictBoolean(validate=OneOf(spec.values), metadata={**metadata, "enum": list(spec.values)})
    if all(isinstance(value, int) for value in spec.values):
        return WholeNumber(minimum=min(spec.values), maximum=max(spec.values), metadata=metadata)
    return Text(validate=OneOf(spec.values), metadata=metadata)


RulesSchema = RequestSchema.from_dict(
    {
        PRESET_KEY: Text(validate=OneOf(list(PRESETS)),
                                     metadata={"description": "The preset the options start from.",
                                               "default": "standard"}),
        **{spec.name: _option_field(spec) for spec in OPTIONS},
    },
    name="Rules",
)
"""A preset plus any option over it; unknown options are refused (422), never ignored."""


class OptionSchema(ma.Schema):
    """One option: what it may be set to, its default and what it decides."""

    name = ma.fields.String(required=True, metadata={"description": "The option's key in a rules object."})
    values = ma.fields.List(ma.fields.Raw(), required=True,
                            metadata={"description": "The allowed values (integers too when integer_minimum is set)."})
    integer_minimum = ma.fields.Integer(required=True, allow_none=True, metadata={
        "description": "The least integer the option takes beside its words; null when it takes no integer."})
    default = ma.fields.Raw(required=True, metadata={
        "description": "Its value in the standard preset: what a request setting neither it nor a preset gets."})
    description = ma.fields.String(required=True, metadata={"description": "What the option decides."})


class CatalogueSchema(ma.Schema):
    """Every preset with its values, and every option."""

    default_preset = ma.fields.String(required=True,
                                      metadata={"description": "The preset a rules object without one starts from."})
    presets = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Dict(), required=True, metadata={
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
