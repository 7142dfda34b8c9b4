"""Sheepshead's fast sampler (`fastsample`) against the checked one, world for world.

The search asks for ``fast.from_state(sample.sample(rules, view, rng, infer), rules)``; the fast
sampler gives the same fast state from the same random stream. On the decisions of hands played
by rule bots in every seat (every decision with a choice, in every phase: the positions a search
meets), it measures in one process, in alternating rounds (so that a loaded machine slows both
alike), this process's CPU time (`time.process_time`, the least of the rounds) per world of each,
with and without the play weighing (``infer``), drawing ``--worlds`` worlds from each view with
one stream as a search does (the fast sampler reads a view once for all its worlds, which is
counted). Before timing, every world is checked to be the same from both and every stream left in
the same state (`sampling.compare`). The machine and its load are noted.

    PYTHONPATH=src python bench/sheepshead_sample_fast.py [--hands 30] [--worlds 40] [--rounds 4] [--json]
"""

from __future__ import annotations

import os
import random
from typing import Any

import sampling  # bench/sampling.py, beside this script

from cardtable.games.sheepshead import Sheepshead, View
from cardtable.games.sheepshead.bots import RuleBot
from cardtable.games.sheepshead.fast import from_state
from cardtable.games.sheepshead.fastsample import sampler
from cardtable.games.sheepshead.sample import sample


def views(game: Sheepshead, hands: int, seed: int) -> list[View]:
    """The view of the seat to act at every decision with a choice of rule-bot hands."""
    bot = RuleBot(game)
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        state = game.start(i % 5)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            view = game.observe(state, seat)
            if len(legal) > 1:
                out.append(view)
            state = game.apply(state, bot.act(view, legal, rng))
    return out


def measure(hands: int = 30, worlds: int = 40, rounds: int = 4, seed: int = 1) -> dict[str, Any]:
    game = Sheepshead()
    rules = game.rules
    chosen = views(game, hands, seed)
    before = sampling.machine()

    def checked(view: View, rng: random.Random, infer: bool) -> Any:
        return from_state(sample(rules, view, rng, infer), rules)

    out: dict[str, Any] = {**before, "decisions": len(chosen), "worlds_per_decision": worlds}
    out |= sampling.compare(chosen, checked, lambda: sampler(rules), worlds, rounds)
    out["load_average"] = f"{before['load_average'][0]:.2f} before, {os.getloadavg()[0]:.2f} after"
    return out


if __name__ == "__main__":
    sampling.main(__doc__, measure, hands=30, worlds=40, rounds=4)
