"""Heavy requests without harm, a checkout beside another: probes, shutdown, unread answers, balance, bad JSON, CLI.

Run from the project root: ``python bench/heavy.py BASELINE [--seconds 120] [--only probes,drain,...]``.
Both checkouts are served as users start them (``python -m service``, 2 workers; the baseline on
its own ``.venv``) and measured in alternating blocks, so that a slow spell of a shared machine
hits both alike. What each part does and prints:

* ``probes``: 6 callers keep both workers busy with 1,000-hand checks back to back (then,
  separately, 1,000-hand ranking batches, then the heaviest equity requests the service takes:
  8 players on 3rd street with no down card known, 100,000 samples; a checkout without
  ``/v1/equity`` answers those 404 at once) while ``/healthz`` and ``/readyz`` are polled 10 times
  a second on new connections, as the kubelet does, for ``--seconds`` per load and checkout:
  the probes' median, p99, max and how many took over 1 s, and how many heavy requests were
  served meanwhile.
* ``drain``: 8 connections send a 1,000-hand check each, SIGTERM follows 0.3 s later, and new
  connections keep arriving every 50 ms for 2 s (then the same with the arrivals stopped 1 s
  before SIGTERM, as a preStop sleep does): how the heavy requests and the arrivals ended
  (answered, reset, refused at connect).
* ``memory``: 200 callers post a 1,000-hand check each and never read the answer while another
  ranks a hand twice a second: the server's resident memory (arbiter and workers summed) at its
  peak, the other caller's answers, and what the 200 got when they finally read.
* ``fair``: 64 callers each post the heaviest equity request at once while one caller asks for legal actions
  on a kept-alive connection for 20 s: the legal-actions median and p99, and how the 64 ended (status, and
  the slowest answer or refusal).
* ``allin``: 1,000 seven-player hands with five short all-ins on 3rd street (six equity pots a hand) checked
  lean while one caller asks for legal actions: the check's status and seconds, the hands given their all-in
  equity, and the legal-actions p99.
* ``light``: legal actions alone, 8 kept-alive callers for 5 s, in alternating blocks: requests a second.
* ``balance``: 16 kept-alive callers, one worker killed: each worker's share of the CPU in the
  5 s after its replacement started, and in the 5 s after that.
* ``json``: the status of an unclosed ``[`` repeated 5,000 times.
* ``cli``: a second server on a port in use: its lines and how long it took to give up.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.history_requests import wsop_phhs
from bench.serving import ROOT, Server, running_server, timed_request
from service.api.table import SNAPSHOT_EXAMPLE
from service.stud_family.cards import CARD_CODES
from tests.histories.phh_texts import all_in_phhs

CHECK_PATH = "/v1/hand-histories/check"
RANK_PATH = "/v1/hands/rank"
EQUITY_PATH = "/v1/equity"
HEAVIEST_EQUITY = {"players": [{"seat": seat, "up_cards": [door]} for seat, door in
                               enumerate(("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s"), start=1)],
                   "method": "sample", "samples": 100_000}
"""The slowest equity request the service accepts (bench/README.md, "Equity")."""
CALLERS = 6
POLLS_PER_SECOND = 10
BLOCKS = 4


def heavy_bodies() -> dict[str, tuple[str, bytes]]:
    """The three heavy loads: a 1,000-hand PHHS check (535 KB in, 3.3 MB out), a 1,000-hand ranking batch and
    the heaviest equity request."""
    deal = random.Random(27)
    batch = {"hands": [deal.sample(sorted(CARD_CODES), 7) for _ in range(1000)]}
    return {"1,000-hand checks": (CHECK_PATH, json.dumps({"format": "phh", "text": wsop_phhs(1000)}).encode()),
            "1,000-hand ranking batches": (RANK_PATH, json.dumps(batch).encode()),
            "heaviest equity requests": (EQUITY_PATH, json.dumps(HEAVIEST_EQUITY).encode())}


def post(address: tuple[str, int], path: str, body: bytes, timeout: float = 60) -> int | None:
    """POST ``body`` on a new connection; the status, or None when the connection failed."""
    connection = http.client.HTTPConnection(*address, timeout=timeout)
    try:
        connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return response.status
    except OSError:
        return None
    finally:
        connection.close()


def keep_posting(address: tuple[str, int], path: str, body: bytes, until: float, served: list[int]) -> None:
    """Post ``body`` back to back on kept-alive connections until ``until``; each status into ``served``."""
    connection = http.client.HTTPConnection(*address, timeout=60)
    while time.monotonic() < until:
        try:
            connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            served.append(response.status)
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
        except (OSError, http.client.HTTPException):  # a worker killed mid-answer
            served.append(0)
            connection.close()
    connection.close()


def spread(seconds: list[float | None]) -> str:
    """Median, p99 and max of the answered, and how many failed or took over 1 s."""
    answered = sorted(second for second in seconds if second is not None)
    if not answered:
        return f"none of {len(seconds)} answered"
    p99 = answered[min(len(answered) - 1, int(0.99 * len(answered)))]
    slow = sum(second > 1 for second in answered) + len(seconds) - len(answered)
    return (f"{len(seconds)} polls, median {statistics.median(answered) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
            f"max {answered[-1] * 1000:.0f} ms, {slow} over 1 s or failed")


def probes(servers: dict[str, Server], seconds: float) -> None:
    """Probes polled while every worker runs heavy requests back to back, in alternating blocks."""
    for load, (path, body) in heavy_bodies().items():
        polls: dict[str, list[float | None]] = {name: [] for name in servers}
        served: dict[str, list[int]] = {name: [] for name in servers}
        for _ in range(BLOCKS):
            for name, server in servers.items():
                until = time.monotonic() + seconds / BLOCKS
                callers = [threading.Thread(target=keep_posting, args=(server.address, path, body, until,
                                                                       served[name])) for _ in range(CALLERS)]
                for caller in callers:
                    caller.start()
                while time.monotonic() < until:
                    began = time.monotonic()
                    target = "/healthz" if len(polls[name]) % 2 == 0 else "/readyz"
                    polls[name].append(timed_request(server.address, 5, "GET", target))
                    time.sleep(max(0.0, 1 / POLLS_PER_SECOND - (time.monotonic() - began)))
                for caller in callers:
                    caller.join()
        for name in servers:
            print(f"  {name}, {load}: probes {spread(polls[name])}; heavy requests answered "
                  f"{dict(sorted(Counter(served[name]).items()))}")


def sigterm_trial(checkout: Path, body: bytes, arrivals_stop_first: bool) -> tuple[Counter, Counter]:
    """One shutdown: how the 8 heavy requests and the arrivals around SIGTERM ended."""
    heavy: Counter = Counter()
    arrived: Counter = Counter()
    with running_server(checkout=checkout) as server:
        sent = [threading.Thread(target=lambda: heavy.update([outcome(server.address, CHECK_PATH, body)]))
                for _ in range(8)]
        for sender in sent:
            sender.start()
        if arrivals_stop_first:
            time.sleep(0.3)
            os.kill(server.pid, signal.SIGTERM)
        else:
            until = time.monotonic() + 2.3
            arrivals = []
            killed = False
            while time.monotonic() < until:
                if not killed and time.monotonic() > until - 2:
                    os.kill(server.pid, signal.SIGTERM)
                    killed = True
                arrival = threading.Thread(target=lambda: arrived.update([outcome(server.address, "/healthz", None)]))
                arrival.start()
                arrivals.append(arrival)
                time.sleep(0.05)
            for arrival in arrivals:
                arrival.join()
        for sender in sent:
            sender.join()
    return heavy, arrived


def outcome(address: tuple[str, int], path: str, body: bytes | None) -> str:
    """How one request on a new connection ended: its status, reset, refused at connect, or timed out."""
    try:
        connection = socket.create_connection(address, timeout=30)
    except ConnectionRefusedError:
        return "refused at connect"
    except OSError as error:
        return f"connect failed ({error.__class__.__name__})"
    method = "POST" if body else "GET"
    head = (f"{method} {path} HTTP/1.1\r\nHost: razz\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body or b'')}\r\n\r\n").encode()
    try:
        with connection:
            connection.sendall(head + (body or b""))
            first = connection.recv(16)
            while connection.recv(1 << 20):
                pass
    except ConnectionResetError:
        return "reset"
    except OSError as error:
        return error.__class__.__name__
    return first.split(b" ")[1].decode() if first.startswith(b"HTTP/1.1 ") else "closed without an answer"


def drain(checkouts: dict[str, Path], trials: int) -> None:
    """SIGTERM with heavy requests queued, with arrivals through it and with arrivals stopped first."""
    body = heavy_bodies()["1,000-hand checks"][1]
    for arrivals_stop_first in (False, True):
        heavy = {name: Counter() for name in checkouts}
        arrived = {name: Counter() for name in checkouts}
        for _ in range(trials):
            for name, checkout in checkouts.items():
                ended, came = sigterm_trial(checkout, body, arrivals_stop_first)
                heavy[name].update(ended)
                arrived[name].update(came)
        kind = "arrivals stopped 1 s before (a preStop sleep)" if arrivals_stop_first else "arrivals every 50 ms"
        for name in checkouts:
            print(f"  {name}, {kind}, {trials} trials: 8 heavy requests each {dict(heavy[name])}"
                  + ("" if arrivals_stop_first else f"; arrivals {dict(arrived[name])}"))


def resident_mib(server: Server) -> float:
    """The arbiter's and its workers' resident memory, summed, in MiB."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    total = 0
    for pid in [server.pid, *map(int, children)]:
        try:
            resident = re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())
        except FileNotFoundError:
            continue
        total += int(resident.group(1)) if resident else 0  # none for a worker that exited, not yet reaped
    return total / 1024


def never_read(address: tuple[str, int], body: bytes, until: float, ended: list[str]) -> None:
    """Post a 1,000-hand check and read nothing until ``until``; then read what came: its status, or how it ended."""
    with socket.socket() as connection:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        connection.settimeout(60)
        try:
            connection.connect(address)
            connection.sendall(f"POST {CHECK_PATH} HTTP/1.1\r\nHost: razz\r\nContent-Type: application/json\r\n"
                               f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        except OSError as error:
            ended.append(f"not sent ({error.__class__.__name__})")
            return
        time.sleep(max(0.0, until - time.monotonic()))
        try:
            first = connection.recv(16)
        except OSError as error:
            ended.append(error.__class__.__name__)
            return
        ended.append(first.split(b" ")[1].decode() if first.startswith(b"HTTP/1.1 ") else "closed")


def memory(checkouts: dict[str, Path], seconds: float, clients: int = 200) -> None:
    """Callers that never read their answers: the server's memory at its peak, and the others meanwhile."""
    body = heavy_bodies()["1,000-hand checks"][1]
    rank = json.dumps({"hands": [["As", "2d", "3c", "4h", "9s", "Kd", "Kc"]]}).encode()
    for name, checkout in checkouts.items():
        with running_server(checkout=checkout) as server:
            before = resident_mib(server)
            until = time.monotonic() + seconds
            ended: list[str] = []
            readers = [threading.Thread(target=never_read, args=(server.address, body, until, ended))
                       for _ in range(clients)]
            for reader in readers:
                reader.start()
            peak, calls = before, []
            while time.monotonic() < until:
                began = time.monotonic()
                calls.append(post(server.address, RANK_PATH, rank, timeout=10))
                peak = max(peak, resident_mib(server))
                time.sleep(max(0.0, 0.5 - (time.monotonic() - began)))
            for reader in readers:
                reader.join()
        print(f"  {name}: {clients} callers that do not read for {seconds:.0f} s: memory {before:.0f} MiB before, "
              f"peak {peak:.0f} MiB; another caller's rankings {dict(Counter(calls))}; what the {clients} read "
              f"at the end {dict(Counter(ended))}")


LEGAL_ACTIONS = json.dumps(SNAPSHOT_EXAMPLE).encode()


def light_calls(address: tuple[str, int], until: float, seconds: list[float], pause: float = 0.02) -> int:
    """Legal-actions calls on a kept-alive connection until ``until``, ``pause`` apart: how long each took, into
    ``seconds``; how many were not 200."""
    connection = http.client.HTTPConnection(*address, timeout=60)
    failed = 0
    while time.monotonic() < until:
        began = time.monotonic()
        try:
            connection.request("POST", "/v1/legal-actions", body=LEGAL_ACTIONS,
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            failed += response.status != 200
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
        except (OSError, http.client.HTTPException):
            failed += 1
            connection.close()
        seconds.append(time.monotonic() - began)
        time.sleep(pause)
    connection.close()
    return failed


def percentiles(seconds: list[float]) -> str:
    """Median and p99 in ms."""
    ordered = sorted(seconds)
    return (f"median {statistics.median(ordered) * 1000:.0f} ms, p99 "
            f"{ordered[int(0.99 * (len(ordered) - 1))] * 1000:.0f} ms over {len(ordered)} calls")


def timed_post(address: tuple[str, int], path: str, body: bytes, ends: list[tuple[int | None, float]]) -> None:
    """POST ``body`` on a new connection: its status and seconds into ``ends``."""
    began = time.monotonic()
    ends.append((post(address, path, body), time.monotonic() - began))


def fair(servers: dict[str, Server]) -> None:
    """64 heaviest equity callers at once beside a legal-actions caller."""
    body = json.dumps(HEAVIEST_EQUITY).encode()
    for name, server in servers.items():
        ends: list[tuple[int | None, float]] = []
        callers = [threading.Thread(target=timed_post, args=(server.address, EQUITY_PATH, body, ends))
                   for _ in range(64)]
        for caller in callers:
            caller.start()
        light: list[float] = []
        failed = light_calls(server.address, time.monotonic() + 20, light)
        for caller in callers:
            caller.join()
        print(f"  {name}: legal-actions {percentiles(light)}, {failed} not 200; the 64 equity callers "
              f"{dict(Counter(status for status, _ in ends))}, the last ended after {max(s for _, s in ends):.1f} s")


def allin(servers: dict[str, Server]) -> None:
    """1,000 all-in hands checked beside a legal-actions caller."""
    body = json.dumps({"format": "phh", "text": all_in_phhs(1000)}).encode()
    for name, server in servers.items():
        light: list[float] = []
        caller = threading.Thread(target=light_calls, args=(server.address, time.monotonic() + 15, light))
        caller.start()
        began = time.monotonic()
        connection = http.client.HTTPConnection(*server.address, timeout=120)
        try:
            connection.request("POST", CHECK_PATH, body=body, headers={"Content-Type": "application/json",
                                                                       "Prefer": "return=minimal"})
            response = connection.getresponse()
            answer = response.read()
            status: int | str = response.status
        except (OSError, http.client.HTTPException) as error:
            answer, status = b"", error.__class__.__name__
        took = time.monotonic() - began
        connection.close()
        caller.join()
        hands = json.loads(answer)["hands"] if status == 200 else []
        print(f"  {name}: {len(body) / 1000:.0f} KB, {status} after {took:.1f} s, "
              f"{sum(hand['allin'] is not None for hand in hands)} hands with their all-in equity; legal-actions "
              f"beside it {percentiles(light)}")


def light(servers: dict[str, Server], blocks: int = 3, seconds: float = 5) -> None:
    """Legal actions alone from 8 kept-alive callers, in alternating blocks: requests a second, median of blocks."""
    rates: dict[str, list[float]] = {name: [] for name in servers}
    for _ in range(blocks):
        for name, server in servers.items():
            took: list[list[float]] = [[] for _ in range(8)]
            until = time.monotonic() + seconds
            callers = [threading.Thread(target=light_calls, args=(server.address, until, took[index], 0.0))
                       for index in range(8)]
            for caller in callers:
                caller.start()
            for caller in callers:
                caller.join()
            rates[name].append(sum(map(len, took)) / seconds)
    for name, measured in rates.items():
        print(f"  {name}: legal actions alone, 8 callers: {statistics.median(measured):,.0f} req/s "
              f"(blocks {', '.join(f'{rate:,.0f}' for rate in measured)})")


def worker_cpu(server: Server) -> dict[int, float]:
    """Each live worker's CPU seconds so far, by pid."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    seconds = {}
    for pid in map(int, children):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        seconds[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return seconds


def balance(checkouts: dict[str, Path], trials: int) -> None:
    """A worker killed under kept-alive load: the replacement's share of the workers' CPU after it started."""
    rank = json.dumps({"hands": [["As", "2d", "3c", "4h", "9s", "Kd", "Kc"]]}).encode()
    shares: dict[str, list[tuple[float, float]]] = {name: [] for name in checkouts}
    for _ in range(trials):
        for name, checkout in checkouts.items():
            with running_server(checkout=checkout) as server:
                until = time.monotonic() + 16
                callers = [threading.Thread(target=keep_posting, args=(server.address, RANK_PATH, rank, until, []))
                           for _ in range(16)]
                for caller in callers:
                    caller.start()
                time.sleep(2)
                first = set(worker_cpu(server))
                os.kill(min(first), signal.SIGKILL)
                while not set(worker_cpu(server)) - first and time.monotonic() < until:
                    time.sleep(0.05)
                replacement = next(iter(set(worker_cpu(server)) - first), None)
                marks = [worker_cpu(server)]
                for _ in range(2):
                    time.sleep(5)
                    marks.append(worker_cpu(server))
                for caller in callers:
                    caller.join()
            shares[name].append(tuple(share(marks[index], marks[index + 1], replacement) for index in range(2)))
    for name, trial_shares in shares.items():
        print(f"  {name}: the replacement's share of the workers' CPU, 0-5 s and 5-10 s after it started, "
              f"{trials} trials: " + ", ".join(f"{first:.0%} and {second:.0%}" for first, second in trial_shares))


def share(before: dict[int, float], after: dict[int, float], worker: int | None) -> float:
    """``worker``'s part of the CPU the workers used between two readings."""
    used = {pid: after[pid] - before.get(pid, 0.0) for pid in after}
    total = sum(used.values())
    return used.get(worker, 0.0) / total if worker is not None and total else 0.0


def bad_json(servers: dict[str, Server]) -> None:
    """An unclosed ``[`` repeated 5,000 times: what each answers."""
    for name, server in servers.items():
        connection = http.client.HTTPConnection(*server.address, timeout=30)
        connection.request("POST", RANK_PATH, body=b"[" * 5000, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        problem = json.loads(response.read())
        connection.close()
        print(f"  {name}: {response.status} {problem['type'].rsplit('/', 1)[1]}: {problem['detail']}")


def port_in_use(checkouts: dict[str, Path]) -> None:
    """A second server on a port a first one listens on: its lines and how long it took to give up."""
    for name, checkout in checkouts.items():
        with running_server(checkout=checkout) as server:
            python = sys.executable if checkout == ROOT else str(checkout / ".venv" / "bin" / "python")
            started = time.monotonic()
            second = subprocess.run([python, "-m", "service", "--bind", f"127.0.0.1:{server.address[1]}"],
                                    cwd=checkout, capture_output=True, text=True, timeout=60, check=False)
            took = time.monotonic() - started
        lines = second.stderr.splitlines()
        print(f"  {name}: exit {second.returncode} after {took:.1f} s, {len(lines)} lines on stderr; "
              f"the last: {json.loads(lines[-1])['message'] if lines else ''}")


@contextmanager
def both(checkouts: dict[str, Path]) -> Iterator[dict[str, Server]]:
    """Both checkouts served at once, each idle while the other is measured."""
    with ExitStack() as stack:
        yield {name: stack.enter_context(running_server(checkout=path)) for name, path in checkouts.items()}


def main() -> None:
    """Run the parts asked for, each on both checkouts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=Path)
    parser.add_argument("--changed", type=Path, default=ROOT)
    parser.add_argument("--seconds", type=float, default=120, help="of probing per load and checkout")
    parser.add_argument("--memory-seconds", type=float, default=90, help="that the 200 callers do not read")
    parser.add_argument("--trials", type=int, default=5, help="of each shutdown, and of killing a worker")
    parser.add_argument("--only", default="probes,fair,allin,light,drain,memory,balance,json,cli")
    options = parser.parse_args()
    checkouts = {"baseline": options.baseline.resolve(), "changed": options.changed.resolve()}
    parts: dict[str, Callable[[], None]] = {
        "probes": lambda: _with_servers(checkouts, lambda servers: probes(servers, options.seconds)),
        "drain": lambda: drain(checkouts, options.trials),
        "memory": lambda: memory(checkouts, options.memory_seconds),
        "fair": lambda: _with_servers(checkouts, fair),
        "allin": lambda: _with_servers(checkouts, allin),
        "light": lambda: _with_servers(checkouts, light),
        "balance": lambda: balance(checkouts, max(1, options.trials // 2)),
        "json": lambda: _with_servers(checkouts, bad_json),
        "cli": lambda: port_in_use(checkouts),
    }
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
    for part in options.only.split(","):
        print(f"{part}:", flush=True)
        parts[part]()
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


def _with_servers(checkouts: dict[str, Path], measure: Callable[[dict[str, Server]], None]) -> None:
    """``measure`` with both checkouts served."""
    with both(checkouts) as servers:
        measure(servers)


if __name__ == "__main__":
    main()
