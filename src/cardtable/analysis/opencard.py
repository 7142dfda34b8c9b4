"""The open-card solver's generic driver: the exact value of a position with every card shown.

Bridge players call it double-dummy analysis: with all hands face up, each side plays its best
against the other, and the value of the hand is fixed. The driver is an alpha-beta search over
the remaining play, with a transposition table (two move orders that reach the same position are
solved once) keyed by what the game says decides the rest of the hand.

What only a game knows comes from its `Solver` (``solver(game)`` in the game's analysis module,
see `cardtable.analysis.parts`): how to make a position of a checked state, its moves in a good
order (the likely best first, so alpha-beta cuts sooner), how to play one, the score at the end,
the key of a position and which seats play on one side. The value is the search's own measure,
`cardtable.bots.search.hand_value` of the final score to the seat: the seat's side maximises it
and the other side minimises it, which is exact minimax when the hand is played between two sides
whose interests are opposed (Smear's teams, Sheepshead's picker with the partner against the
defenders, Seep's teams).

A solver may also give ``bounds(pos, seat)``: the lowest and the highest value the hand can still
end with from ``pos`` (from what is already taken and what is left, as a double-dummy solver's
quick bounds). The driver treats them as it treats a table's bounds of the position: a window
outside them is answered at once, and one reaching past them is narrowed to them. A position
whose end is settled (a picker past the last threshold the rest could change) is not searched.

``node_limit`` bounds the work: past it the search stops with `Unfinished` (used for Seep, whose
open-card play is too wide to finish from early in a hand); a solver's optional ``growth`` (how
many times larger a solve from one decision earlier is at least) spares the review a solve that
would only pass it (`earliest_value`).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardtable.analysis import parts
from cardtable.bots.search import hand_value
from cardtable.i18n import phrase, words_of


class Solver(Protocol):
    """A game's open-card play, as the driver needs it (see the module docstring)."""

    def position(self, state: Any) -> Any | None:
        """The solver's position of a checked state in the card play, else ``None``."""
        ...

    def actor(self, pos: Any) -> int | None:
        """The seat to act, or ``None`` once the hand is over."""
        ...

    def moves(self, pos: Any) -> Sequence[int]:
        """The legal moves, the likely best first. A game may leave out a move equivalent to one
        before it in the list (one that leads to the same value however the rest is played, as
        two touching cards held by one hand: bridge's equivalent cards); it then gives them all
        in ``legal(pos)``, which `brute_force` plays."""
        ...

    def play(self, pos: Any, move: int) -> Any:
        """A new position after ``move``; ``pos`` is left as it was."""
        ...

    def score(self, pos: Any) -> Sequence[int]:
        """Each seat's score of a finished hand, as the checked ``outcome`` gives it."""
        ...

    def key(self, pos: Any) -> Hashable:
        """A key equal for two positions exactly when the rest of the hand is the same for them:
        the same moves, and the same scores after every way of playing them."""
        ...

    def side(self, pos: Any, seat: int) -> frozenset[int] | None:
        """The seats playing on ``seat``'s side, or ``None`` when the hand is not played between
        two sides (a Sheepshead leaster), which the solver does not value."""
        ...


class Unfinished(Exception):
    """The solve passed its node limit."""


@dataclass
class Solved:
    """The open-card value of a position to a seat, the best move there, and the nodes visited."""

    value: float
    move: int | None
    nodes: int


def solver(game: Any) -> Solver | None:
    """The game's open-card solver for its rules, or ``None`` when it has none."""
    make = getattr(parts.part(game), "solver", None)
    if not callable(make):
        return None
    found: Solver | None = make(game)
    return found


def kin(s: Solver, pos: Any, seat: int) -> int:
    """The lowest seat whose values are ``seat``'s at every end of the hand (the game's
    ``kin(pos, seat)``, else ``seat`` itself), or, for a seat solved as another (`scale`), that
    seat's: two such seats can share one transposition table."""
    other, mapped = scale(s, pos, seat)
    if mapped is not None:
        seat = other
    of = getattr(s, "kin", None)
    return int(of(pos, seat)) if callable(of) else seat


def scale(s: Solver, pos: Any, seat: int) -> tuple[int, Mapping[float, float] | None]:
    """The seat whose value ``seat``'s is a strictly monotone function of at every end of the
    hand, and that function as a table from the one value to the other; else ``seat`` and
    ``None``. The game names the other seat and every score the hand may end with (its
    ``scale(pos, seat)``: a seat and the ends, else ``None``); the function is read from the ends,
    by `hand_value`. ``seat`` is then solved as the other seat and the value mapped, so that the
    seats of a hand settled as shares of one stake (Sheepshead's picker and defenders) share one
    transposition table whichever side they play on. Exact: minimax's value is one end's, and a
    side that maximises the one value maximises (or, the function falling, minimises) the other."""
    of = getattr(s, "scale", None)
    found = of(pos, seat) if callable(of) else None
    if found is None or int(found[0]) == seat:
        return seat, None
    other, ends = int(found[0]), tuple(found[1])
    return other, _monotone(ends, other, seat)


def _mapped(mapped: Mapping[float, float], value: float) -> float:
    """The mapped value of ``value``, one of the ends' values (up to the rounding of a compiled
    solve's arithmetic)."""
    found = mapped.get(value)
    if found is None:
        found = mapped[min(mapped, key=lambda v: abs(v - value))]
    return found


@functools.cache
def _monotone(ends: tuple[tuple[int, ...], ...], other: int, seat: int) -> Mapping[float, float] | None:
    """``seat``'s value by ``other``'s over ``ends``, or None unless one is a strictly monotone
    function of the other (each value of ``other``'s has one of ``seat``'s, all rising or all
    falling)."""
    found: dict[float, float] = {}
    for score in ends:
        mine = hand_value(score, seat)
        if found.setdefault(hand_value(score, other), mine) != mine:
            return None
    ordered = [found[v] for v in sorted(found)]
    steps = [b - a for a, b in itertools.pairwise(ordered)]
    if not (all(x > 0 for x in steps) or all(x < 0 for x in steps)):
        return None
    return found


def solve(
    s: Solver,
    pos: Any,
    seat: int,
    node_limit: int | None = None,
    transpositions: bool = True,
    tables: dict[Any, Any] | None = None,
) -> Solved:
    """The exact value of ``pos`` to ``seat`` with every card shown (see the module docstring);
    raises `Unfinished` past ``node_limit`` nodes and `ValueError` when the hand has no two sides.
    ``transpositions=False`` solves without the table (slower; for tests of the game's keys).

    ``tables`` keeps the transposition tables of one hand's solves, one for each `kin` of seats:
    a solve from a later position of the hand, or for a seat whose values are the same, starts
    from what the earlier solves learned (every entry is a bound of its position's value that no
    solve contradicts), and counts only the positions it visits itself."""
    side = s.side(pos, seat)
    if side is None:
        raise ValueError("the hand is not played between two sides")
    other, mapped = scale(s, pos, seat)
    if mapped is not None:
        got = solve(s, pos, other, node_limit, transpositions, tables)
        return Solved(_mapped(mapped, got.value), got.move, got.nodes)
    compiled = getattr(s, "solve", None)
    if transpositions and callable(compiled):
        name = ("compiled", kin(s, pos, seat))
        done = compiled(pos, seat, node_limit, tables.get(name) if tables is not None else None)
        if done is not None:
            value, move, nodes, finished, grown = done
            if tables is not None:
                tables[name] = grown
            if not finished:
                raise Unfinished
            return Solved(value, move, nodes)
    table: dict[Hashable, tuple[float, float]] = {}
    if tables is not None and transpositions:
        table = tables.setdefault(("driver", kin(s, pos, seat)), table)
    limit = node_limit if node_limit is not None else math.inf
    nodes = 0
    actor, moves, play, score = s.actor, s.moves, s.play, s.score
    fresh = itertools.count()
    key: Any = s.key if transpositions else lambda _: next(fresh)  # without: a key never met again
    bounds: Any = getattr(s, "bounds", None)

    def search(p: Any, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            raise Unfinished
        who = actor(p)
        if who is None:
            return hand_value(score(p), seat)
        k = key(p)
        low, high = table.get(k, (-math.inf, math.inf))
        if bounds is not None:  # what the hand can still end with (the module docstring)
            lo, hi = bounds(p, seat)
            low, high = max(low, lo), min(high, hi)
        if low >= beta:
            return low
        if high <= alpha or low == high:
            return high  # the value is below the window, or known exactly
        alpha, beta = max(alpha, low), min(beta, high)
        a0, b0 = alpha, beta
        mine = who in side
        best = -math.inf if mine else math.inf
        for m in moves(p):
            v = search(play(p, m), alpha, beta)
            if mine:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if best <= a0:
            table[k] = (low, best)  # an upper bound: nothing better was found in the window
        elif best >= b0:
            table[k] = (best, high)  # a lower bound: the search was cut
        else:
            table[k] = (best, best)
        return best

    who = actor(pos)
    if who is None:
        return Solved(hand_value(score(pos), seat), None, 1)
    mine = who in side
    best_move: int | None = None
    best = -math.inf if mine else math.inf
    for m in moves(pos):
        # only a move better than the best so far matters: each is searched against it
        v = search(play(pos, m), best, math.inf) if mine else search(play(pos, m), -math.inf, best)
        if (v > best) if mine else (v < best):
            best, best_move = v, m
    return Solved(best, best_move, nodes)


def brute_force(s: Solver, pos: Any, seat: int) -> float:
    """The same value by plain minimax over every line of play: no cuts, no table (for tests)."""
    side = s.side(pos, seat)
    if side is None:
        raise ValueError("the hand is not played between two sides")
    who = s.actor(pos)
    if who is None:
        return hand_value(s.score(pos), seat)
    every = getattr(s, "legal", s.moves)  # every legal move, the equivalent ones too
    values = [brute_force(s, s.play(pos, m), seat) for m in every(pos)]
    return max(values) if who in side else min(values)


def in_play(game: Any, state: Any) -> bool:
    """Whether ``state`` is in the part of the hand the game's solver values."""
    s = solver(game)
    return s is not None and s.position(state) is not None


def _no_value(reason: str) -> dict[str, Any]:
    """No open-card value, and why: in English and as words (`words_of`)."""
    return {"value": None, "reason": str(reason), "reason_words": words_of(reason)}


def open_value(
    game: Any, state: Any, seat: int, node_limit: int | None = None, tables: dict[Any, Any] | None = None
) -> dict[str, Any]:
    """The open-card value of ``state`` to ``seat`` as JSON-ready data: ``{"value": v, "nodes": n}``,
    or ``{"value": null, "reason": ...}`` saying why there is none (with ``reason_words``: the same
    reason as words any language can say, `cardtable.i18n.words_of`). The node limit is
    ``node_limit``, else the solver's own ``node_limit`` if it has one, else none; ``tables``: the
    hand's tables (`solve`)."""
    s = solver(game)
    pos = s.position(state) if s is not None else None
    if s is None or pos is None:
        return _no_value(phrase("no open-card solver for this game's play"))
    if node_limit is None:
        node_limit = getattr(s, "node_limit", None)
    try:
        solved = solve(s, pos, seat, node_limit, tables=tables)
    except Unfinished:
        return _no_value(phrase("not solved within {n} positions", n=node_limit))
    except ValueError as e:
        return _no_value(e.args[0] if e.args and isinstance(e.args[0], str) else str(e))
    return {"value": round(solved.value, 4), "nodes": solved.nodes}


def earliest_value(
    game: Any, states: Sequence[tuple[int, Any]], seat: int, tables: dict[Any, Any] | None = None
) -> dict[str, Any]:
    """The open-card value to ``seat`` from the earliest of its decisions (``(action index,
    state)`` in order) from which its solves finish within the node limit: solved from the last
    decision back to the first, one after another, stopping at the first that passes the limit.
    The result is `open_value`'s from the earliest that finished, with ``"from"``: the action index
    of that decision, and ``"whole"``: whether that is the seat's first decision in the play; or
    the reason the last decision has none. Its solves share one table for the seat (``tables``:
    the hand's, `hand_values`; else its own), so each earlier solve starts from what the later ones
    learned, and a solve from before the decision that passed the limit, which would pass it too
    (each decision back is a larger tree), is never asked for: a game whose hands are too wide to
    solve whole (Seep) pays for one solve past the limit a seat, not one for each halving.

    A solver may say how much larger a solve from one decision earlier is at least (``growth``: a
    factor of positions visited, measured over many hands). Then a solve is not asked when the one
    after it visited more than the limit divided by that factor: it would pass the limit, and
    the value is the one from the decision after it, as when it is asked and passes."""
    if not states:
        return _no_value(phrase("no decision in the card play"))
    if tables is None:
        tables = {}
    s = solver(game)
    growth = getattr(s, "growth", None)
    limit = getattr(s, "node_limit", None)
    found: dict[str, Any] | None = None
    for i in range(len(states) - 1, -1, -1):
        got = open_value(game, states[i][1], seat, tables=tables)
        if got["value"] is None:
            return found if found is not None else got
        found = got | {"from": states[i][0], "whole": i == 0}
        if growth is not None and limit is not None and got["nodes"] * growth > limit:
            break  # the solve from the decision before would pass the limit
    assert found is not None  # states is not empty
    return found


def hand_values(
    game: Any, plays: Mapping[int, Sequence[tuple[int, Any]]], seats: Collection[int]
) -> dict[int, dict[str, Any]]:
    """`earliest_value` to each of ``seats`` in one finished hand, given every seat's decisions in
    its card play (``plays``: seat -> ``(action index, state)`` in order, the seats in the order of
    their first decision). The seats' solves run in that order, and the seats of one `kin` share
    the hand's table: a later seat's solve starts from what the earlier ones learned. So that a
    seat's result (its positions counted, and so where a solve stops at the limit) does not hang
    on which other seats are asked, every seat of an asked seat's kin before it is solved too."""
    s = solver(game)
    kins: dict[int, int] = {}
    for seat, states in plays.items():
        pos = s.position(states[0][1]) if s is not None and states else None
        kins[seat] = kin(s, pos, seat) if s is not None and pos is not None else -1 - seat
    wanted = {kins[seat] for seat in seats if seat in kins}
    tables: dict[Any, Any] = {}
    out: dict[int, dict[str, Any]] = {}
    for seat, states in plays.items():
        if kins[seat] in wanted:
            got = earliest_value(game, states, seat, tables)
            if seat in seats:
                out[seat] = got
    return out
