"""The batched vector environment as Gymnasium builds it (``gymnasium.make_vec``): same-step
automatic reset with no all-zero mask row, the learner's rewards equal to the scores of its
hands as the records replay them, a frozen policy playing the other seats, illegal tokens
refused per row; and the all-zero mask row that Gymnasium's own next-step vectorization of the
one-table environment shows, for contrast."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

import cardtable.rl  # noqa: E402
from cardtable.batch import games, random_legal  # noqa: E402
from cardtable.core import BadRules  # noqa: E402
from cardtable.record import replay_record  # noqa: E402
from cardtable.rl.batchenv import BatchVectorEnv  # noqa: E402
from cardtable.rl.registration import IDS  # noqa: E402

GAMES = games()


@pytest.mark.parametrize("game", GAMES)
def test_make_vec_builds_the_batched_environment(game: str) -> None:
    env = gymnasium.make_vec(IDS[game], num_envs=8, seed=1)
    assert isinstance(env, BatchVectorEnv) and env.num_envs == 8
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    sync = gymnasium.make_vec(IDS[game], num_envs=2, vectorization_mode="sync", opponents="random")
    assert isinstance(sync, gymnasium.vector.SyncVectorEnv)
    cardtable.rl.register()  # registering again changes nothing


@pytest.mark.parametrize("game", GAMES)
def test_no_mask_row_is_ever_all_zero_and_rewards_are_the_hands_scores(game: str) -> None:
    env = BatchVectorEnv(game, num_envs=32, seat=1, seed=3)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(3)
    earned = np.zeros(32)
    ended = 0
    for _ in range(400):
        mask = info["action_mask"]
        assert mask.any(axis=1).all()
        obs, reward, terminated, truncated, info = env.step(random_legal(mask, rng))
        assert not info["illegal"].any()
        earned += reward
        done = terminated | truncated
        ended += int(done.sum())
        if done.any():
            assert info["_final_obs"].tolist() == done.tolist()
            assert info["final_obs"][done].any(axis=1).all() and not info["final_obs"][~done].any()
        assert not reward[~done].any()
    assert ended > 32
    # The learner's rewards are its team's changes in the hands its tables finished, replayed.
    owed = np.zeros(32)
    for row, record in env.batch.finished_records(with_rows=True):
        status, report = replay_record(record)
        assert status == 0
        owed[row] += report["hands"][-1]["score"][1]
    assert np.array_equal(earned, owed)


@pytest.mark.parametrize("game", GAMES)
def test_a_policy_plays_the_other_seats(game: str) -> None:
    calls = []

    def lowest(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        calls.append(len(obs))
        assert obs.dtype == np.int8 and mask.dtype == bool and mask.any(axis=1).all()
        return np.argmax(mask, axis=1)

    env = gymnasium.make_vec(IDS[game], num_envs=6, seed=2, opponents=lowest)
    _, info = env.reset(seed=2)
    for _ in range(30):
        _, _, _, _, info = env.step(np.argmax(info["action_mask"], axis=1))
    assert calls and max(calls) <= 6


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_token_changes_nothing_at_its_row(game: str) -> None:
    env = BatchVectorEnv(game, num_envs=4, seed=5)
    obs, info = env.reset(seed=5)
    actions = np.argmax(info["action_mask"], axis=1)
    actions[2] = int(np.flatnonzero(~info["action_mask"][2])[0])
    again, reward, terminated, _, info = env.step(actions)
    assert info["illegal"].tolist() == [False, False, True, False]
    assert np.array_equal(again[2], obs[2]) and reward[2] == 0 and not terminated[2]


def test_bots_and_bad_seats_are_refused_with_the_way_to_them() -> None:
    with pytest.raises(BadRules, match="vectorization_mode='sync'"):
        BatchVectorEnv("smear", num_envs=2, opponents="rule")
    with pytest.raises(BadRules, match="seat"):
        BatchVectorEnv("smear", num_envs=2, seat=4)
    with pytest.raises(BadRules, match="reset"):
        BatchVectorEnv("smear", num_envs=2).step(np.zeros(2, np.int64))


def test_gymnasiums_next_step_vectorization_shows_an_all_zero_mask_row() -> None:
    """The defect the batched environment removes: over the one-table environment, Gymnasium's
    next-step autoreset hands back the ended episode's empty mask for one step."""
    env = gymnasium.make_vec("cardtable/Smear-v1", num_envs=2, vectorization_mode="sync", opponents="random")
    _, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    zero_rows = 0
    for _ in range(200):
        mask = info["action_mask"]
        zero_rows += int((~mask.any(axis=1)).sum())
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
        _, _, _, _, info = env.step(actions)
    assert zero_rows > 0
