"""Every operation in openapi.yaml, fuzzed in-process with positive and negative data and all checks."""

from pathlib import Path

import schemathesis

from service.app import create_app

schema = schemathesis.openapi.from_path(str(Path(__file__).resolve().parents[2] / "openapi.yaml"))
schema.app = create_app()


@schema.parametrize()
def test_operation_honours_the_contract(case):
    case.call_and_validate()
