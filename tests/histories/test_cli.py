"""python -m service.histories: the check without a server, as a QA job runs it."""

import subprocess
import sys
from pathlib import Path

SAMPLES = Path(__file__).parent / "samples"
PHH = sorted(SAMPLES.glob("wsop-*.phh"))
POKERSTARS = SAMPLES / "pokerstars-razz-cash.txt"


def run(*arguments):
    """The CLI's exit status and output lines, run as a pipeline runs it."""
    done = subprocess.run([sys.executable, "-m", "service.histories", *map(str, arguments)],
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout.splitlines(), done.stderr


def test_every_sample_passes_with_a_summary_line_per_file():
    status, lines, _ = run(*PHH, POKERSTARS)
    assert status == 0
    assert lines[:-1] == [f"{path}: {count} hands, {count} valid, {count} agree"
                          for path, count in [*((path, 1) for path in PHH), (POKERSTARS, 3)]]
    assert lines[-1].startswith("total: 5 files, 7 hands, 7 valid, 7 agree; net (all-in adjusted): ")


def test_a_disagreeing_record_and_an_illegal_action_are_named_and_fail_the_job(tmp_path):
    disagreeing = tmp_path / "paid.phh"
    disagreeing.write_text(PHH[0].read_text().replace("6450000", "6450001"))
    illegal = tmp_path / "export.txt"  # no extension: the content says PokerStars
    illegal.write_text(POKERSTARS.read_text().replace("Hero: bets $0.04", "Hero: bets $0.08"))
    status, lines, _ = run(disagreeing, illegal)
    assert status == 1
    assert lines[:2] == [f"{disagreeing}: 1 hands, 1 valid, 0 agree",
                         f"{disagreeing}: hand 0: disagrees: seat 1 recorded 6450001, the rules give 6450000"]
    assert lines[2] == f"{illegal}: 3 hands, 2 valid, 2 agree"
    assert lines[3].startswith(f"{illegal}:26: hand 0 (35874590575): invalid, illegal-action: actions[")
    assert lines[3].endswith("seat 7's bet adds 4 chips, not 8 [Hero: bets $0.08]")


def test_a_file_that_cannot_be_read_or_bad_rules_stop_with_status_2(tmp_path):
    status, _, errors = run(tmp_path / "missing.phh")
    assert status == 2 and "missing.phh: cannot be read" in errors
    status, _, errors = run(PHH[0], "--rules", '{"preset": "nope"}')
    assert status == 2 and errors.startswith("--rules: rules.preset:")
