"""The toy game, added by its package and one registry line (tests/conftest.py), plays where the
three games do: the conformance suite runs it with them (tests/conformance); here it plays in
``sim`` with the rule-based and search bots, its records replay, the plain terminal table tells
it, and the command line plays it, with nothing outside its package naming it."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import registry
from cardtable.cli import main
from cardtable.core import game_part
from cardtable.plain import run_plain
from cardtable.record import read_records, replay_record
from cardtable.table import Table

ROOT = Path(__file__).resolve().parents[2]


def test_it_is_registered_and_found_by_its_parts() -> None:
    assert "toy" in registry.names()
    game = registry.get_game("toy", "short")
    assert game.rules.target == 3
    assert game_part(game, "narration") is not None and game_part(game, "drawing") is not None
    assert game_part(game, "fast") is None  # no fast layer: the search plays the checked engine


def test_sim_with_rule_and_search_bots_writes_records_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "toy.jsonl"
    args = ["sim", "toy", "--bots", "rule,search:easy,random", "--deals", "4", "--seed", "2", "--jobs", "1"]
    assert main([*args, "--records", str(records), "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["bots"]) == {"rule", "search:easy", "random"}
    played = read_records(str(records))
    assert len(played) == 4 * 3  # every deal once per rotation of the seats
    for record in played:
        status, rep = replay_record(record.to_json())
        assert status == 0, rep
        assert sum(rep["hands"][0]["score"]) == 5  # T4: five tricks, a point each
    assert main(["replay", str(records)]) == 0
    assert "hand 0: dealer" in capsys.readouterr().out


def test_a_match_in_sim_ends_by_its_own_rule(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sim", "toy", "--preset", "short", "--bots", "rule,search:easy", "--matches", "2"]
    assert main([*args, "--seed", "1", "--jobs", "1", "--no-records", "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert sum(b["match_wins"] for b in report["bots"].values()) >= 2


def test_the_plain_table_tells_it_in_its_own_words() -> None:
    game = registry.get_game("toy")
    table = Table(game, [0], {1: "rule", 2: "search:easy"}, seed=3)
    table.run_bots()
    out = io.StringIO()
    run_plain(table, io.StringIO("\n".join(["1"] * 15 + ["quit"]) + "\n"), out)
    text = out.getvalue()
    assert "--- Hand 1: " in text
    assert "Trick: " in text and "Match: you 0" in text  # its drawing
    assert "You play " in text and " takes trick 1." in text  # its narration
    assert "Refused" not in text


def test_the_command_line_plays_it_when_the_environment_names_it() -> None:
    env = {**os.environ, "CARDTABLE_GAMES": "toy=tests.toygame", "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    done = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", "play", "toy", "--plain", "--bots", "rule,rule", "--seed", "5"],
        input="1\n" * 4 + "quit\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "toy: you sit at seat(s) 0." in done.stdout
    assert "You play " in done.stdout
