"""OpenSpiel's ``resample_from_infostate`` gives states the rules allow: in Seep the bidder of a
resampled opening holds a card of the bid value (R8), and no resampled state of any game is left
with a seat to act and nothing it may do."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")

import pyspiel

import cardtable.rl.openspiel  # noqa: F401 (registers the games)
from cardtable.games.seep.floor import VALUE_MASK
from cardtable.games.seep.state import Phase
from cardtable.rl.tokens import GAMES


def _deal(state: pyspiel.State, rng: random.Random) -> None:
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])


def test_seep_resampled_openings_respect_the_bid() -> None:
    game = pyspiel.load_game("python_seep")
    rng = random.Random(20)
    tries = 0
    for _ in range(40):
        state = game.new_initial_state()
        _deal(state, rng)
        state.apply_action(rng.choice(state.legal_actions()))  # the bid
        _deal(state, rng)
        assert state.engine_state.phase is Phase.OPENING
        bidder = state.current_player()
        bid = state.engine_state.bid
        for p in range(4):
            if p == bidder:
                continue
            for _ in range(5):
                other = state.resample_from_infostate(p, rng.random)
                assert other.engine_state.hands[bidder] & VALUE_MASK[bid], "R8: the bidder holds the bid value"
                assert other.current_player() == bidder and other.legal_actions()
                tries += 1
    assert tries == 40 * 3 * 5


@pytest.mark.parametrize("name", GAMES)
def test_no_resampled_state_is_stuck(name: str) -> None:
    game = pyspiel.load_game(f"python_{name}")
    rng = random.Random(3)
    seen = 0
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                _deal(state, rng)
                continue
            for p in range(game.num_players()):
                other = state.resample_from_infostate(p, rng.random)
                assert not other.is_terminal() and not other.is_chance_node()
                assert other.legal_actions(), f"{name}: a resampled state with a seat to act and no action"
                seen += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen > 100
