"""The operations whose request names a game, fuzzed in-process as stud and stud/8 requests: each case the
generator draws is sent once per game, so that every shape those games answer (their pots, halves and citations)
meets the contract, whatever game the generator itself chose."""

from pathlib import Path

import schemathesis
from hypothesis import settings

from service.app import create_app
from service.stud_family.games import GAMES, RAZZ

from ..yaml_documents import safe_load

CONTRACT = Path(__file__).resolve().parents[2] / "openapi.yaml"
DOCUMENT = safe_load(CONTRACT.read_text())


def takes_a_game(operation: dict) -> bool:
    """Whether an operation's request body declares ``game``."""
    reference = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
    schema = DOCUMENT["components"]["schemas"].get(reference.get("$ref", "").rpartition("/")[2], {})
    return "game" in schema.get("properties", {})


GAME_PATHS = [path for path, methods in DOCUMENT["paths"].items()
              if "post" in methods and takes_a_game(methods["post"])]
OTHER_GAMES = [name for name in GAMES if name != RAZZ.name]

MAX_EXAMPLES = 30
"""Per operation and phase, each case sent once per game: the whole contract's fuzzing (test_schemathesis.py) draws
more of every operation, stud and stud/8 among them."""

schema = schemathesis.openapi.from_path(str(CONTRACT))
schema.app = create_app()


def test_the_table_routes_and_scenarios_take_a_game():
    assert {"/v1/bring-in", "/v1/first-to-act", "/v1/legal-actions", "/v1/table/state",
            "/v1/scenarios"} <= set(GAME_PATHS)
    assert OTHER_GAMES == ["stud", "stud8"]


@schema.include(path=GAME_PATHS, method="POST").parametrize()
@settings(max_examples=MAX_EXAMPLES)
def test_a_request_of_each_game_honours_the_contract(case):
    if not isinstance(case.body, dict) or case.body.get("game", RAZZ.name) not in list(GAMES):
        case.call_and_validate()  # a body the game cannot be set in, or refused for its game: as drawn
        return
    for game in OTHER_GAMES:  # a body refused for another field stays refused: only the game changes
        case.body = {**case.body, "game": game}
        case.call_and_validate()
