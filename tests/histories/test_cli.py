"""python -m service.histories: the check without a server, as a QA job runs it, over files, folders, archives and
standard input."""

import io
import json
import os
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from service.api.histories import check_text
from service.histories import cli, sources
from service.histories.cli import main
from service.histories.printed import Progress

SAMPLES = Path(__file__).parent / "samples"
PHH = sorted(SAMPLES.glob("wsop-*.phh"))
POKERSTARS = SAMPLES / "pokerstars-razz-cash.txt"
FULLTILT = SAMPLES / "fulltilt-razz-cash.txt"  # UTF-16 LE with a byte-order mark
RAZZ = [*PHH, POKERSTARS, FULLTILT]
TOTAL = "total: 6 files, 8 hands, 8 valid, 8 agree; net (all-in adjusted): "


def run(*arguments, stdin=None):
    """The CLI's exit status and output lines, run as a pipeline runs it."""
    done = subprocess.run([sys.executable, "-m", "service.histories", *map(str, arguments)], input=stdin,
                          capture_output=True, timeout=300)
    return done.returncode, done.stdout.decode().splitlines(), done.stderr.decode()


def check(capsys, *arguments):
    """The CLI run in this process (one job unless told): exit status, standard output lines, standard error."""
    status = main([*map(str, arguments), *(() if "--jobs" in arguments else ("--jobs", "1"))])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def summary(path, hands, valid=None, agree=None):
    valid = hands if valid is None else valid
    return f"{path}: {hands} hand{'' if hands == 1 else 's'}, {valid} valid, {hands if agree is None else agree} agree"


def test_every_razz_sample_passes_with_a_summary_line_per_file():
    status, lines, errors = run(*RAZZ)
    assert status == 0 and errors == ""
    assert lines[:-1] == [summary(path, 3 if path == POKERSTARS else 1) for path in RAZZ]
    assert lines[-1].startswith(TOTAL)
    assert "Hero (Full Tilt $ cents) -15 (-15)" in lines[-1] and "Hero (PokerStars $ cents) +5 (+5)" in lines[-1]


def test_a_folder_is_read_recursively_in_name_order_its_history_files_only(capsys, tmp_path):
    (tmp_path / "b" / "deep").mkdir(parents=True)
    (tmp_path / ".git").mkdir()
    (tmp_path / "b" / "deep" / "1.PHH").write_bytes(PHH[0].read_bytes())
    (tmp_path / "b" / "a.txt").write_bytes(POKERSTARS.read_bytes())
    (tmp_path / "a.xml").write_bytes((SAMPLES / "merge-stud-cash.xml").read_bytes())
    (tmp_path / ".git" / "x.txt").write_bytes(POKERSTARS.read_bytes())
    (tmp_path / ".hidden.phh").write_bytes(PHH[0].read_bytes())
    (tmp_path / "notes.md").write_text("not a history")
    status, lines, errors = check(capsys, tmp_path)
    assert status == 0  # the Merge hand is stud, checked by stud's rules; notes.md is passed over, named
    assert lines == [
        summary(tmp_path / "a.xml", 1), summary(tmp_path / "b" / "a.txt", 3),
        summary(tmp_path / "b" / "deep" / "1.PHH", 1),
        "total: 4 files (1 passed over), 5 hands, 5 valid, 5 agree; net (all-in adjusted): "
        + lines[-1].split(": ", 2)[2]]
    assert errors == f"{tmp_path / 'notes.md'}: passed over: not a .phh, .phhs, .txt or .xml file\n"


def test_a_disagreeing_record_and_an_illegal_action_are_named_and_fail_the_job(tmp_path):
    disagreeing = tmp_path / "paid.phh"
    disagreeing.write_text(PHH[0].read_text().replace("6450000", "6450001"))
    illegal = tmp_path / "export"  # no extension: the content says PokerStars
    illegal.write_text(POKERSTARS.read_text().replace("Hero: bets $0.04", "Hero: bets $0.08"))
    status, lines, _ = run(disagreeing, illegal)
    assert status == 1
    assert lines[:2] == [summary(disagreeing, 1, 1, 0),
                         f"{disagreeing}: hand 0: disagrees: seat 1 recorded 6450001, the rules give 6450000"]
    assert lines[2] == summary(illegal, 3, 2, 2)
    assert lines[3].startswith(f"{illegal}:26: hand 0 (35874590575): invalid, illegal-action: actions[")
    assert lines[3].endswith("seat 7's bet adds 4 chips, not 8 [Hero: bets $0.08]")
    assert lines[4].startswith("total: 2 files, 4 hands, 3 valid, 2 agree; ")


def test_files_that_cannot_be_read_are_named_with_why_and_the_others_still_checked(capsys, tmp_path):
    latin = tmp_path / "latin.txt"
    latin.write_bytes(POKERSTARS.read_text().replace("Hero", "Héro").encode("latin-1"))
    kingsclub = tmp_path / "kings.txt"
    kingsclub.write_text("#39969356: Limit Razz - 40/80\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    status, lines, errors = check(capsys, latin, POKERSTARS, tmp_path / "missing.phh", kingsclub, empty, FULLTILT)
    assert status == 2
    assert lines == [summary(POKERSTARS, 3), summary(FULLTILT, 1),
                     "total: 6 files (4 not read), 4 hands, 4 valid, 4 agree; net (all-in adjusted): "
                     + lines[-1].split(": ", 2)[2]]
    assert errors.splitlines() == [
        f"{latin}: cannot be read: not UTF-8 (byte 0xe9 at offset {latin.read_bytes().index(0xe9)}) nor UTF-16 with a "
        "byte-order mark: the encodings read are UTF-8, with or without a byte-order mark, and UTF-16 LE or BE with "
        "one (a Windows-1252 or Latin-1 file? save it as UTF-8)",
        f"{tmp_path / 'missing.phh'}: cannot be read: No such file or directory",
        f"{kingsclub}: cannot be read: a KingsClub hand history: the formats read are phh, pokerstars, fulltilt, "
        "winamax, merge",
        f"{empty}: cannot be read: a folder holding no .phh, .phhs, .txt or .xml file"]


def _archives(tmp_path):
    """A zip and a gzipped tar of razz histories in folders, with a hidden and a non-history member."""
    members = {"2024/march/table-1.txt": POKERSTARS.read_bytes(), "wsop/final.phh": PHH[0].read_bytes(),
               "wsop/ft.txt": FULLTILT.read_bytes(), "__MACOSX/wsop/._final.phh": b"\x00\x05",
               "README.md": b"not a history"}
    zipped = tmp_path / "hands.zip"
    with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    tarred = tmp_path / "hands.tar.gz"
    with tarfile.open(tarred, "w:gz") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return zipped, tarred


def test_zip_and_tar_archives_are_read_in_memory_member_by_member(capsys, tmp_path):
    zipped, tarred = _archives(tmp_path)
    status, lines, errors = check(capsys, zipped, tarred)
    assert status == 0  # the hidden member is left out, README.md passed over and named
    assert errors.splitlines() == [f"{archive}:README.md: passed over: not a .phh, .phhs, .txt or .xml file"
                                   for archive in (zipped, tarred)]
    assert lines[:-1] == [summary(f"{archive}:{member}", hands) for archive in (zipped, tarred)
                          for member, hands in [("2024/march/table-1.txt", 3), ("wsop/final.phh", 1),
                                                ("wsop/ft.txt", 1)]]
    assert lines[-1].startswith("total: 8 files (2 passed over), 10 hands, 10 valid, 10 agree; ")


def test_a_member_too_large_and_a_damaged_archive_are_refused_and_said(capsys, tmp_path, monkeypatch):
    zipped, tarred = _archives(tmp_path)
    monkeypatch.setattr(sources, "LARGEST", len(POKERSTARS.read_bytes()) - 1)
    damaged = tmp_path / "damaged.tgz"
    damaged.write_bytes(tarred.read_bytes()[:200])
    not_zip = tmp_path / "not.zip"
    not_zip.write_text("PK? no")
    status, lines, errors = check(capsys, zipped, damaged, not_zip)
    assert status == 2
    assert lines[:-1] == [summary(f"{zipped}:wsop/final.phh", 1), summary(f"{zipped}:wsop/ft.txt", 1)]
    too_large = f"cannot be read: larger than {sources.LARGEST:,} bytes, the most read from one file: split it"
    assert errors.splitlines() == [
        f"{zipped}:2024/march/table-1.txt: {too_large}", f"{zipped}:README.md: passed over: not a .phh, .phhs, "
        ".txt or .xml file", f"{damaged}:2024/march/table-1.txt: {too_large}",
        f"{damaged}: cannot be read: not a gzipped tar archive, or a damaged one: unexpected end of data",
        f"{not_zip}: cannot be read: not a zip archive: File is not a zip file"]


def test_standard_input_is_read_with_its_encoding(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(FULLTILT.read_bytes())))
    status, lines, _ = check(capsys, "-", POKERSTARS)
    assert status == 0
    assert lines[:2] == [summary("<stdin>", 1), summary(POKERSTARS, 3)]
    status, lines, _ = run("-", stdin=PHH[0].read_bytes())
    assert status == 0 and lines[0] == summary("<stdin>", 1)


def test_a_format_given_is_read_as_that_format(capsys):
    status, lines, _ = check(capsys, "--format", "pokerstars", POKERSTARS)
    assert status == 0 and lines[0] == summary(POKERSTARS, 3)
    status, lines, _ = check(capsys, "--format", "phh", POKERSTARS)
    assert status == 1 and "invalid, unreadable-hand: not TOML" in lines[1]


def test_json_writes_each_hand_as_the_lean_answer_with_its_file_and_the_total_on_stderr(capsys):
    status, lines, errors = check(capsys, "--json", POKERSTARS, FULLTILT)
    assert status == 0
    expected = [{"file": str(path), **hand} for path, text in [(POKERSTARS, POKERSTARS.read_text()),
                                                              (FULLTILT, FULLTILT.read_bytes()[:-1].decode("utf-16"))]
                for hand in check_text("auto", text, lean=True)["hands"]]
    assert [json.loads(line) for line in lines] == expected
    assert errors.startswith("total: 2 files, 4 hands, 4 valid, 4 agree; ")


def test_to_phh_writes_each_file_as_a_phhs_that_reads_back_to_the_same_answers(capsys, tmp_path):
    zipped, _ = _archives(tmp_path)
    folder = tmp_path / "other" / "wsop"
    folder.mkdir(parents=True)
    (folder / "final.phh").write_bytes(PHH[1].read_bytes())  # the same name as the zip's member
    out = tmp_path / "phh"
    status, before, _ = check(capsys, "--json", "--to-phh", out, zipped, tmp_path / "other", POKERSTARS)
    assert status == 0
    written = sorted(path.relative_to(out).as_posix() for path in out.rglob("*.phhs"))
    # each written relative to what was given: under the archive's name, the folder's, or the file's own
    mirrored = [zipped.name, "2024", "march", "table-1.txt.phhs"], [zipped.name, "wsop", "final.phhs"], \
        [zipped.name, "wsop", "ft.txt.phhs"], ["other", "wsop", "final.phhs"], ["pokerstars-razz-cash.txt.phhs"]
    assert written == sorted("/".join(parts) for parts in mirrored)
    status, after, _ = check(capsys, "--json", out)
    assert status == 0

    def verdicts(lines):  # each hand's lean answer, but for its file and place
        return sorted(json.dumps({**json.loads(line), "file": None, "index": None}) for line in lines)

    assert verdicts(after) == verdicts(before) and len(after) == 9


def test_a_phh_file_that_cannot_be_written_is_said_and_exits_2(capsys, tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("a file where --to-phh wants a folder")
    status, lines, errors = check(capsys, "--to-phh", taken, POKERSTARS)
    assert status == 2
    assert lines[0] == summary(POKERSTARS, 3) and lines[1].startswith("total: 1 file, 3 hands, ")
    assert errors.startswith(f"{taken / POKERSTARS.name}.phhs: cannot be written: ")  # then the system's words
    assert errors.count("\n") == 1


def test_two_jobs_print_exactly_what_one_job_prints(tmp_path):
    unreadable = tmp_path / "latin.txt"
    unreadable.write_bytes(b"caf\xe9")
    copies = tmp_path / "copies"
    copies.mkdir()
    for copy in range(60):  # several chunks of files for the workers
        (copies / f"{copy:02}.txt").write_text(POKERSTARS.read_text().replace("Hero", f"Hero{copy % 7}"))
    zipped, _ = _archives(tmp_path)
    inputs = [SAMPLES, unreadable, copies, zipped, *RAZZ, SAMPLES]
    one, two = (subprocess.run([sys.executable, "-m", "service.histories", "--jobs", jobs, *map(str, inputs)],
                               capture_output=True, timeout=300) for jobs in ("1", "2"))
    assert one.returncode == two.returncode == 2
    assert (two.stdout, two.stderr) == (one.stdout, one.stderr)
    assert one.stdout.count(b"\n") > 30


def _started_with_workers(folder, **streams):
    """A two-job run over a folder of a hundred files and then its standard input, left open, so that it cannot end
    before the test ends it, however busy the machine; once its two workers are running, their ids."""
    for copy in range(100):
        (folder / f"{copy:04}.txt").write_bytes(POKERSTARS.read_bytes())
    parent = subprocess.Popen([sys.executable, "-m", "service.histories", "--jobs", "2", folder, "-"],
                              stdin=subprocess.PIPE, **streams)
    children = Path(f"/proc/{parent.pid}/task/{parent.pid}/children")
    workers: list[int] = []
    while len(workers) < 2 and parent.poll() is None:
        workers = [int(pid) for pid in children.read_text().split()]
        time.sleep(0.05)
    assert len(workers) == 2, "the run ended before its workers were seen"
    return parent, workers


@pytest.mark.skipif(sys.platform != "linux", reason="reads the process tree from /proc")
def test_ctrl_c_stops_the_run_with_status_130_and_its_workers(tmp_path):
    parent, workers = _started_with_workers(tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    parent.send_signal(signal.SIGINT)
    assert parent.wait(timeout=60) == 130
    assert parent.stderr.read().decode() == "python -m service.histories: interrupted\n"
    parent.stderr.close()
    parent.stdin.close()
    assert [pid for pid in workers if _running(pid)] == []


@pytest.mark.skipif(sys.platform != "linux", reason="reads the process tree from /proc")
def test_the_workers_end_with_a_killed_parent(tmp_path):
    parent, workers = _started_with_workers(tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    parent.stdin.close()
    for _ in range(200):  # up to 10 s for the kernel's parent-death signal to be handled
        alive = [pid for pid in workers if _running(pid)]
        if not alive:
            break
        time.sleep(0.05)
    for pid in alive:  # no orphan left behind by a failing run either
        os.kill(pid, signal.SIGKILL)
    assert alive == []


def _running(pid):
    """Whether the process is running (not gone, nor a zombie waiting for its parent)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1][0] != "Z"
    except FileNotFoundError:
        return False


def test_bad_usage_exits_2_and_help_documents_the_statuses_in_plain_text(capsys):
    assert check(capsys, PHH[0], "--rules", '{"preset": "nope"}')[2].startswith(
        "python -m service.histories: --rules: rules.preset:")
    for arguments in [(), ("--jobs", "0", PHH[0]), ("--format", "kingsclub", PHH[0]), ("-", "-")]:
        assert main(list(map(str, arguments))) == 2
        assert capsys.readouterr().err
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    assert "exit status:\n  0    every hand checked is valid and agrees with its record (skipped hands" in text
    assert "  1    a hand is invalid or disagrees with its record\n" in text
    assert "  2    something could not be read" in text
    assert "``" not in text and "::" not in text and ":ref:" not in text


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_shows_on_a_terminal_once_the_run_is_long_and_is_cleared():
    now = [0.0]
    stream = Terminal()
    progress = Progress(stream, clock=lambda: now[0])
    progress.update(1, 10)
    assert stream.getvalue() == ""  # a short run shows nothing
    now[0] = 4.0
    progress.update(2, 40)
    assert stream.getvalue() == "\r2 files, 40 hands checked (10 hands/s)\x1b[K"
    now[0] = 4.1
    progress.update(3, 50)  # rewritten at most every quarter of a second
    progress.clear()
    assert stream.getvalue().endswith("(10 hands/s)\x1b[K\r\x1b[K")
    piped = io.StringIO()
    later = Progress(piped, clock=lambda: now[0])
    now[0] = 100.0
    later.update(1, 1)
    assert piped.getvalue() == ""


def test_the_default_jobs_are_the_cores_this_process_may_use_not_all_the_machines(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    assert cli.default_jobs() == 3
    monkeypatch.delattr(os, "sched_getaffinity")  # macOS, Windows
    assert cli.default_jobs() == 64


def test_a_reader_that_stops_reading_ends_the_run_without_a_traceback(tmp_path):
    for copy in range(300):  # more JSON than a pipe holds
        (tmp_path / f"{copy:03}.txt").write_bytes(POKERSTARS.read_bytes())
    done = subprocess.Popen([sys.executable, "-m", "service.histories", "--json", "--jobs", "1", tmp_path],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert json.loads(done.stdout.readline())["file"] == str(tmp_path / "000.txt")
    done.stdout.close()
    assert done.wait(timeout=300) == 2
    assert b"Traceback" not in done.stderr.read()
    done.stderr.close()


@pytest.mark.parametrize(("arguments", "says"), [
    (("--jobs", "0"), "argument --jobs: not a whole number of processes, 1 or more: '0'"),
    (("--jobs", "two"), "argument --jobs: not a whole number of processes, 1 or more: 'two'"),
    (("--rules", "{preset: standard}"), "argument --rules: not JSON (Expecting property name enclosed in double "
                                        "quotes: line 1 column 2 (char 1)): '{preset: standard}'"),
])
def test_an_option_error_names_the_option_as_written(capsys, arguments, says):
    assert main([*arguments, str(PHH[0])]) == 2
    error = capsys.readouterr().err
    assert error.endswith(f"error: {says}\n") and "_jobs" not in error and "loads" not in error


def test_json_writes_a_line_for_a_file_that_cannot_be_read_and_the_total_counts_every_file(capsys, tmp_path):
    latin = tmp_path / "latin.txt"
    latin.write_bytes("Héro".encode("latin-1"))
    status, lines, errors = check(capsys, "--json", latin, PHH[0])
    assert status == 2
    first = json.loads(lines[0])
    assert (first["file"], first["read"]) == (str(latin), False) and first["detail"].startswith("cannot be read: ")
    assert json.loads(lines[1])["valid"] is True
    assert errors.splitlines()[-1].startswith("total: 2 files (1 not read), 1 hand, 1 valid, 1 agree; ")


def test_a_valid_hand_without_a_record_is_counted_as_such(capsys, tmp_path):
    unrecorded = tmp_path / "silent.phh"
    unrecorded.write_text("\n".join(line for line in PHH[0].read_text().splitlines()
                                    if not line.startswith("finishing_stacks")))
    status, lines, _ = check(capsys, unrecorded, PHH[1])
    assert status == 0
    assert lines[0] == summary(unrecorded, 1, 1, 0) + " (1 without a record)"
    assert lines[-1].startswith("total: 2 files, 2 hands, 2 valid, 1 agree (1 without a record); ")


def test_nets_are_added_per_player_and_unit_never_across_units_and_seats_without_names_are_no_players(capsys):
    home_game = SAMPLES / "pokerstars-8game-tournament.txt"
    status, lines, _ = check(capsys, POKERSTARS, home_game, PHH[0])
    assert status == 0
    nets = lines[-1].split("net (all-in adjusted): ", 1)[1]
    assert "Hero (PokerStars $ cents) +5 (+5)" in nets
    assert "Hero (PokerStars tournament #743144019 chips) +453 (+453)" in nets
    assert "seat " not in nets  # the WSOP hand names no players: its seats are no players across hands


def test_each_tournaments_chips_are_a_unit_of_their_own(capsys, tmp_path):
    """The same tournament's hands add up; another tournament's chips, worth nothing in the first, never do."""
    home_game = SAMPLES / "pokerstars-8game-tournament.txt"
    other = tmp_path / "other-tournament.txt"
    other.write_text(home_game.read_text(encoding="utf-8-sig").replace("Tournament #743144019", "Tournament #5"))
    status, lines, _ = check(capsys, home_game, other)
    assert status == 0
    nets = lines[-1].split("net (all-in adjusted): ", 1)[1]
    assert "Hero (PokerStars tournament #743144019 chips) +453 (+453)" in nets
    assert "Hero (PokerStars tournament #5 chips) +453 (+453)" in nets and "+906" not in nets


def test_a_file_of_unnamed_seats_alone_says_no_named_player(capsys):
    status, lines, _ = check(capsys, PHH[0])
    assert status == 0 and lines[-1].endswith("net (all-in adjusted): no named player in a hand decided")
