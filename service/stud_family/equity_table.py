"""The equity of the live hands at the point a table's snapshot reached, from the cards it shows.

What ``POST /v1/equity`` answers for those cards with ``auto``: each live player's up cards and
the down cards the snapshot gives, the folded and mucked players' cards dead, the players dealt
each street counted from the up cards they show (section 7's stub), and 7th street's community
card when it is turned. A game server asks it beside the table's state, once a decision.
"""

from __future__ import annotations

from typing import NamedTuple

from .betting import TableState
from .equity import Equity, Method, StudEquity, equity, equity_work
from .equity_spot import Spot, read_spot
from .snapshot import Snapshot
from .streets import FIRST_STREET, LAST_STREET, STREETS, up_cards_on


class LiveEquity(NamedTuple):
    """The live hands' equity still to compute, with its work known before it starts."""

    snapshot: Snapshot
    spot: Spot
    units: int

    def compute(self) -> Equity | StudEquity:
        """The equity, ``auto``: exact within the budget, else sampled from seed 0."""
        return equity(self.snapshot.game.judging, self.spot, Method.AUTO)


def live_equity(snapshot: Snapshot, state: TableState) -> LiveEquity | None:
    """The equity of the hands still live where ``state`` stands, its hands valued as the snapshot's game judges
    them; None when fewer than two are live.

    A hand is live until it folds or mucks. Each shows the up cards dealt to the street reached (a snapshot that
    gives a later street's card before its street is played answers for the street reached).
    """
    out = {seated.seat for seated in state.players if seated.folded}
    out.update(player.seat for player in snapshot.players if player.mucked)
    live = [player for player in snapshot.players if player.seat not in out]
    if len(live) < 2:
        return None
    shown, down = up_cards_on(state.street), STREETS[state.street].down_cards
    dead = [card for player in snapshot.players if player.seat in out
            for card in (*player.up_cards, *(player.down_cards or ()))]
    dealt = [sum(len(player.up_cards) >= up_cards_on(number) for player in snapshot.players)
             for number in range(FIRST_STREET, min(state.street, LAST_STREET - 1) + 1)]
    spot = read_spot([(player.seat, player.up_cards[:shown], (player.down_cards or ())[:down]) for player in live],
                     dead, dealt, snapshot.rules.max_players, snapshot.community_card)
    return LiveEquity(snapshot, spot, equity_work(snapshot.game.judging, spot))
