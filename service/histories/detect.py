"""Which format a hand history is written in, from the text itself: each site's hands open with their own line.

The format is told by the first line that says anything (past a byte-order mark, blank lines and an
XML declaration): a hand's header, the XML element a hand opens with, or PHH's TOML. A PHH file may
open with comments, which say anything (``# Tournament summary: ...``): when the first line that is
no comment is a PHH table or field, the text is PHH, whatever its comments look like. A text in a
format not read is named for what it looks like when that is known (another site's export, a
tournament summary, which is no hand at all), with the formats that are read.
"""

from __future__ import annotations

import re

from ..stud_family.errors import InputError
from . import fulltilt, merge, pokerstars, winamax
from .formats import FORMATS
from .site_export import clean
from .written import text_lines

_DECLARATION = re.compile(r"<\?xml[^>]*\?>\s*")
"""An XML declaration, on a line of its own or before the hand's first element."""
_NOT_READ = (
    (re.compile(r"PokerStars Tournament #"), "a PokerStars tournament summary, not a hand"),
    (re.compile(r"Full Tilt Poker Tournament Summary"), "a Full Tilt Poker tournament summary, not a hand"),
    (re.compile(r"Winamax Poker - Tournament summary", re.IGNORECASE), "a Winamax tournament summary, not a hand"),
    (re.compile(r".{0,200}\bTournament Summary\b", re.IGNORECASE), "a tournament summary, not a hand"),
    (re.compile(r"<session[\s>]"), "an iPoker network XML hand history"),
    (re.compile(r"#Game No\s*:|\*{5} 888poker Hand History|888poker"), "an 888poker hand history"),
    (re.compile(r"\*{5} Hand History for Game"), "a PartyPoker hand history"),
    (re.compile(r"#\d+: [^\n]{0,200}? - "), "a KingsClub hand history"),
)
"""What a text in a format not read looks like, by its first line; the summaries come before the formats read."""
_READ = (
    (pokerstars.HAND_START, "pokerstars"),
    (fulltilt.HAND_START, "fulltilt"),
    (winamax.HAND_START, "winamax"),
    (merge.HAND_START, "merge"),
    (re.compile(r"#"), "phh"),
)
"""Each format read, by its first line: a hand's header, Merge's XML element, a PHH comment (a PHH table or field
is ``_PHH``)."""
_PHH = re.compile(r"\[[^\[\]]*\]\s*(?:#.*)?$|[A-Za-z0-9_\-\"']+\s*=")
"""A PHH table's header or a field: the first line of a PHH text that is no comment."""
READ = ", ".join(FORMATS)


def _past_declaration(line: str) -> str:
    """A line's words past an XML declaration it starts with."""
    line = clean(line)
    declaration = _DECLARATION.match(line)
    return line if declaration is None else line[declaration.end():]


class UnsupportedFormatError(InputError):
    """A hand history in a format the service does not read, or not a hand history at all."""

    kind = "unsupported-format"

    def __init__(self, looks_like: str) -> None:
        super().__init__("text", f"{looks_like}: the formats read are {READ}")


def detect(text: str) -> str:
    """The format ``text`` is written in, told by its first line (a file's name is not asked: the endpoint has
    none, and the command line tells a file as the endpoint does), or an UnsupportedFormatError saying what it
    looks like.

    >>> detect("PokerStars Hand #1: Tournament #2, ...")
    'pokerstars'
    >>> detect("# Tournament summary: the final table's hands\\nvariant = 'FR'")
    'phh'
    >>> detect("#39969356: Limit Razz - 40/80")
    Traceback (most recent call last):
    ...
    service.histories.detect.UnsupportedFormatError: text: a KingsClub hand history: the formats read are phh, \
pokerstars, fulltilt, winamax, merge
    """
    said = (line for line in map(_past_declaration, text_lines(text)) if line)
    first = next(said, "")
    past_comments = first if first[:1] != "#" else next((line for line in said if line[0] != "#"), "")
    if _PHH.match(past_comments):
        return "phh"
    for pattern, looks_like in _NOT_READ:
        if pattern.match(first):
            raise UnsupportedFormatError(looks_like)
    for pattern, format_name in _READ:
        if pattern.match(first):
            return format_name
    raise UnsupportedFormatError("not a hand history in a format the service recognises" if first else
                                 "an empty text holds no hand history")
