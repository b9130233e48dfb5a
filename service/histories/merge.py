"""Merge network stud-family exports (XML): the hands of an export, each read element by element into the hand as
written.

A hand is a ``<description type="Razz" stakes="Limit $0.50/$1"/>`` and the ``<game>`` after it:
the players, then rounds (``BLINDS``, ``BRING_IN``, ``THIRD_STREET`` ... ``SEVENTH_STREET``,
``SHOWDOWN``, ``END_OF_GAME``) of ``<event>`` and ``<cards>`` elements. A round lists its actions
before the cards it dealt, so a round's cards are read first. ``COMPLETE``, ``BET`` and ``RAISE``
give the street total, ``CALL`` and ``ALL_IN`` the chips added. The winners' amounts are after the
rake, which is not written: it is what the pot held beyond what was paid.

Merge numbers seats from 0: a seat here is the site's plus one. The XML is read with the standard
library's expat parser, which gives each element its line. A hand is parsed inside an element of
the reader's own (an export has no single root), where a document type declaration is not
well-formed: no entity can be declared, so none is expanded (no billion laughs) and nothing outside
the text is fetched; only XML's five predefined entities are read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import pairwise
from xml.parsers import expat

from ..stud_family.seating import MAX_SEAT
from ..stud_family.streets import DEALT_ON
from ..stud_family.wording import quoted
from .errors import OtherGameError, UnreadableHandError, whole_number
from .site_export import AMOUNT, CARD, Money, clean, who
from .written import Entry, Game, Recorded, Section, Verb, WrittenAction, WrittenHand, WrittenPlayer, text_lines

HAND_START = re.compile(r"<(?:description|game)[\s/>]")
_ELEMENT_START = re.compile(r"<(?P<name>description|game)[\s/>]")
"""Where a hand may start: a description, or a game that no description opened."""
_DECLARATION = re.compile(r"<\?xml[^>]*\?>")
_STAKES = re.compile(rf"Limit(?: Level \d+ Blinds)? \(?(?P<small>{AMOUNT})/(?P<big>{AMOUNT})\)?")
"""``Limit $0.50/$1`` (cash), or a tournament's ``Limit Level 3 Blinds (30/60)`` in chips."""
_GAMES = {"Razz": Game.RAZZ, "7-Stud": Game.STUD, "7-Stud H/L8": Game.STUD8}
"""The games read, as a description's type names them."""
_GAME_TYPES = {"46": Game.RAZZ, "47": Game.RAZZ, "49": Game.RAZZ, "38": Game.STUD, "39": Game.STUD, "41": Game.STUD,
               "42": Game.STUD, "43": Game.STUD8, "45": Game.STUD8}
"""The games read, by the game's type number (``gametype``, or a mixed game's ``multigametype``): the site numbers
razz, stud and stud hi/lo several times over (tables, tournaments and mixed rotations), the structure being the
description's ``stakes``; any other number is another game."""
_OTHER_STRUCTURES = re.compile(r"(?P<structure>No Limit|Pot Limit|Half Pot Limit)\b.*")
"""Stakes of a structure other than fixed limit: the game so played is not one the service plays."""
_TOURNAMENT = " Tournament"
"""What a tournament hand's description adds to its type (``Razz Tournament``)."""
_MIXES = {"HORSE", "RASH", "HA", "HO", "SHOE", "HOSE", "HAR"}
"""The mixed games a description may name: the hand's own game is then its game's ``multigametype``."""
_STREETS = {"BRING_IN": 3, "THIRD_STREET": 3, "FOURTH_STREET": 4, "FIFTH_STREET": 5, "SIXTH_STREET": 6,
            "SEVENTH_STREET": 7}
"""The rounds that deal cards, and the street each deals (the bring-in's round deals 3rd street)."""
_ENDS = {"END_OF_GAME", "END_OF_FOLDED_GAME"}
"""The rounds that pay the pots: ``END_OF_FOLDED_GAME`` when all but one folded (an empty ``END_OF_GAME`` follows)."""
_ROUNDS = {"BLINDS", *_STREETS, "SHOWDOWN", *_ENDS}
_PASSED_OVER = {"SIT_OUT", "DISCONNECTED", "RECONNECTED", "LEAVE", "PLAYER_OUT"}
"""Events that tell nothing of the play: a player sitting out (not dealt in), losing or regaining his connection,
leaving the table or the tournament."""
_SITS_OUT = "SIT_OUT"
"""A player dealt in who sits out during a street's betting gives his hand up: the event is his fold."""
_RAISE_BY_CHIPS_UNTIL = "20100908"
"""Before this day (``starttime``) the site wrote a ``RAISE``'s amount as the chips the raise added (the call and
the raise together), not the street total it reached; its other events read as they do later."""
_VERBS = {"BRING_IN": Verb.BRING_IN, "COMPLETE": Verb.INCREASE, "BET": Verb.INCREASE, "RAISE": Verb.INCREASE,
          "CALL": Verb.CALL, "ALL_IN": Verb.ALL_IN, "CHECK": Verb.CHECK, "FOLD": Verb.FOLD}
_TOTALS = {"COMPLETE", "BET", "RAISE"}
"""The events whose amount is the player's street total; the other amounts are chips added."""
_DEALT_CARDS = {"DRAW_DRAWN_CARDS", "HOLE", "SHOWN"}
"""The cards a street's round writes: another player's so far, the recording player's, and those the site turns up
once the players left are all-in (``SHOWN`` in a street's round, all of them so far)."""
_SHOWN_CARDS = {"SHOWN", "MUCKED"}
_UNSEEN = {"null", ""}
_SIGNS = "$€£"


def split(text: str) -> list[Section]:
    """The hands of an export: each ``<description>`` with the ``<game>`` after it (or a ``<game>`` alone), and any
    other text before the first on its own, so reading it names its line. An XML declaration is passed over.

    A hand starts wherever its element does, at a line's start or within a line: hands written on one line are
    each read apart, a piece of the line each, so that one that cannot be read stops none of the others.

    >>> [(section.first_line, section.lines) for section in split('<game gametype="47"></game><game></game>')]
    [(1, ['<game gametype="47"></game>']), (1, ['<game></game>'])]
    """
    sections: list[Section] = []
    current: list[str] | None = None
    awaiting_game = False
    """Whether the current section opened with a description that no game has followed yet."""
    last_description: tuple[int, str] | None = None
    """The last description written, with its line: a game without its own follows it."""

    def opened(number: int, piece: str) -> list[str]:
        nonlocal last_description
        if piece.lstrip().startswith("<description"):
            last_description = (number, piece)
            sections.append(Section(number, [piece]))
        else:
            sections.append(Section(number, [piece], context=last_description))
        return sections[-1].lines

    for number, line in enumerate(text_lines(text), start=1):
        cleaned = clean(line)
        if current is None and (not cleaned or _DECLARATION.fullmatch(cleaned)):
            continue
        cuts = []
        for found in _ELEMENT_START.finditer(line):
            description = found["name"] == "description"
            if description or not awaiting_game:
                cuts.append(found.start())
            awaiting_game = description
        starts_hand = bool(cuts) and not clean(line[:cuts[0]])
        first, *rest = [line[start:end] for start, end in pairwise([0, *cuts[starts_hand:], len(line)])]
        if current is None and not starts_hand and _DECLARATION.fullmatch(clean(first)):
            pass  # an XML declaration before a hand on its line
        elif starts_hand or current is None:
            current = opened(number, first)
        else:
            current.append(first)
        for piece in rest:  # a hand that starts within the line
            current = opened(number, piece)
    return sections


def read(section: Section) -> WrittenHand:
    """One hand of a Merge export as written, or an error naming the line that keeps it from being read."""
    return _MergeHand(section).hand()


@dataclass
class _Element:
    """An element as written: its name, attributes and entry (line)."""

    name: str
    attributes: dict[str, str]
    entry: Entry
    round: str | None
    """The round it is in, if any."""


@dataclass
class _Round:
    """A round's cards and events, in the order written."""

    name: str
    entry: Entry
    cards: list[_Element] = field(default_factory=list)
    events: list[_Element] = field(default_factory=list)


def _elements(section: Section) -> list[_Element]:
    """The section's elements in order, each with its line; XML that does not parse is named at its line.

    A line's entry is made once and shared by every element on it: an export written on one line holds all its
    elements there, and an entry cleaned anew per element made the reading quadratic in that line's length.
    """
    lines = section.lines
    found: list[_Element] = []
    rounds: list[str | None] = [None]
    parser = expat.ParserCreate()
    entries: dict[int, Entry] = {}

    def entry_at(line: int) -> Entry:
        index = min(max(line - 1, 0), len(lines) - 1)
        entry = entries.get(index)
        if entry is None:
            entry = entries[index] = Entry(section.first_line + index, clean(lines[index]))
        return entry

    def start(name: str, attributes: dict[str, str]) -> None:
        if name == "round":
            rounds.append(attributes.get("id", ""))
        found.append(_Element(name, attributes, entry_at(parser.CurrentLineNumber), rounds[-1]))

    def end(name: str) -> None:
        if name == "round":
            rounds.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse("<hand>" + "\n".join(lines) + "</hand>", True)
    except expat.ExpatError as error:
        if error.lineno > len(lines) or (error.lineno == len(lines) and error.offset >= len(lines[-1])):
            raise UnreadableHandError(entry_at(error.lineno), "the text stops inside the hand, its elements left "
                                                              "open: it is truncated") from None
        raise UnreadableHandError(entry_at(error.lineno), f"not well-formed XML: {expat.errors.messages[error.code]}"
                                  ) from None
    return found[1:]


class _MergeHand:
    """One hand's elements read in order: the description, the game and its players, the rounds."""

    def __init__(self, section: Section) -> None:
        elements = _elements(section)
        self.borrowed = section.context is not None and bool(elements) and elements[0].name == "game"
        """Whether the description is the one written before the hand (a table's hands after its first): the hand
        is then named at its own game's line."""
        if self.borrowed and section.context is not None:
            line, written = section.context
            elements = [element for element in _elements(Section(line, [written]))
                        if element.name == "description"][:1] + elements
        if not elements:
            raise UnreadableHandError(Entry(section.first_line, clean(section.lines[0])),
                                      'not a Merge hand: a hand is a "<description>" and a "<game>" element')
        self.elements = elements
        self.seats: dict[int, WrittenPlayer] = {}
        self.dealt_in: set[int] = set()
        self.folded: set[int] = set()
        self.actions: list[WrittenAction] = []
        self.antes: list[int] = []
        self.field_entries: dict[str, Entry] = {}
        self.bring_in: int | None = None
        self.street = 0
        self.street_totals: dict[int, int] = {}
        """What each seat has put in on the street being bet (the bring-in's round and 3rd street's are one)."""
        self.put_in = 0
        """Every chip the events put in: what the pot held, from which the rake is what was not paid."""
        self.collected: dict[int, int] = {}
        self.returned: dict[int, int] = {}
        self.first_winner: Entry | None = None
        self.raise_by_chips = False
        """Whether the hand is older than the day the site began writing a raise's street total."""

    def hand(self) -> WrittenHand:
        """Read the description, the game, the players and every round, then put the hand together."""
        description = next((element for element in self.elements if element.name == "description"), None)
        game = next((element for element in self.elements if element.name == "game"), None)
        if game is None:
            raise UnreadableHandError(self.elements[0].entry, 'not a Merge hand: no "<game>" element')
        header = game if self.borrowed else description or game
        written_game = self.game_of(description, game)
        day = game.attributes.get("starttime", "")[:8]
        self.raise_by_chips = day.isascii() and day.isdigit() and day < _RAISE_BY_CHIPS_UNTIL
        self.money, small_bet, big_bet = self.stakes(description, game)
        rounds = self.read_players_and_rounds(game)
        dealer = self.read_dealer()
        for played in rounds:
            self.round(played)
        players = [self.seats[seat] for seat in sorted(self.seats) if seat in self.dealt_in]
        if not players:
            raise UnreadableHandError(game.entry, "nobody is dealt cards")
        notes: list[str] = []
        bring_in = self.bring_in
        if bring_in is None:
            bring_in = max(1, small_bet // 2)
            notes.append(f"the history does not show a bring-in: taken as {bring_in} (half the small bet)")
        return WrittenHand(
            entry=header.entry, id=game.attributes.get("id"), game=written_game, unit=self.unit,
            stakes={"ante": max(self.antes, default=0), "bring_in": bring_in, "small_bet": small_bet,
                    "big_bet": big_bet},
            players=players, actions=self.actions, dealer_seat=dealer, recorded=self.recorded(players),
            field_entries=self.field_entries, notes=notes)

    def game_of(self, description: _Element | None, game: _Element) -> Game:
        """The hand's game, by the description's type and the game's type number, which must agree; another game
        is skipped (an OtherGameError naming it)."""
        kind = None if description is None else description.attributes.get("type", "").removesuffix(_TOURNAMENT)
        game_type = game.attributes.get("gametype")
        if kind in _MIXES or "multigametype" in game.attributes:
            # a mixed game's hand (with its description or after it): its own game is the game's multigametype
            kind, game_type = None, game.attributes.get("multigametype")
        if kind is not None and kind not in _GAMES:
            raise OtherGameError(description.entry if description else game.entry, kind)
        if game_type is not None and game_type not in _GAME_TYPES:
            raise OtherGameError(game.entry, f"game type {game_type}")
        if kind is None and game_type is None:
            raise UnreadableHandError(game.entry, 'the hand does not say its game: a "<description type=...>" or a '
                                                  '"gametype" on "<game>"')
        found = _GAMES[kind] if kind is not None else _GAME_TYPES[str(game_type)]
        if game_type is not None and _GAME_TYPES[game_type] is not found:
            raise UnreadableHandError(game.entry, f"game type {game_type} is {_GAME_TYPES[game_type]}, but the "
                                                  f"description says {quoted(str(kind))}")
        return found

    def stakes(self, description: _Element | None, game: _Element) -> tuple[Money, int, int]:
        """The hand's unit and its small and big bets, from the description's ``Limit $0.50/$1``; a game played at
        another structure (``No Limit``, ``Pot Limit``) is skipped, named with it."""
        written = None if description is None else description.attributes.get("stakes")
        found = None if written is None else _STAKES.fullmatch(written)
        other = None if written is None else _OTHER_STRUCTURES.fullmatch(written)
        if other is not None and description is not None:
            kind = description.attributes.get("type", "").removesuffix(_TOURNAMENT)
            raise OtherGameError(description.entry, f"{other['structure']} {kind}")
        if found is None:
            raise UnreadableHandError((description or game).entry, 'the hand does not give its bets, like '
                                                                   '"<description stakes="Limit $0.50/$1"/>"')
        sample = found["small"]
        symbol = sample[0] if sample[0] in _SIGNS else ""
        money = Money("", cents=symbol != "", sample=sample.lstrip(_SIGNS))
        self.unit = money.unit("Merge", symbol, None if money.cents else _tournament(game))
        entry = (description or game).entry
        return money, self.amount(money, found["small"], entry), self.amount(money, found["big"], entry)

    def amount(self, money: Money, written: str, entry: Entry) -> int:
        """An amount in the hand's unit; Merge writes the sign on the stakes and stacks, not on the events."""
        return money.amount(written[1:] if written[:1] in _SIGNS else written, entry)

    def read_players_and_rounds(self, game: _Element) -> list[_Round]:
        """Every player element, then the rounds with their cards and events; an element out of place is named."""
        rounds: list[_Round] = []
        for element in self.elements:
            if element.name == "player":
                self.player(element)
            elif element.name == "round":
                name = element.attributes.get("id", "")
                if name not in _ROUNDS:
                    raise UnreadableHandError(element.entry, f"a round {quoted(name)} the Merge reader does not know")
                rounds.append(_Round(name, element.entry))
            elif element.name in ("cards", "event", "winner"):
                if not rounds or element.round is None:
                    raise UnreadableHandError(element.entry, f'a "<{element.name}>" outside a round')
                (rounds[-1].cards if element.name == "cards" else rounds[-1].events).append(element)
            elif element.name not in ("description", "game", "players"):
                raise UnreadableHandError(element.entry, f'an element "<{element.name}>" the Merge reader does not '
                                                         "know")
            elif element.name == "game" and element is not game:
                raise UnreadableHandError(element.entry, 'a second "<game>" in one hand')
        return rounds

    def read_dealer(self) -> int | None:
        """The dealer's seat, when ``<players dealer=...>`` names one of the table's seats."""
        players = next((element for element in self.elements if element.name == "players"), None)
        written = None if players is None else players.attributes.get("dealer", "")
        if written is None or not written.isdigit() or len(written) > 1:
            return None
        seat = int(written) + 1
        return seat if seat <= MAX_SEAT else None

    def seat_of(self, element: _Element) -> int:
        """The seat an element names in ``player``: the site's number plus one."""
        written = element.attributes.get("player", "")
        if not written.isdigit():
            raise UnreadableHandError(element.entry, f"{quoted(written)} is not a seat number")
        return whole_number(written, element.entry) + 1

    def player(self, element: _Element) -> None:
        """A player element: the seat, the name, the chips before the antes; ``dealtin="false"`` sits out."""
        attributes = element.attributes
        written = attributes.get("seat", "")
        if not written.isdigit():
            raise UnreadableHandError(element.entry, f"{quoted(written)} is not a seat number")
        seat = whole_number(written, element.entry) + 1
        if seat in self.seats:
            raise UnreadableHandError(element.entry, f"seat {written} is listed twice")
        if len(self.seats) == MAX_SEAT:
            raise UnreadableHandError(element.entry, f"a stud-family table seats at most {MAX_SEAT} players: this is "
                                                     f"player {MAX_SEAT + 1}")
        stack = self.amount(self.money, attributes.get("balance", ""), element.entry)
        self.seats[seat] = WrittenPlayer(seat=seat, entry=element.entry, stack=stack, name=attributes.get("nickname"))
        if attributes.get("dealtin", "true") == "true":
            self.dealt_in.add(seat)

    def player_at(self, element: _Element) -> WrittenPlayer:
        """The player dealt in at the seat an element names."""
        seat = self.seat_of(element)
        player = self.seats.get(seat)
        if player is None:
            raise UnreadableHandError(element.entry, f"no player sits in seat {seat - 1}")
        if seat not in self.dealt_in:
            raise UnreadableHandError(element.entry, f"{who(player)} is not dealt in")
        return player

    def round(self, played: _Round) -> None:
        """A round: its cards dealt first (the export lists them after the actions), then its events."""
        street = _STREETS.get(played.name)
        if street is not None:
            for element in played.cards:
                self.cards(element, street)
            for seat in sorted(self.dealt_in - self.folded):
                player = self.seats[seat]
                while len(player.cards) < DEALT_ON[street].stop:
                    player.cards.append(None)
                    player.card_entries.append(played.entry)
            if street != self.street:
                self.street, self.street_totals = street, {}
        elif played.name == "SHOWDOWN":
            for element in played.cards:
                self.cards(element, None)
        elif played.cards:
            raise UnreadableHandError(played.cards[0].entry, f"cards in the {played.name} round, which deals none")
        for element in played.events:
            self.event(element, played.name)

    def cards(self, element: _Element, street: int | None) -> None:
        """A player's cards so far (``null`` unseen) on a street, or all of them shown or mucked at the showdown."""
        kind = element.attributes.get("type", "")
        if kind not in (_DEALT_CARDS if street is not None else _SHOWN_CARDS):
            raise UnreadableHandError(element.entry, f"cards of type {quoted(kind)} have no place here")
        player = self.player_at(element)
        written = element.attributes.get("cards", "").split(",")
        cards: list[str | None] = []
        for text in written:
            if text in _UNSEEN:
                cards.append(None)
            elif CARD.fullmatch(text):
                cards.append(text)
            else:
                raise UnreadableHandError(element.entry, f"{quoted(text)} is not a card: a rank from A23456789TJQK "
                                                         "and a suit from shdc")
        most = DEALT_ON[street].stop if street is not None else len(player.cards)
        if len(cards) > most or (street is None and len(cards) != most):
            raise UnreadableHandError(element.entry, f"{len(cards)} cards for {who(player)}, who holds "
                                                     f"{len(player.cards)}" + ("" if street is None else
                                                                               f" and is dealt {most} by now"))
        if street is not None and player.seat in self.folded and len(cards) > len(player.cards):
            raise UnreadableHandError(element.entry, f"{who(player)} has folded: he is dealt no more cards")
        for place, card in enumerate(cards):
            if place >= len(player.cards):
                player.cards.append(card)
                player.card_entries.append(element.entry)
            elif card is None:
                continue
            elif player.cards[place] is None:
                player.cards[place], player.card_entries[place] = card, element.entry
            elif player.cards[place] != card:
                raise UnreadableHandError(element.entry, f"card {place + 1} of {who(player)} is written {card} here "
                                                         f"but was dealt as {player.cards[place]} on line "
                                                         f"{player.card_entries[place].line}")

    def event(self, element: _Element, round_name: str) -> None:
        """An event: an ante, a betting action, a show or muck, or (in the last round) a winner."""
        if element.name == "winner":
            self.winner(element, round_name)
            return
        kind = element.attributes.get("type", "")
        if kind == _SITS_OUT and round_name in _STREETS and self.seat_of(element) in self.dealt_in - self.folded:
            kind = "FOLD"
        elif kind in _PASSED_OVER:
            return
        if kind == "GAME_CANCELLED":
            raise UnreadableHandError(element.entry, "Merge cancelled this hand and handed its chips back: it has no "
                                                     "play to check")
        if kind == "ANTE":
            amount = self.event_amount(element)
            self.antes.append(amount)
            self.put_in += amount
            self.field_entries.setdefault("stakes.ante", element.entry)
            self.player_at(element)
            return
        if kind in ("SHOW", "MUCK"):
            player = self.player_at(element)
            if kind == "MUCK" and len(self.dealt_in - self.folded) > 1:
                player.muck, player.muck_after = element.entry, len(self.actions)
            return
        verb = _VERBS.get(kind)
        if verb is None:
            raise UnreadableHandError(element.entry, f"an event {quoted(kind)} the Merge reader does not know")
        if round_name not in _STREETS:
            raise UnreadableHandError(element.entry, f"a betting event in the {round_name} round")
        seat = self.player_at(element).seat
        if seat in self.folded:
            raise UnreadableHandError(element.entry, f"seat {seat} has folded: he cannot act again")
        chips = None if verb in (Verb.CHECK, Verb.FOLD) else self.event_amount(element)
        street_total = self.street_totals.get(seat, 0)
        if kind == "RAISE" and self.raise_by_chips:
            action = WrittenAction(seat, verb, element.entry, to=street_total + (chips or 0))
            added = chips or 0
        elif kind in _TOTALS:
            action = WrittenAction(seat, verb, element.entry, to=chips)
            added = (chips or 0) - street_total
        else:
            action = WrittenAction(seat, verb, element.entry, adds=chips)
            added = chips or 0
        if verb is Verb.FOLD:
            self.folded.add(seat)
        if verb is Verb.BRING_IN and self.bring_in is None:
            self.bring_in = chips
            self.field_entries["stakes.bring_in"] = element.entry
        self.street_totals[seat] = street_total + added
        self.put_in += added
        self.actions.append(action)

    def event_amount(self, element: _Element) -> int:
        """An event's ``amount``, which it must have."""
        written = element.attributes.get("amount")
        if written is None:
            raise UnreadableHandError(element.entry, "the event gives no amount")
        return self.amount(self.money, written, element.entry)

    def winner(self, element: _Element, round_name: str) -> None:
        """What a seat took from a pot (after the rake), or an uncalled bet handed back (``uncalled="true"``)."""
        if round_name not in _ENDS:
            raise UnreadableHandError(element.entry, 'a "<winner>" before the END_OF_GAME round')
        seat = self.player_at(element).seat
        amount = self.amount(self.money, element.attributes.get("amount", ""), element.entry)
        paid = self.returned if element.attributes.get("uncalled") == "true" else self.collected
        paid[seat] = paid.get(seat, 0) + amount
        self.first_winner = self.first_winner or element.entry

    def recorded(self, players: list[WrittenPlayer]) -> Recorded | None:
        """What each dealt seat collected, the uncalled bets handed back, and the rake: what was put in and not
        paid out (none when more was paid than put in: the check then finds the seats paid otherwise)."""
        if self.first_winner is None:
            return None
        paid = sum(self.collected.values()) + sum(self.returned.values())
        amounts = {player.seat: self.collected.get(player.seat, 0) for player in players}
        return Recorded(kind="collected", amounts=amounts, entry=self.first_winner, returned=self.returned,
                        rake=max(0, self.put_in - paid))


def _tournament(game: _Element) -> str | None:
    """The tournament a hand in chips belongs to, by the number the game's ``data`` writes third
    (``20111230|$200 Freeroll|46245544-1|46289039-1|true``: tournament 46245544, its table 1), if it writes one.

    >>> _tournament(_Element("game", {"data": "20111230|$200 Freeroll|46245544-1|46289039-1|true"}, Entry(1, ""), None))
    '46245544'
    """
    fields = game.attributes.get("data", "").split("|")
    number = fields[2].split("-")[0] if len(fields) > 2 else ""
    return number if number.isascii() and number.isdigit() else None
