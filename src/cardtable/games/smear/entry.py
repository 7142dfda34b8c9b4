"""A Smear hand's result in a tournament: the points it gives each seat, from a hand played at the
server or from what a hall's scorer enters (`cardtable.core.ResultEntry`).

The scorer enters the bidder's seat and bid (none when every seat passed) and the points each
side took: High, Low, Jack and Game, 0 to 4 a side and at most 4 in all (R27-R31). The bidding
side scores its points if it made its bid and loses the bid if not; the other side scores its
points (R32-R33). A tournament counts each hand on its own, so a match's cap (R37) does not apply.
"""

from __future__ import annotations

from typing import Any, Final

from cardtable.core import BadNotation, HandResult

#: Partners sit across: seats 0 and 2, 1 and 3.
PARTNERS: Final[tuple[tuple[int, ...], ...]] = ((0, 2), (1, 3))

#: What the entry page asks for.
FIELDS: Final = (
    {"name": "bidder", "label": "the bidder", "per": "one", "kind": "seat"},
    {"name": "bid", "label": "the bid", "per": "one"},
    {"name": "points", "label": "points taken by each side (High, Low, Jack, Game)", "per": "side"},
)


def entry_of(game: Any, result: HandResult) -> dict[str, Any]:
    """The entry a scorer would make for ``result``."""
    d = result.details
    if result.result != "played":
        return {"bidder": None, "bid": None, "points": [0, 0]}
    took = [0, 0]
    for team in d["points"].values():
        if team is not None:
            took[team] += 1
    return {"bidder": d["bidder"], "bid": d["bid"], "points": took}


def points(game: Any, entry: object) -> tuple[int, ...]:
    """Each seat's points for the hand entered as ``entry``; raises `BadNotation` naming what
    cannot be (a side's points outside 0-4, more than 4 in all, a bid the rules do not allow)."""
    if not isinstance(entry, dict) or set(entry) != {"bidder", "bid", "points"}:
        raise BadNotation('expected {"bidder": seat or null, "bid": number or null, "points": [side 0, side 1]}')
    bidder, bid, took = entry["bidder"], entry["bid"], entry["points"]
    if not isinstance(took, list) or len(took) != 2 or not all(_whole(x) for x in took):
        raise BadNotation("points: expected two whole numbers, the points of each side")
    if not all(0 <= x <= 4 for x in took) or sum(took) > 4:
        raise BadNotation(f"points: {took[0]} and {took[1]} cannot be: each side takes 0 to 4, at most 4 in all")
    if bidder is None:
        if bid is not None or sum(took) != 0:
            raise BadNotation("a hand that all passed has no bid and no points")
        return (0, 0, 0, 0)
    if not _whole(bidder) or not 0 <= bidder < game.seats:
        raise BadNotation(f"bidder: expected a seat from 0 to {game.seats - 1}")
    low, high = game.rules.min_bid, game.rules.max_bid
    if not _whole(bid) or not low <= bid <= high:
        raise BadNotation(f"bid: expected a bid from {low} to {high}")
    team = bidder % 2
    change = [took[0], took[1]]
    if took[team] < bid:
        change[team] = -bid
    return (change[0], change[1], change[0], change[1])


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
