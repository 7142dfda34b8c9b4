"""The kernels' bit instructions (`cardtable.batch.jit.popcount`, `lowest_bit`): the same answers
compiled and as Python, for every width of word, and right where a multiplication past 64 bits
was not: numba multiplies signed integers as ``mul nsw``, and LLVM, knowing a factor small (a set
masked to the house values, say), folded a de Bruijn product as if it could not overflow."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from cardtable.batch.jit import jit, lowest_bit, popcount  # noqa: E402


@jit
def _both(words, out):  # type: ignore[no-untyped-def]
    for i in range(words.shape[0]):
        out[i, 0] = popcount(words[i])
        out[i, 1] = lowest_bit(words[i]) if words[i] else -1


@jit
def _house_values_walked(sums: int, x: int) -> int:
    """The house values (9-13) v with sums' bit v - x set, walked lowest first, as bits again."""
    todo = (sums << x) & (0b11111 << 9)
    seen = 0
    while todo:
        seen |= 1 << lowest_bit(todo)
        todo &= todo - 1
    return seen


def test_the_same_answers_compiled_and_as_python() -> None:
    rng = np.random.default_rng(3)
    words = rng.integers(-(2**63), 2**63 - 1, 3000, dtype=np.int64, endpoint=True)
    words[:64] = np.int64(1) << np.arange(64, dtype=np.int64)  # each lone bit, the sign bit last
    words[64:80] = 0
    sparse = words & rng.integers(-(2**63), 2**63 - 1, 3000, dtype=np.int64, endpoint=True)
    for w in (words, sparse):
        out = np.zeros((len(w), 2), np.int64)
        _both(w, out)
        expected = [[bin(int(x) & (2**64 - 1)).count("1"), (int(x) & -int(x)).bit_length() - 1 if x else -1] for x in w]
        assert out.tolist() == expected
    unsigned = words.view(np.uint64)
    out = np.zeros((len(unsigned), 2), np.int64)
    _both(unsigned, out)
    assert out[:, 0].tolist() == [bin(int(x)).count("1") for x in unsigned]


@pytest.mark.parametrize("x", range(1, 14))
def test_the_lowest_bit_of_a_set_masked_small(x: int) -> None:
    for sums in range(0, 1 << 14, 7):
        expected = (sums << x) & (0b11111 << 9)
        assert _house_values_walked(sums, x) == expected
