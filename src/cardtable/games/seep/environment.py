"""Seep's RL environments (`cardtable.rl`): their version, where a card can be in the
full-information tensor, and what OpenSpiel is told of a hand's returns and length."""

from __future__ import annotations

from typing import Any, Final

#: The environments' version (``seep_v0``, ``cardtable/Seep-v0``): bumped when the encoding or
#: the rewards change.
VERSION: Final = 0

#: Every place a card can be, in the order of the full-information tensor.
PLACES: Final = ("hand 0", "hand 1", "hand 2", "hand 3", "stock", "floor", "pile 0", "pile 1")

#: Hands in a match episode when no cap is given: ``None``, the match ends by its own rules (a
#: baazi won, see `match_over`).
MATCH_HANDS: Final = None

#: The longest hand in moves, chance nodes included (a redeal or two allowed for).
MAX_GAME_LENGTH: Final = 3000

#: The size of a typical hand's return, one side's points over the other's (their spread is
#: about 44 points under the rule-based bot): a learned value is trained on the returns divided by
#: it (`cardtable.learned.train`), so that its error weighs as much as the policy's.
RETURN_SCALE: Final = 50.0

#: Whether the returns of every hand sum to zero under every rule option.
ZERO_SUM: Final = False


def utility_bounds(rules: Any) -> tuple[float, float]:
    """The least and greatest return of one seat in one hand (loose bounds on the points)."""
    return -1000.0, 1000.0


def match_over(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether a match episode ends between two hands' match states (record §5): a baazi won."""
    won: int = sum(after.get("baazis", ())) - sum(before.get("baazis", ()))
    return won > 0
