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

import random
from typing import Any

import sampling  # bench/sampling.py, beside this script

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


def measure(
    options: dict[str, Any], hands: int = 40, worlds: int = 20, rounds: int = 3, seed: int = 7
) -> dict[str, Any]:
    game = Smear(**options)
    rules = game.rules
    views = positions(game, hands, seed)

    def checked(view: SmearView, rng: random.Random, infer: bool) -> FastState | None:
        return from_state(game.sample(view, rng, infer), rules)

    out: dict[str, Any] = {
        **sampling.machine(),
        "options": options,
        "views": len(views),
        "views_by_phase": {p.value: sum(1 for v in views if v.phase is p) for p in Phase if p is not Phase.DEAL},
        "worlds_per_view": worlds,
        "rounds": rounds,
    }
    return out | sampling.compare(views, checked, lambda: sampler(rules), worlds, rounds)


if __name__ == "__main__":
    sampling.main(__doc__, measure, hands=40, worlds=20, rounds=3, options=True)
