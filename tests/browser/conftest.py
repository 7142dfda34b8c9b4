"""Fixtures for the browser tests: a real server (``cardtable serve`` on a free loopback port) and
Debian's Chromium driven by Playwright, launched by path (no ``playwright install``).

Without Chromium these tests skip locally and fail in CI (`tests.conftest.need`).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import need

pytest.importorskip("fastapi")
sync_api = pytest.importorskip("playwright.sync_api")

from tests.web.client import Server  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
#: Screenshots and other things to look at after a run (ignored by git).
ARTIFACTS = ROOT / "test-artifacts"


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("browser") / "tables.db"
    s = Server(f"sqlite:///{db}").start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="module")
def chromium() -> Iterator[sync_api.Browser]:
    path = chromium_path()
    need(path is not None, "Chromium (apt install chromium)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
