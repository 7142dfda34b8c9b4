"""The open-card solver's speed: positions a second, and the time to solve a whole hand.

For Smear and Sheepshead, ``--deals`` deals have their auction played by the rule-based bot at
every seat; from the first card of the play, the solver values the hand to the seat to lead with
every card shown (the whole hand, six tricks), and the time and the positions it visited are
kept. Hands with no two sides (a Sheepshead leaster) are skipped and counted. For Seep, whose
hand of 48 plays is far too wide, the same is done from positions with ``--seep-plays`` plays
left (the rule-based bot plays the hand up to there), under the solver's node limit, and the
share of solves that finished within it is reported. Time is this process's CPU time
(`time.process_time`).

    PYTHONPATH=src python bench/solver.py [--deals 20] [--seep-plays 8,12,16] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from typing import Any

from cardtable import registry
from cardtable.analysis import opencard
from cardtable.bots import rule_bot


def _play_until(game: Any, rng: random.Random, stop: Any) -> Any:
    """A hand dealt from ``rng`` and played by the rule-based bot until ``stop(state)`` (or its end)."""
    bot = rule_bot(game)
    state = game.start(rng.randrange(game.seats))
    state = game.apply(state, game.deal(state, rng))
    while (seat := game.actor(state)) is not None and not stop(state):
        legal = game.legal_actions(state)
        state = game.apply(state, legal[0] if len(legal) == 1 else bot.act(game.observe(state, seat), legal, rng))
    return state


def solve_hands(name: str, deals: int, seed: int, plays_left: int | None = None) -> dict[str, Any]:
    """Solve ``deals`` positions of the game: from the first card played, or with ``plays_left``
    plays left; the times, positions visited and how many were solved."""
    game = registry.get_game(name)
    solver = opencard.solver(game)
    assert solver is not None
    limit = getattr(solver, "node_limit", None) if plays_left is not None else None  # a whole hand: no limit
    rng = random.Random(seed)
    times: list[float] = []
    nodes = 0
    skipped = unfinished = 0
    for _ in range(deals):
        if plays_left is None:
            state = _play_until(game, rng, lambda s: solver.position(s) is not None)
        else:
            state = _play_until(game, rng, lambda s: 48 - s.plays <= plays_left)  # Seep's plays
        pos = solver.position(state)
        seat = game.actor(state)
        if pos is None or seat is None or solver.side(pos, seat) is None:
            skipped += 1
            continue
        began = time.process_time()
        try:
            solved = opencard.solve(solver, pos, seat, limit)
        except opencard.Unfinished:
            unfinished += 1
            nodes += limit or 0
            times.append(time.process_time() - began)
            continue
        times.append(time.process_time() - began)
        nodes += solved.nodes
    spent = sum(times)
    return {
        "game": name,
        "from": "the first card" if plays_left is None else f"{plays_left} plays left",
        "solves": len(times),
        "finished": len(times) - unfinished,
        "skipped": skipped,
        "node_limit": limit,
        "positions_per_s": round(nodes / spent) if spent else None,
        "solve_s_median": round(statistics.median(times), 4) if times else None,
        "solve_s_max": round(max(times), 4) if times else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seep-plays", default="8,12,16")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [solve_hands(name, args.deals, args.seed) for name in ("smear", "sheepshead")]
    rows += [solve_hands("seep", args.deals, args.seed, int(k)) for k in args.seep_plays.split(",")]
    machine = {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count()}
    if args.json:
        print(json.dumps({"machine": machine, "rows": rows}))
        return
    print(f"Python {machine['python']} on {machine['machine']}, {machine['cpus']} CPUs")
    for r in rows:
        print(
            f"{r['game']:<10} from {r['from']:<15} {r['finished']}/{r['solves']} solved "
            f"(skipped {r['skipped']}), {r['positions_per_s']} positions/s, "
            f"median {r['solve_s_median']} s, longest {r['solve_s_max']} s"
        )


if __name__ == "__main__":
    main()
