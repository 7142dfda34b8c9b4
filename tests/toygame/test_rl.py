"""The toy game plays through the RL environments with nothing outside its package naming it: its
``tokens``, ``encoding`` and ``environment`` modules are found by their roles, and the environments
pass the ecosystem's own checkers (PettingZoo's AEC and parallel API tests, Gymnasium's
``check_env``, OpenSpiel's random simulation test)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

import cardtable.rl
from cardtable.rl import env, raw_env
from cardtable.rl.parallel import ParallelTable
from cardtable.rl.tokens import GAMES, vocabulary


def test_the_toy_game_has_environments_from_its_own_parts() -> None:
    assert "toy" in GAMES
    assert len(vocabulary("toy").names) == 15  # one token per card played
    assert cardtable.rl.IDS["toy"] == "cardtable/Toy-v0"
    e = raw_env("toy")
    assert e.metadata["name"] == "toy_v0" and e.possible_agents == ["seat_0", "seat_1", "seat_2"]


def test_pettingzoo_aec_and_parallel_api_tests() -> None:
    api_test(env("toy"), num_cycles=40)
    seed_test(lambda: env("toy"), num_cycles=40)
    parallel_api_test(ParallelTable("toy"), num_cycles=500)


def test_rewards_are_the_tricks_taken_and_the_state_shows_every_card() -> None:
    rng = random.Random(2)
    for seed in range(5):
        e = raw_env("toy")
        e.reset(seed=seed)
        assert int(e.state().sum()) >= 15  # every card in one place, then the observations
        totals = dict.fromkeys(e.agents, 0.0)
        for _agent in e.agent_iter(max_iter=1000):
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            for a in e.agents:
                totals[a] += e.rewards[a]
        assert sum(e.table.returns) == 5  # T4: five tricks, a point each
        assert [int(x) for x in e.table.returns] == [int(totals[a]) for a in e.possible_agents]


def test_a_match_episode_ends_by_the_games_own_rule() -> None:
    e = raw_env("toy", preset="short")
    e.reset(seed=4, options={"episode": "match"})
    rng = random.Random(4)
    for _agent in e.agent_iter(max_iter=10_000):
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert max(e.table.returns) >= 3 and e.table.hands >= 1


def test_gymnasium_against_bots_passes_check_env() -> None:
    e = gymnasium.make(cardtable.rl.IDS["toy"], seat=2, opponents="rule")
    check_env(e.unwrapped, skip_render_check=True)
    _, info = e.reset(seed=1)
    done, total = False, 0.0
    while not done:
        _, reward, terminated, truncated, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
        total += float(reward)
        done = terminated or truncated
    assert 0.0 <= total <= 5.0


def test_openspiel_random_simulation() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import cardtable.rl.openspiel  # noqa: F401 (registers the games)

    game = pyspiel.load_game("python_toy")
    assert game.num_players() == 3 and game.num_distinct_actions() == 15
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
