"""A replayed stud or stud/8 hand settled as its game judges it: stud-rules.md section 5's whole hands (vectors 1, 3
and 4), replayed from the bring-in to the showdown and paid, and the result written with its halves."""

from service.stud_family.betting import replay
from service.stud_family.games import STUD, STUD8
from service.stud_family.limits import Stakes
from service.stud_family.rules import resolve_rules
from service.stud_family.settlement import explain_settlement, settle
from service.stud_family.snapshot import Action, PlayerIn, Snapshot

STAKES = Stakes(ante=1, bring_in=3, small_bet=6, big_bet=12)


def dealt(seat, cards, stack=1000):
    """A player who reached 7th street: two down cards, four up (door to 6th), the 7th down."""
    codes = cards.split()
    return PlayerIn(seat, stack, tuple(codes[2:6]), (*codes[:2], codes[6]))


def folded_on_third(seat, cards):
    codes = cards.split()
    return PlayerIn(seat, 1000, (codes[2],), tuple(codes[:2]))


def actions(*texts):
    return tuple(Action(int(seat[1:]), kind, None) for seat, kind in (text.split() for text in texts))


def checked_down(*seats):
    return tuple(f"s{seat} check" for _ in range(4) for seat in seats)


def paid(result):
    return {share.seat: share.amount for share in result.payouts if share.amount}


def test_stud_5_1_three_players_tie_and_the_odd_chips_go_by_the_nines():
    cards = {1: "5c 6d 2c 7h 8s 9c 3d", 2: "5d 6h 2d 7s 8c 9d 3h", 3: "5h 6s 2h 7c 8d 9h 3s",
             4: "Kc Kd Qs Js Ts 4c 4d", 5: "Qc Qd Jc Jd Th 4h 4s"}
    players = (*(dealt(seat, cards[seat]) for seat in (1, 2, 3)), *(folded_on_third(seat, cards[seat])
                                                                    for seat in (4, 5)))
    moves = actions("s1 bring_in", "s2 call", "s3 call", "s4 fold", "s5 fold", *checked_down(1, 2, 3))
    hand = Snapshot(STAKES, players, moves, resolve_rules(None, "stud"), game=STUD)
    result = settle(hand, replay(hand))
    assert result is not None and paid(result) == {1: 4, 2: 5, 3: 5}
    assert result.pots[0].high is None and result.pots[0].one_pot is None


def test_stud8_5_3_the_kings_take_the_high_half_and_the_odd_chip():
    players = (dealt(1, "Kc Kd Kh 2s 9s Jd Qd"), dealt(2, "As 3c 4d 5h 7c Td Jh"),
               folded_on_third(3, "Qc Qh Jc 8s 8h Tc 9c"))
    moves = actions("s2 bring_in", "s3 fold", "s1 call", *checked_down(1, 2))
    hand = Snapshot(STAKES, players, moves, resolve_rules(None, "stud8"), game=STUD8)
    result = settle(hand, replay(hand))
    assert result is not None and paid(result) == {1: 5, 2: 4}
    assert (result.pots[0].high.amount, result.pots[0].low.amount) == (5, 4)
    why = explain_settlement(hand, replay(hand), result)
    assert [(entry.rule, entry.source) for entry in why if entry.decision == "pot"] == [("stud §5", "TDA 20C")]


def test_stud8_5_4_the_side_pot_without_a_low_goes_high():
    players = (dealt(1, "As 2s 3c 4c 5d 9d Td", stack=6), dealt(2, "5h 6h 7s 8s 9c Kc Qc"),
               dealt(3, "5c 6c 7d 8d 9h Kh Qh"))
    moves = actions("s1 bring_in", "s2 complete", "s3 call", "s1 call", *checked_down(2, 3))
    hand = Snapshot(STAKES, players, moves, resolve_rules(None, "stud8"), game=STUD8)
    state = replay(hand)
    result = settle(hand, state)
    assert result is not None and paid(result) == {1: 9, 2: 5, 3: 6}
    assert [pot.low is None for pot in result.pots] == [False, True]


def test_stud8_by_halves_from_the_rules():
    players = (dealt(1, "2c 3d 4h 5s 6c 9d Td"), dealt(2, "2d 3h 4s 5c 6d 9h Th"))
    moves = actions("s1 bring_in", "s2 call", *checked_down(1, 2))
    stakes = Stakes(ante=1, bring_in=4, small_bet=8, big_bet=16)
    one_pot = Snapshot(stakes, players, moves, resolve_rules(None, "stud8"), game=STUD8)
    by_halves = Snapshot(stakes, players, moves, resolve_rules({"hilo_same_winners": "by_halves"}, "stud8"),
                         game=STUD8)
    assert paid(settle(one_pot, replay(one_pot))) == {1: 5, 2: 5}
    assert paid(settle(by_halves, replay(by_halves))) == {1: 4, 2: 6}
