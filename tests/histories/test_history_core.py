"""The history check as the core gives it: one replay a hand, the lean answer's shape, and a
snapshot built from what a history wrote refused as the request schema refuses the same body."""

import pytest

from service.api.histories import LEAN_FIELDS
from service.histories.history import check_history
from service.histories.lean import lean_hand
from service.stud_family import betting
from service.stud_family.errors import FieldError, InputError
from service.stud_family.rules import Rules
from service.stud_family.snapshot import PlayerIn, dealt_snapshot

from .phh_texts import sample_text

WSOP = "\n".join(f"[{number}]\n{sample_text(hand)}" for number, hand in enumerate(["20", "22", "24", "83"], start=1))


@pytest.mark.parametrize("explain", [False, True])
def test_each_hand_is_replayed_once_explained_or_not(monkeypatch, explain):
    tables = []
    built = betting.Table.__init__

    def counted(table, *args):
        tables.append(table)
        built(table, *args)

    monkeypatch.setattr(betting.Table, "__init__", counted)
    checked = check_history(WSOP, "phh", explain=explain)
    hands = list(checked)
    assert checked.summary.valid == 4 and len(tables) == 4
    assert all((hand.why is not None) is explain for hand in hands)


def test_each_hand_is_checked_when_reached_and_the_summary_counts_them_all():
    checked = check_history(WSOP, "phh")
    first = next(iter(checked))
    assert first.index == 0 and first.valid
    with pytest.raises(RuntimeError):
        checked.summary  # noqa: B018  (the property refuses)


def test_a_lean_hand_writes_the_fields_of_the_lean_schema_in_its_order():
    hand = next(iter(check_history(WSOP, "phh")))
    assert tuple(lean_hand(hand)) == LEAN_FIELDS
    assert tuple(lean_hand(next(iter(check_history(WSOP, "phh", explain=True))))) == (*LEAN_FIELDS, "why")


def test_a_text_of_more_hands_than_asked_is_refused_at_text():
    with pytest.raises(FieldError, match=r"^text: holds 4 hands: at most 3 are checked in one request$"):
        check_history(WSOP, "phh", most=3)


PLAYERS = (PlayerIn(1, 1000, ("7c",), ("As", "2d")), PlayerIn(3, 1000, ("Ks",)))
STAKES = {"ante": 5, "bring_in": 10, "small_bet": 40, "big_bet": 80}


@pytest.mark.parametrize(("stakes", "players", "dealer_seat", "community_card"), [
    ({**STAKES, "ante": -1}, PLAYERS, None, None),
    ({**STAKES, "small_bet": 0}, PLAYERS, None, None),
    ({**STAKES, "big_bet": 10**16}, PLAYERS, None, None),
    ({**STAKES, "bring_in": 50}, PLAYERS, None, None),
    (STAKES, PLAYERS, 9, None),
    (STAKES, (PLAYERS[0], PlayerIn(0, 1000, ("Ks",))), None, None),
    (STAKES, (PlayerIn(1, 0, ("7c",)), PlayerIn(9, 0, ("Ks",))), None, None),
    (STAKES, (PlayerIn(1, 10, ("7c", "Xx")), PLAYERS[1]), None, None),
    (STAKES, (PlayerIn(1, 10, ("7c", "8c", "9c", "Tc", "Jc")), PLAYERS[1]), None, None),
    (STAKES, (PlayerIn(1, 10, ()), PLAYERS[1]), None, None),
    (STAKES, (PlayerIn(1, 10, ("7c",), ("As", "2d", "3d", "4d")), PLAYERS[1]), None, None),
    (STAKES, (PlayerIn(1, 10, ("7c",), ("1d",)), PLAYERS[1]), None, None),
    (STAKES, PLAYERS[:1], None, None),
    (STAKES, PLAYERS, None, "??"),
])
def test_a_dealt_snapshot_is_refused_as_the_table_state_schema_refuses_its_body(client, stakes, players, dealer_seat,
                                                                                  community_card):
    body = {"stakes": stakes, "players": [{"seat": player.seat, "stack": player.stack, "up_cards": player.up_cards,
                                           "down_cards": player.down_cards} for player in players],
            "dealer_seat": dealer_seat, "community_card": community_card}
    problem = client.post("/v1/table/state", json=body).get_json()
    with pytest.raises(InputError) as refused:
        dealt_snapshot(stakes, players, Rules(), dealer_seat, community_card)
    assert (problem["type"].rsplit("/", 1)[1], problem["detail"]) == (refused.value.kind, str(refused.value))
