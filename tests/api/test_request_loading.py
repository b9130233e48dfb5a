"""The fast loaders of request bodies give what marshmallow's own loading gives, values and messages alike."""

import marshmallow as ma
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.fields import (
    CardTexts,
    Choice,
    FlatObject,
    FlatObjectList,
    WholeNumber,
)
from service.api.table import ActionSchema, StakesSchema, TablePlayerSchema
from service.razz.snapshot import Action

from .table_helpers import post_ok, snapshot

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**16) | st.floats(allow_nan=False) | st.text(max_size=3)
    | st.sampled_from(["As", "Kd", "7c", "call", "raise", "fold"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)
"""Any JSON value, biased towards the cards and words these schemas take."""

CARDS = st.sampled_from(["As", "Kd", "7c", "2h", "Qs", "Td"])


def plausible_values(field: ma.fields.Field) -> st.SearchStrategy:
    """Values that are mostly right for ``field``, sometimes just outside it, so whole lists load as they are."""
    if isinstance(field, WholeNumber):
        right = st.integers(field.minimum, min(field.maximum, 100)) | st.just(field.maximum)
        wrong = st.sampled_from([field.minimum - 1, field.maximum + 1, True, 7.5])
    elif isinstance(field, Choice):
        right, wrong = st.sampled_from(sorted(field.choices)), st.sampled_from(["nope", 7])
    elif isinstance(field, CardTexts):
        right = st.lists(CARDS, min_size=field.min_cards, max_size=field.max_cards)
        wrong = (st.lists(CARDS, min_size=field.max_cards + 1, max_size=field.max_cards + 1)
                 | st.lists(CARDS | st.sampled_from(["as", "1c", 7, ["As"]]), min_size=1, max_size=field.max_cards))
    else:
        return JSON_VALUES
    return st.one_of(right, right, right, wrong)


def objects_like(schema: type[ma.Schema]) -> st.SearchStrategy:
    """Objects with some of the schema's keys (and sometimes others) holding any JSON values."""
    names = list(schema().fields)
    plausible = st.dictionaries(st.sampled_from(names + ["extra"]), JSON_VALUES, max_size=len(names) + 1)
    return plausible | JSON_VALUES


def mostly_plain_objects(schema: type[ma.Schema]) -> st.SearchStrategy:
    """Objects with every required key and some optional ones, holding values that are often right."""
    fields = schema().fields
    values = {name: plausible_values(field) | st.none() if field.allow_none else plausible_values(field)
              for name, field in fields.items()}
    required = {name: values[name] for name, field in fields.items() if field.required}
    optional = {name: values[name] for name, field in fields.items() if not field.required}
    return st.fixed_dictionaries(required, optional=optional)


def load_both(loader: ma.fields.Field, reference: ma.fields.Field, value: object) -> tuple[object, object]:
    """What each field loads from ``value``: the value, or the error messages."""
    answers = []
    for field in (loader, reference):
        try:
            answers.append(("loaded", field.deserialize(value)))
        except ma.ValidationError as error:
            answers.append(("refused", error.messages))
    return answers[0], answers[1]


@pytest.mark.parametrize("schema", [ActionSchema, StakesSchema, TablePlayerSchema])
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_flat_object_loads_as_marshmallow_does(schema, data):
    value = data.draw(objects_like(schema))
    fast, reference = load_both(FlatObject(schema), ma.fields.Nested(schema), value)
    assert fast == reference


@pytest.mark.parametrize("schema", [ActionSchema, StakesSchema, TablePlayerSchema])
@settings(max_examples=500, deadline=None)
@given(data=st.data())
def test_flat_object_list_loads_as_marshmallow_does(schema, data):
    value = data.draw(st.lists(mostly_plain_objects(schema), max_size=6)
                      | st.lists(objects_like(schema), max_size=4) | JSON_VALUES)
    fast, reference = load_both(FlatObjectList(schema), ma.fields.List(ma.fields.Nested(schema)), value)
    assert fast == reference


@pytest.mark.parametrize("amount", [40, None])
def test_flat_object_builds_the_domain_object(amount):
    loaded = FlatObjectList(ActionSchema, Action).deserialize([{"seat": 4, "type": "bring_in"},
                                                               {"seat": 6, "type": "complete", "amount": amount}])
    assert loaded == [Action(4, "bring_in"), Action(6, "complete", amount)]
    assert all(type(action) is Action for action in loaded)


def test_a_snapshot_without_actions_is_the_hand_before_the_bring_in(client):
    body = snapshot({1: "7c", 4: "Ks", 6: "5d"})
    del body["actions"]
    answer = post_ok(client, "/v1/legal-actions", body)
    assert answer["to_act"] == 4
    assert [action["type"] for action in answer["legal_actions"]] == ["bring_in", "complete"]
