"""Whether a body is JSON at all, however deep it nests: the one question a decoder that recurses cannot answer.

msgspec, like every recursive decoder, gives up on a body nested deeper than its stack allows
before it reaches the end; so did an unclosed ``[`` written 5,000 times, which is no JSON at all
and must be a 400 ``malformed-request``, not the 422 "nested too deeply" that deep valid JSON
gets. This reads the grammar of RFC 8259 with an explicit stack, in time linear in the body's
length, and only runs on a body the decoder found too deep.
"""

from __future__ import annotations

import re

_TOKEN = re.compile(rb"""[ \t\n\r]*(?:
    (\[[\[ \t\n\r]*)                                          # 1: one or more [ opening arrays
  | (\{)                                                      # 2: { opening an object
  | ([\]}][\]} \t\n\r]*)                                      # 3: one or more closing brackets
  | (,)                                                       # 4
  | (:)                                                       # 5
  | ("(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*")   # 6: a string
  | (-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null)  # 7: any other scalar
)""", re.VERBOSE)

_END = re.compile(rb"[ \t\n\r]*\Z")

_SPACE = b" \t\n\r"

_OPENERS = bytes.maketrans(b"]}", b"[{")

# What the reader expects next.
_VALUE, _FIRST_ITEM, _KEY, _FIRST_KEY, _COLON, _AFTER = range(6)


def is_json(body: bytes) -> bool:
    """Whether ``body`` is one JSON text (UTF-8), whatever its depth.

    >>> is_json(b"[" * 5000 + b"]" * 5000), is_json(b"[" * 5000), is_json(b'{"a": [1, {"b": null}]}')
    (True, False, True)
    >>> is_json(b'{"a" 1}'), is_json(b"[1,]"), is_json(b"[1] 2"), is_json(b"[01]"), is_json(b'{"a": }')
    (False, False, False, False, False)
    """
    try:
        body.decode()
    except UnicodeDecodeError:
        return False
    stack = bytearray()
    expect = _VALUE
    position = 0
    while token := _TOKEN.match(body, position):
        position = token.end()
        kind = token.lastindex
        if kind == 1 or kind == 2:  # containers open where a value may start
            if expect not in (_VALUE, _FIRST_ITEM):
                return False
            stack += token.group(kind).translate(None, _SPACE)
            expect = _FIRST_ITEM if kind == 1 else _FIRST_KEY
        elif kind == 3:  # containers close after a value, or right after they opened
            closers = token.group(3).translate(None, _SPACE)
            if not (expect == _AFTER or (expect, closers[:1]) in ((_FIRST_ITEM, b"]"), (_FIRST_KEY, b"}"))):
                return False
            if len(closers) > len(stack) or stack[len(stack) - len(closers):] != closers.translate(_OPENERS)[::-1]:
                return False
            del stack[len(stack) - len(closers):]
            expect = _AFTER
        elif kind == 4:
            if expect != _AFTER or not stack:
                return False
            expect = _VALUE if stack[-1:] == b"[" else _KEY
        elif kind == 5:
            if expect != _COLON:
                return False
            expect = _VALUE
        elif kind == 6 and expect in (_KEY, _FIRST_KEY):
            expect = _COLON
        elif expect in (_VALUE, _FIRST_ITEM):  # a string or scalar value
            expect = _AFTER
        else:
            return False
    return expect == _AFTER and not stack and _END.match(body, position) is not None
