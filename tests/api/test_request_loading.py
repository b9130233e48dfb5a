"""The fast loaders of request bodies give what marshmallow's own loading gives, values and messages alike."""

import marshmallow as ma
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.fields import FlatObject, FlatObjectList
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


def objects_like(schema: type[ma.Schema]) -> st.SearchStrategy:
    """Objects with some of the schema's keys (and sometimes others) holding any JSON values."""
    names = list(schema().fields)
    plausible = st.dictionaries(st.sampled_from(names + ["extra"]), JSON_VALUES, max_size=len(names) + 1)
    return plausible | JSON_VALUES


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


@settings(max_examples=200, deadline=None)
@given(value=st.lists(objects_like(ActionSchema), max_size=4) | JSON_VALUES)
def test_flat_object_list_loads_as_marshmallow_does(value):
    fast, reference = load_both(FlatObjectList(ActionSchema), ma.fields.List(ma.fields.Nested(ActionSchema)), value)
    assert fast == reference


def test_flat_object_builds_the_domain_object():
    loaded = FlatObjectList(ActionSchema, Action).deserialize([{"seat": 4, "type": "bring_in"},
                                                               {"seat": 6, "type": "complete", "amount": 40}])
    assert loaded == [Action(4, "bring_in"), Action(6, "complete", 40)]


def test_a_snapshot_without_actions_is_the_hand_before_the_bring_in(client):
    body = snapshot({1: "7c", 4: "Ks", 6: "5d"})
    del body["actions"]
    answer = post_ok(client, "/v1/legal-actions", body)
    assert answer["to_act"] == 4
    assert [action["type"] for action in answer["legal_actions"]] == ["bring_in", "complete"]
