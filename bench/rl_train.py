"""sb3-contrib's MaskablePPO on ``gymnasium.make("cardtable/Smear-v1")`` with no wrapper, trained
longer than the tests do, then played against the environment's bots on seeded evaluation hands
beside the untrained policy (uniform over the allowed tokens, i.e. the random bot) and the
rule-based bot in the agent's seat, on the same hands. Prints points a hand with 95% intervals and
the paired differences. (A Smear hand is not zero-sum: both teams usually score, so the rule bot
in the agent's seat, among rule bots, scores well above zero: it is the mark to reach.)

    python bench/rl_train.py [--game smear] [--steps 150000] [--eval 4000] [--opponents rule] [--seed 1]
        [--save runs/smear_ppo.zip]

``--save PATH`` keeps the trained policy, which ``cardtable sim GAME --bots sb3:PATH,rule`` then
measures on paired deals (`cardtable.rl.agents`, the baselines table of docs/rl.md); ``--eval 0``
skips the evaluation here.

Needs the ``rl`` and ``train`` extras (``pip install -e '.[rl,train]'``). Runs on one thread.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

import cardtable.rl  # noqa: F401 (registers the ids)
from cardtable.rl import BotPolicy
from cardtable.rl.registration import IDS


def play(env: Any, choose: Any, hands: int, seed: int) -> np.ndarray:
    out = np.zeros(hands)
    for k in range(hands):
        obs, info = env.reset(seed=seed + k)
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(choose(obs, info))
            out[k] += reward
            done = terminated or truncated
    return out


def interval(x: np.ndarray) -> list[float]:
    half = 1.96 * float(x.std(ddof=1)) / math.sqrt(len(x))
    return [round(float(x.mean()), 4), round(half, 4)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=150_000)
    ap.add_argument("--eval", type=int, default=4_000)
    ap.add_argument("--opponents", default="rule")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default="smear", choices=["seep", "smear", "sheepshead"])
    ap.add_argument("--save", metavar="PATH", help="keep the trained policy there (a MaskablePPO .zip)")
    args = ap.parse_args()
    torch.set_num_threads(1)
    env_id = IDS[args.game]
    env = gymnasium.make(env_id, opponents=args.opponents, max_steps=500)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=2048, batch_size=256, n_epochs=4, gamma=1.0, seed=args.seed, device="cpu",
        policy_kwargs={"net_arch": [64, 64]},
    )  # fmt: skip
    start = time.perf_counter()
    model.learn(args.steps)
    train_s = time.perf_counter() - start
    if args.save:
        model.save(args.save)
    if args.eval < 2:
        print(json.dumps({"env": env_id, "steps": args.steps, "seed": args.seed, "training_s": round(train_s, 1)}))
        return

    def trained(obs: Any, info: dict[str, Any]) -> int:
        return int(model.predict(obs, action_masks=info["action_mask"], deterministic=True)[0])

    rng = np.random.default_rng(12345)

    def uniform(obs: Any, info: dict[str, Any]) -> int:
        return int(rng.choice(np.flatnonzero(info["action_mask"])))

    rule = BotPolicy(args.game, "rule", seed=0)

    def rule_bot(obs: Any, info: dict[str, Any]) -> int:
        return rule.token(env.unwrapped.table)  # type: ignore[attr-defined]

    after = play(env, trained, args.eval, 10_000_000)
    before = play(env, uniform, args.eval, 10_000_000)
    ruled = play(env, rule_bot, args.eval, 10_000_000)
    print(
        json.dumps(
            {
                "machine": {"python": platform.python_version(), "cores": os.cpu_count(), "torch": torch.__version__},
                "load_average_at_end": round(os.getloadavg()[0], 1),
                "env": env_id,
                "opponents": args.opponents,
                "steps": args.steps,
                "training_s": round(train_s, 1),
                "eval_hands": args.eval,
                "trained_points_a_hand_95": interval(after),
                "untrained_points_a_hand_95": interval(before),
                "rule_bot_points_a_hand_95": interval(ruled),
                "paired_difference_95": interval(after - before),
                "paired_difference_to_rule_95": interval(after - ruled),
            }
        )
    )


if __name__ == "__main__":
    main()
