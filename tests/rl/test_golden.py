"""Golden observation files for fixed deals, diffed like the playthroughs (see `tests.rl.golden`)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from tests.rl.golden import FOLDER, GOLDEN, file_name, transcript


@pytest.mark.parametrize(("name", "seed"), GOLDEN)
def test_observations_of_a_fixed_deal_match_the_kept_file(name: str, seed: int) -> None:
    kept = (FOLDER / file_name(name, seed)).read_text(encoding="utf-8")
    assert transcript(name, seed) == kept
