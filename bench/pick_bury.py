"""Sheepshead's pick and bury: what the search would choose against what the rule-based bot does.

Hands of ``--seed`` are dealt and bid by the rule-based bot in every seat (``--rules classic``
for `rule:classic`'s pick and bury, ``--rules rule`` for today's) up to the trick play; every pick
decision and every bury on the way is also searched (`SearchBot.hints` at ``--level``, its budgets
times ``--scale``, playing out with the same bot).

The pick table groups the decisions by the seat's place in the auction (0 decides first, 4 is the
dealer) and by how far the hand's `strength` lies from the bot's threshold for that place
(`pick_threshold`), and gives the search's mean value of picking minus passing with its standard
error over the decisions of the group. Unlike a "best minus chosen" gap, that mean is not biased
upwards: the same two actions are compared in every decision. Where it is positive below the
threshold (the bot passes) or negative above it (the bot picks), the bot's threshold is off.

The bury table compares the rule-based bot's bury with the search's best one, each described by
what it puts away (trumps, fail aces, points, the fail suits it empties): for each kind of
change, how often it is the search's best and the total of the gaps (the search's best value
minus the bot's choice's, biased upwards as in ``bench/disagree.py``, so read the rows against
each other).

    PYTHONPATH=src python bench/pick_bury.py [--picks 1500] [--seed 11] [--rules rule]
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
from cardtable.games.sheepshead.actions import PASS, PICK
from cardtable.games.sheepshead.bots import ACES, FAIL, TRUMP, _mask, _points, pick_threshold, strength
from cardtable.games.sheepshead.tables import FAIL_SUITS

#: Edges of the buckets of strength minus threshold.
EDGES = (-3.0, -2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.0)


def bucket(margin: float) -> str:
    """The label of the bucket ``margin`` falls in."""
    lo = -math.inf
    for hi in EDGES:
        if margin < hi:
            return f"[{lo:+.1f}, {hi:+.1f})"
        lo = hi
    return f"[{lo:+.1f}, +inf)"


def describe(hand: int, action: Any) -> str:
    """What a bury puts away: trumps, aces, points and the fail suits it empties."""
    a, b = action.cards
    bury = _mask([a, b])
    keep = hand & ~bury
    voids = sum(1 for suit in FAIL_SUITS if hand & suit and not keep & suit)
    return (
        f"{(bury & TRUMP).bit_count()} trump, {(bury & FAIL & ACES).bit_count()} ace, "
        f"{'10+' if _points(bury) >= 10 else '<10'} pts, {voids} void"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/pick_bury.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--picks", type=int, default=1500, help="pick decisions searched (default 1500)")
    parser.add_argument("--seed", type=int, default=11, help="seed of the deals (default 11)")
    parser.add_argument("--level", default="hard", help="the search's level (default hard)")
    parser.add_argument("--scale", type=int, default=2, help="times the level's budgets (default 2)")
    parser.add_argument("--rules", default="rule", choices=("rule", "classic"), help="whose pick and bury")
    parser.add_argument("--examples", type=int, default=0, help="bury disagreements to print")
    args = parser.parse_args(argv)
    game = registry.get_game("sheepshead")
    policy = rule_bot(game, classic=args.rules == "classic")
    search = SearchBot(game, args.level, policy)
    search.budget *= args.scale
    search.moves *= args.scale
    rng = random.Random(args.seed)
    picks: dict[tuple[int, str], list[float]] = defaultdict(list)
    picked: dict[tuple[int, str], int] = defaultdict(int)
    buries: dict[str, list[float]] = defaultdict(list)
    bury_gaps: list[float] = []
    examples: list[str] = []
    searched = hands = 0
    began = time.monotonic()
    while searched < args.picks:
        state = game.start(hands % game.seats)
        state = game.apply(state, game.deal(state, rng))
        hands += 1
        while (seat := game.actor(state)) is not None:
            view = game.observe(state, seat)
            if view.phase == "play":
                break
            legal = list(game.legal_actions(state))
            action = policy.act(view, legal, random.Random(searched))
            if len(legal) > 1 and view.phase == "pick" and PICK in legal and PASS in legal:
                hints = {h.action: h for h in search.hints(view, legal, random.Random(searched))}
                hand = _mask(view.hand)
                position = (view.seat - view.dealer - 1) % game.seats
                key = (position, bucket(strength(hand) - pick_threshold(game.rules, position)))
                picks[key].append(hints[PICK].value - hints[PASS].value)
                picked[key] += action != PASS
                searched += 1
            elif len(legal) > 1 and view.phase == "bury":
                hints_list = search.hints(view, legal, random.Random(searched))
                hand = _mask(view.hand)
                best = max(hints_list, key=lambda h: h.value)
                mine = hints_list[legal.index(action)]
                gap = best.value - mine.value
                bury_gaps.append(gap)
                if best.action != action:
                    change = f"{describe(hand, action)} -> {describe(hand, best.action)}"
                    buries[change].append(gap)
                    if len(examples) < args.examples:
                        examples.append(f"{game.format(action)} -> {game.format(best.action)} ({gap:+.2f})")
            state = game.apply(state, action)
    took = time.monotonic() - began
    print(
        f"sheepshead pick and bury, {args.rules}'s: {searched} pick decisions and {len(bury_gaps)} buries "
        f"of {hands} hands, seed {args.seed}, search:{args.level} x{args.scale}, "
        f"{took:.0f} s on {platform.machine()} {platform.python_version()}"
    )
    print()
    print("| place | strength - threshold | decisions | bot picks | pick - pass (search) | stderr |")
    print("|---|---|---|---|---|---|")
    for (position, label), diffs in sorted(picks.items(), key=lambda kv: (kv[0][0], float(kv[0][1][1:5]))):
        mean = sum(diffs) / len(diffs)
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) if len(diffs) > 1 else math.inf
        print(
            f"| {position} | {label} | {len(diffs)} | {picked[(position, label)]} | {mean:+.3f} "
            f"| {sd / math.sqrt(len(diffs)):.3f} |"
        )
    print()
    total = sum(bury_gaps)
    print(f"buries: {len(bury_gaps)}, the search's best differs in {sum(len(v) for v in buries.values())}, ")
    print(f"total gap {total:+.1f} (mean {total / max(1, len(bury_gaps)):+.3f})")
    print()
    print("| bot's bury -> search's best | times | total gap | mean gap |")
    print("|---|---|---|---|")
    for change, gaps in sorted(buries.items(), key=lambda kv: -sum(kv[1]))[:15]:
        print(f"| {change} | {len(gaps)} | {sum(gaps):+.1f} | {sum(gaps) / len(gaps):+.3f} |")
    for line in examples:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
