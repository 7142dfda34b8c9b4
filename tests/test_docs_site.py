"""The documentation site builds with no warning (``mkdocs build --strict``): every page in the
navigation, every link between pages, and the API reference from the docstrings."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import need

ROOT = Path(__file__).resolve().parent.parent


def test_the_docs_site_builds_with_no_warning(tmp_path: Path) -> None:
    need(importlib.util.find_spec("mkdocs") is not None, "mkdocs (the dev extra)")
    mkdocs = shutil.which("mkdocs", path=str(Path(sys.executable).parent)) or shutil.which("mkdocs")
    assert mkdocs is not None
    done = subprocess.run(
        [mkdocs, "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "site" / "reference" / "api" / "index.html").read_text().count("register_bot") > 0
