"""What Seep players count of their hands (the player's page, `cardtable.stats`): the bids they
made (R8) and their average value, the sweeps they made that scored (R20: the last play's is
worth nothing by default and is not counted then), and the houses they built, cemented and took
(R13, M2, M3, M5).

Read from the hand's moves: each of the seat's actions with the floor after it.
"""

from __future__ import annotations

from typing import Any, Final

from cardtable.core import PlayedHand, Seat, Stat
from cardtable.games.seep.actions import Bid, Build, Capture, Cement
from cardtable.i18n import N_

STATS: Final = (
    Stat("bids", N_("bids"), "hands"),
    Stat("bid_total", N_("average bid"), "bids", mean=True),
    Stat("sweeps", N_("sweeps"), "hands", mean=True),
    Stat("sweep_points", N_("sweep points"), "hands", mean=True),
    Stat("built", N_("houses built"), "hands", mean=True),
    Stat("cemented", N_("houses cemented"), "hands", mean=True),
    Stat("houses_taken", N_("houses taken"), "hands", mean=True),
)


def counts(game: Any, hand: PlayedHand, seat: Seat) -> dict[str, int]:
    """The seat's counts in one finished hand."""
    rules = game.rules
    out: dict[str, int] = {}

    def count(key: str, n: int = 1) -> None:
        out[key] = out.get(key, 0) + n

    before = hand.dealt
    for who, action, after in hand.moves:
        if who != seat:
            before = after
            continue
        if isinstance(action, Bid):
            count("bids")
            count("bid_total", action.value)
        elif isinstance(action, Build):
            count("built")
        elif isinstance(action, Cement):
            count("cemented")
        elif isinstance(action, Capture):
            if action.house:
                count("houses_taken")
            if after.sweeps != before.sweeps:  # R20: the floor is swept (a cap drops one, A32)
                worth = (
                    rules.first_play_sweep_points
                    if after.plays == 1
                    else rules.last_play_sweep_points
                    if after.plays == 48
                    else rules.sweep_points
                )
                if worth:
                    count("sweeps")
                    count("sweep_points", worth)
        before = after
    return out
