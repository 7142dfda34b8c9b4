"""The analysis of a hand with the batched playouts and the compiled open-card solves, against the
same analysis on the one-table fast layers and the generic solver driver, in one process.

``cardtable sim GAME --bots rule,search:medium`` records (made here, seeded) are analysed hand by
hand (`review.analyze_hand`, every seat, the game's default level, the open-card values), once
each way, the two alternated hand by hand so that a loaded machine slows both alike. Every pair
of results must be equal (the same values, grades, open-card values and positions counted), except
with ``--differ``, for a game whose playout policy over arrays draws its random numbers from a
stream of its own (Seep's): the hands analysed differently are then counted. Prints each way's time
a hand, median and 90th percentile (wall clock), the share the open-card solves took, and the load
average.

    PYTHONPATH=src python bench/analysis_batch.py [--games smear,sheepshead] [--deals 4] [--seed 340]
        [--differ] [--batch-only] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

from cardtable import registry, sim
from cardtable.analysis import opencard, parts, review
from cardtable.bots import search


@contextlib.contextmanager
def one_table(name: str) -> Iterator[None]:
    """The analysis as it was: the search's playouts on the fast layer, the solves by the driver."""
    solver = type(opencard.solver(registry.get_game(name)))
    compiled = solver.__dict__.get("solve")
    made = search.batch_playouts
    search.batch_playouts = lambda game, policy: None
    if compiled is not None:
        delattr(solver, "solve")
    try:
        yield
    finally:
        search.batch_playouts = made
        if compiled is not None:
            solver.solve = compiled


def records(name: str, deals: int, seed: int) -> list[dict[str, Any]]:
    job = sim.job_for(name, {}, ("rule", "search:medium"), seed)
    _, results = sim.run(job, deals, 1, None)
    return [rec for r in results for rec in r.records]


def quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(
    name: str, deals: int, seed: int, differ: bool = False, batch_only: bool = False, level: str | None = None
) -> dict[str, Any]:
    """Each hand's analysis at ``level`` (None: the game's own default, as `cardtable analyze`)."""
    recs = records(name, deals, seed)
    # a hand with no decision (a Seep hand thrown in: its bidder held no card above 8, R8) is not timed
    hands = [(r, h) for r in recs for h in range(len(r["hands"])) if r["hands"][h]["actions"]]
    review.analyze_hand(hands[0][0], 0, None, None, level=level)  # load the compiled kernels
    solving = [0.0]
    earliest = opencard.earliest_value

    def timed(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return earliest(*args, **kwargs)
        finally:
            solving[0] += time.perf_counter() - t0

    review.opencard.earliest_value = timed  # type: ignore[attr-defined]
    times: dict[str, list[float]] = {"batch": [], "one_table": []}
    solves: dict[str, float] = {"batch": 0.0, "one_table": 0.0}
    load = [os.getloadavg()[0]]
    different = 0
    for k, (rec, h) in enumerate(hands):
        got = {}
        sides = ("batch",) if batch_only else ("batch", "one_table") if k % 2 == 0 else ("one_table", "batch")
        for side in sides:
            ctx = one_table(name) if side == "one_table" else contextlib.nullcontext()
            with ctx:
                solving[0] = 0.0
                t0 = time.perf_counter()
                got[side] = review.analyze_hand(rec, h, None, None, level=level)
                times[side].append(time.perf_counter() - t0)
                solves[side] += solving[0]
        if batch_only:
            continue
        different += got["batch"] != got["one_table"]
        if got["batch"] != got["one_table"] and not differ:
            raise AssertionError(f"{name}: hand {k} analysed differently")
    load.append(os.getloadavg()[0])
    review.opencard.earliest_value = earliest  # type: ignore[attr-defined]
    out: dict[str, Any] = {
        "game": name,
        "level": level or parts.level(registry.get_game(name), review.DEFAULT_LEVEL),
        "hands": len(hands),
        "batch_p50_s": round(statistics.median(times["batch"]), 3),
        "batch_p90_s": round(quantile(times["batch"], 0.9), 3),
        "solver_share_batch": round(solves["batch"] / sum(times["batch"]), 2),
    }
    if not batch_only:
        out |= {
            "one_table_p50_s": round(statistics.median(times["one_table"]), 3),
            "one_table_p90_s": round(quantile(times["one_table"], 0.9), 3),
            "p90_ratio": round(quantile(times["one_table"], 0.9) / quantile(times["batch"], 0.9), 2),
            "total_ratio": round(sum(times["one_table"]) / sum(times["batch"]), 2),
            "hands_analysed_differently": different,
            "solver_share_one_table": round(solves["one_table"] / sum(times["one_table"]), 2),
        }
    return out | {
        "clock": "wall clock",
        "load_average": [round(x, 1) for x in load],
        "machine": f"{platform.machine()} {os.cpu_count()} cores {platform.python_version()}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="smear,sheepshead")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=340)
    parser.add_argument("--differ", action="store_true", help="count hands analysed differently instead of refusing")
    parser.add_argument("--batch-only", action="store_true", help="time the batch alone, no comparison")
    parser.add_argument("--level", default=None, help="the search's level (default: the game's own)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for name in args.games.split(","):
        out = measure(name, args.deals, args.seed, args.differ, args.batch_only, args.level)
        if args.json or args.batch_only:
            print(json.dumps(out))
        else:
            print(
                f"{name}: {out['hands']} hands at {out['level']}; "
                f"batch p50 {out['batch_p50_s']} s p90 {out['batch_p90_s']} s "
                f"(solves {out['solver_share_batch']:.0%}); one table p50 {out['one_table_p50_s']} s p90 "
                f"{out['one_table_p90_s']} s (solves {out['solver_share_one_table']:.0%}); p90 {out['p90_ratio']}x, "
                f"total {out['total_ratio']}x sooner; {out['hands_analysed_differently']} hands analysed differently; "
                f"load {out['load_average']}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
