"""``cardtable serve`` and ``cardtable db upgrade`` on the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from tests.web.client import SRC


def test_the_engine_and_the_other_commands_never_import_the_web_extra() -> None:
    code = "import sys, cardtable.cli; sys.exit('fastapi' in sys.modules or 'sqlalchemy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": SRC}).returncode == 0


def test_a_missing_web_extra_is_one_line_naming_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "cardtable.web.serve", None)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'cardtable[web]'" in err


def test_db_upgrade_makes_the_sqlite_file_and_can_run_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'sub' / 'tables.db'}"
    assert main(["db", "upgrade", "--db", url]) == 0
    assert main(["db", "upgrade", "--db", url]) == 0
    assert (tmp_path / "sub" / "tables.db").exists()
    assert "up to date" in capsys.readouterr().out


def test_a_bad_database_url_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "upgrade", "--db", "nosuchdb://x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a database URL" in err


def test_an_unreachable_database_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", "postgresql+psycopg://nobody@127.0.0.1:1/none"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "database postgresql+psycopg://nobody@127.0.0.1:1/none" in err
