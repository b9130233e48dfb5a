"""Which format a history is in, the encodings its file may have, and the lean answer a bulk audit asks for."""

import codecs
import subprocess
import sys
from pathlib import Path

import pytest

from service.api.histories import LEAN_FIELDS, prefers_minimal
from service.histories.detect import UnsupportedFormatError, detect
from service.histories.encodings import EncodingError, decode_history

from .phh_texts import CHECK, PROBLEM_BASE

SAMPLES = Path(__file__).parent / "samples"
READ = "the formats read are phh, pokerstars, fulltilt, winamax, merge"


def sample(name):
    """A sample file's text."""
    return decode_history((SAMPLES / name).read_bytes())


# Detection

@pytest.mark.parametrize(("name", "fmt"), [
    ("wsop-2023-43-5-20_01_00_21.phh", "phh"), ("pokerstars-razz-cash.txt", "pokerstars"),
    ("fulltilt-razz-cash.txt", "fulltilt"), ("fulltilt-studhilo-cash.txt", "fulltilt"),
    ("winamax-stud-cash.txt", "winamax"), ("winamax-stud-play.txt", "winamax"), ("merge-stud-cash.xml", "merge"),
    ("merge-studhilo-cash.xml", "merge"),
])
def test_each_samples_format_is_told_by_its_text(name, fmt):
    assert detect(sample(name)) == fmt
    assert detect("\ufeff\n  \r\n" + sample(name)) == fmt


@pytest.mark.parametrize(("text", "fmt"), [
    ("[1]\nvariant = 'FR'\n", "phh"), ("# a comment\nvariant = 'FR'", "phh"), ("variant='FR'", "phh"),
    ('<?xml version="1.0" encoding="UTF-8"?>\n<description type="Razz" stakes="Limit $1/$2"/>', "merge"),
    ('<game id="1" gametype="47">', "merge"), ("PokerStars Game #1: Razz Limit ($0.04/$0.08)", "pokerstars"),
])
def test_a_texts_first_line_tells_its_format(text, fmt):
    assert detect(text) == fmt


def test_a_files_phh_extension_says_phh_whatever_it_holds():
    assert detect("PokerStars Game #1", "hands.PHHS") == "phh"


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
    fulltilt = SAMPLES / "fulltilt-razz-cash.txt"
    status, lines, errors = run(latin, fulltilt, kingsclub)
    assert status == 2
    assert lines[0] == f"{fulltilt}: 1 hand, 1 valid, 1 agree"
    assert lines[1].startswith("total: 1 file (2 not read), 1 hand, 1 valid, 1 agree; ")
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
    assert lean.get_json()["summary"] == full.get_json()["summary"] == {"hands": 6, "valid": 5, "agree": 5}


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
