"""--server URL: the command line's hands checked by the real service (gunicorn, two workers, on loopback) with
Prefer: return=minimal, in requests of a bounded number of hands: what a local run prints, but the players' nets."""

from pathlib import Path

import pytest

from service.histories import served
from service.histories.cli import main

from .conftest import free_port

pytestmark = pytest.mark.serving

SAMPLES = Path(__file__).resolve().parents[1] / "histories" / "samples"
POKERSTARS = SAMPLES / "pokerstars-razz-cash.txt"
NO_NETS = "net: not in the service's lean answers"


@pytest.fixture
def archive(tmp_path):
    """The samples and a night at one table: 60 hands with a disagreeing record and an illegal bet deep inside."""
    text = POKERSTARS.read_text()
    copies = [text] * 20
    copies[11] = text.replace("Hero collected $0.46 from pot", "Hero collected $0.47 from pot")
    copies[16] = text.replace("Hero: bets $0.04", "Hero: bets $0.08")
    (tmp_path / "table-night.txt").write_text("\n\n".join(copies))
    (tmp_path / "latin.txt").write_bytes("Héro".encode("latin-1"))
    return [SAMPLES, tmp_path / "table-night.txt", tmp_path / "latin.txt"]


def run(capsys, *arguments):
    status = main([*map(str, arguments)])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.splitlines()


@pytest.mark.parametrize("as_json", [(), ("--json",)], ids=["lines", "json"])
def test_the_service_checks_what_a_local_run_checks(capsys, monkeypatch, server, archive, as_json):
    monkeypatch.setattr(served, "REQUEST_HANDS", 7)  # the night's hands in nine requests
    status, out, err = run(capsys, "--jobs", 1, *as_json, *archive)
    total = (err if as_json else out).pop()
    assert status == 2
    assert as_json or any(line.endswith("table-night.txt:3274: hand 48 (35874590575): invalid, illegal-action: "
                                        "actions[5]: seat 7's bet adds 4 chips, not 8 [Hero: bets $0.08]")
                          for line in out)
    served_status, served_out, served_err = run(capsys, "--server", server.base, "--jobs", 3, *as_json, *archive)
    served_total = (served_err if as_json else served_out).pop()
    assert (served_status, served_out, served_err) == (status, out, err)
    assert served_total == total[:total.index("; net")] + "; " + NO_NETS


def test_requests_are_cut_between_hands_never_inside_one():
    sections = served.FORMATS["pokerstars"].split("\n\n".join([POKERSTARS.read_text()] * 5))
    runs = list(served.requests_of(sections, sum(map(len, (section.lines for section in sections)))))
    assert [(first, end) for first, end, _, _ in runs] == [(0, 15)]
    served.REQUEST_CHARACTERS, before = 6000, served.REQUEST_CHARACTERS
    try:
        runs = list(served.requests_of(sections, 1000))
    finally:
        served.REQUEST_CHARACTERS = before
    assert [first for first, _, _, _ in runs] == list(range(0, 15, 3))
    assert [start for _, _, start, _ in runs][1:] == [sections[first].first_line for first, _, _, _ in runs][1:]


def test_a_service_that_does_not_answer_is_one_line_and_exit_2(capsys):
    status, out, err = run(capsys, "--server", f"http://127.0.0.1:{free_port()}", POKERSTARS)
    assert (status, out, len(err)) == (2, [], 1)
    assert err[0].startswith("python -m service.histories: --server http://127.0.0.1:")


def test_a_url_the_command_line_cannot_call_is_refused(capsys):
    assert run(capsys, "--server", "127.0.0.1:8080", POKERSTARS) == (
        2, [], ["python -m service.histories: --server 127.0.0.1:8080: give the service's http:// or https:// URL"])
