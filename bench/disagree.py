"""Where the rule-based bot and the search disagree: the search's estimate of what each kind of
decision loses by the rule-based bot's choice, for whoever improves the playout policy.

Hands are played by the rule-based bot in every seat (deals of ``--seed``); about one decision in
four that has a choice is also searched (`SearchBot.hints` at ``--level``, its budgets times
``--scale``), and the search's best action's value minus the value of the rule-based bot's choice
is counted as that decision's **gap**. Decisions are grouped by kind: the view's phase, and in the
card play the place in the trick (``lead``, ``2nd`` …) and, in Sheepshead, the seat's side (the
picker, a partner who knows himself, a defender, or a leaster). A group's total gap says where the
policy loses most over a hand; its "clear" count is the decisions whose gap exceeds 2.5 standard
errors of the two estimates together. The gap of one decision is biased upwards (the best of
several noisy estimates), so read the groups against each other, not as points the policy loses.

    PYTHONPATH=src python bench/disagree.py --game sheepshead [--decisions 1500] [--seed 11]
                                            [--level hard] [--scale 1] [--examples 3]
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import sys
import time
from collections import defaultdict
from typing import Any

from cardtable import registry
from cardtable.bots import SearchBot, rule_bot


def kind(view: Any, seat: int) -> str:
    """The kind of decision ``view`` asks for (see the module docstring)."""
    phase = getattr(view, "phase", "?")
    label = str(getattr(phase, "name", phase)).lower()
    trick = getattr(view, "trick", None)
    if label != "play" or trick is None:
        return label
    place = "lead" if not trick else ("2nd", "3rd", "4th", "5th")[min(len(trick), 4) - 1]
    if not hasattr(view, "picker"):
        return f"play, {place}"
    if view.picker is None:
        side = "leaster"
    elif view.picker == seat:
        side = "picker"
    elif view.partner_known and view.partner == seat:
        side = "partner"
    else:
        side = "defender"
    return f"play, {place}, {side}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/disagree.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="sheepshead", choices=registry.names())
    parser.add_argument("--decisions", type=int, default=1500, help="decisions searched (default 1500)")
    parser.add_argument("--seed", type=int, default=11, help="seed of the deals (default 11)")
    parser.add_argument("--level", default="hard", help="the search's level (default hard)")
    parser.add_argument("--scale", type=int, default=1, help="times the level's budgets (default 1)")
    parser.add_argument("--examples", type=int, default=0, help="clear disagreements to print per kind")
    args = parser.parse_args(argv)
    game = registry.get_game(args.game)
    policy = rule_bot(game)
    search = SearchBot(game, args.level, policy)
    search.budget *= args.scale
    search.moves *= args.scale
    rng = random.Random(args.seed)
    gaps: dict[str, list[float]] = defaultdict(list)
    clear: dict[str, list[str]] = defaultdict(list)
    searched = hands = 0
    began = time.monotonic()
    while searched < args.decisions:
        state = game.start(hands % game.seats)
        state = game.apply(state, game.deal(state, rng))
        hands += 1
        while (seat := game.actor(state)) is not None:
            legal = list(game.legal_actions(state))
            view = game.observe(state, seat)
            action = policy.act(view, legal, random.Random(searched))
            if len(legal) > 1 and rng.random() < 0.25 and searched < args.decisions:
                hints = search.hints(view, legal, random.Random(searched))
                mine = legal.index(action)
                best = max(range(len(legal)), key=lambda i: hints[i].value)
                gap = hints[best].value - hints[mine].value
                k = kind(view, seat)
                gaps[k].append(gap)
                if gap > 2.5 * math.hypot(hints[best].stderr, hints[mine].stderr):
                    clear[k].append(f"{game.format(action)} -> {game.format(legal[best])} ({gap:+.2f})")
                searched += 1
            state = game.apply(state, action)
    took = time.monotonic() - began
    print(
        f"{args.game}: {searched} decisions of {hands} hands, seed {args.seed}, search:{args.level} x{args.scale}, "
        f"{took:.0f} s on {platform.machine()} {platform.python_version()}"
    )
    print("| decision | searched | mean gap | total gap | clear |")
    print("|---|---|---|---|---|")
    for k, v in sorted(gaps.items(), key=lambda kv: -sum(kv[1])):
        print(f"| {k} | {len(v)} | {sum(v) / len(v):+.3f} | {sum(v):+.1f} | {len(clear[k])} |")
    for k, lines in clear.items():
        for line in lines[: args.examples]:
            print(f"{k}: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
