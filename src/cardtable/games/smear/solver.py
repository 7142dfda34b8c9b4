"""Smear's open-card play for the solver (`cardtable.analysis.opencard`): positions are the fast
layer's states from the first card of the play on, moves the cards (strongest first, so that
alpha-beta meets the winning card early), and two positions share a key when the hands, the
trick, its leader, trump and the cards each team has taken are the same: the score of a hand
(High, Low, Jack, Game; R27-R31) depends on nothing else once the auction is over, because who
played which card follows from the hands dealt and the hands left.
"""

from __future__ import annotations

from collections.abc import Hashable

from . import fast
from .rules import SmearRules
from .state import Phase, State
from .tables import POWER, SUIT


class SmearSolver:
    """The `cardtable.analysis.opencard.Solver` of Smear's card play under ``rules``."""

    def __init__(self, rules: SmearRules) -> None:
        self.rules = rules

    def position(self, state: State) -> fast.FastState | None:
        if state.phase is not Phase.PLAY:
            return None
        return fast.from_state(state, self.rules)

    def actor(self, pos: fast.FastState) -> int | None:
        return None if pos.phase == fast.OVER else pos.to_act

    def moves(self, pos: fast.FastState) -> list[int]:
        trump = pos.trump
        return sorted(pos.moves(), key=lambda c: -(POWER[c] + (16 if trump >= 0 and SUIT[trump] >> c & 1 else 0)))

    def play(self, pos: fast.FastState, move: int) -> fast.FastState:
        nxt = pos.copy()
        nxt.apply(move)
        return nxt

    def score(self, pos: fast.FastState) -> tuple[int, ...]:
        return pos.score()

    def key(self, pos: fast.FastState) -> Hashable:
        taken = 0  # the cards seats 0 and 2 have taken
        for t in pos.tricks:
            if not t.winner & 1:
                for c in t.cards:
                    taken |= 1 << c
        return (pos.trump, pos.leader, tuple(pos.hands), tuple(pos.trick), taken)

    def side(self, pos: fast.FastState, seat: int) -> frozenset[int]:
        return frozenset({seat, seat ^ 2})
