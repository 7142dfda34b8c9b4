"""The OpenSpiel games pass OpenSpiel's random simulation test; every observation path (OpenSpiel's
tensors, the PettingZoo observation, the encoder on the engine's view) agrees; resampled states
look the same to the seat."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel

import cardtable.rl.openspiel  # noqa: F401 (registers the games)
from cardtable.cards import format_card
from cardtable.core import BadRules
from cardtable.rl import raw_env
from cardtable.rl.tokens import GAMES, vocabulary
from tests.rl.support import config_id, configs


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test(name: str) -> None:
    game = pyspiel.load_game(f"python_{name}")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_preset_is_a_parameter() -> None:
    game = pyspiel.load_game("python_sheepshead(preset=jack_of_diamonds)")
    assert game.engine.rules.partner_mode == "jack_of_diamonds"
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_every_observation_path_agrees(name: str) -> None:
    game = pyspiel.load_game(f"python_{name}")
    n = len(vocabulary(name).cards)
    rng = random.Random(4)
    order = list(range(n))
    rng.shuffle(order)
    state = game.new_initial_state()
    for i in order:
        state.apply_action(i)
    env = raw_env(name)
    deck = [format_card(vocabulary(name).cards[i]) for i in order]
    env.reset(options={"deal": {"deck": deck}, "dealer": 0})
    steps = 0
    while not state.is_terminal() and steps < 60:
        if state.is_chance_node():  # dealt again after a hand ended at the deal
            break
        player = state.current_player()
        assert env.agent_selection == f"seat_{player}"
        for p in range(game.num_players()):
            obs = env.observe(f"seat_{p}")["observation"]
            assert np.array_equal(np.asarray(state.observation_tensor(p)), obs.astype(np.float32))
            assert np.array_equal(np.asarray(state.information_state_tensor(p)), obs.astype(np.float32))
        assert state.legal_actions() == np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()
        token = rng.choice(state.legal_actions())
        state.apply_action(token)
        env.step(token)
        steps += 1
    assert steps > 0


@pytest.mark.parametrize("name", GAMES)
def test_resampled_states_look_the_same_to_the_seat(name: str) -> None:
    game = pyspiel.load_game(f"python_{name}")
    rng = random.Random(9)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 30:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        player = state.current_player()
        for p in range(game.num_players()):
            other = state.resample_from_infostate(p, rng.random)
            assert other.observation_string(p) == state.observation_string(p)
            assert other.information_state_tensor(p) == state.information_state_tensor(p)
            if p == player:
                assert other.legal_actions() == state.legal_actions()
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 5


def _random_returns(game: pyspiel.Game, rng: random.Random) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return list(state.returns())


def test_house_rules_are_game_parameters() -> None:
    game = pyspiel.load_game("python_smear(kitty_size=2,target_score=11)")
    assert (game.engine.rules.kitty_size, game.engine.rules.target_score) == (2, 11)
    both = pyspiel.load_game("python_sheepshead(preset=tournament,cracking=True)")
    assert both.engine.rules.double_on_the_bump and both.engine.rules.cracking  # the preset, then the option
    assert pyspiel.load_game("python_seep(max_houses=2)").engine.rules.max_houses == 2
    assert pyspiel.load_game("python_seep").engine.rules.max_houses is None  # NONE (-1) is null
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    with pytest.raises(BadRules, match="kitty_size"):
        pyspiel.load_game("python_smear(kitty_size=9)")


SHEEPSHEAD = [c for c in configs() if c[0] == "sheepshead"]


@pytest.mark.parametrize("config", SHEEPSHEAD, ids=[config_id(c) for c in SHEEPSHEAD])
def test_sheepshead_is_zero_sum_within_its_declared_bounds(config: tuple[str, str | None, dict[str, Any]]) -> None:
    _, preset, options = config
    params = ",".join(f"{k}={v}" for k, v in {"preset": preset or "standard", **options}.items())
    game = pyspiel.load_game(f"python_sheepshead({params})")
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    low, high = game.min_utility(), game.max_utility()
    rules = game.engine.rules
    if rules.no_pick_rule != "doubler" and not rules.cracking and not rules.blitzing:  # M = 1 (R37)
        assert (low, high) == (-24.0 if rules.double_on_the_bump else -12.0, 12.0)
    rng = random.Random(7)
    for _ in range(40 if preset == "standard" else 8):
        returns = _random_returns(game, rng)
        assert sum(returns) == 0
        assert all(low <= r <= high for r in returns)


def test_the_standard_bounds_are_reached_no_further() -> None:
    game = pyspiel.load_game("python_sheepshead")
    assert (game.min_utility(), game.max_utility()) == (-12.0, 12.0)
    assert pyspiel.load_game("python_smear").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("name", GAMES)
def test_the_dealer_is_a_parameter_or_drawn_by_chance(name: str) -> None:
    fixed = pyspiel.load_game(f"python_{name}(dealer=2)")
    state = fixed.new_initial_state()
    assert state.dealer == 2 and fixed.new_initial_state().chance_outcomes()[0][1] == 1 / len(vocabulary(name).cards)
    drawn = pyspiel.load_game(f"python_{name}(dealer=-1)")
    pyspiel.random_sim_test(drawn, num_sims=1, serialize=True, verbose=False)
    first = drawn.new_initial_state()
    seats = drawn.num_players()
    assert first.is_chance_node() and first.chance_outcomes() == [(s, 1.0 / seats) for s in range(seats)]
    first.apply_action(seats - 1)
    assert first.dealer == seats - 1 and len(first.chance_outcomes()) == len(vocabulary(name).cards)
    rng = random.Random(2)
    while first.is_chance_node():
        outcomes = first.chance_outcomes()
        first.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    assert first.view(0).dealer == seats - 1 or first.redeals > 0
    with pytest.raises(BadRules, match="dealer"):
        pyspiel.load_game(f"python_{name}(dealer={seats})")
