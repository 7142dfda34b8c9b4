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


def _top_level(args: str) -> str:
    """``args`` with everything inside brackets left out: what a call is given at its top level."""
    out, depth = [], 0
    for c in args:
        if c in "([{":
            depth += 1
        if depth == 0:
            out.append(c)
        if c in ")]}":
            depth -= 1
    return "".join(out)


def test_no_page_gives_a_null_to_the_dom_to_write() -> None:
    """``el.replaceChildren(a, cond ? b : null)`` writes the text "null" where ``b`` would be (the
    DOM takes a null as a string), as the home page, the "Your turn" list and a turn-based table's
    panel once did; `dom.h` leaves nulls out, these DOM methods do not. Each call of the pages'
    scripts is read, and a null among its direct arguments is refused."""
    import re

    found = []
    for path in sorted((ROOT / "src/cardtable/web/static/js").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"\.(replaceChildren|append|prepend|before|after)\(", text):
            depth, j = 1, m.end()
            while depth and j < len(text):
                depth += text[j] in "([{"
                depth -= text[j] in ")]}"
                j += 1
            if re.search(
                r":\s*null\b|\?\?\s*null\b|\|\|\s*null\b|^\s*null\s*,|,\s*null\s*(,|$)",
                _top_level(text[m.end() : j - 1]),
            ):
                found.append(f"{path.name}:{text.count(chr(10), 0, m.start()) + 1}")
    assert not found, f"a null may be written as text by: {', '.join(found)}"
