"""A Seep hand's result in a tournament: the points it gives each seat, from a hand played at the
server or from what a hall's scorer enters (`cardtable.core.ResultEntry`).

The scorer enters each team's card points, which make 100 between them (R18-R19), and each
team's sweep points (R20); a team's hand is the sum. A misdeal (R8) scores nothing.
"""

from __future__ import annotations

from typing import Any, Final

from cardtable.core import BadNotation, HandResult

#: Partners sit across: seats 0 and 2, 1 and 3.
PARTNERS: Final[tuple[tuple[int, ...], ...]] = ((0, 2), (1, 3))

#: The card points of a deck (R18).
DECK_POINTS: Final = 100

#: More sweep points than a deal can hold (every capture of a 52-card deal a sweep of kings).
MAX_SWEEPS: Final = 1000

#: What the entry page asks for.
FIELDS: Final = (
    {"name": "card_points", "label": "card points of each team (they make 100)", "per": "side"},
    {"name": "sweeps", "label": "sweep points of each team", "per": "side"},
)


def entry_of(game: Any, result: HandResult) -> dict[str, Any]:
    """The entry a scorer would make for ``result``."""
    if result.result != "played":
        return {"misdeal": True}
    return {"card_points": list(result.details["card_points"]), "sweeps": list(result.details["sweeps"])}


def points(game: Any, entry: object) -> tuple[int, ...]:
    """Each seat's points for the hand entered as ``entry``; raises `BadNotation` naming what
    cannot be (card points that do not make 100, negative sweeps)."""
    if entry == {"misdeal": True}:
        return (0, 0, 0, 0)
    if not isinstance(entry, dict) or set(entry) != {"card_points", "sweeps"}:
        raise BadNotation('expected {"card_points": [team 0, team 1], "sweeps": [team 0, team 1]} or {"misdeal": true}')
    cards, sweeps = entry["card_points"], entry["sweeps"]
    for name, pair in (("card_points", cards), ("sweeps", sweeps)):
        if not isinstance(pair, list) or len(pair) != 2 or not all(_whole(x) and x >= 0 for x in pair):
            raise BadNotation(f"{name}: expected two whole numbers of 0 or more, one for each team")
    if sum(cards) != DECK_POINTS:
        raise BadNotation(f"card_points: {cards[0]} and {cards[1]} make {sum(cards)}, not {DECK_POINTS}")
    if any(x > MAX_SWEEPS for x in sweeps):
        raise BadNotation(f"sweeps: no team makes over {MAX_SWEEPS} sweep points in a deal")
    a, b = cards[0] + sweeps[0], cards[1] + sweeps[1]
    return (a, b, a, b)


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
