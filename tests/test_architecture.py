"""The import contracts of `.importlinter`, run by ``lint-imports``: the layers (kernel -> games ->
services -> apps), the engine below the bots' layer inside each game, and no import circle
anywhere. A new circle or a layer breach fails here, with lint-imports' account of the imports."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import need

ROOT = Path(__file__).resolve().parent.parent


def _lint_imports() -> str | None:
    """The ``lint-imports`` beside this Python, else the one on the path."""
    beside = Path(sys.executable).parent / "lint-imports"
    return str(beside) if beside.exists() else shutil.which("lint-imports")


def test_the_import_contracts_hold() -> None:
    program = _lint_imports()
    need(program is not None, "lint-imports (import-linter, in the dev extra)")
    assert program is not None
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [program, "--config", str(ROOT / ".importlinter"), "--no-cache"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_a_circle_is_caught(tmp_path: Path) -> None:
    """The circle contract is not vacuous: the same kind of contract over a package of two
    modules that import each other is broken."""
    program = _lint_imports()
    need(program is not None, "lint-imports (import-linter, in the dev extra)")
    assert program is not None
    package = tmp_path / "circled"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from circled import b\n")
    (package / "b.py").write_text("def f() -> None:\n    from circled import a\n")
    config = tmp_path / "contracts.ini"
    config.write_text(
        "[importlinter]\nroot_package = circled\n\n"
        "[importlinter:contract:c]\nname = no circles\ntype = acyclic_siblings\nancestors =\n    circled\n"
    )
    done = subprocess.run(
        [program, "--config", str(config), "--no-cache"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode != 0
    assert "BROKEN" in done.stdout
