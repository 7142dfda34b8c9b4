"""docs/rl.md lists every observation plane as the encoders build it (name, shape, offset)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy")

from cardtable.rl.encode import layout, layout_rows
from tests.rl.support import SHIPPED

DOC = Path(__file__).parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("name", SHIPPED)
def test_the_observation_tables_match_the_encoders(name: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert f"### {name} ({layout(name).size} entries)" in text
    for plane, shape, offset, meaning in layout_rows(name):
        assert f"| `{plane}` | {shape} | {offset} | {meaning} |" in text


@pytest.mark.parametrize("name", SHIPPED)
def test_every_preset_of_the_game_is_in_the_presets_table(name: str) -> None:
    from cardtable import registry

    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("**Presets**") : text.index("**Options at a glance**")]
    rows = [line for line in table.splitlines() if line.startswith("|")]
    listed, game = set(), None
    for row in rows[2:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        game = cells[0] or game
        if game == name:
            listed.add(cells[1].strip("`"))
    assert listed == set(registry.presets(name))
