"""What one Seep seat may know (R24).

A seat sees its own hand; the floor once the bid has turned it face up (R9); the houses with their
sets and owners; the bid; the number of cards in every hand; and the captured piles. Captures are
made face up, so a seat that remembers them knows every pile: the view holds them rather than
pretend a good player forgets. Before the bid only the bidder sees anything: their own four cards.

A spectator (`observe_public`) sees what every seat sees: all of the above but a hand; on a
misdeal the bidder's four cards, which are shown when they are thrown in (R8). Every Seep move is
made face up, so an action reads the same to every seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import DECK52_MASK, format_card
from cardtable.games.seep.floor import display_cards
from cardtable.games.seep.play import bidder, mover
from cardtable.games.seep.state import House, Match, Phase, SeepState


def _cards(m: int) -> list[str]:
    return [format_card(c) for c in display_cards(m)]


def house_json(h: House) -> dict[str, Any]:
    """A house in the record §4 form."""
    return {
        "value": h.value,
        "sets": [_cards(s) for s in h.sets],
        "owners": [s for s in range(4) if h.owners >> s & 1],
    }


@dataclass(frozen=True, slots=True)
class SeepView:
    """One seat's observation of a Seep hand."""

    seat: int
    dealer: int
    phase: Phase
    to_act: int | None
    bid: int
    plays: int
    hand: int
    hand_sizes: tuple[int, int, int, int]
    floor_visible: bool
    floor_size: int
    loose: int
    houses: tuple[House, ...]
    piles: tuple[int, int]
    sweeps: tuple[tuple[int, ...], tuple[int, ...]]
    last_capture: int
    match: Match

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data, cards as canonical strings."""
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase.name.lower(),
            "to_act": self.to_act,
            "bid": self.bid or None,
            "plays": self.plays,
            "hand": _cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "floor": {
                "loose": _cards(self.loose) if self.floor_visible else None,
                "hidden": 0 if self.floor_visible else self.floor_size,
                "houses": [house_json(h) for h in self.houses],
            },
            "piles": [_cards(self.piles[0]), _cards(self.piles[1])],
            "sweeps": [sum(self.sweeps[0]), sum(self.sweeps[1])],
            "last_capture": None if self.last_capture < 0 else self.last_capture,
            "match": {"difference": self.match.difference, "baazis": list(self.match.baazis)},
        }


def observe(s: SeepState, seat: int) -> SeepView:
    """What ``seat`` may know in ``s``."""
    phase = s.phase
    hands = s.hands
    if phase is Phase.PLAY:  # the usual case: everything public is visible, the seat sees its own hand
        return SeepView(
            seat, s.dealer, phase, (s.dealer + s.plays + 1) % 4, s.bid, s.plays, hands[seat],
            (hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(), hands[3].bit_count()), True,
            s.loose.bit_count(), s.loose, s.houses, s.piles, s.sweeps, s.last_capture, s.match,
        )  # fmt: skip
    visible = phase not in (Phase.DEAL, Phase.BID) and not s.misdeal
    sees_own = phase is not Phase.BID or seat == bidder(s.dealer)
    if phase is Phase.OVER:
        to_act = None
    elif phase is Phase.DEAL:
        to_act = -1
    else:
        to_act = mover(s)
    sizes = tuple(h.bit_count() for h in hands)
    return SeepView(
        seat, s.dealer, phase, to_act, s.bid, s.plays, hands[seat] if sees_own else 0,
        (sizes[0], sizes[1], sizes[2], sizes[3]), visible, s.loose.bit_count(), s.loose if visible else 0,
        s.houses, s.piles, s.sweeps, s.last_capture, s.match,
    )  # fmt: skip


def unseen(s: SeepState, seat: int) -> int:
    """The cards whose place ``seat`` may not know: other hands, cards not yet dealt, and the floor
    until the bid turns it face up (on a misdeal the bidder's four cards are shown, R8)."""
    hidden = s.stock[0] | s.stock[1] | s.stock[2] | s.stock[3]
    for i in range(4):
        if i != seat and not (s.misdeal and i == bidder(s.dealer)):
            hidden |= s.hands[i]
    if s.phase is Phase.BID or s.misdeal:
        hidden |= s.loose
    return hidden


@dataclass(frozen=True, slots=True)
class PublicSeepView:
    """A spectator's observation of a Seep hand: what every seat sees, no hand."""

    dealer: int
    phase: Phase
    to_act: int | None
    bid: int
    plays: int
    hand_sizes: tuple[int, int, int, int]
    floor_visible: bool
    floor_size: int
    loose: int
    houses: tuple[House, ...]
    piles: tuple[int, int]
    sweeps: tuple[tuple[int, ...], tuple[int, ...]]
    last_capture: int
    match: Match
    shown: int  # R8: the bidder's four cards, thrown in face up on a misdeal

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data in the seat view's shape, ``"seat": null`` and no ``hand``; ``shown``
        holds the bidder's thrown-in cards on a misdeal, else ``null``."""
        return {
            "seat": None,
            "dealer": self.dealer,
            "phase": self.phase.name.lower(),
            "to_act": self.to_act,
            "bid": self.bid or None,
            "plays": self.plays,
            "hand_sizes": list(self.hand_sizes),
            "floor": {
                "loose": _cards(self.loose) if self.floor_visible else None,
                "hidden": 0 if self.floor_visible else self.floor_size,
                "houses": [house_json(h) for h in self.houses],
            },
            "piles": [_cards(self.piles[0]), _cards(self.piles[1])],
            "sweeps": [sum(self.sweeps[0]), sum(self.sweeps[1])],
            "last_capture": None if self.last_capture < 0 else self.last_capture,
            "match": {"difference": self.match.difference, "baazis": list(self.match.baazis)},
            "shown": _cards(self.shown) if self.shown else None,
        }


def observe_public(s: SeepState) -> PublicSeepView:
    """What a spectator may know in ``s``: the seat views' common part."""
    phase = s.phase
    visible = phase not in (Phase.DEAL, Phase.BID) and not s.misdeal
    if phase is Phase.OVER:
        to_act = None
    elif phase is Phase.DEAL:
        to_act = -1
    else:
        to_act = mover(s)
    h = s.hands
    return PublicSeepView(
        s.dealer, phase, to_act, s.bid, s.plays,
        (h[0].bit_count(), h[1].bit_count(), h[2].bit_count(), h[3].bit_count()), visible,
        s.loose.bit_count(), s.loose if visible else 0, s.houses, s.piles, s.sweeps, s.last_capture, s.match,
        h[bidder(s.dealer)] if s.misdeal else 0,
    )  # fmt: skip


def unseen_public(s: SeepState) -> int:
    """The cards whose place a spectator may not know: every hand (but the bidder's thrown-in
    cards on a misdeal), the cards not yet dealt, the floor until the bid; before the deal, all."""
    if s.phase is Phase.DEAL:
        return DECK52_MASK
    return unseen(s, -1)
