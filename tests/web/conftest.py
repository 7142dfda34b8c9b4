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


@pytest.fixture
def pg_db() -> Iterator[str]:
    """A PostgreSQL database of the test's own on ``CARDTABLE_TEST_PG`` (skips locally without it,
    fails in CI), dropped afterwards."""
    import secrets

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from tests.conftest import need

    url = pg_url()
    need(url is not None, "PostgreSQL (CARDTABLE_TEST_PG)")
    assert url is not None
    name = f"cardtable_test_{secrets.token_hex(4)}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
