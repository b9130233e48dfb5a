"""The answers that differ between two checkouts over one corpus of requests, counted by the kind of change.

Run from the project root: ``python bench/changed_answers.py BASELINE [CHANGED] [--seeds 2]``
(CHANGED defaults to this checkout). Each checkout answers in a process of its own that imports
only its ``service.app`` (``PYTHONPATH`` set to the checkout, this checkout's ``.venv``) and posts
through Flask's test client. The corpus, the same for both:

* ``POST /v1/scenarios`` of each checkout: seeds 0 to ``--seeds``-1, 100 scenarios each, under
  every option set of ``OPTION_SETS`` and both ``STAKES``; each scenario's snapshot, and the snapshot
  with each action its answer lists played (both checkouts' scenarios, without duplicates), posted
  to ``/v1/legal-actions`` and ``/v1/table/state``, each with and without ``?explain=true``;
* ``SHOWDOWNS`` random ``/v1/showdown`` bodies (fixed seed), with and without explain;
* ``JUDGED`` random bodies each of ``/v1/hands/rank``, ``/v1/hands/compare`` and ``/v1/equity``
  (fixed seed), with and without explain;
* every hand history of ``tests/histories/samples`` and of the shared data folder, checked with and
  without explain.

Every answer that differs is put down to the findings of the rules audit it shows (``KINDS``);
one that no finding explains is counted as ``unexplained`` and printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HISTORIES = [ROOT / "tests" / "histories" / "samples", Path("/work/shared/data/handhistories")]
STAKES = [{"ante": 5, "bring_in": 10, "small_bet": 40, "big_bet": 80},
          {"ante": 5, "bring_in": 30, "small_bet": 40, "big_bet": 80}]
"""The reference's stakes, and section 4 vector 6's bring-in of three quarters of the small bet."""
OPTION_SETS: list[dict[str, Any] | None] = [
    None,
    {"short_allin_threshold": "full_bet"},
    {"third_street_half_bet_base": "increment_over_bring_in"},
    {"short_allin_threshold": "full_bet", "third_street_half_bet_base": "increment_over_bring_in"},
    {"short_allin_reopens": "everyone"},
    {"bring_in_counts_as_acted": False},
    {"heads_up_uncap": "event_heads_up"},
    {"max_raises_after_bet": "unlimited"},
    {"preset": "rrop_cash"},
    {"preset": "wsop_cash"},
    {"preset": "tda_tournament"},
    {"preset": "wsop_tournament"},
]
SHOWDOWNS = 2000
JUDGED = 200
CARDS = [rank + suit for rank in "A23456789TJQK" for suit in "shdc"]
ENGINE = ("/v1/legal-actions", "/v1/legal-actions?explain=true", "/v1/table/state", "/v1/table/state?explain=true")


# -- the worker: one checkout's answers ------------------------------------------------------------------------

def worker(job: str, corpus: Path, out: Path, seeds: int) -> None:
    """In a checkout's own process: its scenarios (``job`` scenarios) or its answers to the corpus (answers)."""
    from service.app import create_app

    client = create_app().test_client()
    with out.open("w") as written:
        if job == "scenarios":
            for body in scenario_bodies(client, seeds):
                written.write(json.dumps(body, sort_keys=True) + "\n")
            return
        for line in corpus.open():
            path, body = json.loads(line)
            response = client.post(path, json=body)
            written.write(json.dumps([response.status_code, response.get_json()]) + "\n")


def scenario_bodies(client: Any, seeds: int) -> Iterator[dict[str, Any]]:
    """Each scenario's snapshot and the snapshot with each listed action played."""
    for rules in OPTION_SETS:
        for stakes in STAKES:
            for seed in range(seeds):
                ask = {"seed": seed, "count": 100, "stakes": stakes} | ({} if rules is None else {"rules": rules})
                for scenario in client.post("/v1/scenarios", json=ask).get_json()["scenarios"]:
                    snapshot, answer = scenario["snapshot"], scenario["answer"]
                    yield snapshot
                    for action in answer["legal_actions"]:
                        played = {"seat": answer["to_act"], "type": action["type"]}
                        yield snapshot | {"actions": [*snapshot.get("actions", []), played]}


def showdown_bodies() -> Iterator[dict[str, Any]]:
    """Random showdowns of 2 to 4 seats: contributions of a few sizes, some folded, some mucked."""
    draw = random.Random(2026)
    for _ in range(SHOWDOWNS):
        deck = draw.sample(CARDS, 28)
        players = []
        for index in range(draw.randint(2, 4)):
            player: dict[str, Any] = {"seat": index + 1, "contributed": draw.choice([20, 50, 100, 100])}
            fate = draw.random()
            if fate < 0.2:
                player["folded"] = True
            elif fate < 0.4:
                player["mucked"] = True
            else:
                player["cards"] = deck[7 * index:7 * index + 7]
            players.append(player)
        yield {"players": players}


def judged_bodies() -> Iterator[tuple[str, dict[str, Any]]]:
    """Random hands ranked (50 of 1 to 7 cards a batch) and compared (2 to 8 players, some with a community card),
    and random equity spots (2 to 4 players, 3rd to 6th street, some down cards unknown, a few samples or exact)."""
    draw = random.Random(2027)
    for _ in range(JUDGED):
        yield "/v1/hands/rank", {"hands": [draw.sample(CARDS, draw.randint(1, 7)) for _ in range(50)]}
        players, size = draw.randint(2, 8), draw.randint(1, 6)
        deck = draw.sample(CARDS, players * size + 1)
        shared = {"community_card": deck[-1]} if draw.random() < 0.3 else {}
        yield "/v1/hands/compare", {"players": [{"id": f"p{index}", "cards": deck[size * index:size * index + size]}
                                                for index in range(players)]} | shared
        players, shown = draw.randint(2, 4), draw.randint(1, 4)
        deck = draw.sample(CARDS, players * (shown + 2))
        spots = [{"seat": index + 1, "up_cards": deck[:shown],
                  "down_cards": deck[shown:shown + draw.choice([0, 2, 2])]} for index, deck in
                 enumerate(deck[(shown + 2) * index:(shown + 2) * (index + 1)] for index in range(players))]
        yield "/v1/equity", {"players": spots, "samples": 500, "seed": draw.randrange(1000)} | (
            {"method": "sample"} if draw.random() < 0.5 else {})


def history_bodies() -> Iterator[dict[str, Any]]:
    """Every hand-history file of the samples and the shared data."""
    for folder in HISTORIES:
        for path in sorted(folder.glob("*")):
            if path.suffix in (".txt", ".xml", ".phh", ".phhs"):
                raw = path.read_bytes()
                encoding = "utf-16" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8-sig"
                yield {"text": raw.decode(encoding, errors="replace")}


# -- the kinds of change, each put down to a finding ------------------------------------------------------------

KINDS = {
    "reopened": "a completion, bet or raise full by itself reopens everyone: an increase now offered or played",
    "tda47_sentence": "the per-player refusal (TDA 47) says it is about all-ins short of a full bet or raise",
    "cap_sentence": "the cap sentence when an all-in capped the round, or a later all-in made it heads-up",
    "reopened_sentence": "a player reopened by all-ins is told why (WSOP-L 129); a short all-in reopens none by itself",
    "uncontested": "uncontested only when everyone else folded; the mucker concedes a contested pot",
    "raise_over_all_in": "the raise over an all-in counted as a full bet cites RRoP Betting & Raising 5",
    "showdown_muck": "/v1/showdown refuses a muck where a live hand put in less (TDA 16)",
    "ev_rounding": "all-in EV amounts rounded so each pot sums exactly",
}


def why_set(answer: dict[str, Any], key: str) -> Counter[str]:
    """An answer's explanations (``why`` or ``refused``) as a multiset of JSON texts."""
    return Counter(json.dumps(item, sort_keys=True) for item in answer.get(key) or [])


def why_kind(item: str, reopened: bool) -> str | None:
    """The finding one added or removed explanation shows (``reopened``: the answer's legal actions changed)."""
    text = json.loads(item)
    words, source = text.get("text", ""), text.get("source")
    if "all-ins short of a full bet or raise reopen" in words or "the full bet or raise since does not reopen" in words:
        return "tda47_sentence"
    if text.get("decision") == "reopened" or "reopen the betting for those who acted" in words:
        return "reopened_sentence"
    if text.get("decision") == "cap" and ("used the last raise and left two players" in words
                                         or "later all-in" in words or "later fold" in words):
        return "cap_sentence"
    if source == "RRoP Betting & Raising 5" or (source == "BARGE Razz" and "over the" in words and
                                               "that stands" in words and "may raise" in words):
        return "raise_over_all_in"
    if "without showing" in words or "mucked, conceding" in words:
        return "uncontested"
    if reopened:
        return "reopened"
    return None


def engine_kinds(old: dict[str, Any], new: dict[str, Any]) -> set[str]:
    """The findings a changed engine answer (both 200) shows; ``unexplained`` for any difference left over."""
    kinds: set[str] = set()
    reopened = old.get("legal_actions") != new.get("legal_actions")
    if reopened:
        before, after = old.get("legal_actions") or [], new.get("legal_actions") or []
        added = [action for action in after if action not in before]
        only_increases = all(action in after for action in before) and all(
            action["type"] in ("complete", "bet", "raise") for action in added)
        kinds.add("reopened" if only_increases else "unexplained")
    for key in ("why", "refused"):
        before, after = why_set(old, key), why_set(new, key)
        for item in (before - after) + (after - before):
            kinds.add(why_kind(item, reopened) or "unexplained")
    rest_old = {key: value for key, value in old.items() if key not in ("why", "refused", "legal_actions")}
    rest_new = {key: value for key, value in new.items() if key not in ("why", "refused", "legal_actions")}
    if rest_old != rest_new:
        kinds.add(rest_kind(rest_old, rest_new, reopened))
    return kinds


def rest_kind(old: dict[str, Any], new: dict[str, Any], reopened: bool) -> str:
    """The finding a difference outside the explanations shows."""
    result_old, result_new = old.get("result", old), new.get("result", new)  # /v1/showdown's answer is the result
    if result_old and result_new and result_old.get("uncontested") != result_new.get("uncontested"):
        strip = {key: value for key, value in result_old.items() if key != "uncontested"}
        if strip == {key: value for key, value in result_new.items() if key != "uncontested"}:
            return "uncontested"
    if "allin" in old or "allin" in new:
        return "ev_rounding" if old.get("allin", {}).get("pots") == new.get("allin", {}).get("pots") else "unexplained"
    return "reopened" if reopened else "unexplained"


def kinds_of(path: str, old: list[Any], new: list[Any]) -> set[str]:
    """The findings one changed answer shows: a status that changed, or the answer's parts."""
    (status_old, body_old), (status_new, body_new) = old, new
    if status_old != status_new:
        if status_old == 422 and body_old.get("source") == "TDA 47" and status_new == 200:
            return {"reopened"}
        if path.startswith("/v1/showdown") and status_new == 422 and body_new.get("source") == "TDA 16":
            return {"showdown_muck"}
        return {"unexplained"}
    if status_old != 200:
        if path.startswith("/v1/showdown") and body_new.get("source") == "TDA 16":
            return {"showdown_muck"}  # refused for the muck before the side pot nobody is left to take
        if body_old.get("source") == "TDA 47" and body_new.get("detail") != body_old.get("detail"):
            return {"tda47_sentence"}
        return {"reopened"} if body_old.get("source") == "TDA 47" else {"unexplained"}
    if path.startswith("/v1/hand-histories"):
        return history_kinds(body_old, body_new)
    return engine_kinds(body_old, body_new)


def history_kinds(old: dict[str, Any], new: dict[str, Any]) -> set[str]:
    """The findings a changed hand-history check shows, hand by hand."""
    kinds: set[str] = set()
    for hand_old, hand_new in zip(old["hands"], new["hands"], strict=True):
        if hand_old == hand_new:
            continue
        if hand_old["valid"] != hand_new["valid"]:
            kinds.add("reopened" if hand_new["valid"] else "unexplained")
            continue
        for key in set(hand_old) | set(hand_new):
            if hand_old.get(key) == hand_new.get(key):
                continue
            if key == "allin":
                kinds.add("ev_rounding" if hand_old[key]["pots"] == hand_new[key]["pots"] else "unexplained")
            elif key == "state":
                kinds |= engine_kinds(hand_old[key], hand_new[key])
            elif key == "why":
                kinds |= engine_kinds({"why": hand_old[key]}, {"why": hand_new[key]})
            else:
                kinds.add("unexplained")
    return kinds


# -- the run ------------------------------------------------------------------------------------------------------

def run_worker(checkout: Path, job: str, corpus: Path, out: Path, seeds: int) -> None:
    """Run ``job`` in a process of ``checkout``'s own code."""
    env = os.environ | {"PYTHONPATH": str(checkout)}
    subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", job, "--corpus", str(corpus),
                    "--out", str(out), "--seeds", str(seeds), str(checkout)], env=env, cwd=checkout, check=True)


def main() -> None:
    """Build the corpus from both checkouts, have each answer it, count and sort what differs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=Path)
    parser.add_argument("changed", type=Path, nargs="?", default=ROOT)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--worker", choices=("scenarios", "answers"))
    parser.add_argument("--corpus", type=Path)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--keep", type=Path, help="a folder to keep the corpus and both checkouts' answers in")
    options = parser.parse_args()
    if options.worker:
        worker(options.worker, options.corpus, options.out, options.seeds)
        return
    checkouts = {"baseline": options.baseline.resolve(), "changed": options.changed.resolve()}
    with tempfile.TemporaryDirectory() as folder:
        work = options.keep or Path(folder)
        work.mkdir(exist_ok=True)
        if (work / "changed.answers").exists():  # kept from an earlier run: count them again
            report(*kept(work))
            return
        snapshots: dict[str, None] = {}
        for name, checkout in checkouts.items():
            run_worker(checkout, "scenarios", work / "none", work / f"{name}.scenarios", options.seeds)
            snapshots |= dict.fromkeys((work / f"{name}.scenarios").read_text().splitlines())
        requests = [(path, json.loads(body)) for body in snapshots for path in ENGINE]
        requests += [(path, body) for body in showdown_bodies()
                     for path in ("/v1/showdown", "/v1/showdown?explain=true")]
        requests += [(path + query, body) for path, body in judged_bodies() for query in ("", "?explain=true")]
        requests += [(path, body) for body in history_bodies()
                     for path in ("/v1/hand-histories/check", "/v1/hand-histories/check?explain=true")]
        (work / "corpus").write_text("".join(json.dumps(request) + "\n" for request in requests))
        answers = {}
        for name, checkout in checkouts.items():
            run_worker(checkout, "answers", work / "corpus", work / f"{name}.answers", options.seeds)
            answers[name] = [json.loads(line) for line in (work / f"{name}.answers").read_text().splitlines()]
    report(requests, answers["baseline"], answers["changed"])


def kept(work: Path) -> tuple[list[tuple[str, Any]], list[Any], list[Any]]:
    """The corpus and both checkouts' answers kept in ``work``."""
    requests = [tuple(json.loads(line)) for line in (work / "corpus").open()]
    return (requests, *([json.loads(line) for line in (work / f"{name}.answers").open()]  # type: ignore[return-value]
                        for name in ("baseline", "changed")))


def report(requests: list[tuple[str, Any]], old: list[Any], new: list[Any]) -> None:
    """Print the requests, the changed answers by endpoint (with and without explain) and by kind."""
    changed: Counter[str] = Counter()
    counted: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    unexplained = []
    for (path, body), before, after in zip(requests, old, new, strict=True):
        counted[path] += 1
        if before == after:
            continue
        changed[path] += 1
        found = kinds_of(path, before, after)
        for kind in found:
            kinds[kind] += 1
        if "unexplained" in found:
            unexplained.append((path, body, before, after))
    print(f"{len(requests)} requests, {sum(changed.values())} answers changed")
    for path in counted:
        print(f"  {path}: {changed[path]} of {counted[path]}")
    print("by kind (an answer may show several):")
    for kind, count in kinds.most_common():
        print(f"  {count:6d}  {kind}: {KINDS.get(kind, 'no finding explains it')}")
    if unexplained:
        print("unexplained, by endpoint:", dict(Counter(path for path, *_ in unexplained)))
    for path, body, before, after in unexplained[:5]:
        print("UNEXPLAINED", path, json.dumps(body)[:400], json.dumps(before)[:600], json.dumps(after)[:600], sep="\n")


if __name__ == "__main__":
    main()
