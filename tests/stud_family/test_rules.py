"""Rules options, presets, catalogue and stakes (the reference's summary table)."""

from dataclasses import asdict, fields, replace

import pytest

from service.stud_family.errors import StakesError
from service.stud_family.limits import Stakes
from service.stud_family.rules import (
    FAMILY_OPTIONS,
    GAME_OPTIONS,
    OPTIONS,
    PRESETS,
    FourthStreetOpenPair,
    HiloSameWinners,
    OddChipRule,
    OptionError,
    Rules,
    catalogue,
    resolve_rules,
    rules_of,
)


def test_family_options_are_the_rules_fields_in_order_with_their_defaults():
    assert [f.name for f in fields(Rules)] == [spec.name for spec in FAMILY_OPTIONS]
    assert all(getattr(Rules(), spec.name) == spec.default for spec in FAMILY_OPTIONS)


def test_razz_options_are_its_summary_table_in_order_with_their_defaults():
    razz = [f.name for f in fields(Rules) if f.name != "hilo_same_winners"]
    razz[razz.index("fourth_street_open_pair")] = "fourth_street_double_on_pair"
    assert [spec.name for spec in OPTIONS] == razz
    assert all(spec.read(Rules()) == spec.default for spec in OPTIONS)
    odd_chips = next(spec for spec in OPTIONS if spec.name == "odd_chip_rule")
    assert odd_chips.values == ("high_card_by_suit_in_5", "low_card_by_suit_all_cards", "seat_order")


def _spec(game, name):
    return next(spec for spec in GAME_OPTIONS[game].options if spec.name == name)


@pytest.mark.parametrize("game, values, default", [
    ("razz", None, None),
    ("stud", ("never", "double_bet_allowed"), "double_bet_allowed"),
    ("stud8", ("never",), "never"),
])
def test_fourth_street_open_pair_per_game(game, values, default):
    """stud-rules.md summary: stud allows the double bet by default; razz and stud8 only never."""
    names = [spec.name for spec in GAME_OPTIONS[game].options]
    if values is None:
        assert "fourth_street_open_pair" not in names and "fourth_street_double_on_pair" in names
        assert resolve_rules({"fourth_street_open_pair": "never"}) == Rules()
        return
    assert "fourth_street_double_on_pair" not in names
    spec = _spec(game, "fourth_street_open_pair")
    assert (spec.values, spec.default) == (values, default)
    assert resolve_rules(None, game).fourth_street_open_pair == default


def test_hilo_same_winners_is_stud8s_only():
    spec = _spec("stud8", "hilo_same_winners")
    assert (spec.values, spec.default) == (("one_pot", "by_halves"), "one_pot")
    assert resolve_rules({"hilo_same_winners": "by_halves"}, "stud8").hilo_same_winners is HiloSameWinners.BY_HALVES
    assert all(rules.hilo_same_winners is HiloSameWinners.ONE_POT for rules in GAME_OPTIONS["stud8"].presets.values())


@pytest.mark.parametrize("game", ["stud", "stud8"])
def test_odd_chip_rule_values_of_stud_games(game):
    assert _spec(game, "odd_chip_rule").values == ("high_card_by_suit_in_5", "all_cards_by_suit", "seat_order")
    assert resolve_rules({"odd_chip_rule": "all_cards_by_suit"}, game).odd_chip_rule is OddChipRule.ALL_CARDS_BY_SUIT


@pytest.mark.parametrize("game, mapping", [
    ("stud", {"hilo_same_winners": "one_pot"}),
    ("razz", {"hilo_same_winners": "by_halves"}),
    ("razz", {"odd_chip_rule": "all_cards_by_suit"}),
    ("stud", {"odd_chip_rule": "low_card_by_suit_all_cards"}),
    ("stud8", {"odd_chip_rule": "low_card_by_suit_all_cards"}),
    ("stud", {"fourth_street_double_on_pair": False}),
    ("stud8", {"fourth_street_double_on_pair": False}),
    ("stud8", {"fourth_street_open_pair": "double_bet_allowed"}),
    ("razz", {"fourth_street_open_pair": "double_bet_allowed"}),
])
def test_an_option_or_value_the_game_lacks_is_refused_naming_option_value_and_game(game, mapping):
    """stud-rules.md §5 OPTIONS: an option or value of another game is refused, naming the game."""
    (option, value), = mapping.items()
    with pytest.raises(OptionError) as caught:
        resolve_rules(mapping, game)
    error = caught.value
    assert (error.game, error.option, error.value, error.path) == (game, option, value, f"rules.{option}")
    assert game in error.message and (str(value).lower() in error.message)
    with pytest.raises(OptionError):
        rules_of(mapping, game)


def test_stud_presets_follow_the_summary():
    stud = GAME_OPTIONS["stud"].presets
    allowed = FourthStreetOpenPair.DOUBLE_BET_ALLOWED
    assert stud["standard"] == Rules(fourth_street_open_pair=allowed)
    assert stud["rrop_cash"] == replace(PRESETS["rrop_cash"], fourth_street_open_pair=allowed)
    assert stud["wsop_cash"] == replace(PRESETS["wsop_cash"], fourth_street_open_pair=allowed)
    assert stud["tda_tournament"] == PRESETS["tda_tournament"]
    assert stud["wsop_tournament"] == replace(PRESETS["wsop_tournament"], later_street_tie_break="high_card_by_suit")
    assert GAME_OPTIONS["stud8"].presets == PRESETS
    assert PRESETS["wsop_tournament"].later_street_tie_break == "position"


def test_every_game_lists_the_same_presets_and_its_defaults_are_its_standard_preset():
    for options in GAME_OPTIONS.values():
        assert list(options.presets) == list(PRESETS)
        standard = options.presets["standard"]
        assert all(spec.read(standard) == spec.default for spec in options.options)
        assert resolve_rules({}, options.game) == resolve_rules(None, options.game) == standard


def test_razz_catalogue_is_as_it_was():
    data = catalogue()
    assert data == catalogue("razz")
    assert data["presets"]["standard"] == {
        **{name: value for name, value in asdict(Rules()).items()
           if name not in ("hilo_same_winners", "fourth_street_open_pair", "max_players")},
        "fourth_street_double_on_pair": False, "max_players": 8}


def test_stud_catalogues_list_their_own_options():
    stud8 = catalogue("stud8")
    assert stud8["presets"]["standard"]["hilo_same_winners"] == "one_pot"
    assert "hilo_same_winners" not in catalogue("stud")["presets"]["standard"]
    assert catalogue("stud")["presets"]["wsop_cash"]["fourth_street_open_pair"] == "double_bet_allowed"
    tie = next(option for option in stud8["options"] if option["name"] == "later_street_tie_break")
    assert "highest boards" in tie["description"]


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
    assert resolve_rules({"preset": "wsop_cash"}, "stud").fourth_street_open_pair == "double_bet_allowed"
    assert resolve_rules({"preset": "wsop_cash", "fourth_street_open_pair": "never"}, "stud") == PRESETS["wsop_cash"]


def test_catalogue_lists_presets_and_every_option():
    data = catalogue()
    assert data["default_preset"] == "standard"
    assert data["presets"]["standard"] == {spec.name: spec.read(Rules()) for spec in OPTIONS}
    names = [option["name"] for option in data["options"]]
    assert names == [spec.name for spec in OPTIONS]
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
