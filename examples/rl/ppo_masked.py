#!/usr/bin/env python3
"""PPO with action masking in one file, in the CleanRL style, on a cardtable environment as
Gymnasium makes it: no wrapper. The mask of the tokens allowed now is read from
``info["action_mask"]``, which every reset and step returns; masked logits are set to a large
negative number, so the policy never gives a token no legal action spells.

    python examples/rl/ppo_masked.py --env cardtable/Smear-v1 --steps 20000 --opponents random

Needs torch (the ``train`` extra: ``pip install -e '.[rl,train]'``). Prints the points a hand the
trained policy wins against the environment's bots, with a 95% interval, over ``--eval`` hands.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np
import torch
from torch import nn

import cardtable.rl  # noqa: F401 (registers the cardtable/... ids)


@dataclass
class Settings:
    """PPO's settings (CleanRL's defaults for discrete actions, scaled to a card game's hands)."""

    steps: int = 20_000
    rollout: int = 512
    epochs: int = 4
    minibatch: int = 128
    lr: float = 2.5e-4
    gamma: float = 1.0  # a hand is short and its score is all that counts
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value: float = 0.5
    seed: int = 1


class Agent(nn.Module):
    """An actor and a critic, each a small MLP on the seat's observation."""

    def __init__(self, n_obs: int, n_actions: int) -> None:
        super().__init__()
        self.critic = nn.Sequential(nn.Linear(n_obs, 64), nn.Tanh(), nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 1))
        self.actor = nn.Sequential(
            nn.Linear(n_obs, 64), nn.Tanh(), nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, n_actions)
        )

    def value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(x).squeeze(-1)

    def dist(self, x: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
        logits = self.actor(x).masked_fill(~mask, -1e8)
        return torch.distributions.Categorical(logits=logits)


def _obs(o: Any) -> torch.Tensor:
    return torch.as_tensor(np.asarray(o, np.float32))


def _mask(info: dict[str, Any]) -> torch.Tensor:
    return torch.as_tensor(np.asarray(info["action_mask"], bool))


def train(env: gymnasium.Env[Any, Any], s: Settings) -> Agent:
    """Train an agent on ``env`` for ``s.steps`` steps; the agent."""
    torch.manual_seed(s.seed)
    n_obs = int(np.prod(env.observation_space.shape or (1,)))
    n_actions = int(env.action_space.n)  # type: ignore[attr-defined]
    agent = Agent(n_obs, n_actions)
    optimizer = torch.optim.Adam(agent.parameters(), lr=s.lr, eps=1e-5)
    obs, info = env.reset(seed=s.seed)
    x, m = _obs(obs), _mask(info)
    for update in range(math.ceil(s.steps / s.rollout)):
        for g in optimizer.param_groups:  # the learning rate falls to 0, as CleanRL anneals it
            g["lr"] = s.lr * (1 - update / math.ceil(s.steps / s.rollout))
        xs, ms, acts, logps, rews, dones, vals = [], [], [], [], [], [], []
        for _ in range(s.rollout):
            with torch.no_grad():
                d = agent.dist(x, m)
                a = d.sample()
                xs.append(x), ms.append(m), acts.append(a), logps.append(d.log_prob(a)), vals.append(agent.value(x))
            obs, reward, terminated, truncated, info = env.step(int(a))
            rews.append(float(reward))
            dones.append(terminated or truncated)
            if terminated or truncated:
                obs, info = env.reset()
            x, m = _obs(obs), _mask(info)
        with torch.no_grad():
            next_value = agent.value(x)
        adv = torch.zeros(s.rollout)
        last = 0.0
        for t in reversed(range(s.rollout)):
            nonterminal = 0.0 if dones[t] else 1.0
            nv = next_value if t == s.rollout - 1 else vals[t + 1]
            delta = rews[t] + s.gamma * nv * nonterminal - vals[t]
            last = delta + s.gamma * s.lam * nonterminal * last
            adv[t] = last
        b_x, b_m = torch.stack(xs), torch.stack(ms)
        b_a, b_logp, b_v = torch.stack(acts), torch.stack(logps), torch.stack(vals)
        b_ret = adv + b_v
        for _ in range(s.epochs):
            order = torch.randperm(s.rollout)
            for i in range(0, s.rollout, s.minibatch):
                j = order[i : i + s.minibatch]
                d = agent.dist(b_x[j], b_m[j])
                ratio = (d.log_prob(b_a[j]) - b_logp[j]).exp()
                a_j = adv[j]
                a_j = (a_j - a_j.mean()) / (a_j.std() + 1e-8)
                pg = torch.max(-a_j * ratio, -a_j * ratio.clamp(1 - s.clip, 1 + s.clip)).mean()
                v_loss = 0.5 * ((agent.value(b_x[j]) - b_ret[j]) ** 2).mean()
                loss = pg - s.entropy * d.entropy().mean() + s.value * v_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                optimizer.step()
    return agent


def greedy(agent: Agent) -> Callable[[Any, dict[str, Any]], int]:
    """The agent's most likely allowed token, from an observation and its ``info``."""

    def choose(obs: Any, info: dict[str, Any]) -> int:
        with torch.no_grad():
            return int(agent.dist(_obs(obs), _mask(info)).probs.argmax())

    return choose


def evaluate(
    env: gymnasium.Env[Any, Any], policy: Callable[[Any, dict[str, Any]], int], hands: int, seed: int
) -> np.ndarray:
    """The points ``policy`` wins in each of ``hands`` episodes (seeded ``seed``, ``seed + 1`` …)."""
    out = np.zeros(hands)
    for k in range(hands):
        obs, info = env.reset(seed=seed + k)
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(policy(obs, info))
            out[k] += reward
            done = terminated or truncated
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env", default="cardtable/Smear-v1")
    ap.add_argument("--opponents", default="rule")
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--eval", type=int, default=1_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    torch.set_num_threads(1)
    env = gymnasium.make(args.env, opponents=args.opponents)
    agent = train(env, Settings(steps=args.steps, seed=args.seed))
    points = evaluate(env, greedy(agent), args.eval, seed=10_000_000)
    half = 1.96 * points.std(ddof=1) / math.sqrt(len(points))
    print(f"{args.env} vs {args.opponents}: {points.mean():+.3f} points a hand, 95% interval ±{half:.3f}")


if __name__ == "__main__":
    main()
