"""Gymnasium ids for the one-seat-against-bots environments, registered on import of `cardtable.rl`.

``gymnasium.make("cardtable/Smear-v1")`` (also ``cardtable/Seep-v0``, ``cardtable/Sheepshead-v1``:
the version is the PettingZoo environment's, each game's ``environment.VERSION``)
builds `cardtable.rl.single.VsBots` for the game; keyword arguments go to it (``seat``,
``opponents``, ``dealer``, ``max_steps``, rule options …). ``gymnasium.make("cardtable.rl:cardtable/Smear-v1")``
imports this package first by itself.
"""

from __future__ import annotations

from typing import Final

import gymnasium

from cardtable.rl.environment import environment
from cardtable.rl.tokens import GAMES

#: The Gymnasium id of each game (the version follows the environment's: see docs/rl.md).
IDS: Final = {name: environment(name).gymnasium_id for name in GAMES}


def register() -> None:
    """Register every id not yet registered (importing twice registers nothing twice)."""
    for name, env_id in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="cardtable.rl.single:VsBots", kwargs={"name": name})
