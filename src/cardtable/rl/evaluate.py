"""The baselines table: bots and agents measured against one opponent on paired duplicate deals.

Each row is one ``cardtable sim GAME --bots BOT,AGAINST --deals N --seed S`` run (`cardtable.sim`:
every deal played once per seating of the two, the luck of the cards cancelling out), reported
as the mean difference a deal (a hand; in Seep a whole deal's points) with its 95% interval, the
decision times, and the command that reproduces it exactly. A bot is anything ``--bots`` names:
``random``, ``rule``, the search's levels, ``learned``, and the outside agents of
`cardtable.rl.agents` (``ismcts``, ``sb3:PATH``); a table is several rows against one opponent,
each with the same deals.

    python -m cardtable.rl.evaluate smear --bots random,search:easy,ismcts:100 --against rule \\
        --deals 200 --seed 5101 --jobs 2

prints the table in Markdown (``--json``: one JSON row a line), as docs/rl.md carries it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from cardtable import sim
from cardtable.core import CardtableError


@dataclass(frozen=True)
class Row:
    """One bot against the opponent: the mean difference a deal (the bot less the opponent), its
    95% interval, whether it is shown better or worse (the interval clear of zero), each side's
    mean seconds a decision, and the command that plays it again."""

    game: str
    bot: str
    against: str
    deals: int
    seed: int
    mean: float
    low: float
    high: float
    s_per_decision: float
    against_s_per_decision: float
    command: str

    @property
    def verdict(self) -> str:
        if self.low > 0:
            return "better"
        if self.high < 0:
            return "worse"
        return "not shown"


def command(game: str, bot: str, against: str, deals: int, seed: int, jobs: int) -> str:
    return f"cardtable sim {game} --bots {bot},{against} --deals {deals} --seed {seed} --jobs {jobs}"


def evaluate(
    game: str,
    bot: str,
    against: str = "rule",
    deals: int = 200,
    seed: int = 0,
    jobs: int = 1,
    rules: dict[str, Any] | None = None,
) -> Row:
    """``bot`` against ``against`` on ``deals`` paired deals from ``seed``."""
    if bot == against:
        raise CardtableError(f"{bot}: a bot against itself differs by nothing; name another opponent")
    job = sim.job_for(game, dict(rules or {}), [bot, against], seed, matches=False)
    summary, _ = sim.run(job, deals, jobs)
    a, b = sim.names_of(job)
    pair = summary.pairs[f"{a} vs {b}"]
    if pair.get("withheld"):
        raise CardtableError(f"{bot} against {against}: no result (a stand-in made most of the moves)")
    return Row(
        game,
        bot,
        against,
        deals,
        seed,
        pair["mean_diff"],
        pair["ci_low"],
        pair["ci_high"],
        summary.bots[a]["s_per_decision"],
        summary.bots[b]["s_per_decision"],
        command(game, bot, against, deals, seed, jobs),
    )


def markdown(rows: Sequence[Row]) -> str:
    """The rows as docs/rl.md's baselines table."""
    out = [
        "| bot | against | deals | mean difference a deal | 95% interval | shown "
        "| ms a decision (bot / against) | command |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r.bot} | {r.against} | {r.deals} | {r.mean:+.3f} | [{r.low:+.3f}, {r.high:+.3f}] | {r.verdict} "
            f"| {r.s_per_decision * 1000:.1f} / {r.against_s_per_decision * 1000:.1f} | `{r.command}` |"
        )
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardtable.rl.evaluate", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--bots", required=True, help="the bots to measure, comma-separated")
    parser.add_argument("--against", default="rule", help="the opponent of every row (default rule)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON row a line instead of the table")
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error("--deals: at least 2, for an interval")
    rows = []
    try:
        for bot in [b.strip() for b in args.bots.split(",") if b.strip()]:
            row = evaluate(args.game, bot, args.against, args.deals, args.seed, args.jobs)
            rows.append(row)
            if args.json:
                print(json.dumps(asdict(row) | {"verdict": row.verdict}), flush=True)
    except CardtableError as e:
        print(f"cardtable.rl.evaluate: {e}", file=sys.stderr)
        return 2
    if not args.json:
        print(markdown(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
