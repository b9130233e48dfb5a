"""Check hand-history files without a server, for a QA pipeline: ``python -m service.histories FILE...``.

Prints a summary line per file and a line per invalid or disagreeing hand, then a total line
across the files with each player's result beside the all-in adjusted one; with ``--json``, one
JSON line per hand instead (its file and the hand's answer as the endpoint gives it). Exits 1 if
any hand is invalid or disagrees, 2 when a file or the rules cannot be used. The check is the
endpoint's own (no limit on the number of hands); the format comes from the extension (``.phh``,
``.phhs``) or the content.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..api.errors import Problem
from ..api.histories import HistoryRequestSchema, check_text
from ..api.loading import data_loader
from .detect import UnsupportedFormatError, detect
from .encodings import EncodingError, decode_history


def format_of(path: Path, text: str) -> str:
    """The file's format: PHH by its extension, else the one its text is written in (the service's detection)."""
    return detect(text, path.name)


def report(path: Path, answer: dict[str, Any]) -> list[str]:
    """The lines for one file: its summary, then each hand that is invalid or disagrees with its record."""
    summary = answer["summary"]
    lines = [f"{path}: {summary['hands']} hands, {summary['valid']} valid, {summary['agree']} agree"]
    for hand in answer["hands"]:
        name = f"hand {hand['index']}" + ("" if hand["id"] is None else f" ({hand['id']})")
        error = hand["error"]
        if error is not None:
            kind = error["type"].rsplit("/", 1)[-1]
            lines.append(f"{path}:{error['line']}: {name}: invalid, {kind}: {error['detail']} [{error['source']}]")
        elif hand["agrees"] is False:
            found = "; ".join(f"seat {item['seat']} recorded {item['recorded']}, the rules give {item['computed']}"
                              for item in hand["discrepancies"])
            lines.append(f"{path}: {name}: disagrees: {found}")
    return lines


class Results:
    """Each player's net result over the hands decided, and the same with each all-in hand's expectation in place of
    what it paid (the "all-in adjusted" figure trackers report), in the histories' units."""

    def __init__(self) -> None:
        self.files = self.hands = self.valid = self.agree = 0
        self.actual: dict[str, int] = {}
        self.adjusted: dict[str, int] = {}

    def add(self, answer: dict[str, Any]) -> None:
        """Count a file's answer."""
        self.files += 1
        for name, count in answer["summary"].items():
            setattr(self, name, getattr(self, name) + count)
        for hand in answer["hands"]:
            state = hand["state"]
            if state is None or state.get("result") is None:
                continue
            paid = {share["seat"]: share["amount"] for share in state["result"]["payouts"]}
            allin = hand["allin"]
            expected = paid if allin is None else {share["seat"]: share["amount"] for share in allin["expected"]}
            names = dict(zip(hand["seats"], hand["players"], strict=True))
            for player in state["players"]:
                seat, put_in = player["seat"], player["committed_total"]
                name = names.get(seat) or f"seat {seat}"
                self.actual[name] = self.actual.get(name, 0) + paid[seat] - put_in
                self.adjusted[name] = self.adjusted.get(name, 0) + expected[seat] - put_in

    def line(self) -> str:
        """The total line: the counts, then each player's net and, in brackets, its all-in adjusted net."""
        players = ", ".join(f"{name} {self.actual[name]:+d} ({self.adjusted[name]:+d})" for name in self.actual)
        return (f"total: {self.files} files, {self.hands} hands, {self.valid} valid, {self.agree} agree; net "
                f"(all-in adjusted): {players or 'no hand decided'}")


def main(argv: Sequence[str] | None = None) -> int:
    """Check every file; 0 when every hand is valid and agrees, 1 otherwise, 2 when a file cannot be checked."""
    parser = argparse.ArgumentParser(prog="python -m service.histories", description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--rules", type=json.loads, default=None,
                        help='the rules object, as a request writes it: \'{"preset": "tda_tournament"}\'')
    parser.add_argument("--json", action="store_true",
                        help="one JSON line per hand: {\"file\", \"hand\"}, the hand as the endpoint answers it")
    arguments = parser.parse_args(argv)
    try:
        rules = data_loader(HistoryRequestSchema())({"format": "phh", "text": "-", "rules": arguments.rules})["rules"]
    except Problem as problem:
        print(f"--rules: {problem.detail}", file=sys.stderr)
        return 2
    status = 0
    results = Results()
    for path in arguments.files:
        try:
            text = decode_history(path.read_bytes())
            format_name = format_of(path, text)
        except (OSError, EncodingError, UnsupportedFormatError) as error:
            print(f"{path}: cannot be read: {error}", file=sys.stderr)
            status = 2
            continue
        answer = check_text(format_name, text, rules, most=None)
        results.add(answer)
        lines = report(path, answer)
        if arguments.json:
            for hand in answer["hands"]:
                print(json.dumps({"file": str(path), "hand": hand}, ensure_ascii=False, separators=(",", ":")))
        else:
            print("\n".join(lines))
        if len(lines) > 1 and status == 0:
            status = 1
    if not arguments.json:
        print(results.line())
    return status


if __name__ == "__main__":
    sys.exit(main())
