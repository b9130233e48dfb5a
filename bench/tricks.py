"""What each speed trick in service/ saves: the code with it beside the code without it, in one run.

Run from the project root: ``python bench/tricks.py [--rounds 81]``. Each trick is timed as a pair:
the real code, and the same code path without the trick (the module rebuilt from its own source
with the trick's lines replaced, or a stand-in written the plain way), each checked to give the
same answer, timed alternately (``timeit``, ``--rounds`` rounds, medians). Each saving is then set
against the request it sits on, timed in the same run: the legal-actions or table-state route (8
players, 50 actions, 7th street, through Flask's test client), razz's tables by rank multiset built
as at start-up (what ranking's own tricks sit on: the rank route looks a batch up in those tables) or a
PHHS of WSOP hands checked. A trick stays when it saves at least 1% of its request: one whose saving
is within the noise of its pair (the lower quartile of its rounds' savings at or under zero), or
under 1% of its request, is not worth its code.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import random
import re
import statistics
import sys
import time
import timeit
import tomllib
import types
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgspec

from bench.engine import build_snapshot
from bench.history_requests import wsop_phhs
from bench.table import request_body
from service.api import table
from service.api.loading import request_loader
from service.api.table import SnapshotSchema, TableStateSchema
from service.app import create_app
from service.histories import phh
from service.histories.history import STANDARD
from service.histories.toml_lines import read_plain
from service.stud_family import ranking
from service.stud_family.betting import replay
from service.stud_family.cards import CARD_CODES, Deck
from service.stud_family.multiset_batches import _representatives, size_table
from service.stud_family.ranking import ACE_TO_FIVE_LOW
from service.stud_family.settlement import pots_so_far
from service.stud_family.streets import HAND_SIZE

HISTORY_HANDS = 20
"""The WSOP sample hands repeated to this many, checked as one PHHS: the hand-history request."""
HISTORY = f"{HISTORY_HANDS} WSOP hands checked"
RAZZ_TABLES = "razz's tables built (start-up)"
"""Every razz table by rank multiset built (``size_table``, uncached), as the service's start-up builds it."""
BLOCK = 0.01
"""Seconds of calls timed at a go: short blocks, alternating, so that the machine's slow spells hit both sides."""
MINIMUM_SHARE = 0.01
"""The least share of its request a trick must save to keep its code."""
PLAIN_TAKE_EACH = """    def take_each(self, texts, path):
        return [self.take(text, f"{path}[{index}]") for index, text in enumerate(texts)]
"""
"""``Deck.take_each`` the plain way: each card's path written as it is taken."""
LOOPED_WRITER = '''def _looped_writer(plan):
    written = {name for name, _, _, is_written in plan if is_written}

    def write(record, **given):
        if given.keys() != written:
            raise TypeError(f"the fields written by the caller are {sorted(written)}, not {sorted(given)}")
        if record is None:
            return None
        answer = {}
        for name, nested, required, is_written in plan:
            if is_written:
                value = given[name]
            else:
                value = getattr(record, name)
                if nested is not None and value is not None:
                    value = nested(value)
            if required or value is not None:
                answer[name] = value
        return answer

    return write


'''
"""The plain answer writer: a loop over the schema's plan, field by field."""


def rebuilt(name: str, edit: Callable[[str], str],
            patch: dict[str, types.ModuleType] | None = None) -> types.ModuleType:
    """Module ``name`` rebuilt from its own source as ``edit`` changes it; ``patch`` swaps in the functions of other
    rebuilt modules for those the module imported from them."""
    real = importlib.import_module(name)
    module = types.ModuleType(name)
    module.__package__ = name.rpartition(".")[0]
    module.__file__ = real.__file__
    exec(compile(edit(inspect.getsource(real)), f"<{name} without the trick>", "exec"), module.__dict__)
    for other in (patch or {}).values():
        for key, value in list(module.__dict__.items()):
            if getattr(value, "__module__", None) == other.__name__ and hasattr(other, key):
                module.__dict__[key] = getattr(other, key)
    return module


def variant(name: str, *replacements: tuple[str, str],
            patch: dict[str, types.ModuleType] | None = None) -> types.ModuleType:
    """Module ``name`` with each ``(old, new)`` replaced (each old must be there: a trick changed or gone fails
    loudly)."""

    def edit(source: str) -> str:
        for old, new in replacements:
            if old not in source:
                raise SystemExit(f"{name}: {old!r} is not in the source any more: measure the trick as it is now")
            source = source.replace(old, new)
        return source

    return rebuilt(name, edit, patch)


def without_aliases(name: str, aliases: dict[str, str],
                    patch: dict[str, types.ModuleType] | None = None) -> types.ModuleType:
    """Module ``name`` with every module-level alias of an enum member (``_CALL = ActionType.CALL``) dropped and each
    use read off its class again (``ActionType.CALL``)."""

    def edit(source: str) -> str:
        lines, open_brackets = [], 0
        for line in source.splitlines(keepends=True):
            targets = line.partition(" = ")[0].replace(" ", "").split(",")
            if open_brackets or (not line[:1].isspace() and " = " in line and set(targets) <= set(aliases)):
                open_brackets += line.count("(") - line.count(")")
                continue
            lines.append(line)
        source = "".join(lines)
        for alias, member in aliases.items():
            source, count = re.subn(rf"(?<![\w.]){alias}(?!\w)", member, source)
            if not count:
                raise SystemExit(f"{name}: {alias} is not used any more")
        return source

    return rebuilt(name, edit, patch)


def as_json(value: object) -> bytes:
    """A result as JSON, so that records of a rebuilt module's classes compare with the real ones'."""
    return msgspec.json.encode(value, enc_hook=_fields)


def _fields(value: object) -> dict[str, object]:
    """An object msgspec does not know (a round of the replay) by its attributes, slots or not."""
    return {name: getattr(value, name) for name in dir(value)
            if not name.startswith("__") and not callable(getattr(value, name))}


def razz_tables() -> None:
    """Every razz table by rank multiset built again, uncached: the evaluator's ``rank_batch`` over a hand of each
    multiset of 1 to 7 cards, and what the tables keep of it."""
    for size in range(1, HAND_SIZE + 1):
        size_table.__wrapped__(ACE_TO_FIVE_LOW, size)


def pair(with_trick: Callable[[], object], without: Callable[[], object], number: int,
         rounds: int, check: bool = True) -> tuple[float, float, list[float]]:
    """Median seconds of the thread's CPU a call takes with and without the trick, timed alternately in short
    blocks, and the quartiles of the blocks' savings (the CPU time leaves out the spells another job held the core)."""
    if check and as_json(with_trick()) != as_json(without()):
        raise SystemExit("the pair gives different answers: it does not measure the trick alone")
    first, second = timeit.Timer(with_trick, timer=time.thread_time), timeit.Timer(without, timer=time.thread_time)
    number = max(1, int(BLOCK / max(first.timeit(number) / number, 1e-9)))
    times: list[tuple[float, float]] = []
    for index in range(rounds):
        if index % 2:
            b = second.timeit(number) / number
            a = first.timeit(number) / number
        else:
            a = first.timeit(number) / number
            b = second.timeit(number) / number
        times.append((a, b))
    savings = statistics.quantiles([b - a for a, b in times], n=4)
    return statistics.median(a for a, _ in times), statistics.median(b for _, b in times), savings


@dataclass
class Row:
    """One trick's figures, in microseconds a call."""

    trick: str
    where: str
    with_us: float
    without_us: float
    savings_us: list[float]
    """The quartiles of the blocks' savings: the middle one is the saving."""
    per_request: int
    request: str


def main() -> None:
    """Time every trick beside its plain version and print the savings against their requests."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=81)
    rounds = parser.parse_args().rounds

    snapshot = build_snapshot()
    body = request_body(snapshot)
    client = create_app().test_client()
    rng = random.Random(7)
    batch = {"hands": [rng.sample(list(CARD_CODES), 7) for _ in range(1000)]}
    encoded_body, encoded_batch = json.dumps(body).encode(), json.dumps(batch).encode()

    def post(path: str, data: bytes) -> Callable[[], object]:
        return lambda: client.post(path, data=data, content_type="application/json").data

    history = wsop_phhs(HISTORY_HANDS)
    requests = {
        "legal-actions": post("/v1/legal-actions", encoded_body),
        "table/state": post("/v1/table/state", encoded_body),
        "1000-hand batch": post("/v1/hands/rank", encoded_batch),
        HISTORY: post("/v1/hand-histories/check", json.dumps({"format": "phh", "text": history}).encode()),
    }
    request_us = {name: statistics.median(timeit.Timer(call, timer=time.thread_time).repeat(rounds, 5)) / 5 * 1e6
                  for name, call in requests.items()}
    rows: list[Row] = []

    def measure(trick: str, where: str, with_trick: Callable[[], object], without: Callable[[], object],
                number: int, per_request: int, request: str, check: bool = True) -> None:
        print(f"  {trick}", file=sys.stderr)
        a, b, savings = pair(with_trick, without, number, rounds, check)
        rows.append(Row(trick, where, a * 1e6, b * 1e6, [saving * 1e6 for saving in savings], per_request, request))

    # -- the replay (betting.py and the modules it calls) ------------------------------------------
    plain = variant("service.stud_family.cap")
    cap = without_aliases("service.stud_family.cap", {
        "_COMPLETE": "ActionType.COMPLETE", "_BET": "ActionType.BET", "_RAISE": "ActionType.RAISE",
        "_EVENT": "HeadsUpUncap.EVENT_HEADS_UP", "_ANY_TIME": "HeadsUpUncap.ANY_TIME_BEFORE_CAP",
        "_ROUND_STARTS": "HeadsUpUncap.ROUND_STARTS_HEADS_UP"})
    bring_in = without_aliases("service.stud_family.bring_in", {
        "_BRING_IN": "ActionType.BRING_IN", "_COMPLETE": "ActionType.COMPLETE", "_FOLD": "ActionType.FOLD"})
    betting_aliases = {"_BETTING": "Phase.BETTING", "_DEALING": "Phase.DEALING", "_SHOWDOWN": "Phase.SHOWDOWN",
                       "_COMPLETE": "Phase.COMPLETE", "_CALL": "ActionType.CALL", "_CHECK": "ActionType.CHECK",
                       "_FOLD": "ActionType.FOLD", "_BRING_IN": "ActionType.BRING_IN",
                       "_COMPLETES": "ActionType.COMPLETE", "_BETS": "ActionType.BET"}
    no_aliases = without_aliases("service.stud_family.betting", betting_aliases,
                                 patch={"cap": cap, "bring_in": bring_in})
    same = variant("service.stud_family.betting", patch={"cap": plain})
    measure("Enum members read as module globals", "stud_family/betting.py, cap.py, bring_in.py",
            lambda: same.replay(snapshot), lambda: no_aliases.replay(snapshot), 200, 1, "legal-actions")

    no_table = variant("service.stud_family.betting", ("for j in self.after[i]:",
                                                "for j in [(i + step) % self.n for step in range(1, self.n + 1)]:"))
    measure("Clockwise orders precomputed per table size", "stud_family/seating.py (CLOCKWISE_AFTER), betting.py",
            lambda: same.replay(snapshot), lambda: no_table.replay(snapshot), 200, 1, "legal-actions")

    # -- the snapshot's seats and cards (snapshot.seat_players) ----------------------------------------------
    same_seating = variant("service.stud_family.snapshot")
    each_path = variant("service.stud_family.cards", (inspect.getsource(Deck.take_each), PLAIN_TAKE_EACH))
    paths_written = variant("service.stud_family.snapshot", patch={"cards": each_path})
    measure("Card paths written only for an error", "stud_family/cards.py (Deck.take_each)",
            lambda: same_seating.seat_players(snapshot), lambda: paths_written.seat_players(snapshot), 500, 1,
            "legal-actions")

    @dataclass(frozen=True)
    class LegalRecord:
        type: str
        amount: int | None = None
        to: int | None = None
        all_in: bool | None = None

    struct_type = same.LegalAction
    records = len(replay(snapshot).legal_actions) + len(snapshot.players) + 5
    measure("Records as frozen msgspec structs (a legal action, against a frozen dataclass)",
            "stud_family/betting.py, showdown.py, pots.py, show_order.py",
            lambda: struct_type("raise", 80, 160, False), lambda: LegalRecord("raise", 80, 160, False),
            20000, records, "legal-actions", check=False)

    # -- loading ----------------------------------------------------------------------------------------------
    schema = SnapshotSchema()
    load = request_loader(schema)
    measure("Bodies decoded by msgspec into the core's records, not loaded by marshmallow (as flask-smorest would)",
            "api/loading.py, api/responses.py (json_post)", lambda: bool(load(encoded_body)),
            lambda: bool(schema.load(json.loads(encoded_body))), 200, 1, "legal-actions")

    # -- writing answers ----------------------------------------------------------------------------------------
    looped = variant("service.api.responses",
                     ("    return _compiled_writer(plan)\n", "    return _looped_writer(plan)\n"),
                     ("def _each(", LOOPED_WRITER + "def _each("))
    state = replay(snapshot)
    pots = [table.write_pot(pot) for pot in pots_so_far(snapshot, state)]
    looped_state = looped.answer_writer(TableStateSchema, written=("pots", "result", "equity"))
    measure("Answer writers compiled to straight-line code, not a loop over the schema's fields",
            "api/responses.py (_compiled_writer)",
            lambda: table.write_table_state(state, pots=pots, result=None, equity=None),
            lambda: looped_state(state, pots=pots, result=None, equity=None), 500, 1, "table/state")

    # -- ranking: every rank multiset valued once, at start-up ---------------------------------------------------
    # The rank route looks a batch up in tables by rank multiset (stud_family/multiset_batches.py), built at
    # start-up by the evaluator's own rank_batch over a hand of every multiset: that build is what these sit on.
    hands = [hand for size in range(1, HAND_SIZE + 1) for hand in _representatives(size).tolist()]
    request_us[RAZZ_TABLES] = statistics.median(timeit.Timer(razz_tables, timer=time.thread_time).repeat(
        min(rounds, 5), 1)) * 1e6

    def one_by_one(hands: list[list[int]]) -> tuple[list[Any], list[Any]]:
        return [ranking.evaluate(hand) for hand in hands], [list(ranking.best_cards(hand)) for hand in hands]

    def in_passes(hands: list[list[int]]) -> tuple[list[Any], list[Any]]:
        values, best = ranking.rank_batch(hands)
        return values, list(map(list, best))

    measure("A batch ranked in C-level passes (map), not hand by hand", "stud_family/ranking.py (rank_batch)",
            lambda: in_passes(hands), lambda: one_by_one(hands), 1, 1, RAZZ_TABLES)

    def walked(hands: list[list[int]]) -> list[list[int]]:
        return [ranking._walk_best_cards(sorted(hand)) for hand in hands]

    measure("Best cards picked by a precomputed itemgetter (five ranks)", "stud_family/ranking.py (BEST_CARDS)",
            lambda: [list(ranking.best_cards(hand)) for hand in hands], lambda: walked(hands), 1, 1, RAZZ_TABLES)

    # -- hand histories (each pair over all the hands of the PHHS) ------------------------------------
    sections = phh.split(history)
    plain_arrays = variant("service.histories.toml_lines", ("            items = _one_line_array(rest)\n",
                                                           "            items = None\n"))
    item_by_item = variant("service.histories.phh", patch={"toml_lines": plain_arrays})
    toml_lines = {"toml_lines": importlib.import_module("service.histories.toml_lines")}
    same_phh = variant("service.histories.phh", patch=toml_lines)
    measure("One-line arrays read by one pattern and findall or a split, not item by item",
            "histories/toml_lines.py (_one_line_array)", lambda: [same_phh.read(section) for section in sections],
            lambda: [item_by_item.read(section) for section in sections], 5, 1, HISTORY)
    same_check = variant("service.histories.check")
    no_check_aliases = without_aliases("service.histories.check", {
        "_INCREASE": "Verb.INCREASE", "_CHECK_OR_CALL": "Verb.CHECK_OR_CALL", "_WRITTEN_CALL": "Verb.CALL",
        "_ALL_IN": "Verb.ALL_IN", "_CALL": "ActionType.CALL", "_CHECK": "ActionType.CHECK"})

    def checked_with(module: types.ModuleType) -> Callable[[], object]:
        return lambda: [module.check_hand(index, partial(phh.read, section), STANDARD).valid
                        for index, section in enumerate(sections)]

    measure("Enum members read as module globals (naming each entry's action)", "histories/check.py",
            checked_with(same_check), checked_with(no_check_aliases), 5, 1, HISTORY)
    bodies = [section.lines[1:] for section in sections]  # past each table's header
    measure("PHH's plain TOML read line by line, keeping each item's line, not by tomllib",
            "histories/toml_lines.py (read_plain)", lambda: [read_plain(lines) for lines in bodies],
            lambda: [tomllib.loads("\n".join(lines)) for lines in bodies], 5, 1, HISTORY, check=False)
    print(f"\nrequests in process (Flask's test client), CPU medians of {rounds} rounds: " +
          ", ".join(f"{name} {us:,.0f} µs" for name, us in request_us.items()))
    print("\n| trick | where | with / without, a call | saved a request (quartiles) | of the request | verdict |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        low, saving, high = (quartile * row.per_request for quartile in row.savings_us)
        share = saving / request_us[row.request]
        if row.per_request == 0:
            verdict = "no request takes this path"
        elif low <= 0:
            verdict = "within noise"
        elif share < MINIMUM_SHARE:
            verdict = "under 1%"
        else:
            verdict = "pays"
        calls = f"{row.per_request} calls, " if row.per_request > 1 else ""
        print(f"| {row.trick} | {row.where} | {row.with_us:,.2f} / {row.without_us:,.2f} µs | "
              f"{calls}{saving:,.1f} µs ({low:,.1f} to {high:,.1f}) | {share:.1%} of {row.request} | {verdict} |")


if __name__ == "__main__":
    main()
