"""Smear's RL environments (`cardtable.rl`): their version, where a card can be in the
full-information tensor, and what OpenSpiel is told of a hand's returns and length."""

from __future__ import annotations

from typing import Any, Final

#: The environments' version (``smear_v1``, ``cardtable/Smear-v1``): the observation gained the
#: cards each side has taken in v1.
VERSION: Final = 1

#: Every place a card can be, in the order of the full-information tensor.
PLACES: Final = ("hand 0", "hand 1", "hand 2", "hand 3", "stock", "dead", "discard", "trick", "pile 0", "pile 1")

#: Hands in a match episode when no cap is given: ``None``, the match ends by its own rules.
MATCH_HANDS: Final = None

#: The longest hand in moves, chance nodes included (a redeal or two allowed for).
MAX_GAME_LENGTH: Final = 400

#: Whether the returns of every hand sum to zero under every rule option.
ZERO_SUM: Final = False


def utility_bounds(rules: Any) -> tuple[float, float]:
    """The least and greatest return of one seat in one hand: the points of a hand, or a set."""
    return -5.0, 5.0
