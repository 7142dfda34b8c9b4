"""Python's own random numbers, one generator per row, inside the kernels.

Each row of a batch has the generator a one-table environment would have (`random.Random`,
CPython's Mersenne Twister), as 624 words and a position in an int64 array: `seeded` takes them
from ``random.Random(seed).getstate()``, and the kernels below draw exactly what the same calls on
that `random.Random` would (`getrandbits` of up to 32 bits, ``_randbelow`` as ``randrange(n)`` and
``shuffle`` use it, and `random`). So a row deals the same cards from the same seed as the checked
engine does from ``random.Random(seed)``, and the records it writes replay exactly.

>>> import random
>>> mt, pos = seeded([5])
>>> deck = np.arange(10, dtype=np.int8)
>>> shuffle(mt, pos, 0, deck)
>>> expected = list(range(10))
>>> random.Random(5).shuffle(expected)
>>> deck.tolist() == expected
True
"""

from __future__ import annotations

import random as _random
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import inline, jit

N: Final = 624
M: Final = 397
_MATRIX_A: Final = 0x9908B0DF
_UPPER: Final = 0x80000000
_LOWER: Final = 0x7FFFFFFF
_WORD: Final = 0xFFFFFFFF

Words = npt.NDArray[np.int64]


def seeded(seeds: Sequence[int | None]) -> tuple[Words, Words]:
    """The generator states (rows × 624 words, and each row's position) of ``random.Random(seed)``
    for each seed (``None``: seeded from the operating system, as ``random.Random()`` is)."""
    mt = np.zeros((len(seeds), N), np.int64)
    pos = np.zeros(len(seeds), np.int64)
    for i, seed in enumerate(seeds):
        state = _random.Random(seed).getstate()[1]
        mt[i] = state[:N]
        pos[i] = state[N]
    return mt, pos


def state_of(mt: Words, pos: Words, row: int) -> tuple[int, ...]:
    """Row ``row``'s generator in the form of ``random.Random.getstate()[1]`` (for tests)."""
    return (*(int(x) for x in mt[row]), int(pos[row]))


@jit
def _twist(mt: Words, row: int) -> None:
    for kk in range(N - M):
        y = (mt[row, kk] & _UPPER) | (mt[row, kk + 1] & _LOWER)
        mt[row, kk] = mt[row, kk + M] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
    for kk in range(N - M, N - 1):
        y = (mt[row, kk] & _UPPER) | (mt[row, kk + 1] & _LOWER)
        mt[row, kk] = mt[row, kk + M - N] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
    y = (mt[row, N - 1] & _UPPER) | (mt[row, 0] & _LOWER)
    mt[row, N - 1] = mt[row, M - 1] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)


@inline
def _temper(y: int) -> int:
    """CPython's tempering of a state word into an output."""
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return int(y & _WORD)


@inline
def word(mt: Words, pos: Words, row: int) -> int:
    """The next 32-bit output of row ``row``'s generator (CPython's ``genrand_uint32``)."""
    i = pos[row]
    if i >= N:
        _twist(mt, row)
        i = 0
    pos[row] = i + 1
    return _temper(mt[row, i])


# The same draws with the position held by the caller (``i``, a local, returned moved on), for a
# kernel drawing many numbers from one generator: a position kept in the array is stored and
# loaded again at every word, about four times the cost of the word itself.


@inline
def word_at(mt: Words, row: int, i: int) -> tuple[int, int]:
    """`word` from position ``i``: (the output, the position after it)."""
    if i >= N:
        _twist(mt, row)
        i = 0
    return _temper(mt[row, i]), i + 1


@inline
def randbelow_at(mt: Words, row: int, i: int, n: int) -> tuple[int, int]:
    """`randbelow` from position ``i``: (the number, the position after it)."""
    k = bit_length(n)
    y, i = word_at(mt, row, i)
    r = y >> (32 - k)
    while r >= n:
        y, i = word_at(mt, row, i)
        r = y >> (32 - k)
    return r, i


@inline
def random_at(mt: Words, row: int, i: int) -> tuple[float, int]:
    """`random` from position ``i``: (the number, the position after it)."""
    a, i = word_at(mt, row, i)
    b, i = word_at(mt, row, i)
    return ((a >> 5) * 67108864.0 + (b >> 6)) * (1.0 / 9007199254740992.0), i


@inline
def getrandbits(mt: Words, pos: Words, row: int, k: int) -> int:
    """``random.getrandbits(k)`` for 1 <= k <= 32."""
    return word(mt, pos, row) >> (32 - k)


@inline
def bit_length(n: int) -> int:
    """``int.bit_length`` of a non-negative number."""
    k = 0
    while n:
        n >>= 1
        k += 1
    return k


@inline
def randbelow(mt: Words, pos: Words, row: int, n: int) -> int:
    """``random.randrange(n)`` for 1 <= n < 2**32 (CPython's ``_randbelow_with_getrandbits``)."""
    k = bit_length(n)
    r = getrandbits(mt, pos, row, k)
    while r >= n:
        r = getrandbits(mt, pos, row, k)
    return r


@inline
def random(mt: Words, pos: Words, row: int) -> float:
    """``random.random()``: a float in [0, 1) with 53 random bits."""
    a = word(mt, pos, row) >> 5
    b = word(mt, pos, row) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@jit
def shuffle(mt: Words, pos: Words, row: int, items: npt.NDArray[np.int8]) -> None:
    """``random.shuffle(items)`` in place, drawing from row ``row``'s generator."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(mt, pos, row, i + 1)
        t = items[i]
        items[i] = items[j]
        items[j] = t


@jit
def randbelow_rows(mt: Words, pos: Words, rows: Words, n: int, out: Words) -> None:
    """``out[k] = randrange(n)`` drawn from the generator of row ``rows[k]``, for every k."""
    for k in range(len(rows)):
        out[k] = randbelow(mt, pos, rows[k], n)
