"""The documentation site builds with no warning (``mkdocs build --strict``): every page in the
navigation, every link between pages, and the API reference from the docstrings."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

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
    assert dead_links(tmp_path / "site") == []


def dead_links(site: Path) -> list[str]:
    """Every relative link of the built site that leads to no file (a page's folder needs its
    index.html), as ``page -> link``."""
    dead = []
    for page in site.rglob("*.html"):
        for link in re.findall(r'(?:href|src)="([^"#?]+)', page.read_text(errors="replace")):
            if urlsplit(link).scheme or link.startswith(("/", "mailto:")):
                continue
            target = (page.parent / unquote(link)).resolve()
            if not (target.is_file() or (target / "index.html").is_file()):
                dead.append(f"{page.relative_to(site)} -> {link}")
    return sorted(set(dead))


def test_the_docs_name_no_file_outside_this_repository() -> None:
    """A path the docs name in backticks, or link to, is a file of this repository (or one a
    command writes); nothing names the project's private notes."""
    outside = []
    for doc in [*(ROOT / "docs").glob("*.md"), ROOT / "README.md"]:
        text = doc.read_text()
        if re.search(r"\bshared/(spec|rules|design)\b", text):
            outside.append(f"{doc.name}: names shared/…")
        for path in re.findall(r"`((?:docs|examples|tests|src|bench|tools)/[\w./-]+\.\w+)`", text):
            if not (ROOT / path).exists():
                outside.append(f"{doc.name}: {path}")
    assert outside == []
