"""The plain TOML that PHH files are written in, read line by line with each value's line kept.

PHH files use a small part of TOML: ``key = value`` lines whose values are strings without
escapes, numbers, booleans and arrays of those, with ``#`` comments. Reading that part here gives
every array item its line, which the errors name, in less time than ``tomllib`` takes
(bench/README.md, "Speed tricks"). Anything else (an escape, a date, a table, a dotted key, a
space or control character TOML refuses) returns None: the caller reads the text with
``tomllib`` instead, so no file is read otherwise than TOML reads it.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

_NUMBER = re.compile(r"[+-]?(?:0|[1-9][0-9]*)(?:(\.[0-9]+)?([eE][+-]?[0-9]+)?)?")
_SPECIAL = {"true": True, "false": False, "inf": float("inf"), "+inf": float("inf"), "-inf": float("-inf")}
_KEY_VALUE = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*(.*)")
"""A ``key = value`` line: the key and the value's text, comment and all."""
_MOST_INTEGER_TEXT = 4300
"""Past this many characters a number (or a one-line array of them) is left to tomllib, which refuses what ``int``
refuses: 4,300 digits or more."""
_SPACES = re.compile(r"[ \t]*")
"""TOML's whitespace: spaces and tabs, never the other Unicode spaces ``str.strip`` takes."""
_COMMENT_TAIL = re.compile(r"[ \t]*(?:#.*)?")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
"""The control characters TOML refuses anywhere (a tab is allowed)."""
_WORD = re.compile(r"[^\s,\]#]+")
_INTEGER = r"[+-]?(?:0|[1-9][0-9]*)"
_STRING_ARRAY = re.compile(r"\[[ \t]*(?:'[^'\n]*'[ \t]*,[ \t]*)*(?:'[^'\n]*'[ \t]*)?\]")
"""A one-line array of literal strings (a trailing comma allowed): no comment, no escape, no nesting."""
_STRING_ITEM = re.compile(r"'([^'\n]*)'")
_INTEGER_ARRAY = re.compile(rf"\[[ \t]*(?:{_INTEGER}[ \t]*,[ \t]*)*(?:{_INTEGER}[ \t]*)?\]")


class Fields(NamedTuple):
    """The values by key, the line index of each key, and the line index of each item of an array."""

    values: dict[str, Any]
    lines: dict[str, int]
    item_lines: dict[str, list[int]]


def read_plain(lines: list[str], start: int = 0) -> Fields | None:
    """``lines[start:]`` read as plain TOML key/values; None when they hold anything else."""
    values: dict[str, Any] = {}
    key_lines: dict[str, int] = {}
    item_lines: dict[str, list[int]] = {}
    if any(_CONTROL.search(line) for line in lines[start:]):  # TOML takes none, in comments and strings too
        return None
    index = start
    while index < len(lines):
        found = _KEY_VALUE.fullmatch(lines[index])
        if found is None:
            line = lines[index].strip(" \t")
            if line and line[0] != "#":
                return None
            index += 1
            continue
        key, rest = found.groups()
        rest = rest.rstrip(" \t")
        if key in values:
            return None
        key_lines[key] = index
        if rest[:1] == "[":
            items = _one_line_array(rest)
            if items is not None:
                values[key], item_lines[key] = items, [index] * len(items)
                index += 1
                continue
            array = _array(lines, index, rest, 1)
            if array is None:
                return None
            values[key], item_lines[key], index = array
        else:
            value, end = _value(rest)
            if value is None or not _only_comment(rest, end):
                return None
            values[key] = value
        index += 1
    return Fields(values, key_lines, item_lines)


def _one_line_array(text: str) -> list[Any] | None:
    """An array written whole on one line of single-quoted strings or of integers, as PHH tools write them; None
    for any other (the item-by-item reader takes it). One pattern checks the line, and one finds the items or a
    split does, instead of splitting and checking each word in Python (what that saves: bench/README.md, "Speed
    tricks")."""
    if _STRING_ARRAY.fullmatch(text):
        return _STRING_ITEM.findall(text)
    if _INTEGER_ARRAY.fullmatch(text) and len(text) <= _MOST_INTEGER_TEXT:
        return [int(word) for word in text[1:-1].split(",") if not word.isspace() and word]
    return None


def _array(lines: list[str], index: int, text: str, pos: int) -> tuple[list[Any], list[int], int] | None:
    """An array whose items start at ``pos`` of ``text``, line ``index`` (just after its ``[``): its items, their
    lines, and its last line. Read by position, never by slicing what is left: a line of 200,000 items reads in
    linear time."""
    items: list[Any] = []
    where: list[int] = []
    expect_item = True
    while True:
        pos = _SPACES.match(text, pos).end()  # type: ignore[union-attr]  # [ \t]* always matches
        if pos == len(text) or text[pos] == "#":
            index += 1
            if index == len(lines):
                return None
            text, pos = lines[index], 0
            continue
        if text[pos] == "]":
            return (items, where, index) if _only_comment(text, pos + 1) else None
        if text[pos] == ",":
            if expect_item:
                return None
            expect_item = True
            pos += 1
            continue
        if not expect_item:
            return None
        value, pos = _value(text, pos)
        if value is None:
            return None
        items.append(value)
        where.append(index)
        expect_item = False


def _value(text: str, pos: int = 0) -> tuple[Any, int]:
    """A string without escapes, a number or a boolean at ``pos`` of ``text``, and where the text after it starts."""
    if text[pos:pos + 1] in ("'", '"'):
        quote = text[pos]
        end = text.find(quote, pos + 1)
        if end < 0 or text.startswith(quote * 3, pos) or (quote == '"' and "\\" in text[pos + 1:end]):
            return None, pos
        return text[pos + 1:end], end + 1
    word = _WORD.match(text, pos)
    if word is None:
        return None, pos
    token = word.group()
    if token in _SPECIAL:
        return _SPECIAL[token], word.end()
    number = _NUMBER.fullmatch(token)
    if number is None or len(token) > _MOST_INTEGER_TEXT:
        return None, pos
    return (float(token) if number.group(1) or number.group(2) else int(token)), word.end()


def _only_comment(text: str, pos: int = 0) -> bool:
    """Whether ``text`` from ``pos`` holds nothing but spaces and a comment."""
    return _COMMENT_TAIL.fullmatch(text, pos) is not None
