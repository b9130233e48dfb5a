"""Seats and position: clockwise is ascending seat order, starting after the dealer seat."""

from __future__ import annotations

from collections.abc import Sequence

MIN_SEAT = 1
MAX_SEAT = 8


def position_order(seats: Sequence[int], dealer_seat: int | None) -> list[int]:
    """Seats in position order: the first seat after ``dealer_seat`` first (default: lowest seat first)."""
    ordered = sorted(seats)
    if dealer_seat is None:
        return ordered
    after = [seat for seat in ordered if seat > dealer_seat]
    return after + [seat for seat in ordered if seat <= dealer_seat]
