"""Toy Tricks' RL environments (`cardtable.rl.environment`): where a card can be in the
full-information tensor and what OpenSpiel is told of a hand."""

from __future__ import annotations

from typing import Any, Final

VERSION: Final = 0
PLACES: Final = ("hand 0", "hand 1", "hand 2", "trick", "taken 0", "taken 1", "taken 2")
#: The deal (fifteen chance nodes) and fifteen cards played.
MAX_GAME_LENGTH: Final = 30
ZERO_SUM: Final = False


def utility_bounds(rules: Any) -> tuple[float, float]:
    """A seat takes no trick or all five (T4)."""
    return 0.0, 5.0
