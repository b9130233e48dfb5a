"""The syntax check for bodies too deep to decode agrees with a real JSON reader on every text it can read."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from service.api.json_syntax import is_json

PIECES = ["[", "]", "{", "}", ",", ":", " ", "\n", '"a"', '"\\u00e9"', '"\\x"', "1", "-0.5e3", "01", "1.", "true",
          "nul", "null", '"', "\\"]


@given(st.lists(st.sampled_from(PIECES), max_size=14))
def test_agrees_with_the_standard_reader_on_shallow_text(pieces):
    text = "".join(pieces)
    try:
        json.loads(text)
        valid = True
    except ValueError:
        valid = False
    assert is_json(text.encode()) == valid, text


SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()


@given(st.recursive(SCALARS, lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner), max_leaves=30))
def test_every_json_document_is_json(document):
    assert is_json(json.dumps(document, ensure_ascii=False).encode())


def test_depth_does_not_matter():
    deep = b'{"a": [' * 100_000 + b"1" + b"]}" * 100_000
    assert is_json(deep) and not is_json(deep[:-1]) and not is_json(deep.replace(b"1", b"1,", 1))


def test_text_that_is_not_utf_8_is_not_json():
    assert not is_json(b'["\\xff"]'.replace(b"\\xff", b"\xff"))
