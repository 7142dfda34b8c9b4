"""Smear as PettingZoo ships its games: ``env``, ``raw_env`` and ``parallel_env``.

>>> from cardtable.rl import smear_v1
>>> e = smear_v1.env()
>>> e.reset(seed=1)
>>> e.metadata["name"]
'smear_v1'

Keyword arguments are those of `cardtable.rl.aec.raw_env` (rule options, ``preset``, ``dealer``,
``max_steps``, ``max_redeals``, ``auto_forced``, ``action_features``; the parallel
environment takes all but ``action_features``).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from cardtable.rl import aec
from cardtable.rl.parallel import ParallelTable

GAME = "smear"


def env(render_mode: str | None = None, **kwargs: Any) -> AECEnv[str, dict[str, Any], int | None]:
    """The AEC environment with PettingZoo's usual checks around it."""
    return aec.env(GAME, render_mode, **kwargs)


def raw_env(render_mode: str | None = None, **kwargs: Any) -> aec.raw_env:
    """The AEC environment itself."""
    return aec.raw_env(GAME, render_mode, **kwargs)


def parallel_env(render_mode: str | None = None, **kwargs: Any) -> ParallelTable:
    """The parallel environment (one seat moves per step: see `cardtable.rl.parallel`)."""
    return ParallelTable(GAME, render_mode, **kwargs)
