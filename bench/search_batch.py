"""The search's playouts on the batched engine against the same search on the one-table fast layer.

On the same positions (random positions of random hands where the seat to act has a choice, as
``bench/run.py`` picks them), ``search:LEVEL`` decides once with its playouts in batches
(`cardtable.batch.playouts`) and once on the game's fast layer, from the same seed, the two
alternated position by position (so that a loaded machine slows both alike). Every pair of
choices is compared: they must be equal (the playout policy draws no random number, so both play
the same worlds to the same ends), except with ``--differ``, for a game whose policy over arrays
draws its random numbers from a stream of its own (Seep's rule-based bot, its near-ties broken by
a nudge): the choices that differ are then counted (``bench/batch_strength.py`` plays the two
against each other). Prints each side's decision time, median and 90th percentile (wall clock),
their ratio, and the load average.

    PYTHONPATH=src python bench/search_batch.py [--games smear,sheepshead] [--level hard]
        [--decisions 60] [--differ] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from typing import Any

from cardtable import registry
from cardtable.bots import SearchBot, rule_bot


def positions(game: Any, n: int, seed: int = 2) -> list[Any]:
    """``n`` random positions of random hands where the seat to act has a choice (each such
    position taken with chance 0.3, as `bench/run.py`'s `search_decisions` takes them)."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < n:
        state = game.start(len(out) % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while game.actor(state) is not None and len(out) < n:
            legal = game.legal_actions(state)
            if len(legal) > 1 and rng.random() < 0.3:
                out.append(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    return out


def quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(name: str, level: str = "hard", n: int = 60, seed: int = 2, differ: bool = False) -> dict[str, Any]:
    game = registry.get_game(name)
    batched = SearchBot(game, level, rule_bot(game))
    fast = SearchBot(game, level, rule_bot(game), batch=False)
    if batched.batch is None:
        raise SystemExit(f"{name}: the search has no batched playouts here (no batch, or no numba)")
    states = positions(game, n, seed)
    first = states[0]
    batched.act(game.observe(first, game.actor(first)), game.legal_actions(first), random.Random(0))  # compile
    load = [os.getloadavg()[0]]
    times: dict[str, list[float]] = {"batch": [], "fast": []}
    different = 0
    for k, state in enumerate(states):
        view = game.observe(state, game.actor(state))
        legal = game.legal_actions(state)
        chosen = {}
        for side in ("batch", "fast") if k % 2 == 0 else ("fast", "batch"):
            bot = batched if side == "batch" else fast
            t0 = time.perf_counter()
            chosen[side] = bot.act(view, legal, random.Random(k))
            times[side].append(time.perf_counter() - t0)
        different += chosen["batch"] != chosen["fast"]
        if chosen["batch"] != chosen["fast"] and not differ:
            raise AssertionError(f"{name}: the batched search chose differently at position {k}")
    load.append(os.getloadavg()[0])
    return {
        "game": name,
        "level": level,
        "decisions": n,
        "batch_p50_s": round(statistics.median(times["batch"]), 4),
        "batch_p90_s": round(quantile(times["batch"], 0.9), 4),
        "fast_p50_s": round(statistics.median(times["fast"]), 4),
        "fast_p90_s": round(quantile(times["fast"], 0.9), 4),
        "p90_ratio": round(quantile(times["fast"], 0.9) / quantile(times["batch"], 0.9), 2),
        "total_ratio": round(sum(times["fast"]) / sum(times["batch"]), 2),
        "different_choices": different,
        "clock": "wall clock",
        "load_average": [round(x, 1) for x in load],
        "machine": f"{platform.machine()} {os.cpu_count()} cores {platform.python_version()}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="smear,sheepshead")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--differ", action="store_true", help="count differing choices instead of refusing them")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for name in args.games.split(","):
        out = measure(name, args.level, args.decisions, args.seed, args.differ)
        if args.json:
            print(json.dumps(out))
        else:
            print(
                f"{name} search:{args.level}: batch p50 {out['batch_p50_s']} s p90 {out['batch_p90_s']} s; "
                f"fast layer p50 {out['fast_p50_s']} s p90 {out['fast_p90_s']} s; p90 {out['p90_ratio']}x, "
                f"total {out['total_ratio']}x sooner; {out['different_choices']} choices of {out['decisions']} differ; "
                f"load {out['load_average']}, {out['machine']}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
