"""Random full Seep hands per second through the public Game API.

python bench/seep_quick.py [hands] [option=value ...]
"""

from __future__ import annotations

import json
import random
import sys
import time

from cardtable.registry import get_game


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    options = {k: json.loads(v) for k, v in (a.split("=", 1) for a in sys.argv[2:])}
    game = get_game("seep", **options)
    rng = random.Random(1)
    actor, legal, apply, choice = game.actor, game.legal_actions, game.apply, rng.choice
    t0 = time.process_time()
    steps = 0
    for i in range(hands):
        state = game.start(i % 4)
        state = apply(state, game.deal(state, rng))
        while actor(state) is not None:
            state = apply(state, choice(legal(state)))
            steps += 1
        game.outcome(state)
    dt = time.process_time() - t0
    print(f"{hands / dt:,.0f} hands/s, {steps / dt:,.0f} actions/s ({options or 'defaults'})")


if __name__ == "__main__":
    main()
