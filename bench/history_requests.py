"""Post the hand-history check of 100 WSOP hands through Flask's test client, to be counted under callgrind.

Run from a checkout's root with its own ``.venv``: ``python /path/to/bench/history_requests.py
lean|full CALLS`` posts a PHHS of the WSOP sample hands repeated to 100 (``wsop_phhs``, which the
other benchmarks post too) once, then ``CALLS`` times, lean (``Prefer: return=minimal``) or in
full. It imports nothing of a checkout but its ``service.app``, so it counts any checkout: a change
beside its baseline (bench/README.md, "Hand histories"). Under callgrind, 12 calls less 2 is ten
requests' cost.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from service.app import create_app

SAMPLES = Path(__file__).resolve().parents[1] / "tests" / "histories" / "samples"
HANDS = 100
PATH = "/v1/hand-histories/check"
LEAN = {"Prefer": "return=minimal"}
"""The request header of the lean answer: each hand's verdicts only."""


def wsop_phhs(count: int = HANDS, samples: Path = SAMPLES) -> str:
    """The WSOP sample hands repeated to ``count`` as one PHHS: tables ``[1]`` ... ``[count]``, a hand each."""
    hands = [path.read_text() for path in sorted(samples.glob("wsop-*.phh"))]
    if not hands:
        raise SystemExit(f"no wsop-*.phh hand histories in {samples}")
    return "\n".join(f"[{number}]\n{hands[(number - 1) % len(hands)]}" for number in range(1, count + 1))


def main() -> None:
    """Post the check once, then the number of times asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("answer", choices=("lean", "full"))
    parser.add_argument("calls", type=int)
    options = parser.parse_args()
    body = json.dumps({"format": "phh", "text": wsop_phhs()})
    headers = LEAN if options.answer == "lean" else {}
    client = create_app().test_client()
    for _ in range(options.calls + 1):
        answer = client.post(PATH, data=body, content_type="application/json", headers=headers)
        if answer.status_code != 200:
            raise SystemExit(f"the check answered {answer.status_code}: {answer.get_data(as_text=True)[:300]}")


if __name__ == "__main__":
    main()
