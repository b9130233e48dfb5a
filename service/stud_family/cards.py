"""Cards as small integers, built so that a hand's rank multiset is one addition away.

A card's code is ``RANK_KEYS[rank] << SUIT_BITS | suit``. The suits of up to seven cards sum
below ``1 << SUIT_BITS``, and the rank keys are chosen so that any two different rank multisets
of the same size have different sums, so ``sum(hand) >> SUIT_BITS`` identifies the ranks of a
hand of known size: the key of every ranking table.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import DuplicateCardError, InvalidCardError

RANK_CHARS = "A23456789TJQK"
"""Ranks in ace-to-five order: the ace is 1, the king 13."""

SUIT_CHARS = "cdhs"
"""Suits from lowest to highest (clubs < diamonds < hearts < spades): the index is the suit's strength."""
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}

CARD_PATTERN = "^[A2-9TJQK][shdc]$"
"""The card notation every request uses: an upper-case rank and a lower-case suit."""

SUIT_BITS = 5
RANK_KEYS = (0, 0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Indexed by rank (1-13; index 0 unused): every multiset of up to seven ranks, no rank more than four
times, sums to a different value among multisets of its size. These are SKPokerEval's rank keys; a
test checks the property exhaustively."""

RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king")
RANK_PLURALS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                "tens", "jacks", "queens", "kings")


def _code(rank: int, suit: int) -> int:
    """Pack a rank (1-13) and a suit strength (0-3) into a card code."""
    return RANK_KEYS[rank] << SUIT_BITS | suit


CARD_CODES: dict[str, int] = {
    rank_char + suit_char: _code(rank, suit)
    for rank, rank_char in enumerate(RANK_CHARS, start=1)
    for suit, suit_char in enumerate(SUIT_CHARS)
}
"""Card text to card code: the one parser of card notation."""

CARD_TEXT: dict[int, str] = {code: text for text, code in CARD_CODES.items()}
RANK_OF: dict[int, int] = {code: RANK_CHARS.index(text[0]) + 1 for text, code in CARD_CODES.items()}
SUIT_OF: dict[int, int] = {code: SUIT_CHARS.index(text[1]) for text, code in CARD_CODES.items()}
HIGH_CARD_ORDER: dict[int, int] = {code: RANK_OF[code] * 4 + SUIT_OF[code] for code in CARD_CODES.values()}
"""Bring-in strength: rank first (king highest, ace lowest), then suit (spades highest)."""


def parse_card(text: str) -> int:
    """Return the code of a card written like ``As`` or ``Td``; raise ValueError otherwise."""
    try:
        return CARD_CODES[text]
    except (KeyError, TypeError):
        raise ValueError(f"{text!r} is not a card: write a rank from {RANK_CHARS} and a suit from shdc, "
                         "e.g. 'As'") from None


def first_duplicate(codes: Iterable[int]) -> int | None:
    """The first card code seen a second time, or None when the cards could come from one deck."""
    seen: set[int] = set()
    for code in codes:
        if code in seen:
            return code
        seen.add(code)
    return None


class Deck:
    """One deck for a whole table: every card dealt is parsed and checked against the others here."""

    def __init__(self) -> None:
        self._dealt: dict[int, tuple[str, tuple[str, ...] | None]] = {}
        """Where each card was dealt: its own path, or the path and the cards of the list it came in."""

    def take(self, text: str, path: str) -> int:
        """The code of the card at ``path``; InvalidCardError for bad notation, DuplicateCardError if dealt before."""
        try:
            code = parse_card(text)
        except ValueError as error:
            raise InvalidCardError(path, str(error)) from None
        if code in self._dealt:
            raise DuplicateCardError(path, CARD_TEXT[code], self._place(code))
        self._dealt[code] = (path, None)
        return code

    def take_each(self, texts: Iterable[str], path: str) -> list[int]:
        """The codes of the cards listed at ``path``; a card's own path (``path[k]``) is written only for an error."""
        texts = tuple(texts)
        dealt = self._dealt
        place = (path, texts)
        codes: list[int] = []
        for text in texts:
            code = CARD_CODES.get(text) if isinstance(text, str) else None
            if code is None or code in dealt:
                code = self.take(text, f"{path}[{len(codes)}]")
            else:
                dealt[code] = place
            codes.append(code)
        return codes

    def _place(self, code: int) -> str:
        """Where ``code`` was dealt, as an input path."""
        path, texts = self._dealt[code]
        return path if texts is None else f"{path}[{texts.index(CARD_TEXT[code])}]"


def parse_cards(texts: Iterable[str]) -> list[int]:
    """Parse cards that must all be distinct (one deck); errors name ``cards[k]``."""
    return Deck().take_each(texts, "cards")
