"""The table model and its plain line mode (a scripted match)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import registry
from cardtable.core import CardtableError
from cardtable.plain import run_plain
from cardtable.record import replay_record
from cardtable.table import Table, pretty_action


def _table(game: str, seed: int = 1) -> Table:
    g = registry.get_game(game)
    return Table(g, [0], {s: "random" for s in range(1, g.seats)}, seed=seed, dealer=g.seats - 1)


@pytest.mark.parametrize("game", registry.names())
def test_a_person_plays_a_whole_hand_and_the_record_replays(game: str) -> None:
    table = _table(game)
    while table.outcome() is None:
        table.run_bots()
        if table.outcome() is None:
            table.play(table.legal_texts()[-1])
    status, rep = replay_record(table.record())
    assert status == 0
    assert rep["hands"][0]["score"] == list(table.outcome().score)  # type: ignore[union-attr]
    assert table.summary_lines()[0].startswith("Hand 1:")


def test_refusals_name_the_rule_and_change_nothing() -> None:
    table = _table("smear")
    table.run_bots()
    before = table.state
    with pytest.raises(CardtableError):
        table.play("play ZZ")
    with pytest.raises(CardtableError):
        table.play("bid 9")
    assert table.state == before


def test_undo_goes_back_to_the_persons_previous_decision() -> None:
    table = _table("sheepshead", seed=4)
    table.run_bots()
    before = table.state
    table.play(table.legal_texts()[0])
    table.run_bots()
    assert table.undo()
    assert table.state == before
    assert not table.undo() or table.state != before


def test_bots_never_get_the_state() -> None:
    seen: list[object] = []

    class Spy:
        name = "spy"

        def act(self, view: object, legal: list[object], rng: object) -> object:
            seen.append(view)
            return legal[0]

    table = _table("smear")
    table.bots = {s: Spy() for s in table.bots}
    table.run_bots()
    table.play(table.legal_texts()[0])
    table.run_bots()
    assert seen
    state_type = type(table.state)
    assert all(not isinstance(v, state_type) for v in seen)


def test_pretty_actions() -> None:
    assert pretty_action("capture JH 5C+6H") == "capture J♥ 5♣+6♥"
    assert pretty_action("build 9 9S 9H") == "build 9 9♠ 9♥"


def test_plain_mode_plays_a_scripted_match(tmp_path: Path) -> None:
    table = _table("smear", seed=5)
    saved = tmp_path / "plain.json"
    script = ["help", "fly away", "history", "hint", "undo"] + ["1"] * 40 + [f"save {saved}", ""] + ["1"] * 40
    out = io.StringIO()
    assert run_plain(table, io.StringIO("\n".join(script) + "\n"), out) == 0
    text = out.getvalue()
    assert "Refused:" in text and "Legal: [1]" in text and "points per hand" in text
    assert "Hand 1:" in text and "--- hand 2" in text
    assert replay_record(json.loads(saved.read_text()))[0] == 0


def test_plain_mode_from_the_command_line() -> None:
    lines = "\n".join(["1"] * 60) + "\n"
    out = subprocess.run(
        [sys.executable, "-m", "cardtable", "play", "sheepshead", "--plain", "--seed", "3", "--bots", "random"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "Hand 1:" in out.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "cardtable", "play", "smear", "--plain", "--seat", "7"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
