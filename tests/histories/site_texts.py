"""Razz hands written in each site's syntax, for the reader tests: the WSOP samples as PokerStars, Full Tilt, Winamax
and Merge would export them.

The sites' own razz exports are hard to find (the shared samples are razz for PokerStars and Full
Tilt only, the others' 7-card stud), so each WSOP hand the check has read from PHH is written out here from its
checked snapshot and state: the same seats, stacks, cards, actions and payouts, in the wording of
the formats' notes (``notes/handhistories.md``), never through the readers under test. A hand
read back from these texts must be the hand the PHH says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.histories.encodings import decode_history
from tests.tables import payouts

from .phh_texts import CHECK, SAMPLES, SAMPLES_DIR, sample_text

STUD_SAMPLES = {"fulltilt-stud-cash.txt": "fulltilt", "fulltilt-studhilo-cash.txt": "fulltilt",
                "winamax-stud-cash.txt": "winamax", "winamax-stud-play.txt": "winamax",
                "merge-stud-cash.xml": "merge", "merge-studhilo-cash.xml": "merge"}
"""The 7-card stud samples and their formats: each site's syntax, in hands that are not razz."""
RETITLED = {"Limit Stud Hi": "Limit Razz", "7-Card Stud fixed limit": "Razz fixed limit",
            "7stud fixed limit": "Razz fixed limit", 'type="7-Stud H/L8"': 'type="Razz"',
            'type="7-Stud"': 'type="Razz"', 'gametype="39"': 'gametype="47"', 'gametype="43"': 'gametype="47"'}
"""What names a stud sample's game, and the razz name in its place."""


def sample(name: str) -> str:
    """A sample file's text, decoded as the CLI decodes it."""
    return decode_history((SAMPLES_DIR / name).read_bytes())


def as_razz(text: str) -> str:
    """A stud sample with its game named razz: every line of it then reads (the rules may still refuse the hand:
    stud's bring-in is the low card)."""
    for old, new in RETITLED.items():
        text = text.replace(old, new)
    return text


def checked_samples(client) -> dict[str, dict[str, Any]]:
    """Each WSOP sample's checked hand (the full answer), by its number."""
    return {number: client.post(CHECK, json={"format": "phh", "text": sample_text(number)}).get_json()["hands"][0]
            for number in SAMPLES}


def name(seat: int) -> str:
    """A player's screen name: with a space, as real ones may have."""
    return f"Player {seat}"


class _Hand:
    """A checked hand's facts, in the order an export writes them."""

    def __init__(self, hand: dict[str, Any]) -> None:
        self.snapshot, self.state = hand["snapshot"], hand["state"]
        self.stakes = self.snapshot["stakes"]
        self.players = self.snapshot["players"]
        self.seats = [player["seat"] for player in self.players]
        self.result = self.state["result"]
        totals = sorted((player["committed_total"] for player in self.state["players"]), reverse=True)
        top = next(player["seat"] for player in self.state["players"] if player["committed_total"] == totals[0])
        self.uncalled = {top: totals[0] - totals[1]} if totals[0] > totals[1] else {}
        self.payouts = payouts(self.result)

    def cards(self, player: dict[str, Any]) -> list[str | None]:
        """A player's cards in deal order, None for a down card not known."""
        down = list(player.get("down_cards", []))
        down += [None] * (3 - len(down))
        up = player["up_cards"]
        dealt = [down[0], down[1], *up[:1], *up[1:4]]
        if len(up) == 4 and ((player.get("down_cards") and len(player["down_cards"]) == 3) or self.reached(7, player)):
            dealt.append(down[2])
        return dealt

    def reached(self, street: int, player: dict[str, Any]) -> bool:
        """Whether a player was dealt the street's cards."""
        return any(record["street"] >= street for record in self.state["streets"]) and \
            not self.folded_before(street, player["seat"])

    def folded_before(self, street: int, seat: int) -> bool:
        """Whether the seat folded on a street before ``street``."""
        return any(action["seat"] == seat and action["type"] == "fold"
                   for record in self.state["streets"] if record["street"] < street for action in record["actions"])

    def shown(self, player: dict[str, Any]) -> bool:
        """Whether the player shows at the showdown: live, not mucked, all cards known."""
        cards = self.cards(player)
        return self.state["phase"] == "showdown" and len(cards) == 7 and None not in cards and \
            not player.get("mucked") and not self.folded_before(8, player["seat"])

    def streets(self) -> list[tuple[int, list[tuple[int, str, int | None, int | None]]]]:
        """Each street's actions: seat, type, chips added and the street total reached."""
        streets = []
        for record in self.state["streets"]:
            totals: dict[int, int] = {}
            actions = []
            for action in record["actions"]:
                adds = action.get("amount")
                totals[action["seat"]] = totals.get(action["seat"], 0) + (adds or 0)
                actions.append((action["seat"], action["type"], adds, totals[action["seat"]]))
            streets.append((record["street"], actions))
        return streets

    def collected(self, seat: int) -> int:
        """What a seat took from the pots, its uncalled bet apart."""
        return self.payouts.get(seat, 0) - self.uncalled.get(seat, 0)


Deal = tuple[int, list[str | None], str | None]
"""A card dealt: the seat, its cards so far and the new card (None where not known)."""
Act = tuple[int, str, int | None, int | None]
"""An action: the seat, its type, the chips it adds and the seat's street total after it."""


def _streets(hand: _Hand) -> list[tuple[int, list[Deal], list[Act]]]:
    """Each street the hand reached, in order: the cards it dealt to the players still in, and its actions."""
    actions = dict(hand.streets())
    streets = []
    for street in range(3, 8):
        dealt = [(player, hand.cards(player)) for player in hand.players if len(hand.cards(player)) >= street]
        if street not in actions and not dealt:
            break
        deals = [(player["seat"], cards[:street - 1], cards[street - 1]) for player, cards in dealt
                 if not hand.folded_before(street, player["seat"])]
        streets.append((street, deals, actions.get(street, [])))
    return streets


def as_fulltilt(checked: dict[str, Any], number: str) -> str:
    """A WSOP hand as Full Tilt would export a tournament hand: chips, ``raises to``, ``wins the pot``."""
    hand = _Hand(checked)
    stakes = hand.stakes
    lines = [f"Full Tilt Poker Game #{number}000: WSOP Event 43 (1), Table 1 - {stakes['small_bet']}/"
             f"{stakes['big_bet']} Ante {stakes['ante']} - Limit Razz - 12:00:00 ET - 2023/06/20"]
    lines += [f"Seat {player['seat']}: {name(player['seat'])} ({player['stack']})" for player in hand.players]
    lines += [f"{name(seat)} antes {stakes['ante']}" for seat in hand.seats]
    words = {"bring_in": "brings in for {adds}", "complete": "completes it to {to}", "bet": "bets {adds}",
             "raise": "raises to {to}", "call": "calls {adds}", "check": "checks", "fold": "folds"}
    for street, deals, actions in _streets(hand):
        lines.append(f"*** {street}{'RD' if street == 3 else 'TH'} STREET ***")
        for seat, so_far, new in deals:
            known = " ".join(card for card in so_far if card is not None)
            if new is not None:
                lines.append(f"Dealt to {name(seat)} " + (f"[{known}] [{new}]" if known else f"[{new}]"))
        lines += [f"{name(seat)} " + words[kind].format(adds=adds, to=to) for seat, kind, adds, to in actions]
    lines += _showdown(hand, "*** SHOW DOWN ***", "{name} shows [{cards}]", "{name} mucks")
    lines += [f"Uncalled bet of {amount} returned to {name(seat)}" for seat, amount in hand.uncalled.items()]
    lines += [f"{name(seat)} wins the pot ({hand.collected(seat)})" for seat in hand.seats if hand.collected(seat)]
    lines += ["*** SUMMARY ***", f"Total pot {hand.state['pot']} | Rake 0"]
    return "\r\n\r\n".join(lines) + "\r\n"


def as_pokerstars(checked: dict[str, Any], number: str) -> str:
    """A WSOP hand as PokerStars would export a tournament hand: chips, ``NAME: action``, ``raises A to B`` (by, then
    to), the completion written as a raise, the uncalled bet apart from what was collected."""
    hand = _Hand(checked)
    stakes = hand.stakes
    lines = [f"PokerStars Hand #{number}000: Tournament #43, $50000 USD Razz Limit - Level XX ({stakes['small_bet']}/"
             f"{stakes['big_bet']}) - 2023/06/20 12:00:00 ET", "Table '43 1' 8-max"]
    lines += [f"Seat {player['seat']}: {name(player['seat'])} ({player['stack']} in chips)" for player in hand.players]
    lines += [f"{name(seat)}: posts the ante {stakes['ante']}" for seat in hand.seats]
    for street, deals, actions in _streets(hand):
        lines.append({3: "*** 3rd STREET ***", 7: "*** RIVER ***"}.get(street, f"*** {street}th STREET ***"))
        for seat, so_far, new in deals:
            known = " ".join(card for card in so_far if card is not None)
            if known:  # 3rd street's cards in one pair of brackets, later ones after the cards so far
                known += f" {new}" if street == 3 else f"] [{new}"
            if new is not None:
                lines.append(f"Dealt to {name(seat)} [{known or new}]")
        high = 0
        for seat, kind, adds, to in actions:
            words = {"bring_in": f"brings in for {adds}", "bet": f"bets {adds}", "call": f"calls {adds}",
                     "check": "checks", "fold": "folds"}.get(kind) or f"raises {(to or 0) - high} to {to}"
            lines.append(f"{name(seat)}: {words}")
            high = max(high, to or 0)
    lines += _showdown(hand, "*** SHOW DOWN ***", "{name}: shows [{cards}] (Lo: a low)", "{name}: mucks hand")
    lines += [f"Uncalled bet ({amount}) returned to {name(seat)}" for seat, amount in hand.uncalled.items()]
    lines += [f"{name(seat)} collected {hand.collected(seat)} from pot" for seat in hand.seats if hand.collected(seat)]
    lines += ["*** SUMMARY ***", f"Total pot {hand.state['pot']} | Rake 0"]
    return "\n".join(lines) + "\n\n\n"


def _showdown(hand: _Hand, marker: str, show: str, muck: str) -> list[str]:
    """The showdown's lines: each live hand shown, or mucked."""
    if hand.state["phase"] != "showdown" or (hand.result["uncontested"] and not any(
            player.get("mucked") for player in hand.players)):
        return []
    lines = [marker]
    for player in hand.players:
        if hand.shown(player):
            lines.append(show.format(name=name(player["seat"]), cards=" ".join(hand.cards(player))))
        elif player.get("mucked"):
            lines.append(muck.format(name=name(player["seat"])))
    return lines


def _euros(chips: int) -> str:
    """Chips written as Winamax writes euros: the sign after, cents after a point."""
    return f"{chips // 100}.{chips % 100:02d}€"


def as_winamax(checked: dict[str, Any], number: str) -> str:
    """A WSOP hand as Winamax would export a cash hand: euros (a chip a cent), ``X`` for cards not shown, what each
    seat collected with its uncalled bet inside."""
    hand = _Hand(checked)
    stakes = hand.stakes
    lines = [f"Winamax Poker - CashGame - HandId: #{number}-1-1 - Razz fixed limit ({_euros(stakes['ante'])}/"
             f"{_euros(stakes['small_bet'])}/{_euros(stakes['big_bet'])}) - 2023/06/20 12:00:00 UTC",
             "Table: 'Paris' 8-max (real money)"]
    lines += [f"Seat {player['seat']}: {name(player['seat'])} ({_euros(player['stack'])})" for player in hand.players]
    lines.append("*** ANTE/BLINDS ***")
    lines += [f"{name(seat)} posts ante {_euros(stakes['ante'])}" for seat in hand.seats]

    def words(kind: str, adds: int | None, to: int | None) -> str:
        return {"bring_in": f"brings in {_euros(adds or 0)}", "complete": f"raises {_euros(adds or 0)} to "
                f"{_euros(to or 0)}", "bet": f"bets {_euros(adds or 0)}", "raise": f"raises {_euros(adds or 0)} to "
                f"{_euros(to or 0)}", "call": f"calls {_euros(adds or 0)}", "check": "checks", "fold": "folds"}[kind]

    for street, deals, actions in _streets(hand):
        lines.append(f"*** {street}{'rd' if street == 3 else 'th'} STREET ***")
        for seat, so_far, new in deals:
            written = " ".join(card or "X" for card in so_far)
            lines.append(f"Dealt to {name(seat)} " +
                         (f"[{written} {new or 'X'}]" if street == 3 else f"[{written}] [{new or 'X'}]"))
        lines += [f"{name(seat)} {words(kind, adds, to)}" for seat, kind, adds, to in actions]
    lines += _showdown(hand, "*** SHOW DOWN ***", "{name} shows [{cards}] (a low)", "{name} mucks")
    lines += [f"{name(seat)} collected {_euros(hand.payouts[seat])} from pot" for seat in hand.seats
              if hand.payouts.get(seat)]
    lines += ["*** SUMMARY ***", f"Total pot {_euros(hand.state['pot'])} | Rake 0.00€"]
    return "\n".join(lines) + "\n\n\n"


def _dollars(chips: int, sign: str = "") -> str:
    """Chips written as Merge writes dollars (a chip a cent)."""
    return f"{sign}{chips // 100}.{chips % 100:02d}"


def as_merge(checked: dict[str, Any], number: str) -> str:
    """A WSOP hand as the Merge network would export a cash hand: seats from 0, each round's events then the cards
    it dealt, winners after the rake and the uncalled bet apart."""
    hand = _Hand(checked)
    stakes = hand.stakes
    lines = [f'<description type="Razz" stakes="Limit {_dollars(stakes["small_bet"], "$")}/'
             f'{_dollars(stakes["big_bet"], "$")}"/>',
             f'<game id="{number}-1" starttime="20230620120000" numholecards="7" gametype="47" realmoney="true">',
             "\t<players>"]
    lines += [f'\t\t<player seat="{player["seat"] - 1}" nickname="{name(player["seat"])}" '
              f'balance="{_dollars(player["stack"], "$")}" dealtin="true" />' for player in hand.players]
    lines += ["\t</players>", '\t<round id="BLINDS" sequence="1">']
    lines += [f'\t\t<event type="ANTE" player="{seat - 1}" amount="{_dollars(stakes["ante"])}"/>'
              for seat in hand.seats]
    lines.append("\t</round>")
    types = {"bring_in": "BRING_IN", "complete": "COMPLETE", "bet": "BET", "raise": "RAISE", "call": "CALL",
             "check": "CHECK", "fold": "FOLD"}
    names = {3: "THIRD_STREET", 4: "FOURTH_STREET", 5: "FIFTH_STREET", 6: "SIXTH_STREET", 7: "SEVENTH_STREET"}
    for street, deals, actions in _streets(hand):
        if street == 3:  # the bring-in's round deals 3rd street's cards
            lines.append('\t<round id="BRING_IN">')
            lines += [_merge_event(types, *action) for action in actions[:1]]
            lines += _merge_cards(deals)
            lines += ["\t</round>", f'\t<round id="{names[street]}">']
            lines += [_merge_event(types, *action) for action in actions[1:]]
        else:
            lines.append(f'\t<round id="{names[street]}">')
            lines += [_merge_event(types, *action) for action in actions]
            lines += _merge_cards(deals)
        lines.append("\t</round>")
    showdown = _showdown(hand, "", "{name}", "{name}")
    if showdown:
        lines.append('\t<round id="SHOWDOWN">')
        for player in hand.players:
            cards = ",".join(card or "null" for card in hand.cards(player))
            if hand.shown(player):
                lines += [f'\t\t<event type="SHOW" player="{player["seat"] - 1}"/>',
                          f'\t\t<cards type="SHOWN" cards="{cards}" player="{player["seat"] - 1}"/>']
            elif player.get("mucked"):
                lines.append(f'\t\t<event type="MUCK" player="{player["seat"] - 1}"/>')
        lines.append("\t</round>")
    lines.append('\t<round id="END_OF_GAME">')
    lines += [f'\t\t<winner amount="{_dollars(hand.collected(seat))}" uncalled="false" potnumber="1" '
              f'player="{seat - 1}"/>' for seat in hand.seats if hand.collected(seat)]
    lines += [f'\t\t<winner amount="{_dollars(amount)}" uncalled="true" potnumber="1" player="{seat - 1}"/>'
              for seat, amount in hand.uncalled.items()]
    lines += ["\t</round>", "</game>"]
    return "\n".join(lines) + "\n"


def _merge_event(types: dict[str, str], seat: int, kind: str, adds: int | None, to: int | None) -> str:
    """A betting event: the street total for a completion, bet or raise, the chips added for the others."""
    amount = to if kind in ("complete", "bet", "raise") else adds
    written = "" if amount is None else f' amount="{_dollars(amount)}"'
    return f'\t\t<event type="{types[kind]}" player="{seat - 1}"{written}/>'


def _merge_cards(deals: list[Deal]) -> list[str]:
    """Each player's cards so far on a street, ``null`` where not seen."""
    return [f'\t\t<cards type="DRAW_DRAWN_CARDS" cards="{",".join(card or "null" for card in [*so_far, new])}" '
            f'player="{seat - 1}"/>' for seat, so_far, new in deals]


WRITERS: dict[str, Callable[[dict[str, Any], str], str]] = {
    "pokerstars": as_pokerstars, "fulltilt": as_fulltilt, "winamax": as_winamax, "merge": as_merge}
"""Each format's writer of a checked WSOP hand."""
