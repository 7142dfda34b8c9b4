"""Gymnasium ids for the one-seat-against-bots environments, registered on import of `cardtable.rl`.

``gymnasium.make("cardtable/Smear-v1")`` (also ``cardtable/Seep-v0``, ``cardtable/Sheepshead-v1``:
the version is the PettingZoo environment's, each game's ``environment.VERSION``)
builds `cardtable.rl.single.VsBots` for the game; keyword arguments go to it (``seat``,
``opponents``, ``dealer``, ``max_steps``, rule options …). ``gymnasium.make("cardtable.rl:cardtable/Smear-v1")``
imports this package first by itself.

``gymnasium.make_vec("cardtable/Smear-v1", num_envs=1024)`` builds the batched vector environment
(`cardtable.rl.batchenv.BatchVectorEnv`) for a game with a batched engine; with
``vectorization_mode="sync"`` or ``"async"`` Gymnasium copies `VsBots` instead.
"""

from __future__ import annotations

import importlib.util
from typing import Final

import gymnasium

from cardtable import registry
from cardtable.core import game_package
from cardtable.rl.environment import environment
from cardtable.rl.tokens import GAMES

#: The Gymnasium id of each game (the version follows the environment's: see docs/rl.md).
IDS: Final = {name: environment(name).gymnasium_id for name in GAMES}

#: The vector environment on the batched engine (`cardtable.rl.batchenv`), for the games that have one.
VECTOR_ENTRY_POINT: Final = "cardtable.rl.batchenv:BatchVectorEnv"


def has_batch(name: str) -> bool:
    """Whether the game's package has a batched engine (a ``batch`` part), looked for without
    importing it (numba is imported only when a batch is made)."""
    return importlib.util.find_spec(game_package(registry.game_class(name)) + ".batch") is not None


def register() -> None:
    """Register every id not yet registered (importing twice registers nothing twice). A game
    with a batched engine also gets ``gymnasium.make_vec(id, num_envs=…)``: its vector entry
    point is `cardtable.rl.batchenv.BatchVectorEnv`."""
    for name, env_id in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point="cardtable.rl.single:VsBots",
                vector_entry_point=VECTOR_ENTRY_POINT if has_batch(name) else None,
                kwargs={"name": name},
            )
