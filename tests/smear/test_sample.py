"""Worlds sampled from a view agree with everything the seat has seen, and play on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.games.smear.tables import DECK_MASK

from .helpers import smear

CONFIGS: list[dict[str, Any]] = [
    {},
    {"kitty_size": 1},
    {"kitty_size": 3},
    {"kitty_size": 2, "follow_rule": "strict"},
]


@pytest.mark.parametrize("options", CONFIGS, ids=[str(c) for c in CONFIGS])
def test_sampled_worlds_match_the_view(options: dict[str, Any]) -> None:
    game = smear(**options)
    rng = random.Random(str(options))
    for _ in range(25):
        state = game.start(rng.randrange(4), {"scores": [rng.randrange(10), 2]})
        state = game.apply(state, game.deal(state, rng))
        while True:
            for seat in range(4):
                view = game.observe(state, seat)
                world = game.sample(view, rng)
                assert game.observe(world, seat) == view
                assert game.actor(world) == game.actor(state)
                if game.actor(state) == seat:
                    assert game.legal_actions(world) == game.legal_actions(state)
                places = game.card_places(world)
                union = 0
                for cards in places.values():
                    assert union & cards == 0
                    union |= cards
                assert union == DECK_MASK
                # The world plays on to the end of the hand.
                while game.actor(world) is not None:
                    world = game.apply(world, rng.choice(game.legal_actions(world)))
            if game.actor(state) is None:
                break
            state = game.apply(state, rng.choice(game.legal_actions(state)))


def test_sampled_hands_respect_shown_voids() -> None:
    from .helpers import V22_ACTIONS, V22_DEAL, dealt, run

    game = smear()
    state = run(game, dealt(game, V22_DEAL, 3), V22_ACTIONS[:12])  # seat 3 showed void in spades
    rng = random.Random(1)
    for _ in range(50):
        world = game.sample(game.observe(state, 0), rng)
        assert world.hands[3] & (0x1FFF << 39) == 0
        assert world.hands[0] == state.hands[0]


def _worlds_after_the_auction(unlikely: float, monkeypatch: Any) -> tuple[Any, list[Any]]:
    """Seat 1's view after V22's deal and an auction where seat 0 bid 2, and worlds sampled from it."""
    from cardtable.games.smear import sample as sampler

    from .helpers import V22_ACTIONS, V22_DEAL, dealt, run

    monkeypatch.setattr(sampler, "UNLIKELY", unlikely)
    game = smear()
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 2", *V22_ACTIONS[1:4]])
    view = game.observe(state, 1)
    rng = random.Random(5)
    return view, [game.sample(view, rng) for _ in range(150)]


def test_sampled_hands_agree_with_the_auction(monkeypatch: Any) -> None:
    from cardtable.games.smear import sample as sampler

    game = smear()
    fits: dict[float, int] = {}
    for unlikely in (1.0, 0.2):
        view, worlds = _worlds_after_the_auction(unlikely, monkeypatch)
        for w in worlds:  # weighting never leaves the worlds the view allows
            assert game.observe(w, 1) == view
        fits[unlikely] = sum(1 for w in worlds if not sampler.unlikely_calls(game.rules, view, w))
    # Seat 0 bid 2 and the others passed: far more worlds deal them hands that fit these calls
    # once the auction is weighed.
    assert fits[0.2] > fits[1.0] + 30
