"""The direct loader of request bodies gives what marshmallow's own loading gives, or leaves the body to the schema."""

import json
from collections.abc import Callable
from functools import cache

import marshmallow as ma
import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.direct_loading import direct_loader
from service.api.fields import CardText, CardTexts, Choice, HandBatchField, StrictBoolean, WholeNumber
from service.api.hands import CompareRequestSchema, RankRequestSchema
from service.api.rules_options import RulesSchema
from service.api.showdown import ShowdownRequestSchema
from service.api.table import (
    SNAPSHOT_EXAMPLE,
    BringInRequestSchema,
    FirstToActRequestSchema,
    SnapshotSchema,
)
from service.razz.snapshot import Action
from tests.tables import action, table

from .table_helpers import post_ok

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**16) | st.floats(allow_nan=False) | st.text(max_size=3)
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
        return st.sampled_from(sorted(field.choices))
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
        return st.sampled_from([field.minimum - 1, field.maximum + 1, True, 7.5, 7.0])
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


@pytest.mark.parametrize("amount", [40, None])
def test_an_action_list_the_schema_loads_builds_the_domain_object(amount):
    actions = [{"seat": 4, "type": "bring_in"}, {"seat": 6, "type": "complete", "amount": amount}]
    loaded = SnapshotSchema().load_fields["actions"].deserialize(actions)
    assert loaded == [action(4, "bring_in"), action(6, "complete", amount)]
    assert all(type(record) is Action for record in loaded)


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
    """A loaded value with every record, a named tuple or a decoded struct, as a dict of its fields.

    The direct loader hands over its decoded structs where the schema builds named tuples: both are
    read by field name, so they compare by field.
    """
    fields = getattr(loaded, "_fields", None) or getattr(loaded, "__struct_fields__", None)
    if fields is not None:
        return {name: by_field(getattr(loaded, name)) for name in fields}
    if isinstance(loaded, dict):
        return {name: by_field(value) for name, value in loaded.items()}
    if isinstance(loaded, list | tuple):
        return [by_field(item) for item in loaded]
    return loaded


@cache
def loader_of(schema_class: type[ma.Schema]) -> Callable[[bytes], object]:
    """The direct loader of a request schema, built once as the app builds it."""
    return direct_loader(schema_class())


@pytest.mark.parametrize("schema_class", REQUEST_SCHEMAS, ids=lambda schema: schema.__name__)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_direct_loading_gives_what_the_schema_loads_or_leaves_it_to_the_schema(schema_class, data):
    body = data.draw(plain_objects(schema_class) | nearly_plain_objects(schema_class) | objects_like(schema_class))
    direct = loader_of(schema_class)(json.dumps(body).encode())
    try:
        expected = schema_class().load(body)
    except ma.ValidationError:
        assert direct is None
    else:
        assert direct is None or by_field(direct) == by_field(expected)


@pytest.mark.parametrize("schema_class", REQUEST_SCHEMAS, ids=lambda schema: schema.__name__)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_body_every_field_takes_loads_directly(schema_class, data):
    body = data.draw(plain_objects(schema_class))
    assert by_field(loader_of(schema_class)(json.dumps(body).encode())) == by_field(schema_class().load(body))


@pytest.mark.parametrize("body", [SNAPSHOT_EXAMPLE, {"stakes": {"ante": 0, "bring_in": 1, "small_bet": 2},
                                                     "players": SNAPSHOT_EXAMPLE["players"]}])
def test_a_well_formed_snapshot_loads_directly(body):
    loaded = loader_of(SnapshotSchema)(json.dumps(body).encode())
    assert by_field(loaded) == by_field(SnapshotSchema().load(body))
    assert all(isinstance(record, msgspec.Struct) for record in [*loaded["players"], *loaded["actions"]])


HUGE = 2**70
"""An integer beyond 64 bits: out of every range here, and never to be read as a float."""


@pytest.mark.parametrize("body", [b"", b"{", b'{"stakes": 1e999999}', "{}".encode("utf-16"), b"[]", b"null",
                                  b'{"stakes": NaN}', json.dumps({**SNAPSHOT_EXAMPLE, "dealer_seat": HUGE}).encode(),
                                  b'{"stakes": {"ante": 5, "bring_in": 10, "small_bet": 40}, "players": [], "x": 1}'])
def test_anything_else_is_left_to_the_schema(body):
    assert loader_of(SnapshotSchema)(body) is None


def test_a_huge_integer_is_refused_as_out_of_range_not_as_a_float(client):
    body = {**SNAPSHOT_EXAMPLE, "stakes": {**SNAPSHOT_EXAMPLE["stakes"], "ante": HUGE}}
    response = client.post("/v1/legal-actions", json=body)
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"stakes.ante": ["Must be from 0 to 1000000000000000."]}


def test_a_body_msgspec_refuses_but_the_schema_takes_gets_the_same_answer(client):
    whole_floats = {**SNAPSHOT_EXAMPLE, "stakes": {"ante": 5.0, "bring_in": 10.0, "small_bet": 40, "big_bet": 80}}
    assert loader_of(SnapshotSchema)(json.dumps(whole_floats).encode()) is None
    assert post_ok(client, "/v1/legal-actions", whole_floats) == post_ok(client, "/v1/legal-actions", SNAPSHOT_EXAMPLE)
