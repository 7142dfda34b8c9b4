"""Duplicate-deal tournaments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import sim
from cardtable.record import replay_record


def test_arrangements_rotate_bots_through_seats_and_teams() -> None:
    assert sim.arrangements(4, ["a", "b"]) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    five = sim.arrangements(5, ["a", "b"])
    assert len(five) == 5
    assert all(sum(row[s] == "a" for row in five) == 3 for s in range(5))
    assert sim.arrangements(4, ["a"]) == [("a", "a", "a", "a")]


def test_interval() -> None:
    iv = sim.Interval.of([1.0, 2.0, 3.0, 4.0])
    assert iv.mean == 2.5 and iv.low < 2.5 < iv.high
    assert sim.Interval.of([5.0]).low == float("-inf")


@pytest.mark.parametrize("game", ["smear", "sheepshead", "seep"])
def test_a_tournament_reproduces_from_its_seed_whatever_the_workers(game: str) -> None:
    job = sim.job_for(game, {}, ["random", "random"], seed=9)
    one, results_one = sim.run(job, 6, jobs=1)
    two, results_two = sim.run(job, 6, jobs=2)
    for summary in (one, two):
        for row in summary.bots.values():
            row.pop("s_per_decision")
    assert one.to_json() == two.to_json()
    assert set(one.bots) == {"random", "random#2"}
    lines = list(sim.records_lines(results_one))
    assert lines == list(sim.records_lines(results_two))
    assert len(lines) == 6 * len(sim.arrangements(len(json.loads(lines[0])["players"]), sim.labels(job.bots)))
    assert all(replay_record(json.loads(line))[0] == 0 for line in lines)


def test_every_seat_of_a_deal_gets_the_same_cards_in_each_arrangement() -> None:
    job = sim.job_for("smear", {}, ["random", "random"], seed=1)
    result = sim.play_deal(job, 0)
    decks = {json.dumps(r["hands"][0]["deal"]) for r in result.records}
    assert len(decks) == 1 and len(result.records) == 2
    assert [r["players"] for r in result.records] == [list(a) for a in sim.arrangements(4, ["random", "random#2"])]


def test_sim_command_json(tmp_path: Path) -> None:
    records = tmp_path / "t.jsonl"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardtable",
            "sim",
            "smear",
            "--bots",
            "random,random",
            "--deals",
            "4",
            "--seed",
            "2",
            "--json",
            "--records",
            str(records),
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["game"] == "smear" and summary["deals"] == 4
    row = summary["bots"]["random"]
    assert {"mean", "ci_low", "ci_high", "s_per_decision"} <= set(row)
    assert len(records.read_text().splitlines()) == 8
    bad = subprocess.run(
        [sys.executable, "-m", "cardtable", "sim", "smear", "--bots", "genius", "--deals", "2", "--no-records"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "unknown bot" in bad.stderr and bad.stderr.count("\n") == 1
