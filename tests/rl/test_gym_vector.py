"""The Gymnasium environment passes Gymnasium's own checker; bots play the other seats; the
batched tables step in lock-step, pay the engine's scores and deal again by themselves."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env

from cardtable.core import BadRules
from cardtable.rl import VectorTables, vs_bots
from cardtable.rl.tokens import GAMES


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env(name: str) -> None:
    check_env(vs_bots(name, seat=1), skip_render_check=True)


@pytest.mark.parametrize("name", GAMES)
def test_masked_random_play_against_bots_ends_with_the_seats_score(name: str) -> None:
    rng = random.Random(2)
    for seed in range(3):
        e = vs_bots(name, seat=seed % 3, opponents="random")
        e.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            mask = e.action_masks()
            _, reward, done, truncated, info = e.step(rng.choice(np.flatnonzero(mask).tolist()))
            assert "illegal" not in info and not truncated
            total += reward
        score = e.table.game.outcome(e.table.state).score
        assert total == score[e.seat] == info["returns"][e.seat]
        assert not e.action_masks().any()


def test_an_unmasked_illegal_token_changes_nothing() -> None:
    e = vs_bots("sheepshead", seat=0)
    obs, _ = e.reset(seed=5)
    bad = int(np.flatnonzero(~e.action_masks())[0])
    again, reward, done, _, info = e.step(bad)
    assert "spells no legal action" in info["illegal"] and reward == 0 and not done
    assert np.array_equal(again, obs)


def test_bad_seats_and_opponents_are_refused() -> None:
    with pytest.raises(BadRules, match="seat"):
        vs_bots("smear", seat=4)
    with pytest.raises(BadRules, match="opponents"):
        vs_bots("smear", opponents=["rule", "random"])
    with pytest.raises(BadRules, match="unknown bot"):
        vs_bots("smear", opponents="genius")


@pytest.mark.parametrize("name", GAMES)
def test_vector_tables_in_lock_step(name: str) -> None:
    n = 5
    vt = VectorTables(name, n, seed=7)
    obs, mask, seat = vt.reset()
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(400):
        assert (mask.sum(axis=1) >= 1).all()
        for i in range(n):  # each row is the acting seat's own observation and mask
            t = vt.tables[i]
            assert seat[i] == t.actor()
            assert np.array_equal(obs[i], t.observe(int(seat[i])))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        before = [t.hands for t in vt.tables]
        obs, mask, seat, rewards, done = vt.step(actions)
        for i in np.flatnonzero(done):
            finished += 1
            assert before[i] == 0 and rewards[i].shape == (vt.seats,)
        assert not rewards[~done].any()
    assert finished >= 1 and vt.episodes == finished
    again = VectorTables(name, n, seed=7)
    assert np.array_equal(again.reset()[0], VectorTables(name, n, seed=7).reset()[0])
