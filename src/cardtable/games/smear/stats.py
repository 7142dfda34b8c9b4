"""What Smear players count of their hands (the player's page, `cardtable.stats`): the bids they
made and how many they made good (R32), the average bid, and what their side took of the four
points, High, Low, Jack and Game (R27-R30).

All of it is read from the hand's result; partners sit across (R1), a seat's side is its seat
number's parity.
"""

from __future__ import annotations

from typing import Any, Final

from cardtable.core import PlayedHand, Seat, Stat
from cardtable.i18n import N_

STATS: Final = (
    Stat("bids", N_("bids won"), "hands"),
    Stat("made", N_("bids made"), "bids"),
    Stat("bid_total", N_("average bid"), "bids", mean=True),
    Stat("taken", N_("points taken (High, Low, Jack, Game)"), "hands", mean=True),
    Stat("high", N_("High taken"), "hands"),
    Stat("low", N_("Low taken"), "hands"),
    Stat("jack", N_("Jack taken"), "hands"),
    Stat("game", N_("Game taken"), "hands"),
)


def counts(game: Any, hand: PlayedHand, seat: Seat) -> dict[str, int]:
    """The seat's counts in one finished hand (a hand passed out counts nothing)."""
    d = hand.result.details
    if hand.result.result != "played":
        return {}
    side = seat & 1
    out = {"taken": int(d["team_points"][side])}
    if d["bidder"] == seat:
        out |= {"bids": 1, "made": int(bool(d["made"])), "bid_total": int(d["bid"])}
    for point in ("high", "low", "jack", "game"):
        if d["points"][point] == side:
            out[point] = 1
    return out
