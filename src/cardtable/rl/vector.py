"""N tables in lock-step for self-play with one policy in every seat.

Each call hands over numpy arrays for the N tables at once: the observation of the seat to act,
its mask and which seat it is; the policy answers with one token per table. A table whose episode
ends pays its returns (one row of rewards per table, one column per seat) and is dealt again at
once, so every row always has a seat to act.

>>> import numpy as np
>>> vt = VectorTables("smear", 4, seed=1)
>>> obs, mask, seat = vt.reset()
>>> obs.shape[0], mask.shape[0], seat.shape
(4, 4, (4,))
>>> rng = np.random.default_rng(0)
>>> actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
>>> obs, mask, seat, rewards, done = vt.step(actions)
>>> rewards.shape, done.dtype
((4, 4), dtype('bool'))
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.rl.table import MAX_REDEALS, Table

Arrays = tuple[npt.NDArray[np.int8], npt.NDArray[np.int8], npt.NDArray[np.int64]]
StepArrays = tuple[
    npt.NDArray[np.int8], npt.NDArray[np.int8], npt.NDArray[np.int64], npt.NDArray[np.float32], npt.NDArray[np.bool_]
]


class VectorTables:
    """``n`` tables of ``name`` dealt from ``seed`` (see the module docstring).

    ``episode`` is ``"hand"`` or ``"match"``; ``preset``, ``auto_forced``, ``dealer``,
    ``max_steps``, ``max_redeals`` and ``house_rules`` are as for the PettingZoo environment.
    """

    def __init__(
        self,
        name: str,
        n: int,
        seed: int | None = None,
        *,
        preset: str | None = None,
        episode: str = "hand",
        auto_forced: bool = False,
        dealer: int | str = "random",
        max_steps: int | None = None,
        max_redeals: int | None = MAX_REDEALS,
        **house_rules: Any,
    ) -> None:
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"n: expected a number of tables 1 or more, not {n!r}")
        self.tables = [
            Table(
                name,
                preset=preset,
                auto_forced=auto_forced,
                dealer=dealer,
                max_steps=max_steps,
                max_redeals=max_redeals,
                **house_rules,
            )
            for _ in range(n)
        ]
        self.n = n
        self.seed = seed
        self.options = {"episode": episode}
        first = self.tables[0]
        self.seats = first.seats
        self.obs = np.zeros((n, first.layout.size), np.int8)
        self.mask = np.zeros((n, first.vocab.size), np.int8)
        self.seat = np.zeros(n, np.int64)
        #: Episodes finished so far, over all tables.
        self.episodes = 0
        #: Which tables' episodes the last step cut short (``max_steps``, ``max_redeals``); each of
        #: them is also ``done``.
        self.truncated = np.zeros(n, np.bool_)

    def _fill(self, i: int) -> None:
        t = self.tables[i]
        seat = t.actor()
        assert seat is not None
        self.seat[i] = seat
        self.obs[i] = t.observe(seat)
        self.mask[i] = 0
        self.mask[i, t.allowed()] = 1

    def reset(self) -> Arrays:
        """Deal every table: table ``i`` from seed ``seed * 1_000_003 + i`` (or at random)."""
        for i, t in enumerate(self.tables):
            t.reset(None if self.seed is None else self.seed * 1_000_003 + i, self.options)
            self._fill(i)
        return self.obs.copy(), self.mask.copy(), self.seat.copy()

    def step(self, actions: npt.ArrayLike) -> StepArrays:
        """One token per table; (observations, masks, seats, rewards, done) after it.

        ``rewards[i]`` holds table ``i``'s returns per seat when its episode ended at this step
        (``done[i]``), else zeros; a finished table is already dealt again in the other arrays."""
        tokens = np.asarray(actions).reshape(-1)
        if tokens.shape[0] != self.n:
            raise ValueError(f"expected {self.n} actions, got {tokens.shape[0]}")
        rewards = np.zeros((self.n, self.seats), np.float32)
        done = np.zeros(self.n, np.bool_)
        self.truncated = np.zeros(self.n, np.bool_)
        for i, t in enumerate(self.tables):
            t.step(int(tokens[i]))
            if t.done:
                rewards[i] = t.returns
                done[i] = True
                self.truncated[i] = t.truncated
                self.episodes += 1
                t.reset(None, self.options)
            self._fill(i)
        return self.obs.copy(), self.mask.copy(), self.seat.copy(), rewards, done
