"""A real `gymnasium.vector.VectorEnv` on the batched engine (`cardtable.batch`): ``num_envs``
tables stepped at once, one learner seat at each, the other seats played by a policy.

``gymnasium.make_vec("cardtable/Smear-v1", num_envs=1024)`` builds it (the id's
``vector_entry_point``; ``vectorization_mode="sync"`` or ``"async"`` still copies the one-table
`cardtable.rl.vs_bots` environment instead). Each sub-environment is one table: the learner plays
``seat`` (0 by default; the dealer of each episode is drawn at random, so the seat sits everywhere
relative to the dealer); the other seats are played by ``opponents``: ``"random"`` (a uniformly
random legal token, drawn for every table at once) or any callable ``policy(obs, mask)`` that
takes the observations (int8, one row per table where another seat acts) and legal masks (bool)
of the seats to act and returns one token per row: a frozen copy of the learner for self-play.

Observations, tokens and rewards are those of the one-table environments (`cardtable.rl`): the
learner seat's int8 vector, one token per step, and at the end of the hand the seat's hand score.
Episodes end by themselves and are reset in the same step (``metadata["autoreset_mode"]`` is
``SameStep``): the observation and ``info["action_mask"]`` returned are already those of the new
episode, so **no row of the mask is ever all zeros** (with Gymnasium's next-step autoreset, a row
that ended shows an all-zero mask for one step, which breaks masked sampling); the last
observation of an ended episode is in ``info["final_obs"]`` where ``info["_final_obs"]`` is set.
A token the mask forbids changes nothing at its row (reward 0, ``info["illegal"]`` set there).

>>> import numpy as np
>>> env = BatchVectorEnv("smear", num_envs=8, seed=1)
>>> obs, info = env.reset(seed=1)
>>> obs.shape, bool(info["action_mask"].any(axis=1).all())
((8, 601), True)
>>> actions = np.argmax(info["action_mask"], axis=1)
>>> obs, reward, terminated, truncated, info = env.step(actions)
>>> reward.shape, terminated.dtype
((8,), dtype('bool'))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector.utils import batch_space
from gymnasium.vector.vector_env import AutoresetMode

from cardtable.batch import Batch, random_legal
from cardtable.batch.tables import MAX_REDEALS
from cardtable.core import BadRules

Bytes = npt.NDArray[np.int8]
Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int64]

#: A policy for the other seats: (observations int8 (k, obs), masks bool (k, tokens)) to k tokens.
Policy = Callable[[Bytes, Bools], npt.ArrayLike]


class BatchVectorEnv(gymnasium.vector.VectorEnv[Bytes, Ints, Any]):
    """``num_envs`` tables of ``name``, the learner at ``seat`` (see the module docstring).

    ``seed`` seeds the deals (and the random opponents) until `reset` is given another;
    ``preset``, ``dealer``, ``max_redeals``, ``max_steps`` and the rule options are those of
    `cardtable.batch.Batch` and the one-table environments.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        name: str,
        num_envs: int = 1,
        seat: int = 0,
        opponents: str | Policy = "random",
        *,
        seed: int | None = None,
        preset: str | None = None,
        dealer: int | str = "random",
        max_redeals: int | None = MAX_REDEALS,
        max_steps: int | None = None,
        **house_rules: Any,
    ) -> None:
        self.batch = Batch(
            name,
            num_envs,
            rules=house_rules,
            seed=seed,
            preset=preset,
            dealer=dealer,
            max_redeals=max_redeals,
            max_steps=max_steps,
        )
        b = self.batch
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < b.seats:
            raise BadRules(f"seat: expected a seat 0-{b.seats - 1}, not {seat!r}")
        if opponents != "random" and not callable(opponents):
            raise BadRules(
                f"opponents: expected 'random' or a policy(obs, mask) -> tokens, not {opponents!r} "
                "(for cardtable's bots use vectorization_mode='sync' or 'async')"
            )
        self.name = name
        self.seat = seat
        self.opponents = opponents
        self.num_envs = b.B
        self.single_observation_space = spaces.Box(-128, 127, (b.obs_size,), np.int8)
        self.single_action_space = spaces.Discrete(len(b.action_names))
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._rng = np.random.default_rng(seed)
        self._started = False

    # ------------------------------------------------------------------ the other seats

    def _others(self) -> tuple[Any, Bools, Bools, Bytes, Bools]:
        """Let the other seats act until the learner is to act at every row: the learner's rewards
        meanwhile, which rows ended (and of those which were truncated), and their final
        observations."""
        b, seat, n = self.batch, self.seat, self.num_envs
        rewards = np.zeros(n, np.float64)
        done = np.zeros(n, np.bool_)
        truncated = np.zeros(n, np.bool_)
        final = np.zeros((n, b.obs_size), np.int8)
        while True:
            to_play = b.to_play
            others = to_play != seat
            if not others.any():
                return rewards, done, truncated, final, done.copy()
            mask = b.legal_mask()
            if self.opponents == "random":
                actions = random_legal(mask, self._rng)
            else:
                rows = np.flatnonzero(others)
                actions = np.zeros(n, np.int64)
                policy: Policy = self.opponents  # type: ignore[assignment]
                actions[rows] = np.asarray(policy(b.observe(to_play)[rows], mask[rows]), np.int64).reshape(-1)
            r, d = b.step(actions, active=others)
            self._settle(r, d, rewards, done, truncated, final)

    def _settle(self, r: Any, d: Bools, rewards: Any, done: Bools, truncated: Bools, final: Bytes) -> None:
        b = self.batch
        rewards += r[:, self.seat]
        if d.any():
            done |= d
            truncated |= b.truncated
            final[b.final_rows] = b.observe_final(self.seat)

    def _info(self, extra: dict[str, Any]) -> dict[str, Any]:
        return {"action_mask": self.batch.legal_mask(), **extra}

    # ------------------------------------------------------------------ Gymnasium

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Bytes, dict[str, Any]]:
        """Deal every table a new episode (``seed``: one whole number, seeding every table)."""
        if isinstance(seed, list):
            raise BadRules("seed: give one whole number; it seeds every table (row i from seed * 1_000_003 + i)")
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            self.batch.reset(seed=seed)
        elif self._started:
            self.batch.reset()
        self._started = True
        self._others()
        return self.batch.observe(self.seat), self._info({})

    def step(self, actions: npt.ArrayLike) -> tuple[Bytes, Any, Bools, Bools, dict[str, Any]]:
        """One token per table for the learner; then the other seats act until the learner is to
        act again at every table (see the module docstring)."""
        if not self._started:
            raise BadRules("call reset() before step()")
        b, n = self.batch, self.num_envs
        rewards = np.zeros(n, np.float64)
        done = np.zeros(n, np.bool_)
        truncated = np.zeros(n, np.bool_)
        final = np.zeros((n, b.obs_size), np.int8)
        r, d = b.step(np.asarray(actions))
        illegal = b.errors.copy()
        self._settle(r, d, rewards, done, truncated, final)
        more, d2, t2, f2, _ = self._others()
        rewards += more
        final[d2] = f2[d2]
        done |= d2
        truncated |= t2
        info = self._info({"illegal": illegal})
        if done.any():
            info["final_obs"] = final
            info["_final_obs"] = done
        return b.observe(self.seat), rewards, done & ~truncated, truncated, info

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the tables are arrays in this process."""
