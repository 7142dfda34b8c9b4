"""A uniformly random legal token per row, drawn for a whole batch at once: the random bot of the
batched engines (the opponents of `cardtable.rl`'s batched environment, the benchmarks).

The mask is read eight entries at a time, its bytes as 64-bit words: each byte is 0 or 1, so a
word's legal tokens are the bits set in it (one ``popcnt`` instruction). A row's legal tokens are
counted block by block, eight words (64 tokens) a block; then the draw walks the blocks' counts,
not the mask, to the block that holds it, and only that block's words. The walk over a row goes by
a slice of it, whose indices numba knows cannot be negative, so the counting is compiled to
vector instructions: a Seep mask of 994 tokens a row costs about a third of what a word-by-word
loop did.

>>> import numpy as np
>>> mask = np.array([[False, True, True], [False, False, False]])
>>> random_legal(mask, np.random.default_rng(0)).tolist()[1]
-1
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import borrowing, inline, popcount

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.uint8]
Words = npt.NDArray[np.uint64]

#: The words of a block: 64 tokens.
_BLOCK = 8


@inline
def _nth(flat: Bytes, at: int, k: int) -> int:
    """The place in ``flat`` of the k-th (from 0) legal entry from ``at`` on; -1 past the end."""
    for t in range(at, flat.shape[0]):
        if flat[t]:
            if k == 0:
                return t
            k -= 1
    return -1


@borrowing
def _pick(flat: Bytes, words: Words, tokens: int, u: npt.NDArray[np.float64], out: Ints, blocks: Ints) -> None:
    """For each row (``tokens`` entries of ``flat``, row after row; ``words`` the same bytes eight
    at a time), its k-th legal token, k = floor(u * the number legal); -1 for a row with none.
    ``blocks`` is working space: a count for each block of a row's whole words."""
    for row in range(out.shape[0]):
        start = row * tokens
        end = start + tokens
        a = min((start + 7) & ~7, end)  # the row's first byte at a word's start
        z = max(end & ~7, a)  # the end of the row's whole words
        head = flat[start:a]
        tail = flat[z:end]
        row_words = words[a >> 3 : z >> 3]
        nw = row_words.shape[0]
        nb = nw // _BLOCK
        h = 0  # the legal tokens before the row's first whole word
        for t in range(head.shape[0]):
            h += int(head[t])
        n = h
        for t in range(tail.shape[0]):
            n += int(tail[t])
        for b in range(nb):
            block = row_words[b * _BLOCK : b * _BLOCK + _BLOCK]
            c = 0
            for j in range(_BLOCK):
                c += popcount(block[j])
            blocks[b] = c
            n += c
        for j in range(nb * _BLOCK, nw):
            n += popcount(row_words[j])
        if n == 0:
            out[row] = -1
            continue
        k = min(int(u[row] * n), n - 1)
        if k < h:
            out[row] = _nth(flat, start, k) - start
            continue
        k -= h
        first = nb * _BLOCK  # the first word to walk: past the blocks the draw lies beyond
        for b in range(nb):
            if blocks[b] > k:
                first = b * _BLOCK
                break
            k -= blocks[b]
        found = -1
        for i in range(first, nw):
            c = popcount(row_words[i])
            if c > k:
                found = _nth(flat, a + 8 * i, k)
                break
            k -= c
        if found < 0:
            found = _nth(flat, z, k)
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
    blocks = np.empty(m.shape[1] // (8 * _BLOCK) + 1, np.int64)
    _pick(flat, flat[: flat.size & ~7].view(np.uint64), m.shape[1], u, out, blocks)
    return out
