"""A numpy-only policy gradient (REINFORCE with a running baseline) for one Smear seat against
cardtable's random bot, measured before and after on the same evaluation deals.

The policy is linear in the seat's observation: a softmax over the tokens its mask allows. It is
trained on ``--hands`` hands of `cardtable.rl.vs_bots` (seat 0, random bots in the other three
seats, the partner included), then it and the untrained policy (all weights zero: uniform over the
allowed tokens, i.e. the random bot) play the same ``--eval`` seeded deals, taking their most likely
token (greedy) or sampling (``--sample``). Prints the mean hand score of seat 0's team per hand,
with its standard error and the paired difference.

    python bench/rl_train_numpy.py [--hands 30000] [--eval 4000] [--seed 1] [--lr 0.01]

Needs the ``rl`` extra (numpy, gymnasium, pettingzoo).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import time

import numpy as np

from cardtable.rl import vs_bots


def probabilities(w: np.ndarray, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    logits = w @ obs
    logits = np.where(mask, logits, -np.inf)
    logits -= logits.max()
    p = np.exp(logits)
    return p / p.sum()


def play(env, w: np.ndarray, seed: int, rng: np.random.Generator, greedy: bool) -> tuple[float, list]:
    obs, _ = env.reset(seed=seed)
    steps = []
    total, done = 0.0, False
    while not done:
        x = obs.astype(np.float32)
        mask = env.action_masks()
        p = probabilities(w, x, mask)
        a = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
        steps.append((x, p, a))
        obs, reward, done, _, _ = env.step(a)
        total += reward
    return total, steps


def evaluate(env, w: np.ndarray, deals: int, greedy: bool) -> np.ndarray:
    rng = np.random.default_rng(12345)
    return np.array([play(env, w, 10_000_000 + k, rng, greedy)[0] for k in range(deals)])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=30_000)
    ap.add_argument("--eval", type=int, default=4_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--sample", action="store_true", help="evaluate by sampling instead of the greedy token")
    args = ap.parse_args()

    env = vs_bots("smear", seat=0, opponents="random")
    n_tokens, n_obs = env.action_space.n, env.observation_space.shape[0]
    w = np.zeros((n_tokens, n_obs), np.float32)
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    baseline = 0.0
    curve = []
    for k in range(args.hands):
        ret, steps = play(env, w, args.seed * 1_000_003 + k, rng, greedy=False)
        adv = ret - baseline
        baseline += 0.01 * (ret - baseline)
        xs = np.stack([s[0] for s in steps])
        grads = np.stack([s[1] for s in steps])
        grads *= -1.0
        grads[np.arange(len(steps)), [s[2] for s in steps]] += 1.0
        w += (args.lr * adv) * (grads.T @ xs)
        if (k + 1) % max(1, args.hands // 10) == 0:
            curve.append([k + 1, round(baseline, 3)])
    train_s = time.perf_counter() - start

    greedy = not args.sample
    before = evaluate(env, np.zeros_like(w), args.eval, greedy=False)  # uniform over allowed tokens
    after = evaluate(env, w, args.eval, greedy)
    diff = after - before

    def se(x: np.ndarray) -> float:
        return float(x.std(ddof=1) / math.sqrt(len(x)))

    print(
        json.dumps(
            {
                "machine": {"python": platform.python_version(), "cpu": platform.processor() or platform.machine()},
                "game": "smear",
                "training_hands": args.hands,
                "training_s": round(train_s, 1),
                "running_mean_reward": curve,
                "eval_deals": args.eval,
                "untrained_mean": round(float(before.mean()), 4),
                "untrained_se": round(se(before), 4),
                "trained_mean": round(float(after.mean()), 4),
                "trained_se": round(se(after), 4),
                "paired_difference": round(float(diff.mean()), 4),
                "paired_difference_se": round(se(diff), 4),
                "evaluation": "greedy" if greedy else "sampled",
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
