"""The Ray backend of tournaments, on a local Ray instance: it gives what the process backend gives.

These tests need the ``ray`` extra (``pip install -e '.[dev,ray]'``); without it they are skipped.
One Ray instance serves the whole module, since starting one takes seconds.
"""

from __future__ import annotations

import json
import logging
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable import sim, sim_ray
from cardtable.cli import main

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A local Ray instance for the module; its address."""
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR)
    try:
        yield str(ray.get_runtime_context().gcs_address)
    finally:
        ray.shutdown()


def _without_timing(summary: sim.Summary) -> dict[str, Any]:
    """The summary's JSON without the decision times, which vary from run to run."""
    out = summary.to_json()
    out["bots"] = {name: {k: v for k, v in row.items() if k != "s_per_decision"} for name, row in out["bots"].items()}
    return out


@pytest.mark.parametrize("matches", [False, True], ids=["deals", "matches"])
def test_ray_gives_the_process_backends_results(cluster: str, matches: bool) -> None:
    job = sim.job_for("smear", {}, ["rule", "random"], seed=8, matches=matches)
    seen: list[tuple[int, int]] = []
    on_ray, ray_results = sim_ray.run(job, 4, 1, lambda done, total: seen.append((done, total)))
    for jobs in (1, 2):
        local, local_results = sim.run(job, 4, jobs)
        assert _without_timing(on_ray) == _without_timing(local)
        assert list(sim.records_lines(ray_results)) == list(sim.records_lines(local_results))
    assert seen[-1] == (4, 4) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert ray.is_initialized()  # a Ray instance the run did not start is left running


def test_sim_command_on_ray(cluster: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["sim", "seep", "--bots", "rule,random", "--matches", "3", "--seed", "3", "--json"]
    assert main([*base, "--backend", "ray", "--records", str(tmp_path / "ray.jsonl")]) == 0
    out, err = capsys.readouterr()
    assert "3/3" not in err  # progress is for a terminal only
    on_ray = json.loads(out)
    assert main([*base, "--quiet", "--records", str(tmp_path / "local.jsonl")]) == 0
    local = json.loads(capsys.readouterr().out)
    for summary in (on_ray, local):
        for row in summary["bots"].values():
            row.pop("s_per_decision")
    assert on_ray == local
    assert (tmp_path / "ray.jsonl").read_text() == (tmp_path / "local.jsonl").read_text()


def test_sim_command_connects_to_a_cluster_by_address(cluster: str, tmp_path: Path) -> None:
    """Another process joins the running instance by its address, and leaves it running."""
    records = tmp_path / "r.jsonl"
    argv = ["sim", "smear", "--bots", "rule,random", "--deals", "4", "--seed", "1", "--json", "--quiet"]
    out = subprocess.run(
        [sys.executable, "-m", "cardtable", *argv, "--backend", "ray", "--address", cluster, "--records", str(records)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    job = sim.job_for("smear", {}, ["rule", "random"], seed=1)
    local, results = sim.run(job, 4)
    on_ray = json.loads(out.stdout)
    for row in on_ray["bots"].values():
        row.pop("s_per_decision")
    assert on_ray == _without_timing(local)
    assert records.read_text().splitlines() == list(sim.records_lines(results))
    assert ray.is_initialized()


def test_an_address_where_nothing_listens_fails_at_once() -> None:
    with socket.socket() as free:  # a port just freed, so nothing listens there
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    argv = ["sim", "smear", "--bots", "rule", "--deals", "1", "--no-records", "--quiet"]
    out = subprocess.run(
        [sys.executable, "-m", "cardtable", *argv, "--backend", "ray", "--address", f"127.0.0.1:{port}"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 2
    assert out.stderr.startswith(f"cardtable sim: could not reach Ray at 127.0.0.1:{port}: ")
    assert out.stderr.count("\n") == 1
