"""What the check says of a hand it refuses or reads with a note is in the rules' voice, as a problem's messages are.

The sample hands are spoiled a line at a time (the line dropped, doubled, its numbers changed,
its words cut) and every sentence the answer carries is held to the voice: a lower-case clause
with no full stop, whose repeated text is in JSON's double quotes, never Python's single ones.
"""

import re

import pytest

from tests.api.voice import assert_in_the_rules_voice

from .phh_texts import SAMPLES, sample_text
from .site_texts import as_razz, sample

TEXTS = {"phh": [sample_text(number) for number in sorted(SAMPLES)],
         "pokerstars": [sample("pokerstars-razz-cash.txt").split("\n\n\n")[0]],
         "fulltilt": [sample("fulltilt-razz-cash.txt").replace("\r\n\r\n", "\n")],
         "winamax": [as_razz(sample("winamax-stud-cash.txt"))],
         "merge": [as_razz(sample("merge-stud-cash.xml"))]}
"""Each format's hands: the four WSOP hands, the first PokerStars hand, the Full Tilt razz hand, and the Winamax
and Merge stud hands named razz (their syntax is what is spoiled)."""
SINGLE_QUOTED = re.compile(r"(?:^|[\s(])'[^'\n]+'(?=[\s,:;)]|$)")
"""Text repeated in Python's quotes (``'p9 cbr 10'``), which JSON's would have written ``"p9 cbr 10"``."""
NUMBER = re.compile(r"\d+")


def spoiled(text):
    """``text`` spoiled at each of its lines in turn: dropped, doubled, its numbers changed, cut short."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        before, after = lines[:index], lines[index + 1:]
        for replaced in ([], [line, line], [NUMBER.sub("9", line)], [NUMBER.sub("0", line)],
                         [NUMBER.sub("1" * 20, line)], [line[: len(line) // 2]], [line.replace(" ", "  ", 1)]):
            yield "\n".join([*before, *replaced, *after])


def sentences(hand):
    """Every sentence the answer gives for a hand: its error's and its notes."""
    return ([] if hand["error"] is None else [hand["error"]["detail"]]) + hand["notes"]


@pytest.mark.parametrize("format_name", TEXTS)
def test_every_sentence_about_a_spoiled_hand_is_in_the_rules_voice(client, format_name):
    said = set()
    for text in TEXTS[format_name]:
        for spoilt in spoiled(text):
            response = client.post("/v1/hand-histories/check", json={"format": format_name, "text": spoilt})
            assert response.status_code == 200, spoilt
            for hand in response.get_json()["hands"]:
                said.update(sentences(hand))
    assert len(said) > 30
    for sentence in said:
        assert_in_the_rules_voice(sentence)
        assert not SINGLE_QUOTED.search(sentence), sentence
