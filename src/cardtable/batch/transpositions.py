"""A transposition table over arrays, for the compiled open-card solves (`games.GAME.solverkernels`).

A position's key is a row of whole numbers; the table keeps, per key, the two bounds the solver
learned (a low and a high value). It is open addressing over plain arrays (the keys, the bounds,
which slots are used), probed linearly from a hash of the key, and doubled when half full: a
position costs a hash and a few comparisons, several times less than a general dictionary keyed
by tuples. Keys are compared whole, so two positions share an entry exactly when their keys are
equal, as in the generic driver's ``dict``.

>>> import numpy as np
>>> t = new(2, 4)
>>> key = np.array([3, -1], np.int64)
>>> i = slot(t[0], t[1], key)
>>> bool(t[1][i])
False
>>> t = store(t, key, -1.0, 2.5)
>>> i = slot(t[0], t[1], key)
>>> bool(t[1][i]), float(t[2][i]), float(t[3][i])
(True, -1.0, 2.5)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import inline, jit

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]
#: (keys, used, lows, highs, [entries]): one table.
Table = tuple[Ints, Bools, Floats, Floats, Ints]

#: The hash keeps 62 bits (the same with and without numba: a product's low bits do not depend
#: on how many bits above them are kept); multiplications by odd constants and shifts down mix
#: every number of the key into the low bits that pick the slot.
MASK: Final = (1 << 62) - 1
PRIME: Final = 0x2545F4914F6CDD1D & MASK
MIX: Final = 0x3C6EF372FE94F82B & MASK
OFFSET: Final = 1469598103934665603 & MASK


@jit
def new(width: int, capacity: int) -> Table:
    """An empty table for keys of ``width`` numbers, with room for ``capacity`` slots (a power of
    two)."""
    return (
        np.zeros((capacity, width), np.int64),
        np.zeros(capacity, np.bool_),
        np.zeros(capacity, np.float64),
        np.zeros(capacity, np.float64),
        np.zeros(1, np.int64),
    )


@inline
def slot(keys: Ints, used: Bools, key: Ints) -> int:
    """The slot holding ``key``, or the empty slot where it would go."""
    h: int = OFFSET
    for j in range(key.shape[0]):
        h = ((h ^ key[j]) * PRIME) & MASK
        h ^= h >> 31  # the high bits down into the low ones, which pick the slot
    h = (h * MIX) & MASK
    h ^= h >> 29
    mask = used.shape[0] - 1
    i: int = h & mask
    while used[i]:
        same = True
        for j in range(key.shape[0]):
            if keys[i, j] != key[j]:
                same = False
                break
        if same:
            return i
        i = (i + 1) & mask
    return i


@jit
def store(t: Table, key: Ints, low: float, high: float) -> Table:
    """The table with ``key``'s bounds set to ``(low, high)`` (the same table, or a grown copy)."""
    keys, used, lows, highs, entries = t
    i = slot(keys, used, key)
    if not used[i]:
        used[i] = True
        for j in range(key.shape[0]):
            keys[i, j] = key[j]
        entries[0] += 1
    lows[i] = low
    highs[i] = high
    if 2 * entries[0] <= used.shape[0]:
        return t
    grown = new(keys.shape[1], 2 * used.shape[0])
    for k in range(used.shape[0]):
        if used[k]:
            n = slot(grown[0], grown[1], keys[k])
            grown[1][n] = True
            for j in range(keys.shape[1]):
                grown[0][n, j] = keys[k, j]
            grown[2][n] = lows[k]
            grown[3][n] = highs[k]
    grown[4][0] = entries[0]
    return grown


__all__ = ["new", "slot", "store"]
