"""Random full Sheepshead hands per second through the public API."""

from __future__ import annotations

import random
import sys
import time

from cardtable.core import CHANCE
from cardtable.registry import get_game


def run(n: int, **options: object) -> float:
    game = get_game("sheepshead", **options)
    rng = random.Random(7)
    t0 = time.process_time()
    for _ in range(n):
        s = game.start(dealer=rng.randrange(5))
        while (seat := game.actor(s)) is not None:
            s = game.apply(s, game.deal(s, rng)) if seat == CHANCE else game.apply(s, rng.choice(game.legal_actions(s)))
        game.outcome(s)
    return n / (time.process_time() - t0)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    print(f"standard: {run(n):,.0f} hands/s")
    print(f"jack_of_diamonds: {run(n, partner_mode='jack_of_diamonds'):,.0f} hands/s")
    print(
        "unknown+crack+blitz: "
        f"{run(n, allow_unknown_call=True, cracking=True, blitzing=True, double_on_the_bump=True):,.0f} hands/s"
    )
