"""A uniformly random legal token per row, drawn for a whole batch at once: the random bot of the
batched engines (the opponents of `cardtable.rl`'s batched environment, the benchmarks).

>>> import numpy as np
>>> mask = np.array([[False, True, True], [False, False, False]])
>>> random_legal(mask, np.random.default_rng(0)).tolist()[1]
-1
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import jit

Ints = npt.NDArray[np.int64]


@jit
def _pick(mask: npt.NDArray[np.bool_], u: npt.NDArray[np.float64], out: Ints) -> None:
    for row in range(mask.shape[0]):
        n = 0
        for t in range(mask.shape[1]):
            if mask[row, t]:
                n += 1
        if n == 0:
            out[row] = -1
            continue
        k = min(int(u[row] * n), n - 1)
        for t in range(mask.shape[1]):
            if mask[row, t]:
                if k == 0:
                    out[row] = t
                    break
                k -= 1


def random_legal(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> Ints:
    """For each row of a legal mask (bool (B, tokens)), one of its legal tokens, each equally
    likely (one uniform draw per row from ``rng``); -1 for a row with none."""
    m = np.asarray(mask)
    if m.dtype != np.bool_ or m.ndim != 2:
        raise TypeError("mask: expected a boolean array of shape (rows, tokens)")
    out = np.zeros(m.shape[0], np.int64)
    _pick(m, rng.random(size=(m.shape[0],)), out)
    return out
