"""The masked PPO on the batched vector environment (``examples/rl/ppo_batch.py``) runs as its
docstring says, at 1,024 tables: a short run from the command line, and a few updates of
self-play in process, never giving a token the mask forbids (the script asserts it at every step)
and moving the policy. Needs the ``train`` extra (torch); without it this skips, and fails in CI."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "rl" / "ppo_batch.py"

if importlib.util.find_spec("torch") is None:
    if os.environ.get("CI"):
        pytest.fail("torch (the train extra) is required in CI but was not found", pytrace=False)
    pytest.skip("torch (the train extra) not found", allow_module_level=True)

pytest.importorskip("gymnasium")


def test_the_example_runs_at_1024_tables() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--num-envs", "1024", "--rollout", "2", "--updates", "2", "--eval", "256"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("update 1/2: ") and "points a hand" in lines[0]
    assert any(line.startswith("trained (greedy) vs random: ") for line in lines)


def test_self_play_updates_move_the_policy() -> None:
    import torch

    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import ppo_batch
    finally:
        sys.path.pop(0)
    torch.set_num_threads(1)
    settings = ppo_batch.Settings(num_envs=64, rollout=8, updates=3, opponents="self", refresh=2, seed=3)
    torch.manual_seed(3)
    untrained = ppo_batch.Agent(601, 69).state_dict()
    agent, curve = ppo_batch.train(settings, log=False)
    assert len(curve) == 3
    moved = any(not torch.equal(untrained[k], v) for k, v in agent.state_dict().items())
    assert moved
