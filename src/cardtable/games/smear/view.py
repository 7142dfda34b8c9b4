"""What one seat may know of a Smear hand (§3 item 18).

A seat sees its own hand, the auction, every card played and how many cards each seat holds.
Only the bidder sees the kitty it took and the discard it made. The dead stock is seen by nobody
while the hand lasts and by everyone once a played hand is over. (The hand's result, the
post-hand log, names every card, the discard included.)
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


def observe(s: State, seat: int, kitty_size: int) -> SmearView:
    """The view of ``seat`` (0-3) of state ``s``."""
    over = s.phase is Phase.OVER
    is_bidder = seat == s.bidder
    picked = s.phase in (Phase.DISCARD, Phase.PLAY) or (over and s.bidder >= 0)
    bid_known = s.bidder >= 0
    return SmearView(
        seat=seat,
        phase=s.phase,
        to_act=s.to_act,
        dealer=s.dealer,
        scores=s.scores,
        hand=s.hands[seat],
        hand_sizes=tuple(h.bit_count() for h in s.hands),
        calls=s.calls,
        bidder=s.bidder if bid_known else None,
        bid=s.bid if bid_known else None,
        kitty=s.kitty if kitty_size and picked and is_bidder else None,
        discard=s.discard if kitty_size and picked and is_bidder and s.phase is not Phase.DISCARD else None,
        trump=s.trump if s.trump >= 0 else None,
        leader=s.leader if s.phase is Phase.PLAY else None,
        trick=s.trick,
        tricks=s.tricks,
        dead=s.dead if over and s.bidder >= 0 else None,
    )
