"""--executor dask://HOST:PORT: the files checked on a Dask cluster (a LocalCluster on loopback, two workers),
printed in order as they come: what one process prints, byte for byte."""

import socket
from pathlib import Path

import pytest
from distributed import LocalCluster

from service.histories import cli
from service.histories.cli import main

SAMPLES = Path(__file__).parent / "samples"


@pytest.fixture(scope="module")
def scheduler():
    """A two-worker cluster in this process, over TCP on loopback: its address as --executor takes it."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp", host="127.0.0.1",
                      dashboard_address=None) as cluster:
        yield cluster.scheduler_address.replace("tcp://", "dask://")


def run(capsys, *arguments):
    status = main([*map(str, arguments)])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("as_json", [(), ("--json",)], ids=["lines", "json"])
def test_a_dask_cluster_prints_what_one_process_prints(capsys, tmp_path, scheduler, as_json):
    (tmp_path / "latin.txt").write_bytes("Héro".encode("latin-1"))  # read here, refused there, said in its place
    inputs = [SAMPLES, tmp_path / "latin.txt", tmp_path / "missing.txt", SAMPLES / "pokerstars-razz-cash.txt"]
    here = run(capsys, "--jobs", 1, *as_json, *inputs)
    assert here[0] == 2 and "latin.txt: cannot be read" in here[2]
    assert run(capsys, "--executor", scheduler, *as_json, *inputs) == here


SENT = []
"""The tasks a worker of the in-process cluster was given."""


def recording_check_chunk(chunk):
    """check_chunk, noting what it was sent (sent by reference to the workers, which run in this process)."""
    SENT.extend(chunk)
    return [cli.check_task(task) for task in chunk]


def test_the_tasks_carry_their_bytes_so_the_workers_need_not_see_the_files(capsys, monkeypatch, tmp_path, scheduler):
    copied = tmp_path / "hands.txt"
    copied.write_bytes((SAMPLES / "pokerstars-razz-cash.txt").read_bytes())
    monkeypatch.setattr(cli, "check_chunk", recording_check_chunk)
    assert run(capsys, "--executor", scheduler, copied)[0] == 0
    assert [(task.source.name, task.source.path, task.source.data) for task in SENT] == [
        (str(copied), None, copied.read_bytes())]


def test_a_scheduler_that_does_not_answer_is_one_line_and_exit_2(capsys, monkeypatch):
    monkeypatch.setattr(cli, "DASK_CONNECT_SECONDS", 1)
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    status, out, err = run(capsys, "--executor", f"dask://127.0.0.1:{port}", SAMPLES)
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"python -m service.histories: --executor: no Dask scheduler answers at tcp://127.0.0.1:{port}")


@pytest.mark.parametrize(("executor", "said"), [
    ("tcp://127.0.0.1:8786", "--executor tcp://127.0.0.1:8786: give dask://HOST:PORT, the Dask scheduler's address"),
    ("dask://127.0.0.1", "--executor dask://127.0.0.1: give dask://HOST:PORT, the Dask scheduler's address"),
])
def test_an_executor_not_named_as_dask_host_port_is_refused(capsys, executor, said):
    assert run(capsys, "--executor", executor, SAMPLES) == (2, "", f"python -m service.histories: {said}\n")


def test_an_executor_is_not_a_shard(capsys, tmp_path):
    assert run(capsys, "--executor", "dask://127.0.0.1:8786", "--out", tmp_path, SAMPLES) == (
        2, "", "python -m service.histories: --executor checks and prints here: run it without --out and --to-phh\n")
