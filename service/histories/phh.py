"""PHH, the open poker hand history format (TOML), for the stud family: read one hand, and write one.

A ``.phh`` file is one hand; a ``.phhs`` file holds many, as TOML tables ``[1]``, ``[2]``... Players
are in PHH order (``p1`` is dealt first: clockwise from the dealer's left), seated at ``seats`` when
given, else 1..n. Which cards are up is not written: it follows from razz's deal, by the order a
player's cards are dealt in (``DEAL_ORDER``). Amounts may be decimals: the hand is read in the
smallest power of ten that makes every amount whole.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from decimal import Decimal
from functools import cached_property
from itertools import pairwise
from typing import Any

from ..stud_family.betting import TableState
from ..stud_family.limits import MOST_CHIPS
from ..stud_family.seating import position_order
from ..stud_family.settlement import Settlement
from ..stud_family.snapshot import PlayerIn, Snapshot
from ..stud_family.streets import DEALT_ON, FACE_DOWN, HAND_SIZE, LAST_STREET
from ..stud_family.vocabulary import ActionType
from ..stud_family.wording import quoted
from .errors import MOST_DIGITS, OtherGameError, UnreadableHandError
from .toml_lines import Fields, read_plain
from .written import Entry, Game, Recorded, Section, Verb, WrittenAction, WrittenHand, WrittenPlayer, text_lines

RAZZ = "FR"
"""PHH's variant code for fixed-limit razz."""
VARIANTS = {RAZZ: Game.RAZZ, "F7S": Game.STUD, "F7S/8": Game.STUD8}
VARIANT_OF = {game: variant for variant, game in VARIANTS.items()}
"""Each game's PHH code, which ``write`` writes."""
"""The games read, by PHH's variant code: fixed-limit razz, seven-card stud and stud hi/lo eight or better. They
share the deal, so which cards are up follows alike."""
UNKNOWN_CARD = "??"
MOST_PLACES = 6
"""Decimal places an amount may have: a millionth of a unit is finer than any currency or chip."""
NOISE = Decimal("0.001")
"""How far from whole a recorded amount may be, in the hand's unit, and still be read as whole (float noise)."""
REQUIRED = ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions")
STAKES_FIELDS = {"ante": "antes", "bring_in": "bring_in", "small_bet": "small_bet", "big_bet": "big_bet"}
"""The PHH field each stake is read from."""
_STRING_OR_COMMENT = re.compile(r"#[^\n]*|'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"")
"""A TOML comment, literal string or basic string (escapes and all), as the fallback finds actions' lines."""
_TOML_ERROR = re.compile(r"(?P<what>.*?) \((?:at line (?P<line>\d+), column (?P<column>\d+)|at end of document)\)",
                         re.DOTALL)
"""tomllib's message: what is wrong, then where (its line counted in the hand's own text, which ``line`` replaces)."""
_SINGLE_QUOTED = re.compile(r"'([^'\"\n]+)'")
"""A value tomllib's message puts in single quotes (``'='``), not the quote characters it names."""
MOST_NESTING = 32
"""Arrays and inline tables nested deeper than this are refused before ``tomllib`` reads them: it reads by recursion,
and a value nested 500 deep took it past Python's stack. A PHH field nests two deep at most."""
_NESTING_TOKEN = re.compile(r"""'{3}.*?'{3}|"{3}(?:[^"\\]|\\.|"(?!""))*"{3}"""  # multi-line strings
                            r"""|#[^\n]*|'[^'\n]*'|"(?:[^"\\\n]|\\.)*"|[][{}]""", re.DOTALL)
"""What can open or close a nesting in TOML, and what holds brackets that do not: strings and comments."""
_TABLE_HEADER = re.compile(r"\[[^\[\]]*\]\s*(?:#.*)?")
"""A PHHS table's header line, ``[1]`` or ``[ name ] # comment``: one class inside the brackets, so a line of
``[`` and spaces fails in one pass (spaces each side of a lazy name took 42 s on 4,000 of them)."""
_VERBS = {"pb": Verb.BRING_IN, "cbr": Verb.INCREASE, "cc": Verb.CHECK_OR_CALL, "f": Verb.FOLD}
_NOTATION: dict[str, str] = {ActionType.BRING_IN: "pb", ActionType.FOLD: "f", ActionType.CHECK: "cc",
                             ActionType.CALL: "cc"}
"""PHH's notation of each action type that takes no amount; bets, completions and raises are ``cbr`` to a total."""


def split(text: str) -> list[Section]:
    """The hands of a PHH or PHHS text: one section per table ``[name]``, or the whole text when it has none."""
    lines = text_lines(text)
    starts = [number for number, line in enumerate(lines) if line[:1] == "[" and _TABLE_HEADER.fullmatch(line)]
    if not starts:
        return [Section(1, lines)]
    sections = []
    if any(line.strip() and not line.lstrip().startswith("#") for line in lines[:starts[0]]):
        sections.append(Section(1, lines[:starts[0]]))
    for start, end in zip(starts, [*starts[1:], len(lines)], strict=True):
        sections.append(Section(start + 1, lines[start:end]))
    return sections


def read(section: Section) -> WrittenHand:
    """One hand as written; UnreadableHandError naming the line that cannot be read, or OtherGameError naming the
    variant of a game not read."""
    lines = section.lines
    body_start = 1 if lines and _TABLE_HEADER.fullmatch(lines[0]) else 0
    first = Entry(section.first_line, lines[0] if lines else "")
    plain = read_plain(lines, body_start)
    if plain is not None:
        return _Reader(section, first, plain).hand()
    text = "\n".join(lines[body_start:])
    _refuse_deep_nesting(text, section, body_start)
    try:
        fields = tomllib.loads(text)
    except ValueError as error:  # tomllib's TOMLDecodeError, or int's refusal of a number of 4,300 digits or more
        if not isinstance(error, tomllib.TOMLDecodeError):
            raise UnreadableHandError(first, "not TOML: a number of 4,300 digits or more") from None
        toml_line, says = _toml_problem(str(error))
        last = max((index for index, text in enumerate(lines) if text.strip()), default=0)
        line = section.first_line + (last if toml_line is None else body_start + toml_line - 1)
        source = lines[line - section.first_line] if line - section.first_line < len(lines) else ""
        raise UnreadableHandError(Entry(line, source), f"not TOML: {says}") from None
    return _Reader(section, first, Fields(fields, {}, {})).hand()


def _refuse_deep_nesting(text: str, section: Section, body_start: int) -> None:
    """UnreadableHandError at the line where an array or inline table of ``text`` (the section's lines from
    ``body_start``) opens past ``MOST_NESTING`` levels; nothing else is checked here (``tomllib`` reads the rest).

    >>> _refuse_deep_nesting("a = [[1], '[[[['] # [[[", Section(1, []), 0)
    >>> _refuse_deep_nesting("a = 1\\nb = " + "[" * 40, Section(7, ["[7]", "a = 1", "b = " + "[" * 40]), 1)
    Traceback (most recent call last):
    service.histories.errors.UnreadableHandError: line 9: not TOML: arrays or inline tables nested more than 32 deep
    """
    depth = 0
    for token in _NESTING_TOKEN.finditer(text):
        bracket = token.group()
        if bracket == "[" or bracket == "{":
            depth += 1
            if depth > MOST_NESTING:
                index = body_start + text.count("\n", 0, token.start())
                raise UnreadableHandError(Entry(section.first_line + index, section.lines[index]),
                                          f"not TOML: arrays or inline tables nested more than {MOST_NESTING} deep")
        elif bracket == "]" or bracket == "}":
            depth = max(depth - 1, 0)


def _toml_problem(message: str) -> tuple[int | None, str]:
    """Where tomllib's message puts the fault (a line of the hand's TOML, from 1; None at the end of the hand) and
    what it says, in the rules' voice: lower case, quotes as JSON's, the column only (the entry gives the line)."""
    found = _TOML_ERROR.fullmatch(message)
    what = _SINGLE_QUOTED.sub(r'"\1"', message if found is None else found["what"])
    where = "" if found is None else f" at column {found['column']}" if found["column"] else " at the end of the hand"
    line = 1 if found is None else int(found["line"]) if found["line"] else None
    return line, what[:1].lower() + what[1:] + where


class _Reader:
    """Reads one hand's TOML fields, knowing each field's line for the errors."""

    def __init__(self, section: Section, first: Entry, fields: Fields) -> None:
        self.section = section
        self.first = first
        self.fields = fields.values
        self.lines = fields.lines
        """The line index of each field, when the plain reader read them."""
        self.item_lines = fields.item_lines
        self.by_name: dict[str, WrittenPlayer] = {}
        """The players by the name the actions give them (``p3``), once the players are read."""

    @cached_property
    def text(self) -> str:
        """The hand's text, for the searches of a field the plain reader did not place (most hands never need it)."""
        return "\n".join(self.section.lines)

    def entry_of(self, name: str) -> Entry:
        """The line a top-level field is written on (the hand's first line if it cannot be found)."""
        index = self.lines.get(name)
        if index is not None:
            return Entry(self.section.first_line + index, self.section.lines[index])
        key = re.escape(name)
        pattern = re.compile(rf"^[ \t]*(?:{key}|\"{key}\"|'{key}')[ \t]*=", re.MULTILINE)  # a line's own spaces only
        found = pattern.search(self.text)
        return self.first if found is None else self.entry_at(found.start())

    def entry_at(self, offset: int) -> Entry:
        """The entry of the line holding ``offset`` in the section's text."""
        index = self.text.count("\n", 0, offset)
        return Entry(self.section.first_line + index, self.section.lines[index])

    def refuse(self, name: str, message: str) -> UnreadableHandError:
        """An unreadable hand, named at the line of field ``name``."""
        return UnreadableHandError(self.entry_of(name), message)

    def hand(self) -> WrittenHand:
        """The hand: table, deal, betting, what was paid."""
        fields = self.fields
        if not fields:
            raise UnreadableHandError(self.first, "not a hand: no PHH fields")
        variant = fields.get("variant")
        if variant is None:
            raise UnreadableHandError(self.first, "not a hand: the PHH field variant is missing")
        if not isinstance(variant, str):
            raise self.refuse("variant", f"variant holds {_shown(variant)}, not a game's code like {quoted(RAZZ)}")
        if variant not in VARIANTS:
            raise OtherGameError(self.entry_of("variant"), variant)
        for name in REQUIRED:
            if name not in fields:
                raise UnreadableHandError(self.first, f"the PHH field {name} is required for {VARIANTS[variant]}")
        actions = fields["actions"]
        if not isinstance(actions, list) or not all(isinstance(action, str) for action in actions):
            raise self.refuse("actions", "actions must be a list of strings")
        scale = self.scale(actions)
        players = self.players(scale)
        hand = WrittenHand(entry=self.first, id=None if fields.get("hand") is None else str(fields["hand"]),
                           game=VARIANTS[variant], unit=_unit(fields.get("currency")),
                           stakes=self.stakes(scale, len(players)), players=players,
                           dealer_seat=_dealer_seat([player.seat for player in players]))
        hand.field_entries = {f"stakes.{name}": self.entry_of(written) for name, written in STAKES_FIELDS.items()}
        if "seats" in fields:
            hand.field_entries["players.seat"] = self.entry_of("seats")
        if scale > 1:
            hand.notes.append(f"amounts are written with decimals: read in units of 1/{scale}")
        self.play(hand, actions, scale)
        hand.recorded = self.recorded(players, scale)
        return hand

    def amounts(self, name: str, count: int | None = None) -> list[Any]:
        """A field that lists one amount per player."""
        values = self.fields[name] if isinstance(self.fields[name], list) else None
        if values is None or (count is not None and len(values) != count):
            raise self.refuse(name, f"{name} must list one amount per player" + ("" if count is None else
                                                                                 f" ({count})"))
        return values

    def scale(self, actions: list[str]) -> int:
        """The smallest power of ten that makes every amount the hand plays with whole (what it records is read in
        that unit, within float noise)."""
        numbers: list[tuple[str, Any]] = [(name, self.fields[name]) for name in ("bring_in", "small_bet", "big_bet")]
        for name in ("antes", "starting_stacks"):
            if isinstance(self.fields[name], list):
                numbers.extend((name, number) for number in self.fields[name])
        written = " ".join(actions)
        if not any(type(number) is float for _, number in numbers) and "." not in written and \
                "e-" not in written.lower():
            return 1  # whole numbers throughout, the usual case
        numbers.extend(("actions", words[2]) for words in (action.split("#")[0].split() for action in actions)
                       if len(words) == 3 and words[1] == "cbr")
        places = 0
        for name, number in numbers:
            if isinstance(number, float | str) and not isinstance(number, bool):
                try:
                    value = Decimal(str(number))
                except ArithmeticError:
                    continue
                if value.is_finite():
                    places = max(places, _places(value))
                if places > MOST_PLACES:
                    raise self.refuse(name, f"{name} holds {_shown(number)}: amounts have at most {MOST_PLACES} "
                                            "decimal places")
        return 10 ** places

    def whole(self, name: str, value: Any, scale: int, written: bool = False, recorded: bool = False) -> int:
        """An amount in the hand's smallest unit: a TOML number, or an action's text when ``written``; a recorded
        amount may carry float noise below a thousandth of the unit."""
        if type(value) is int and scale == 1 and value >= 0:
            return value
        if isinstance(value, bool) or not isinstance(value, int | float | str) or (isinstance(value, str)
                                                                                  and not written):
            raise self.refuse(name, f"{name} holds {_shown(value)}, not an amount")
        try:
            scaled = Decimal(str(value)) * scale
        except ArithmeticError:
            raise self.refuse(name, f"{name} holds {_shown(value)}, not an amount") from None
        if scaled.is_finite() and recorded and abs(scaled - scaled.to_integral_value()) < NOISE:
            scaled = scaled.to_integral_value()
        if not scaled.is_finite() or scaled != scaled.to_integral_value() or scaled < 0:
            raise self.refuse(name, f"{name} holds {_shown(value)}, not an amount of chips")
        if scaled > MOST_CHIPS:  # a whole number in a hand of whole numbers is left to the snapshot's schema
            raise self.refuse(name, f"{name} holds {quoted(str(value))}: more than any hand's chips")
        return int(scaled)

    def stakes(self, scale: int, count: int) -> dict[str, int]:
        """Ante, bring-in and bets; every player antes the same in razz."""
        antes = {self.whole("antes", ante, scale) for ante in self.amounts("antes", count)}
        if len(antes) > 1:
            raise self.refuse("antes", "the antes differ between players: razz has one ante")
        return {"ante": antes.pop() if antes else 0,
                **{name: self.whole(name, self.fields[name], scale) for name in ("bring_in", "small_bet", "big_bet")}}

    def players(self, scale: int) -> list[WrittenPlayer]:
        """The players in PHH order with their seats, names and starting stacks (None when written ``inf``)."""
        stacks = self.amounts("starting_stacks")
        count = len(stacks)
        seats = self.fields.get("seats", list(range(1, count + 1)))
        if not isinstance(seats, list) or len(seats) != count or not all(type(seat) is int for seat in seats):
            raise self.refuse("seats", f"seats must list one seat number per player ({count})")
        if not _clockwise(seats):
            raise self.refuse("seats", f"seats {seats} are not in clockwise order from the first dealt")
        names = self.fields.get("players")
        if names is not None and (not isinstance(names, list) or len(names) != count
                                  or not all(isinstance(name, str) for name in names)):
            raise self.refuse("players", f"players must list one name per player ({count})")
        entry = self.entry_of("starting_stacks")
        written = []
        for index, stack in enumerate(stacks):
            known = not (stack is None or (isinstance(stack, float) and stack == float("inf")))
            written.append(WrittenPlayer(seat=seats[index], entry=entry,
                                         stack=self.whole("starting_stacks", stack, scale) if known else None,
                                         name=None if names is None else names[index]))
        return written

    def play(self, hand: WrittenHand, actions: list[str], scale: int) -> None:
        """Deal the cards and list the betting entries, each with its line."""
        self.by_name = {f"p{number}": player for number, player in enumerate(hand.players, 1)}
        known = self.item_lines.get("actions")
        if known is not None:
            first_line = self.section.first_line
            for action, index in zip(actions, known, strict=True):
                self.entry(hand, Entry(first_line + index, action), scale)
            return
        key = re.search(r"^\s*actions\s*=", self.text, re.MULTILINE)
        strings = (token for token in _STRING_OR_COMMENT.finditer(self.text, 0 if key is None else key.end())
                   if token.group()[0] != "#")
        counted, lines_before = 0, 0
        for action in actions:  # the array's strings in order, comments skipped: each entry's line
            token = next(strings, None)
            if token is None:
                line = self.entry_of("actions").line
            else:  # lines counted on from the last entry, not from the top: a long array stays linear
                lines_before += self.text.count("\n", counted, token.start())
                counted = token.start()
                line = self.section.first_line + lines_before
            self.entry(hand, Entry(line, action), scale)

    def entry(self, hand: WrittenHand, entry: Entry, scale: int) -> None:
        """One entry of ``actions``: a deal, a betting action, a show or a muck; a comment alone is nothing."""
        source = entry.source
        words = (source.split("#")[0] if "#" in source else source).split()
        if not words:
            return
        count = len(words)
        if words[0] == "d" and count > 1:
            if words[1] == "dh" and count == 4:
                player = self.player(hand, words[2], entry)
                cards = _cards(words[3], entry)
                player.cards += cards
                player.card_entries += [entry] * len(cards)
                return
            if words[1] == "db" and count == 3:
                cards = _cards(words[2], entry)
                if len(cards) != 1 or cards[0] is None or hand.community_card is not None:
                    raise UnreadableHandError(entry, "7th street deals one community card, face up, when the deck "
                                                     "runs short")
                hand.community_card = (cards[0], entry)
                return
        player = self.player(hand, words[0], entry)
        verb = _VERBS.get(words[1]) if count > 1 else None
        if verb is not None and count == 2 and verb is not Verb.INCREASE:
            hand.actions.append(WrittenAction(player.seat, verb, entry))
        elif verb is Verb.INCREASE and count == 3:
            amount = words[2]
            to = int(amount) if scale == 1 and len(amount) < MOST_DIGITS and amount.isascii() and amount.isdecimal() \
                else \
                self.whole("actions", amount, scale, written=True)
            hand.actions.append(WrittenAction(player.seat, verb, entry, to))
        elif count == 2 and words[1] == "sm":
            player.muck, player.muck_after = entry, len(hand.actions)
        elif count == 3 and words[1] == "sm":
            if words[2] != "-":
                show(player, _cards(words[2], entry), entry)
        else:
            raise UnreadableHandError(entry, "an action the PHH reader does not know for a stud-family hand")

    def player(self, hand: WrittenHand, word: str, entry: Entry) -> WrittenPlayer:
        """The player ``pN`` names."""
        player = self.by_name.get(word)
        if player is None:
            raise UnreadableHandError(entry, f"{quoted(word)} is not one of the players p1..p{len(hand.players)}")
        return player

    def recorded(self, players: list[WrittenPlayer], scale: int) -> Recorded | None:
        """What the hand says was paid: the finishing stacks, else the winnings (an ``inf`` stack says nothing)."""
        for name in ("finishing_stacks", "winnings"):
            if name in self.fields:
                values = self.amounts(name, len(players))
                amounts = {player.seat: self.whole(name, value, scale, recorded=True)
                           for player, value in zip(players, values, strict=True)
                           if not (isinstance(value, float) and value == float("inf"))}
                return Recorded(name, amounts, self.entry_of(name))
        return None


def show(player: WrittenPlayer, cards: Sequence[str | None], entry: Entry) -> None:
    """A player's hand shown: the cards fill the places dealt unseen, and must agree with those seen."""
    dealt = player.cards
    unseen = [place for place, card in enumerate(dealt) if card is None]
    if len(cards) == len(dealt):
        places = list(range(len(dealt)))
    elif len(cards) == len(unseen):
        places = unseen
    else:
        raise UnreadableHandError(entry, f"shows {len(cards)} cards of the {len(dealt)} dealt")
    for place, card in zip(places, cards, strict=True):
        if card is None:
            continue
        if dealt[place] is not None and dealt[place] != card:
            raise UnreadableHandError(entry, f"shows {card} where {dealt[place]} was dealt")
        dealt[place] = card
        player.card_entries[place] = entry


def _places(value: Decimal) -> int:
    """A finite amount's decimal places, its trailing zeros dropped: read off its digits, with no arithmetic, so an
    exponent past the decimal context's neither overflows nor underflows to 0."""
    _, digits, exponent = value.as_tuple()
    significant = "".join(map(str, digits)).rstrip("0")
    return max(0, -(int(exponent) + len(digits) - len(significant))) if significant else 0


def _unit(currency: Any) -> str:
    """What a PHH hand's amounts count: its ``currency`` when it names one, else PHH's own units.

    >>> _unit("USD"), _unit(None)
    ('PHH USD', 'PHH units')
    """
    return f"PHH {currency}" if isinstance(currency, str) and currency.strip() else "PHH units"


def _shown(value: Any) -> str:
    """A field's value as a message repeats it: text in JSON's quotes, cut short; anything else as Python writes it."""
    return quoted(value) if isinstance(value, str) else repr(value)


def _cards(text: str, entry: Entry) -> list[str | None]:
    """Cards written together (``7c3hKc``); ``??`` is a card dealt but not known."""
    if len(text) % 2:
        raise UnreadableHandError(entry, f"{quoted(text)} is not a run of two-character cards")
    cards: list[str | None] = [text[k:k + 2] for k in range(0, len(text), 2)]
    return [None if card == UNKNOWN_CARD else card for card in cards] if UNKNOWN_CARD in text else cards


def _clockwise(seats: Sequence[int]) -> bool:
    """Whether the seats go round the table once, clockwise (ascending, wrapping at most once)."""
    drops = sum(later < earlier for earlier, later in pairwise(seats))
    return len(set(seats)) == len(seats) and (drops == 0 or (drops == 1 and seats[-1] < seats[0]))


def _dealer_seat(seats: Sequence[int]) -> int | None:
    """The dealer's seat that makes ``seats[0]`` first in position: None (the default) when it is the lowest."""
    return None if not seats or seats[0] == min(seats) else seats[0] - 1


def write(snapshot: Snapshot, state: TableState, result: Settlement | None, id: str | None = None,
          names: Sequence[str | None] = ()) -> str:
    """The hand as a PHH file: the inverse of ``read`` for a hand the engine replayed, as its snapshot holds it.

    The snapshot knows the cards of the streets the hand reached and the down cards dealt first:
    a card dealt for a street the betting never reached is not written.

    Players are written in position order, each street's deal before its betting; down cards not
    known are ``??``. A decided hand ends with its shows and mucks and its finishing stacks.
    """
    by_seat = {player.seat: player for player in snapshot.players}
    order = position_order(list(by_seat), snapshot.dealer_seat)
    number = {seat: index + 1 for index, seat in enumerate(order)}
    names_by_seat = dict(zip([player.seat for player in snapshot.players], names, strict=False))
    stakes = snapshot.stakes
    lines = [f"variant = '{VARIANT_OF[Game(snapshot.game.name)]}'"]
    if id is not None:
        lines.append(f"hand = {_toml_string(id)}")
    lines += [f"antes = {[stakes.ante] * len(order)}",
              f"bring_in = {stakes.bring_in}", f"small_bet = {stakes.small_bet}", f"big_bet = {stakes.big_bet}",
              f"starting_stacks = {[by_seat[seat].stack for seat in order]}",
              f"seats = {order}"]
    if any(names_by_seat.get(seat) for seat in order):
        lines.append(f"players = [{', '.join(_toml_string(names_by_seat.get(seat) or '') for seat in order)}]")
    actions = _written_actions(snapshot, state, order, number)
    if result is not None:
        actions += _shows(snapshot, state, result, number)
        stacks = {player.seat: player.stack for player in state.players}
        paid = {share.seat: share.amount for share in result.payouts}
        lines.append(f"finishing_stacks = {[stacks[seat] + paid[seat] for seat in order]}")
    # Entries are cards, seats and numbers the writer makes: quoted as they are, without _toml_string's checks.
    lines.append("actions = [\n  \"" + '",\n  "'.join(actions) + '",\n]' if actions else "actions = [\n]")
    return "\n".join(lines) + "\n"


def _written_actions(snapshot: Snapshot, state: TableState, order: list[int], number: dict[int, int]) -> list[str]:
    """Each street's deal to the players still in, then its betting, as PHH entries."""
    dealt = {player.seat: _in_deal_order(player) for player in snapshot.players}
    names = {seat: f"p{place}" for seat, place in number.items()}
    out: set[int] = set()
    entries: list[str] = []
    for street in state.streets:
        if street.street == LAST_STREET and snapshot.community_card is not None:
            entries.append(f"d db {snapshot.community_card}")
        else:
            cards = DEALT_ON[street.street]
            entries += [f"d dh {names[seat]} {''.join(dealt[seat][cards])}" for seat in order if seat not in out]
        put_in: dict[int, int] = {}
        for action in street.actions:
            seat = action.seat
            if action.amount:
                put_in[seat] = put_in.get(seat, 0) + action.amount
            if action.type == ActionType.FOLD:
                out.add(seat)
            entries.append(f"{names[seat]} {_NOTATION.get(action.type) or f'cbr {put_in[seat]}'}")
    return entries


def _shows(snapshot: Snapshot, state: TableState, result: Settlement, number: dict[int, int]) -> list[str]:
    """The showdown: each live hand in show order, shown when its cards are known, else mucked."""
    by_seat = {player.seat: player for player in snapshot.players}
    entries = []
    for seat in result.show_order:
        player = by_seat[seat]
        down = player.down_cards or ()
        if player.mucked:
            entries.append(f"p{number[seat]} sm")
        elif len(down) + len(player.up_cards) == HAND_SIZE - (snapshot.community_card is not None):
            cards = _in_deal_order(player)[:len(down) + len(player.up_cards)]
            entries.append(f"p{number[seat]} sm {''.join(cards)}")
    return entries


def _in_deal_order(player: PlayerIn) -> list[str]:
    """A player's cards in the order razz deals them, ``??`` for a down card the snapshot does not know."""
    up, down = iter(player.up_cards), iter(player.down_cards or ())
    return [next(down if face_down else up, UNKNOWN_CARD) for face_down in FACE_DOWN]


def _toml_string(text: str) -> str:
    """A TOML basic string; a character that is not printable (a control, a Unicode line break) is escaped."""
    if text.isprintable() and '"' not in text and "\\" not in text:  # every entry the writer makes
        return f'"{text}"'
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}"
                         for ch in escaped) + '"'

