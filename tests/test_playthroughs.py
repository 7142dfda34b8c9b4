"""Golden playthroughs: fixed deals replayed step by step must match the kept transcripts.

After an intended change of behaviour, regenerate with
``python -m cardtable.playthrough --write tests/playthroughs`` and read the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.playthrough import PLAYTHROUGHS, file_name, transcript

FOLDER = Path(__file__).parent / "playthroughs"


@pytest.mark.parametrize(("game", "preset", "seed"), PLAYTHROUGHS)
def test_playthrough_matches_its_transcript(game: str, preset: str, seed: int) -> None:
    kept = (FOLDER / file_name(game, preset, seed)).read_text(encoding="utf-8")
    assert transcript(game, preset, seed) == kept
