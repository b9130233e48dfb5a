"""Which format a history is in, the encodings its file may have, and the lean answer a bulk audit asks for."""

import codecs
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from service.api.histories import LEAN_FIELDS, prefers_minimal
from service.histories.detect import UnsupportedFormatError, detect
from service.histories.encodings import EncodingError, decode_history
from service.histories.formats import FORMATS

from .phh_texts import CHECK, PROBLEM_BASE, SAMPLES_DIR
from .site_texts import WRITERS, checked_samples, sample

READ = "the formats read are phh, pokerstars, fulltilt, winamax, merge"
SAMPLE_FORMATS = {path.name: {"wsop": "phh"}.get(path.name.split("-")[0], path.name.split("-")[0])
                  for path in sorted(SAMPLES_DIR.iterdir()) if path.suffix in (".phh", ".txt", ".xml")}
"""Every sample file and the format its name gives (``wsop-...phh`` is PHH)."""


# Detection

def test_every_sample_is_in_a_format_read():
    assert set(SAMPLE_FORMATS.values()) == set(FORMATS) and len(SAMPLE_FORMATS) == 21


@pytest.mark.parametrize("name", sorted(SAMPLE_FORMATS))
def test_each_samples_format_is_told_by_its_text(name):
    assert detect(sample(name)) == SAMPLE_FORMATS[name]
    assert detect("\ufeff\n  \r\n" + sample(name)) == SAMPLE_FORMATS[name]


@pytest.mark.parametrize("fmt", sorted(WRITERS))
def test_a_razz_hand_written_by_each_site_is_told_by_its_text(client, fmt):
    checked = checked_samples(client)
    assert {detect(WRITERS[fmt](checked[number], number)) for number in checked} == {fmt}


@pytest.mark.parametrize(("text", "fmt"), [
    ("[1]\nvariant = 'FR'\n", "phh"), ("# a comment\nvariant = 'FR'", "phh"), ("variant='FR'", "phh"),
    ('<?xml version="1.0" encoding="UTF-8"?>\n<description type="Razz" stakes="Limit $1/$2"/>', "merge"),
    ('<game id="1" gametype="47">', "merge"), ("PokerStars Game #1: Razz Limit ($0.04/$0.08)", "pokerstars"),
    ("\ufeffPokerStars Home Game Hand #1: {Club's Room} Tournament #2, 100+9 8-Game (Razz Limit) - Level I (20/40)",
     "pokerstars"),
])
def test_a_texts_first_line_tells_its_format(text, fmt):
    assert detect(text) == fmt


@pytest.mark.parametrize("comments", [
    "# Tournament summary of the final table's hands\n", "#12: converted - by hand\n", "#Game No : 7\n",
    "# ***** Hand History for Game 1 *****\n#\n# PokerStars Hand #1, converted\n", "\n  # a comment\n\n",
])
def test_a_phh_texts_leading_comments_are_seen_past_whatever_they_say(comments):
    text = comments + sample("wsop-2023-43-5-20_01_00_21.phh")
    assert detect(text) == "phh"
    assert detect(comments + "[1]\n" + sample("wsop-2023-43-5-20_01_00_21.phh")) == "phh"


@pytest.mark.parametrize(("text", "looks_like"), [
    ("#39969356: Limit Razz - 40/80\n2011/02/03 - 12:00:00\n", "a KingsClub hand history"),
    ('<?xml version="1.0"?>\n<session sessioncode="123">\n<general>', "an iPoker network XML hand history"),
    ("#Game No : 123456\n***** 888poker Hand History for Game 123 *****", "an 888poker hand history"),
    ("***** 888poker Hand History for Game 123456 *****", "an 888poker hand history"),
    ("***** Hand History for Game 123456 *****\n$1/$2 Razz", "a PartyPoker hand history"),
    ("PokerStars Tournament #123, Razz Limit\nBuy-In: $10", "a PokerStars tournament summary, not a hand"),
    ("Full Tilt Poker Tournament Summary $10 Razz (123)", "a Full Tilt Poker tournament summary, not a hand"),
    ("Winamax Poker - Tournament summary : Razz(123)", "a Winamax tournament summary, not a hand"),
    ("Tournament summary of the Sunday Razz", "a tournament summary, not a hand"),
    ("Hello, here are my hands", "not a hand history in a format the service recognises"),
    ("\n \n", "an empty text holds no hand history"),
])
def test_a_format_not_read_is_named_for_what_it_looks_like_with_the_formats_read(client, text, looks_like):
    with pytest.raises(UnsupportedFormatError) as error:
        detect(text)
    assert error.value.message == f"{looks_like}: {READ}"
    response = client.post(CHECK, json={"text": text})
    assert response.status_code == 422
    body = response.get_json()
    assert body["type"] == PROBLEM_BASE + "unsupported-format"
    assert body["detail"] == f"text: {looks_like}: {READ}" and body["errors"] == {"text": [f"{looks_like}: {READ}"]}
    assert client.post(CHECK, json={"text": text, "format": "auto"}).get_json() == body


def test_a_format_named_by_the_request_is_read_as_that_format_even_when_the_text_is_another(client):
    answer = client.post(CHECK, json={"text": sample("winamax-stud-cash.txt"), "format": "pokerstars"}).get_json()
    assert answer["hands"][0]["error"]["type"] == PROBLEM_BASE + "unreadable-hand"
    assert "not a PokerStars hand" in answer["hands"][0]["error"]["detail"]


# Encodings

TEXT = "Winamax Poker - 5€ Ça\r\nSeat 1: Hero"


@pytest.mark.parametrize("data", [
    TEXT.encode(), codecs.BOM_UTF8 + TEXT.encode(), codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"),
    codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le") + b"\n",
])
def test_utf8_with_or_without_a_bom_and_utf16_with_one_are_read(data):
    assert decode_history(data) == TEXT


@pytest.mark.parametrize(("data", "named"), [
    (TEXT.encode("cp1252"), "not UTF-8 (byte 0x80 at offset 17) nor UTF-16 with a byte-order mark"),
    (TEXT.encode("utf-16-le"), "UTF-16 LE without a byte-order mark"),
    (TEXT.encode("utf-16-be"), "UTF-16 BE without a byte-order mark"),
    (codecs.BOM_UTF16_LE + b"\x00\xd8\x41\x00", "not UTF-16 LE, though it starts with its byte-order mark"),
    (codecs.BOM_UTF8 + b"\xff", "not UTF-8 (byte 0xff at offset 0)"),
])
def test_any_other_bytes_are_named_for_what_they_are(data, named):
    with pytest.raises(EncodingError) as error:
        decode_history(data)
    assert str(error.value).startswith(named)


ENCODINGS = {"UTF-8": b"", "UTF-8 with a byte-order mark": codecs.BOM_UTF8,
             "UTF-16 LE": codecs.BOM_UTF16_LE, "UTF-16 BE": codecs.BOM_UTF16_BE}
"""Each encoding read, by the byte-order mark its files start with (none for plain UTF-8)."""
CODECS = {"UTF-8": "utf-8", "UTF-8 with a byte-order mark": "utf-8", "UTF-16 LE": "utf-16-le",
          "UTF-16 BE": "utf-16-be"}


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
@pytest.mark.parametrize("name", sorted(SAMPLE_FORMATS))
def test_each_sample_in_each_encoding_reads_as_the_same_hands(name, encoding):
    text = sample(name)
    data = ENCODINGS[encoding] + text.encode(CODECS[encoding])
    assert decode_history(data) == text
    if encoding.startswith("UTF-16"):  # a real export may end in a stray odd byte: it loses nothing
        assert decode_history(data + b"\x00") == text
        with pytest.raises(EncodingError, match=f"{encoding} without a byte-order mark"):
            decode_history(text.encode(CODECS[encoding]))
    reader = FORMATS[detect(decode_history(data))]
    assert reader.split(decode_history(data)) == reader.split(text)


@pytest.mark.parametrize("name", sorted(SAMPLE_FORMATS))
def test_a_sample_in_another_encoding_is_named_as_none_of_those_read(name):
    data = ("Ça " + sample(name)).encode("cp1252")  # a Windows-1252 file: "Ç" is one byte, 0xc7
    with pytest.raises(EncodingError) as error:
        decode_history(data)
    assert str(error.value).startswith("not UTF-8 (byte 0xc7 at offset 0) nor UTF-16 with a byte-order mark")


def run(*arguments):
    """The CLI's exit status and output lines."""
    done = subprocess.run([sys.executable, "-m", "service.histories", *map(str, arguments)],
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout.splitlines(), done.stderr


def test_the_cli_reads_a_utf16_export_and_names_a_file_it_cannot_decode_or_recognise_checking_the_rest(tmp_path):
    latin = tmp_path / "latin.txt"
    latin.write_bytes(TEXT.encode("cp1252"))
    kingsclub = tmp_path / "kings.txt"
    kingsclub.write_text("#39969356: Limit Razz - 40/80\n")
    fulltilt = SAMPLES_DIR / "fulltilt-razz-cash.txt"
    status, lines, errors = run(latin, fulltilt, kingsclub)
    assert status == 2
    assert lines[0] == f"{fulltilt}: 1 hand, 1 valid, 1 agree"
    assert lines[1].startswith("total: 3 files (2 not read), 1 hand, 1 valid, 1 agree; ")
    assert len(lines) == 2
    assert f"{latin}: cannot be read: not UTF-8 (byte 0x80 at offset 17)" in errors
    assert f"{kingsclub}: cannot be read: a KingsClub hand history: {READ}" in errors


# The lean answer

def test_prefer_return_minimal_answers_each_hands_verdicts_only_and_says_so(client):
    text = sample("pokerstars-razz-cash.txt") + "\n\n\n" + sample("pokerstars-razz-cash.txt").replace(
        "Hero: bets $0.04", "Hero: bets $0.08")
    full = client.post(CHECK, json={"text": text})
    lean = client.post(CHECK, json={"text": text}, headers={"Prefer": "return=minimal"})
    assert lean.headers["Preference-Applied"] == "return=minimal" and lean.headers["Vary"] == "Prefer"
    assert "Preference-Applied" not in full.headers and full.headers["Vary"] == "Prefer"
    lean_hands, full_hands = lean.get_json()["hands"], full.get_json()["hands"]
    assert [list(hand) for hand in lean_hands] == [list(LEAN_FIELDS)] * 6
    assert lean_hands == [{name: hand[name] for name in LEAN_FIELDS} for hand in full_hands]
    assert lean.get_json()["summary"] == full.get_json()["summary"] == {"hands": 6, "valid": 5, "agree": 5,
                                                                       "skipped": 0}


def test_the_lean_answer_explained_carries_each_hands_decisions(client):
    lean = client.post(CHECK + "?explain=true", json={"text": sample("fulltilt-razz-cash.txt")},
                       headers={"Prefer": "return=minimal"}).get_json()["hands"][0]
    full = client.post(CHECK + "?explain=true", json={"text": sample("fulltilt-razz-cash.txt")}).get_json()["hands"][0]
    assert lean["why"] == full["why"] and lean["why"]


@pytest.mark.parametrize(("headers", "minimal"), [
    (["return=minimal"], True), (['RETURN="minimal"'], True), (["respond-async, return=minimal; x=1"], True),
    (["wait=10", "return=minimal"], True), (["return=representation"], False), (["minimal"], False),
    (["handling=lenient"], False), ([], False),
])
def test_the_prefer_header_is_read_as_rfc_7240_writes_it(headers, minimal):
    assert prefers_minimal(headers) is minimal


def test_the_readmes_http_snippet_reads_a_utf16_export_as_the_command_line_does():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    snippet = re.search(r"\.venv/bin/python -c '(?P<code>import json,sys; from service[^']*)'", readme)
    assert snippet is not None
    for name in ("fulltilt-razz-cash.txt", "pokerstars-razz-cash.txt"):
        done = subprocess.run([sys.executable, "-c", snippet["code"], str(SAMPLES_DIR / name)], capture_output=True,
                              check=True)
        assert json.loads(done.stdout) == {"text": sample(name)}
