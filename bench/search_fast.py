"""The search on the fast layer against the same search on the checked public API, in one process.

On the same positions (states of random hands where the seat to act has a choice), ``search:LEVEL``
with the rule-based playout policy decides once with its playouts on the game's fast layer and
once on the checked API, from the same seed, in alternating rounds (so that a loaded machine slows
both alike), and every pair of choices is compared (they must be equal). Time is this process's
CPU time (`time.process_time`).

    PYTHONPATH=src python bench/search_fast.py [--games seep,smear,sheepshead] [--level medium]
        [--positions 30] [--rounds 3] [--json]
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

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from random_play import random_states


def positions(game: Any, n: int, seed: int) -> list[Any]:
    """``n`` states of random hands where the seat to act has a choice, spread over the hands."""
    out: list[Any] = []
    k = 0
    while len(out) < n:
        for i, s in enumerate(random_states(game, 1, seed + k)):
            if game.actor(s) is not None and len(game.legal_actions(s)) > 1 and i % 3 == 0:
                out.append(s)
        k += 1
    return out[:n]


def measure(name: str, level: str = "medium", n: int = 30, rounds: int = 3, seed: int = 5) -> dict[str, Any]:
    game = registry.get_game(name)
    bots = {True: SearchBot(game, level, rule_bot(game)), False: SearchBot(game, level, rule_bot(game), fast=False)}
    if bots[True].fast is None:
        raise SystemExit(f"{name}: the search has no fast layer here")
    states = positions(game, n, seed)
    times: dict[bool, list[float]] = {True: [], False: []}
    for r in range(rounds):
        choices: dict[bool, list[Any]] = {}
        for fast in (True, False) if r % 2 == 0 else (False, True):
            bot = bots[fast]
            t0 = time.process_time()
            choices[fast] = [
                bot.act(game.observe(s, game.actor(s)), game.legal_actions(s), random.Random(k))
                for k, s in enumerate(states)
            ]
            times[fast].append(time.process_time() - t0)
        if choices[True] != choices[False]:
            raise AssertionError(f"{name}: the fast search chose differently from the checked one")
    ratios = [c / f for f, c in zip(times[True], times[False], strict=True)]
    return {
        "game": name,
        "level": level,
        "positions": n,
        "rounds": rounds,
        "fast_s_per_decision": round(statistics.median(times[True]) / n, 4),
        "checked_s_per_decision": round(statistics.median(times[False]) / n, 4),
        "speedup": round(statistics.median(ratios), 2),
        "speedup_min": round(min(ratios), 2),
        "speedup_max": round(max(ratios), 2),
        "clock": "process CPU time",
        "load_average": round(os.getloadavg()[0], 1),
        "machine": f"{platform.machine()} {os.cpu_count()} cores {platform.python_version()}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="seep,smear,sheepshead")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for name in args.games.split(","):
        out = measure(name, args.level, args.positions, args.rounds)
        if args.json:
            print(json.dumps(out))
        else:
            print(
                f"{name} search:{args.level}: fast {out['fast_s_per_decision']} s, checked "
                f"{out['checked_s_per_decision']} s a decision; {out['speedup']}x sooner "
                f"({out['speedup_min']}-{out['speedup_max']}x), load {out['load_average']}, {out['machine']}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
