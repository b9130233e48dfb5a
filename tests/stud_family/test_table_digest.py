"""The ranking tables built at import are the ones every evaluator's tests were written against: one digest of them
all (bench/table_digest.py), recorded when they were built one multiset at a time, so a faster build must build
exactly the same values, pickers, arrays and numbering."""

import importlib.util
from pathlib import Path

BUILT_ONE_MULTISET_AT_A_TIME = "9f795d7e00907648bd95c6656a2524914a14f96b9e032e60733d9bdc9f7c8f1b"

_SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "table_digest.py"


def test_every_table_is_built_as_before():
    spec = importlib.util.spec_from_file_location("table_digest", _SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found = module.parts()
    assert module.digest(found) == BUILT_ONE_MULTISET_AT_A_TIME, found
