"""Seating a tournament's round: who sits at which table, in which seat.

Two movements, neither of which knows the game (only the table's size and, for partnership
games, which seats are partners):

- `mixed` (the Germanfest style): entrants are reseated every round so that they meet as many
  different entrants as possible. The tables are searched for the fewest repeat meetings (two
  entrants who already sat at one table sit together again), then the fewest repeat partners,
  then the fewest bots at one table; the search is a local search by swaps from a seeded start,
  so the same history gives the same seating. Only swaps that touch a table with a cost are
  tried (a swap between two tables that cost nothing cannot lower the cost), and the search
  stops after `MAX_TRIES` swaps tried, keeping the best seating found: a round of 400 entrants
  is seated in well under a second, and no history can make it take long.
- `progressive`: winners move up. Entrants are ranked by their standing so far and seated in that
  order, the best at table 1; within a table partners are chosen so that nobody partners the
  same entrant twice when another way exists.

Two more, for partnership games, in which the partners are fixed (a pair registers together):

- `round_robin`: each pair meets every other pair once, in the circle method's order (with an odd
  number of pairs, the pair left over plays a pair of bots).
- `swiss`: pairs are ranked by the standings so far, and each, from the top, meets the best
  ranked pair left that it has not met yet.

Bots fill the last seats to whole tables (``None`` in a table's seats).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

#: A table's seats: an entrant's number, or ``None`` for a bot.
Seats = list[int | None]

MOVEMENTS = ("mixed", "progressive", "round_robin", "swiss")

#: The movements of fixed partnerships (a pair registers together).
PAIR_MOVEMENTS = ("round_robin", "swiss")

#: A fixed partnership: its entrants' numbers (a member replaced for good is ``None``).
Pair = tuple[int | None, ...]

#: The most swaps the reseating search tries for one round, over all its starts (a bound on its time).
MAX_TRIES = 400_000


def tables_needed(entrants: int, size: int) -> int:
    """The number of tables of ``size`` seats for ``entrants`` (bots fill the last)."""
    return -(-entrants // size)


def meetings(history: Sequence[Sequence[Seats]]) -> Counter[tuple[int, int]]:
    """How often each pair of entrants (lower number first) sat at one table in ``history``
    (a list of rounds, each a list of tables)."""
    met: Counter[tuple[int, int]] = Counter()
    for tables in history:
        for seats in tables:
            people = sorted(p for p in seats if p is not None)
            met.update(itertools.combinations(people, 2))
    return met


def partnerships(history: Sequence[Sequence[Seats]], partners: Sequence[Sequence[int]]) -> Counter[tuple[int, int]]:
    """How often each pair of entrants were partners (seats in one group of ``partners``)."""
    met: Counter[tuple[int, int]] = Counter()
    for tables in history:
        for seats in tables:
            for group in partners:
                people = sorted(p for s in group if (p := seats[s]) is not None)
                met.update(itertools.combinations(people, 2))
    return met


def repeats(history: Sequence[Sequence[Seats]]) -> int:
    """The repeat meetings of a whole history: each pair counted once for every meeting after its first."""
    return sum(n - 1 for n in meetings(history).values() if n > 1)


def seat_round(
    entrants: Sequence[int],
    size: int,
    history: Sequence[Sequence[Seats]],
    movement: str = "mixed",
    partners: Sequence[Sequence[int]] = (),
    ranking: Sequence[int] = (),
    seed: int = 0,
) -> list[Seats]:
    """The tables of the next round for ``entrants`` (their numbers), at tables of ``size`` seats,
    after the rounds of ``history``. ``ranking`` (progressive) lists the entrants best first."""
    if movement == "progressive":
        return _progressive(entrants, size, history, partners, ranking)
    return _mixed(entrants, size, history, partners, seed)


def _mixed(
    entrants: Sequence[int],
    size: int,
    history: Sequence[Sequence[Seats]],
    partners: Sequence[Sequence[int]],
    seed: int,
    max_tries: int = MAX_TRIES,
) -> list[Seats]:
    rng = random.Random(f"seating:{seed}:{len(history)}")
    met = meetings(history)
    partnered = partnerships(history, partners)
    n_tables = tables_needed(len(entrants), size)
    people: list[int | None] = list(entrants) + [None] * (n_tables * size - len(entrants))

    def table_cost(seats: Seats) -> int:
        people_here = [p for p in seats if p is not None]
        cost = 0
        for a, b in itertools.combinations(sorted(people_here), 2):
            cost += 1000 * met[(a, b)]
        for group in partners:
            pair = sorted(p for s in group if (p := seats[s]) is not None)
            for a, b in itertools.combinations(pair, 2):
                cost += 10 * partnered[(a, b)]
        bots = len(seats) - len(people_here)
        return cost + (bots * (bots - 1)) // 2

    best: list[Seats] | None = None
    best_cost = -1
    tries = 0
    for _attempt in range(8):
        rng.shuffle(people)
        tables = [people[i * size : (i + 1) * size] for i in range(n_tables)]
        costs = [table_cost(t) for t in tables]
        improved = True
        while improved and sum(costs) > 0 and tries < max_tries:
            improved = False
            for ti, tj in itertools.combinations(range(n_tables), 2):
                if not (costs[ti] or costs[tj]) or tries >= max_tries:
                    continue  # two tables that cost nothing: no swap between them can lower the cost
                tries += size * size
                for si in range(size):
                    for sj in range(size):
                        a, b = tables[ti][si], tables[tj][sj]
                        if a == b:
                            continue
                        tables[ti][si], tables[tj][sj] = b, a
                        ci, cj = table_cost(tables[ti]), table_cost(tables[tj])
                        if ci + cj < costs[ti] + costs[tj]:
                            costs[ti], costs[tj] = ci, cj
                            improved = True
                        else:
                            tables[ti][si], tables[tj][sj] = a, b
            # partners within a table: swapping seats inside a table changes only partnerships
            for ti in range(n_tables):
                if not costs[ti]:
                    continue
                for si, sj in itertools.combinations(range(size), 2):
                    t = tables[ti]
                    t[si], t[sj] = t[sj], t[si]
                    c = table_cost(t)
                    if c < costs[ti]:
                        costs[ti] = c
                        improved = True
                    else:
                        t[si], t[sj] = t[sj], t[si]
        total = sum(costs)
        if best is None or total < best_cost:
            best, best_cost = [list(t) for t in tables], total
        if best_cost == 0 or tries >= max_tries:
            break
    assert best is not None
    return best


def _progressive(
    entrants: Sequence[int],
    size: int,
    history: Sequence[Sequence[Seats]],
    partners: Sequence[Sequence[int]],
    ranking: Sequence[int],
) -> list[Seats]:
    order = [p for p in ranking if p in set(entrants)]
    order += [p for p in entrants if p not in set(order)]
    n_tables = tables_needed(len(order), size)
    people: list[int | None] = list(order) + [None] * (n_tables * size - len(order))
    partnered = partnerships(history, partners)
    tables: list[Seats] = []
    for i in range(n_tables):
        group = people[i * size : (i + 1) * size]
        best: Seats = list(group)
        best_cost = -1
        for perm in itertools.permutations(group):
            cost = 0
            for g in partners:
                pair = sorted(p for s in g if (p := perm[s]) is not None)
                cost += sum(partnered[ab] for ab in itertools.combinations(pair, 2))
            if best_cost < 0 or cost < best_cost:
                best, best_cost = list(perm), cost
            if best_cost == 0:
                break
        tables.append(best)
    return tables


def seat_pairs(
    pairs: Sequence[Pair],
    size: int,
    partners: Sequence[Sequence[int]],
    round_index: int,
    history: Sequence[Sequence[Seats]],
    movement: str,
    ranking: Sequence[int] = (),
) -> list[Seats]:
    """The tables of round ``round_index`` (from 0) for fixed ``pairs``: each table seats one pair
    on each side of ``partners``; a side without a pair is played by bots."""
    sides = len(partners)
    swiss = movement == "swiss"
    groups = _swiss(pairs, sides, history, ranking) if swiss else _circle(pairs, sides, round_index)
    tables: list[Seats] = []
    for group in groups:
        seats: Seats = [None] * size
        for pair, side in zip(group, partners, strict=True):
            for member, seat in zip(pair or (), side, strict=False):
                seats[seat] = member
        tables.append(seats)
    return tables


def _circle(pairs: Sequence[Pair], sides: int, round_index: int) -> list[list[Pair | None]]:
    """The circle method: the first stays, the others turn one place a round."""
    items: list[Pair | None] = list(pairs)
    if len(items) % sides:
        items += [None] * (sides - len(items) % sides)
    n = len(items)
    if n <= sides:
        return [items]
    turn = round_index % (n - 1)
    rest = items[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    order = [items[0], *rest]
    # pair the first half with the second half read backwards (sides of 2: a table per meeting)
    half = n // 2
    meetings = [[order[i], order[n - 1 - i]] for i in range(half)]
    return [m for m in meetings if any(p is not None for p in m)]


def _swiss(
    pairs: Sequence[Pair], sides: int, history: Sequence[Sequence[Seats]], ranking: Sequence[int]
) -> list[list[Pair | None]]:
    met = meetings(history)
    place = {p: i for i, p in enumerate(ranking)}

    def rank(pair: Pair) -> int:
        return min((place.get(m, len(place)) for m in pair if m is not None), default=len(place))

    def have_met(a: Pair, b: Pair) -> bool:
        return any(met[(min(x, y), max(x, y))] for x in a if x is not None for y in b if y is not None)

    waiting = sorted(pairs, key=rank)
    out: list[list[Pair | None]] = []
    while waiting:
        first = waiting.pop(0)
        if not waiting:
            out.append([first, None])
            break
        other = next((p for p in waiting if not have_met(first, p)), waiting[0])
        waiting.remove(other)
        out.append([first, other])
    return out
