"""Bot strength by duplicate-deal tournaments: the evidence behind ``docs/bots.md``.

    python bench/strength.py [--minutes M | --deals N] [--jobs K] [--games seep,smear,sheepshead] [--write docs/bots.md]

For each game it plays the pairings rule vs random, search:easy vs rule, search:medium vs
search:easy and search:hard vs search:medium on the same seeded deals, each deal once per seating
arrangement, and prints (or writes) a table per game: deals, the mean difference per hand with its
95% confidence interval, and each side's decision time per move on this machine; then the search
bot's decision time (median and 90th percentile) at each level, over random positions of random
hands as ``bench/run.py`` measures it. A claim stands only where the interval's lower bound is
above zero.

With ``--minutes`` (the default, 40) the time is shared out between the games (`GAME_SHARES`)
and, within a game, between the pairings (`SHARES`, or the game's `GAME_PAIRING_SHARES`: most
to the costly, close pairings), and each pairing plays deals in batches until its share is spent.
The deals are numbered from 0 whatever the budget, so a pairing's result is reproduced exactly
by ``sim`` with the same seed and its deal count (the table gives both). ``--deals N`` plays a
fixed N deals per search pairing instead (4N for rule vs random).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from cardtable import registry, sim
from cardtable.bots import LEVELS

PAIRINGS = (
    ("rule", "random"),
    ("search:easy", "rule"),
    ("search:medium", "search:easy"),
    ("search:hard", "search:medium"),
)

#: Each game's share of the time (over the games measured). Sheepshead's deals cost most (five
#: seatings each), and Smear's and Sheepshead's levels are closest, so they need the most deals;
#: Seep's differences are large and show with a few dozen deals.
GAME_SHARES = {"sheepshead": 0.48, "smear": 0.4, "seep": 0.12}

#: Each pairing's share of a game's time, by the stronger side: most to the costly, close pairings.
SHARES = {"rule": 0.03, "search:easy": 0.17, "search:medium": 0.30, "search:hard": 0.50}
#: Games whose pairings share their time otherwise (Seep's search levels are far apart, and its
#: search:easy vs rule, at a few dozen deals, is the closest).
GAME_PAIRING_SHARES = {"seep": {"rule": 0.05, "search:easy": 0.40, "search:medium": 0.25, "search:hard": 0.30}}

#: Share of the time kept back from the deals for timing single decisions.
DECISION_SHARE = 0.04

#: Deals per pairing with ``--deals N``: N times this (cheap pairings get more).
SCALE = {"rule": 4, "search:easy": 1, "search:medium": 1, "search:hard": 1}

#: The fewest deals a pairing plays whatever the budget (an interval needs a few).
MIN_DEALS = 8


def play(job: sim.Job, seconds: float | None, deals: int, jobs: int, pool: Executor | None) -> list[sim.DealResult]:
    """Deals 0, 1, … of ``job``: exactly ``deals`` of them, or with ``seconds`` as many as fit
    (at least `MIN_DEALS`, at most ``deals``), played in batches."""
    results: list[sim.DealResult] = []
    start = time.monotonic()
    batch = max(2, 2 * jobs)
    while len(results) < deals:
        elapsed = time.monotonic() - start
        if seconds is not None and len(results) >= MIN_DEALS:
            per_deal = elapsed / len(results)
            left = int((seconds - elapsed) / per_deal) if per_deal > 0 else deals
            if left <= 0:
                break
            batch = max(2 * jobs, min(left, 4 * jobs))
        todo = list(range(len(results), min(deals, len(results) + batch)))
        if pool is None:
            results.extend(sim.play_deal(job, d) for d in todo)
        else:
            results.extend(pool.map(sim.play_deal, [job] * len(todo), todo))
    return results


def pairing_row(
    game: str, strong: str, weak: str, seed: int, seconds: float | None, deals: int, jobs: int, pool: Executor | None
) -> str:
    """One pairing played (``deals`` deals, or as many as ``seconds`` allow; see `play`) as a
    markdown row: pairing, deals, mean difference per hand, its 95% CI, the verdict, each side's
    ms per decision and the seconds taken."""
    job = sim.job_for(game, {}, [strong, weak], seed)
    job = sim.Job(job.game, job.rules, job.bots, job.seed, keep_records=False)
    start = time.monotonic()
    results = play(job, seconds, deals, jobs, pool)
    took = time.monotonic() - start
    summary = sim.summarize(job, results)
    pair = summary.pairs[f"{strong} vs {weak}"]
    verdict = "yes" if pair["ci_low"] > 0 else "not shown"
    return (
        f"| {strong} vs {weak} | {len(results)} | {pair['mean_diff']:+.3f} | "
        f"[{pair['ci_low']:+.3f}, {pair['ci_high']:+.3f}] | {verdict} | "
        f"{_ms(summary.bots[strong]['s_per_decision'])} / "
        f"{_ms(summary.bots[weak]['s_per_decision'])} | {took:.0f} |"
    )


def measure(game: str, seconds: float | None, deals: int, jobs: int, seed: int, pool: Executor | None) -> list[str]:
    """Markdown table rows for one game's pairings."""
    rows = []
    for strong, weak in PAIRINGS:
        if seconds is None:
            row = pairing_row(game, strong, weak, seed, None, max(2, int(deals * SCALE[strong])), jobs, pool)
        else:
            share = seconds * GAME_PAIRING_SHARES.get(game, SHARES)[strong]
            row = pairing_row(game, strong, weak, seed, share, 100_000, jobs, pool)
        rows.append(row)
        print(f"{game}: {rows[-1]}", file=sys.stderr, flush=True)
    return rows


def _ms(seconds: float) -> str:
    """Seconds as milliseconds, with enough digits to show a rule bot's fraction of one."""
    ms = seconds * 1000
    return f"{ms:.1f}" if ms >= 1 else f"{ms:.3f}"


def decision_rows(game_name: str, decisions: int) -> list[str]:
    """Markdown table rows: the search bot's decision time at each level (one process)."""
    from run import search_decisions  # bench/run.py, beside this script

    game = registry.get_game(game_name)
    rows = []
    for level in LEVELS:
        d = search_decisions(game, level, decisions)
        rows.append(f"| search:{level} | {decisions} | {d['p50'] * 1000:.0f} | {d['p90'] * 1000:.0f} |")
        print(f"{game_name}: {rows[-1]}", file=sys.stderr, flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/strength.py", description=__doc__.split("\n\n")[0])
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--minutes", type=float, help="total time budget, shared out (default 40)")
    budget.add_argument("--deals", type=int, help="a fixed number of deals per search pairing instead")
    parser.add_argument("--decisions", type=int, default=40, help="decisions timed per level (default 40)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals (default 2026)")
    parser.add_argument("--games", default=",".join(registry.names()))
    parser.add_argument("--write", metavar="FILE", help="write the tables into this markdown file")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    minutes = None if args.deals is not None else (args.minutes if args.minutes is not None else 40.0)
    total = sum(GAME_SHARES.get(g, 1 / 3) for g in games)
    seconds = None if minutes is None else 60.0 * minutes * (1 - DECISION_SHARE)
    budget_text = f"--deals {args.deals}" if minutes is None else f"--minutes {minutes:g}"
    only = "" if args.games == ",".join(registry.names()) else f" --games {args.games}"
    lines = [
        f"Measured with `python bench/strength.py {budget_text} --jobs {args.jobs} --seed {args.seed}{only}` "
        f"on {platform.platform()}, Python {platform.python_version()}, {args.jobs} worker process(es), "
        f"started {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.",
        "",
    ]
    pool: Any = ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else None
    try:
        for game in games:
            lines += [
                f"### {game}",
                "",
                "| pairing | deals | mean difference per hand | 95% CI | shown better | ms per decision "
                "(first / second) | seconds |",
                "|---|---|---|---|---|---|---|",
                *measure(
                    game,
                    None if seconds is None else seconds * GAME_SHARES.get(game, 1 / 3) / total,
                    args.deals or 0,
                    args.jobs,
                    args.seed,
                    pool,
                ),
                "",
                "Decision time of the search bot (one process, random positions of random hands, "
                "decisions with more than one legal action), median and 90th percentile:",
                "",
                "| level | decisions | p50 ms | p90 ms |",
                "|---|---|---|---|",
                *decision_rows(game, args.decisions),
                "",
            ]
    finally:
        if pool is not None:
            pool.shutdown()
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
