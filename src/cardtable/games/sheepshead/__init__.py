"""Sheepshead: five-handed, called ace, as played in Wisconsin (rules/sheepshead.md).

>>> from cardtable.registry import get_game
>>> get_game("sheepshead", preset="tournament").rules.double_on_the_bump
True
"""

from .actions import Action, Bury, Call, Crack, Pass, Pick, Play
from .game import Sheepshead
from .rules import PRESETS, SheepsheadRules
from .state import Phase, State
from .view import View

GAME = Sheepshead

__all__ = [
    "GAME",
    "PRESETS",
    "Action",
    "Bury",
    "Call",
    "Crack",
    "Pass",
    "Phase",
    "Pick",
    "Play",
    "Sheepshead",
    "SheepsheadRules",
    "State",
    "View",
]

#: The presets whose playthroughs are kept as golden transcripts (`cardtable.playthrough`).
PLAYTHROUGH_PRESETS = ("standard",)
