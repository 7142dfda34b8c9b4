"""Four-Point (Northeastern Wisconsin) Smear: 32 cards, two partnerships, a one-round auction
of 2 to 4, an optional kitty of 0-3 cards, the first card led sets trump, and High (the ace of
trump), Low (the 7 of trump), Jack and Game to 15.

>>> from cardtable.registry import get_game
>>> game = get_game("smear", "bid_out")
>>> game.rules.must_bid_to_win, game.rules.non_bidder_cap
(True, None)
"""

from __future__ import annotations

from typing import Any

from .actions import Action, Bid, Discard, Pass, Play
from .game import Smear
from .rules import SmearRules
from .state import Phase, State, Tally, Trick
from .view import SmearView

GAME = Smear

#: Named rule sets (§3 item 14): the seed-faithful defaults, and the two "bid out" tables.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "bid_out": {"must_bid_to_win": True},
    "bid_out_capped": {"must_bid_to_win": True, "non_bidder_cap": 15},
}

__all__ = [
    "GAME",
    "PRESETS",
    "Action",
    "Bid",
    "Discard",
    "Pass",
    "Phase",
    "Play",
    "Smear",
    "SmearRules",
    "SmearView",
    "State",
    "Tally",
    "Trick",
]

#: The presets whose playthroughs are kept as golden transcripts (`cardtable.playthrough`).
PLAYTHROUGH_PRESETS = ("standard",)
