"""The commands as a new user meets them: help, version, messages, and what each prints."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable
from cardtable import cli

SRC = str(Path(cardtable.__file__).parents[1])


def _run(
    *argv: str, stdin: str | None = "", cwd: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """The command in its own process, input from ``stdin`` (a pipe: not a terminal)."""
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": SRC},
    )


def test_version_names_the_package_version() -> None:
    out = _run("--version")
    assert out.returncode == 0
    assert out.stdout.strip() == f"cardtable {cli._version()}"
    assert out.stdout.strip().split()[1].count(".") >= 2


def test_the_top_help_describes_the_command_without_markup() -> None:
    out = _run("--help")
    assert out.returncode == 0
    assert "``" not in out.stdout and "Seep" in out.stdout and "--version" in out.stdout


@pytest.mark.parametrize("command", list(cli._COMMANDS))
def test_every_command_has_a_description_and_its_exit_statuses(command: str) -> None:
    sub = _subcommand(command)
    assert sub.description and len(sub.description) > 40
    assert "exit status: 0" in sub.format_help()


def _subcommand(name: str) -> argparse.ArgumentParser:
    parser = cli.build_parser()
    for action in parser._actions:
        choices = getattr(action, "choices", None)
        if isinstance(choices, dict) and name in choices:
            found: argparse.ArgumentParser = choices[name]
            return found
    raise AssertionError(name)


def test_rule_says_it_repeats_and_bots_name_rule_classic() -> None:
    text = _subcommand("play").format_help()
    flat = " ".join(text.split())
    assert "repeat it for more" in flat and "rule:classic" in flat


def test_rules_lists_the_values_of_enumerated_options() -> None:
    out = _run("rules", "smear")
    assert out.returncode == 0
    line = next(x for x in out.stdout.splitlines() if x.strip().startswith("all_pass"))
    assert '"redeal_same_dealer", "redeal_next_dealer", "stick_dealer"' in line
    line = next(x for x in out.stdout.splitlines() if x.strip().startswith("kitty_size"))
    assert "one of: 0, 1, 2, 3" in line


def _finished_record(tmp_path: Path) -> Path:
    path = tmp_path / "m.json"
    assert _run("watch", "smear", "--seed", "2", "--record", str(path)).returncode == 0
    return path


def test_legal_on_a_finished_record_says_why_nothing_is_legal(tmp_path: Path) -> None:
    out = _run("legal", str(_finished_record(tmp_path)))
    assert out.returncode == 0
    assert out.stdout.startswith("no legal actions: the hand is over")


def test_replay_numbers_the_records_of_a_jsonl_file(tmp_path: Path) -> None:
    record = json.loads(_finished_record(tmp_path).read_text())
    many = tmp_path / "two.jsonl"
    many.write_text(json.dumps(record) + "\n" + json.dumps(record) + "\n")
    out = _run("replay", str(many))
    assert out.returncode == 0
    assert "record 1 of 2:" in out.stdout and "record 2 of 2:" in out.stdout
    out = _run("legal", str(many))
    assert out.stdout.count("record ") == 2


def test_a_missing_file_is_named_once(tmp_path: Path) -> None:
    out = _run("replay", "nofile.json", cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.count("nofile.json") == 1 and out.stderr.count("\n") == 1


def test_sim_names_its_records_file_and_a_fresh_seed(tmp_path: Path) -> None:
    out = _run("sim", "smear", "--bots", "random,rule", "--deals", "2", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    written = list(tmp_path.glob("sim-smear-*.jsonl"))
    assert len(written) == 1
    seed = written[0].name.removeprefix("sim-smear-").removesuffix(".jsonl")
    assert f"wrote the records to {written[0].name}" in out.stderr and f"--seed {seed}" in out.stderr
    again = _run("sim", "smear", "--bots", "random,rule", "--deals", "2", "--seed", seed, "--force", cwd=tmp_path)
    assert again.returncode == 0 and "--seed" not in again.stderr.split("wrote")[1]
    assert len(list(tmp_path.glob("sim-smear-*.jsonl"))) == 1  # the same seed: the same file


def test_two_runs_without_a_seed_are_different_tournaments(tmp_path: Path) -> None:
    for _ in range(2):
        assert _run("sim", "smear", "--bots", "random", "--deals", "1", "--quiet", cwd=tmp_path).returncode == 0
    assert len(list(tmp_path.glob("sim-smear-*.jsonl"))) == 2


def test_sim_with_one_bot_counts_no_wins_and_counts_are_refused_by_name(tmp_path: Path) -> None:
    out = _run("sim", "smear", "--bots", "rule", "--deals", "3", "--no-records", "--quiet", "--seed", "1")
    assert out.returncode == 0
    row = next(x for x in out.stdout.splitlines() if x.startswith("rule"))
    assert row.split()[4] == "-" and "nothing is won" in out.stdout
    bad = _run("sim", "smear", "--bots", "rule", "--deals", "-3")
    assert bad.returncode == 2 and bad.stderr.strip() == "cardtable sim: --deals must be at least 1 (got -3)"


def test_watch_shows_hands_once_dealt_names_the_bury_and_plays_rule_bots() -> None:
    seep = _run("watch", "seep", "--seed", "1")
    assert seep.returncode == 0
    assert not any(line.endswith(": -") for line in seep.stdout.splitlines())
    sheep = _run("watch", "sheepshead", "--seed", "1")
    assert "face down" not in sheep.stdout and "buries " in sheep.stdout
    text = _subcommand("watch").format_help()
    assert "--pause" in text and "(default rule)" in " ".join(text.split())


def test_watch_pauses_between_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[float] = []
    monkeypatch.setattr(cli.time, "sleep", waits.append)
    assert cli.main(["watch", "smear", "--seed", "1", "--pause", "0.25"]) == 0
    assert waits and set(waits) == {0.25}


def test_play_without_a_terminal_uses_the_plain_mode_and_says_so() -> None:
    out = _run("play", "smear", "--seed", "1", stdin="quit\n", timeout=60)
    assert out.returncode == 0
    assert out.stderr.strip() == "cardtable play: no terminal, so the plain line mode (--plain) is used"
    assert "Legal: [1]" in out.stdout
    menu = _run("play", stdin="", timeout=60)
    assert menu.returncode == 2 and menu.stderr.count("\n") == 1 and "name a game" in menu.stderr
    for bad in (["--bots", "genius"], ["--seat", "9"], ["--rule", "kitty_size=9"]):
        refused = _run("play", "smear", *bad, stdin="quit\n", timeout=60)
        # the refusal alone: no notice of a plain mode that never starts
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
        assert "no terminal" not in refused.stderr
