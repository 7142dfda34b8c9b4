"""Variants of Sheepshead's rule-based bot against each other on duplicate deals: how its pick and
bury were chosen (docs/bots.md).

    PYTHONPATH=src python bench/sheepshead_rule_tune.py --deals N [--seed S] [--jobs K] A B

A and B are bots as ``cardtable sim`` names them, or ``pick:S0,S1,S2,S3,S4``: the rule-based bot
picking by its threshold, with ``S0`` ... ``S4`` added to it by the seat's place in the auction
(0 decides first, 4 is the dealer), and burying by its written judgement, e.g. ``pick:0,0,0,0,0``
is the bot before its pick and bury were taught (`bench/sheepshead_teach.py`); or
``bury:NAME=VALUE,...``: that bot with some of its bury weights changed (`BURY_WEIGHTS`:
``points``, ``trump``, ``ace``, ``void``); or ``taught:pick`` / ``taught:bury``: today's bot
taught only its pick or only its bury.
It prints the pairing's mean difference per hand with its 95% interval, as ``cardtable sim`` does.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardtable import sim
from cardtable.bots.base import register_bot
from cardtable.core import BadRules
from cardtable.games.sheepshead.bots import BURY_WEIGHTS, RuleBot
from cardtable.games.sheepshead.play import SEATS


def shifted(game: Any, spec: str) -> RuleBot:
    """The rule-based bot with its pick threshold shifted by ``spec``'s five numbers."""
    try:
        shift = tuple(float(x) for x in spec.split(","))
    except ValueError:
        shift = ()
    if len(shift) != SEATS:
        raise BadRules(f"pick:{spec}: expected {SEATS} numbers, one per place in the auction")
    bot = RuleBot(game)
    bot.taught_pick = bot.taught_bury = False  # the threshold, shifted, and the written bury
    bot.pick_shift = shift
    bot.name = f"pick:{spec}"
    return bot


def reweighed(game: Any, spec: str) -> RuleBot:
    """The rule-based bot with the bury weights of ``spec`` (``void=6,points=0.5``)."""
    bot = RuleBot(game)
    bot.taught_pick = bot.taught_bury = False  # the threshold and the written bury, reweighed
    for item in filter(None, spec.split(",")):
        name, _, value = item.partition("=")
        if name not in BURY_WEIGHTS:
            raise BadRules(f"unknown bury weight {name!r} (one of {', '.join(BURY_WEIGHTS)})")
        bot.bury_weights[name] = float(value)
    bot.name = f"bury:{spec}"
    return bot


def taught(game: Any, spec: str) -> RuleBot:
    """The rule-based bot taught only its ``pick`` or only its ``bury`` (``taught:pick``)."""
    if spec not in ("pick", "bury"):
        raise BadRules(f"taught:{spec}: expected taught:pick or taught:bury")
    bot = RuleBot(game)
    bot.taught_pick, bot.taught_bury = spec == "pick", spec == "bury"
    bot.name = f"taught:{spec}"
    return bot


register_bot("pick", shifted)
register_bot("taught", taught)
register_bot("bury", reweighed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/sheepshead_rule_tune.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("bots", nargs=2)
    args = parser.parse_args(argv)
    job = sim.Job("sheepshead", {}, tuple(args.bots), args.seed, keep_records=False)
    summary, _ = sim.run(job, args.deals, args.jobs)
    for pair, row in summary.pairs.items():
        print(f"{pair}: {row['mean_diff']:+.3f} [{row['ci_low']:+.3f}, {row['ci_high']:+.3f}] over {args.deals} deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
