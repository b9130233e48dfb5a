"""Rules options, presets, catalogue and stakes (the reference's summary table)."""

from dataclasses import asdict, fields

import pytest

from service.stud_family.errors import StakesError
from service.stud_family.limits import Stakes
from service.stud_family.rules import OPTIONS, PRESETS, Rules, catalogue, resolve_rules


def test_options_are_the_summary_table_in_order_with_their_defaults():
    assert [f.name for f in fields(Rules)] == [spec.name for spec in OPTIONS]
    assert all(getattr(Rules(), spec.name) == spec.default for spec in OPTIONS)


def test_default_is_the_standard_preset():
    assert resolve_rules(None) == resolve_rules({}) == PRESETS["standard"] == Rules()
    assert Rules().heads_up_uncap == "never"


def test_presets_follow_the_table_last_row():
    assert PRESETS["rrop_cash"] == Rules(heads_up_uncap="any_time_before_cap")
    assert PRESETS["wsop_cash"] == Rules(max_raises_after_bet=4, heads_up_uncap="round_starts_heads_up",
                                         no_bet_show_order="earliest_position")
    assert PRESETS["tda_tournament"].later_street_tie_break == "high_card_by_suit"
    assert PRESETS["tda_tournament"].heads_up_uncap == "never"
    assert PRESETS["wsop_tournament"] == Rules(max_raises_after_bet=4)


def test_explicit_option_overrides_the_preset():
    rules = resolve_rules({"preset": "wsop_cash", "max_raises_after_bet": "unlimited", "fold_when_no_bet": True})
    assert rules.max_raises_after_bet == "unlimited" and rules.raise_limit is None
    assert rules.heads_up_uncap == "round_starts_heads_up" and rules.fold_when_no_bet is True


def test_catalogue_lists_presets_and_every_option():
    data = catalogue()
    assert data["default_preset"] == "standard"
    assert data["presets"]["standard"] == asdict(Rules())
    names = [option["name"] for option in data["options"]]
    assert names == [f.name for f in fields(Rules)]
    raises = data["options"][0]
    assert raises["values"] == ["unlimited"] and raises["integer_minimum"] == 1 and raises["default"] == 3
    assert all(option["description"] for option in data["options"])


def test_stakes_default_big_bet_is_twice_the_small_bet():
    assert Stakes(5, 10, 40).big_bet == 80
    assert Stakes(0, 40, 40, 40).big_bet == 40


@pytest.mark.parametrize("args, path", [
    ((5, 50, 40, 80), "stakes.bring_in"),
    ((5, 10, 40, 30), "stakes.big_bet"),
])
def test_impossible_stakes_name_the_field(args, path):
    with pytest.raises(StakesError) as caught:
        Stakes(*args)
    assert caught.value.path == path
