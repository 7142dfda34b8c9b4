#!/usr/bin/env python3
"""Masked PPO in one file, in the CleanRL style, on the batched vector environment: 1,024 Smear
tables stepped at once (``gymnasium.make_vec("cardtable/Smear-v1", num_envs=1024)``).

The learner plays seat 0 of every table; the other seats are the random bot (``--opponents
random``) or a frozen copy of the learner, refreshed every ``--refresh`` updates (``--opponents
self``: self-play). The mask of the tokens allowed now is ``info["action_mask"]``, never all zeros
(the environment resets an ended table in the same step); masked logits are set to a large
negative number, so the policy never gives a token no legal action spells.

    python examples/rl/ppo_batch.py --num-envs 1024 --updates 50 --opponents random

Needs torch (the ``train`` extra) and the ``batch`` extra: ``pip install -e '.[rl,train,batch]'``.
Prints, per update, the points a hand the learner won in the hands that ended during the
rollout, and at the end its points a hand over ``--eval`` tables playing greedily (most likely
token) against the random bot, beside the untrained policy's.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np
import torch
from torch import nn

import cardtable.rl  # noqa: F401 (registers the cardtable/... ids)


@dataclass
class Settings:
    """PPO's settings (CleanRL's defaults for discrete actions, scaled to many tables)."""

    num_envs: int = 1024
    rollout: int = 16  # steps per table per update: 16,384 samples at 1,024 tables
    updates: int = 50
    epochs: int = 4
    minibatches: int = 8
    lr: float = 2.5e-4
    gamma: float = 1.0  # a hand is short and its score is all that counts
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value: float = 0.5
    seed: int = 1
    opponents: str = "random"
    refresh: int = 5


class Agent(nn.Module):
    """An actor and a critic, each a small MLP on the seat's observation."""

    def __init__(self, n_obs: int, n_actions: int) -> None:
        super().__init__()
        self.critic = nn.Sequential(nn.Linear(n_obs, 128), nn.Tanh(), nn.Linear(128, 128), nn.Tanh(), nn.Linear(128, 1))
        self.actor = nn.Sequential(
            nn.Linear(n_obs, 128), nn.Tanh(), nn.Linear(128, 128), nn.Tanh(), nn.Linear(128, n_actions)
        )

    def value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(x).squeeze(-1)

    def dist(self, x: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
        logits = self.actor(x).masked_fill(~mask, -1e8)
        return torch.distributions.Categorical(logits=logits)


def _t(a: Any, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    return torch.as_tensor(np.asarray(a)).to(dtype)


def frozen_policy(agent: Agent) -> Any:
    """A copy of ``agent`` as a policy for the other seats: samples a token from (obs, mask)."""
    copy = Agent(agent.actor[0].in_features, agent.actor[-1].out_features)
    copy.load_state_dict(agent.state_dict())

    def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            return copy.dist(_t(obs), _t(mask, torch.bool)).sample().numpy()

    return policy


def train(s: Settings, log: bool = True) -> tuple[Agent, list[float]]:
    """Train for ``s.updates`` updates; the agent and the points a hand seen in each update."""
    torch.manual_seed(s.seed)
    env = gymnasium.make_vec("cardtable/Smear-v1", num_envs=s.num_envs, seed=s.seed)
    n_obs = env.single_observation_space.shape[0]  # type: ignore[index]
    n_actions = int(env.single_action_space.n)  # type: ignore[attr-defined]
    agent = Agent(n_obs, n_actions)
    if s.opponents == "self":
        env.unwrapped.opponents = frozen_policy(agent)  # type: ignore[attr-defined]
    optimizer = torch.optim.Adam(agent.parameters(), lr=s.lr, eps=1e-5)
    obs, info = env.reset(seed=s.seed)
    x, m = _t(obs), _t(info["action_mask"], torch.bool)
    n, T = s.num_envs, s.rollout
    curve: list[float] = []
    for update in range(s.updates):
        for g in optimizer.param_groups:  # the learning rate falls to 0, as CleanRL anneals it
            g["lr"] = s.lr * (1 - update / s.updates)
        if s.opponents == "self" and update % s.refresh == 0:
            env.unwrapped.opponents = frozen_policy(agent)  # type: ignore[attr-defined]
        xs = torch.zeros((T, n, n_obs))
        ms = torch.zeros((T, n, n_actions), dtype=torch.bool)
        acts = torch.zeros((T, n), dtype=torch.long)
        logps, vals, rews, ends = (torch.zeros((T, n)) for _ in range(4))
        points, hands = 0.0, 0
        started = time.perf_counter()
        for t in range(T):
            with torch.no_grad():
                d = agent.dist(x, m)
                a = d.sample()
                xs[t], ms[t], acts[t], logps[t], vals[t] = x, m, a, d.log_prob(a), agent.value(x)
            obs, reward, terminated, truncated, info = env.step(a.numpy())
            assert not info["illegal"].any()
            done = terminated | truncated
            rews[t], ends[t] = _t(reward), _t(done)
            points += float(reward[done].sum())
            hands += int(done.sum())
            x, m = _t(obs), _t(info["action_mask"], torch.bool)
        with torch.no_grad():
            next_value = agent.value(x)
        adv = torch.zeros((T, n))
        last = torch.zeros(n)
        for t in reversed(range(T)):
            nonterminal = 1.0 - ends[t]  # the next observation is already the next episode's
            nv = next_value if t == T - 1 else vals[t + 1]
            delta = rews[t] + s.gamma * nv * nonterminal - vals[t]
            last = delta + s.gamma * s.lam * nonterminal * last
            adv[t] = last
        ret = adv + vals
        b_x, b_m, b_a = xs.reshape(T * n, n_obs), ms.reshape(T * n, n_actions), acts.reshape(-1)
        b_logp, b_adv, b_ret = logps.reshape(-1), adv.reshape(-1), ret.reshape(-1)
        size = (T * n) // s.minibatches
        for _ in range(s.epochs):
            order = torch.randperm(T * n)
            for i in range(0, T * n, size):
                j = order[i : i + size]
                d = agent.dist(b_x[j], b_m[j])
                ratio = (d.log_prob(b_a[j]) - b_logp[j]).exp()
                a_j = b_adv[j]
                a_j = (a_j - a_j.mean()) / (a_j.std() + 1e-8)
                pg = torch.max(-a_j * ratio, -a_j * ratio.clamp(1 - s.clip, 1 + s.clip)).mean()
                v_loss = 0.5 * ((agent.value(b_x[j]) - b_ret[j]) ** 2).mean()
                loss = pg - s.entropy * d.entropy().mean() + s.value * v_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                optimizer.step()
        curve.append(points / max(hands, 1))
        if log:
            took = time.perf_counter() - started
            print(f"update {update + 1}/{s.updates}: {hands} hands, {curve[-1]:+.3f} points a hand, {took:.1f} s")
    env.close()
    return agent, curve


def evaluate(agent: Agent | None, tables: int, seed: int) -> tuple[float, float]:
    """Points a hand (mean, 95% half-interval) of ``agent`` playing greedily at seat 0 against the
    random bot, one hand per table (``None``: the untrained policy, uniform over the allowed tokens)."""
    env = gymnasium.make_vec("cardtable/Smear-v1", num_envs=tables, seed=seed)
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    points = np.zeros(tables)
    finished = np.zeros(tables, bool)
    while not finished.all():
        mask = info["action_mask"]
        if agent is None:
            a = np.argmax(rng.random(mask.shape) * mask, axis=1)
        else:
            with torch.no_grad():
                a = agent.dist(_t(obs), _t(mask, torch.bool)).probs.argmax(-1).numpy()
        obs, reward, terminated, truncated, info = env.step(a)
        first = (terminated | truncated) & ~finished
        points[first] = reward[first]
        finished |= first
    env.close()
    return float(points.mean()), 1.96 * float(points.std(ddof=1)) / math.sqrt(tables)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--num-envs", type=int, default=1024)
    ap.add_argument("--rollout", type=int, default=16)
    ap.add_argument("--updates", type=int, default=50)
    ap.add_argument("--opponents", choices=("random", "self"), default="random")
    ap.add_argument("--eval", type=int, default=4096, help="tables (one hand each) for the evaluation")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    torch.set_num_threads(1)
    s = Settings(
        num_envs=args.num_envs, rollout=args.rollout, updates=args.updates, seed=args.seed, opponents=args.opponents
    )
    started = time.perf_counter()
    agent, _ = train(s)
    print(f"trained in {time.perf_counter() - started:.0f} s")
    for label, who in (("untrained (uniform)", None), ("trained (greedy)", agent)):
        mean, half = evaluate(who, args.eval, seed=10_000_000)
        print(f"{label} vs random: {mean:+.3f} points a hand, 95% interval ±{half:.3f}")


if __name__ == "__main__":
    main()
