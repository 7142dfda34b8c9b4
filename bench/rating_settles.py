"""How many rated hands a rating takes to settle (docs/ratings.md, "Provisional and settled"):
rule-based bots in every seat, each rated as a player of its own, hand by hand as the web tables
rate (`cardtable.web.players.ratings`), from newcomers; the hand at which each one's deviation
``sigma`` first falls to `SETTLED_SIGMA`, and its deviation after some numbers of hands.

    python bench/rating_settles.py [--games seep,smear,sheepshead] [--deals 60] [--seed 1]

The deals are played as a duplicate tournament (`cardtable.sim`: every deal under every rotation
of the seats), so each bot meets the same cards from every seat.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardtable import registry, sim
from cardtable.record import Record, replay
from cardtable.web.players.ratings import SETTLED_SIGMA, Skill, contest, rate

CHECKPOINTS = (10, 25, 50, 100, 200)


def sigmas(game_name: str, deals: int, seed: int) -> dict[str, list[float]]:
    """Each seat's sigma after each hand it was rated in, by its label."""
    game = registry.get_game(game_name)
    order = ["rule"] * game.seats
    labels = sim.labels(order)
    job = sim.job_for(game_name, {}, order, seed)
    _, results = sim.run(job, deals, 1)
    known: dict[str, Skill] = {}
    seen: dict[str, list[float]] = {label: [] for label in labels}
    for result in results:
        for obj in result.records:
            record = Record.from_json(obj)
            assert record.players is not None
            seats = [str(p) for p in record.players]
            last: dict[int, Any] = {}
            for step in replay(record, game):
                last[step.hand] = step.state
            for hand in sorted(last):
                outcome = game.outcome(last[hand])
                c = contest(game, outcome) if outcome is not None else None
                if c is None:
                    continue
                after = rate(c, seats, known)
                known.update(after)
                for who, skill in after.items():
                    seen[who].append(skill.sigma)
    return seen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="seep,smear,sheepshead")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"# {platform.machine()} {platform.processor() or ''} python {platform.python_version()}; seed {args.seed}")
    print(f"# settled: sigma <= {SETTLED_SIGMA:g}; a newcomer's sigma is {Skill().sigma:.2f}")
    head = " | ".join(f"sigma after {n}" for n in CHECKPOINTS)
    print(f"| game | rated ones | hands each | settled after (hands: min, median, max) | {head} |")
    print("|---|---|---|---|" + "---|" * len(CHECKPOINTS))
    for name in args.games.split(","):
        started = time.perf_counter()
        seen = sigmas(name, args.deals, args.seed)
        settled = [next((n + 1 for n, s in enumerate(xs) if s <= SETTLED_SIGMA), None) for xs in seen.values()]
        got = [s for s in settled if s is not None]
        shown = (
            f"{min(got)}, {statistics.median(got):g}, {max(got)}" if len(got) == len(settled) else f"not all: {settled}"
        )
        at = []
        for n in CHECKPOINTS:
            xs = [v[n - 1] for v in seen.values() if len(v) >= n]
            at.append(f"{statistics.mean(xs):.2f}" if xs else "–")
        hands = min(len(v) for v in seen.values())
        print(
            f"| {name} | {len(seen)} | {hands} | {shown} | {' | '.join(at)} |  ({time.perf_counter() - started:.0f} s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
