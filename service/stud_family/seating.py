"""Seats and position: clockwise is ascending seat order, starting after the dealer seat."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .errors import DuplicateSeatError, InputError, SnapshotError

MIN_SEAT = 1
MAX_SEAT = 8
MIN_PLAYERS = 2


def check_player_count(count: int, max_players: int) -> None:
    """A hand deals at most the rules' ``max_players`` (the request schema allows 2 to 8)."""
    if count > max_players:
        raise SnapshotError("players", f"{count} players: a hand deals {MIN_PLAYERS} to {max_players} (max_players)")


class SeatChart:
    """The seats taken at one table: each taken once, else a DuplicateSeatError naming both places."""

    def __init__(self) -> None:
        self._taken: dict[int, str] = {}

    def take(self, seat: int, path: str) -> None:
        """Take the seat at ``path``, checked against the seats taken before."""
        if seat in self._taken:
            raise DuplicateSeatError(path, f"seat {seat} appears more than once (also at {self._taken[seat]})")
        self._taken[seat] = path

    def __contains__(self, seat: object) -> bool:
        """Whether ``seat`` has been taken."""
        return seat in self._taken


def clockwise(seats: Sequence[int]) -> list[int]:
    """Check that no two players (``players[i].seat``) share a seat; the player indices in clockwise order."""
    chart = SeatChart()
    for i, seat in enumerate(seats):
        chart.take(seat, f"players[{i}].seat")
    return sorted(range(len(seats)), key=seats.__getitem__)


def position_order(seats: Sequence[int], dealer_seat: int | None) -> list[int]:
    """Seats in position order: the first seat after ``dealer_seat`` first (default: lowest seat first)."""
    ordered = sorted(seats)
    if dealer_seat is None:
        return ordered
    after = [seat for seat in ordered if seat > dealer_seat]
    return after + [seat for seat in ordered if seat <= dealer_seat]


def positions(seats: Sequence[int], dealer_seat: int | None) -> list[int]:
    """Each seat's place in position order (0 acts first on a tie)."""
    place = {seat: n for n, seat in enumerate(position_order(seats, dealer_seat))}
    return [place[seat] for seat in seats]


def check_position(position: object, seats: Collection[int], error: type[InputError]) -> list[int]:
    """``seats`` in the order of ``position`` (seats clockwise from the dealer), which must list each once."""
    if isinstance(position, str) or not isinstance(position, Sequence):
        raise error("position", "must be a list of seats clockwise from the dealer")
    chart = SeatChart()
    for place, seat in enumerate(position):
        chart.take(seat, f"position[{place}]")
    missing = sorted(seat for seat in seats if seat not in chart)
    if missing:
        raise error("position", f"seats {missing} are missing")
    return [seat for seat in position if seat in seats]


CLOCKWISE_AFTER: list[list[tuple[int, ...]]] = [
    [tuple((i + step) % count for step in range(1, count + 1)) for i in range(count)]
    for count in range(MAX_SEAT + 1)
]
"""``CLOCKWISE_AFTER[count][i]``: the indices after ``i`` clockwise round a table of ``count``, ending with ``i``."""


def next_clockwise(start: int, eligible: Sequence[bool]) -> int | None:
    """The first index clockwise from ``start`` (itself included) that is eligible, or None."""
    count = len(eligible)
    for step in range(count):
        index = (start + step) % count
        if eligible[index]:
            return index
    return None
