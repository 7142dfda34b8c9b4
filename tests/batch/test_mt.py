"""The batch's Mersenne Twister (`cardtable.batch.mt`) draws what ``random.Random`` draws: the
row-held position (`getrandbits`, `randbelow`, `random`) and the caller-held one (`word_at`,
`randbelow_at`, `random_at`) alike, across the generator's twists, from several seeds."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from cardtable.batch import mt  # noqa: E402
from cardtable.batch.jit import jit  # noqa: E402

#: Which draw each step makes: 0 a 32-bit word, 1 a number below the step's bound, 2 a float.
KINDS = (0, 1, 2)


@jit
def _row_held(m: np.ndarray, pos: np.ndarray, kinds: np.ndarray, bounds: np.ndarray, out: np.ndarray) -> None:
    for k in range(len(kinds)):
        if kinds[k] == 0:
            out[k] = mt.getrandbits(m, pos, 0, 32)
        elif kinds[k] == 1:
            out[k] = mt.randbelow(m, pos, 0, bounds[k])
        else:
            out[k] = mt.random(m, pos, 0)


@jit
def _caller_held(m: np.ndarray, pos: np.ndarray, kinds: np.ndarray, bounds: np.ndarray, out: np.ndarray) -> None:
    at = pos[0]
    for k in range(len(kinds)):
        if kinds[k] == 0:
            w, at = mt.word_at(m, 0, at)
            out[k] = w
        elif kinds[k] == 1:
            r, at = mt.randbelow_at(m, 0, at, bounds[k])
            out[k] = r
        else:
            f, at = mt.random_at(m, 0, at)
            out[k] = f
    pos[0] = at


@pytest.mark.parametrize("seed", [0, 7, 2**40 + 3])
@pytest.mark.parametrize("draw", [_row_held, _caller_held], ids=["row-held", "caller-held"])
def test_the_draws_are_pythons(seed: int, draw: object) -> None:
    rng = random.Random(f"steps {seed}")
    steps = 3000  # several twists of 624 words
    kinds = np.array([rng.choice(KINDS) for _ in range(steps)], np.int64)
    bounds = np.array([rng.randint(1, 60) for _ in range(steps)], np.int64)
    want_rng = random.Random(seed)
    want = []
    for kind, bound in zip(kinds.tolist(), bounds.tolist(), strict=True):
        if kind == 0:
            want.append(float(want_rng.getrandbits(32)))
        elif kind == 1:
            want.append(float(want_rng.randrange(bound)))
        else:
            want.append(want_rng.random())
    m, pos = mt.seeded([seed])
    out = np.zeros(steps, np.float64)
    draw(m, pos, kinds, bounds, out)  # type: ignore[operator]
    assert out.tolist() == want
    assert mt.state_of(m, pos, 0) == want_rng.getstate()[1]
