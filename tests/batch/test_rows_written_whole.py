"""The mask and observation kernels write each row whole, whatever the array held (`Batch` hands
them arrays it has not filled): an output full of garbage gives exactly what a zeroed one gives,
at every step of random play in every game, the rows without a seat to act included."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from cardtable.batch import Batch, random_legal  # noqa: E402


@pytest.mark.parametrize("game", ["seep", "smear", "sheepshead"])
def test_a_mask_and_an_observation_are_the_same_whatever_the_array_held(game: str) -> None:
    b = Batch(game, 48, seed=11)
    rng = np.random.default_rng(11)
    tables = b.tables
    for step in range(120):
        to_act = tables.to_act().copy()
        seats = np.where(np.arange(b.B) % 5 == 0, -1, to_act)  # some rows asked for no seat
        for fill in (0, 1, 0x5A):
            clean = np.zeros((b.B, b.obs_size), np.int8)
            dirty = np.full((b.B, b.obs_size), fill, np.int8)
            tables.observe(seats, clean)
            tables.observe(seats, dirty)
            assert np.array_equal(clean, dirty), (game, step, fill)
            clean_mask = np.zeros((b.B, len(b.action_names)), np.bool_)
            dirty_mask = np.full((b.B, len(b.action_names)), bool(fill), np.bool_)
            tables.legal_mask(clean_mask)
            tables.legal_mask(dirty_mask)
            assert np.array_equal(clean_mask, dirty_mask), (game, step, fill)
        assert not clean[seats < 0].any()
        mask = b.legal_mask()  # the batch's own, in an array it did not fill
        acting = b.to_play >= 0
        assert np.array_equal(mask[acting], clean_mask[acting]) and not mask[~acting].any()
        assert np.array_equal(b.observe(seats), clean)
        b.step(random_legal(mask, rng))
