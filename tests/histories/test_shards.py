"""python -m service.histories --shard K/N --out DIR, and merge DIR: an archive checked in parts and put back together
prints what one run prints, byte for byte; parts that do not belong together are refused, never merged."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from service.histories import shards
from service.histories.cli import main

SAMPLES = Path(__file__).parent / "samples"
POKERSTARS = SAMPLES / "pokerstars-razz-cash.txt"


READ_BY_GAME = {"pokerstars-stud-cash.txt", "pokerstars-stud8-cash.txt", "fulltilt-stud8-cash.txt",
                "merge-horse-cash.xml", "phh-wsop-2023-43-5-9-stud.phh", "phh-wsop-2023-43-5-72-stud.phh",
                "phh-wsop-2023-43-5-48-stud8.phh", "phh-wsop-2023-43-5-49-stud8.phh"}
"""The stud-family samples of the readers' games, left out of the archive, whose deal the evenness test measures:
the hands of files too small to cut go whole to a shard, and these 19 would tip it past a piece's hands."""


@pytest.fixture
def archive(tmp_path, monkeypatch):
    """The samples (razz, stud, an invalid hand, UTF-16), a file that cannot be read, and one export large enough
    to be cut into runs of hands (40 copies of three hands, one paying a chip too many)."""
    monkeypatch.setattr(shards, "PIECE_BYTES", 16 * 2**10)
    folder = tmp_path / "archive"
    folder.mkdir()
    for sample in SAMPLES.glob("*.*"):
        if sample.suffix != ".md" and sample.name not in READ_BY_GAME:
            (folder / sample.name).write_bytes(sample.read_bytes())
    text = POKERSTARS.read_text()
    copies = [text] * 40
    copies[17] = text.replace("Hero collected $0.46 from pot", "Hero collected $0.47 from pot")
    (folder / "big" / "table-night.txt").parent.mkdir()
    (folder / "big" / "table-night.txt").write_text("\n\n".join(copies))
    (folder / "latin.txt").write_bytes("Héro".encode("latin-1"))
    assert shards.pieces_of((folder / "big" / "table-night.txt").stat().st_size) > 8
    return folder


def one_run(capsys, *arguments):
    status = main([*map(str, arguments)])
    out, err = capsys.readouterr()
    return status, out, err


def sharded(capsys, parts, out, *arguments, jobs=1):
    """Each of the shards run, then the merge: its status and what it prints."""
    for shard in range(parts):
        status, printed, err = one_run(capsys, "--shard", f"{shard}/{parts}", "--out", out, "--jobs", jobs,
                                       *arguments)
        assert (status, printed) == (0, "") and err.startswith(f"shard {shard}/{parts}: ")
    return one_run(capsys, "merge", out)


@pytest.mark.parametrize("as_json", [(), ("--json",)], ids=["lines", "json"])
def test_n_shards_merged_print_what_one_run_prints_whatever_n_and_jobs(capsys, tmp_path, archive, as_json):
    single = one_run(capsys, "--jobs", 1, *as_json, archive)
    assert single[0] == 2 and ("disagrees: seat 7 recorded 55, the rules give 54" in single[1]
                               or '"discrepancies":[{"seat":7,"recorded":55,"computed":54}]' in single[1])
    assert single == one_run(capsys, "--jobs", 2, *as_json, archive)
    for parts, jobs in [(1, 1), (2, 1), (3, 2), (7, 1)]:
        assert sharded(capsys, parts, tmp_path / f"parts-{parts}", *as_json, archive, jobs=jobs) == single


def test_a_very_large_file_is_shared_out_by_hand_and_the_parts_are_even(capsys, tmp_path, archive):
    sharded(capsys, 3, tmp_path / "parts", archive)
    parts = [(tmp_path / "parts" / f"shard-{shard}-of-3.jsonl").read_text().splitlines() for shard in range(3)]
    units = [[json.loads(line) for line in lines[1:-1]] for lines in parts]
    big = [[unit for unit in found if unit["outcome"]["name"].endswith("table-night.txt")] for found in units]
    assert all(big)  # each shard checks some of its hands
    assert sorted(unit["piece"] for found in big for unit in found) == list(range(big[0][0]["pieces"]))
    hands = [sum(unit["outcome"]["hands"] for unit in found) for found in units]
    assert max(hands) - min(hands) <= 12, hands  # about a piece's hands


def test_a_retried_shard_replaces_its_part_and_leaves_nothing_else(capsys, tmp_path, archive):
    out = tmp_path / "parts"
    sharded(capsys, 2, out, archive)
    before = (out / "shard-1-of-2.jsonl").read_bytes()
    assert one_run(capsys, "--shard", "1/2", "--out", out, archive)[0] == 0
    assert sorted(path.name for path in out.iterdir()) == ["shard-0-of-2.jsonl", "shard-1-of-2.jsonl"]
    assert (out / "shard-1-of-2.jsonl").read_bytes() == before


def test_k_and_n_come_from_an_indexed_jobs_pod(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("JOB_COMPLETION_INDEX", "1")
    monkeypatch.setenv("JOB_COMPLETIONS", "2")
    status, _, err = one_run(capsys, "--out", tmp_path, *sorted(SAMPLES.glob("wsop-*.phh")))
    assert status == 0 and err == f"shard 1/2: 2 units of 4 files, 2 hands checked, written to " \
                                  f"{tmp_path / 'shard-1-of-2.jsonl'}\n"
    monkeypatch.delenv("JOB_COMPLETIONS")
    assert one_run(capsys, "--out", tmp_path, POKERSTARS)[::2] == (
        2, "python -m service.histories: JOB_COMPLETIONS is not set beside JOB_COMPLETION_INDEX: give --shard K/N\n")


@pytest.mark.parametrize(("shard", "said"), [
    ("2/2", "shard 2/2 is out of range: K counts from 0 and is below N (0/2 to 1/2)"),
    ("-1/2", "shard '-1/2' is not K/N (the K-th of N shards, K from 0: 0/4)"),
    ("0/0", "shard 0/0: N is at least 1"),
])
def test_a_shard_out_of_range_is_one_line_and_exit_2(capsys, tmp_path, shard, said):
    assert one_run(capsys, f"--shard={shard}", "--out", tmp_path / "parts", POKERSTARS) == (
        2, "", f"python -m service.histories: {said}\n")
    assert not (tmp_path / "parts").exists()


def merged_refusal(capsys, out):
    status, printed, err = one_run(capsys, "merge", out)
    assert (status, printed) == (2, "") and err.count("\n") == 1
    return err.removeprefix("python -m service.histories merge: ").rstrip("\n")


def test_parts_that_do_not_belong_together_are_refused_whole(capsys, tmp_path, archive):
    out = tmp_path / "parts"
    sharded(capsys, 3, out, archive)
    (out / "shard-1-of-3.jsonl").unlink()
    (out / "shard-2-of-3.jsonl").unlink()
    assert merged_refusal(capsys, out) == (f"{out}: shards 1/3, 2/3 missing (shard-1-of-3.jsonl, "
                                           "shard-2-of-3.jsonl): run them, then merge")
    assert one_run(capsys, "--shard", "1/2", "--out", out, archive)[0] == 0
    assert merged_refusal(capsys, out) == (f"{out}: parts of runs in 2 and 3 shards: N changed between shards; keep "
                                           "one run's parts")
    (out / "shard-0-of-3.jsonl").unlink()
    assert one_run(capsys, "--shard", "0/2", "--out", out, archive, "--json")[0] == 0
    assert merged_refusal(capsys, out).startswith(f"{out / 'shard-1-of-2.jsonl'}: checked other inputs or settings "
                                                  "than shard-0-of-2.jsonl (inputs ")
    assert one_run(capsys, "--shard", "0/2", "--out", out, archive, POKERSTARS)[0] == 0
    assert "checked other inputs or settings" in merged_refusal(capsys, out)
    assert one_run(capsys, "--shard", "0/2", "--out", out, archive)[0] == 0
    part = out / "shard-0-of-2.jsonl"
    lines = part.read_text().splitlines(keepends=True)
    part.write_text(lines[0].replace(shards.written_by(), "0.9.0+parts1") + "".join(lines[1:]))
    assert merged_refusal(capsys, out) == (f"{part}: written by version 0.9.0+parts1, this is {shards.written_by()}: "
                                           "check its shard again with this version")
    part.write_text("".join(lines[:-1]))
    assert merged_refusal(capsys, out) == f"{part}: unfinished (no last line): check its shard again"
    part.write_text("".join(lines))
    assert one_run(capsys, "merge", out)[0] == 2  # the archive's own status: a file not read


def test_merge_is_told_a_folder_of_parts(capsys, tmp_path):
    assert merged_refusal(capsys, tmp_path) == f"{tmp_path}: no part (shard-K-of-N.jsonl) to merge"
    assert merged_refusal(capsys, tmp_path / "nowhere") == f"{tmp_path / 'nowhere'}: no such folder"
    status, _, err = one_run(capsys, "merge")
    assert status == 2 and err.startswith("usage: python -m service.histories merge DIR\n")


def test_a_shard_without_out_is_refused(capsys):
    assert one_run(capsys, "--shard", "0/2", POKERSTARS) == (
        2, "", "python -m service.histories: --shard writes its part to a folder: give --out DIR\n")


def test_to_phh_is_refused_beside_out(capsys, tmp_path):
    assert one_run(capsys, "--to-phh", tmp_path / "phh", "--out", tmp_path / "parts", POKERSTARS) == (
        2, "", "python -m service.histories: --to-phh writes files of its own: run it without --out\n")


def test_the_merge_loads_no_check(tmp_path):
    """``merge`` starts without the rules' tables (the check's start-up is most of a small run's time)."""
    script = ("import runpy, sys\n"
              f"sys.argv = ['service.histories', 'merge', {str(tmp_path)!r}]\n"
              "try:\n"
              "    runpy.run_module('service.histories', run_name='__main__')\n"
              "except SystemExit as stop:\n"
              "    loaded = sorted(name for name in sys.modules if name.startswith(('service.stud_family.ranking',\n"
              "                                                                   'service.histories.check')))\n"
              "    print(stop.code, loaded)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stdout == "2 []\n" and "no part (shard-K-of-N.jsonl) to merge" in done.stderr
