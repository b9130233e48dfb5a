"""Each field's own constraint is the request schema's: refused as a validation-error naming the field, on every
endpoint that takes the field (the core checks only what spans fields)."""

import copy

import pytest

from service.api.table import SNAPSHOT_EXAMPLE

from .table_helpers import assert_field_problem

SHOWDOWN = {"players": [{"seat": 2, "contributed": 55, "cards": ["7s", "5d", "4c", "3c", "Ad", "Qc", "Jc"]},
                        {"seat": 4, "contributed": 55, "folded": True}]}
BRING_IN = {"players": [{"seat": 1, "door_card": "7c", "stack": 400}, {"seat": 3, "door_card": "Ks"}],
            "stakes": {"ante": 5, "bring_in": 10, "small_bet": 40}}
FIRST_TO_ACT = {"street": 4, "players": [{"seat": 1, "up_cards": ["6d", "2c"]}, {"seat": 3, "up_cards": ["6s", "2h"]}]}


def changed(body: dict, path: str, value: object) -> dict:
    """A copy of ``body`` with the value at ``path`` (``players.0.stack``) replaced, or deleted for ``...``."""
    copied = copy.deepcopy(body)
    *parents, last = path.split(".")
    target = copied
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if value is ...:
        del target[int(last) if isinstance(target, list) else last]
    else:
        target[int(last) if isinstance(target, list) else last] = value
    return copied


CASES = [
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "players.1.seat", 9), "players[1].seat",
                 "not from 1 to 8: 9", id="seat-past-8"),
    pytest.param("/v1/table/state", changed(SNAPSHOT_EXAMPLE, "players.0.seat", True), "players[0].seat",
                 "not a whole number: true", id="seat-true"),
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "dealer_seat", 0), "dealer_seat",
                 "not from 1 to 8: 0", id="dealer-seat-0"),
    pytest.param("/v1/legal-actions", changed(changed(SNAPSHOT_EXAMPLE, "players.2", ...), "players.1", ...),
                 "players", "holds 1 item: at least 2", id="one-player"),
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "players.1.stack", 0), "players[1].stack",
                 "not from 1 to 1000000000000000: 0", id="stack-0"),
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "players.1.up_cards", []), "players[1].up_cards",
                 "holds 0 items: at least 1", id="no-door-card"),
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "players.1.up_cards", ["Ks", "2c", "3c", "4c", "5c"]),
                 "players[1].up_cards", "holds 5 items: at most 4", id="five-up-cards"),
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "players.0.down_cards", ["As", "3h", "4h", "5h"]),
                 "players[0].down_cards", "holds 4 items: at most 3", id="four-down-cards"),
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "actions.1.type", "post"), "actions[1].type",
                 'not one of bring_in, complete, bet, raise, call, check, fold: "post"', id="action-type"),
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "actions.1.amount", -1), "actions[1].amount",
                 "not from 0 to 1000000000000000: -1", id="amount-negative"),
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "actions.0.amount", True), "actions[0].amount",
                 "not a whole number: true", id="amount-true"),
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "actions.0.amount", 10.5), "actions[0].amount",
                 "not a whole number: 10.5", id="amount-fraction"),
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "stakes.ante", -1), "stakes.ante",
                 "not from 0 to 1000000000000000: -1", id="ante-negative"),
    pytest.param("/v1/legal-actions", changed(SNAPSHOT_EXAMPLE, "stakes.bring_in", 0), "stakes.bring_in",
                 "not from 1 to 1000000000000000: 0", id="bring-in-0"),
    pytest.param("/v1/bring-in", changed(BRING_IN, "players.1.seat", 9), "players[1].seat",
                 "not from 1 to 8: 9", id="bring-in-seat"),
    pytest.param("/v1/bring-in", changed(BRING_IN, "players.0.stack", 0), "players[0].stack",
                 "not from 1 to 1000000000000000: 0", id="bring-in-stack-0"),
    pytest.param("/v1/first-to-act", changed(FIRST_TO_ACT, "street", 8), "street", "not from 3 to 7: 8",
                 id="street-8"),
    pytest.param("/v1/first-to-act", changed(FIRST_TO_ACT, "dealer_seat", "1"), "dealer_seat",
                 'not a whole number: "1"', id="dealer-seat-text"),
    pytest.param("/v1/first-to-act", changed(FIRST_TO_ACT, "players.1", ...), "players",
                 "holds 1 item: at least 2", id="first-to-act-one-player"),
    pytest.param("/v1/showdown", changed(SHOWDOWN, "players.0.seat", 0), "players[0].seat", "not from 1 to 8: 0",
                 id="showdown-seat-0"),
    pytest.param("/v1/showdown", changed(SHOWDOWN, "players.0.contributed", -1), "players[0].contributed",
                 "not from 0 to 1000000000000000: -1", id="contributed-negative"),
    pytest.param("/v1/showdown", changed(SHOWDOWN, "players.0.contributed", 2.5), "players[0].contributed",
                 "not a whole number: 2.5", id="contributed-fraction"),
    pytest.param("/v1/showdown", changed(SHOWDOWN, "players.1.folded", "yes"), "players[1].folded",
                 'not true or false: "yes"', id="folded-word"),
    pytest.param("/v1/showdown", changed(SHOWDOWN, "players", []), "players", "holds 0 items: at least 1",
                 id="showdown-no-players"),
]


@pytest.mark.parametrize("path, body, field, message", CASES)
def test_a_value_its_field_refuses_is_a_validation_error_naming_the_field(client, path, body, field, message):
    problem = assert_field_problem(client.post(path, json=body), field, message)
    assert problem["type"] == "https://razz.rules/problems/validation-error"
