"""A Gymnasium environment: one seat against cardtable's bots.

The agent plays ``seat``; the other seats are cardtable bots (``"rule"`` by default, or any bot
name: ``"random"``, ``"search:easy"`` …, one name for all or a list with one per other seat).
Observations are the seat's int8 vector; an action is one token; the tokens allowed now are in
``info["action_mask"]`` after every reset and step (for loops that read the mask from ``info``)
and from `VsBots.action_masks` (so maskable PPO, sb3-contrib, runs on it unchanged). The reward is
the seat's hand score, paid when the hand ends. The other seats are played by `BotPolicy`; the
dealer is drawn at random for every episode unless ``dealer`` says otherwise, and an episode cut
short by ``max_steps`` or ``max_redeals`` (see `cardtable.rl.table.Table`) ends truncated.

A token no legal action spells changes nothing: the step returns the same observation, reward 0
and ``info["illegal"]`` with the reason (a masked agent never sees this; an unmasked one learns
nothing from trying).

>>> from cardtable.rl import vs_bots
>>> e = vs_bots("smear", seat=1, opponents="random")
>>> obs, info = e.reset(seed=3)
>>> obs.shape == e.observation_space.shape, bool(e.action_masks().any())
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardtable.core import BadRules
from cardtable.rl.encode import Vector
from cardtable.rl.opponents import BotPolicy
from cardtable.rl.table import MAX_REDEALS, Table
from cardtable.rl.walk import IllegalToken


class VsBots(gymnasium.Env[Vector, Any]):
    """One seat of a cardtable game against bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's class attribute)

    def __init__(
        self,
        name: str,
        seat: int = 0,
        opponents: str | Sequence[str] = "rule",
        *,
        preset: str | None = None,
        auto_forced: bool = False,
        render_mode: str | None = None,
        dealer: int | str = "random",
        max_steps: int | None = None,
        max_redeals: int | None = MAX_REDEALS,
        **house_rules: Any,
    ) -> None:
        self.table = Table(
            name,
            preset=preset,
            auto_forced=False,
            dealer=dealer,
            max_steps=max_steps,
            max_redeals=max_redeals,
            **house_rules,
        )
        seats = self.table.seats
        if not isinstance(seat, int) or not 0 <= seat < seats:
            raise BadRules(f"seat: expected a seat 0-{seats - 1}, not {seat!r}")
        names = [opponents] * (seats - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != seats - 1:
            raise BadRules(f"opponents: expected one bot name or {seats - 1} of them, not {len(names)}")
        others = [s for s in range(seats) if s != seat]
        self.bot_rng = random.Random()
        self.bots = {s: BotPolicy(self.table.game, n) for s, n in zip(others, names, strict=True)}
        for policy in self.bots.values():
            policy.rng = self.bot_rng
        self.seat = seat
        self.auto_forced = auto_forced
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: expected None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-128, 127, (self.table.layout.size,), np.int8)
        self.action_space: spaces.Space[Any] = spaces.Discrete(self.table.vocab.size)

    def _play_bots(self) -> float:
        """Let bots act until the agent's seat is to act (with a choice, if ``auto_forced``) or the
        episode ends; the agent's reward from hands finished meanwhile."""
        table = self.table
        reward = 0.0
        while not table.done:
            seat = table.actor()
            assert seat is not None and table.decision is not None
            if seat == self.seat:
                allowed = table.allowed()
                if not self.auto_forced or len(allowed) > 1:
                    return reward
                paid = table.step(allowed[0])
            else:
                paid = self.bots[seat].play(table)
            if paid is not None:
                reward += paid[self.seat]
        return reward

    def _info(self) -> dict[str, Any]:
        t = self.table
        info: dict[str, Any] = {"redeals": t.redeals, "hands": t.hands, "action_mask": self.action_masks()}
        if t.done:
            info["returns"] = list(t.returns)
        return info

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.bot_rng.seed(seed + 1)
        self.table.reset(seed, options)
        self._play_bots()
        return self.table.observe(self.seat), self._info()

    def step(self, action: int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        if self.table.done:
            raise BadRules("the episode is over: reset the environment")
        try:
            paid = self.table.step(int(action))
        except IllegalToken as e:
            info = self._info()
            info["illegal"] = str(e)
            return self.table.observe(self.seat), 0.0, False, False, info
        reward = 0.0 if paid is None else float(paid[self.seat])
        reward += self._play_bots()
        table = self.table
        return table.observe(self.seat), reward, table.done and not table.truncated, table.truncated, self._info()

    def action_masks(self) -> np.ndarray:  # type: ignore[type-arg,unused-ignore]
        """The tokens the agent may give now, as booleans (all False once the episode is over)."""
        return self.table.mask(self.seat).astype(bool)

    def render(self) -> str | None:  # type: ignore[override,unused-ignore]
        return self.table.render_text() if self.render_mode == "ansi" else None


def vs_bots(name: str, seat: int = 0, opponents: str | Sequence[str] = "rule", **house_rules: Any) -> VsBots:
    """One seat of ``name`` against bots (see `VsBots`)."""
    return VsBots(name, seat, opponents, **house_rules)
