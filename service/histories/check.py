"""A written hand checked by the rules: the snapshot it amounts to, the engine's replay, and what was paid.

The reader says what each entry wrote; here the engine names what it is. A PHH ``cbr`` is the
increase the street takes where the hand stands (a bet, a completion or a raise), a ``cc`` a call
when there is one to make, else a check; then each action is played, and checked, as the
snapshot's would be. The first rule broken is named with the entry that broke it.

Two amounts a history may write otherwise than the rules, with the same chips in play, are
accepted and noted: a bet or raise written as the total the last opponent can match all-in (the
rest of the full bet comes back uncalled), and a heads-up call of a short all-in bring-in for
what was posted (the rest of the full bring-in comes back uncalled).

A muck where every live hand is tabled at once (a live player all-in, TDA 16) is what a snapshot
may not ask for, but a history records what happened: the hand is checked as written, with a
note; where the mucked cards are written they speak (TDA 12) and the pots go by them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

import msgspec

from ..stud_family.betting import Replay, TableState
from ..stud_family.errors import DuplicateCardError, IllegalActionError, InputError, SnapshotError
from ..stud_family.games import GAMES
from ..stud_family.pots import uncalled_excess
from ..stud_family.rules import GAME_OPTIONS, Rules
from ..stud_family.settlement import Settlement, explain_settlement, settle
from ..stud_family.show_order import tabled_at_once
from ..stud_family.snapshot import Action, PlayerIn, Snapshot, dealt_snapshot
from ..stud_family.streets import FACE_DOWN, FIRST_STREET, HAND_SIZE
from ..stud_family.vocabulary import ActionType, Phase, Refusal
from ..stud_family.why import Citation, Why, seat_list
from ..stud_family.wording import quoted
from ..stud_family.work import Budget
from .allin import AllIn, LeftOut, all_in_equity
from .errors import OtherGameError, UnreadableHandError
from .written import GAME_NAMES, Entry, Game, Recorded, Verb, WrittenAction, WrittenHand, WrittenPlayer

_INCREASE, _CHECK_OR_CALL, _WRITTEN_CALL, _ALL_IN = Verb.INCREASE, Verb.CHECK_OR_CALL, Verb.CALL, Verb.ALL_IN
_CALL, _CHECK = ActionType.CALL, ActionType.CHECK
"""Module globals: a member read off its enum class costs more, on every entry (bench/README.md, "Speed tricks")."""
_NAMED = {verb: ActionType(verb.value) for verb in (Verb.BRING_IN, Verb.CHECK, Verb.FOLD)}
"""The action type an entry's verb names outright (PokerStars ``folds``, ``checks``, ``brings in``)."""
_PATH = re.compile(r"(actions|players)\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?")


@dataclass(frozen=True)
class HandError:
    """Why a hand is not valid: the problem type and sentence the JSON endpoints give, and the entry at fault."""

    kind: str
    detail: str
    entry: Entry
    citation: Citation | None = None
    """For an illegal action, the rule that refuses it."""


@dataclass(frozen=True)
class Skipped:
    """Why a hand was not checked: its game, named, and the entry that says it (the header, PHH's variant)."""

    game: str
    """A game the service names (``stud``, ``stud8``), or a game it does not play as the history writes it."""
    detail: str
    entry: Entry


RulesByGame = Mapping[Game, "Rules | str"]
"""The rules each game's hands are checked under, or why the rules given do not apply to that game (an option it
lacks): its hands are then skipped, saying so."""


def rules_for(rules: Rules | RulesByGame, game: Game) -> Rules | str:
    """A game's rules: from a mapping by game, or, given one ``Rules`` (razz's), the game's standard preset for
    another game.

    >>> rules_for(Rules(), Game.STUD) == GAME_OPTIONS["stud"].resolve(None)
    True
    """
    if isinstance(rules, Rules):
        return rules if game is Game.RAZZ else GAME_OPTIONS[game.value].resolve(None)
    return rules[game]


def rules_by_game(resolve: Callable[[str], Rules]) -> dict[Game, Rules | str]:
    """Each game's rules as ``resolve`` reads a rules object for it: razz's refusal is the caller's (a request's
    rules are razz's first), another game's is why its hands are skipped (an option of razz it lacks)."""
    found: dict[Game, Rules | str] = {Game.RAZZ: resolve(Game.RAZZ.value)}
    for game in (Game.STUD, Game.STUD8):
        try:
            found[game] = resolve(game.value)
        except ValueError as error:
            found[game] = str(error)
    return found


@dataclass(frozen=True)
class Discrepancy:
    """A seat paid otherwise than the rules pay it (both in the recorded terms: a stack, or what was collected)."""

    seat: int
    recorded: int
    computed: int


@dataclass
class HandCheck:
    """One hand of a history, checked: valid or the error; the snapshot, state and result; what was paid."""

    index: int
    hand: WrittenHand | None
    error: HandError | None = None
    players: tuple[PlayerIn, ...] | None = None
    """The players as the snapshot deals them (a muck whose written cards speak taken back); None when the hand's
    cards cannot be read."""
    actions: tuple[Action, ...] = ()
    """The snapshot's actions, each named by the rules: up to the entry at fault, when one is."""
    snapshot: Snapshot | None = None
    state: TableState | None = None
    result: Settlement | None = None
    discrepancies: list[Discrepancy] | None = None
    """None when nothing was recorded or the result is not decided; empty when the record agrees."""
    notes: list[str] = field(default_factory=list)
    allin: AllIn | None = None
    """The equity when the chips went in, for a hand whose betting ended before 7th street (``allin.py``)."""
    why: list[Why] | None = None
    """When asked for (``explain``): the decisions behind the hand, or the rule an invalid one broke."""
    skipped: Skipped | None = None
    """Why the hand was not checked (a game not played, or whose rules the rules object cannot give); never an
    error."""
    sites_rules: dict[str, bool] = field(default_factory=dict)
    """The options the hand was replayed with beyond the rules asked for, each a rule choice of its site that it
    used (``fold_when_no_bet``), so that its snapshot replays as it was checked."""

    @property
    def valid(self) -> bool:
        """Whether the hand was read and obeys the rules (a skipped hand was not checked, so it is not valid)."""
        return self.error is None and self.skipped is None


def check_hand(index: int, read: Callable[[], WrittenHand], rules: Rules | RulesByGame, explain: bool = False,
               budget: Budget | None = None) -> HandCheck:
    """Read one hand, replay it once under ``rules`` and compare what it says was paid with what the rules pay;
    with ``explain``, keep the decisions behind it. Its all-in equity is paid from ``budget``, and left out with a
    note when it cannot be."""
    try:
        hand = read()
    except OtherGameError as other:
        return HandCheck(index, None, skipped=Skipped(other.game, other.message, other.entry),
                         why=[] if explain else None)
    except UnreadableHandError as error:
        return HandCheck(index, None, HandError(error.kind, error.message, error.entry), why=[] if explain else None)
    game_rules = rules_for(rules, hand.game)
    if isinstance(game_rules, str):
        return HandCheck(index, hand, notes=list(hand.notes), why=[] if explain else None, skipped=Skipped(
            hand.game, f"a hand of {GAME_NAMES[hand.game]}: the rules given do not apply to it ({game_rules})",
            hand.entry))
    checked = HandCheck(index, hand, notes=list(hand.notes))
    _Checker(hand, game_rules, explain, checked, budget).run()
    return checked


class _Checker:
    """Builds the snapshot of a written hand and plays its entries through the engine."""

    def __init__(self, hand: WrittenHand, rules: Rules, explain: bool, checked: HandCheck,
                 budget: Budget | None) -> None:
        self.hand = hand
        self.budget = budget
        self.rules = rules if hand.folds_when_free is None else replace(rules, fold_when_no_bet=True)
        self.folds_refused = not rules.fold_when_no_bet
        """Whether the rules asked for refuse a fold where a check is free, which the site allows."""
        self.explain = explain
        self.checked = checked
        self.adjusted: dict[int, int] = {}
        """By seat: the chips the rules' amounts put in beyond amounts written otherwise (noted)."""
        self.up_entries: list[list[Entry]] = []
        self.down_entries: list[list[Entry]] = []

    def run(self) -> None:
        """Check the hand, recording the first problem with its entry."""
        checked, hand = self.checked, self.hand
        try:
            checked.players = self.dealt()
            snapshot = replace(dealt_snapshot(hand.stakes, checked.players, self.rules, hand.dealer_seat,
                                              None if hand.community_card is None else hand.community_card[0]),
                               game=GAMES[hand.game.value])
            replay, state = self.replay(snapshot)
            snapshot = checked.snapshot = self.tabled_mucks(replace(snapshot, actions=checked.actions), state)
            checked.state = state
            result = checked.result = settle(snapshot, state)
            try:
                checked.allin = all_in_equity(snapshot, state, result, self.budget)
            except LeftOut as left_out:
                checked.notes.append(str(left_out))
            if self.explain:
                checked.why = explanation(replay, snapshot, state, result)
        except UnreadableHandError as error:  # an up card dealt unknown: the reader's entry says where
            self.refuse(HandError(error.kind, error.message, error.entry))
            return
        except InputError as error:
            citation = error.citation if isinstance(error, IllegalActionError) else None
            self.refuse(HandError(error.kind, str(error), self.entry_of(error.path, error), citation))
            return
        recorded = hand.recorded
        if recorded is not None and result is not None:
            starting = {player.seat: player.stack for player in hand.players if player.stack is not None}
            checked.discrepancies, convention = discrepancies(recorded, state, result, starting, self.adjusted)
            if convention is not None:
                checked.notes.append(convention)
        elif recorded is not None:
            checked.notes.append("the history records what was paid, but the hand's result is not decided: "
                                 "a live hand's cards are not all shown")

    def refuse(self, error: HandError) -> None:
        """The hand is not valid: the error, and when asked why, the rule it broke."""
        self.checked.error = error
        if self.explain:
            self.checked.why = [] if error.citation is None else [error.citation.says("illegal_action", error.detail)]

    def dealt(self) -> tuple[PlayerIn, ...]:
        """The players as the snapshot deals them: stacks before the antes, up cards and the down cards known."""
        players = []
        for player in self.hand.players:
            up, down = self.split_cards(player)
            players.append(PlayerIn(player.seat, self.stack(player), tuple(up), tuple(down) if down else None,
                                    player.muck is not None))
        return tuple(players)

    def split_cards(self, player: WrittenPlayer) -> tuple[list[str], list[str]]:
        """A player's up cards and the down cards known, by razz's deal; an up card must be known."""
        up: list[str] = []
        down: list[str] = []
        up_entries: list[Entry] = []
        down_entries: list[Entry] = []
        unseen = False
        for place, (card, entry) in enumerate(zip(player.cards, player.card_entries, strict=True)):
            if place >= len(FACE_DOWN) or not FACE_DOWN[place]:  # a card past the deal is up: the schema refuses it
                if card is None:
                    raise UnreadableHandError(entry, f"seat {player.seat}'s up card {place - 1} is dealt unknown")
                up.append(card)
                up_entries.append(entry)
            elif card is None:
                unseen = True
            elif unseen:  # down_cards are the first ones dealt: a later one known alone has no place in them
                self.checked.notes.append(f"seat {player.seat}'s down card {card} is known but an earlier one is "
                                          "not: it is left out of the snapshot")
            else:
                down.append(card)
                down_entries.append(entry)
        self.up_entries.append(up_entries)
        self.down_entries.append(down_entries)
        return up, down

    def stack(self, player: WrittenPlayer) -> int:
        """The player's chips before the antes; a stack the history does not know is more than the hand can take."""
        if player.stack is not None:
            return player.stack
        stakes = self.hand.stakes  # a street total never passes the street's largest written total
        deepest = 1 + stakes["ante"] + stakes["bring_in"] + sum(action.to or action.adds or 0
                                                                for action in self.hand.actions)
        self.checked.notes.append(f"seat {player.seat}'s starting stack is not known: taken as {deepest}, more than "
                                  "the hand's betting can take")
        return deepest

    def replay(self, snapshot: Snapshot) -> tuple[Replay, TableState]:
        """Play every entry, naming each action from where the hand stands (``checked.actions``), on a replay that
        keeps its decisions as it makes them; the replay and where it stands."""
        replay = Replay(snapshot)
        played: list[Action] = []
        mucks = [(player.muck_after, index) for index, player in enumerate(self.hand.players) if player.muck]
        first_muck = min(mucks, default=None)
        try:
            for number, written in enumerate(self.hand.actions):
                action = self.action(replay, written)
                played.append(action)
                replay.play(action)
                if first_muck is not None and number >= first_muck[0]:
                    self.refuse_early_muck(first_muck[1], written)
        finally:
            self.checked.actions = tuple(played)
        return replay, replay.state()

    def tabled_mucks(self, snapshot: Snapshot, state: TableState) -> Snapshot:
        """Note each muck written where every live hand was tabled at once (section 5's ruling of 2026-12); where
        the mucked cards are written they speak, so the hand contends: the snapshot without the muck."""
        all_in = [player.seat for player in state.players if player.all_in and not player.folded]
        if state.phase is not Phase.SHOWDOWN or not tabled_at_once(all_in):
            return snapshot
        own = HAND_SIZE - (snapshot.community_card is not None)
        are = "is" if len(all_in) == 1 else "are"
        players = list(snapshot.players)
        for index, player in enumerate(players):
            muck = self.hand.players[index].muck
            if not player.mucked or muck is None:
                continue
            tabled = (f"line {muck.line} ({quoted(muck.source)}): seat {player.seat} mucks, but {seat_list(all_in)} "
                      f"{are} all-in and the betting is over, so TDA 16 tabled every live hand")
            if len(player.up_cards) + len(player.down_cards or ()) == own:
                players[index] = msgspec.structs.replace(player, mucked=False)
                self.checked.notes.append(f"{tabled}: its cards, written, speak (TDA 12), and the pots go by them")
            else:
                self.checked.notes.append(f"{tabled}: its cards are not written, so it concedes, as the history "
                                          "records")
        self.checked.players = tuple(players)
        return replace(snapshot, players=self.checked.players)

    def refuse_early_muck(self, index: int, written: WrittenAction) -> None:
        """A muck ends a hand at showdown: a betting entry after it that the rules take shows it came before the
        betting ended."""
        seat = self.hand.players[index].seat
        raise SnapshotError(f"players[{index}].mucked", f"seat {seat} mucks before the betting is over: "
                                                        f"{quoted(written.entry.source)} (line {written.entry.line}) "
                                                        "follows")

    def action(self, replay: Replay, written: WrittenAction) -> Action:
        """The snapshot's action for an entry: its type named by the rules, its amount as written unless noted."""
        seat, verb = written.seat, written.verb
        if verb is _ALL_IN and written.adds is not None and written.adds <= replay.owes(seat):
            return Action(seat, _CALL, written.adds)
        if verb is _INCREASE or verb is _ALL_IN:
            kind = replay.increase()
            adds = written.adds if written.to is None else written.to - replay.street_total(seat)
            return Action(seat, kind, self.effective(replay, written, kind, adds))
        if verb is _CHECK_OR_CALL:
            return Action(seat, _CALL if replay.owes(seat) > 0 else _CHECK)
        if verb is Verb.FOLD and self.folds_refused and self.hand.folds_when_free and replay.owes(seat) == 0:
            self.checked.sites_rules["fold_when_no_bet"] = True
            self.note(written, "a fold where a check was free, which the rules asked for refuse (fold_when_no_bet: "
                               f"false); {self.hand.folds_when_free} offers that fold at its tables, the site's rule "
                               "choice, so it is taken as written")
        if verb is _WRITTEN_CALL:
            return Action(seat, _CALL, self.short_bring_in_call(replay, written))
        return Action(seat, _NAMED[verb], written.adds)

    def effective(self, replay: Replay, written: WrittenAction, kind: ActionType, adds: int | None) -> int | None:
        """A bet or raise written as the total the last opponent can match is the rules' full bet, noted."""
        chips = replay.price(written.seat, kind)
        if adds is None or isinstance(chips, Refusal) or adds == chips or adds > chips:
            return adds
        total = replay.street_total(written.seat) + adds
        others = [replay.reach(seat) for seat in replay.live_seats() if seat != written.seat]
        if others and total == max(others):
            full = replay.street_total(written.seat) + chips
            self.note(written, f"written as {total}, what the last opponent can match all-in: the rules' {kind} "
                               f"is to {full}, and the {full - total} over it comes back uncalled")
            self.adjusted[written.seat] = self.adjusted.get(written.seat, 0) + chips - adds
            return chips
        return adds

    def short_bring_in_call(self, replay: Replay, written: WrittenAction) -> int | None:
        """A heads-up call of a short all-in bring-in for what was posted is a call of the full bring-in, noted."""
        chips = replay.price(written.seat, ActionType.CALL)
        adds = written.adds
        if adds is None or isinstance(chips, Refusal) or adds >= chips or len(replay.live_seats()) != 2:
            return adds
        poster = next((action.seat for action in self.hand.actions if action.verb is Verb.BRING_IN), None)
        if poster is None or poster == written.seat or replay.reach(poster) != replay.street_total(poster) or \
                replay.street_total(written.seat) + adds != replay.street_total(poster) or \
                replay.street != FIRST_STREET:
            return adds
        self.note(written, f"a call of the {replay.street_total(poster)} posted all-in for the bring-in: the rules' "
                           f"call is {chips}, and the {chips - adds} over it comes back uncalled")
        self.adjusted[written.seat] = self.adjusted.get(written.seat, 0) + chips - adds
        return chips

    def note(self, written: WrittenAction, text: str) -> None:
        """A note about one entry."""
        self.checked.notes.append(f"line {written.entry.line} ({quoted(written.entry.source)}): {text}")

    def entry_of(self, path: str, error: InputError | None = None) -> Entry:
        """The entry a snapshot field's path comes from: an action, a card, a player; else the hand's first line."""
        hand = self.hand
        if isinstance(error, DuplicateCardError):
            dealt = [entry for player in hand.players for card, entry in zip(player.cards, player.card_entries,
                                                                             strict=True) if card == error.card]
            if hand.community_card is not None and hand.community_card[0] == error.card:
                dealt.append(hand.community_card[1])
            if dealt:
                return max(dealt, key=lambda entry: entry.line)
        if path == "community_card" and hand.community_card is not None:
            return hand.community_card[1]
        written = hand.field_entries.get(".".join(path.split(".")[:2]))
        if written is not None:
            return written
        found = _PATH.match(path)
        if found is None:
            return hand.entry
        kind, index, part, card = found.group(1), int(found.group(2)), found.group(3), found.group(4)
        if kind == "actions":
            return hand.actions[index].entry if index < len(hand.actions) else hand.entry
        if index >= len(hand.players):
            return hand.entry
        player = hand.players[index]
        if part == "mucked" and player.muck is not None:
            return player.muck
        if part == "seat" and "players.seat" in hand.field_entries:
            return hand.field_entries["players.seat"]
        entries = {"up_cards": self.up_entries, "down_cards": self.down_entries}.get(part or "")
        if entries is not None and index < len(entries) and entries[index]:
            cards = entries[index]
            return cards[int(card)] if card is not None and int(card) < len(cards) else cards[-1]
        return player.entry


def explanation(replay: Replay, snapshot: Snapshot, state: TableState, result: Settlement | None) -> list[Why]:
    """The decisions behind a valid hand, from its one replay: those the replay recorded, then the settlement's
    once decided."""
    why = replay.explain().why
    return why if result is None else [*why, *explain_settlement(snapshot, state, result)]


def uncalled(state: TableState) -> dict[int, int]:
    """The chips a seat put in that no other seat matched, which come back to it (not raked)."""
    excess = uncalled_excess({player.seat: player.committed_total for player in state.players})
    return {} if excess is None else dict([excess])


def rake_shares(rake: int, won: Mapping[int, int]) -> dict[int, int]:
    """The rake each seat pays: the pots lose it before they are split, so winners pay it in proportion to what
    they won; the chips a proportion leaves go one each to the biggest winners (sites round either way)."""
    total = sum(won.values())
    shares = {seat: rake * amount // total if total else 0 for seat, amount in won.items()}
    left = rake - sum(shares.values())
    for seat in sorted((seat for seat, amount in won.items() if amount > 0), key=lambda seat: -won[seat])[:left]:
        shares[seat] += 1
    return shares


RAKE_CONVENTIONS = ("spread over the pots, each winner paying in proportion to what he won",
                    "taken from the main pot alone")
"""How sites take the rake when a hand has side pots: from every pot, so each winner pays in proportion to what he
won, or from the main pot alone, so only its winners pay it."""


def discrepancies(recorded: Recorded, state: TableState, result: Settlement, starting: Mapping[int, int],
                  adjusted: Mapping[int, int]) -> tuple[list[Discrepancy], str | None]:
    """Each seat the history pays otherwise than the rules, and, where side pots make the sites' rake conventions
    differ (``RAKE_CONVENTIONS``), the note naming the one its record follows. The record agrees when it is the
    rules' payouts less the rake taken by a convention a site uses; when none fits, the seats are named as the
    first convention, the rake spread, pays them."""
    paid = {share.seat: share.amount for share in result.payouts}
    back = uncalled(state)
    won = {seat: amount - back.get(seat, 0) for seat, amount in paid.items()}
    spread = rake_shares(recorded.rake, won)
    main = ({share.seat: share.amount for share in result.pots[0].shares} if result.pots else {})
    from_main = dict.fromkeys(won, 0) | rake_shares(recorded.rake, main) if main else spread
    found = _discrepancies(recorded, state, paid, won, starting, adjusted, spread)
    if not recorded.rake or from_main == spread:
        return found, None
    if not found:
        return found, f"the rake ({recorded.rake}) is {RAKE_CONVENTIONS[0]}, as the record pays it"
    if not _discrepancies(recorded, state, paid, won, starting, adjusted, from_main):
        return [], f"the rake ({recorded.rake}) is {RAKE_CONVENTIONS[1]}, as the record pays it"
    return found, None


def _discrepancies(recorded: Recorded, state: TableState, paid: Mapping[int, int], won: Mapping[int, int],
                   starting: Mapping[int, int], adjusted: Mapping[int, int],
                   rake_of: Mapping[int, int]) -> list[Discrepancy]:
    """Each seat the history pays otherwise than the rules with the rake ``rake_of`` each seat pays, in the history's
    own terms: ``paid`` is what the rules pay each seat, ``won`` the same less the chips that come back uncalled.

    ``starting`` holds the stacks the history knows (a finishing stack is judged only against a
    known one); ``adjusted`` the chips the rules' amounts put in beyond the written ones, which
    come back uncalled but which the history, having written less, never shows returned. A split
    rake may put a chip on either winner, so with a rake each seat may differ by one chip; the
    chips in all must still be what the rules pay less the rake.
    """
    slack = 1 if recorded.rake and sum(amount > 0 for amount in won.values()) > 1 else 0
    committed = {player.seat: player.committed_total for player in state.players}
    compared: dict[int, tuple[int, int]] = {}
    for seat in sorted(paid):
        if seat not in recorded.amounts or (recorded.kind == "finishing_stacks" and seat not in starting):
            continue
        if recorded.kind == "finishing_stacks":
            compared[seat] = (recorded.amounts[seat], starting[seat] - committed[seat] + paid[seat] - rake_of[seat])
        elif recorded.kind == "winnings":
            compared[seat] = (recorded.amounts[seat], won[seat] - rake_of[seat])
        else:
            compared[seat] = (recorded.amounts[seat] + recorded.returned.get(seat, 0) + adjusted.get(seat, 0),
                              paid[seat] - rake_of[seat])
    found = [Discrepancy(seat, written, computed) for seat, (written, computed) in compared.items()
             if abs(written - computed) > slack]
    if not found and sum(written for written, _ in compared.values()) != sum(rules for _, rules in compared.values()):
        found = [Discrepancy(seat, written, computed) for seat, (written, computed) in compared.items()
                 if written != computed]
    return found
