"""Sampled worlds (for search bots) agree with the view they come from and obey the rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.games.seep import Seep
from cardtable.games.seep.floor import VALUE_MASK
from cardtable.games.seep.state import Phase


@pytest.mark.parametrize("options", [{}, {"retention_scope": "team"}], ids=["standard", "team"])
def test_sampled_worlds_agree_with_the_view(options: dict[str, Any]) -> None:
    g = Seep(**options)
    rng = random.Random(31)
    for _ in range(15):
        s = g.start(rng.randrange(4))
        s = g.apply(s, g.deal(s, rng))
        while (seat := g.actor(s)) is not None:
            for viewer in {seat, (seat + 1) % 4}:
                view = g.observe(s, viewer)
                world = g.sample(view, rng)
                assert g.observe(world, viewer).to_json() == view.to_json()
                union = 0
                for cards in g.card_places(world).values():
                    assert not union & cards
                    union |= cards
                assert union == (1 << 52) - 1
                assert g.actor(world) == seat
                if viewer == seat:
                    assert g.legal_actions(world) == g.legal_actions(s)
                if world.phase is Phase.PLAY:
                    for h in world.houses:
                        for o in range(4):
                            if h.owners >> o & 1:
                                assert world.hands[o] & VALUE_MASK[h.value]
            s = g.apply(s, rng.choice(g.legal_actions(s)))
