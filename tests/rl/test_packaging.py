"""The environments as the ecosystem looks for them: ``gymnasium.make("cardtable/Smear-v1")`` and
friends, and the modules ``seep_v0``, ``smear_v1``, ``sheepshead_v1`` with ``env``, ``raw_env`` and
``parallel_env``, each passing the ecosystem's own checkers."""

from __future__ import annotations

import importlib
import random

import pytest

pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

import cardtable.rl
import cardtable.rl.smear_v1
from cardtable.core import BadRules
from cardtable.rl.aec import VERSIONS
from cardtable.rl.tokens import GAMES
from cardtable.rl.walk import IllegalToken
from tests.rl.support import SHIPPED


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_make_builds_each_game(name: str) -> None:
    env_id = cardtable.rl.IDS[name]
    assert env_id == f"cardtable/{name.capitalize()}-v{VERSIONS[name][-1]}"
    e = gymnasium.make(env_id, seat=1, opponents="random", max_steps=400)
    assert e.unwrapped.table.name == name and e.unwrapped.seat == 1
    _, info = e.reset(seed=3)
    done = False
    rng = random.Random(1)
    while not done:
        _, _, terminated, truncated, info = e.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
        done = terminated or truncated
    check_env(gymnasium.make(env_id).unwrapped, skip_render_check=True)
    cardtable.rl.register()  # registering again changes nothing and warns of nothing


@pytest.mark.parametrize("name", SHIPPED)
def test_pettingzoo_modules(name: str) -> None:
    module = importlib.import_module(f"cardtable.rl.{VERSIONS[name]}")
    e = module.env()
    assert e.metadata["name"] == VERSIONS[name]
    api_test(e, num_cycles=30)
    raw = module.raw_env(dealer=1)
    raw.reset(seed=2)
    assert raw.table.dealer == 1
    parallel_api_test(module.parallel_env(), num_cycles=2000)
    # PettingZoo's parallel_seed_test gives unmasked random tokens, which the env refuses: the same
    # check of determinism with masked ones.
    runs = [_masked_run(module.parallel_env(), seed=42) for _ in range(2)]
    assert runs[0] == runs[1] and len(runs[0]) > 10


def _masked_run(e: object, seed: int) -> list[bytes]:
    """Every observation of one episode played by seeded masked-random tokens, as bytes."""
    obs, _ = e.reset(seed=seed)  # type: ignore[attr-defined]
    rng = random.Random(seed)
    seen = []
    while e.agents:  # type: ignore[attr-defined]
        seen.append(b"".join(obs[a]["observation"].tobytes() + obs[a]["action_mask"].tobytes() for a in sorted(obs)))
        acting = next(a for a in obs if obs[a]["action_mask"].any())
        obs, *_ = e.step({acting: rng.choice(np.flatnonzero(obs[acting]["action_mask"]).tolist())})  # type: ignore[attr-defined]
    return seen


@pytest.mark.parametrize("name", SHIPPED)
def test_the_parallel_env_plays_a_hand_to_the_engines_scores(name: str) -> None:
    module = importlib.import_module(f"cardtable.rl.{VERSIONS[name]}")
    e = module.parallel_env()
    obs, _ = e.reset(seed=5)
    rng = random.Random(5)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    while e.agents:
        acting = [a for a in e.agents if obs[a]["action_mask"].any()]
        assert len(acting) == 1
        actions = {a: 0 for a in e.agents}
        actions[acting[0]] = rng.choice(np.flatnonzero(obs[acting[0]]["action_mask"]).tolist())
        obs, rewards, terms, truncs, _ = e.step(actions)
        for a, r in rewards.items():
            totals[a] += r
    assert all(terms.values()) and not any(truncs.values())
    score = e.table.game.outcome(e.table.state).score
    assert list(totals.values()) == [float(x) for x in score]


def test_the_parallel_env_refuses_a_missing_or_illegal_token() -> None:
    e = cardtable.rl.smear_v1.parallel_env()
    obs, _ = e.reset(seed=1)
    acting = next(a for a in e.agents if obs[a]["action_mask"].any())
    with pytest.raises(ValueError, match="is to act"):
        e.step({a: 0 for a in e.agents if a != acting})
    with pytest.raises(IllegalToken):
        e.step({acting: int(np.flatnonzero(obs[acting]["action_mask"] == 0)[0])})


@pytest.mark.parametrize("name", ["smear", "sheepshead"])
def test_a_retired_version_names_its_successor(name: str) -> None:
    old = importlib.import_module(f"cardtable.rl.{name}_v0")
    for make in (old.env, old.raw_env, old.parallel_env):
        with pytest.raises(BadRules, match=f"use cardtable.rl.{name}_v1"):
            make()
    with pytest.raises(gymnasium.error.DeprecatedEnv, match=f"{name.capitalize()}-v1"):
        gymnasium.make(f"cardtable/{name.capitalize()}-v0")
