"""A uniformly random legal token per row, drawn for a whole batch at once: the random bot of the
batched engines (the opponents of `cardtable.rl`'s batched environment, the benchmarks).

The mask is read eight entries at a time (its bytes as 64-bit words: a word of zeros is eight
illegal tokens, and the sum of a word's bytes is the number of legal tokens in it), so a row of a
thousand tokens with a dozen legal costs about 125 words, not a thousand bytes, twice over.

>>> import numpy as np
>>> mask = np.array([[False, True, True], [False, False, False]])
>>> random_legal(mask, np.random.default_rng(0)).tolist()[1]
-1
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import inline, jit

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.uint8]
Words = npt.NDArray[np.uint64]

#: A word's bytes (each 0 or 1) summed into its top byte by one multiplication.
_ONES = 0x0101010101010101


@inline
def _count(w: int) -> int:
    """The number of legal tokens among the eight mask entries of word ``w`` (each byte 0 or 1)."""
    return ((int(w) * _ONES) >> 56) & 255  # no byte's sum carries: at most 8 < 256


@jit
def _pick(flat: Bytes, words: Words, tokens: int, u: npt.NDArray[np.float64], out: Ints) -> None:
    """For each row (``tokens`` entries of ``flat``, row after row; ``words`` the same bytes eight
    at a time), its k-th legal token, k = floor(u * the number legal); -1 for a row with none."""
    for row in range(out.shape[0]):
        start = row * tokens
        end = start + tokens
        a = min((start + 7) & ~7, end)  # the row's first byte at a word's start
        z = max(end & ~7, a)  # the end of the row's whole words
        n = 0
        for t in range(start, a):
            if flat[t]:
                n += 1
        for i in range(a >> 3, z >> 3):
            if words[i]:
                n += _count(words[i])
        for t in range(z, end):
            if flat[t]:
                n += 1
        if n == 0:
            out[row] = -1
            continue
        k = min(int(u[row] * n), n - 1)
        found = -1
        for t in range(start, a):
            if flat[t]:
                if k == 0:
                    found = t
                    break
                k -= 1
        if found < 0:
            for i in range(a >> 3, z >> 3):
                if not words[i]:
                    continue
                c = _count(words[i])
                if c <= k:
                    k -= c
                    continue
                for t in range(i << 3, (i << 3) + 8):
                    if flat[t]:
                        if k == 0:
                            found = t
                            break
                        k -= 1
                break
        if found < 0:
            for t in range(z, end):
                if flat[t]:
                    if k == 0:
                        found = t
                        break
                    k -= 1
        out[row] = found - start


def random_legal(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> Ints:
    """For each row of a legal mask (bool (B, tokens)), one of its legal tokens, each equally
    likely (one uniform draw per row from ``rng``); -1 for a row with none."""
    m = np.asarray(mask)
    if m.dtype != np.bool_ or m.ndim != 2:
        raise TypeError("mask: expected a boolean array of shape (rows, tokens)")
    out = np.zeros(m.shape[0], np.int64)
    u = rng.random(size=(m.shape[0],))
    flat = np.ascontiguousarray(m).reshape(-1).view(np.uint8)
    if flat.ctypes.data % 8:  # the words must start at the first byte
        flat = flat.copy()
    _pick(flat, flat[: flat.size & ~7].view(np.uint64), m.shape[1], u, out)
    return out
