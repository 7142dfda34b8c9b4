"""PettingZoo AEC environments ``seep_v0``, ``smear_v1`` and ``sheepshead_v1``.

Agents are ``seat_0`` … ``seat_3`` (``seat_4`` in Sheepshead). Each observation is
``{"observation": int8 vector, "action_mask": int8 vector}``; an action is one token of the game's
vocabulary, and the same agent acts again until the action it spells is complete. Rewards are the
hand's scores per seat, paid when the hand ends. ``state()`` is the full-information tensor, for
centralised critics in training only: it shows every hidden card.

>>> from cardtable.rl import env
>>> e = env("smear")
>>> e.reset(seed=1)
>>> e.agent_selection in e.agents, bool(e.observe(e.agent_selection)["action_mask"].any())
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardtable.rl.environment import environment
from cardtable.rl.table import MAX_REDEALS, Table
from cardtable.rl.tokens import GAMES

#: The environment names and their versions, ``smear_v1`` (an encoding or reward change bumps the
#: version: each package's ``environment.VERSION``).
VERSIONS = {name: environment(name).name for name in GAMES}


class raw_env(AECEnv[str, dict[str, Any], int | None]):  # type: ignore[misc]
    """A cardtable game as a PettingZoo AEC environment (see the module docstring).

    ``house_rules`` are the game's rule options (validated by the engine), ``preset`` a named set
    of them; ``auto_forced`` applies a token by itself whenever it is the only one allowed;
    ``action_features`` lists every complete legal action of the agent to act in its ``info``
    (``"legal_actions"`` in record notation and ``"action_features"``, one row of token indicators
    per action). ``dealer`` (a seat, ``"random"``, the default, or ``"rotate"``), ``max_steps``
    and ``max_redeals`` are those of `cardtable.rl.table.Table`: an episode cut short by a bound
    ends with every agent truncated and nothing more paid.
    """

    def __init__(
        self,
        name: str,
        render_mode: str | None = None,
        *,
        preset: str | None = None,
        auto_forced: bool = False,
        action_features: bool = True,
        dealer: int | str = "random",
        max_steps: int | None = None,
        max_redeals: int | None = MAX_REDEALS,
        **house_rules: Any,
    ) -> None:
        super().__init__()
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
        self.metadata = {"render_modes": ["human", "ansi"], "name": self.table.env.name, "is_parallelizable": False}
        self.render_mode = render_mode
        self.with_features = action_features
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

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode (see `cardtable.rl.table.Table.reset` for ``options``)."""
        self.table.reset(seed, options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_step()

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat(agent)
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def state(self) -> np.ndarray:  # type: ignore[type-arg,unused-ignore]
        """Training only: the full-information tensor (every hidden card's place, then every
        seat's observation). Never give it to a policy that plays."""
        return self.table.full_state()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give a token, not None")
        self._cumulative_rewards[agent] = 0.0
        paid = self.table.step(int(action))
        for a in self.agents:
            self.rewards[a] = 0.0
        if paid is not None:
            for i, a in enumerate(self.agents):
                self.rewards[a] = float(paid[i])
        self._accumulate_rewards()
        self._after_step()
        if self.render_mode == "human":
            self.render()

    def _after_step(self) -> None:
        table = self.table
        for a in self.agents:
            self.infos[a] = {"redeals": table.redeals, "hands": table.hands}
        if table.done:
            ended = self.truncations if table.truncated else self.terminations
            for a in self.agents:
                ended[a] = True
                self.infos[a]["returns"] = list(table.returns)
                self.infos[a]["results"] = [r.result for r in table.results]
            self.agent_selection = self.agents[0]
            return
        seat = table.actor()
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]
        if self.with_features:
            info = self.infos[self.agent_selection]
            info["legal_actions"] = table.legal_actions()
            info["action_features"] = table.action_features()

    def render(self) -> str | None:
        text = self.table.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(name: str, render_mode: str | None = None, **kwargs: Any) -> AECEnv[str, dict[str, Any], int | None]:
    """``raw_env`` with PettingZoo's usual checks around it (an illegal token raises; order enforced)."""
    e: Any = raw_env(name, render_mode, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
