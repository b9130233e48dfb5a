"""Stud and stud hi/lo hands read whole in every format, each saying its game, and skipped until they are checked:
the real samples of each site, the halves of a split pot read as what each seat collected in all, the lines a stud
hand adds (an open pair's double bet, a low that did not qualify), and a Merge table's later hands read by the
description written before them."""

import pytest

from service.histories import fulltilt, merge, phh, pokerstars, winamax
from service.histories.check import check_hand, rules_by_game, rules_for
from service.histories.history import STANDARD, check_history
from service.histories.written import Game
from service.stud_family.rules import GAME_OPTIONS, FourthStreetOpenPair, OddChipRule, Rules, resolve_rules

from .site_texts import sample

READERS = {"phh": phh, "pokerstars": pokerstars, "fulltilt": fulltilt, "winamax": winamax, "merge": merge}
STUD_FILES = {
    "pokerstars-stud-cash.txt": ("pokerstars", Game.STUD, 8),
    "pokerstars-stud8-cash.txt": ("pokerstars", Game.STUD8, 4),
    "fulltilt-stud-cash.txt": ("fulltilt", Game.STUD, 1),
    "fulltilt-studhilo-cash.txt": ("fulltilt", Game.STUD, 12),  # stud high despite its name: "Limit Stud Hi"
    "fulltilt-stud8-cash.txt": ("fulltilt", Game.STUD8, 1),
    "winamax-stud-cash.txt": ("winamax", Game.STUD, 1),
    "winamax-stud-play.txt": ("winamax", Game.STUD, 1),
    "merge-stud-cash.xml": ("merge", Game.STUD, 1),
    "merge-studhilo-cash.xml": ("merge", Game.STUD8, 1),
    "merge-horse-cash.xml": ("merge", Game.STUD8, 2),
    "phh-wsop-2023-43-5-9-stud.phh": ("phh", Game.STUD, 1),
    "phh-wsop-2023-43-5-72-stud.phh": ("phh", Game.STUD, 1),
    "phh-wsop-2023-43-5-48-stud8.phh": ("phh", Game.STUD8, 1),
    "phh-wsop-2023-43-5-49-stud8.phh": ("phh", Game.STUD8, 1),
}
"""Each real stud-family sample that is not razz: its format, its game and its hands."""


def read_all(name):
    fmt = STUD_FILES[name][0]
    reader = READERS[fmt]
    return [reader.read(section) for section in reader.split(sample(name))]


@pytest.mark.parametrize("name", sorted(STUD_FILES))
def test_every_stud_sample_reads_whole_and_names_its_game(name):
    _, game, count = STUD_FILES[name]
    hands = read_all(name)
    assert len(hands) == count and all(hand.game is game for hand in hands)
    assert all(hand.players and hand.actions and hand.stakes["small_bet"] for hand in hands)
    assert all(hand.recorded is not None for hand in hands)


NOT_VALID = {
    "8835086-564-1465760198": "seat 3's up card 1 is dealt unknown",
    "49": "seat 1's up card 1 is dealt unknown",
}
"""The real stud-family hands that do not check, each for its reason: the older Winamax export writes no card, so
no up card is known, nor the bring-in's; the WSOP stud/8 hand 49 was published with every card unknown
(``??????``)."""


@pytest.mark.parametrize("name", sorted(STUD_FILES))
def test_every_stud_and_stud8_sample_is_checked_by_its_games_rules_and_agrees_with_its_record(name):
    """Settled with the game's own rules (stud/8's halves, the qualifier, the odd chip) and compared with what each
    seat collected, a split pot's halves included."""
    fmt, game, count = STUD_FILES[name]
    checked = check_history(sample(name), fmt)
    hands = list(checked)
    failed = {hand.hand.id: hand.error.detail for hand in hands if hand.error is not None}
    assert all(id in NOT_VALID and detail.endswith(NOT_VALID[id]) for id, detail in failed.items()), failed
    assert checked.summary == (count, count - len(failed), count - len(failed), 0)
    for hand in hands:
        assert hand.skipped is None and hand.hand.game is game
        if hand.valid:
            assert hand.snapshot.game.name == game.value and hand.discrepancies == []


def test_a_pokerstars_fold_where_a_check_was_free_is_the_sites_rule_choice_and_noted():
    """#35874676388: denny501 folds on 7th street with nothing to call; the rules refuse that fold unless
    ``fold_when_no_bet``, but PokerStars' tables offer it."""
    (split,) = [hand for hand in check_history(sample("pokerstars-stud8-cash.txt")) if hand.hand.id == "35874676388"]
    assert split.valid and split.discrepancies == []
    assert any("PokerStars offers that fold at its tables, the site's rule choice" in note for note in split.notes)
    allowed = rules_by_game(lambda game: resolve_rules({"fold_when_no_bet": True}, game))
    (asked,) = [hand for hand in check_history(sample("pokerstars-stud8-cash.txt"), rules=allowed)
                if hand.hand.id == "35874676388"]
    assert asked.valid and not any("rule choice" in note for note in asked.notes)  # the rules asked for allow it


def test_a_pokerstars_split_pot_is_what_each_seat_collected_and_a_scoop_its_two_lines():
    split = read_all("pokerstars-stud8-cash.txt")[3]  # #35874676388: 0.84 less 0.04 rake, 0.40 high, 0.40 low
    seats = {player.name: player.seat for player in split.players}
    assert split.recorded is not None and split.recorded.rake == 4
    assert (split.recorded.amounts[seats["gashpor"]], split.recorded.amounts[seats["Hero"]]) == (40, 40)
    home = pokerstars.split(sample("pokerstars-8game-tournament.txt"))
    (scoop,) = [pokerstars.read(section) for section in home if "#99632640469" in section.lines[0]]
    hero = next(player.seat for player in scoop.players if player.name == "Hero")
    assert scoop.game is Game.STUD8 and scoop.recorded is not None and scoop.recorded.amounts[hero] == 656


def test_the_lines_a_stud_hand_adds_are_read_past():
    texts = {section.lines[0]: section for section in pokerstars.split(sample("pokerstars-8game-tournament.txt"))}
    double = next(section for header, section in texts.items() if "#99632512109" in header)
    assert "Pair on board - a double bet is allowed" in double.lines
    assert pokerstars.read(double).game is Game.STUD
    no_low = pokerstars.split(sample("pokerstars-stud8-cash.txt"))[1]
    assert "No low hand qualified" in no_low.lines and pokerstars.read(no_low).players


def test_full_tilt_and_winamax_write_a_pots_halves_apart():
    text = sample("fulltilt-stud8-cash.txt")
    winner = next(line.split(" wins the pot ")[0] for line in text.splitlines() if " wins the pot " in line)
    halves = text.replace(f"{winner} wins the pot ($10.90)", f"{winner} wins the high pot ($5.45)\n"
                                                             f"{winner} wins the low pot ($5.45)")
    assert halves != text
    (hand,) = [fulltilt.read(section) for section in fulltilt.split(halves)]
    seat = next(player.seat for player in hand.players if player.name == winner)
    assert hand.recorded is not None and hand.recorded.amounts[seat] == 1090
    cash = sample("winamax-stud-cash.txt").replace("7-Card Stud fixed limit", "7-Card Stud Hi/Lo fixed limit")
    cash = cash.replace("Hero collected 458€ from pot", "Hero collected 229€ from pot(HI)\n"
                                                        "Hero collected 229€ from pot(LO)")
    (hand,) = [winamax.read(section) for section in winamax.split(cash)]
    hero = next(player.seat for player in hand.players if player.name == "Hero")
    assert hand.game is Game.STUD8 and hand.recorded is not None and hand.recorded.amounts[hero] == 45800


def test_a_merge_tables_later_hand_reads_by_the_description_before_it_and_is_named_at_its_own_game():
    text = sample("merge-horse-cash.xml")
    first, second = merge.split(text)
    assert second.context is not None and second.context[0] == first.first_line
    hand = merge.read(second)
    assert (hand.game, hand.id) == (Game.STUD8, "78854953-356")
    assert (hand.stakes["small_bet"], hand.stakes["big_bet"]) == (25, 50)
    assert hand.entry.line == second.first_line and hand.entry.source.startswith("<game ")
    checked = check_hand(1, lambda: merge.read(second), STANDARD)
    assert checked.valid and checked.discrepancies == []
    razz_only = rules_by_game(lambda game: resolve_rules({"odd_chip_rule": "low_card_by_suit_all_cards"}, game))
    skipped = check_hand(1, lambda: merge.read(second), razz_only).skipped
    assert skipped is not None and skipped.entry.line == second.first_line and skipped.game == "stud8"
    assert "the rules given do not apply to it (rules.odd_chip_rule:" in skipped.detail


def test_each_game_takes_the_rules_given_as_its_own_and_an_option_it_lacks_is_said():
    """A rules object is read for each game: a preset every game has applies to each (the tournament's open pair is
    never), an odd-chip rule of razz alone leaves stud's hands with the reason they cannot be checked."""
    tournament = rules_by_game(lambda game: resolve_rules({"preset": "tda_tournament"}, game))
    assert tournament[Game.STUD] == GAME_OPTIONS["stud"].resolve({"preset": "tda_tournament"})
    assert tournament[Game.STUD].fourth_street_open_pair is FourthStreetOpenPair.NEVER
    razz_only = rules_by_game(lambda game: resolve_rules({"odd_chip_rule": "low_card_by_suit_all_cards"}, game))
    assert razz_only[Game.RAZZ].odd_chip_rule is OddChipRule.LOW_CARD_BY_SUIT_ALL_CARDS
    assert razz_only[Game.STUD].startswith('rules.odd_chip_rule: "low_card_by_suit_all_cards" is not a value of')
    assert rules_for(Rules(), Game.STUD).fourth_street_open_pair is FourthStreetOpenPair.DOUBLE_BET_ALLOWED


@pytest.mark.parametrize(("name", "id", "bet"), [("fulltilt-studhilo-cash.txt", "11111111813", "Player4 bets $4"),
                                                ("fulltilt-studhilo-cash.txt", "11111112277", "Hero4 bets $4"),
                                                ("pokerstars-8game-tournament.txt", "99632512109", "Hero: bets 80")])
def test_a_big_bet_on_4th_street_over_an_open_pair_checks_under_studs_default(name, id, bet):
    """``fourth_street_open_pair: double_bet_allowed``, stud's standard preset: the sites' big bets check; a
    tournament preset, where the open pair changes nothing, refuses them."""
    (hand,) = [hand for hand in check_history(sample(name)) if hand.hand is not None and hand.hand.id == id]
    assert hand.valid and hand.discrepancies == []
    big = next(action for action, written in zip(hand.actions, hand.hand.actions, strict=True)
               if written.entry.source == bet)
    assert big.amount == hand.snapshot.stakes.big_bet
    never = rules_by_game(lambda game: resolve_rules({"preset": "tda_tournament"}, game))
    (refused,) = [hand for hand in check_history(sample(name), rules=never) if hand.hand and hand.hand.id == id]
    assert refused.error is not None and refused.error.entry.source == bet
