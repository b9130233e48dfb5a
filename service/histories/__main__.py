"""Check hand-history files without a server, for a QA pipeline: ``python -m service.histories FILE...``.

Prints a summary line per file and a line per invalid or disagreeing hand; exits 1 if there is
any, 2 when a file or the rules cannot be used. The check is the endpoint's own (no limit on the
number of hands); the format comes from the extension (``.phh``, ``.phhs``) or the content.
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


def main(argv: Sequence[str] | None = None) -> int:
    """Check every file; 0 when every hand is valid and agrees, 1 otherwise, 2 when a file cannot be checked."""
    parser = argparse.ArgumentParser(prog="python -m service.histories", description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--rules", type=json.loads, default=None,
                        help='the rules object, as a request writes it: \'{"preset": "tda_tournament"}\'')
    arguments = parser.parse_args(argv)
    try:
        rules = data_loader(HistoryRequestSchema())({"format": "phh", "text": "-", "rules": arguments.rules})["rules"]
    except Problem as problem:
        print(f"--rules: {problem.detail}", file=sys.stderr)
        return 2
    status = 0
    for path in arguments.files:
        try:
            text = decode_history(path.read_bytes())
            format_name = format_of(path, text)
        except (OSError, EncodingError, UnsupportedFormatError) as error:
            print(f"{path}: cannot be read: {error}", file=sys.stderr)
            status = 2
            continue
        answer = check_text(format_name, text, rules, most=None)
        lines = report(path, answer)
        print("\n".join(lines))
        if len(lines) > 1 and status == 0:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
