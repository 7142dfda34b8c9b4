"""No peeking: the hidden cards resampled by the engine's own sampler (`game.sample`) change
nothing a seat is given. Its observation and its mask, with any partial action spelled, are
identical byte for byte in the true hand and in every world the seat cannot tell from it."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import numpy as np

from cardtable.registry import get_game
from cardtable.rl.encode import encode
from cardtable.rl.tokens import GAMES, vocabulary
from cardtable.rl.walk import Decision
from tests.rl.support import decision_points

#: Hands per game (another registered game: 15).
HANDS = {"seep": 10, "smear": 12, "sheepshead": 10}
OPTIONS = {
    "seep": {},
    "smear": {"kitty_size": 2},
    "sheepshead": {"allow_unknown_call": True, "cracking": True, "blitzing": True},
}


def _mask(vocab: object, decision: Decision) -> bytes:
    out = np.zeros(vocab.size, np.int8)  # type: ignore[attr-defined]
    out[decision.allowed()] = 1
    return out.tobytes()


@pytest.mark.parametrize("name", GAMES)
def test_resampled_hidden_cards_change_no_observation_or_mask(name: str) -> None:
    game, vocab = get_game(name, **OPTIONS.get(name, {})), vocabulary(name)
    rng = random.Random(8)
    checked = 0
    for state in decision_points(game, HANDS.get(name, 15), seed=21):
        actor = game.actor(state)
        true = Decision(vocab, game.legal_actions(state))
        # a random partial spelling of one of the actor's legal actions
        spelling = vocab.spell(true.actions[rng.randrange(len(true.actions))])
        prefix = spelling[: rng.randrange(len(spelling))]
        for t in prefix:
            true.push(t)
        for seat in range(game.seats):
            view = game.observe(state, seat)
            given = prefix if seat == actor else ()
            obs = encode(name, view, given).tobytes()
            for _ in range(2):
                world = game.sample(view, rng)
                assert encode(name, game.observe(world, seat), given).tobytes() == obs
                if seat == actor:
                    assert game.actor(world) == actor
                    other = Decision(vocab, game.legal_actions(world))
                    for t in prefix:
                        other.push(t)
                    assert _mask(vocab, other) == _mask(vocab, true)
                checked += 1
    assert checked > 1000
