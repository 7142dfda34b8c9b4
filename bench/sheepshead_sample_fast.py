"""Sheepshead's fast sampler (`fastsample`) against the checked one, world for world.

The search asks for ``fast.from_state(sample.sample(rules, view, rng, infer), rules)``; the fast
sampler gives the same fast state from the same random stream. On the decisions of hands played
by rule bots in every seat (every decision with a choice, in every phase: the positions a search
meets), it measures in one process, in alternating rounds (so that a loaded machine slows both
alike), this process's CPU time (`time.process_time`, the least of the rounds) per world of each,
with and without the play weighing (``infer``), drawing ``--worlds`` worlds from each view with
one stream as a search does (the fast sampler reads a view once for all its worlds, which is
counted). Each round also checks that both left every stream in the same state. The machine and
its load are noted.

    PYTHONPATH=src python bench/sheepshead_sample_fast.py [--hands 30] [--worlds 40] [--rounds 4] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from typing import Any

from cardtable.games.sheepshead import Sheepshead, View
from cardtable.games.sheepshead.bots import RuleBot
from cardtable.games.sheepshead.fast import from_state
from cardtable.games.sheepshead.fastsample import sampler
from cardtable.games.sheepshead.sample import sample


def views(game: Sheepshead, hands: int, seed: int) -> list[View]:
    """The view of the seat to act at every decision with a choice of rule-bot hands."""
    bot = RuleBot(game)
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        state = game.start(i % 5)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            view = game.observe(state, seat)
            if len(legal) > 1:
                out.append(view)
            state = game.apply(state, bot.act(view, legal, rng))
    return out


def measure(hands: int = 30, worlds: int = 40, rounds: int = 4, seed: int = 1) -> dict[str, Any]:
    game = Sheepshead()
    rules = game.rules
    chosen = views(game, hands, seed)
    load = os.getloadavg()
    out: dict[str, Any] = {
        "machine": f"{platform.machine()} {os.cpu_count()} cores Python {platform.python_version()}",
        "decisions": len(chosen),
        "worlds_per_decision": worlds,
    }
    for infer in (False, True):
        times: dict[str, list[float]] = {"checked": [], "fast": []}
        ends: dict[str, list[Any]] = {}
        for r in range(rounds):
            for mode in ("checked", "fast") if r % 2 == 0 else ("fast", "checked"):
                fast = sampler(rules) if mode == "fast" else None  # a new one: no view read yet
                ends[mode] = []
                t0 = time.process_time()
                for k, view in enumerate(chosen):
                    rng = random.Random(k)
                    if fast is not None:
                        for _ in range(worlds):
                            fast(view, rng, infer)
                    else:
                        for _ in range(worlds):
                            from_state(sample(rules, view, rng, infer), rules)
                    ends[mode].append(rng.getstate())
                times[mode].append(time.process_time() - t0)
            if ends["checked"] != ends["fast"]:
                raise SystemExit("the two samplers drew differently")
        n = len(chosen) * worlds
        checked_us = min(times["checked"]) / n * 1e6
        fast_us = min(times["fast"]) / n * 1e6
        name = "infer" if infer else "plain"
        out[f"us_per_world_checked_{name}"] = round(checked_us, 1)
        out[f"us_per_world_fast_{name}"] = round(fast_us, 1)
        out[f"checked_over_fast_{name}"] = round(checked_us / fast_us, 2)
    out["same_streams"] = True
    out["load_average"] = f"{load[0]:.2f} before, {os.getloadavg()[0]:.2f} after"
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=30)
    p.add_argument("--worlds", type=int, default=40)
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    out = measure(a.hands, a.worlds, a.rounds)
    if a.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:28} {v}")


if __name__ == "__main__":
    main()
