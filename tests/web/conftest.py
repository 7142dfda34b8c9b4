"""Fixtures for the web table's tests: one real server per module, on SQLite or PostgreSQL."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from tests.web.client import Server


def pg_url() -> str | None:
    return os.environ.get("CARDTABLE_TEST_PG") or None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db: Path = tmp_path_factory.mktemp("web") / "tables.db"
    s = Server(f"sqlite:///{db}").start()
    try:
        yield s
    finally:
        s.stop()
