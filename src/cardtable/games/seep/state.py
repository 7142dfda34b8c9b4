"""The frozen state of a Seep hand: cards as ints, card sets as int bitmasks, owners as seat masks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, NamedTuple, Protocol

from cardtable.games.seep.floor import show

SEATS: Final = 4


class Phase(IntEnum):
    """Where a hand stands."""

    DEAL = 0  # the deal is next (a chance step)
    BID = 1  # R8: the bidder names a value from their first four cards
    OPENING = 2  # R10: the bidder's opening move (play 1)
    PLAY = 3  # R12: plays 2 … 48
    OVER = 4  # played out, or a misdeal


class House(NamedTuple):
    """R13: a house of value ``value``; ``sets`` are card sets each summing to it; ``owners`` is a
    seat mask. A house with two or more sets is cemented. (A named tuple: cheap to make.)"""

    value: int
    sets: tuple[int, ...]
    owners: int

    @property
    def cards(self) -> int:
        """Every card of the house."""
        m = 0
        for s in self.sets:
            m |= s
        return m

    @property
    def cemented(self) -> bool:
        """R13: cemented exactly when the house has two or more sets."""
        return len(self.sets) >= 2

    def __str__(self) -> str:
        owners = ",".join(str(s) for s in range(SEATS) if self.owners >> s & 1)
        return f"H{self.value}[{' | '.join(show(s).replace('+', ',') for s in self.sets)}]{{{owners}}}"


@dataclass(frozen=True, slots=True)
class Match:
    """Record §5: team 0's running lead over team 1, and the baazis each team has won."""

    difference: int = 0
    baazis: tuple[int, int] = (0, 0)


class SeepState(NamedTuple):
    """One hand of Seep (a named tuple: frozen, and cheap to make, which search needs).

    ``hands`` are the cards each seat holds; ``stock`` the cards each seat will get when the deal
    is completed after the opening move (R11); ``loose`` the loose floor cards (face down until the
    bid, R9); ``houses`` sorted by value; ``piles`` each team's captured cards; ``sweeps`` the
    points of each sweep a team holds, in order; ``last_capture`` the team that captured last
    (-1 for none); ``plays`` the number of cards played (R12).
    """

    dealer: int
    match: Match
    phase: Phase
    bid: int
    plays: int
    hands: tuple[int, int, int, int]
    stock: tuple[int, int, int, int]
    loose: int
    houses: tuple[House, ...]
    piles: tuple[int, int]
    sweeps: tuple[tuple[int, ...], tuple[int, ...]]
    last_capture: int

    @property
    def misdeal(self) -> bool:
        """R8: the hand ended at the deal because the bidder held nothing above 8."""
        return self.phase is Phase.OVER and self.bid == 0

    def house(self, value: int) -> House | None:
        """The house of this value, if there is one (I1: at most one)."""
        for h in self.houses:
            if h.value == value:
                return h
        return None


class Position(Protocol):
    """What move generation reads of a hand: a `SeepState`, or the fast layer's mutable state."""

    @property
    def dealer(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def bid(self) -> int: ...
    @property
    def plays(self) -> int: ...
    @property
    def hands(self) -> Sequence[int]: ...
    @property
    def loose(self) -> int: ...
    @property
    def houses(self) -> Sequence[House]: ...


class Hand(Position, Protocol):
    """Everything of a hand in play: a `SeepState`, or the fast layer's mutable state."""

    @property
    def match(self) -> Match: ...
    @property
    def stock(self) -> Sequence[int]: ...
    @property
    def piles(self) -> tuple[int, int]: ...
    @property
    def sweeps(self) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
    @property
    def last_capture(self) -> int: ...


def start_state(dealer: int, match: Match) -> SeepState:
    """The state of a hand before its deal."""
    return SeepState(dealer, match, Phase.DEAL, 0, 0, (0, 0, 0, 0), (0, 0, 0, 0), 0, (), (0, 0), ((), ()), -1)
