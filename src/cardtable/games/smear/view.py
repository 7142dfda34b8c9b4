"""What one seat may know of a Smear hand (§3 item 18).

A seat sees its own hand, the auction, every card played and how many cards each seat holds.
Only the bidder sees the kitty it took and the discard it made. The dead stock is seen by nobody
while the hand lasts and by everyone once a played hand is over. (The hand's result, the
post-hand log, names every card, the discard included.)

A spectator (`observe_public`) sees what every seat sees: the auction, trump, every card played,
each seat's number of cards, and the dead stock once a played hand is over; never a hand, the
kitty or the discard.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import cards_of, format_card, format_cards

from .actions import CALL_TEXTS
from .state import Phase, State, Trick
from .tables import SUIT_LETTERS


def _cards(m: int) -> list[str]:
    return format_cards(cards_of(m)).split()


@dataclass(frozen=True, slots=True)
class SmearView:
    """One seat's observation. Card sets are bitmasks; ``None`` marks what this seat may not see."""

    seat: int
    phase: Phase
    to_act: int | None
    dealer: int
    scores: tuple[int, int]
    hand: int
    hand_sizes: tuple[int, ...]
    calls: tuple[int, ...]
    bidder: int | None
    bid: int | None
    kitty: int | None
    discard: int | None
    trump: int | None
    leader: int | None
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    dead: int | None

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data, cards as canonical strings."""
        first = (self.dealer + 1) % 4
        return {
            "seat": self.seat,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "hand": _cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "auction": [{"seat": (first + i) % 4, "call": CALL_TEXTS[c]} for i, c in enumerate(self.calls)],
            "bidder": self.bidder,
            "bid": self.bid,
            "kitty": None if self.kitty is None else _cards(self.kitty),
            "discard": None if self.discard is None else _cards(self.discard),
            "trump": None if self.trump is None else SUIT_LETTERS[self.trump],
            "leader": self.leader,
            "trick": [format_card(c) for c in self.trick],
            "tricks": [
                {"leader": t.leader, "cards": [format_card(c) for c in t.cards], "winner": t.winner}
                for t in self.tricks
            ],
            "dead": None if self.dead is None else _cards(self.dead),
        }


_DISCARD, _PLAY, _OVER = Phase.DISCARD, Phase.PLAY, Phase.OVER


def observe(s: State, seat: int, kitty_size: int) -> SmearView:
    """The view of ``seat`` (0-3) of state ``s``.

    A search bot observes at every step of its playouts, so the fields are read straight from
    the state's tuples and the view is built positionally."""
    phase, to_act, hands, trump, leader, trick, tricks, setup, _ = s
    dealer, scores, kitty, dead, calls, bidder, bid, discard, _ = setup
    bid_known = bidder >= 0
    over = phase is _OVER
    # Only the bidder sees the kitty it took (once the auction is over) and, after it, its discard.
    own = kitty_size and seat == bidder and (phase is _DISCARD or phase is _PLAY or (over and bid_known))
    h0, h1, h2, h3 = hands
    return SmearView(
        seat,
        phase,
        to_act,
        dealer,
        scores,
        hands[seat],
        (h0.bit_count(), h1.bit_count(), h2.bit_count(), h3.bit_count()),
        calls,
        bidder if bid_known else None,
        bid if bid_known else None,
        kitty if own else None,
        discard if own and phase is not _DISCARD else None,
        trump if trump >= 0 else None,
        leader if phase is _PLAY else None,
        trick,
        tricks,
        dead if over and bid_known else None,
    )


@dataclass(frozen=True, slots=True)
class PublicSmearView:
    """A spectator's observation: what every seat sees, no hand, kitty or discard."""

    phase: Phase
    to_act: int | None
    dealer: int
    scores: tuple[int, int]
    hand_sizes: tuple[int, ...]
    calls: tuple[int, ...]
    bidder: int | None
    bid: int | None
    trump: int | None
    leader: int | None
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    dead: int | None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data in the seat view's shape, with ``"seat": null`` and no ``hand``,
        ``kitty`` or ``discard``."""
        first = (self.dealer + 1) % 4
        return {
            "seat": None,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "hand_sizes": list(self.hand_sizes),
            "auction": [{"seat": (first + i) % 4, "call": CALL_TEXTS[c]} for i, c in enumerate(self.calls)],
            "bidder": self.bidder,
            "bid": self.bid,
            "trump": None if self.trump is None else SUIT_LETTERS[self.trump],
            "leader": self.leader,
            "trick": [format_card(c) for c in self.trick],
            "tricks": [
                {"leader": t.leader, "cards": [format_card(c) for c in t.cards], "winner": t.winner}
                for t in self.tricks
            ],
            "dead": None if self.dead is None else _cards(self.dead),
        }


def observe_public(s: State) -> PublicSmearView:
    """What a spectator may know of state ``s``: the seat views' common part."""
    phase, to_act, hands, trump, leader, trick, tricks, setup, _ = s
    bid_known = setup.bidder >= 0
    return PublicSmearView(
        phase,
        to_act,
        setup.dealer,
        setup.scores,
        tuple(h.bit_count() for h in hands),
        setup.calls,
        setup.bidder if bid_known else None,
        setup.bid if bid_known else None,
        trump if trump >= 0 else None,
        leader if phase is _PLAY else None,
        trick,
        tricks,
        setup.dead if phase is _OVER and bid_known else None,
    )
