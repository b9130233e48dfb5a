"""Every operation in openapi.yaml, fuzzed in-process with positive and negative data and all checks."""

from pathlib import Path

import schemathesis

from service.app import create_app

schema = schemathesis.openapi.from_path(str(Path(__file__).resolve().parents[2] / "openapi.yaml"))
schema.app = create_app()


@schema.parametrize()
def test_operation_honours_the_contract(case):
    case.call_and_validate()


@schema.include(path="/v1/hand-histories/check").parametrize()
def test_the_lean_hand_history_answer_honours_the_contract(case):
    case.headers = {**(case.headers or {}), "Prefer": "return=minimal"}
    response = case.call()
    case.validate_response(response)
    if case.method == "POST" and response.status_code == 200:  # the coverage phase tries other methods too
        assert response.headers["preference-applied"] == ["return=minimal"]
        assert all("snapshot" not in hand for hand in response.json()["hands"])
