"""The search with its playouts on the batched engine against the same search on the one-table
fast layer, on duplicate deals: whether the batched playouts play as well.

Where a game's playout policy over arrays draws its random numbers from a stream of its own (Seep's
rule-based bot breaks near-ties with a random nudge, drawn over arrays from each row's stream), the
batched search's choices are not those of the fast layer's search draw for draw, only in law. This
plays ``search:LEVEL`` with batched playouts (seats 0 and 2) against ``search:LEVEL`` on the fast
layer (seats 1 and 3) on seeded deals, each deal twice with the sides' seats swapped and every
decision seeded alike in both, and prints the batched side's mean difference per hand (its
team's points minus the other team's, the mean of the deal's two seatings) with its 95%
confidence interval over deals, each side's decision time, and the load average.

    PYTHONPATH=src python bench/batch_strength.py [--game seep] [--level easy] [--deals 100] [--seed 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from typing import Any

from cardtable import registry
from cardtable.bots import SearchBot, rule_bot


def play(game: Any, deal_seed: int, dealer: int, bots: list[Any], clock: list[float]) -> tuple[int, ...]:
    """One hand dealt from ``deal_seed``, seat ``s`` played by ``bots[s]`` (each decision seeded
    by the deal and the play, so both seatings of a deal draw alike); its score per seat."""
    state = game.start(dealer)
    state = game.apply(state, game.deal(state, random.Random(deal_seed)))
    k = 0
    while (seat := game.actor(state)) is not None:
        legal = game.legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        else:
            t0 = time.perf_counter()
            action = bots[seat].act(game.observe(state, seat), legal, random.Random(deal_seed * 1000 + k))
            clock[seat % 2] += time.perf_counter() - t0
            clock[2 + seat % 2] += 1
        state = game.apply(state, action)
        k += 1
    result = game.outcome(state)
    assert result is not None
    return tuple(result.score)


def measure(name: str, level: str, deals: int, seed: int) -> dict[str, Any]:
    game = registry.get_game(name)
    batched = SearchBot(game, level, rule_bot(game))
    fast = SearchBot(game, level, rule_bot(game), batch=False)
    if batched.batch is None:
        raise SystemExit(f"{name}: the search has no batched playouts here (no batch, or no numba)")
    load = [os.getloadavg()[0]]
    diffs: list[float] = []
    clock = [0.0, 0.0, 0.0, 0.0]  # seconds, then decisions: even seats' bot, odd seats'
    times = {"batch": [0.0, 0.0], "fast": [0.0, 0.0]}
    for d in range(deals):
        deal_seed = seed * 1_000_003 + d
        total = 0.0
        for swap in (False, True):
            clock[:] = [0.0, 0.0, 0.0, 0.0]
            pair = [fast, batched] if swap else [batched, fast]
            score = play(game, deal_seed, d % 4, [pair[0], pair[1], pair[0], pair[1]], clock)
            ours = 1 if swap else 0
            total += score[ours] - score[1 - ours]
            b, f = (1, 0) if swap else (0, 1)
            times["batch"][0] += clock[b]
            times["batch"][1] += clock[2 + b]
            times["fast"][0] += clock[f]
            times["fast"][1] += clock[2 + f]
        diffs.append(total / 2)
        if (d + 1) % 10 == 0:  # progress, for long runs
            print(f"{d + 1} deals: {statistics.fmean(diffs):+.2f} a hand", file=sys.stderr, flush=True)
    load.append(os.getloadavg()[0])
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return {
        "game": name,
        "level": level,
        "deals": deals,
        "mean_diff": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "batch_ms_per_decision": round(1000 * times["batch"][0] / max(times["batch"][1], 1), 1),
        "fast_ms_per_decision": round(1000 * times["fast"][0] / max(times["fast"][1], 1), 1),
        "clock": "wall clock",
        "load_average": [round(x, 1) for x in load],
        "machine": f"{platform.machine()} {os.cpu_count()} cores {platform.python_version()}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="seep")
    parser.add_argument("--level", default="easy")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out = measure(args.game, args.level, args.deals, args.seed)
    if args.json:
        print(json.dumps(out))
    else:
        print(
            f"{args.game} search:{args.level}, batched playouts against the fast layer's: {out['deals']} duplicate "
            f"deals, {out['mean_diff']:+} points a hand, 95% CI {out['ci95']}; "
            f"{out['batch_ms_per_decision']} ms / {out['fast_ms_per_decision']} ms a decision; "
            f"load {out['load_average']}, {out['machine']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
