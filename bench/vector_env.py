"""Learner steps per CPU second of the batched engine's vector environments, as a trainer drives
them: ``gymnasium.make_vec(ID, num_envs=N)`` (the learner at one seat, random legal opponents
inside), each step one random legal token per table from ``info["action_mask"]``
(`cardtable.batch.random_legal`), with the machine and its load noted.

    python bench/vector_env.py [--games seep,smear,sheepshead] [--envs 1024] [--seconds 2]
                               [--rounds 3] [--json] [--quick]

A figure is the median of ``--rounds`` rounds of ``--seconds`` of CPU time each; "hands" counts
the episodes that ended (terminated or truncated). The objects made while setting up are frozen
out of the garbage collector's reach before the rounds, as in ``bench/batch_bench.py``. Needs the
``rl`` and ``batch`` extras.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from batch_bench import machine

#: Each game's vector environment id.
IDS = {"seep": "cardtable/Seep-v0", "smear": "cardtable/Smear-v1", "sheepshead": "cardtable/Sheepshead-v1"}


def measure(game: str, envs_n: int, seconds: float, rounds: int) -> dict[str, Any]:
    import gymnasium
    import numpy as np

    import cardtable.rl  # noqa: F401  (registers the environments)
    from cardtable.batch import random_legal

    envs = gymnasium.make_vec(IDS[game], num_envs=envs_n, seed=1)
    _, info = envs.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(20):  # compile (or load) the kernels
        _, _, _, _, info = envs.step(random_legal(info["action_mask"], rng))
    gc.collect()
    gc.freeze()
    steps_s, hands_s = [], []
    try:
        for _ in range(rounds):
            steps = hands = 0
            start = time.process_time()
            while time.process_time() - start < seconds:
                _, _, term, trunc, info = envs.step(random_legal(info["action_mask"], rng))
                steps += envs_n
                hands += int((term | trunc).sum())
            took = time.process_time() - start
            steps_s.append(steps / took)
            hands_s.append(hands / took)
    finally:
        gc.unfreeze()
        envs.close()
    return {
        "game": game,
        "id": IDS[game],
        "num_envs": envs_n,
        "learner_steps_per_s": round(statistics.median(steps_s)),
        "hands_per_s": round(statistics.median(hands_s)),
        "rounds_learner_steps_per_s": [round(x) for x in steps_s],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(IDS))
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quick", action="store_true", help="a smoke run: 16 tables, one short round")
    args = ap.parse_args()
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in IDS]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r}: choose from {', '.join(IDS)}")
    envs_n, seconds, rounds = (16, 0.2, 1) if args.quick else (args.envs, args.seconds, args.rounds)
    out: dict[str, Any] = {"machine": machine(), "load_average_before": [round(x, 2) for x in os.getloadavg()]}
    out["rows"] = [measure(g, envs_n, seconds, rounds) for g in games]
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(out, indent=1))
        return
    m = out["machine"]
    print(f"{m['cpu']}, {m['cores']} cores, Python {m['python']}, numpy {m['numpy']}, numba {m['numba']}")
    print(f"load average {out['load_average_before']} before, {out['load_average_after']} after")
    for row in out["rows"]:
        print(
            f"{row['id']:<26} N={row['num_envs']:<5} {row['learner_steps_per_s']:>10,} learner steps/s"
            f"  {row['hands_per_s']:>8,} hands/s"
        )


if __name__ == "__main__":
    main()
