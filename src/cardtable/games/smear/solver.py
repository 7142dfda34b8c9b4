"""Smear's open-card play for the solver (`cardtable.analysis.opencard`): positions are the fast
layer's states from the first card of the play on, moves the cards (strongest first, so that
alpha-beta meets the winning card early), and two positions share a key when the hands, the
trick, its leader, trump and the cards each team has taken are the same: the score of a hand
(High, Low, Jack, Game; R27-R31) depends on nothing else once the auction is over, because who
played which card follows from the hands dealt and the hands left.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from . import fast
from .rules import SmearRules
from .state import Phase, State
from .tables import DECK, POWER, RANK_VALUE, SUIT, TRUMP_JACK

DECK32 = DECK


def beats(c: int, w: int, led: int, trump: int) -> bool:
    """Whether card ``c`` would take a trick led by ``led`` from ``w``, the card winning it (R25:
    the highest trump, else the highest card of the suit led)."""
    if c // 13 == trump:
        return w // 13 != trump or POWER[c] > POWER[w]
    return w // 13 != trump and c // 13 == led // 13 and POWER[c] > POWER[w]


def rank(c: int, w: int, led: int, trump: int, friend: bool) -> int:
    """Where card ``c`` goes among the cards to follow a trick that ``w`` is winning, the highest
    first: its worth is its Game value (R5), ten more for the Jack of trump (R29); ``friend`` (the
    winner is the mover's partner), the worth thrown on it first, else the card that takes it
    with the most worth, then the least worth given away. An order only: it changes what the
    search cuts, never a value."""
    worth = RANK_VALUE[c % 13] + (10 if c == TRUMP_JACK[trump] else 0)
    if friend:
        return worth if beats(c, w, led, trump) else 40 + worth
    return 80 + worth if beats(c, w, led, trump) else 40 - worth


def order(cards: list[int], trick: list[int], leader: int, to_act: int, trump: int) -> list[int]:
    """``cards`` to follow ``trick`` by `rank`, the highest first, ties kept in their order."""
    led = w = trick[0]
    at = 0
    for j, c in enumerate(trick[1:], 1):
        if beats(c, w, led, trump):
            w, at = c, j
    friend = to_act & 1 == (leader + at) & 1
    return sorted(cards, key=lambda c: -rank(c, w, led, trump, friend))


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
        """The legal cards strongest first (trumps above the rest); to follow a trick, by `rank`."""
        trump = pos.trump
        cards = sorted(pos.moves(), key=lambda c: -(POWER[c] + (16 if trump >= 0 and SUIT[trump] >> c & 1 else 0)))
        if pos.trick and len(cards) > 1:
            return order(cards, pos.trick, pos.leader, pos.to_act, trump)
        return cards

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

    def kin(self, pos: fast.FastState, seat: int) -> int:
        """The lowest seat whose scores are ``seat``'s at every end of the hand: its partner's
        (R32: a team scores as one)."""
        return seat & 1

    def solve(
        self, pos: fast.FastState, seat: int, node_limit: int | None, table: Any = None
    ) -> tuple[float, int | None, int, bool, Any] | None:
        """The whole solve compiled (`solverkernels.solve`, on the batched engine's rows): the
        driver's value, best move and positions visited, whether it finished within
        ``node_limit``, and its transposition table (``table``, an earlier solve's of the same hand
        for a seat of the same `kin`, grown by this one; a new one when ``None``); ``None`` where
        numba is not there to compile it (the driver then solves)."""
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
        t = table if table is not None else solverkernels.table()
        value, card, nodes, finished, t = solverkernels.solve(row, batch.params(self.rules), seat, side, limit, t)
        return float(value), (DECK32[card] if card >= 0 else None), int(nodes), bool(finished), t
