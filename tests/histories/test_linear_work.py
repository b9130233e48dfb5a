"""Every reader's work grows linearly with its text, counted, never timed: more hands, longer hands, longer lines.

Each text is made 2, 4 and 8 times larger, and the work counted (``work.py``: the calls made and
the characters of the entries made of lines): linear work adds twice as much at each doubling as
at the one before, quadratic work four times as much. The bound, 3, leaves room for what the
interpreter's own bookkeeping adds and none for a loop inside a loop. A pattern that backtracks on a
long line works inside one call, where these counters do not look: ``test_reader_fuzz`` reads very
long lines of the patterns' shapes for that.
"""

import pytest

from service.histories.detect import detect

from .site_texts import as_razz, sample
from .work import increments

LINEAR = 3.0
"""The most one doubling's added work may be over the last's: 2 when linear, 4 when quadratic."""

POKERSTARS = sample("pokerstars-razz-cash.txt")
POKERSTARS_HAND = POKERSTARS.split("\n\n\n")[0]
FULLTILT = sample("fulltilt-razz-cash.txt")
WINAMAX = as_razz(sample("winamax-stud-cash.txt"))
MERGE = as_razz(sample("merge-stud-cash.xml"))
PHH = sample("wsop-2023-43-5-24_01_07_20.phh")
STUD = {"pokerstars": sample("pokerstars-stud-cash.txt"), "fulltilt": sample("fulltilt-studhilo-cash.txt"),
        "winamax": sample("winamax-stud-cash.txt"), "merge": sample("merge-stud-cash.xml"),
        "phh": sample("phh-wsop-2023-43-5-9-stud.phh")}
STUD8 = {"pokerstars": sample("pokerstars-stud8-cash.txt"), "fulltilt": sample("fulltilt-stud8-cash.txt"),
         "merge": sample("merge-studhilo-cash.xml"), "phh": sample("phh-wsop-2023-43-5-48-stud8.phh")}
"""The real hands of the other two games, as their sites wrote them."""


def before(text: str, marker: str, added: str) -> str:
    """The text with ``added`` put in before the first line holding ``marker``."""
    at = text.index(marker)
    start = text.rindex("\n", 0, at) + 1
    return text[:start] + added + text[start:]


def _repeated(fmt: str, text: str):
    """A text of ``n`` copies of a sample's hands, joined as the format separates hands."""
    if fmt == "phh":
        return lambda n: "".join(f"[{table}]\n{text}" for table in range(n))
    return lambda n: "\n\n\n".join([text.strip()] * n) + "\n"


LOBBY = "Hero re-buys and receives 1,500 chips for $1.00\nHero wins the $0.50 bounty for eliminating kobreli\n"
DISCONNECTED = '<event type="DISCONNECTED" player="3"/>\n'

SHAPES = {
    # Many hands: the sample repeated.
    "pokerstars hands": ("pokerstars", lambda n: "\n\n\n".join([POKERSTARS] * n), 1),
    "fulltilt hands": ("fulltilt", lambda n: FULLTILT * n, 1),
    "winamax hands": ("winamax", lambda n: "\n\n".join([WINAMAX] * n), 1),
    "merge hands": ("merge", lambda n: MERGE * n, 1),
    "merge hands on one line": ("merge", lambda n: MERGE.replace("\n", " ") * n, 1),
    "phh tables": ("phh", lambda n: "".join(f"[{table}]\n{PHH}" for table in range(n)), 1),
    **{f"{fmt} {game} hands": (fmt, _repeated(fmt, text), 1)
       for game, texts in (("stud", STUD), ("stud8", STUD8)) for fmt, text in texts.items()},
    # One hand of many lines the reader passes over.
    "pokerstars chat lines": ("pokerstars", lambda n: before(POKERSTARS_HAND, "*** 4th STREET ***",
                                                             'Hero said, "gl"\n' * n), 64),
    "fulltilt chat lines": ("fulltilt", lambda n: before(FULLTILT, "*** 4TH STREET ***", "Player8: gl\r\n" * n), 64),
    "winamax chat lines": ("winamax", lambda n: before(WINAMAX, "*** 4th STREET ***", "Hero said, gl\n" * n), 64),
    "pokerstars lobby lines": ("pokerstars", lambda n: before(POKERSTARS_HAND, "*** 4th STREET ***", LOBBY * n), 64),
    "merge lobby events": ("merge", lambda n: before(MERGE, "</round>", DISCONNECTED * n), 64),
    "merge rounds": ("merge", lambda n: before(MERGE, "</game>", '<round id="END_OF_GAME"></round>\n' * n), 64),
    "phh comment entries": ("phh", lambda n: PHH.replace("actions = [", "actions = [" + "'# a comment',\n" * n), 64),
    "phh comment lines": ("phh", lambda n: "# a comment\n" * n + PHH, 64),
    "phh entries": ("phh", lambda n: PHH.replace("actions = [", "actions = [" + "'p1 cc',\n" * n), 64),
    "phh entries read by tomllib": ("phh", lambda n: PHH.replace("actions = [", 'event = "\\u0041"\nactions = ['
                                                                 + "'p1 cc',\n" * n), 64),
    # One very long line.
    "pokerstars long chat": ("pokerstars", lambda n: before(POKERSTARS_HAND, "*** 4th STREET ***",
                                                            'Hero said, "' + "gl " * n + '"\n'), 2048),
    "fulltilt long chat": ("fulltilt", lambda n: before(FULLTILT, "*** 4TH STREET ***", "Player8: " + "gl " * n
                                                        + "\r\n"), 2048),
    "merge on one line": ("merge", lambda n: before(MERGE, "</game>", '<round id="END_OF_GAME"></round>' * n)
                          .replace("\n", " "), 512),
    # Text no reader can read: each piece its own section, each named.
    "pokerstars junk": ("pokerstars", lambda n: "not a hand\n\n" * n, 64),
    "merge junk": ("merge", lambda n: "<bogus/>\n" * n + MERGE, 64),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_texts_reading_grows_linearly_with_it(shape):
    fmt, make, size = SHAPES[shape]
    ratios = increments(make, fmt, size)
    assert all(ratio < LINEAR for ratio in ratios), ratios


@pytest.mark.parametrize("shape", ["phh comment lines", "pokerstars hands", "merge on one line"])
def test_telling_a_texts_format_grows_linearly_with_it(shape):
    fmt, make, size = SHAPES[shape]
    assert detect(make(size)) == fmt
    ratios = increments(make, None, size)
    assert all(ratio < LINEAR for ratio in ratios), ratios
