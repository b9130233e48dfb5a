"""The answer writer: a response schema writes domain records, and nothing the schema does not declare."""

from typing import NamedTuple

import marshmallow as ma
import pytest

from service.api.responses import answer_writer


class Inner(NamedTuple):
    seat: int
    stack: int


class Outer(NamedTuple):
    name: str
    note: str | None
    maybe: int | None
    inner: Inner
    inners: tuple[Inner, ...]
    hidden: str = "never written"


class InnerSchema(ma.Schema):
    seat = ma.fields.Integer(required=True)
    stack = ma.fields.Integer(required=True)


class OuterSchema(ma.Schema):
    name = ma.fields.String(required=True)
    note = ma.fields.String(required=True, allow_none=True)
    maybe = ma.fields.Integer()
    inner = ma.fields.Nested(InnerSchema, required=True)
    inners = ma.fields.List(ma.fields.Nested(InnerSchema), required=True)
    extra = ma.fields.String(required=True)


def test_records_are_written_as_the_schema_declares_them():
    write = answer_writer(OuterSchema, written=("extra",))
    record = Outer("a", None, None, Inner(1, 5), (Inner(2, 6), Inner(3, 7)))
    assert write(record, extra="given") == {
        "name": "a", "note": None, "inner": {"seat": 1, "stack": 5},
        "inners": [{"seat": 2, "stack": 6}, {"seat": 3, "stack": 7}], "extra": "given",
    }
    assert write(record._replace(maybe=0), extra="x")["maybe"] == 0


def test_a_missing_record_is_null():
    assert answer_writer(InnerSchema)(None) is None
    assert answer_writer(OuterSchema, written=("extra",))(None, extra="given") is None


def test_a_field_the_caller_writes_must_be_passed():
    with pytest.raises(TypeError, match="extra"):
        answer_writer(OuterSchema, written=("extra",))(Outer("a", None, None, Inner(1, 5), ()))


def test_fields_the_caller_writes_are_passed_as_they_are():
    write = answer_writer(InnerSchema, written=("stack",))
    assert write(Inner(1, 5), stack={"written": True}) == {"seat": 1, "stack": {"written": True}}


def test_a_written_field_must_be_the_schemas():
    with pytest.raises(ValueError, match="no fields"):
        answer_writer(InnerSchema, written=("pots",))
