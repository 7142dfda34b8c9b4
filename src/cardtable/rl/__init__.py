"""Reinforcement-learning environments for cardtable's games (the optional ``rl`` extra).

PettingZoo environments (`env`, `raw_env`, and the modules `seep_v0`, `smear_v1`, `sheepshead_v1`
with `env`, `raw_env` and `parallel_env`), a Gymnasium environment against cardtable's bots
(`vs_bots`, also ``gymnasium.make("cardtable/Smear-v1")`` …), any cardtable bot as a seat's policy
(`BotPolicy`), batched self-play tables (`VectorTables`), and OpenSpiel games registered on import
of `cardtable.rl.openspiel`. Every one plays the engine itself, token by token (`cardtable.rl.tokens`),
and observes only a seat's view (`cardtable.rl.encode`). See docs/rl.md.
"""

from __future__ import annotations

from cardtable.rl.aec import env, raw_env
from cardtable.rl.opponents import BotPolicy
from cardtable.rl.registration import IDS, register
from cardtable.rl.single import VsBots, vs_bots
from cardtable.rl.tokens import GAMES, vocabulary
from cardtable.rl.vector import VectorTables

register()

__all__ = ["GAMES", "IDS", "BotPolicy", "VectorTables", "VsBots", "env", "raw_env", "vocabulary", "vs_bots"]
