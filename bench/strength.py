"""Bot strength by duplicate-deal tournaments: the evidence behind ``docs/bots.md``.

    python bench/strength.py [--deals N] [--jobs K] [--games seep,smear,sheepshead] [--write docs/bots.md]

For each game it plays the pairings rule vs random, search:easy vs rule, search:medium vs
search:easy and search:hard vs search:medium on the same seeded deals, each deal once per seating
arrangement, and prints (or writes) a table per game: deals, the mean difference per hand with its
95% confidence interval, and each side's decision time per move on this machine. A claim stands
only where the interval's lower bound is above zero.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

from cardtable import registry, sim

PAIRINGS = (
    ("rule", "random"),
    ("search:easy", "rule"),
    ("search:medium", "search:easy"),
    ("search:hard", "search:medium"),
)

#: Deals per pairing, scaled by ``--deals`` (the first figure is the default for the cheap pairings).
SCALE = {"rule": 4, "search:easy": 1, "search:medium": 1, "search:hard": 0.5}


def measure(game: str, deals: int, jobs: int, seed: int) -> list[str]:
    """Markdown table rows for one game."""
    rows = []
    for strong, weak in PAIRINGS:
        n = max(10, int(deals * SCALE[strong]))
        job = sim.job_for(game, {}, [strong, weak], seed)
        start = time.monotonic()
        summary, _ = sim.run(job, n, jobs)
        took = time.monotonic() - start
        pair = summary.pairs[f"{strong} vs {weak}"]
        verdict = "yes" if pair["ci_low"] > 0 else "not shown"
        rows.append(
            f"| {strong} vs {weak} | {n} | {pair['mean_diff']:+.3f} | "
            f"[{pair['ci_low']:+.3f}, {pair['ci_high']:+.3f}] | {verdict} | "
            f"{summary.bots[strong]['s_per_decision'] * 1000:.2f} / "
            f"{summary.bots[weak]['s_per_decision'] * 1000:.2f} | {took:.0f} |"
        )
        print(f"{game}: {rows[-1]}", file=sys.stderr, flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/strength.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals for a search pairing (default 200)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals (default 2026)")
    parser.add_argument("--games", default=",".join(registry.names()))
    parser.add_argument("--write", metavar="FILE", help="write the tables into this markdown file")
    args = parser.parse_args(argv)
    games = "" if args.games == ",".join(registry.names()) else f" --games {args.games}"
    lines = [
        f"Measured with `python bench/strength.py --deals {args.deals} --jobs {args.jobs} --seed {args.seed}{games}` "
        f"on {platform.platform()}, Python {platform.python_version()}, {args.jobs} worker process(es).",
        "",
    ]
    for game in [g for g in args.games.split(",") if g]:
        lines += [
            f"### {game}",
            "",
            "| pairing | deals | mean difference per hand | 95% CI | shown better | ms per decision "
            "(first / second) | seconds |",
            "|---|---|---|---|---|---|---|",
            *measure(game, args.deals, args.jobs, args.seed),
            "",
        ]
    text = "\n".join(lines)
    if args.write:
        path = Path(args.write)
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        start, end = "<!-- strength:start -->", "<!-- strength:end -->"
        if start in old and end in old:
            text = old[: old.index(start) + len(start)] + "\n" + text + "\n" + old[old.index(end) :]
        path.write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
