"""A checked hand as a lean answer writes it: its verdicts, the JSON a bulk audit reads.

``Prefer: return=minimal`` on POST /v1/hand-histories/check answers this for each hand, and the
command line's ``--json`` writes the same object as a line: written here, from the check itself,
without the snapshot, state and PHH the full answer writes (the costly part of an answer). Its
fields are the API's ``LeanCheckedHand`` schema's, in its order (a test holds them together).
"""

from __future__ import annotations

from typing import Any

from ..stud_family.errors import PROBLEM_BASE
from .allin import AllIn
from .check import HandCheck, HandError, Skipped
from .history import HistoryCheck


def lean_hand(checked: HandCheck) -> dict[str, Any]:
    """One checked hand's verdicts, and the decisions behind them when the check kept them (``explain``)."""
    hand, error, found = checked.hand, checked.error, checked.discrepancies
    answer = {
        "index": checked.index,
        "id": None if hand is None else hand.id,
        "game": None if hand is None else str(hand.game),
        "valid": checked.valid,
        "error": None if error is None else written_error(error),
        "skipped": None if checked.skipped is None else written_skip(checked.skipped),
        "agrees": None if found is None or error is not None else not found,
        "discrepancies": [{"seat": item.seat, "recorded": item.recorded, "computed": item.computed}
                          for item in found or ()],
        "notes": checked.notes,
        "allin": None if checked.allin is None else written_allin(checked.allin),
    }
    if checked.why is not None:
        answer["why"] = [decision._asdict() for decision in checked.why]
    return answer


def lean_history(checked: HistoryCheck) -> dict[str, Any]:
    """Every hand's verdicts and the counts over them: the lean answer."""
    hands = [lean_hand(hand) for hand in checked]
    return {"hands": hands, "summary": checked.summary._asdict()}


def written_error(error: HandError) -> dict[str, Any]:
    """Why a hand is not valid, as an answer writes it: the problem type, the sentence, and the entry at fault."""
    return {"type": PROBLEM_BASE + error.kind, "detail": error.detail, "source": error.entry.source,
            "line": error.entry.line}


def written_skip(skipped: Skipped) -> dict[str, Any]:
    """Why a hand was not checked, as an answer writes it: its game, the sentence, and the entry that names it."""
    return {"game": skipped.game, "detail": skipped.detail, "source": skipped.entry.source,
            "line": skipped.entry.line}


def written_allin(allin: AllIn) -> dict[str, Any]:
    """A hand's all-in equity as an answer writes it."""
    return {"street": allin.street,
            "pots": [{"amount": pot.amount, "eligible": list(pot.eligible),
                      "equities": [{"seat": seat, "equity": share} for seat, share in pot.equities],
                      **({} if pot.halves is None else {"halves": {
                          half: [{"seat": part.seat, "equity": part.equity, "amount": part.amount} for part in parts]
                          for half, parts in (("high", pot.halves.high), ("low", pot.halves.low))}})}
                     for pot in allin.pots],
            "expected": [{"seat": seat, "amount": amount} for seat, amount in allin.expected]}
