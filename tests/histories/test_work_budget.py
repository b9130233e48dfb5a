"""A history check within the budget of one request: the hands' all-in equities past it are left out, with a note."""

from service.stud_family.work import HAND_CHECK_UNITS, WORK_BUDGET, most_history_work

from .phh_texts import all_in_phhs

LEAN_HEADERS = {"Prefer": "return=minimal"}

NOTE = "its all-in equity is left out"


def test_the_equities_past_the_budget_are_left_out_each_with_a_note(client):
    """1,000 seven-player hands, six pots each: the first hands' equities are paid for, then none."""
    response = client.post("/v1/hand-histories/check", json={"format": "phh", "text": all_in_phhs(1000)},
                           headers=LEAN_HEADERS)
    assert response.status_code == 200
    hands = response.get_json()["hands"]
    assert all(hand["valid"] for hand in hands)
    computed = [hand["allin"] is not None for hand in hands]
    paid = computed.index(False)
    assert paid > 0 and not any(computed[paid:]), computed
    for hand in hands[paid:]:
        note = next(note for note in hand["notes"] if NOTE in note)
        assert "budget has" in note and "work units" in note, note
    assert all(NOTE not in note for hand in hands[:paid] for note in hand["notes"])


def test_a_few_hands_get_every_equity(client):
    response = client.post("/v1/hand-histories/check", json={"format": "phh", "text": all_in_phhs(3)},
                           headers=LEAN_HEADERS)
    assert all(hand["allin"] is not None and len(hand["allin"]["pots"]) == 6 for hand in response.get_json()["hands"])


def test_the_most_a_check_may_take_is_the_budget():
    assert most_history_work(1) > HAND_CHECK_UNITS
    assert most_history_work(1000) == WORK_BUDGET
