"""`random_legal`, the batched random bot: for each row the k-th of its legal tokens, k = floor(u *
the number legal) for the row's uniform draw u, whatever the mask's width (its rows are read in
blocks of 64 tokens, eight at a time, so widths around those sizes are the edge cases), however
the rows sit in memory, and -1 for a row with none."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from cardtable.batch import random_legal  # noqa: E402

WIDTHS = (1, 2, 7, 8, 9, 15, 63, 64, 65, 71, 72, 127, 128, 129, 166, 511, 994, 2100)


def reference(mask: object, u: object) -> list[int]:
    """The k-th legal token of each row, found by listing them all."""
    out = []
    for row, x in zip(np.asarray(mask), np.asarray(u), strict=True):
        legal = np.flatnonzero(row)
        out.append(int(legal[min(int(x * len(legal)), len(legal) - 1)]) if len(legal) else -1)
    return out


@pytest.mark.parametrize("width", WIDTHS)
def test_each_row_gets_the_legal_token_its_draw_names(width: int) -> None:
    rng = np.random.default_rng(width)
    for density in (0.0, 0.005, 0.05, 0.5, 1.0):
        whole = rng.random((41, width + 3)) < density
        whole[5] = False  # a row with no legal token
        whole[6] = True  # a row with every token legal
        # contiguous, starting off a word's boundary, and strided (copied before reading)
        for mask in (whole[:, :width], whole[1:, :width].copy(), whole[3:, 3:], whole[::2, 1 : width + 1]):
            seed = int(rng.integers(1 << 30))
            u = np.random.default_rng(seed).random(mask.shape[0])
            got = random_legal(mask, np.random.default_rng(seed))
            assert got.tolist() == reference(mask, u), (width, density)


def test_the_draw_is_uniform_over_a_rows_legal_tokens() -> None:
    """994 tokens a row (Seep's vocabulary), seven legal, spread over blocks and words: each
    is drawn about a seventh of the time (a 0.1% two-sided bound, counts of 70,000 draws)."""
    legal = [0, 5, 63, 64, 500, 992, 993]
    mask = np.zeros((70_000, 994), np.bool_)
    mask[:, legal] = True
    got = random_legal(mask, np.random.default_rng(9))
    counts = np.bincount(got, minlength=994)
    assert set(np.flatnonzero(counts).tolist()) == set(legal)
    expected = len(got) / len(legal)
    sd = (len(got) * (1 / 7) * (6 / 7)) ** 0.5
    assert all(abs(counts[t] - expected) < 3.3 * sd for t in legal), counts[legal]


def test_a_mask_that_is_not_boolean_or_not_two_dimensional_is_refused() -> None:
    with pytest.raises(TypeError, match="boolean array of shape"):
        random_legal(np.ones((2, 3), np.int8), np.random.default_rng(0))
    with pytest.raises(TypeError, match="boolean array of shape"):
        random_legal(np.ones(3, np.bool_), np.random.default_rng(0))
