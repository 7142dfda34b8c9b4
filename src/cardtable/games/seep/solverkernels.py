"""Seep's open-card solve compiled: `cardtable.analysis.opencard.solve` over the batch's rows.

The same alpha-beta search as the generic driver, step for step: the same move order (the largest
move number first, `moves.code_of`'s numbers, so the moves taking the most and highest cards come
first), the same transposition table keyed as `solver.SeepSolver.key` keys it, the same windows
and bounds; so it reaches the same value, the same best move and the same count of positions.
Only each position is a row of the batched engine's ``S`` (`kernels`), its moves are listed by
`kernels.gen` and played by `kernels.play_move`, and the whole search is one compiled kernel
(`cardtable.batch.jit`), written without recursion (a recursive kernel cannot be cached on disk).
`solver.SeepSolver.solve` calls it where numba compiles it; ``tests/analysis/test_solver_compiled.py``
holds it to the driver.

A position's key packs, without loss, where each of the 52 cards is (a hand, a stock, the loose
cards, a house, a pile: 16 places, four bits a card), the plays made, the last capture, the
houses' owners and each team's sweeps in order (each a code of its worth: the sweeps a position
before the last play can hold are worth ``sweep_points`` or ``first_play_sweep_points``).
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import NUMBA, borrowing, inline, jit
from cardtable.batch.transpositions import Table, new, slot, store

from .kernels import (
    COLUMNS,
    DEALER,
    HAND0,
    HC0,
    HO0,
    LAST,
    LIST,
    LOOSE,
    MAX_MOVES,
    MAX_SWEEPS,
    NSW0,
    OVER,
    P_FIRST_SWEEP,
    P_SWEEP,
    PHASE,
    PILE0,
    PLAYS,
    PLAYS_PER_DEAL,
    SCORE0,
    STOCK0,
    SW0,
    T_BREAK,
    T_BUILD,
    T_CAPTURE,
    T_CAPTURE_HOUSE,
    T_CEMENT,
    T_THROW,
    gen,
    low_card,
    play_move,
    score,
)

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

#: Rows of the search's stack: the position solved, then one per move played below it.
DEPTH = PLAYS_PER_DEAL + 2
#: The numbers in a position's key.
KEY = 7
#: ``count``'s cells: positions visited, passed the limit, met a turn it cannot list or a sweep
#: it cannot key (the driver then solves).
VISITED, PASSED, UNKEYED = 0, 1, 2


@inline
def low_code(head: int) -> int:
    """The low twelve bits of a move's number (`moves.code_of`: ``value << 8 | card << 2 |
    kind``) from its head token; the loose cards it takes are the number's high bits."""
    if head < T_CAPTURE:  # a throw
        return (head - T_THROW) << 2
    if head < T_CAPTURE_HOUSE:
        return (head - T_CAPTURE) << 2
    if head < T_BUILD:
        card = head - T_CAPTURE_HOUSE
        return (card % 13 + 1) << 8 | card << 2
    if head < T_BREAK:
        base, kind = T_BUILD, 1
    elif head < T_CEMENT:
        base, kind = T_BREAK, 2
    else:
        base, kind = T_CEMENT, 3
    return (9 + (head - base) // 52) << 8 | ((head - base) % 52) << 2 | kind


@inline
def _place(out: Ints, cards: int, where: int) -> None:
    """Mark each card of ``cards`` as being at place ``where`` (four bits a card)."""
    while cards:
        c = low_card(cards)
        cards &= cards - 1
        out[c >> 4] |= where << (4 * (c & 15))


@borrowing
def _key(S: Ints, P: Ints, d: int, out: Ints) -> bool:
    """`SeepSolver.key` of the position at row ``d``, packed into `KEY` numbers (see the module
    docstring); ``False`` for a sweep worth neither of the two a position can hold."""
    for j in range(KEY):
        out[j] = 0
    for s in range(4):
        _place(out, S[d, HAND0 + s], s)
        _place(out, S[d, STOCK0 + s], 4 + s)
    _place(out, S[d, LOOSE], 8)
    owners = 0
    for i in range(5):
        _place(out, S[d, HC0 + i], 9 + i)
        owners |= S[d, HO0 + i] << (4 * i)
    _place(out, S[d, PILE0], 14)
    _place(out, S[d, PILE0 + 1], 15)
    out[4] = S[d, PLAYS] | (S[d, LAST] + 1) << 6 | owners << 8 | S[d, NSW0] << 28 | S[d, NSW0 + 1] << 34
    for t in range(2):
        code = 0
        for k in range(S[d, NSW0 + t]):
            worth = S[d, SW0 + t * MAX_SWEEPS + k]
            if worth == P[P_SWEEP]:
                w = 1
            elif worth == P[P_FIRST_SWEEP]:
                w = 2
            else:
                return False
            code |= w << (2 * k)
        out[5 + t] = code
    return True


@borrowing
def _moves(S: Ints, P: Ints, d: int, MH: Ints, MT: Ints, MC: Ints, W: Ints, none: Bools) -> int:
    """`SeepSolver.moves`: the legal moves at row ``d`` in ``MH``/``MT`` (head token, loose cards
    taken), the largest move number first (the cards taken, then ``MC``: `low_code`); their
    number, or -1 for a turn with more than `MAX_MOVES` moves."""
    n = gen(S, P, d, MH, MT, W, LIST, none, -1)
    if n > MAX_MOVES:
        return -1
    for k in range(n):
        MC[d, k] = low_code(MH[d, k])
    for i in range(1, n):  # an insertion sort by falling number
        h, t, c = MH[d, i], MT[d, i], MC[d, i]
        j = i
        while j > 0 and (MT[d, j - 1] < t or (MT[d, j - 1] == t and MC[d, j - 1] < c)):
            MH[d, j] = MH[d, j - 1]
            MT[d, j] = MT[d, j - 1]
            MC[d, j] = MC[d, j - 1]
            j -= 1
        MH[d, j] = h
        MT[d, j] = t
        MC[d, j] = c
    return n


@inline
def _actor(S: Ints, d: int) -> int:
    """The seat to act at row ``d`` (R12), -1 once the hand is over."""
    if S[d, PHASE] == OVER:
        return -1
    who: int = (S[d, DEALER] + S[d, PLAYS] + 1) & 3
    return who


@borrowing
def _value(S: Ints, P: Ints, d: int, seat: int) -> float:
    """`search.hand_value` of the finished hand at row ``d`` to ``seat`` (each seat scores its
    team's total)."""
    score(S, P, d)
    mine: int = S[d, SCORE0 + (seat & 1)]
    total: int = 2 * (S[d, SCORE0] + S[d, SCORE0 + 1])
    return mine - (total - mine) / 3


@borrowing
def _play(S: Ints, P: Ints, MH: Ints, MT: Ints, W: Ints, d: int, k: int) -> None:
    """Row ``d + 1``: the position at row ``d`` after its ``k``-th listed move."""
    for col in range(COLUMNS):
        S[d + 1, col] = S[d, col]
    play_move(S, P, d + 1, MH[d, k], MT[d, k], W)


@jit
def _search(
    S: Ints,
    P: Ints,
    MH: Ints,
    MT: Ints,
    MC: Ints,
    W: Ints,
    seat: int,
    side: int,
    t: Table,
    count: Ints,
    limit: int,
    alpha: float,
    beta: float,
    none: Bools,
) -> tuple[float, Table]:
    """The driver's ``search(p, alpha, beta)`` of the position at row 1, without recursion: each
    row ``d`` below it keeps its node's window, bounds, best value and next move. Sets
    ``count[PASSED]`` when it passes ``limit`` positions, ``count[UNKEYED]`` when it meets a
    position it cannot list or key. Gives the value and the table (grown, maybe)."""
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
            count[VISITED] += 1
            if count[VISITED] > limit:
                count[PASSED] = 1
                return 0.0, t
            who = _actor(S, d)
            if who < 0:
                v = _value(S, P, d, seat)
                done = True
            else:
                if not _key(S, P, d, K[d]):
                    count[UNKEYED] = 1
                    return 0.0, t
                i = slot(t[0], K[d])
                low, high = (t[1][i, 0], t[1][i, 1]) if t[0][i, 0] else (-math.inf, math.inf)
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
                    N[d] = _moves(S, P, d, MH, MT, MC, W, none)
                    if N[d] < 0:
                        count[UNKEYED] = 1
                        return 0.0, t
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
                _play(S, P, MH, MT, W, d, NEXT[d])
                NEXT[d] += 1
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
    row: Ints, P: Ints, W: Ints, seat: int, side: int, limit: int, t: Table
) -> tuple[float, int, int, int, bool, bool, Table]:
    """The open-card value of the position ``row`` (a row of ``S``, in the opening or the play) to
    ``seat``, whose side is the set of seats ``side``, ``W`` a work array (`kernels.work`): (value,
    the best move's head token and the loose cards it takes (-1, 0 for none), positions visited,
    whether it finished within ``limit`` positions, whether it could run at all (``False``: a turn
    with more moves than a row lists, or a sweep it cannot key; the driver solves those), the table
    ``t`` with what this solve learned). ``t`` is `table()`, or the table of an earlier solve of
    the same hand for a seat whose values are the same at every end (`solver.SeepSolver.kin`)."""
    S = np.zeros((DEPTH, COLUMNS), np.int64)
    for col in range(COLUMNS):
        S[0, col] = row[col]
    MH = np.zeros((DEPTH, MAX_MOVES), np.int64)
    MT = np.zeros((DEPTH, MAX_MOVES), np.int64)
    MC = np.zeros((DEPTH, MAX_MOVES), np.int64)
    count = np.zeros(3, np.int64)
    none = np.zeros((1, 1), np.bool_)  # `gen` marks no mask here
    who = _actor(S, 0)
    if who < 0:
        return 0.0, -1, 0, 1, True, True, t
    mine = side >> who & 1 == 1
    best = -math.inf if mine else math.inf
    best_head = -1
    best_take = 0
    n = _moves(S, P, 0, MH, MT, MC, W, none)
    if n < 0:
        return 0.0, -1, 0, 0, False, False, t
    for i in range(n):
        _play(S, P, MH, MT, W, 0, i)
        # the first move with the whole window, each other only against the best so far
        alpha = best if mine else -math.inf
        beta = math.inf if mine else best
        v, t = _search(S, P, MH, MT, MC, W, seat, side, t, count, limit, alpha, beta, none)
        if count[UNKEYED]:
            return 0.0, -1, 0, count[VISITED], False, False, t
        if count[PASSED]:
            return 0.0, -1, 0, count[VISITED], False, True, t
        if (v > best) if mine else (v < best):
            best = v
            best_head = MH[0, i]
            best_take = MT[0, i]
    return best, best_head, best_take, count[VISITED], True, True, t


__all__ = ["NUMBA", "solve", "table"]
