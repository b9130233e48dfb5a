"""stud-rules.md's table vectors (sections 1, 2, 3, 6 and 7), each named by its section and number."""

from __future__ import annotations

from dataclasses import replace

import msgspec
import pytest

from service.stud_family.betting import Replay, explain, replay
from service.stud_family.bring_in import DoorCard, find_bring_in
from service.stud_family.cards import CARD_CODES
from service.stud_family.errors import IllegalActionError
from service.stud_family.first_to_act import BoardIn, find_first_to_act
from service.stud_family.games import STUD, STUD8
from service.stud_family.limits import Stakes
from service.stud_family.rules import resolve_rules
from service.stud_family.settlement import settle
from service.stud_family.show_order import show_order
from service.stud_family.snapshot import Action, PlayerIn, Snapshot
from service.stud_family.streets import LAST_STREET
from service.stud_family.vocabulary import Phase
from service.stud_family.why import Citation

BY_SUIT = {"later_street_tie_break": "high_card_by_suit"}


def _doors(*cards: str) -> list[DoorCard]:
    return [DoorCard(seat, card) for seat, card in enumerate(cards, start=1)]


@pytest.mark.parametrize("game, doors, seat", [
    pytest.param(STUD, _doors("7c", "Kd", "2s", "2c"), 4, id="§1.1"),
    pytest.param(STUD8, _doors("5h", "Jc", "2h", "7h", "3h", "Qh", "Ah"), 3, id="§1.2"),
    pytest.param(STUD, _doors("Ah", "3c"), 2, id="§1.3-ace-high"),
    pytest.param(STUD, _doors("4h", "4d", "4s"), 2, id="§1.3-diamonds-under-hearts"),
    pytest.param(STUD, _doors("Ac", "Ad", "As", "Ah"), 1, id="§1.3-ace-of-clubs"),
])
def test_section_1_the_lowest_door_card_aces_high_clubs_lowest_brings_in(game, doors, seat):
    assert find_bring_in(doors, game=game).seat == seat


def _boards(street: int, game, seats: dict[int, str], all_in: tuple[int, ...] = (),
            folded: dict[int, str] | None = None,
            rules=None) -> int | None:
    players = [BoardIn(seat, tuple(cards.split()), all_in=seat in all_in) for seat, cards in seats.items()]
    players += [BoardIn(seat, tuple(cards.split()), folded=True) for seat, cards in (folded or {}).items()]
    players.sort(key=lambda player: player.seat)
    return find_first_to_act(street, players, resolve_rules(rules, game.name), game=game).seat


@pytest.mark.parametrize("street, seats, default, by_suit", [
    pytest.param(4, {1: "2c 7h", 2: "2d 7s", 3: "2h 7c"}, 1, 2, id="§2.1"),
    pytest.param(4, {1: "Ah 2c", 2: "Ks Qd"}, 1, 1, id="§2.2-ace-high"),
    pytest.param(4, {1: "As Kd", 4: "3c 3d"}, 4, 4, id="§2.2-pair"),
    pytest.param(5, {1: "9s 9h Kc", 2: "9d 9c Ah"}, 2, 2, id="§2.3"),
    pytest.param(5, {1: "2s 2d Ac", 3: "2h 2c Ad"}, 1, 3, id="§2.4"),
    pytest.param(4, {2: "Kh Kc", 5: "Ks Kd"}, 2, 5, id="§2.5"),
    pytest.param(6, {3: "8s 7s 6s 5s", 5: "9c 2d 3h 4s"}, 5, 5, id="§2.6"),
    pytest.param(6, {2: "5s 5h 3c 3d", 6: "6c 6d Ah Ks"}, 2, 2, id="§2.7-two-pair"),
    pytest.param(6, {2: "5s 5h 3c 3d", 4: "7c 7d 7h 2s", 6: "6c 6d Ah Ks"}, 4, 4, id="§2.7-trips"),
])
def test_section_2_the_highest_board_opens_and_ties_go_by_position_or_suit(street, seats, default, by_suit):
    for game in (STUD, STUD8):
        assert _boards(street, game, seats) == default
        assert _boards(street, game, seats, rules=BY_SUIT) == by_suit


def test_section_2_8_an_all_in_highest_board_passes_the_opening_clockwise():
    seats = {1: "Qs Jd 9c", 4: "Ah Ad Kc", 6: "Kh 8c 7d"}
    assert _boards(5, STUD8, seats, all_in=(4,)) == 6


def test_section_2_9_the_merge_stud8_hand_opens_as_the_file_acts():
    assert _boards(4, STUD8, {3: "2h 8s", 4: "7h 6s", 5: "3h 4h"}) == 3
    assert _boards(5, STUD8, {3: "2h 8s Js", 4: "7h 6s Ad", 5: "3h 4h Qc"}) == 4
    assert _boards(6, STUD8, {4: "7h 6s Ad 3s", 5: "3h 4h Qc 4d"}, folded={3: "2h 8s Js"}) == 5


# Section 3: the open pair on 4th street (stud, 5/10/40/80, double_bet_allowed unless said).

STAKES = Stakes(ante=5, bring_in=10, small_bet=40, big_bet=80)
DEEP = 1000


def _fourth_street(boards: dict[int, str], stacks: dict[int, int] | None = None) -> tuple[tuple[PlayerIn, ...],
                                                                                          tuple[Action, ...]]:
    """Players showing ``boards`` on 4th street, 3rd street brought in by the lowest door and called by the rest."""
    players = tuple(PlayerIn(seat, (stacks or {}).get(seat, DEEP), tuple(cards.split()))
                    for seat, cards in sorted(boards.items()))
    bring_in = find_bring_in([DoorCard(player.seat, player.up_cards[0]) for player in players], game=STUD).seat
    seats = [player.seat for player in players]
    start = seats.index(bring_in)
    callers = seats[start + 1:] + seats[:start]
    return players, (Action(bring_in, "bring_in"), *(Action(seat, "call") for seat in callers))


def _state(boards, actions=(), game=STUD, rules=None, stacks=None):
    players, third = _fourth_street(boards, stacks)
    snapshot = Snapshot(STAKES, players, (*third, *actions), resolve_rules(rules, game.name), game=game)
    return replay(snapshot)


def _offered(state) -> list[tuple[str, int | None]]:
    """The legal actions as the vectors write them: a type and its street total ("to"), None for fold and check."""
    return [(action.type, action.to) for action in state.legal_actions]


FIVE = {1: "Kd Kc", 2: "9h 4c", 3: "7d 3s", 4: "8c Jd", 5: "2c 6h"}
"""Seat 1 shows a pair and opens 4th street; seat 5 brought in (2c)."""
THREE = {1: "Kd Kc", 2: "9h 4c", 3: "2c 6h"}
"""Seat 1 shows a pair and opens; seat 3 brought in; seat 2's stack is what each all-in vector needs."""


def _bet(seat, to):
    return Action(seat, "bet", to)


def _raise(seat, more):
    return Action(seat, "raise", more)


def test_section_3_1_the_pair_opens_with_both_sizes_or_the_small_one_under_never():
    state = _state(FIVE)
    assert state.to_act == 1
    assert _offered(state) == [("check", None), ("bet", 40), ("bet", 80)]
    assert _offered(_state(FIVE, rules={"fourth_street_open_pair": "never"})) == [("check", None), ("bet", 40)]


def test_section_3_2_facing_a_small_bet_call_a_small_raise_or_a_big_one():
    assert _offered(_state(FIVE, [_bet(1, 40)])) == [("fold", None), ("call", 40), ("raise", 80), ("raise", 120)]


def test_section_3_3_facing_a_big_bet_only_big_raises():
    assert _offered(_state(FIVE, [_bet(1, 80)])) == [("fold", None), ("call", 80), ("raise", 160)]


def test_section_3_4_after_a_big_raise_only_big_raises():
    state = _state(FIVE, [_bet(1, 40), _raise(2, 120)])
    assert _offered(state) == [("fold", None), ("call", 120), ("raise", 200)]


def test_section_3_5_a_checked_pair_leaves_both_sizes_to_the_next():
    state = _state({1: "Ah Kd", 3: "5d 5s", 4: "Jc 9c"}, [Action(3, "check")])
    assert state.to_act == 4
    assert _offered(state) == [("check", None), ("bet", 40), ("bet", 80)]


def test_section_3_6_a_big_raise_counts_toward_the_cap_like_a_small_one():
    actions = [_bet(1, 40), _raise(2, 80), _raise(3, 160), _raise(4, 240)]
    assert _offered(_state(FIVE, actions)) == [("fold", None), ("call", 240)]
    four = _state(FIVE, actions, rules={"max_raises_after_bet": 4})
    assert _offered(four) == [("fold", None), ("call", 240), ("raise", 320)]


def test_section_3_7_an_all_in_of_half_a_small_bet_is_a_small_raise():
    stacks = {2: 5 + 10 + 60}
    state = _state(THREE, [_bet(1, 40), _raise(2, 60)], stacks=stacks)
    assert _offered(state) == [("fold", None), ("call", 60), ("raise", 100), ("raise", 140)]
    state = _state(THREE, [_bet(1, 40), _raise(2, 60), Action(3, "call")], stacks=stacks)
    assert state.to_act == 1
    assert _offered(state) == [("fold", None), ("call", 60), ("raise", 100), ("raise", 140)]
    assert state.legal_actions[1].amount == 20


def test_section_3_8_an_all_in_past_a_small_bet_and_half_a_big_one_is_a_big_raise():
    state = _state(THREE, [_bet(1, 40), _raise(2, 100)], stacks={2: 5 + 10 + 100})
    assert _offered(state) == [("fold", None), ("call", 100), ("raise", 180)]


def test_section_3_9_an_all_in_under_half_a_small_bet_is_no_raise():
    stacks = {2: 5 + 10 + 55}
    state = _state(THREE, [_bet(1, 40), _raise(2, 55)], stacks=stacks)
    assert _offered(state) == [("fold", None), ("call", 55), ("complete", 80), ("complete", 120)]
    state = _state(THREE, [_bet(1, 40), _raise(2, 55), Action(3, "call")], stacks=stacks)
    assert state.to_act == 1
    assert _offered(state) == [("fold", None), ("call", 55)]
    assert state.legal_actions[1].amount == 15


def test_section_3_10_an_all_in_bet_of_half_a_small_bet_is_a_full_small_bet():
    state = _state(THREE, [_bet(1, 30)], stacks={1: 5 + 10 + 30})
    assert _offered(state) == [("fold", None), ("call", 30), ("raise", 70), ("raise", 110)]


FULL_TILT = Stakes(ante=40, bring_in=50, small_bet=200, big_bet=400)
"""Full Tilt's $2/$4 stud, ante $0.40 and bring-in $0.50, in cents."""


def _full_tilt_11111111813(rules) -> Snapshot:
    """Full Tilt #11111111813 as written, to Player4's $4 bet over his 9c 9d on 4th street."""
    players = (PlayerIn(1, 740, ("9c", "9d")), PlayerIn(2, 7720, ("8s",)), PlayerIn(3, 11180, ("3s",)),
               PlayerIn(5, 11870, ("3c", "8d")), PlayerIn(7, 3630, ("Qs",)))
    actions = (Action(5, "bring_in", 50), Action(7, "fold"), Action(1, "complete", 200), Action(2, "fold"),
               Action(3, "fold"), Action(5, "call", 150), Action(1, "bet", 400))
    return Snapshot(FULL_TILT, players, actions, resolve_rules(rules, "stud"), game=STUD)


def test_section_3_11_full_tilts_big_bet_over_an_open_pair_is_legal_and_refused_under_never():
    before = replay(replace(_full_tilt_11111111813(None), actions=_full_tilt_11111111813(None).actions[:-1]))
    assert _offered(before) == [("check", None), ("bet", 200), ("bet", 400)]
    assert replay(_full_tilt_11111111813(None)).to_act == 5
    with pytest.raises(IllegalActionError) as caught:
        replay(_full_tilt_11111111813({"fourth_street_open_pair": "never"}))
    assert caught.value.path == "actions[6]"
    assert caught.value.citation == Citation("stud §3", "TDA 2024 RP-10F")
    assert "may not bet to 400 by the big bet" in caught.value.message


def test_section_3_12_stud8_and_razz_bet_the_small_bet_only_over_a_pair():
    boards = {1: "5s 5d", 2: "9h 4c", 3: "2c 6h"}
    assert _offered(_state(boards, game=STUD8)) == [("check", None), ("bet", 40)]
    with pytest.raises(IllegalActionError) as caught:
        _state(boards, [_bet(1, 80)], game=STUD8)
    assert caught.value.citation == Citation("stud §3", "RRoP Stud/8")
    assert "4th street is bet in small bets whatever pairs show" in caught.value.message
    razz_boards = {1: "5s 5d", 2: "9h 4c", 3: "Kc 6h"}
    players, _ = _fourth_street(razz_boards)
    razz = Snapshot(STAKES, players, (Action(3, "bring_in"), Action(1, "call"), Action(2, "call"), _bet(2, 80)))
    with pytest.raises(IllegalActionError) as caught:
        replay(razz)
    assert str(caught.value) == "actions[3]: seat 2's bet adds 40 chips, not 80"


def test_a_big_bet_on_4th_street_with_no_pair_showing_is_refused_by_the_open_pair_rule():
    boards = {1: "Kd Qc", 2: "9h 4c", 3: "2c 6h"}
    with pytest.raises(IllegalActionError) as caught:
        _state(boards, [_bet(1, 80)])
    assert caught.value.citation == Citation("stud §3", "RRoP Stud 4")
    assert caught.value.message == ("seat 1 may not bet to 80 by the big bet: no board showed a pair when 4th street "
                                    "was dealt, so the bet is the small bet, to 40")


def test_a_small_raise_after_a_big_bet_is_refused_every_raise_being_big():
    with pytest.raises(IllegalActionError) as caught:
        _state(FIVE, [_bet(1, 80), _raise(2, 120)])
    assert caught.value.citation == Citation("stud §3", "BARGE Stud")
    assert "every raise is big: to 160" in caught.value.message


def test_the_open_pair_holds_after_the_pair_folds_and_for_an_all_in_pair():
    boards = {1: "Ah Kd", 3: "5d 5s", 4: "Jc 9c", 5: "Jh 8h"}
    state = _state(boards, [Action(3, "check"), _bet(4, 40), Action(5, "call"), _raise(1, 80), Action(3, "fold")])
    assert state.to_act == 4
    assert _offered(state) == [("fold", None), ("call", 80), ("raise", 120), ("raise", 160)]
    all_in_pair = _state(THREE, stacks={1: 5 + 10})
    assert all_in_pair.to_act == 2
    assert _offered(all_in_pair) == [("check", None), ("bet", 40), ("bet", 80)]


def test_the_open_pair_is_explained_and_each_size_offered_with_its_rule():
    players, third = _fourth_street(FIVE)
    why = explain(Snapshot(STAKES, players, third, resolve_rules(None, "stud"), game=STUD)).why
    open_pair = next(entry for entry in why if entry.decision == "open_pair")
    assert (open_pair.rule, open_pair.source) == ("stud §3", "RRoP Stud 4")
    offers = [entry for entry in why if entry.decision == "legal_action"]
    assert [entry.source for entry in offers[1:]] == ["BARGE Razz", "RRoP Stud 4"]
    assert "by the big bet" in offers[-1].text and "to 80" in offers[-1].text


# What razz's sections say carries over to stud and stud/8 (stud-rules.md §0): §1 vector 4, show order, 7th street.

STUD_GAMES = pytest.mark.parametrize("game", [STUD, STUD8], ids=lambda game: game.name)


def _third_street(game, stacks: dict[int, int], actions=()):
    players = (PlayerIn(1, stacks.get(1, DEEP), ("7c",)), PlayerIn(2, stacks.get(2, DEEP), ("2c",)),
               PlayerIn(3, stacks.get(3, DEEP), ("Kd",)))
    return replay(Snapshot(STAKES, players, tuple(actions), resolve_rules(None, game.name), game=game))


@STUD_GAMES
def test_section_1_4_the_bring_in_seat_all_in_for_the_ante_passes_the_opening_on(game):
    state = _third_street(game, {2: 5})
    assert (state.bring_in_seat, state.to_act) == (2, 3)
    assert _offered(state) == [("fold", None), ("bring_in", 10), ("complete", 40)]


@STUD_GAMES
def test_section_1_4_a_short_bring_in_stands_at_its_full_amount(game):
    state = _third_street(game, {2: 12}, [Action(2, "bring_in", 7)])
    assert state.to_act == 3
    assert _offered(state) == [("fold", None), ("call", 10), ("complete", 40)]


@STUD_GAMES
def test_per_player_reopening_carries_over(game):
    """Razz §4's per-player measure: a short all-in that counts as a raise reopens the bettor it raises by half a bet
    or more, not a caller who faces less."""
    players = (PlayerIn(1, DEEP, ("Ah", "Kd", "9c")), PlayerIn(2, 5 + 10 + 40 + 120, ("8h", "4c", "3d")),
               PlayerIn(3, DEEP, ("2c", "6h", "5s")))
    actions = (Action(3, "bring_in"), Action(1, "call"), Action(2, "call"),
               Action(1, "bet"), Action(2, "call"), Action(3, "call"),
               Action(1, "bet"), Action(2, "raise", 120), Action(3, "call"))
    state = replay(Snapshot(STAKES, players, actions, resolve_rules(None, game.name), game=game))
    assert (state.street, state.to_act, state.highest_bet, state.street_bet) == (5, 1, 120, 120)
    assert _offered(state) == [("fold", None), ("call", 120), ("raise", 200)]
    why = explain(Snapshot(STAKES, players, actions, resolve_rules(None, game.name), game=game)).why
    assert any(entry.decision == "reopened" and entry.source == "WSOP-L 129" for entry in why)


def _checked_down(game, boards: dict[int, str], downs: dict[int, str], seventh: tuple[Action, ...] = (),
                  rules=None) -> tuple[Snapshot, object]:
    """A hand whose players call the bring-in and check every later street (``seventh``: 7th street's actions)."""
    players = tuple(PlayerIn(seat, DEEP, tuple(boards[seat].split()), tuple(downs[seat].split()))
                    for seat in sorted(boards))
    snapshot = Snapshot(STAKES, players, (), resolve_rules(rules, game.name), game=game)
    hand = Replay(snapshot)
    while hand.table.phase is Phase.BETTING and (hand.street < LAST_STREET or not seventh):
        table = hand.table
        legal = table.legal()
        chosen = next(action for action in legal if action.type in ("bring_in", "check", "call"))
        hand.play(Action(table.seats[table.to_act], chosen.type))
    played = [*hand._played, *seventh]
    snapshot = replace(snapshot, actions=tuple(played))
    return snapshot, replay(snapshot)


SHOW_BOARDS = {1: "Ah Kd 9c 4s", 3: "Qh Qd 7c 2s", 5: "Jc Js 8d 3h"}
SHOW_DOWNS = {1: "2c 3c 5d", 3: "6c 8c Tc", 5: "4d 6d 7d"}


@pytest.mark.parametrize("rules, first", [(None, 3), ({"no_bet_show_order": "earliest_position"}, 1)])
def test_section_6_1_checked_through_the_highest_board_shows_first(rules, first):
    snapshot, state = _checked_down(STUD, SHOW_BOARDS, SHOW_DOWNS, rules=rules)
    assert state.phase == "showdown" and state.showdown_board == 3
    assert settle(snapshot, state).shown.order[0] == first


def test_section_6_2_the_last_aggressor_shows_first_and_the_caller_may_muck():
    boards = {2: "5h 6h 7s 8s", 4: "9c Tc Jd Qd"}
    downs = {2: "Ah 2h 3s", 4: "Kc Kh 4c"}
    seventh = (Action(4, "check"), Action(2, "bet"), Action(4, "raise"), Action(2, "call"))
    snapshot, state = _checked_down(STUD8, boards, downs, seventh)
    assert settle(snapshot, state).shown.order == (4, 2)
    mucked = replace(snapshot, players=tuple(msgspec.structs.replace(player, mucked=player.seat == 2)
                                             for player in snapshot.players))
    assert replay(mucked).phase == "showdown"


def _eight_players(game, fold_on_third: bool = False, count: int = 8):
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    boards = {seat: " ".join(deck[seat - 1::8][:4]) for seat in range(1, count + 1)}
    players = tuple(PlayerIn(seat, DEEP, tuple(boards[seat].split()[:1 if fold_on_third and seat == 8 else 4]))
                    for seat in range(1, count + 1))
    hand = Replay(Snapshot(STAKES, players, (), resolve_rules(None, game.name), game=game))
    while hand.table.phase is Phase.BETTING:
        table = hand.table
        seat = table.seats[table.to_act]
        legal = [action.type for action in table.legal()]
        kind = "fold" if fold_on_third and seat == 8 else next(kind for kind in ("bring_in", "check", "call")
                                                               if kind in legal)
        hand.play(Action(seat, kind))
    return hand.state()


@STUD_GAMES
def test_section_7_running_out_of_cards_carries_over(game):
    """§7 vector 2: razz's stub arithmetic. Eight players to 7th street empty the stub: one community card; so do
    seven when an eighth was dealt 3rd street (razz's rule C); seven dealt in leave six cards, one each."""
    eight = _eight_players(game)
    assert (eight.street, eight.phase, eight.community_card_allowed) == (LAST_STREET, "showdown", True)
    assert _eight_players(game, fold_on_third=True).community_card_allowed
    seven = _eight_players(game, count=7)
    assert (seven.street, seven.community_card_allowed) == (LAST_STREET, False)


def test_section_7_1_the_community_card_plays_for_high_and_for_low():
    cards = [CARD_CODES[card] for card in "As 2d 3c 5h 9s Kd 4h".split()]
    high = STUD8.judging.hand.evaluate(cards)
    low = STUD8.judging.low.hand.evaluate(cards)
    assert (high.category, high.name) == ("straight", "5-4-3-2-A")
    assert low.name == "5-4-3-2-A"


MERGE = Stakes(ante=2, bring_in=5, small_bet=25, big_bet=50)
"""Merge's $0.25/$0.50 stud/8, ante $0.02 and bring-in $0.05, in cents."""


def test_section_6_3_the_merge_stud8_hand_the_bettor_on_7th_shows_first_and_the_caller_mucks():
    """Merge 70969727-130 as the file writes it (seats as its numbers, amounts the chips each action adds)."""
    stacks = {1: 466, 2: 1314, 3: 775, 4: 898, 5: 993, 6: 1826, 7: 1000}
    ups = {1: "5h", 2: "Jc", 3: "2h 8s Js", 4: "7h 6s Ad 3s", 5: "3h 4h Qc 4d", 6: "Qh", 7: "Ah"}
    players = tuple(PlayerIn(seat, stacks[seat], tuple(ups[seat].split()), mucked=seat == 4) for seat in stacks)
    written = ("3 bring_in 5", "4 complete 25", "5 call 25", "6 fold", "7 fold", "1 fold", "2 fold", "3 call 20",
               "3 check", "4 bet 25", "5 raise 50", "3 call 50", "4 call 25",
               "4 bet 50", "5 call 50", "3 fold", "5 check", "4 check", "5 bet 50", "4 call 50")
    actions = tuple(Action(int(seat), kind, int(amount[0]) if amount else None)
                    for seat, kind, *amount in (entry.split() for entry in written))
    state = replay(Snapshot(MERGE, players, actions, resolve_rules(None, "stud8"), dealer_seat=7, game=STUD8))
    assert state.phase == "showdown" and state.showdown_board == 5
    assert [record.opener for record in state.streets] == [3, 3, 4, 5, 5]
    contributed = {player.seat: player.committed_total for player in state.players if not player.folded}
    shown = show_order(contributed, last_aggressor=state.streets[-1].last_aggressor,
                       first_to_act_board=state.showdown_board)
    assert shown.order == (5, 4)


def test_under_full_bet_only_a_whole_big_bet_makes_the_street_big():
    """The reference's choice: short_allin_threshold full_bet counts only full bets, so an all-in 60 over a bet of 40
    is a full small raise there, not a big one."""
    state = _state(THREE, [_bet(1, 40), _raise(2, 100)], stacks={2: 5 + 10 + 100},
                   rules={"short_allin_threshold": "full_bet"})
    assert _offered(state) == [("fold", None), ("call", 100), ("raise", 140), ("raise", 180)]


def test_after_a_big_raise_the_raise_offered_cites_the_big_only_rule():
    players, third = _fourth_street(FIVE)
    snapshot = Snapshot(STAKES, players, (*third, _bet(1, 40), _raise(2, 120)), resolve_rules(None, "stud"), game=STUD)
    raise_offer = explain(snapshot).why[-1]
    assert (raise_offer.decision, raise_offer.rule, raise_offer.source) == ("legal_action", "stud §3", "BARGE Stud")
    assert raise_offer.text.startswith("seat 3 may raise to 200, by the big bet only")


def test_a_reader_asks_the_replay_for_either_size():
    players, third = _fourth_street(FIVE)
    hand = Replay(Snapshot(STAKES, players, third, resolve_rules(None, "stud"), game=STUD))
    for action in third:
        hand.play(action)
    assert hand.big_open() and (hand.price(1, "bet"), hand.price(1, "bet", big=True)) == (40, 80)
    hand.play(_bet(1, 80))
    assert not hand.big_open() and hand.price(2, "raise") == 160
