"""Smear actions and their record notation (record contract §6).

``pass``, ``bid 2`` … ``bid 4``, ``discard C …`` (exactly ``kitty_size`` cards) and ``play C``.
Parsing is case-insensitive and accepts ``T`` for ten; the discard's cards may come in any order
and are kept in card-number order, so equal discards compare equal.

>>> parse_action("Discard qd th 9c")
Discard(cards=(8, 24, 35))
>>> format_action(parse_action("discard qd th 9c"))
'discard 9C QD 10H'
>>> format_action(parse_action("PLAY td"))
'play 10D'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardtable.cards import format_card, format_cards, parse_card
from cardtable.core import BadNotation
from cardtable.strict import is_number_text

from .tables import DECK_MASK


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass in the auction (R12)."""


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``points`` (R12): the number of the hand's points the bidder's team undertakes."""

    points: int


@dataclass(frozen=True, slots=True)
class Discard:
    """The bidder's discard of exactly ``kitty_size`` cards (R17), in card-number order."""

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.cards))
        if ordered != self.cards:
            object.__setattr__(self, "cards", ordered)

    @property
    def mask(self) -> int:
        """The discarded cards as a card set."""
        m = 0
        for c in self.cards:
            m |= 1 << c
        return m


@dataclass(frozen=True, slots=True)
class Play:
    """Playing ``card`` to the current trick (R23)."""

    card: int


Action = Pass | Bid | Discard | Play

#: The one pass, every bid and every play, built once so legal-action lists allocate nothing new.
PASS: Final = Pass()
BIDS: Final = tuple(Bid(n) for n in range(5))
PLAYS: Final = tuple(Play(c) for c in range(52))


#: An auction call as notation, by the int a state keeps for it (0 is a pass, else the bid).
CALL_TEXTS: Final = ("pass", "bid 1", "bid 2", "bid 3", "bid 4")


def _card(text: str, where: str) -> int:
    try:
        c = parse_card(text)
    except BadNotation as e:
        raise BadNotation(f"{where}: {e}") from None
    if not DECK_MASK >> c & 1:
        raise BadNotation(f"{where}: {format_card(c)} is not in the Smear deck (A K Q J 10 9 8 7 only)")
    return c


def parse_action(text: str) -> Action:
    """Read an action in record notation (without the seat); raises `BadNotation`."""
    words = text.split()
    if not words:
        raise BadNotation("empty action (expected pass, bid N, discard C ... or play C)")
    verb, args = words[0].lower(), words[1:]
    if verb == "pass" and not args:
        return PASS
    if verb == "bid" and len(args) == 1:
        if not is_number_text(args[0]):
            raise BadNotation(f"{text!r}: a bid is a whole number of points, such as 'bid 3'")
        n = int(args[0])
        return BIDS[n] if n < len(BIDS) else Bid(n)
    if verb == "play" and len(args) == 1:
        return PLAYS[_card(args[0], text)]
    if verb == "discard" and args:
        cards = [_card(a, text) for a in args]
        if len(set(cards)) != len(cards):
            twice = next(c for c in cards if cards.count(c) > 1)
            raise BadNotation(f"{text!r}: {format_card(twice)} is named twice")
        return Discard(tuple(cards))
    raise BadNotation(f"{text!r}: expected pass, bid N, discard C ... or play C")


def format_action(action: Action) -> str:
    """The canonical record notation of an action."""
    if isinstance(action, Play):
        return "play " + format_card(action.card)
    if isinstance(action, Bid):
        return f"bid {action.points}"
    if isinstance(action, Discard):
        return "discard " + format_cards(action.cards)
    return "pass"
