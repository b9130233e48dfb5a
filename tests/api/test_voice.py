"""Every message a problem carries reads in the rules' voice, and repeats the bad value where it helps, cut short."""

import copy
import json

import pytest

from service.api.hands import COMPARE_EXAMPLE, RANK_EXAMPLE
from service.api.histories import EXAMPLE as HISTORY_EXAMPLE
from service.api.showdown import SHOWDOWN_EXAMPLE
from service.api.table import BRING_IN_EXAMPLE, FIRST_TO_ACT_EXAMPLE, SNAPSHOT_EXAMPLE
from service.stud_family.rules import OPTIONS, PRESET_KEY

from .bodies import BAD_CARD_BODIES, HOSTILE_BODIES, POST_PATHS, bad_card_snapshot
from .voice import assert_in_the_rules_voice

EVERY_OPTION = {PRESET_KEY: "standard", **{spec.name: spec.default for spec in OPTIONS}}
"""A rules object setting every option, so that each option's value is walked too."""

EXAMPLES = {
    "/v1/hands/rank": RANK_EXAMPLE,
    "/v1/hands/compare": {**COMPARE_EXAMPLE, "community_card": None},
    "/v1/showdown": {**SHOWDOWN_EXAMPLE, "community_card": None, "dealer_seat": 6, "rules": EVERY_OPTION},
    "/v1/bring-in": BRING_IN_EXAMPLE,
    "/v1/first-to-act": {**FIRST_TO_ACT_EXAMPLE, "dealer_seat": 5, "rules": EVERY_OPTION},
    "/v1/legal-actions": {**SNAPSHOT_EXAMPLE, "rules": EVERY_OPTION, "dealer_seat": 6, "community_card": None},
    "/v1/table/state": {**SNAPSHOT_EXAMPLE, "rules": {"preset": "tda_tournament"}},
    "/v1/hand-histories/check": {**HISTORY_EXAMPLE, "rules": EVERY_OPTION},
    "/v1/scenarios": {"seed": 1, "count": 1, "players": 3, "street": 4, "rules": EVERY_OPTION,
                      "stakes": {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8}},
    "/v1/equity": {"players": [{"seat": 1, "up_cards": ["2h", "9c"], "down_cards": ["3h", "4h"]},
                               {"seat": 2, "up_cards": ["5s", "Kd"], "down_cards": ["6s"]}],
                   "dead_cards": ["Ks"], "dealt": [3, 2], "method": "sample", "samples": 100, "seed": 5,
                   "rules": EVERY_OPTION},
}
"""A body each POST endpoint takes, with its optional fields given, to be spoiled one place at a time."""

BAD_VALUES = [None, True, 0, -1, 9, 2.5, 10**20, "", "Zz", "A" * 100, [], ["As"], {}, {"seat": 1}]
"""Values of every JSON type, out of every range, that some field somewhere refuses."""

DELETED = object()


def places(value, path=()):
    """Every place in a JSON value, as the keys and indexes that lead to it (the value itself first)."""
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from places(item, (*path, key))


def spoiled(body, path, value):
    """A copy of ``body`` with ``value`` at ``path`` (the key deleted for ``DELETED``)."""
    if not path:
        return value
    copied = copy.deepcopy(body)
    *parents, last = path
    target = copied
    for key in parents:
        target = target[key]
    if value is DELETED:
        del target[last]
    else:
        target[last] = value
    return copied


def bad_bodies(body):
    """``body`` spoiled in every place with every bad value, each key deleted, an unknown key in each object."""
    for path in places(body):
        for value in [*BAD_VALUES, DELETED] if path else BAD_VALUES:
            yield spoiled(body, path, value)
        target = body
        for key in path:
            target = target[key]
        if isinstance(target, dict):
            yield spoiled(body, (*path, "extra"), 1)


def messages(problem):
    """Every message of a problem: its detail's, after the path the detail names, and each in its errors."""
    errors = problem.get("errors") or {}
    if not errors:
        return [problem["detail"]]
    path, (first, *_) = next(iter(errors.items()))
    assert problem["detail"] == f"{path}: {first}"
    return [message for listed in errors.values() for message in listed]


@pytest.mark.parametrize("path", POST_PATHS)
def test_every_message_over_every_post_endpoint_is_in_the_rules_voice(client, path):
    """A stock marshmallow sentence ("Missing data for required field.") anywhere fails this."""
    refused = 0
    for body in bad_bodies(EXAMPLES[path]):
        response = client.post(path, json=body)
        assert response.status_code < 500, body
        if response.status_code == 200:
            continue
        refused += 1
        for message in messages(response.get_json()):
            assert_in_the_rules_voice(message)
    assert refused > 20


@pytest.mark.parametrize("path", POST_PATHS)
@pytest.mark.parametrize("name", HOSTILE_BODIES)
def test_the_problems_of_bodies_that_are_not_json_objects_are_in_the_rules_voice(client, path, name):
    for message in messages(client.post(path, data=HOSTILE_BODIES[name][0], content_type="application/json")
                            .get_json()):
        assert_in_the_rules_voice(message)


def test_the_http_errors_are_in_the_rules_voice(client):
    for response in (client.post("/v1/hands/rank", data="{}", content_type="text/plain"), client.get("/v1/nothing"),
                     client.get("/v1/hands/rank"),
                     client.post("/v1/hands/rank", data="{", content_type="application/json")):
        assert_in_the_rules_voice(response.get_json()["detail"])


CARD_HINT = '(a rank from A23456789TJQK and a suit from shdc, e.g. "As")'


@pytest.mark.parametrize(("card", "shown"), [("Zz", '"Zz"'), ("7c\n", '"7c\\n"'), ('A"', '"A\\""'), (7, "7"),
                                             (None, "null"), (["As"], "an array")])
@pytest.mark.parametrize(("path", "body", "field"), BAD_CARD_BODIES)
def test_a_bad_card_is_repeated_as_json(client, path, body, field, card, shown):
    problem = client.post(path, json=body(card)).get_json()
    assert problem["errors"][field] == [f"not a card: {shown} {CARD_HINT}"]


@pytest.mark.parametrize("path", POST_PATHS)
def test_unknown_fields_are_named_in_the_order_written(client, path):
    body = json.dumps({**EXAMPLES[path], "extra": 1, "more": 2, "also": 3})  # in this order: not as Flask sorts
    problem = client.post(path, data=body, content_type="application/json").get_json()
    assert list(problem["errors"].items()) == [("extra", ['unknown field "extra"']), ("more", ['unknown field "more"']),
                                               ("also", ['unknown field "also"'])]
    assert problem["detail"] == 'extra: unknown field "extra"'


def test_an_unknown_field_of_a_nested_object_is_named_after_that_objects_fields(client):
    body = bad_card_snapshot("7c")
    body["players"][1] = {"hole": ["As"], **body["players"][1], "seat": 9}
    body["stakes"]["rake"] = 1
    problem = client.post("/v1/table/state", data=json.dumps(body), content_type="application/json").get_json()
    assert list(problem["errors"].items()) == [
        ("stakes.rake", ['unknown field "rake"']), ("players[1].seat", ["not from 1 to 8: 9"]),
        ("players[1].hole", ['unknown field "hole"'])]


@pytest.mark.parametrize(("path", "body", "field", "message"), [
    ("/v1/legal-actions", spoiled(SNAPSHOT_EXAMPLE, ("actions", 1, "type"), "shove"), "actions[1].type",
     'not one of bring_in, complete, bet, raise, call, check, fold: "shove"'),
    ("/v1/hand-histories/check", {**HISTORY_EXAMPLE, "format": "txt"}, "format",
     'not one of auto, phh, pokerstars, fulltilt, winamax, merge: "txt"'),
    ("/v1/showdown", {**SHOWDOWN_EXAMPLE, "rules": {"preset": "house"}}, "rules.preset",
     'not one of standard, rrop_cash, wsop_cash, tda_tournament, wsop_tournament: "house"'),
    ("/v1/showdown", {**SHOWDOWN_EXAMPLE, "rules": {"odd_chip_rule": "coin"}}, "rules.odd_chip_rule",
     'not one of high_card_by_suit_in_5, low_card_by_suit_all_cards, seat_order, all_cards_by_suit: "coin"'),
    ("/v1/legal-actions", {**SNAPSHOT_EXAMPLE, "rules": {"max_raises_after_bet": "lots"}},
     "rules.max_raises_after_bet", 'not a whole number or one of unlimited: "lots"'),
    ("/v1/legal-actions", {**SNAPSHOT_EXAMPLE, "rules": {"max_raises_after_bet": 0}},
     "rules.max_raises_after_bet", "not from 1 to 1000000000000000: 0"),
    ("/v1/showdown", spoiled(SHOWDOWN_EXAMPLE, ("players", 1, "folded"), "yes"), "players[1].folded",
     'not true or false: "yes"'),
    ("/v1/bring-in", spoiled(BRING_IN_EXAMPLE, ("players", 0, "seat"), 9), "players[0].seat", "not from 1 to 8: 9"),
    ("/v1/hands/rank", {"hands": ["As"]}, "hands[0]", 'not a list of cards: "As"'),
    ("/v1/hands/rank", {"hands": "As"}, "hands", 'not a list of hands: "As"'),
])
def test_a_value_outside_its_choices_is_repeated_beside_them(client, path, body, field, message):
    assert client.post(path, json=body).get_json()["errors"][field] == [message]


HUGE = "Z" * 3_000_000
"""A bad value nearly as large as a body may be."""

CUT = '"' + "Z" * 40 + '\u2026"'
"""What a message repeats of it: its first 40 characters and an ellipsis."""


@pytest.mark.parametrize(("path", "body", "field", "message"), [
    ("/v1/hands/rank", {"hands": [["As", HUGE]]}, "hands[0][1]", f"not a card: {CUT} {CARD_HINT}"),
    ("/v1/bring-in", spoiled(BRING_IN_EXAMPLE, ("players", 0, "door_card"), HUGE), "players[0].door_card",
     f"not a card: {CUT} {CARD_HINT}"),
    ("/v1/hands/rank", {"hands": [["As"]], HUGE: 1}, HUGE, f"unknown field {CUT}"),
    ("/v1/legal-actions", spoiled(SNAPSHOT_EXAMPLE, ("actions", 1, "type"), HUGE), "actions[1].type",
     f"not one of bring_in, complete, bet, raise, call, check, fold: {CUT}"),
    ("/v1/hand-histories/check", {"format": HUGE, "text": "x"}, "format",
     f"not one of auto, phh, pokerstars, fulltilt, winamax, merge: {CUT}"),
    ("/v1/showdown", spoiled(SHOWDOWN_EXAMPLE, ("players", 0, "seat"), int("9" * 4000)), "players[0].seat",
     "not from 1 to 8: " + "9" * 40 + "\u2026"),
])
def test_a_huge_bad_value_is_cut_short(client, path, body, field, message):
    """The problem holds the field's path (an unknown key's is the key) twice, the value at most 40 characters."""
    response = client.post(path, data=json.dumps(body), content_type="application/json")
    assert response.get_json()["errors"][field] == [message]
    assert len(response.get_data()) < 1000 + 2 * len(field)
