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
from .tables import DECK, POWER, SUIT

DECK32 = DECK


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

    def solve(
        self, pos: fast.FastState, seat: int, node_limit: int | None
    ) -> tuple[float, int | None, int, bool] | None:
        """The whole solve compiled (`solverkernels.solve`, on the batched engine's rows): the
        driver's value, best move and positions visited, and whether it finished within
        ``node_limit``; ``None`` where numba is not there to compile it (the driver then solves)."""
        try:
            from . import batch, solverkernels
        except ImportError:  # numpy missing: the batch extra is not installed
            return None
        if not solverkernels.NUMBA or pos.to_act < 0:
            return None
        import numpy as np

        row = np.array(batch.row_of(pos.to_state()), np.int64)
        side = 1 << seat | 1 << (seat ^ 2)
        limit = node_limit if node_limit is not None else 1 << 62
        value, card, nodes, finished = solverkernels.solve(row, batch.params(self.rules), seat, side, limit)
        return float(value), (DECK32[card] if card >= 0 else None), int(nodes), bool(finished)
