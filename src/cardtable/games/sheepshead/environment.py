"""Sheepshead's RL environments (`cardtable.rl`): their version, where a card can be in the
full-information tensor, how long a match episode is, and what OpenSpiel is told of a hand's
returns and length."""

from __future__ import annotations

from typing import Any, Final

from .scoring import MAX_PENDING_DOUBLERS

#: The environments' version (``sheepshead_v1``, ``cardtable/Sheepshead-v1``): the observation
#: gained the cards each seat has taken in v1.
VERSION: Final = 1

#: Every place a card can be, in the order of the full-information tensor.
PLACES: Final = (
    "hand 0", "hand 1", "hand 2", "hand 3", "hand 4", "blind", "bury", "trick",
    "taken 0", "taken 1", "taken 2", "taken 3", "taken 4",
)  # fmt: skip

#: Hands in a match episode when no cap is given: the match has no end of its own, so one deal
#: per seat.
MATCH_HANDS: Final = 5

#: The longest hand in moves, chance nodes included (a redeal or two allowed for).
MAX_GAME_LENGTH: Final = 500

#: Whether the returns of every hand sum to zero under every rule option (R38, R41-R43).
ZERO_SUM: Final = True


def utility_bounds(rules: Any) -> tuple[float, float]:
    """The least and greatest return of a seat in one hand under ``rules``: R38's largest payment
    (alone: 12 units; a loss twice that on the bump, R40) times the largest multiplier M (R37):
    doublers (R42; compound ones stack up to the engine's cap), a crack and re-crack (R44), two
    blitzes (R45), within R46's limit. Leasters and the other no-pick hands pay less (R41, R43)."""
    doubler = 1
    if rules.no_pick_rule == "doubler":
        doubler = 2**MAX_PENDING_DOUBLERS if rules.doubler_stacking == "compound" else 2
    m = doubler * (4 if rules.cracking else 1) * (4 if rules.blitzing else 1)
    if rules.multiplier_limit is not None:
        m = min(m, rules.multiplier_limit)
    return -float(12 * m * (2 if rules.double_on_the_bump else 1)), float(12 * m)
