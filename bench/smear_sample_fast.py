"""Smear's fast sampler against the checked one (``sample`` then ``fast.from_state``), in one process.

On the views a search meets (the seat to act in states of random hands where it has a choice:
the auction, the discard and the play), each sampler draws ``--worlds`` worlds from one view (as a
search draws many from one decision's view), from the same seed, with the card plays weighed
(``infer``) and without. Rounds alternate the order of the two samplers, so that a loaded machine
slows both alike; time is this process's CPU time (`time.process_time`), the best round per
figure. Before timing, every world of the run is checked to be the same from both (and the random
generators left in the same state), so the figures compare equal work.

    PYTHONPATH=src python bench/smear_sample_fast.py [--options '{"kitty_size": 2}'] [--hands 40]
        [--worlds 20] [--rounds 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from cardtable.games.smear import Smear, SmearView
from cardtable.games.smear.fast import FastState, from_state
from cardtable.games.smear.fastsample import sampler
from cardtable.games.smear.state import Phase


def positions(game: Smear, hands: int, seed: int) -> list[SmearView]:
    """The views of the seat to act wherever it has a choice, in ``hands`` random hands."""
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        state = game.start(i % 4, {"scores": [rng.randrange(12), rng.randrange(12)]})
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            if len(legal) > 1:
                out.append(game.observe(state, seat))
            state = game.apply(state, rng.choice(legal))
    return out


def _fields(fs: FastState | None) -> Any:
    return None if fs is None else tuple(getattr(fs, name) for name in FastState.__slots__)


def measure(
    options: dict[str, Any], hands: int = 40, worlds: int = 20, rounds: int = 3, seed: int = 7
) -> dict[str, Any]:
    game = Smear(**options)
    rules = game.rules
    fast = sampler(rules)
    assert fast is not None
    views = positions(game, hands, seed)

    def checked(view: SmearView, rng: random.Random, infer: bool) -> FastState | None:
        return from_state(game.sample(view, rng, infer), rules)

    samplers: dict[str, Callable[[SmearView, random.Random, bool], FastState | None]] = {
        "checked": checked,
        "fast": fast,
    }
    for infer in (False, True):  # the same worlds, and the streams left alike
        for k, view in enumerate(views):
            a, b = random.Random(k), random.Random(k)
            for _ in range(worlds):
                if _fields(checked(view, a, infer)) != _fields(fast(view, b, infer)) or a.getstate() != b.getstate():
                    raise SystemExit(f"the samplers differ on view {k} (infer={infer})")
    times: dict[tuple[str, bool], list[float]] = {(name, infer): [] for name in samplers for infer in (False, True)}
    for r in range(rounds):
        for infer in (False, True):
            for name in ("checked", "fast") if r % 2 == 0 else ("fast", "checked"):
                draw = samplers[name]
                t0 = time.process_time()
                for k, view in enumerate(views):
                    rng = random.Random(k)
                    for _ in range(worlds):
                        draw(view, rng, infer)
                times[name, infer].append(time.process_time() - t0)
    n = len(views) * worlds
    out: dict[str, Any] = {
        "machine": f"{platform.machine()} {platform.processor() or ''} Python {platform.python_version()}".strip(),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "options": options,
        "views": len(views),
        "views_by_phase": {p.value: sum(1 for v in views if v.phase is p) for p in Phase if p is not Phase.DEAL},
        "worlds_per_view": worlds,
        "rounds": rounds,
    }
    for infer in (False, True):
        tag = "infer" if infer else "plain"
        c = min(times["checked", infer]) / n * 1e6
        f = min(times["fast", infer]) / n * 1e6
        out[f"us_per_world_checked_{tag}"] = round(c, 1)
        out[f"us_per_world_fast_{tag}"] = round(f, 1)
        out[f"checked_over_fast_{tag}"] = round(c / f, 2)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--options", default="{}", help="the rule options, as JSON")
    p.add_argument("--hands", type=int, default=40)
    p.add_argument("--worlds", type=int, default=20)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    out = measure(json.loads(a.options), a.hands, a.worlds, a.rounds)
    if a.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:28} {v}")


if __name__ == "__main__":
    main()
