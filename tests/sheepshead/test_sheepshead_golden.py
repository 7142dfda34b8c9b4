"""Golden fixed-deal playthroughs: the transcripts in tests/sheepshead/golden must not change
unless the rules engine is meant to (regenerate with `python -m tests.sheepshead.sheepshead_golden`)."""

from __future__ import annotations

import pytest

from .sheepshead_golden import FOLDER, GOLDEN, transcript


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_playthrough(name: str) -> None:
    expected = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    assert transcript(name) == expected


def test_golden_results() -> None:
    """The pinned ends of some transcripts, checked by hand."""
    leaster = (FOLDER / "deal-a-leaster.txt").read_text(encoding="utf-8")
    assert "result: leaster" in leaster
    schwanzer = (FOLDER / "schwanzer.txt").read_text(encoding="utf-8")
    assert "result: leaster score [1, -4, 1, 1, 1]" in schwanzer
