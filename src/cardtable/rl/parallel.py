"""A cardtable game as a PettingZoo parallel environment (``seep_v0.parallel_env()`` …).

The games are turn-based, so each parallel step moves one seat: every live agent is handed its
observation and mask, and only the seat to act has allowed tokens; ``step`` reads that seat's
token from the actions given and ignores the others' (an all-zero mask lets them give anything).
Rewards, the dealer, truncation and ``state()`` are those of the AEC environment.

>>> from cardtable.rl import smear_v1
>>> e = smear_v1.parallel_env()
>>> obs, infos = e.reset(seed=1)
>>> acting = [a for a in e.agents if obs[a]["action_mask"].any()]
>>> len(acting)
1
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from cardtable.rl.table import MAX_REDEALS, Table


class ParallelTable(ParallelEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """One cardtable game, stepped one seat at a time through PettingZoo's parallel API."""

    def __init__(
        self,
        name: str,
        render_mode: str | None = None,
        *,
        preset: str | None = None,
        auto_forced: bool = False,
        dealer: int | str = "random",
        max_steps: int | None = None,
        max_redeals: int | None = MAX_REDEALS,
        **house_rules: Any,
    ) -> None:
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode: expected None, 'human' or 'ansi', not {render_mode!r}")
        self.table = Table(
            name,
            preset=preset,
            auto_forced=auto_forced,
            dealer=dealer,
            max_steps=max_steps,
            max_redeals=max_redeals,
            **house_rules,
        )
        self.metadata = {"render_modes": ["human", "ansi"], "name": self.table.env.name, "is_parallelizable": True}
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(self.table.seats)]
        self.agents: list[str] = []
        size, vocab = self.table.layout.size, self.table.vocab.size
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-128, 127, (size,), np.int8),
                "action_mask": spaces.Box(0, 1, (vocab,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(vocab) for a in self.possible_agents}
        self.state_space = spaces.Box(-128, 127, (self.table.full_state_size(),), np.int8)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, Any]]:
        t = self.table
        return {
            a: {"observation": t.observe(i), "action_mask": t.mask(i)}
            for i, a in enumerate(self.possible_agents)
            if a in self.agents
        }

    def _infos(self) -> dict[str, dict[str, Any]]:
        t = self.table
        info: dict[str, Any] = {"redeals": t.redeals, "hands": t.hands}
        if t.done:
            info["returns"] = list(t.returns)
            info["results"] = [r.result for r in t.results]
        return {a: dict(info) for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        """A new episode (see `cardtable.rl.table.Table.reset` for ``options``)."""
        self.table.reset(seed, options)
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, dict[str, Any]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:  # fmt: skip
        """The token of the seat to act (others' actions are ignored); what every agent sees next.

        Raises `cardtable.rl.walk.IllegalToken` (changing nothing) for a token the mask forbids."""
        t = self.table
        seat = t.actor()
        if seat is None or not self.agents:
            raise ValueError("the episode is over: reset the environment")
        agent = self.possible_agents[seat]
        if agent not in actions or actions[agent] is None:
            raise ValueError(f"{agent} is to act: give its token")
        paid = t.step(int(actions[agent]))
        rewards = {a: 0.0 if paid is None else float(paid[i]) for i, a in enumerate(self.possible_agents)}
        observations = self._observations()
        infos = self._infos()
        terminations = dict.fromkeys(self.agents, t.done and not t.truncated)
        truncations = dict.fromkeys(self.agents, t.truncated)
        if t.done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def state(self) -> np.ndarray:  # type: ignore[type-arg,unused-ignore]
        """Training only: the full-information tensor (see the AEC environment's ``state``)."""
        return self.table.full_state()

    def render(self) -> str | None:
        text = self.table.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
