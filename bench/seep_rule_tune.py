"""Variants of Seep's rule-based bot against each other on duplicate deals: how its weights were
chosen (docs/seep.md).

    PYTHONPATH=src python bench/seep_rule_tune.py --deals N [--seed S] [--jobs K] A B
    PYTHONPATH=src python bench/seep_rule_tune.py --time N

A and B are bots as ``cardtable sim`` names them, or ``tune:NAME=VALUE,...``: the rule-based bot
with some of `rulebot.Appraiser`'s weights changed (``house_share``, ``threat``, ``keep``,
``card_worth``), e.g. ``tune:threat=0.8`` against ``rule``; or ``classicplayouts:LEVEL[@SECONDS]``,
the search playing out with ``rule:classic`` (as it did before today's ``rule``).

``--time N`` times N decisions of each search level instead, in CPU time of this process (so that
other work on the machine changes it little), at positions of random hands as ``bench/run.py``
picks them: the search as it is, and as it was before today's ``rule`` (playing out with
``rule:classic``, the hard level on four times its budgets), each position decided by both. It prints the pairing's mean
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
    """``classicplayouts:LEVEL[*TIMES][@SECONDS]``: the search (not the classic search) with its
    playouts played by `rule:classic`, as the search played before the rule-based bot changed;
    ``*4`` gives the level four times its budgets, as Seep's hard level had then."""
    from cardtable.bots import SearchBot
    from cardtable.bots.search import LEVELS, MOVES

    level, at, limit = spec.partition("@")
    level, star, times = level.partition("*")
    bot = SearchBot(game, level, RuleBot(game, classic=True), float(limit) if at else None)
    if star:  # the level on so many times its budgets (the hard level had four)
        bot.budget, bot.moves = LEVELS[level] * int(times), MOVES["seep"][level] * int(times)
    bot.name = f"classicplayouts:{spec}"
    return bot


register_bot("tune", tuned)
register_bot("classicplayouts", playing_out_with_classic)


def time_levels(decisions: int, seed: int) -> None:
    """Print the CPU time per decision of each search level, as it is and as it was (above)."""
    import random
    import statistics
    import time

    from cardtable.bots import LEVELS, SearchBot
    from cardtable.bots.search import MOVES
    from cardtable.games.seep import Seep

    game = Seep()
    rng = random.Random(seed)
    positions = []
    while len(positions) < decisions:
        state = game.start(len(positions) % 4)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None and len(positions) < decisions:
            legal = game.legal_actions(state)
            if len(legal) > 1 and rng.random() < 0.3:
                positions.append((game.observe(state, seat), legal))
            state = game.apply(state, legal[rng.randrange(len(legal))])
    for level in LEVELS:
        before = SearchBot(game, level, RuleBot(game, classic=True))
        if level == "hard":  # the four-fold hard level it had
            before.budget, before.moves = LEVELS[level] * 4, MOVES["seep"][level] * 4
        bots = {"as it is": SearchBot(game, level, RuleBot(game)), "before": before}
        times: dict[str, list[float]] = {name: [] for name in bots}
        for i, (view, legal) in enumerate(positions):
            for name, bot in bots.items():
                t0 = time.process_time()
                bot.act(view, legal, random.Random(i))
                times[name].append(time.process_time() - t0)
        for name, ts in times.items():
            ts.sort()
            p90 = ts[min(len(ts) - 1, int(0.9 * len(ts)))]
            print(f"search:{level} {name}: p50 {statistics.median(ts) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms CPU")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/seep_rule_tune.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--time", type=int, default=0, metavar="N", help="time N decisions of each level")
    parser.add_argument("bots", nargs="*")
    args = parser.parse_args(argv)
    if args.time:
        time_levels(args.time, args.seed)
        return 0
    if len(args.bots) != 2:
        parser.error("name two bots")
    job = sim.Job("seep", {}, tuple(args.bots), args.seed, keep_records=False)
    summary, _ = sim.run(job, args.deals, args.jobs)
    for name, row in summary.bots.items():
        print(f"{name}: {row['s_per_decision'] * 1000:.2f} ms a decision")
    for pair, row in summary.pairs.items():
        print(f"{pair}: {row['mean_diff']:+.2f} [{row['ci_low']:+.2f}, {row['ci_high']:+.2f}] over {args.deals} deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
