"""Seep's open-card play for the solver (`cardtable.analysis.opencard`): positions are the fast
layer's states from the bidder's opening move on, the sides are the two partnerships (seats 0
and 2, 1 and 3), moves are tried the largest take first (a move's number carries the cards it
takes in its top bits), and two positions share a key when every part of the hand still to
matter is the same (the hands, the stock, the floor, the piles, the sweeps and the last capture;
a house by its value, cards and owners, since which split of its cards makes its sets changes
nothing in play). A hand of 48 plays is far too wide to finish from its start: the driver's node
limit says so. Where numba is installed the whole solve runs compiled (`solverkernels`, held to
this driver step for step).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from . import fast
from .rules import SeepRules
from .state import Phase, SeepState

#: The most positions one solve visits before it gives up.
NODE_LIMIT = 100_000


class SeepSolver:
    """The `cardtable.analysis.opencard.Solver` of Seep's play under ``rules``."""

    node_limit = NODE_LIMIT
    #: A solve from one of a seat's decisions visits at least this many times the positions of
    #: the solve from its next (the four plays between them multiply the tree), so the review
    #: does not ask a solve that would only pass the limit (`opencard.earliest_value`). Measured
    #: on 120 hands of `cardtable sim seep --bots rule --deals 60 --seed 71`, every seat's solves
    #: from its last decision back: of 1,736 steps back the largest solve followed by one that
    #: finished visited 4,540 positions (then 36,374); none of the 251 that visited 10,000 or
    #: more was followed by one that finished, and none of the 294 over 5,000.
    growth = 10

    def __init__(self, rules: SeepRules) -> None:
        self.rules = rules

    def position(self, state: SeepState) -> fast.FastState | None:
        if state.phase not in (Phase.OPENING, Phase.PLAY):
            return None
        return fast.from_state(state, self.rules)

    def actor(self, pos: fast.FastState) -> int | None:
        return pos.to_act()

    def moves(self, pos: fast.FastState) -> list[int]:
        return sorted(pos.moves(), reverse=True)

    def play(self, pos: fast.FastState, move: int) -> fast.FastState:
        nxt = pos.copy()
        nxt.apply(move)
        return nxt

    def score(self, pos: fast.FastState) -> tuple[int, ...]:
        return pos.score()

    def key(self, pos: fast.FastState) -> Hashable:
        houses = tuple(sorted((h.value, h.cards, h.owners) for h in pos.houses))
        return (pos.plays, pos.hands, pos.stock, pos.loose, houses, pos.piles, pos.sweeps, pos.last_capture)

    def side(self, pos: fast.FastState, seat: int) -> frozenset[int]:
        return frozenset({seat, seat ^ 2})

    def kin(self, pos: fast.FastState, seat: int) -> int:
        """The lowest seat whose scores are ``seat``'s at every end of the hand: its partner's
        (R17: a team scores as one)."""
        return seat & 1

    def solve(
        self, pos: fast.FastState, seat: int, node_limit: int | None, table: Any = None
    ) -> tuple[float, int | None, int, bool, Any] | None:
        """The whole solve compiled (`solverkernels.solve`, on the batched engine's rows): the
        driver's value, best move and positions visited, whether it finished within
        ``node_limit``, and its transposition table (``table``, an earlier solve's of the same hand
        for a seat of the same `kin`, grown by this one; a new one when ``None``); ``None`` where it
        cannot run (numba not there to compile it, rules or a position the batch does not hold),
        and the driver then solves."""
        try:
            from . import batch, kernels, solverkernels
        except ImportError:  # numpy missing: the batch extra is not installed
            return None
        if not solverkernels.NUMBA or pos.to_act() is None:
            return None
        import numpy as np

        from cardtable.core import BadRules

        try:
            row = np.array(batch.row_of(pos.to_state()), np.int64)
            params = batch.params(self.rules)
        except (BadRules, ValueError):
            return None
        side = 1 << seat | 1 << (seat ^ 2)
        limit = node_limit if node_limit is not None else 1 << 62
        t = table if table is not None else solverkernels.table()
        work = kernels.work()  # the move lists' scratch, 2 MB: made in about 40 µs, against a solve's milliseconds
        value, head, take, nodes, finished, ran, t = solverkernels.solve(row, params, work, seat, side, limit, t)
        if not ran:
            return None
        move = batch.move_code(int(head), int(take)) if head >= 0 else None
        return float(value), move, int(nodes), bool(finished), t
