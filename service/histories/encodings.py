"""A history file's bytes as text: the encodings hand-history exports are written in, and nothing guessed.

Sites write UTF-8 (with or without a byte-order mark) or, as Full Tilt Poker does, UTF-16 with one.
Anything else is named for what it is, so a checker reports that file and goes on with the others.
"""

from __future__ import annotations

import codecs

_BOMS = ((codecs.BOM_UTF8, "utf-8", "UTF-8"), (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16 LE"),
         (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16 BE"))
_TRAILING = frozenset(b"\r\n\x00 ")
"""A byte a UTF-16 export may end on alone (a stray half of a line break): dropped, it loses nothing."""


class EncodingError(ValueError):
    """A file whose bytes are not text in an encoding the service reads; the message says what they are."""


def decode_history(data: bytes) -> str:
    """The text of a history file: UTF-8 with or without a byte-order mark, or UTF-16 LE or BE with one.

    >>> decode_history(b"\\xff\\xfeF\\x00u\\x00l\\x00l\\x00")
    'Full'
    >>> decode_history("Winamax 5€".encode())
    'Winamax 5€'
    """
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            body = data[len(bom):]
            if codec != "utf-8" and len(body) % 2 and body[-1] in _TRAILING:
                body = body[:-1]
            return _decoded(body, codec, name)
    if len(data) >= 4 and data[1::2][:64].count(0) > 32 and data[0::2][:64].count(0) == 0:
        raise EncodingError("UTF-16 LE without a byte-order mark: save it as UTF-8, or as UTF-16 with a byte-order "
                            "mark")
    if len(data) >= 4 and data[0::2][:64].count(0) > 32 and data[1::2][:64].count(0) == 0:
        raise EncodingError("UTF-16 BE without a byte-order mark: save it as UTF-8, or as UTF-16 with a byte-order "
                            "mark")
    return _decoded(data, "utf-8", "UTF-8")


def _decoded(body: bytes, codec: str, name: str) -> str:
    """The bytes decoded, or an EncodingError naming the first byte that is not the encoding's."""
    try:
        return body.decode(codec)
    except UnicodeDecodeError as error:
        bad = body[error.start:error.start + 1].hex()
        if name == "UTF-8":
            raise EncodingError(f"not UTF-8 (byte 0x{bad} at offset {error.start}) nor UTF-16 with a byte-order "
                                "mark: the encodings read are UTF-8, with or without a byte-order mark, and UTF-16 "
                                "LE or BE with one (a Windows-1252 or Latin-1 file? save it as UTF-8)") from None
        raise EncodingError(f"not {name}, though it starts with its byte-order mark: {error.reason} at offset "
                            f"{error.start}") from None
