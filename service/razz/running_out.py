"""Running out of cards on 7th street (reference section 7; TDA RP-10H, WSOP-L 228).

Before 7th street the dealer needs one card per player remaining, one burn and the last card,
which is never dealt. Short of that, the three earlier burns are scrambled in, and short of
that, one community card is turned that plays in every hand.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def community_card_dealt(players_dealt: Sequence[int], players_remaining: int) -> bool:
    """Whether 7th street is a community card for this deal."""
    procedure = seventh_street_procedure(stub_before_seventh(players_dealt), players_remaining)
    return procedure in (COMMUNITY_CARD, SCRAMBLE_THEN_COMMUNITY_CARD)


def explain_seventh_street(players_dealt: Sequence[int], players_remaining: int) -> Why:
    """Why 7th street is dealt as it is: the stub against the cards the players remaining need."""
    stub = stub_before_seventh(players_dealt)
    procedure = seventh_street_procedure(stub, players_remaining)
    need = f"{stub} cards are left before 7th street and {players_remaining} players need {players_remaining + 2}"
    outcome = {DEAL_NORMALLY: "each is dealt a down card",
               SCRAMBLE_BURNS: f"the {EARLIER_BURNS} earlier burns are scrambled in and each is dealt a down card",
               COMMUNITY_CARD: "one community card is turned that plays in every hand",
               SCRAMBLE_THEN_COMMUNITY_CARD: f"the {EARLIER_BURNS} earlier burns are scrambled in and one community "
                                             "card is turned that plays in every hand"}[procedure]
    return RUNNING_OUT.says("seventh_street_deal", f"{need} (with one burn and the last card): {outcome}")
