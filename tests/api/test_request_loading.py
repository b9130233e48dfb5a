"""The one loader of request bodies takes exactly what each schema declares, and loads it as the schema does."""

import json
from collections.abc import Callable
from functools import cache

import marshmallow as ma
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.base import Items, Object, RequestSchema, Text
from service.api.errors import Problem, flatten_messages
from service.api.fields import CardText, CardTexts, Choice, HandBatchField, NestedAs, StrictBoolean, WholeNumber
from service.api.hands import CompareRequestSchema, RankRequestSchema
from service.api.loading import request_loader
from service.api.rules_options import RulesSchema
from service.api.showdown import ShowdownRequestSchema
from service.api.table import (
    SNAPSHOT_EXAMPLE,
    BringInRequestSchema,
    FirstToActRequestSchema,
    SnapshotSchema,
)
from service.stud_family.snapshot import Action, PlayerIn
from tests.tables import action, player, table

from .table_helpers import post_ok

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**16) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=3)
    | st.sampled_from(["As", "Kd", "7c", "call", "raise", "fold"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)
"""Any JSON value, biased towards the cards and words these schemas take."""

CARDS = st.sampled_from(["As", "Kd", "7c", "2h", "Qs", "Td"])


def length_bounds(field: ma.fields.Field) -> tuple[int, int]:
    """The item counts a list field's Length validator allows (at most 8 here, to keep examples small)."""
    for validator in field.validators:
        if isinstance(validator, ma.validate.Length):
            return validator.min or 0, min(validator.max or 8, 8)
    return 0, 8


def right_values(field: ma.fields.Field) -> st.SearchStrategy:
    """Values ``field`` loads."""
    if isinstance(field, WholeNumber):
        return st.integers(field.minimum, min(field.maximum, 100)) | st.just(field.maximum)
    if isinstance(field, Choice):
        return st.sampled_from([word.value for word in field.words])
    if isinstance(field, CardTexts):
        return st.lists(CARDS, min_size=field.min_cards, max_size=field.max_cards)
    if isinstance(field, StrictBoolean):
        return st.booleans()
    if isinstance(field, HandBatchField):
        return st.lists(st.lists(CARDS, min_size=5, max_size=7, unique=True), min_size=1, max_size=3)
    if isinstance(field, ma.fields.Nested) and field.nested is RulesSchema:
        return st.sampled_from([{}, {"preset": "standard"}, {"max_raises_after_bet": "unlimited"}])
    if isinstance(field, ma.fields.Nested):
        return plain_objects(field.nested)
    if isinstance(field, ma.fields.List):
        least, most = length_bounds(field)
        return st.lists(right_values(field.inner), min_size=least, max_size=most)
    if isinstance(field, CardText):
        return CARDS
    if isinstance(field, ma.fields.String):
        return st.sampled_from(["p1", "p2"])
    return JSON_VALUES


def wrong_values(field: ma.fields.Field) -> st.SearchStrategy:
    """Values just outside ``field``, or anything."""
    if isinstance(field, WholeNumber):
        return st.sampled_from([field.minimum - 1, field.maximum + 1, True, 7.5])
    if isinstance(field, Choice):
        return st.sampled_from(["nope", 7])
    if isinstance(field, CardTexts):
        return (st.lists(CARDS, min_size=field.max_cards + 1, max_size=field.max_cards + 1)
                | st.lists(CARDS | st.sampled_from(["as", "1c", 7, ["As"]]), min_size=1, max_size=field.max_cards))
    if isinstance(field, StrictBoolean):
        return st.sampled_from([0, "true"])
    if isinstance(field, HandBatchField):
        return st.lists(st.lists(CARDS | st.just("1c"), max_size=8), max_size=2)
    if isinstance(field, ma.fields.Nested) and field.nested is RulesSchema:
        return st.sampled_from([{"preset": "nope"}, {"cap": 3}, []])
    if isinstance(field, ma.fields.Nested):
        return nearly_plain_objects(field.nested)
    if isinstance(field, ma.fields.List):
        least, most = length_bounds(field)
        return (st.lists(right_values(field.inner), min_size=most + 1, max_size=most + 1)
                | st.lists(right_values(field.inner) | wrong_values(field.inner), min_size=least, max_size=most)
                | JSON_VALUES)
    if isinstance(field, ma.fields.String):
        return st.sampled_from(["", "As\n", 7])
    return JSON_VALUES


def objects_like(schema: type[ma.Schema]) -> st.SearchStrategy:
    """Objects with some of the schema's keys (and sometimes others) holding any JSON values."""
    names = list(schema().fields)
    plausible = st.dictionaries(st.sampled_from(names + ["extra"]), JSON_VALUES, max_size=len(names) + 1)
    return plausible | JSON_VALUES


def objects_of(schema: type[ma.Schema], values: Callable[[ma.fields.Field], st.SearchStrategy]) -> st.SearchStrategy:
    """Objects with every required key and some optional ones (null where allowed), holding ``values``."""
    fields = schema().fields
    drawn = {name: values(field) | st.none() if field.allow_none else values(field) for name, field in fields.items()}
    required = {name: drawn[name] for name, field in fields.items() if field.required}
    optional = {name: drawn[name] for name, field in fields.items() if not field.required}
    return st.fixed_dictionaries(required, optional=optional)


def plain_objects(schema: type[ma.Schema]) -> st.SearchStrategy:
    """Objects the schema loads."""
    return objects_of(schema, right_values)


@st.composite
def nearly_plain_objects(draw: st.DrawFn, schema: type[ma.Schema]) -> dict[str, object]:
    """An object the schema loads with one thing wrong: a value, a missing required key or an unknown key."""
    item = draw(plain_objects(schema))
    fields = schema().fields
    name = draw(st.sampled_from([*fields, "extra"]))
    if name == "extra":
        item[name] = draw(JSON_VALUES)
    elif fields[name].required and draw(st.booleans()):
        del item[name]
    else:
        item[name] = draw(wrong_values(fields[name]))
    return item


def test_a_snapshot_without_actions_is_the_hand_before_the_bring_in(client):
    body = table({1: "7c", 4: "Ks", 6: "5d"}).request_body()
    del body["actions"]
    answer = post_ok(client, "/v1/legal-actions", body)
    assert answer["to_act"] == 4
    assert [action["type"] for action in answer["legal_actions"]] == ["bring_in", "complete"]


REQUEST_SCHEMAS = [RankRequestSchema, CompareRequestSchema, ShowdownRequestSchema, BringInRequestSchema,
                   FirstToActRequestSchema, SnapshotSchema]
"""The body of every POST operation."""


def by_field(loaded: object) -> object:
    """A loaded value with every record (a core struct, or the dict marshmallow loads) as a dict of its fields."""
    fields = getattr(loaded, "__struct_fields__", None)
    if fields is not None:
        return {name: by_field(getattr(loaded, name)) for name in fields}
    if isinstance(loaded, dict):
        return {name: by_field(value) for name, value in loaded.items()}
    if isinstance(loaded, list | tuple):
        return [by_field(item) for item in loaded]
    return loaded


@cache
def loader_of(schema_class: type[ma.Schema]) -> Callable[[bytes], object]:
    """The loader of a request schema, built once as the app builds it."""
    return request_loader(schema_class())


@pytest.mark.parametrize("schema_class", REQUEST_SCHEMAS, ids=lambda schema: schema.__name__)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_loader_takes_what_the_schema_takes_and_loads_it_as_the_schema_does(schema_class, data):
    """marshmallow's own loading is the oracle: the derived msgspec types must neither take more nor less."""
    body = data.draw(plain_objects(schema_class) | nearly_plain_objects(schema_class) | objects_like(schema_class))
    try:
        expected = schema_class().load(json.loads(json.dumps(body), parse_float=as_integer_if_whole))
    except ma.ValidationError as error:
        with pytest.raises(Problem) as refused:
            loader_of(schema_class)(json.dumps(body).encode())
        assert refused.value.errors == flatten_messages(error.messages)
    else:
        assert by_field(loader_of(schema_class)(json.dumps(body).encode())) == by_field(expected)


def as_integer_if_whole(text: str) -> float | int:
    """A JSON number as JSON Schema reads it: 7.0 is the integer 7."""
    number = float(text)
    return int(number) if number.is_integer() else number


def test_a_snapshot_decodes_into_the_cores_own_records():
    loaded = loader_of(SnapshotSchema)(json.dumps(SNAPSHOT_EXAMPLE).encode())
    assert all(isinstance(player, PlayerIn) for player in loaded["players"])
    assert all(isinstance(action, Action) for action in loaded["actions"])
    assert by_field(loaded["actions"][0]) == by_field(action(4, "bring_in"))
    assert by_field(loaded["players"][1]) == by_field(player(4, "Ks", 640))


def test_a_field_no_derived_type_takes_exactly_is_refused_when_the_app_is_built():
    class LooseSchema(RequestSchema):
        stake = ma.fields.Integer()

    with pytest.raises(TypeError, match="no msgspec type takes exactly"):
        request_loader(LooseSchema())


class PairSchema(RequestSchema):
    low = WholeNumber(required=True)


class ListOfPairsSchema(RequestSchema):
    pair = Object(PairSchema, required=True)


@pytest.mark.parametrize("field", [
    pytest.param(Object(PairSchema, many=True, required=True), id="nested-many"),
    pytest.param(Object(PairSchema, unknown=ma.EXCLUDE, required=True), id="nested-unknown-excluded"),
    pytest.param(Object(ListOfPairsSchema, required=True), id="plain-object-in-a-nested-object"),
    pytest.param(WholeNumber(attribute="other", required=True), id="renamed"),
])
def test_a_field_the_loader_would_load_otherwise_than_the_schema_stops_the_start(field):
    """Each of these would decode to something the schema does not load (a list as one object, an unknown key
    kept, a struct where a dict is read, a value under another name)."""
    with pytest.raises(TypeError):
        request_loader(RequestSchema.from_dict({"value": field})())


@pytest.mark.parametrize("schema", [
    pytest.param(ma.Schema.from_dict({"low": WholeNumber(required=True)}), id="stock-schema"),
    pytest.param(ma.Schema.from_dict({"pair": Object(PairSchema, required=True)}), id="stock-schema-above-a-request"),
    pytest.param(RequestSchema.from_dict({"pair": Object(ma.Schema.from_dict({"low": WholeNumber()}))}),
                 id="stock-schema-nested"),
    pytest.param(RequestSchema.from_dict({"name": ma.fields.String(required=True)}), id="stock-string"),
    pytest.param(RequestSchema.from_dict({"pairs": ma.fields.List(Object(PairSchema))}), id="stock-list"),
    pytest.param(RequestSchema.from_dict({"pair": ma.fields.Nested(PairSchema)}), id="stock-nested"),
    pytest.param(RequestSchema.from_dict({"name": Text(validate=ma.validate.OneOf(["a"]))}), id="stock-one-of"),
    pytest.param(RequestSchema.from_dict({"pairs": Items(Object(PairSchema), validate=ma.validate.Length(max=2))}),
                 id="stock-length"),
])
def test_a_request_schema_built_of_marshmallows_stock_classes_stops_the_start(schema):
    """Their messages are marshmallow's sentences, not the rules' voice: they would reach a caller in a problem."""
    with pytest.raises(TypeError):
        request_loader(schema())


def test_a_record_schema_must_declare_the_records_fields():
    class ShortActionSchema(RequestSchema):
        seat = WholeNumber()

    class BodySchema(RequestSchema):
        action = NestedAs(ShortActionSchema, record=Action, required=True)

    with pytest.raises(TypeError, match="must declare the fields of Action"):
        request_loader(BodySchema())


HUGE = 2**70
"""An integer beyond 64 bits: out of every range here, and never to be read as a float."""


def test_a_huge_integer_is_refused_as_out_of_range_not_as_a_float(client):
    body = {**SNAPSHOT_EXAMPLE, "stakes": {**SNAPSHOT_EXAMPLE["stakes"], "ante": HUGE}}
    response = client.post("/v1/legal-actions", json=body)
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"stakes.ante": ["not from 0 to 1000000000000000: 1180591620717411303424"]}


def test_whole_numbers_written_as_floats_are_the_integers(client):
    whole_floats = {**SNAPSHOT_EXAMPLE, "stakes": {"ante": 5.0, "bring_in": 10.0, "small_bet": 40, "big_bet": 80}}
    assert post_ok(client, "/v1/legal-actions", whole_floats) == post_ok(client, "/v1/legal-actions", SNAPSHOT_EXAMPLE)
    fraction = {**SNAPSHOT_EXAMPLE, "stakes": {**SNAPSHOT_EXAMPLE["stakes"], "ante": 5.5}}
    assert client.post("/v1/legal-actions", json=fraction).get_json()["errors"] == {
        "stakes.ante": ["not a whole number: 5.5"]}
