"""Seep: the four-player partnership fishing game of North India, 100-point scoring with baazis.

The rules are those of the project's rules page for Seep (rule ids R1-R24, M1-M6, I1-I3), with
every option of its option table in `SeepRules`. ``PRESETS`` names the standard game, the family
game (10 of diamonds 2 with a 4-point bonus for most cards, at most two sweeps kept) and the game
with at most two houses on the floor.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.seep.actions import Bid, Break, Build, Capture, Cement, SeepAction, Throw
from cardtable.games.seep.game import Seep
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.state import House, Match, Phase, SeepState
from cardtable.games.seep.view import SeepView

GAME = Seep

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "family": {"ten_diamonds_points": 2, "majority_bonus": 4, "sweep_cap": 2},
    "limited_houses": {"max_houses": 2},
}

__all__ = [
    "GAME",
    "PRESETS",
    "Bid",
    "Break",
    "Build",
    "Capture",
    "Cement",
    "House",
    "Match",
    "Phase",
    "Seep",
    "SeepAction",
    "SeepRules",
    "SeepState",
    "SeepView",
    "Throw",
]

#: The presets whose playthroughs are kept as golden transcripts (`cardtable.playthrough`).
PLAYTHROUGH_PRESETS = ("standard", "family")
