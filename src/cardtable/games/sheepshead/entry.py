"""A Sheepshead hand's result in a tournament: the points it gives each seat, from a hand played
at the server or from the score a hall's scorer enters (`cardtable.core.ResultEntry`).

A hand gives each seat its payment (R36-R39), as a scorer writes it on the sheet: five whole
numbers that sum to zero, since every point one seat wins another pays.
"""

from __future__ import annotations

from typing import Any, Final

from cardtable.core import BadNotation, HandResult

#: The sides change every hand (picker and partner against the rest): no fixed partners.
PARTNERS: Final[tuple[tuple[int, ...], ...]] = ()

#: The largest payment one seat can make or take in a hand: a lone picker's schwarz, doubled on
#: the bump, cracked and re-cracked and played off a stack of doublers, stays far below it.
MAX_PAYMENT: Final = 1000

#: What the entry page asks for.
FIELDS: Final = (
    {"name": "score", "label": "each seat's payment (wins positive, losses negative; they sum to 0)", "per": "seat"},
)


def entry_of(game: Any, result: HandResult) -> dict[str, Any]:
    """The entry a scorer would make for ``result``."""
    return {"score": list(result.score)}


def points(game: Any, entry: object) -> tuple[int, ...]:
    """Each seat's points for the hand entered as ``entry``; raises `BadNotation` naming what
    cannot be (not five whole numbers, or payments that do not sum to zero)."""
    if not isinstance(entry, dict) or set(entry) != {"score"}:
        raise BadNotation('expected {"score": [one payment for each of the five seats]}')
    score = entry["score"]
    if not isinstance(score, list) or len(score) != game.seats:
        raise BadNotation(f"score: expected {game.seats} payments, one for each seat")
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in score):
        raise BadNotation("score: every payment must be a whole number")
    if any(abs(x) > MAX_PAYMENT for x in score):
        raise BadNotation(f"score: no payment is over {MAX_PAYMENT} either way")
    if sum(score) != 0:
        raise BadNotation(f"score: the payments sum to {sum(score)}, not 0 (what one seat wins the others pay)")
    return tuple(score)
