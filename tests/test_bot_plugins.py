"""Bot plug-ins (the ``cardtable.bots`` entry-point group): an installed package's bot is named on
the command line like the built-in ones. The package here is installed the way pip leaves one: its
code and a ``.dist-info`` folder with ``entry_points.txt`` on the path."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def installed(tmp_path: Path, target: str) -> Path:
    site = tmp_path / "site"
    shutil.copytree(ROOT / "examples" / "plugin" / "src" / "cardtable_cautious", site / "cardtable_cautious")
    info = site / "cardtable_cautious-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cardtable-cautious\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[cardtable.bots]\ncautious = {target}\n")
    return site


def run(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "src")])}
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args], capture_output=True, text=True, env=env, timeout=300, check=False
    )


def test_an_installed_plugin_bot_plays_in_sim(tmp_path: Path) -> None:
    site = installed(tmp_path, "cardtable_cautious:factory")
    done = run(site, "sim", "smear", "--bots", "cautious,rule", "--deals", "4", "--no-records", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "cautious" in done.stdout


def test_a_broken_plugin_is_named_in_one_line_and_harms_nothing_else(tmp_path: Path) -> None:
    site = installed(tmp_path, "cardtable_cautious:no_such_factory")
    done = run(site, "sim", "smear", "--bots", "cautious,rule", "--deals", "1", "--no-records")
    assert done.returncode == 2 and "failed to load" in done.stderr and "Traceback" not in done.stderr
    ok = run(site, "sim", "smear", "--bots", "random,rule", "--deals", "1", "--no-records", "--quiet")
    assert ok.returncode == 0, ok.stderr


def test_a_plugin_that_refuses_a_level_is_refused_in_one_line(tmp_path: Path) -> None:
    site = installed(tmp_path, "cardtable_cautious:factory")
    done = run(site, "sim", "smear", "--bots", "cautious:bold,rule", "--deals", "1", "--no-records")
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        "cardtable sim: the bot plug-in 'cautious' refused 'cautious:bold' "
        "(ValueError: cautious has no levels (got 'bold'))\n"
    )
