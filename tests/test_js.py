"""The browser pages' pure-logic modules (connection, cards, the Seep picker, words), tested by
``node --test tests/js`` so that ``pytest`` runs them too."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import need

ROOT = Path(__file__).resolve().parent.parent


def test_node_tests_pass() -> None:
    node = shutil.which("node")
    need(node is not None, "node")
    assert node is not None
    env = {**os.environ, "CARDTABLE_PYTHON": sys.executable}  # the catalogs' JSON, made by the server's code
    done = subprocess.run(
        [node, "--test", "tests/js"], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False, env=env
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
