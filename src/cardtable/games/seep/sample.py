"""Worlds a seat cannot tell from the true one: the state behind a view, its hidden cards guessed.

Search bots play out sampled worlds, so a world must be a legal state agreeing with everything the
seat has seen: its own hand, the floor (once turned up), the houses and their owners, the piles,
and every hand's size. The hidden cards are dealt at random to the places the seat cannot see, with
the constraints the rules impose, each met first: a bidder still bidding holds a card above 8, a
bidder about to open holds a card of the bid value (R8), and every owner of a house keeps a card of
its value (I3).
"""

from __future__ import annotations

import random

from cardtable.games.seep.floor import VALUE_MASK, bits
from cardtable.games.seep.play import packet_seats
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.state import Phase, SeepState
from cardtable.games.seep.view import SeepView


def sample(rules: SeepRules, view: SeepView, rng: random.Random) -> SeepState:
    """A random state consistent with ``view`` (see the module docstring)."""
    if view.phase is Phase.DEAL or view.phase is Phase.OVER:
        raise ValueError("only a hand in progress can be sampled")
    seat = view.seat
    known = view.hand | view.piles[0] | view.piles[1] | view.loose
    for h in view.houses:
        known |= h.cards
    hidden = [c for c in bits(((1 << 52) - 1) & ~known)]
    rng.shuffle(hidden)
    hands = [0, 0, 0, 0]
    hands[seat] = view.hand
    stock = [0, 0, 0, 0]
    room = [0 if i == seat else view.hand_sizes[i] for i in range(4)]
    if view.phase is not Phase.PLAY:
        # R11: the packets still to come; before the bid, the four floor cards too.
        for s in packet_seats(view.dealer):
            stock[s] -= 4  # counted as negative room, filled below
    loose = view.loose
    if not view.floor_visible:
        loose = _take(hidden, 4)
    b = (view.dealer + 1) % 4
    if view.phase is Phase.BID and b != seat:
        # R8: the bidder is bidding, so holds a card above 8 among the four.
        card = next(c for c in hidden if (c % 13) >= 8)
        hidden.remove(card)
        hands[b] |= 1 << card
        room[b] -= 1
    elif view.phase is Phase.OPENING and b != seat:
        # R8/R10: the bidder, about to open, holds a card of the bid value among its four.
        held = next((c for c in hidden if VALUE_MASK[view.bid] >> c & 1), None)
        if held is not None:  # None only for a view the rules cannot reach; deal it freely
            hidden.remove(held)
            hands[b] |= 1 << held
            room[b] -= 1
    # I3: each owner keeps a card of the house's value.
    for h in view.houses:
        for o in range(4):
            if not h.owners >> o & 1 or o == seat or hands[o] & VALUE_MASK[h.value]:
                continue
            keep = next((c for c in hidden if VALUE_MASK[h.value] >> c & 1), None)
            if keep is None or not room[o]:
                continue  # the view is inconsistent with I3; deal the rest freely
            hidden.remove(keep)
            hands[o] |= 1 << keep
            room[o] -= 1
    for i in range(4):
        hands[i] |= _take(hidden, room[i])
        stock[i] = _take(hidden, -stock[i])
    return SeepState(
        view.dealer, view.match, view.phase, view.bid, view.plays, (hands[0], hands[1], hands[2], hands[3]),
        (stock[0], stock[1], stock[2], stock[3]), loose, view.houses, view.piles, view.sweeps, view.last_capture,
    )  # fmt: skip


def _take(cards: list[int], n: int) -> int:
    m = 0
    for _ in range(n):
        m |= 1 << cards.pop()
    return m
