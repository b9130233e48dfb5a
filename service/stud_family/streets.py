"""The streets of razz as data: what each deals up and down, its bet size and who opens it.

Sections 1, 3 and 4 of the rules reference: 3rd street deals two down cards and the door card
and is opened by the bring-in; 4th to 6th deal one up card each and are opened by the lowest
board; 7th deals a last card face down. 3rd and 4th are bet in small bets, 5th to 7th in big bets.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Street:
    """One street of the deal and its betting round."""

    number: int
    up_cards: int
    """Up cards each live player shows while the street is bet."""
    down_cards: int
    """Down cards each player holds by then."""
    new_card_up: bool
    """Whether the card this street deals is dealt face up."""
    big_bet: bool
    """Whether the street is bet in big bets (else small bets)."""
    bring_in_opens: bool
    """Whether the bring-in opens the betting (section 1); else the lowest board does (section 3)."""
    open_pair: bool = False
    """Whether a pair on a board here may allow the big bet, under ``fourth_street_open_pair`` (stud section 3)."""


STREETS: dict[int, Street] = {
    3: Street(3, up_cards=1, down_cards=2, new_card_up=True, big_bet=False, bring_in_opens=True),
    4: Street(4, up_cards=2, down_cards=2, new_card_up=True, big_bet=False, bring_in_opens=False, open_pair=True),
    5: Street(5, up_cards=3, down_cards=2, new_card_up=True, big_bet=True, bring_in_opens=False),
    6: Street(6, up_cards=4, down_cards=2, new_card_up=True, big_bet=True, bring_in_opens=False),
    7: Street(7, up_cards=4, down_cards=3, new_card_up=False, big_bet=True, bring_in_opens=False),
}
"""Every street, by number."""



def _deal() -> tuple[tuple[bool, ...], dict[int, slice]]:
    """Each card a player is dealt, in order, face down or not, and the places each street deals: a street's
    down cards come before its up card."""
    face_down: list[bool] = []
    dealt_on = {}
    up = down = 0
    for number, street in STREETS.items():
        start = len(face_down)
        face_down += [True] * (street.down_cards - down) + [False] * (street.up_cards - up)
        dealt_on[number] = slice(start, len(face_down))
        up, down = street.up_cards, street.down_cards
    return tuple(face_down), dealt_on


FACE_DOWN, DEALT_ON = _deal()
"""Whether each of a player's cards, in the order dealt, is face down (two down, four up, one down); and the
places of that order each street deals (3rd street the first three)."""

FIRST_STREET = min(STREETS)
LAST_STREET = max(STREETS)
MAX_UP_CARDS = max(street.up_cards for street in STREETS.values())
MAX_DOWN_CARDS = max(street.down_cards for street in STREETS.values())
HAND_SIZE = STREETS[LAST_STREET].up_cards + STREETS[LAST_STREET].down_cards
"""The cards each player holds by the end of the deal, seven (six of his own when 7th street is a community card,
section 7)."""


def up_cards_on(street: int) -> int:
    """How many up cards a live player shows while ``street`` is bet."""
    return STREETS[street].up_cards
