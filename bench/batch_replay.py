"""The long replay run of the batched engines: many random hands per game with a batch, under
every preset and random rule sets, each compared action by action with the checked engine and
every record replayed (the harness of tests/batch/harness.py, which the test suite runs on
10,000 hands per game, Seep's on 2,000).

    python bench/batch_replay.py [--hands 100000] [--per-set 2000] [--games smear] [--json]

Prints, per rule set, the hands, decisions, refusals and observations compared, and the totals
with the time taken; any difference stops the run with the harness's account of it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.batch.harness import random_rules, run

from cardtable import registry
from cardtable.batch import games


def replay_game(game: str, hands: int, per_set: int, B: int, log: bool) -> dict[str, Any]:
    sets: list[tuple[str, dict[str, Any]]] = [
        (f"preset {p}", dict(o)) for p, o in sorted(registry.presets(game).items())
    ]
    rng = random.Random(f"bench {game}")
    while len(sets) * per_set < hands:
        sets.append((f"random {len(sets)}", random_rules(game, rng)))
    totals = {"hands": 0, "decisions": 0, "refused": 0, "observations": 0, "rule_sets": len(sets)}
    started = time.perf_counter()
    for k, (label, rules) in enumerate(sets):
        tally = run(game, rules, B=B, seed=1_000 + k, hands=per_set, rng_seed=k)
        for key in ("hands", "decisions", "refused", "observations"):
            totals[key] += getattr(tally, key)
        if log:
            print(f"{game} {label} {rules}: {tally.hands} hands, {tally.decisions} decisions", flush=True)
    totals["seconds"] = round(time.perf_counter() - started, 1)
    return totals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100_000, help="hands per game (at least)")
    ap.add_argument("--per-set", type=int, default=2_000, help="hands per rule set")
    ap.add_argument("--tables", type=int, default=128, help="rows of the batch")
    ap.add_argument("--games", default=",".join(games()))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = {"load_average_before": [round(x, 2) for x in os.getloadavg()]}
    for game in filter(None, args.games.split(",")):
        out[game] = replay_game(game, args.hands, args.per_set, args.tables, not args.json)
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out) if args.json else json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
