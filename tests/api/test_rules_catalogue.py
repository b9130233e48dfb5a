"""GET /v1/rules against the reference's summary table of options, and 422s for rules it does not allow."""

import json

import pytest

from tests.tables import table

from .table_helpers import assert_field_problem, legal, post_ok

DEFAULTS = {
    "max_raises_after_bet": 3,
    "heads_up_uncap": "never",
    "later_street_tie_break": "position",
    "odd_chip_rule": "high_card_by_suit_in_5",
    "no_bet_show_order": "first_to_act_board",
    "short_allin_threshold": "half_bet",
    "short_allin_reopens": "per_player",
    "third_street_half_bet_base": "total_vs_small_bet",
    "short_bring_in_call_amount": "full_bring_in",
    "fold_when_no_bet": False,
    "allow_fold_when_opening_after_all_in_bring_in": True,
    "bring_in_counts_as_acted": True,
    "fourth_street_double_on_pair": False,
    "max_players": 8,
}
"""The summary table's Default column, in its order."""

ALLOWED = {
    "max_raises_after_bet": ["unlimited"],
    "heads_up_uncap": ["never", "any_time_before_cap", "round_starts_heads_up", "event_heads_up"],
    "later_street_tie_break": ["position", "high_card_by_suit"],
    "odd_chip_rule": ["high_card_by_suit_in_5", "low_card_by_suit_all_cards", "seat_order"],
    "no_bet_show_order": ["first_to_act_board", "earliest_position", "last_aggressor_any_street"],
    "short_allin_threshold": ["half_bet", "full_bet"],
    "short_allin_reopens": ["per_player", "everyone"],
    "third_street_half_bet_base": ["total_vs_small_bet", "increment_over_bring_in"],
    "short_bring_in_call_amount": ["full_bring_in", "posted_amount"],
    "fold_when_no_bet": [False, True],
    "allow_fold_when_opening_after_all_in_bring_in": [True, False],
    "bring_in_counts_as_acted": [True, False],
    "fourth_street_double_on_pair": [False],
    "max_players": [2, 3, 4, 5, 6, 7, 8],
}
"""Default plus Alternatives of each row (max_raises_after_bet: any integer >= 1, or `unlimited`)."""

PRESETS = {
    "standard": DEFAULTS,
    "rrop_cash": DEFAULTS | {"heads_up_uncap": "any_time_before_cap"},
    "wsop_cash": DEFAULTS | {"max_raises_after_bet": 4, "heads_up_uncap": "round_starts_heads_up",
                             "no_bet_show_order": "earliest_position"},
    "tda_tournament": DEFAULTS | {"heads_up_uncap": "never", "later_street_tie_break": "high_card_by_suit",
                                  "odd_chip_rule": "high_card_by_suit_in_5"},
    "wsop_tournament": DEFAULTS | {"max_raises_after_bet": 4, "heads_up_uncap": "never",
                                   "later_street_tie_break": "position"},
}
"""The `ruleset` presets row, each spelled out over the defaults."""


@pytest.fixture
def catalogue(client):
    response = client.get("/v1/rules")
    assert response.status_code == 200 and response.content_type == "application/json"
    return response.get_json()


def as_set(values):
    """Values as JSON text, so that true and 1 stay apart."""
    return {json.dumps(value) for value in values}


def test_presets_are_the_reference_row_exactly(catalogue):
    assert catalogue["default_preset"] == "standard"
    assert catalogue["presets"] == PRESETS


def test_every_option_of_the_summary_table_in_its_order(catalogue):
    assert [option["name"] for option in catalogue["options"]] == list(DEFAULTS)


@pytest.mark.parametrize("name", list(DEFAULTS))
def test_option_allowed_values_and_default(catalogue, name):
    (option,) = [option for option in catalogue["options"] if option["name"] == name]
    assert as_set(option["values"]) == as_set(ALLOWED[name])
    assert json.dumps(option["default"]) == json.dumps(DEFAULTS[name])
    assert option["integer_minimum"] == (1 if name == "max_raises_after_bet" else None)
    assert option["description"].strip()


# -- options in requests ---------------------------------------------------------------------------

TIE = {"street": 4, "players": [{"seat": 1, "up_cards": ["6d", "2c"]}, {"seat": 3, "up_cards": ["6s", "2h"]}]}
CAP_DOORS = {1: "7c", 2: "2d", 3: "Ks", 4: "As", 5: "3c", 6: "4d", 7: "5h", 8: "6s"}
CAPPED = ("s3 bring_in", "s4 complete", "s5 raise", "s6 raise", "s7 raise")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_is_accepted_and_applies_its_tie_break(client, preset):
    answer = post_ok(client, "/v1/first-to-act", TIE | {"rules": {"preset": preset}})
    assert answer["seat"] == (3 if PRESETS[preset]["later_street_tie_break"] == "high_card_by_suit" else 1)


@pytest.mark.parametrize("rules, expected", [
    ({"max_raises_after_bet": "unlimited"}, ["fold", "call 160", "raise 200"]),
    ({"max_raises_after_bet": 4}, ["fold", "call 160", "raise 200"]),
    ({"preset": "wsop_cash", "max_raises_after_bet": 3}, ["fold", "call 160"]),
])
def test_explicit_options_override_the_preset(client, rules, expected):
    body = table(CAP_DOORS, *CAPPED, rules=rules).request_body()
    assert legal(post_ok(client, "/v1/legal-actions", body)) == expected


def test_max_raises_after_bet_one(client):
    one_raise = table(CAP_DOORS, "s3 bring_in", "s4 complete", "s5 raise", rules={"max_raises_after_bet": 1})
    answer = post_ok(client, "/v1/legal-actions", one_raise.request_body())
    assert legal(answer) == ["fold", "call 80"]


BODIES = {
    "/v1/first-to-act": TIE,
    "/v1/legal-actions": table({1: "7c", 2: "Kd"}).request_body(),
    "/v1/table/state": table({1: "7c", 2: "Kd"}).request_body(),
    "/v1/showdown": {"players": [{"seat": 1, "contributed": 5, "cards": ["As", "2s", "3s", "4s", "5s", "6s", "7s"]},
                                 {"seat": 2, "contributed": 5, "folded": True}]},
}

BAD_RULES = [
    pytest.param({"dealer_choice": True}, "rules.dealer_choice", id="unknown-option"),
    pytest.param({"raise_after_short_allin_to": "allin_plus_bet"}, "rules.raise_after_short_allin_to",
                 id="option-not-in-the-summary-table"),
    pytest.param({"preset": "home_game"}, "rules.preset", id="unknown-preset"),
    pytest.param({"preset": "ruleset"}, "rules.preset", id="preset-named-after-the-row"),
    pytest.param({"preset": 1}, "rules.preset", id="preset-not-a-string"),
    pytest.param({"fold_when_no_bet": "yes"}, "rules.fold_when_no_bet", id="boolean-as-word"),
    pytest.param({"bring_in_counts_as_acted": 1}, "rules.bring_in_counts_as_acted", id="boolean-as-number"),
    pytest.param({"fourth_street_double_on_pair": True}, "rules.fourth_street_double_on_pair", id="never-in-razz"),
    pytest.param({"max_raises_after_bet": 0}, "rules.max_raises_after_bet", id="zero-raises"),
    pytest.param({"max_raises_after_bet": 2.5}, "rules.max_raises_after_bet", id="fractional-raises"),
    pytest.param({"max_raises_after_bet": "3"}, "rules.max_raises_after_bet", id="raises-as-text"),
    pytest.param({"max_raises_after_bet": True}, "rules.max_raises_after_bet", id="raises-as-boolean"),
    pytest.param({"max_raises_after_bet": "Unlimited"}, "rules.max_raises_after_bet", id="raises-wrong-case"),
    pytest.param({"heads_up_uncap": "always"}, "rules.heads_up_uncap", id="unknown-value"),
    pytest.param({"later_street_tie_break": None}, "rules.later_street_tie_break", id="null-value"),
    pytest.param({"max_players": 9}, "rules.max_players", id="nine-players"),
    pytest.param({"max_players": 1}, "rules.max_players", id="one-player"),
]


BRIEF = ("unknown-option", "unknown-preset", "boolean-as-word", "zero-raises", "fractional-raises")
"""The cases every other endpoint taking rules is checked with too (all of them on first-to-act)."""


def assert_rules_problem(response, field):
    """A 422 naming the option in its errors and its detail."""
    body = assert_field_problem(response, field)
    assert body["type"] == "https://razz.rules/problems/validation-error"
    assert body["detail"].startswith(field)


@pytest.mark.parametrize("rules, field", BAD_RULES)
def test_rules_the_reference_does_not_allow_get_422_naming_the_option(client, rules, field):
    assert_rules_problem(client.post("/v1/first-to-act", json=TIE | {"rules": rules}), field)


@pytest.mark.parametrize("path", [path for path in BODIES if path != "/v1/first-to-act"])
@pytest.mark.parametrize("rules, field", [case for case in BAD_RULES if case.id in BRIEF])
def test_every_endpoint_taking_rules_names_the_option(client, path, rules, field):
    assert_rules_problem(client.post(path, json=BODIES[path] | {"rules": rules}), field)


@pytest.mark.parametrize("path", list(BODIES))
def test_the_same_bodies_are_accepted_with_valid_rules(client, path):
    """The 422s above come from the rules alone."""
    post_ok(client, path, BODIES[path] | {"rules": {"preset": "standard", "max_raises_after_bet": "unlimited"}})


@pytest.mark.parametrize("path", list(BODIES))
def test_rules_must_be_an_object(client, path):
    assert_field_problem(client.post(path, json=BODIES[path] | {"rules": "standard"}), "rules")
