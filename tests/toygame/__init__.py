"""Toy Tricks: a small trick game kept with the tests, the proof that a game is one package.

Three players, fifteen cards (the ace, king, queen, jack and ten of clubs, diamonds and hearts),
five cards each, five tricks; follow suit if you can; the highest card of the suit led wins the trick
(ace high); each trick is a point, and the match goes to the first seat to ``target`` points.

It is added by this package and one line that registers it (`tests/conftest.py`), and plays
everywhere the three real games do: conformance, ``sim`` with the rule-based and search bots,
``replay``, the terminal table's plain mode, the RL environments and the web table.
"""

from __future__ import annotations

from typing import Any

from .game import Play, Toy, ToyRules, ToyState, ToyView

GAME = Toy

PRESETS: dict[str, dict[str, Any]] = {"standard": {}, "short": {"target": 3}}

__all__ = ["GAME", "PRESETS", "Play", "Toy", "ToyRules", "ToyState", "ToyView"]
