"""Random play through the public API, for tests that check every state a game passes through."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def random_states(game: Any, hands: int, seed: int) -> Iterator[Any]:
    """Every state of ``hands`` random hands from the deal on, the finished ones included; hand
    ``i`` is dealt by seat ``i % seats``."""
    rng = random.Random(seed)
    for i in range(hands):
        state = game.start(i % game.seats)
        state = game.apply(state, game.deal(state, rng))
        yield state
        while game.actor(state) is not None:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            yield state
