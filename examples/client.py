"""Play one whole hand through the Razz rules service, as a game server would: ``python examples/client.py``.

The cards are dealt here, from a shuffled deck: a street's up cards are added to the snapshot
when the service answers ``phase: dealing`` (or ``showdown`` before 7th street, when everyone is
all-in), and 7th street's down card, or the community card when ``community_card_allowed``, once
the hand reaches 7th street. The seat to act picks one of ``/v1/legal-actions``'s legal actions
at random; ``/v1/table/state`` then settles the hand. The same ``--seed`` plays the same hand.
Exits 0 once the hand is settled and its payouts add up to the pot, 1 when it is not settled,
they do not, or the service refuses what it allowed, 2 when the service at ``RAZZ_URL`` cannot
be reached.
Standard library only, so that it runs wherever Python does.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import urllib.error
import urllib.request
from http.client import HTTPMessage
from typing import Any

RAZZ_URL = os.environ.get("RAZZ_URL", "http://127.0.0.1:8080").rstrip("/")
TIMEOUT = 10
"""Seconds a request may take: the service answers in milliseconds, so a hung one is a failure."""

STAKES = {"ante": 5, "bring_in": 10, "small_bet": 40, "big_bet": 80}
DECK = [rank + suit for rank in "A23456789TJQK" for suit in "shdc"]
MOST_STACK = 1500
"""Stacks are drawn from 1 to this many chips: some players go all-in, some from the ante."""
FOLD_WEIGHT, OTHER_WEIGHT = 1, 4
"""A fold is drawn a quarter as often as any other legal action, so that more hands reach 7th street."""
LAST_STREET = 7

Json = dict[str, Any]


class Refused(Exception):
    """A problem answer (RFC 9457) from the service: a request it would not take, and the rule it cites."""

    def __init__(self, status: int, body: str) -> None:
        try:
            problem = json.loads(body)
        except ValueError:  # not the service's problem+json: a proxy's or a load balancer's page
            problem = {"detail": body[:200]}
        cited = f" ({problem['rule']} {problem['source']})" if "rule" in problem else ""
        super().__init__(f"{status} {problem.get('detail')}{cited}")


def post(path: str, body: Json) -> tuple[Json, HTTPMessage]:
    """POST ``body`` to the service, the answer and its headers; Refused for a problem, OSError when unreachable."""
    request = urllib.request.Request(RAZZ_URL + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return json.load(response), response.headers
    except urllib.error.HTTPError as error:
        raise Refused(error.code, error.read().decode(errors="replace")) from None


def deal_table(rng: random.Random, players: int) -> tuple[Json, list[str]]:
    """A new hand's snapshot (seats, stacks, two down cards and a door card each) and the deck left over."""
    deck = DECK.copy()
    rng.shuffle(deck)
    seats = sorted(rng.sample(range(1, 9), players))
    table = [{"seat": seat, "stack": rng.randint(1, MOST_STACK), "up_cards": [deck.pop()],
              "down_cards": [deck.pop(), deck.pop()]} for seat in seats]
    return {"stakes": STAKES, "players": table, "actions": []}, deck


def live_players(snapshot: Json, answer: Json) -> list[Json]:
    """The snapshot's players who have not folded, by the service's account."""
    folded = {player["seat"] for player in answer["players"] if player["folded"]}
    return [player for player in snapshot["players"] if player["seat"] not in folded]


def deal_cards(snapshot: Json, answer: Json, deck: list[str]) -> str | None:
    """Deal what the hand waits for, described; None when it waits for nothing.

    A next street's up card when the betting round is over without it (dealing, or a showdown
    before 7th street), 7th street's card once the hand is there: a down card each, or one
    community card when the deck has run short.
    """
    street, phase = answer["street"], answer["phase"]
    live = live_players(snapshot, answer)
    if phase in ("dealing", "showdown") and street < LAST_STREET:
        for player in live:
            player["up_cards"].append(deck.pop())
        return f"street {street + 1}: " + ", ".join(f"seat {p['seat']} shows {p['up_cards'][-1]}" for p in live)
    seventh_dealt = "community_card" in snapshot or any(len(p["down_cards"]) == 3 for p in live)
    if street < LAST_STREET or phase == "complete" or seventh_dealt:
        return None
    if answer["community_card_allowed"]:
        snapshot["community_card"] = deck.pop()
        return f"street 7: the deck ran short, community card {snapshot['community_card']}"
    for player in live:
        player["down_cards"].append(deck.pop())
    return "street 7: a down card to each of seats " + ", ".join(str(player["seat"]) for player in live)


def choose(rng: random.Random, answer: Json) -> Json:
    """One of the legal actions, at random."""
    legal = answer["legal_actions"]
    return rng.choices(legal, [FOLD_WEIGHT if action["type"] == "fold" else OTHER_WEIGHT for action in legal])[0]


def as_action(seat: int, legal: Json) -> Json:
    """A legal action as the snapshot's next action, with the chips it adds so that the service checks them too."""
    action = {"seat": seat, "type": legal["type"]}
    if "amount" in legal:
        action["amount"] = legal["amount"]
    return action


def play(rng: random.Random, players: int) -> Json:
    """Deal and play a hand to its end; the /v1/table/state answer for it."""
    snapshot, deck = deal_table(rng, players)
    print("street 3: " + ", ".join(f"seat {p['seat']} ({p['stack']} chips) shows {p['up_cards'][0]}"
                                   for p in snapshot["players"]))
    while True:
        answer, _ = post("/v1/legal-actions", snapshot)
        dealt = deal_cards(snapshot, answer, deck)
        if dealt is not None:
            print(dealt)
        elif answer["phase"] == "betting":
            picked = choose(rng, answer)
            snapshot["actions"].append(as_action(answer["to_act"], picked))
            chips = f" {picked['amount']}" if "amount" in picked else ""
            print(f"street {answer['street']}: seat {answer['to_act']} {picked['type']}{chips}"
                  + (" (all-in)" if picked.get("all_in") else ""))
        else:
            state, _ = post("/v1/table/state", snapshot)
            return state


def report(state: Json) -> bool:
    """Print the hand's result; whether it is settled with payouts that add up to the pot."""
    result = state["result"]
    if result is None:
        print(f"not settled: the hand stands at street {state['street']}, phase {state['phase']}")
        return False
    print(f"{state['phase']} on street {state['street']}: winners {result['winners']}, pot {state['pot']}")
    for number, pot in enumerate(result["pots"]):
        print(f"  pot {number}: {pot['amount']} to {pot['winners']} ({pot['winning_hand'] or 'uncontested'})")
    print("payouts: " + ", ".join(f"seat {paid['seat']} {paid['amount']}" for paid in result["payouts"]))
    paid = sum(share["amount"] for share in result["payouts"])
    if paid != state["pot"]:
        print(f"the payouts add up to {paid}, not the pot of {state['pot']}")
        return False
    return True


def main() -> int:
    """Play the hand the seed deals; 0 when it is settled and paid in full."""
    parser = argparse.ArgumentParser(description="Play one hand of razz through the rules service at RAZZ_URL.")
    parser.add_argument("--seed", type=int, default=None, help="the same seed plays the same hand (default: any)")
    parser.add_argument("--players", type=int, choices=range(2, 9), default=None, help="2 to 8 (default: drawn)")
    arguments = parser.parse_args()
    seed = random.randrange(2**32) if arguments.seed is None else arguments.seed
    rng = random.Random(seed)
    print(f"seed {seed}, service {RAZZ_URL}")
    try:
        state = play(rng, arguments.players or rng.randint(2, 8))
    except Refused as refused:
        print(f"the service refused the hand: {refused}")
        return 1
    except OSError as error:
        print(f"cannot reach the service at {RAZZ_URL}: {error}", file=sys.stderr)
        return 2
    return 0 if report(state) else 1


if __name__ == "__main__":
    sys.exit(main())
