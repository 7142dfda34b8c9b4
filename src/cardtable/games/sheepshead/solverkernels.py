"""Sheepshead's open-card solve compiled: `cardtable.analysis.opencard.solve` over the batch's rows.

The same alpha-beta search as the generic driver, step for step (the same move order, the same
transposition table keyed as `solver.SheepsheadSolver.key` keys it, the same windows and bounds),
so it reaches the same value, the same best move and the same count of positions; only each
position is a row of the batched engine's ``S`` (`kernels`), a card is played by `kernels._act`,
and the whole search is one compiled kernel (`cardtable.batch.jit`), written without recursion (a
recursive kernel cannot be cached on disk). `solver.SheepsheadSolver.solve` calls it where numba
compiles it; ``tests/analysis/test_solver_compiled.py`` holds it to the driver.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import NUMBA, inline, jit
from cardtable.batch.transpositions import Table, new, slot, store

from .kernels import (
    CALLED,
    CARDS,
    COLUMNS,
    FAIL_SUITS,
    FIRST_X,
    HAND0,
    LEADER,
    LOG_SIZE,
    NLOG,
    NTRICK,
    PARTNER,
    PICKER,
    POINTS,
    SEATS,
    SUIT,
    SUIT_CLASS,
    T_PLAY,
    TAKEN0,
    TO_ACT,
    TRICK0,
    TRICK_NO,
    UNDER,
    WON0,
    _act,
    play_mask,
)

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float32]
Floats2 = npt.NDArray[np.float64]
Bytes = npt.NDArray[np.int8]
Tokens = npt.NDArray[np.uint8]

#: Rows of the search's stack: the position solved, then one per card played below it.
DEPTH = 32
#: The trumps are the cards 0 to 13 (R4, `solver.TRUMP_CARDS`).
TRUMP_CARDS = 14
#: The numbers in a position's key.
KEY = 4
#: The card points (R6) of each set of eight cards, by the byte of the card set it is.
BYTE_POINTS = np.array(
    [[sum(POINTS[8 * k + c] for c in range(8) if b >> c & 1) for b in range(256)] for k in range(4)], np.int64
)


@inline
def _points(taken: int) -> int:
    """R6: the card points of the card set ``taken`` (a byte at a time)."""
    points: int = BYTE_POINTS[0, taken & 0xFF] + BYTE_POINTS[1, taken >> 8 & 0xFF]
    return points + int(BYTE_POINTS[2, taken >> 16 & 0xFF] + BYTE_POINTS[3, taken >> 24 & 0xFF])


@inline
def _taken(S: Ints, d: int) -> tuple[int, int]:
    """The card points and tricks the picker's side has taken at row ``d`` (the bury not counted)."""
    picker = S[d, PICKER]
    partner = S[d, PARTNER]
    taken = S[d, TAKEN0 + picker]
    tricks = S[d, WON0 + picker]
    if partner >= 0 and partner != picker:
        taken |= S[d, TAKEN0 + partner]
        tricks += S[d, WON0 + partner]
    return _points(taken), tricks


@inline
def _live(S: Ints, d: int) -> int:
    """The cards still in play at row ``d``, as a bit set: every hand's and the trick's."""
    live = S[d, HAND0] | S[d, HAND0 + 1] | S[d, HAND0 + 2] | S[d, HAND0 + 3] | S[d, HAND0 + 4]
    for k in range(S[d, NTRICK]):
        live |= 1 << S[d, TRICK0 + k]
    return int(live)


@inline
def _key(S: Ints, d: int, out: Ints) -> None:
    """`SheepsheadSolver.key` of the position at row ``d``, packed into `KEY` numbers without loss
    (two keys are equal exactly when the driver's are): the hands, the trick (its cards, six bits
    each), the leader, the first trick of the called suit, and the card points and tricks the
    picker's side has taken."""
    n = S[d, NTRICK]
    points, tricks = _taken(S, d)
    h1 = S[d, HAND0 + 1]
    h3 = S[d, HAND0 + 3]
    trick = 0
    for k in range(n):
        trick |= (S[d, TRICK0 + k] + 1) << (6 * k)
    out[0] = S[d, HAND0] | (h1 & 0x7FFFFFFF) << 32
    out[1] = S[d, HAND0 + 2] | (h3 & 0x7FFFFFFF) << 32
    out[2] = S[d, HAND0 + 4] | trick << 32
    out[3] = (
        h1 >> 31 | (h3 >> 31) << 1 | S[d, LEADER] << 2 | (S[d, FIRST_X] + 1) << 5 | n << 9 | points << 12 | tricks << 20
    )


@inline
def _moves(S: Ints, P: Ints, d: int, out: Ints) -> int:
    """`SheepsheadSolver.moves`: the legal cards, strongest first (by index), one of each run of
    equivalent cards (`solver.equivalent`); their number."""
    m = play_mask(S, P, d)
    live = _live(S, d)
    special = 0
    if S[d, CALLED] >= 0:
        special |= 1 << S[d, CALLED]
    if S[d, SUIT] >= 0:
        special |= FAIL_SUITS[S[d, SUIT]]
    if S[d, UNDER] >= 0:
        special |= 1 << S[d, UNDER]
    n = 0
    prev = -1
    for c in range(CARDS):
        if m >> c & 1:
            if not (
                prev >= 0
                and SUIT_CLASS[c] == SUIT_CLASS[prev]
                and POINTS[c] == POINTS[prev]
                and (special >> c | special >> prev) & 1 == 0
                and live & ((1 << c) - (2 << prev)) == 0
            ):
                out[n] = c
                n += 1
            prev = c
    if S[d, NTRICK] > 0 and n > 1:
        _order(S, d, out, n)
    return n


@inline
def _beats(c: int, w: int, led: int) -> bool:
    """`solver.beats`."""
    if c < TRUMP_CARDS:
        return w >= TRUMP_CARDS or c < w
    return w >= TRUMP_CARDS and SUIT_CLASS[c] == SUIT_CLASS[led] and c < w


@inline
def _rank(c: int, w: int, led: int, friend: bool) -> int:
    """`solver.rank`: where card ``c`` goes among the cards to follow a trick that ``w`` is
    winning (led by ``led``), ``friend`` when the winner plays on the mover's side."""
    took = _beats(c, w, led)
    if friend:
        return POINTS[c] if took else 40 + POINTS[c]
    return 80 + POINTS[c] if took else 40 - POINTS[c]


@inline
def _order(S: Ints, d: int, out: Ints, n: int) -> None:
    """`solver.order`: the cards ``out[:n]`` to follow a trick sorted by `_rank`, the highest
    first, ties kept in their order."""
    k = S[d, NTRICK]
    led = S[d, TRICK0]
    w = led
    at = 0
    for j in range(1, k):
        c = S[d, TRICK0 + j]
        if _beats(c, w, led):
            w = c
            at = j
    winner = (S[d, LEADER] + at) % SEATS
    who = S[d, TO_ACT]
    picker = S[d, PICKER]
    partner = S[d, PARTNER]
    friend = (who in (picker, partner)) == (winner in (picker, partner))
    for i in range(1, n):
        c = out[i]
        r = _rank(c, w, led, friend)
        j = i
        while j > 0 and _rank(out[j - 1], w, led, friend) < r:
            out[j] = out[j - 1]
            j -= 1
        out[j] = c


@inline
def _value(R: Floats, d: int, seat: int) -> float:
    """`search.hand_value` of the scores at row ``d``."""
    total = 0.0
    for s in range(SEATS):
        total += float(R[d, s])
    mine = float(R[d, seat])
    return mine - (total - mine) / (SEATS - 1)


@inline
def _bounds(S: Ints, d: int, V: Floats2) -> tuple[float, float]:
    """The lowest and highest value the hand may still end with from the position at row ``d``:
    ``V[t, p]``, the value of an end where the picker's side took ``t`` tricks and ``p`` card
    points in them, over every end the rest of the play may reach (each of the tricks left won by
    either side, each card point still in a hand or the trick to either side; ``V`` monotone in
    ``p``, so the ends of each row's range suffice); (-inf, inf) where ``V`` is empty."""
    if V.shape[0] == 0:
        return -math.inf, math.inf
    p0, t0 = _taken(S, d)
    p1 = p0 + _points(_live(S, d))
    left = 6 - S[d, TRICK_NO]
    lo = min(V[t0, p0], V[t0 + left, p1])
    hi = max(V[t0, p0], V[t0 + left, p1])
    for t in range(t0 + 1, t0 + left):
        lo = min(lo, V[t, p0], V[t, p1])
        hi = max(hi, V[t, p0], V[t, p1])
    return lo, hi


@jit
def _search(
    S: Ints,
    P: Ints,
    LT: Tokens,
    LS: Bytes,
    R: Floats,
    M: Ints,
    seat: int,
    side: int,
    V: Floats2,
    t: Table,
    count: Ints,
    limit: int,
    alpha: float,
    beta: float,
) -> tuple[float, Table]:
    """The driver's ``search(p, alpha, beta)`` of the position at row 1, without recursion: each
    row ``d`` below it keeps its node's window, bounds, best value and next move. Sets
    ``count[1]`` when it passes ``limit`` positions. Gives the value and the table (grown, maybe)."""
    A = np.zeros(DEPTH)  # alpha
    B = np.zeros(DEPTH)  # beta
    A0 = np.zeros(DEPTH)
    B0 = np.zeros(DEPTH)
    LOW = np.zeros(DEPTH)
    HIGH = np.zeros(DEPTH)
    BEST = np.zeros(DEPTH)
    MINE = np.zeros(DEPTH, np.bool_)
    N = np.zeros(DEPTH, np.int64)
    NEXT = np.zeros(DEPTH, np.int64)
    K = np.zeros((DEPTH, KEY), np.int64)
    A[1] = alpha
    B[1] = beta
    d = 1
    entering = True
    v = 0.0
    while True:
        done = False  # the node at row d has its value v
        if entering:
            count[0] += 1
            if count[0] > limit:
                count[1] = 1
                return 0.0, t
            who = S[d, TO_ACT]
            if who < 0:
                v = _value(R, d, seat)
                done = True
            else:
                _key(S, d, K[d])
                i = slot(t[0], K[d])
                low, high = (t[1][i, 0], t[1][i, 1]) if t[0][i, 0] else (-math.inf, math.inf)
                lo, hi = _bounds(S, d, V)
                low = max(low, lo)
                high = min(high, hi)
                if low >= B[d]:
                    v = low
                    done = True
                elif high <= A[d] or low == high:  # below the window, or known exactly
                    v = high
                    done = True
                else:
                    A[d] = max(A[d], low)
                    B[d] = min(B[d], high)
                    A0[d] = A[d]
                    B0[d] = B[d]
                    LOW[d] = low
                    HIGH[d] = high
                    MINE[d] = side >> who & 1 == 1
                    BEST[d] = -math.inf if MINE[d] else math.inf
                    N[d] = _moves(S, P, d, M[d])
                    NEXT[d] = 0
        else:  # back from a child with its value v
            if MINE[d]:
                if v > BEST[d]:
                    BEST[d] = v
                    A[d] = max(A[d], v)
            elif v < BEST[d]:
                BEST[d] = v
                B[d] = min(B[d], v)
            if A[d] >= B[d]:
                NEXT[d] = N[d]  # cut
        if not done:
            if NEXT[d] < N[d]:
                c = M[d, NEXT[d]]
                NEXT[d] += 1
                for col in range(COLUMNS):
                    S[d + 1, col] = S[d, col]
                _act(S, P, LT, LS, d + 1, T_PLAY + c, R)
                A[d + 1] = A[d]
                B[d + 1] = B[d]
                d += 1
                entering = True
                continue
            best = BEST[d]
            if best <= A0[d]:
                t = store(t, K[d], LOW[d], best)
            elif best >= B0[d]:
                t = store(t, K[d], best, HIGH[d])
            else:
                t = store(t, K[d], best, best)
            v = best
        if d == 1:
            return v, t
        d -= 1
        entering = False


@jit
def table() -> Table:
    """An empty transposition table for `solve`."""
    return new(KEY, 1 << 16)


@jit
def solve(
    row: Ints, P: Ints, seat: int, side: int, limit: int, t: Table, V: Floats2
) -> tuple[float, int, int, bool, Table]:
    """The open-card value of the position ``row`` (a row of ``S``, in the play) to ``seat``, whose
    side is the set of seats ``side``: (value, best card or -1, positions visited, whether it
    finished within ``limit`` positions, the table ``t`` with what this solve learned). ``t`` is
    `table()`, or the table of an earlier solve of the same hand for a seat whose values are the
    same at every end (`solver.kin`)."""
    S = np.zeros((DEPTH, COLUMNS), np.int64)
    for col in range(COLUMNS):
        S[0, col] = row[col]
    S[0, NLOG] = 0  # nothing logged yet
    LT = np.zeros((DEPTH, LOG_SIZE), np.uint8)
    LS = np.zeros((DEPTH, LOG_SIZE), np.int8)
    R = np.zeros((DEPTH, SEATS), np.float32)
    M = np.zeros((DEPTH, CARDS), np.int64)
    count = np.zeros(2, np.int64)
    who = S[0, TO_ACT]
    if who < 0:
        return 0.0, -1, 1, True, t
    mine = side >> who & 1 == 1
    best = -math.inf if mine else math.inf
    best_move = -1
    n = _moves(S, P, 0, M[0])
    for i in range(n):
        c = M[0, i]
        for col in range(COLUMNS):
            S[1, col] = S[0, col]
        _act(S, P, LT, LS, 1, T_PLAY + c, R)
        # the first card with the whole window, each other only against the best so far
        alpha = best if mine else -math.inf
        beta = math.inf if mine else best
        v, t = _search(S, P, LT, LS, R, M, seat, side, V, t, count, limit, alpha, beta)
        if count[1]:
            return 0.0, -1, count[0], False, t
        if (v > best) if mine else (v < best):
            best = v
            best_move = c
    return best, best_move, count[0], True, t


__all__ = ["NUMBA", "solve", "table"]
