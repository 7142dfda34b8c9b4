"""Seep's fast layer against the checked engine: random hands a second, in the same process.

``measure`` plays random hands through the public API (`legal_actions`, `apply`) and through the
fast layer (`fast.playout` with `fast.random_policy`), in alternating rounds so that a noisy
machine slows both alike, and gives hands a second of each, their ratio, and the spread over the
rounds. Each side plays fresh deals. The move-list tables of floor shapes are shared by both and
fill up over a long run (there are at most 8,192 shapes of loose cards of different values), so
``warmup`` hands are played first, untimed, to measure the steady state. Time is this process's
CPU time (`time.process_time`): on a shared machine other jobs then slow the figures less (they
still share the caches and the cores' clocks). In every round a set of deals is also played by
both, the same deals and random stream, and their outcomes compared: a fast layer that went
faster by playing another game would fail here.

    PYTHONPATH=src python bench/seep_fast.py [--seconds 10] [--rounds 5] [--warmup 500] [--rule] [--json]

``--rule`` plays both sides with the rule-based policy (`RuleBot` against `bots.FastRulePolicy`).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from typing import Any

from cardtable.games.seep import Seep, fast
from cardtable.games.seep.bots import FastRulePolicy, RuleBot


def _deals(game: Seep, n: int, seed: int) -> list[Any]:
    """``n`` dealt hands (misdeals skipped), each with the seed of its random play."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = game.start(len(out) % 4)
        s = game.apply(s, game.deal(s, rng))
        if game.actor(s) is not None:
            out.append((s, rng.random()))
    return out


def _checked(game: Seep, deals: list[Any], rule: bool = False) -> list[tuple[int, ...]]:
    bot = RuleBot(game) if rule else None
    scores = []
    for s, seed in deals:
        rng = random.Random(seed)
        while (seat := game.actor(s)) is not None:
            legal = game.legal_actions(s)
            if len(legal) == 1:
                a = legal[0]
            elif bot is not None:
                a = bot.act(game.observe(s, seat), legal, rng)
            else:
                a = legal[rng.randrange(len(legal))]
            s = game.apply(s, a)
        result = game.outcome(s)
        assert result is not None
        scores.append(result.score)
    return scores


def _fast(game: Seep, deals: list[Any], rule: bool = False) -> list[tuple[int, ...]]:
    eng = fast.FastSeep(game.rules)
    policy: fast.Policy = FastRulePolicy(game.rules) if rule else fast.random_policy
    scores = []
    for s, seed in deals:
        st = fast.from_state(s, game.rules, eng)
        assert st is not None
        fast.playout(st, policy, random.Random(seed))
        scores.append(fast.score(st))
    return scores


def seep_fast_hands_per_s(
    seconds: float = 2.0, rounds: int = 5, seed: int = 0, warmup: int = 500, **options: Any
) -> float:
    """Random Seep hands a second through the fast layer (the median of `measure`'s rounds)."""
    return float(measure(seconds, rounds, seed, warmup, **options)["fast_hands_per_s"])


def measure(
    seconds: float = 2.0, rounds: int = 5, seed: int = 0, warmup: int = 500, rule: bool = False, **options: Any
) -> dict[str, Any]:
    """Random Seep hands a second through the checked API and the fast layer, interleaved:
    ``{"checked_hands_per_s", "fast_hands_per_s", "ratio", "ratio_min", "ratio_max", ...}``
    (medians over ``rounds``; each round plays each side for about ``seconds / rounds``)."""
    game = Seep(**options)
    per_round = max(seconds / rounds, 0.05)
    if warmup:
        _fast(game, _deals(game, warmup, seed - 1), rule)
    # Size a batch of hands to take about a round's time through the checked engine.
    probe = _deals(game, 20, seed)
    t0 = time.process_time()
    _checked(game, probe, rule)
    n = max(20, int(20 * per_round / max(time.process_time() - t0, 1e-9)))
    checked_rates, fast_rates = [], []
    for r in range(rounds):
        # Each side plays fresh deals of its own, so that neither meets floors the other has just
        # put in the shared move-list tables; a third set is played by both and compared.
        check = _deals(game, max(5, n // 10), seed + 3 * r + 1)
        if _checked(game, check, rule) != _fast(game, check, rule):
            raise AssertionError("the fast layer and the engine scored the same random hands differently")
        own = {_checked: _deals(game, n, seed + 3 * r + 2), _fast: _deals(game, n, seed + 3 * r + 3)}
        for side in (_checked, _fast) if r % 2 == 0 else (_fast, _checked):
            t0 = time.process_time()
            side(game, own[side], rule)
            rate = n / (time.process_time() - t0)
            (checked_rates if side is _checked else fast_rates).append(rate)
    ratios = [f / c for f, c in zip(fast_rates, checked_rates, strict=True)]
    return {
        "checked_hands_per_s": round(statistics.median(checked_rates), 1),
        "fast_hands_per_s": round(statistics.median(fast_rates), 1),
        "ratio": round(statistics.median(ratios), 3),
        "ratio_min": round(min(ratios), 3),
        "ratio_max": round(max(ratios), 3),
        "hands_per_round": n,
        "warmup_hands": warmup,
        "rounds": rounds,
        "policy": "rule" if rule else "random",
        "rules": options,
        "clock": "process CPU time",
        "machine": " ".join(
            part
            for part in (platform.machine(), platform.processor(), f"{os.cpu_count()} cores", platform.python_version())
            if part
        ),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time to spend in all (about)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--warmup", type=int, default=500, help="hands played first, untimed")
    parser.add_argument("--rule", action="store_true", help="play with the rule-based policy, not at random")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out = measure(args.seconds, args.rounds, args.seed, args.warmup, args.rule)
    if args.json:
        print(json.dumps(out))
    else:
        print(
            f"seep {out['policy']} hands/s: checked {out['checked_hands_per_s']}, fast {out['fast_hands_per_s']}, "
            f"fast/checked {out['ratio']} ({out['ratio_min']}-{out['ratio_max']}) on {out['machine']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
