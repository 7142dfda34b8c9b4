"""The batch's benchmark runs (a smoke run, not timed: no figure is checked against a threshold),
and so does the long replay run on a few hands."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from cardtable.batch import games

ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(ROOT / "src"), str(ROOT), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


def _bench(script: str, *args: str, timeout: int = 900) -> subprocess.CompletedProcess[str]:
    """Run ``bench/SCRIPT`` with ``args`` in a process of its own, its output captured."""
    return subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *args],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=timeout,
        check=False,
    )


@pytest.mark.parametrize("game", games())
def test_the_benchmark_runs(game: str) -> None:
    done = _bench("batch_bench.py", "--game", game, "--quick", "--json")
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout)
    rows = {r["what"].split(" (another process")[0]: r for r in out["rows"]}
    for what in (
        "batch B=64",
        "batch B=64, rules only",
        "batch B=64, plain Python kernels",
        "fast layer (one table, rules only)",
        "VectorTables N=16",
    ):
        assert rows[what]["decisions_per_s"] > 0
    assert rows["fast layer (one table, rules only)"]["ratio_to_fast_layer"] == 1.0
    if game == "seep":  # no OpenSpiel game of Seep's shape: its baseline is the fast layer
        assert out["baseline"] == "fast layer (one table, rules only)"
        assert rows["batch B=64, counted in moves"]["decisions_per_s"] > 0
        return
    openspiel = importlib.util.find_spec("pyspiel") is not None
    if openspiel or os.environ.get("CI"):
        shaped = f"{game.capitalize()}-shaped"
        assert rows[f"OpenSpiel oh_hell ({shaped}) from Python"]["ratio_to_oh_hell_python"] == 1.0
        assert rows[f"OpenSpiel oh_hell ({shaped}), C++ random playout"]["decisions_per_s"] > 0
    assert out["machine"]["cores"] >= 1 and len(out["load_average_before"]) == 3


def test_the_long_replay_runs() -> None:
    done = _bench("batch_replay.py", "--hands", "40", "--per-set", "20", "--json")
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout)
    for game in games():
        assert out[game]["hands"] >= 40 and out[game]["rule_sets"] >= 3


def test_the_analysis_benchmark_runs_at_the_level_asked_and_at_the_games_own() -> None:
    """`bench/analysis_batch.py` on one deal: at ``--level easy``, and at Sheepshead's own default
    level (`hard`, its strongest), each named in what it prints."""
    for extra, level in ((["--level", "easy"], "easy"), ([], "hard")):
        done = _bench("analysis_batch.py", "--games", "sheepshead", "--deals", "1", "--batch-only", *extra)
        assert done.returncode == 0, done.stderr[-3000:]
        out = json.loads(done.stdout)
        assert out["level"] == level and out["hands"] == 5 and out["batch_p90_s"] > 0


def test_the_vector_environments_benchmark_runs() -> None:
    done = _bench("vector_env.py", "--quick", "--json")
    assert done.returncode == 0, done.stderr[-3000:]
    rows = {r["game"]: r for r in json.loads(done.stdout)["rows"]}
    assert set(rows) == set(games())
    assert all(r["learner_steps_per_s"] > 0 and r["num_envs"] == 16 for r in rows.values())
    bad = _bench("vector_env.py", "--games", "poker", timeout=120)
    assert bad.returncode == 2 and "unknown game 'poker'" in bad.stderr and "Traceback" not in bad.stderr
