"""Sheepshead's open-card play for the solver (`cardtable.analysis.opencard`): positions are the
fast layer's states in the trick play, the sides are the picker with the partner (the holder of
the called card, known when every card is shown) against the defenders, and two positions share a
key when the hands, the trick, its leader, the first trick of the called suit, and the card
points and tricks the picker's side has taken are the same: a picked hand's settlement (R36-R43)
depends on nothing else. A hand nobody picked (a leaster, a doubler) has no two sides, and the
solver does not value it. One solve is bounded by `NODE_LIMIT` positions.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Hashable
from typing import Any

from . import fast, scoring
from .rules import SheepsheadRules
from .state import Phase, State
from .tables import FAIL_SUITS, POINTS, SUIT_CLASS, points_of

#: The trumps are the cards 0 to 13 (R4).
TRUMP_CARDS = 14

#: The most positions one solve visits before it gives up (a whole hand from its first card takes
#: about 70,000 at the median and up to a few million since equivalent cards are merged and the
#: following cards ordered: docs/benchmarks.md); the analysis then solves from a later decision.
NODE_LIMIT = 1_000_000


def special_cards(called: int, suit: int, under: int) -> int:
    """The cards never equivalent to another: the called card, every card of the called suit and
    the card set aside face down (R27-R35a bind them one by one, and the called ten may beat its
    ace)."""
    special = 0
    if called >= 0:
        special |= 1 << called
    if suit >= 0:
        special |= FAIL_SUITS[suit]
    if under >= 0:
        special |= 1 << under
    return special


def equivalent(a: int, b: int, live: int, special: int) -> bool:
    """Whether cards ``a`` < ``b`` (indices), held by one hand, are equivalent for the rest of the
    hand: of one suit (R3), of the same card points (R6), neither special (`special_cards`), and
    no card between them in the order of power (R4, R5) still in a hand or in the trick (``live``).
    Then whatever follows the one can follow the other, with the same tricks and the same points
    to each side: the two make one move for the solver, as bridge's equivalent cards do."""
    return (
        SUIT_CLASS[a] == SUIT_CLASS[b]
        and POINTS[a] == POINTS[b]
        and not (special >> a | special >> b) & 1
        and not live & ((1 << b) - (2 << a))
    )


def beats(c: int, w: int, led: int) -> bool:
    """Whether card ``c`` would take a trick led by ``led`` from ``w``, the card winning it (R25:
    the highest trump, else the highest card of the led suit; the called-card exceptions of R19
    and R35a aside, as the order of moves needs no more)."""
    if c < TRUMP_CARDS:
        return w >= TRUMP_CARDS or c < w
    return w >= TRUMP_CARDS and SUIT_CLASS[c] == SUIT_CLASS[led] and c < w


def rank(c: int, w: int, led: int, friend: bool) -> int:
    """Where card ``c`` goes among the cards to follow a trick that ``w`` is winning, the highest
    first: ``friend`` (the winner plays on the mover's side), the points thrown on it first (a
    schmear), else the card that takes it with the most points, then the fewest points given away.
    An order only: it changes what the search cuts, never a value."""
    took = beats(c, w, led)
    if friend:
        return POINTS[c] if took else 40 + POINTS[c]
    return 80 + POINTS[c] if took else 40 - POINTS[c]


def order(cards: list[int], trick: list[int], leader: int, to_act: int, picker: int, partner: int) -> list[int]:
    """``cards`` to follow ``trick`` by `rank`, the highest first, ties kept in their order."""
    led = w = trick[0]
    at = 0
    for j, c in enumerate(trick[1:], 1):
        if beats(c, w, led):
            w, at = c, j
    winner = (leader + at) % 5
    friend = (to_act in (picker, partner)) == (winner in (picker, partner))
    return sorted(cards, key=lambda c: -rank(c, w, led, friend))


@functools.cache
def ends(rules: SheepsheadRules, m: int, picker: int, partner: int) -> tuple[tuple[int, ...], ...]:
    """Every score a picked hand with multiplier ``m`` may end with (R36-R40, `scoring.settle`
    over every card-point and trick total the picker's side may take), each once."""
    found: dict[tuple[int, ...], None] = {}
    for p in range(121):
        for t in range(7):
            _, _, (won, shared, defender) = scoring.settle(rules, p, t, partner < 0, m)
            score = [defender] * 5
            score[picker] = won
            if partner >= 0:
                score[partner] = shared
            found[tuple(score)] = None
    return tuple(found)


@functools.cache
def _values(
    rules: SheepsheadRules, m: int, picker: int, partner: int, bury: int, seat: int
) -> tuple[tuple[float, ...], ...] | None:
    """`SheepsheadSolver.values` of one picked hand: ``m`` its multiplier (R40), ``bury`` the card
    points buried (R15), cached per hand and seat."""
    out = []
    for t in range(7):
        row = []
        for p in range(121):
            total = p + (bury if t > 0 or not rules.bury_requires_trick else 0)
            _, _, (won, shared, defender) = scoring.settle(rules, min(total, 120), t, partner < 0, m)
            score = [defender] * 5
            score[picker] = won
            if partner >= 0:
                score[partner] = shared
            # the search's measure (`bots.search.hand_value`, a layer above the games): the
            # seat's score minus the mean of the others'
            row.append(score[seat] - (sum(score) - score[seat]) / 4)
        up = all(a <= b for a, b in itertools.pairwise(row))
        down = all(a >= b for a, b in itertools.pairwise(row))
        if not (up or down):
            return None
        out.append(tuple(row))
    return tuple(out)


def _taken(pos: fast.FastState) -> tuple[int, int]:
    """The card points and tricks the picker's side has taken so far (the bury not counted)."""
    setup = pos.setup
    points = tricks = 0
    for _leader, cards, winner in pos.tricks:
        if winner == setup.picker or winner == setup.partner:
            tricks += 1
            for c in cards:
                points += POINTS[c]
    return points, tricks


def _live(pos: fast.FastState) -> int:
    """The cards still in play, as a bit set: every hand's and the trick's."""
    live = 0
    for h in pos.hands:
        live |= h
    for c in pos.trick:
        live |= 1 << c
    return live


class SheepsheadSolver:
    """The `cardtable.analysis.opencard.Solver` of Sheepshead's trick play under ``rules``."""

    node_limit = NODE_LIMIT

    def __init__(self, rules: SheepsheadRules) -> None:
        self.rules = rules

    def position(self, state: State) -> fast.FastState | None:
        if state.phase is not Phase.PLAY:
            return None
        return fast.from_state(state, self.rules)

    def actor(self, pos: fast.FastState) -> int | None:
        return None if pos.phase == fast.DONE else pos.to_act

    def moves(self, pos: fast.FastState) -> list[int]:
        """The legal cards strongest first (the cards' indices run from the queen of clubs down),
        one of each run of equivalent cards (`equivalent`)."""
        legal = pos.moves()
        if len(legal) < 2:
            return legal
        live = _live(pos)
        setup = pos.setup
        special = special_cards(setup.called, setup.suit, setup.under)
        out = [legal[0]]
        for prev, c in itertools.pairwise(legal):
            if not equivalent(prev, c, live, special):
                out.append(c)
        if pos.trick and len(out) > 1:
            return order(out, pos.trick, pos.leader, pos.to_act, setup.picker, setup.partner)
        return out

    def legal(self, pos: fast.FastState) -> list[int]:
        """Every legal card, the equivalent ones too (for `opencard.brute_force`)."""
        return pos.moves()

    def play(self, pos: fast.FastState, move: int) -> fast.FastState:
        nxt = pos.copy()
        nxt.apply(move)
        return nxt

    def score(self, pos: fast.FastState) -> tuple[int, ...]:
        return pos.score()

    def key(self, pos: fast.FastState) -> Hashable:
        points, tricks = _taken(pos)
        return (pos.leader, pos.first_x, tuple(pos.hands), tuple(pos.trick), points, tricks)

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
        sides = self.side(pos, seat)
        if not solverkernels.NUMBA or pos.to_act < 0 or sides is None:
            return None
        import numpy as np

        row = np.array(batch.row_of(pos.to_state()), np.int64)
        side = sum(1 << s for s in sides)
        limit = node_limit if node_limit is not None else 1 << 62
        t = table if table is not None else solverkernels.table()
        V = np.array(self.values(pos, seat) or np.zeros((0, 121)), np.float64)
        value, card, nodes, finished, t = solverkernels.solve(row, batch.params(self.rules), seat, side, limit, t, V)
        return float(value), (card if card >= 0 else None), int(nodes), bool(finished), t

    def values(self, pos: fast.FastState, seat: int) -> tuple[tuple[float, ...], ...] | None:
        """``[t][p]``: the hand's value to ``seat`` (`search.hand_value`) at an end where the
        picker's side took ``t`` tricks and ``p`` card points in them (the bury added as R15 says);
        None unless each ``[t]`` is monotone in ``p``."""
        setup = pos.setup
        return _values(
            self.rules,
            scoring.multiplier(self.rules, setup),
            setup.picker,
            setup.partner,
            points_of(setup.bury),
            seat,
        )

    def bounds(self, pos: fast.FastState, seat: int) -> tuple[float, float]:
        """The lowest and highest value to ``seat`` the hand may still end with from ``pos``
        (`opencard`'s optional bounds): `values` over every end the rest may reach. The picker's
        side keeps the tricks and card points it has taken; of the tricks left it may take any
        number, and of the card points still in a hand or the trick none to all, all of them
        exactly when it takes every trick left and none when it takes none (a superset of the
        ends: the bounds are loose at worst, never wrong). Each ``values[t]`` is monotone, so the
        ends of its range of points suffice. (-inf, inf) where `values` is None."""
        v = self.values(pos, seat)
        if v is None:
            return -math.inf, math.inf
        p0, t0 = _taken(pos)
        p1 = p0 + points_of(_live(pos))
        left = 6 - len(pos.tricks)
        lo = min(v[t0][p0], v[t0 + left][p1])
        hi = max(v[t0][p0], v[t0 + left][p1])
        for t in range(t0 + 1, t0 + left):
            lo = min(lo, v[t][p0], v[t][p1])
            hi = max(hi, v[t][p0], v[t][p1])
        return lo, hi

    def kin(self, pos: fast.FastState, seat: int) -> int:
        """The lowest seat whose scores are ``seat``'s at every end of the hand (R36-R40: each
        defender pays or takes the same; the picker and the partner each their own)."""
        setup = pos.setup
        if seat in (setup.picker, setup.partner):
            return seat
        return min(s for s in range(5) if s not in (setup.picker, setup.partner))

    def scale(self, pos: fast.FastState, seat: int) -> tuple[int, tuple[tuple[int, ...], ...]] | None:
        """The lowest defender and every score the hand may end with (`ends`), for the picker and
        the partner: R37 settles a picked hand in shares of one stake (the picker 2, or 4 alone;
        the partner 1; each defender -1), so `opencard.scale` solves them as the defender where
        their value is a monotone function of the defender's (the partner's is not under R38's
        exemption, the default: nothing on a no-trick loss, the defenders' best end, as on a
        win). None for a defender, and in a hand nobody picked."""
        setup = pos.setup
        picker, partner = setup.picker, setup.partner
        if picker < 0 or seat not in (picker, partner):
            return None
        defender = min(s for s in range(5) if s not in (picker, partner))
        return defender, ends(self.rules, scoring.multiplier(self.rules, setup), picker, partner)

    def side(self, pos: fast.FastState, seat: int) -> frozenset[int] | None:
        setup = pos.setup
        if setup.picker < 0:
            return None
        pickers = frozenset(s for s in (setup.picker, setup.partner) if s >= 0)
        return pickers if seat in pickers else frozenset(range(5)) - pickers
