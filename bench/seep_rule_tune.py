"""Variants of Seep's rule-based bot against each other on duplicate deals: how its weights were
chosen (docs/seep.md).

    PYTHONPATH=src python bench/seep_rule_tune.py --deals N [--seed S] [--jobs K] A B

A and B are bots as ``cardtable sim`` names them, or ``tune:NAME=VALUE,...``: the rule-based bot
with some of `rulebot.Appraiser`'s weights changed (``house_share``, ``threat``, ``keep``,
``card_worth``), e.g. ``tune:threat=0.8`` against ``rule``; or ``classicplayouts:LEVEL[@SECONDS]``,
the search playing out with ``rule:classic`` (as it did before today's ``rule``). It prints the pairing's mean
difference per deal with its 95% interval, as ``cardtable sim`` does.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardtable import sim
from cardtable.bots.base import register_bot
from cardtable.core import BadRules
from cardtable.games.seep.bots import RuleBot
from cardtable.games.seep.rulebot import Appraiser

WEIGHTS = ("house_share", "threat", "keep", "card_worth")


def tuned(game: Any, spec: str) -> RuleBot:
    """The rule-based bot with the weights of ``spec`` (``threat=0.8,keep=0``)."""
    weights: dict[str, float] = {}
    for item in filter(None, spec.split(",")):
        name, _, value = item.partition("=")
        if name not in WEIGHTS:
            raise BadRules(f"unknown weight {name!r} (one of {', '.join(WEIGHTS)})")
        weights[name] = float(value)
    bot = RuleBot(game)
    bot.appraiser = Appraiser(bot.game.rules, **weights)
    bot.name = f"tune:{spec}"
    return bot


def playing_out_with_classic(game: Any, spec: str) -> Any:
    """``classicplayouts:LEVEL[@SECONDS]``: the search (not the classic search) with its playouts
    played by `rule:classic`, as the search played before the rule-based bot changed."""
    from cardtable.bots import SearchBot

    level, at, limit = spec.partition("@")
    bot = SearchBot(game, level, RuleBot(game, classic=True), float(limit) if at else None)
    bot.name = f"classicplayouts:{spec}"
    return bot


register_bot("tune", tuned)
register_bot("classicplayouts", playing_out_with_classic)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/seep_rule_tune.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("bots", nargs=2)
    args = parser.parse_args(argv)
    job = sim.Job("seep", {}, tuple(args.bots), args.seed, keep_records=False)
    summary, _ = sim.run(job, args.deals, args.jobs)
    for name, row in summary.bots.items():
        print(f"{name}: {row['s_per_decision'] * 1000:.2f} ms a decision")
    for pair, row in summary.pairs.items():
        print(f"{pair}: {row['mean_diff']:+.2f} [{row['ci_low']:+.2f}, {row['ci_high']:+.2f}] over {args.deals} deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
