"""Running out of cards on 7th street (reference section 7; TDA RP-10H, WSOP-L 228).

Before 7th street the dealer needs one card per player remaining, one burn and the last card,
which is never dealt. Short of that, the three earlier burns are scrambled in, and short of
that, one community card is turned that plays in every hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .why import Citation, Why

RUNNING_OUT = Citation("§7", "TDA 2024 RP-10H")
"""Before 7th street: deal normally, scramble the burns in, or turn one community card."""

DECK_SIZE = 52
EARLIER_BURNS = 3
"""The burns before 4th, 5th and 6th street, which procedures B and D scramble back in."""

DEAL_NORMALLY = "deal_normally"
SCRAMBLE_BURNS = "scramble_burns"
COMMUNITY_CARD = "community_card"
SCRAMBLE_THEN_COMMUNITY_CARD = "scramble_then_community_card"


def seventh_street_procedure(stub: int, players_remaining: int) -> str:
    """Rule A, B, C or D of TDA RP-10H for a stub of ``stub`` cards before 7th street."""
    required = players_remaining + 2
    if stub >= required:
        return DEAL_NORMALLY
    if stub + EARLIER_BURNS >= required:
        return SCRAMBLE_BURNS
    if stub >= 3:
        return COMMUNITY_CARD
    return SCRAMBLE_THEN_COMMUNITY_CARD


def stub_before_seventh(players_dealt: Sequence[int]) -> int:
    """Cards left before 7th street, given how many players were dealt on 3rd, 4th, 5th and 6th street.

    The dealer burns before each of those streets (before 3rd too: `burn_before_third_street`
    is not an option of the summary table, so its default, true, always holds).
    """
    third, *later = players_dealt
    return DECK_SIZE - (1 + 3 * third) - sum(1 + count for count in later)


class SeventhStreet(NamedTuple):
    """How 7th street is dealt (TDA RP-10H): the stub before it, the players remaining and the procedure."""

    stub: int
    players_remaining: int
    procedure: str

    @property
    def community(self) -> bool:
        """Whether 7th street is one community card."""
        return self.procedure in _COMMUNITY

    def why(self) -> Why:
        """Why 7th street is dealt as it is: the stub against the cards the players remaining need."""
        remaining = self.players_remaining
        need = f"{self.stub} cards are left before 7th street and {remaining} players need {remaining + 2}"
        return RUNNING_OUT.says("seventh_street_deal", f"{need} (with one burn and the last card): "
                                                       f"{_OUTCOMES[self.procedure]}")


_COMMUNITY = frozenset((COMMUNITY_CARD, SCRAMBLE_THEN_COMMUNITY_CARD))
_OUTCOMES = {DEAL_NORMALLY: "each is dealt a down card",
             SCRAMBLE_BURNS: f"the {EARLIER_BURNS} earlier burns are scrambled in and each is dealt a down card",
             COMMUNITY_CARD: "one community card is turned that plays in every hand",
             SCRAMBLE_THEN_COMMUNITY_CARD: f"the {EARLIER_BURNS} earlier burns are scrambled in and one community "
                                           "card is turned that plays in every hand"}


def seventh_street(players_dealt: Sequence[int], players_remaining: int) -> SeventhStreet:
    """How 7th street is dealt, given the players dealt on 3rd to 6th street and those remaining: the one place
    section 7 is decided (a replay, an equity spot and the first-to-act request ask it).

    >>> seventh_street([8, 8, 8, 8], 8).community, seventh_street([7, 7, 7, 7], 7).community
    (True, False)
    """
    stub = stub_before_seventh(players_dealt)
    return SeventhStreet(stub, players_remaining, seventh_street_procedure(stub, players_remaining))


def community_card_of_live(live: int) -> bool | None:
    """Whether 7th street is a community card when only the ``live`` players' deal is known: True when they alone
    run the deck out (dealt on 3rd to 6th street, as 8 always are); else None, for it turns on deals to folded
    players that are not known."""
    return seventh_street([live] * 4, live).community or None
