"""The plain-TOML reader reads what tomllib reads, or hands the text back to it."""

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.histories.toml_lines import read_plain

SAMPLES = sorted((Path(__file__).parent / "samples").glob("*.phh"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.name)
def test_every_sample_reads_as_tomllib_reads_it(path):
    text = path.read_text()
    plain = read_plain(text.splitlines())
    assert plain is not None and plain.values == tomllib.loads(text)


def test_each_array_item_keeps_its_line():
    plain = read_plain(["# a hand", "actions = [", "  'd dh p1 7c3hKc',  # deal", "  'p1 pb',", "]", "hand = 3"])
    assert plain is not None
    assert plain.values == {"actions": ["d dh p1 7c3hKc", "p1 pb"], "hand": 3}
    assert (plain.lines, plain.item_lines) == ({"actions": 1, "hand": 5}, {"actions": [2, 3]})


@pytest.mark.parametrize("text", [
    'event = "tab\\there"', "time = 12:30:00", "big = 1_000", "x.y = 1", "a = [[1], [2]]", "s = '''x'''",
    "a = 1 2", "a = [1 2]", "a = [1,,2]", "a = 07", "n = nan", "a = {b = 1}", "a = [1,", "= 1", "a = 1\na = 2",
    "a =\u00a01", "a\x0c= 1", "\u3000a = 1", "a = 1" + "0" * 4300, "a = 1 # \x01", "# \x7f",
    "a = 'x\x01'", "a = ['x\x00']", "a = 1\u00a0", "a = [1,\u3000 2]", "a = [\n\u00a0'x']",
])
def test_anything_past_plain_toml_goes_back_to_tomllib(text):
    assert read_plain(text.splitlines()) is None


SCALARS = st.one_of(st.integers(-10**12, 10**12), st.booleans(),
                    st.floats(allow_nan=False, allow_infinity=True, width=32),
                    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12))
KEYS = st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8)


@given(st.dictionaries(KEYS, st.one_of(SCALARS, st.lists(SCALARS, max_size=4)), max_size=5))
def test_whatever_it_reads_tomllib_reads_alike(document):
    lines = []
    for key, value in document.items():
        values = value if isinstance(value, list) else [value]
        written = [repr(item).lower() if isinstance(item, bool) else repr(item) for item in values]
        lines.append(f"{key} = " + (f"[{', '.join(written)}]" if isinstance(value, list) else written[0]))
    text = "\n".join(lines)
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert read_plain(lines) is None
        return
    plain = read_plain(lines)
    assert plain is None or plain.values == expected


@pytest.mark.parametrize("text", ["a = ['p1 cbr 4 # a comment, in a string', 'p2 f',]", "a = [ 1 ,2,\t]", "a = []",
                                  "a = ['']", "a = [-0, +5]", "a = ['x', 1]"])
def test_one_line_arrays_read_as_tomllib_reads_them(text):
    plain = read_plain([text])
    assert plain is not None and plain.values == tomllib.loads(text) and plain.item_lines["a"] == [0] * len(
        plain.values["a"])


@pytest.mark.parametrize("text", ["a = [,]", "a = ['x' 'y']", "a = [1 2]", "a = [01]"])
def test_a_one_line_array_toml_refuses_is_left_to_tomllib(text):
    assert read_plain([text]) is None
