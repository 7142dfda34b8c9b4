"""A transposition table over arrays, for the compiled open-card solves (`games.GAME.solverkernels`).

A position's key is a row of whole numbers; the table keeps, per key, the two bounds the solver
learned (a low and a high value). It is open addressing over plain arrays, probed linearly from a
hash of the key, and doubled when half full: a position costs a hash and a few comparisons,
several times less than a general dictionary keyed by tuples. Each slot's key sits in one row
with its mark of use (column 0), and its two bounds side by side in another, so that a probe of a
large table reads two places of memory, not four. Keys are compared whole, so two positions
share an entry exactly when their keys are equal, as in the generic driver's ``dict``.

>>> import numpy as np
>>> t = new(2, 4)
>>> key = np.array([3, -1], np.int64)
>>> i = slot(t[0], key)
>>> bool(t[0][i, 0])
False
>>> t = store(t, key, -1.0, 2.5)
>>> i = slot(t[0], key)
>>> bool(t[0][i, 0]), float(t[1][i, 0]), float(t[1][i, 1])
(True, -1.0, 2.5)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import inline, jit

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
#: (slots: the mark of use then the key, bounds: low and high, [entries]): one table.
Table = tuple[Ints, Floats, Ints]

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
        np.zeros((capacity, width + 1), np.int64),
        np.zeros((capacity, 2), np.float64),
        np.zeros(1, np.int64),
    )


@inline
def slot(slots: Ints, key: Ints) -> int:
    """The slot holding ``key``, or the empty slot where it would go (``slots[i, 0]`` is 0)."""
    h: int = OFFSET
    for j in range(key.shape[0]):
        h = ((h ^ key[j]) * PRIME) & MASK
        h ^= h >> 31  # the high bits down into the low ones, which pick the slot
    h = (h * MIX) & MASK
    h ^= h >> 29
    mask = slots.shape[0] - 1
    i: int = h & mask
    while slots[i, 0]:
        same = True
        for j in range(key.shape[0]):
            if slots[i, j + 1] != key[j]:
                same = False
                break
        if same:
            return i
        i = (i + 1) & mask
    return i


@jit
def store(t: Table, key: Ints, low: float, high: float) -> Table:
    """The table with ``key``'s bounds set to ``(low, high)`` (the same table, or a grown copy)."""
    slots, bounds, entries = t
    i = slot(slots, key)
    if not slots[i, 0]:
        slots[i, 0] = 1
        for j in range(key.shape[0]):
            slots[i, j + 1] = key[j]
        entries[0] += 1
    bounds[i, 0] = low
    bounds[i, 1] = high
    if 2 * entries[0] <= slots.shape[0]:
        return t
    grown = new(slots.shape[1] - 1, 2 * slots.shape[0])
    for k in range(slots.shape[0]):
        if slots[k, 0]:
            n = slot(grown[0], slots[k, 1:])
            for j in range(slots.shape[1]):
                grown[0][n, j] = slots[k, j]
            grown[1][n, 0] = bounds[k, 0]
            grown[1][n, 1] = bounds[k, 1]
    grown[2][0] = entries[0]
    return grown


__all__ = ["new", "slot", "store"]
