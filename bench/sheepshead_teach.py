"""Teach Sheepshead's rule-based bot when to pick, from what picking and passing bring at the table.

Hands of ``--seed`` are dealt and bid by the rule-based bot in every seat; at every pick decision
on the way the hand is played out twice on the fast layer from the true deal, once after the
seat picks and once after it passes, every later decision by the rule-based bot (who plays
deterministically, so one playout each is the exact outcome against rule-based players). The
difference of the seat's hand value (its points minus the mean of the others') is the lesson:
what picking was worth with this hand, at this place in the auction, against these players.

A linear model of that difference on the hand's features (`bots.pick_features`: each trump, the
fail cards by rank, voids, length, and the place in the auction) is fitted by least squares with
a small ridge, and printed as the Python table `bots.PICK_MODEL` holds: the taught bot picks
where the model's value of picking is above zero. Deals of ``--seed`` teach; the held-out deals
of ``--check-seed`` say how often the model and the threshold bot are right on hands they never
saw (the mean lesson over the decisions where each would pick).

    PYTHONPATH=src python bench/sheepshead_teach.py [--deals 20000] [--seed 71] [--check 4000]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from typing import Any

from cardtable import registry
from cardtable.bots.search import hand_value
from cardtable.games.sheepshead import fast
from cardtable.games.sheepshead.bots import (
    BURY_MODEL,
    BURY_SHORTLIST,
    PICK_MODEL,
    pick_features,
    pick_threshold,
    strength,
)
from cardtable.games.sheepshead.bots import _dot as predict  # a model's value: weights times features
from cardtable.games.sheepshead.play import SEATS


def outcome(s: fast.FastState, action: int, policy: fast.RulePolicy, n: int, seat: int) -> float:
    """``seat``'s hand value when ``action`` is played in a copy of ``s`` and the hand is played
    out by ``policy`` (the random stream of deal ``n``, the same for every action compared)."""
    t = s.copy()
    t.apply(action)
    fast.playout(t, policy, random.Random(n))
    return hand_value(t.score(), seat)


def lessons(game: Any, deals: int, seed: int) -> list[tuple[list[float], float, float]]:
    """(features, value of picking minus passing, the threshold bot's margin) of every pick
    decision of ``deals`` hands bid by the rule-based bot."""
    policy = fast.RulePolicy(game.rules)
    rng = random.Random(seed)
    out = []
    for n in range(deals):
        s = fast.deal(game, n % SEATS, rng)
        while s.phase == fast.PICK_PHASE:
            moves = s.moves()
            seat = s.to_act
            if fast.PICK in moves and fast.PASS in moves:
                values = [outcome(s, action, policy, n, seat) for action in (fast.PICK, fast.PASS)]
                place = (seat - s.setup.dealer - 1) % SEATS
                hand = s.hands[seat]
                margin = strength(hand) - pick_threshold(game.rules, place)
                out.append((pick_features(hand, place), values[0] - values[1], margin))
            choice = moves[0] if len(moves) == 1 else policy.choose(s, moves, rng)
            s.apply(choice)
    return out


def bury_lessons(game: Any, deals: int, seed: int) -> list[tuple[list[list[float]], list[float], int]]:
    """(the features of each of the written judgement's first `BURY_SHORTLIST` buries, each one's
    hand value to the picker, 0: the index of the written judgement's choice) of every bury of
    ``deals`` hands bid by the rule-based bot, each bury played out from the true deal by the
    rule-based bot."""
    policy = fast.RulePolicy(game.rules)
    bot = policy.bot
    rng = random.Random(seed)
    out = []
    for n in range(deals):
        s = fast.deal(game, n % SEATS, rng)
        while s.phase == fast.PICK_PHASE:
            moves = s.moves()
            s.apply(moves[0] if len(moves) == 1 else policy.choose(s, moves, rng))
        if s.phase != fast.BURY_PHASE:
            continue
        seat = s.to_act
        hand = s.hands[seat]
        first = bot.shortlist(hand, [fast.to_action(a) for a in s.moves()])[:BURY_SHORTLIST]
        values = [outcome(s, fast.to_int(action), policy, n, seat) for action in first]
        out.append(([bot.bury_features(hand, action) for action in first], values, 0))
    return out


def fit_bury(rows: list[tuple[list[list[float]], list[float], int]], ridge: float) -> list[float]:
    """Least-squares weights of each bury's value on its features, both taken from their means
    over the decision's buries (what one bury is worth against the others of the same hand)."""
    flat = []
    for features, values, _ in rows:
        k = len(features[0])
        mean_f = [sum(f[i] for f in features) / len(features) for i in range(k)]
        mean_v = sum(values) / len(values)
        for f, v in zip(features, values, strict=True):
            flat.append(([x - m for x, m in zip(f, mean_f, strict=True)], v - mean_v, 0.0))
    return fit(flat, ridge)


BuryRows = list[tuple[list[list[float]], list[float], int]]


def judge_bury(rows: BuryRows, w: list[float] | tuple[float, ...]) -> dict[str, float]:
    """Over held-out buries: the mean value of the taught bury's choice, of the rule-based bot's,
    and of the best, each against the mean bury of the hand."""
    n = len(rows)
    taught = chosen = best = 0.0
    for features, values, pick in rows:
        mean_v = sum(values) / len(values)
        i = max(range(len(values)), key=lambda j: predict(w, features[j]))
        taught += values[i] - mean_v
        chosen += values[pick] - mean_v
        best += max(values) - mean_v
    return {"taught": taught / n, "rule": chosen / n, "oracle": best / n}


def fit(rows: list[tuple[list[float], float, float]], ridge: float) -> list[float]:
    """Least-squares weights of the lessons on the features, with ``ridge`` times the identity
    added to the normal equations (solved by Gaussian elimination: no library needed)."""
    k = len(rows[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for f, y, _ in rows:
        for i in range(k):
            fi = f[i]
            if fi:
                b[i] += fi * y
                row = a[i]
                for j in range(k):
                    row[j] += fi * f[j]
    for i in range(k):
        a[i][i] += ridge
    # Gaussian elimination with partial pivoting
    for col in range(k):
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        for r in range(col + 1, k):
            m = a[r][col] / a[col][col]
            if m:
                for j in range(col, k):
                    a[r][j] -= m * a[col][j]
                b[r] -= m * b[col]
    w = [0.0] * k
    for i in range(k - 1, -1, -1):
        w[i] = (b[i] - sum(a[i][j] * w[j] for j in range(i + 1, k))) / a[i][i]
    return w


def judge(rows: list[tuple[list[float], float, float]], w: list[float] | tuple[float, ...]) -> dict[str, float]:
    """Over held-out lessons: the total a seat gains by following each rule, per decision,
    against passing always (picking where a rule says so and passing elsewhere)."""
    n = len(rows)
    taught = sum(y for f, y, _ in rows if predict(w, f) > 0) / n
    threshold = sum(y for _, y, m in rows if m >= 0) / n
    oracle = sum(max(y, 0.0) for _, y, _ in rows) / n
    agree = sum(1 for f, _, m in rows if (predict(w, f) > 0) == (m >= 0)) / n
    return {"taught": taught, "threshold": threshold, "oracle": oracle, "agree": agree}


def show(name: str, weights: list[float]) -> None:
    """Print ``weights`` as the Python table ``name`` in `bots` holds."""
    print(f"{name}: Final[tuple[float, ...]] = (")
    for i in range(0, len(weights), 6):
        print("    " + " ".join(f"{x:+.3f}," for x in weights[i : i + 6]))
    print(")")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/sheepshead_teach.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=80000, help="deals that teach (default 80000)")
    parser.add_argument("--seed", type=int, default=71, help="seed of the teaching deals (default 71)")
    parser.add_argument("--check", type=int, default=10000, help="held-out deals (default 10000)")
    parser.add_argument("--check-seed", type=int, default=72, help="seed of the held-out deals (default 72)")
    parser.add_argument("--ridge", type=float, default=5.0, help="ridge added to the normal equations (default 5)")
    args = parser.parse_args(argv)
    game = registry.get_game("sheepshead")
    where = f"{platform.platform()}, Python {platform.python_version()}"
    started = time.time()
    rows = lessons(game, args.deals, args.seed)
    held = lessons(game, args.check, args.check_seed)
    w = fit(rows, args.ridge)
    print(
        f"# pick: {len(rows)} decisions from {args.deals} deals of seed {args.seed}, {len(held)} held out "
        f"from {args.check} of seed {args.check_seed}; {time.time() - started:.0f} s on {where}"
    )
    for name, weights in (("fitted", w), ("bots.PICK_MODEL", list(PICK_MODEL))):
        j = judge(held, weights)
        print(
            f"# held out, points a decision against always passing: {name} {j['taught']:+.4f}, "
            f"threshold {j['threshold']:+.4f}, best possible {j['oracle']:+.4f}; "
            f"agrees with the threshold on {100 * j['agree']:.1f}%"
        )
    show("PICK_MODEL", w)
    started = time.time()
    buries = bury_lessons(game, args.deals, args.seed)
    held_buries = bury_lessons(game, args.check, args.check_seed)
    wb = fit_bury(buries, args.ridge)
    print(f"# bury: {len(buries)} buries, {len(held_buries)} held out; {time.time() - started:.0f} s")
    for name, weights in (("fitted", wb), ("bots.BURY_MODEL", list(BURY_MODEL))):
        j = judge_bury(held_buries, weights)
        print(
            f"# held out, points a bury against the mean of the first {BURY_SHORTLIST}: {name} "
            f"{j['taught']:+.4f}, the written judgement {j['rule']:+.4f}, best possible {j['oracle']:+.4f}"
        )
    show("BURY_MODEL", wb)
    return 0


if __name__ == "__main__":
    sys.exit(main())
