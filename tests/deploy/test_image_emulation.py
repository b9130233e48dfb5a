"""The image without a docker engine: what the Dockerfile builds, run the way Kubernetes runs it.

Builds from ``git archive HEAD`` of this repository, a clean checkout: commit before running, since
uncommitted changes are neither in an image nor in this test. The Dockerfile's build-stage COPY
lines pick the build context, its own ``pip install`` line installs into a fresh venv made from
Debian's /usr/bin/python3, and its final stage's COPY, WORKDIR, ENV, USER, ENTRYPOINT and
HEALTHCHECK are followed: the service starts in an empty WORKDIR, with the settings its package
carries. It runs in a private mount namespace: the image's /opt read-only, the root filesystem
read-only, only /tmp writable (as the chart's emptyDir), as uid 10001 with no capabilities, no
new privileges and no HOME. Needs root for unshare and mount, as CI has.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from ..serving.conftest import ROOT, call, free_port, wait_until_ready
from ..serving.test_heavy_requests import CHECK, check_body, ended, posted
from .dockerfile import Stage, read_stages

pytestmark = [pytest.mark.serving,
              pytest.mark.skipif(os.geteuid() != 0, reason="needs root for unshare -m and mount, as CI has")]


def copy_into(source: Path, destination: Path) -> None:
    """Docker's COPY of one source: a folder's contents, links kept as links (the package's link to the rules
    reference resolves only if its target is copied too), or a file into a folder ending in /."""
    if source.is_dir():
        shutil.copytree(source, destination, symlinks=True, dirs_exist_ok=True)
    else:
        destination.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination / source.name)


def in_image(root: Path, path: str) -> Path:
    """Where an absolute path of the image lives in the emulated root filesystem."""
    return root / path.lstrip("/")


def build(checkout: Path, work: Path) -> tuple[Path, Stage]:
    """Follow the Dockerfile: the build stage into ``work/root``, then the final stage's COPY lines."""
    build_stage, final = read_stages(checkout / "Dockerfile")
    root = work / "root"
    context = in_image(work / "build", build_stage.last("WORKDIR"))
    for line in build_stage.arguments("COPY"):
        *sources, destination = line.split()
        for source in sources:
            copy_into(checkout / source.rstrip("/"), context / destination)
    install = next(command for command in build_stage.arguments("RUN") if "pip install" in command)
    venv = final.arguments("COPY")[0].split()[-1]
    assert final.arguments("COPY")[0] == f"--from=build {venv} {venv}"
    install = install.replace(venv, str(in_image(root, venv)))
    subprocess.run(["sh", "-c", install], cwd=context, check=True, capture_output=True,
                   env={**os.environ, "PATH": "/usr/bin:/bin"})
    workdir = in_image(root, final.last("WORKDIR"))
    workdir.mkdir(parents=True, exist_ok=True)  # as WORKDIR does
    for line in final.arguments("COPY")[1:]:
        *sources, destination = line.split()
        for source in sources:
            copy_into(checkout / source, workdir / destination)
    return root, final


def contained(root: Path, tmp: Path, final: Stage, argv: list[str], **env: str) -> list[str]:
    """``argv`` as the container runs it: read-only /opt from ``root`` and /, ``tmp`` as /tmp, uid 10001."""
    uid, gid = final.last("USER").split(":")
    mounts = (f"mount --bind {in_image(root, '/opt')} /opt && mount -o remount,ro,bind /opt && "
              f"mount --bind {tmp} /tmp && mount -o remount,ro,bind / && cd {final.last('WORKDIR')}")
    environment = [f"{key}={value}" for key, value in {**final.env(), **env}.items()]
    run = ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups", "--no-new-privs",
           "--inh-caps=-all", "--bounding-set=-all", "env", "-i", *environment, *argv]
    return ["unshare", "-m", "--propagation", "private", "sh", "-c", f"{mounts} && exec {shlex.join(run)}"]


SANDBOX_PROBE = """
import json, os, tempfile
def writable(folder):
    try:
        tempfile.TemporaryFile(dir=folder).close()
        return True
    except OSError:
        return False
print(json.dumps({"uid": os.getuid(), "gid": os.getgid(), "groups": os.getgroups(), "home": os.environ.get("HOME"),
                  "writable": [folder for folder in ("/", "/opt/venv", "/opt/app", "/var/tmp", "/tmp")
                               if writable(folder)]}))
"""
"""What the emulated container may do: run inside it to show the emulation is as strict as it claims."""


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path, Stage]:
    """The image built once from ``git archive HEAD``: its work folder, root filesystem and final stage."""
    work = tmp_path_factory.mktemp("image")
    checkout = work / "checkout"
    checkout.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD"], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(checkout)], input=archive, check=True)
    root, final = build(checkout, work)
    return work, root, final


@pytest.fixture(scope="module")
def image(built) -> dict:
    """Start, call, scrape and stop the emulated container once; keep every output."""
    work, root, final = built
    tmp = work / "tmp"
    tmp.mkdir(mode=0o1777)
    tmp.chmod(0o1777)
    port = str(free_port())
    log = work / "container.log"
    with log.open("w") as output:
        process = subprocess.Popen(contained(root, tmp, final, final.exec_form("ENTRYPOINT"), PORT=port),
                                   stdout=output, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(base, process, log.read_text, seconds=60)
        health = subprocess.run(contained(root, tmp, final, final.exec_form("HEALTHCHECK"), PORT=port),
                                capture_output=True, text=True, timeout=30)
        ranked = call(f"{base}/v1/hands/rank", {"hands": [["As", "2d", "3c", "4h", "9s", "Kd", "Kc"]]},
                      {"X-Request-ID": "image-1"})
        with urllib.request.urlopen(f"{base}/metrics", timeout=5) as response:
            metrics = response.read().decode()
        process.send_signal(signal.SIGTERM)
        exit_code = process.wait(timeout=40)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    probe = subprocess.run(contained(root, tmp, final, ["python", "-c", SANDBOX_PROBE]),
                           capture_output=True, text=True, timeout=30, check=True)
    return {"sandbox": json.loads(probe.stdout), "health": health, "ranked": ranked, "metrics": metrics,
            "exit_code": exit_code, "log": log.read_text(), "tmp": tmp, "port": port}


def test_runs_as_uid_10001_without_home_writing_only_tmp(image):
    assert image["sandbox"] == {"uid": 10001, "gid": 10001, "groups": [], "home": None, "writable": ["/tmp"]}


def test_listens_on_all_interfaces_and_passes_its_healthcheck(image):
    assert f"ready on http://0.0.0.0:{image['port']}, 2 workers" in image["log"]
    assert image["health"].returncode == 0, image["health"].stderr


def test_ranks_hands(image):
    status, headers, body = image["ranked"]
    assert (status, headers["X-Request-ID"]) == (200, "image-1")
    assert body["results"][0]["name"] == "9-4-3-2-A"


def test_metrics_count_the_call_and_live_under_tmp(image):
    counts = {sample.labels["url_rule"]: sample.value for family in text_string_to_metric_families(image["metrics"])
              for sample in family.samples
              if sample.name == "flask_http_request_duration_seconds_count" and sample.labels["status"] == "200"}
    assert counts["/v1/hands/rank"] == 1
    assert list((image["tmp"] / "metrics").glob("histogram_*.db"))


def test_every_log_line_is_json_and_the_access_line_carries_the_request_id(image):
    lines = [json.loads(line) for line in image["log"].splitlines()]
    assert any(line.get("request_id") == "image-1" and line["status"] == 200 for line in lines)


def test_sigterm_exits_zero_without_errors(image):
    assert image["exit_code"] == 0, image["log"]
    failures = r'Traceback|"level": "error"|Permission denied|Read-only file system'
    assert not re.search(failures, image["log"]), image["log"]
    assert "Shutting down: Master" in image["log"]


def test_writes_only_its_metrics_under_tmp(image):
    written = {path.relative_to(image["tmp"]).parts[0] for path in image["tmp"].rglob("*")}
    assert written == {"metrics"}


def empty_tmp(folder: Path) -> Path:
    """A fresh /tmp for a container, writable by its uid."""
    folder.mkdir(mode=0o1777)
    folder.chmod(0o1777)
    return folder


def sigterm_in_the_image(built, name: str, arrivals_stop_first: bool) -> tuple[Counter, Counter, int]:
    """The container as the image runs it (uid 10001, where the kernel refuses the socket filter): 8 1,000-hand
    checks sent, SIGTERM 0.3 s later; new connections every 50 ms from before SIGTERM to 2 s after it, or (a
    preStop sleep) stopped 1 s before it. How the checks and the arrivals ended, and the exit code."""
    work, root, final = built
    port = free_port()
    log = work / f"{name}.log"
    with log.open("w") as output:
        process = subprocess.Popen(contained(root, empty_tmp(work / f"{name}-tmp"), final,
                                             final.exec_form("ENTRYPOINT"), PORT=str(port)),
                                   stdout=output, stderr=subprocess.STDOUT)
    address = ("127.0.0.1", port)
    heavy: Counter = Counter()
    arrived: Counter = Counter()
    probe = b"GET /healthz HTTP/1.1\r\nHost: razz\r\nConnection: close\r\n\r\n"
    try:
        wait_until_ready(f"http://127.0.0.1:{port}", process, log.read_text, seconds=60)
        threads = []

        def arrive() -> None:
            arrival = threading.Thread(target=lambda: arrived.update([ended(address, probe)]))
            arrival.start()
            threads.append(arrival)

        until = time.monotonic() + 1
        while arrivals_stop_first and time.monotonic() < until:
            arrive()
            time.sleep(0.05)
        request = posted(CHECK, check_body(1000))
        for _ in range(8):
            sender = threading.Thread(target=lambda: heavy.update([ended(address, request)]))
            sender.start()
            threads.append(sender)
        time.sleep(0.3)
        process.send_signal(signal.SIGTERM)
        until = time.monotonic() + 2
        while not arrivals_stop_first and time.monotonic() < until:
            arrive()
            time.sleep(0.05)
        for thread in threads:
            thread.join()
        exit_code = process.wait(timeout=40)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return heavy, arrived, exit_code


@pytest.mark.parametrize("arrivals_stop_first", [False, True], ids=["arrivals-through-sigterm", "prestop-sleep"])
def test_sigterm_as_uid_10001_resets_nothing(built, arrivals_stop_first):
    """Without the socket filter, the worker stops listening the moment its queue is empty: what was accepted
    is answered (or told to retry before its work), what comes after is refused at connect, nothing is reset."""
    heavy, arrived, exit_code = sigterm_in_the_image(built, f"drain-{arrivals_stop_first}", arrivals_stop_first)
    assert exit_code == 0
    assert sum(heavy.values()) == 8 and set(heavy) <= {"200", "503"} and heavy["200"] >= 4, heavy
    assert sum(arrived.values()) >= 19 and set(arrived) <= {"200", "503", "refused"}, arrived
    if not arrivals_stop_first:
        assert arrived["refused"], arrived  # some came after the workers stopped listening
