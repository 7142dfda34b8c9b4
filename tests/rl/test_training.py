"""Outside trainers on the environments as Gymnasium makes them, with no wrapper of the user's:
sb3-contrib's MaskablePPO (the mask through the env's ``action_masks``) and the single-file PPO of
``examples/rl/ppo_masked.py`` (the mask from ``info``). Each trains a few thousand steps, never
gives a token the mask forbids, and its policy is then played against the environment's bots.

These need the ``train`` extra (torch, sb3-contrib); without it they skip, and fail in CI."""

from __future__ import annotations

import importlib.util
import math
import os
import sys
from pathlib import Path
from typing import Any

import pytest


def _need(module: str) -> None:
    """Skip this module when ``module`` is not installed, or fail when running in CI."""
    if importlib.util.find_spec(module) is not None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{module} (the train extra) is required in CI but was not found", pytrace=False)
    pytest.skip(f"{module} (the train extra) not found", allow_module_level=True)


_need("torch")
_need("sb3_contrib")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from stable_baselines3.common.callbacks import BaseCallback  # noqa: E402

import cardtable.rl  # noqa: E402, F401 (registers the ids)
from cardtable.rl.registration import IDS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
STEPS = 3_000
HANDS = 200
#: An agent that kept giving refused tokens would never end its hand: cut it short instead.
LIMIT = {"max_steps": 500}


def play(env: gymnasium.Env[Any, Any], choose: Any, hands: int) -> tuple[np.ndarray, int]:
    """The points the agent wins in each of ``hands`` seeded episodes, and how many of its tokens
    the env refused (``info["illegal"]``)."""
    points, refused = np.zeros(hands), 0
    for k in range(hands):
        obs, info = env.reset(seed=50_000 + k)
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(choose(obs, info))
            refused += "illegal" in info
            points[k] += reward
            done = terminated or truncated
    return points, refused


class Refusals(BaseCallback):
    """Counts the steps of training whose token the env refused."""

    def __init__(self) -> None:
        super().__init__()
        self.refused = 0
        self.steps = 0

    def _on_step(self) -> bool:
        self.steps += 1
        self.refused += sum("illegal" in i for i in self.locals["infos"])
        return True


@pytest.fixture(autouse=True)
def one_thread() -> Any:
    before = torch.get_num_threads()
    torch.set_num_threads(1)  # a few threads fighting over a shared machine's cores is many times slower
    yield
    torch.set_num_threads(before)


@pytest.mark.parametrize("opponents", ["random", "rule"])
def test_maskable_ppo_trains_on_the_env_gymnasium_makes(opponents: str) -> None:
    env = gymnasium.make(IDS["smear"], opponents=opponents, **LIMIT)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=512, batch_size=128, n_epochs=3, seed=1, device="cpu",
        policy_kwargs={"net_arch": [64, 64]},
    )  # fmt: skip
    before = [p.detach().clone() for p in model.policy.parameters()]
    watch = Refusals()
    model.learn(STEPS, callback=watch)  # sb3-contrib refuses an env it cannot get a mask from
    assert watch.steps >= STEPS and watch.refused == 0
    assert any(not torch.equal(a, b) for a, b in zip(before, model.policy.parameters(), strict=True))

    def choose(obs: Any, info: dict[str, Any]) -> int:
        action, _ = model.predict(obs, action_masks=info["action_mask"], deterministic=True)
        return int(action)

    points, refused = play(env, choose, HANDS)
    assert refused == 0
    assert math.isfinite(points.mean()) and np.abs(points).max() <= 8  # a Smear hand is worth at most 4 a side


def test_the_single_file_ppo_reads_the_mask_from_info() -> None:
    sys.path.insert(0, str(ROOT / "examples" / "rl"))
    try:
        import ppo_masked
    finally:
        sys.path.pop(0)
    env = gymnasium.make(IDS["smear"], opponents="rule", **LIMIT)
    agent = ppo_masked.train(env, ppo_masked.Settings(steps=STEPS, seed=2))
    points, refused = play(env, ppo_masked.greedy(agent), HANDS)
    assert refused == 0
    assert math.isfinite(points.mean()) and np.abs(points).max() <= 8
    # the example's own evaluation is the same count of points
    again = ppo_masked.evaluate(env, ppo_masked.greedy(agent), 20, seed=50_000)
    assert np.array_equal(again, points[:20])
