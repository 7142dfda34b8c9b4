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

ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(ROOT / "src"), str(ROOT), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


def test_the_benchmark_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "batch_bench.py"), "--quick", "--json"],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=900,
        check=False,
    )
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
    openspiel = importlib.util.find_spec("pyspiel") is not None
    if openspiel or os.environ.get("CI"):
        assert rows["OpenSpiel oh_hell (Smear-shaped) from Python"]["ratio_to_oh_hell_python"] == 1.0
        assert rows["OpenSpiel oh_hell (Smear-shaped), C++ random playout"]["decisions_per_s"] > 0
    assert out["machine"]["cores"] >= 1 and len(out["load_average_before"]) == 3


def test_the_long_replay_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "batch_replay.py"), "--hands", "40", "--per-set", "20", "--json"],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout)
    assert out["smear"]["hands"] >= 40 and out["smear"]["rule_sets"] >= 3
