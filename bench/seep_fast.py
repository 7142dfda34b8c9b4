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

    PYTHONPATH=src python bench/seep_fast.py [--seconds 2] [--rounds 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from typing import Any

from cardtable.games.seep import Seep, fast


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


def _checked(game: Seep, deals: list[Any]) -> list[tuple[int, ...]]:
    scores = []
    for s, seed in deals:
        rng = random.Random(seed)
        while game.actor(s) is not None:
            legal = game.legal_actions(s)
            s = game.apply(s, legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))])
        result = game.outcome(s)
        assert result is not None
        scores.append(result.score)
    return scores


def _fast(game: Seep, deals: list[Any]) -> list[tuple[int, ...]]:
    eng = fast.FastSeep(game.rules)
    scores = []
    for s, seed in deals:
        st = fast.from_state(s, game.rules, eng)
        assert st is not None
        scores.append(fast.playout(st, fast.random_policy, random.Random(seed)))
    return scores


def seep_fast_hands_per_s(
    seconds: float = 2.0, rounds: int = 5, seed: int = 0, warmup: int = 500, **options: Any
) -> float:
    """Random Seep hands a second through the fast layer (the median of `measure`'s rounds)."""
    return float(measure(seconds, rounds, seed, warmup, **options)["fast_hands_per_s"])


def measure(seconds: float = 2.0, rounds: int = 5, seed: int = 0, warmup: int = 500, **options: Any) -> dict[str, Any]:
    """Random Seep hands a second through the checked API and the fast layer, interleaved:
    ``{"checked_hands_per_s", "fast_hands_per_s", "ratio", "ratio_min", "ratio_max", ...}``
    (medians over ``rounds``; each round plays each side for about ``seconds / rounds``)."""
    game = Seep(**options)
    per_round = max(seconds / rounds, 0.05)
    if warmup:
        _fast(game, _deals(game, warmup, seed - 1))
    # Size a batch of hands to take about a round's time through the checked engine.
    probe = _deals(game, 20, seed)
    t0 = time.process_time()
    _checked(game, probe)
    n = max(20, int(20 * per_round / max(time.process_time() - t0, 1e-9)))
    checked_rates, fast_rates = [], []
    for r in range(rounds):
        # Each side plays fresh deals of its own, so that neither meets floors the other has just
        # put in the shared move-list tables; a third set is played by both and compared.
        check = _deals(game, max(5, n // 10), seed + 3 * r + 1)
        if _checked(game, check) != _fast(game, check):
            raise AssertionError("the fast layer and the engine scored the same random hands differently")
        own = {_checked: _deals(game, n, seed + 3 * r + 2), _fast: _deals(game, n, seed + 3 * r + 3)}
        for side in (_checked, _fast) if r % 2 == 0 else (_fast, _checked):
            t0 = time.process_time()
            side(game, own[side])
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
        "rules": options,
        "clock": "process CPU time",
        "machine": f"{platform.machine()} {platform.processor() or ''} {platform.python_implementation()} "
        f"{platform.python_version()}".strip(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time to spend in all (about)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--warmup", type=int, default=500, help="hands played first, untimed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out = measure(args.seconds, args.rounds, args.seed, args.warmup)
    if args.json:
        print(json.dumps(out))
    else:
        print(
            f"seep random hands/s: checked {out['checked_hands_per_s']}, fast {out['fast_hands_per_s']}, "
            f"fast/checked {out['ratio']} ({out['ratio_min']}-{out['ratio_max']}) on {out['machine']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
