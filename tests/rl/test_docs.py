"""docs/rl.md lists every observation plane as the encoders build it (name, shape, offset)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy")

from cardtable.rl.encode import layout, layout_rows
from cardtable.rl.tokens import GAMES

DOC = Path(__file__).parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("name", GAMES)
def test_the_observation_tables_match_the_encoders(name: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert f"### {name} ({layout(name).size} entries)" in text
    for plane, shape, offset, meaning in layout_rows(name):
        assert f"| `{plane}` | {shape} | {offset} | {meaning} |" in text
