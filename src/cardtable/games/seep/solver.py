"""Seep's open-card play for the solver (`cardtable.analysis.opencard`): positions are the fast
layer's states from the bidder's opening move on, the sides are the two partnerships (seats 0
and 2, 1 and 3), moves are tried the largest take first (a move's number carries the cards it
takes in its top bits), and two positions share a key when every part of the hand still to
matter is the same (the hands, the stock, the floor, the piles, the sweeps and the last capture).
A hand of 48 plays is far too wide to finish from its start: the driver's node limit says so.
"""

from __future__ import annotations

from collections.abc import Hashable

from . import fast
from .rules import SeepRules
from .state import Phase, SeepState

#: The most positions one solve visits before it gives up.
NODE_LIMIT = 100_000


class SeepSolver:
    """The `cardtable.analysis.opencard.Solver` of Seep's play under ``rules``."""

    node_limit = NODE_LIMIT

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
        return (pos.plays, pos.hands, pos.stock, pos.loose, pos.houses, pos.piles, pos.sweeps, pos.last_capture)

    def side(self, pos: fast.FastState, seat: int) -> frozenset[int]:
        return frozenset({seat, seat ^ 2})
