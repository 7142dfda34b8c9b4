"""What Sheepshead players count of their hands (the player's page, `cardtable.stats`): how often
they pick, win as the picker and go alone (R21), how they fare as the partner and as a defender,
the schneiders won and lost (R36), and the no-pick hands (leasters and the like, R41, R43).

All of it is read from the hand's result: the picker, the partner (known by the end of every
hand, R22), the outcome and the winners of a no-pick hand.
"""

from __future__ import annotations

from typing import Any, Final

from cardtable.core import PlayedHand, Seat, Stat
from cardtable.i18n import N_

STATS: Final = (
    Stat("picked", N_("picked"), "hands"),
    Stat("picker_won", N_("won as picker"), "picked"),
    Stat("alone", N_("went alone"), "picked"),
    Stat("partner", N_("partner"), "hands"),
    Stat("partner_won", N_("won as partner"), "partner"),
    Stat("defender", N_("defender"), "hands"),
    Stat("defender_won", N_("won as defender"), "defender"),
    Stat("schneider", N_("won by schneider or more"), "hands"),
    Stat("schneidered", N_("lost by schneider or more"), "hands"),
    Stat("no_pick", N_("no-pick hands (leaster and the like)"), "hands"),
    Stat("no_pick_won", N_("no-pick hands won"), "no_pick"),
)

#: R36: the outcomes the picker's side wins, and those that are schneider or more (won or lost).
_PICKER_WINS: Final = frozenset({"win", "schneider", "all tricks"})
_SCHNEIDER: Final = frozenset({"schneider", "all tricks", "schneidered", "no trick"})


def counts(game: Any, hand: PlayedHand, seat: Seat) -> dict[str, int]:
    """The seat's counts in one finished hand."""
    result, d = hand.result, hand.result.details
    out: dict[str, int] = {}
    if result.result == "played":
        picker, partner = d["picker"], d["partner"]
        picker_won = d["outcome"] in _PICKER_WINS
        role = "picked" if seat == picker else "partner" if seat == partner else "defender"
        won = picker_won if role != "defender" else not picker_won
        out[role] = 1
        out[{"picked": "picker_won", "partner": "partner_won", "defender": "defender_won"}[role]] = int(won)
        if seat == picker and d.get("alone"):
            out["alone"] = 1
        if d["outcome"] in _SCHNEIDER:
            out["schneider" if won else "schneidered"] = 1
    elif result.result == "leaster" and d.get("no_pick") != "schwanzer":
        out["no_pick"] = 1
        out["no_pick_won"] = int(seat in (d.get("winners") or ()))
    return out
