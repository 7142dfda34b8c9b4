"""Bring a database's schema up to date with the migrations shipped in the package."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from cardtable.web.database import sqlite_file

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


def upgrade(url: str) -> None:
    """Apply every migration not yet applied to the database at ``url`` (a SQLite file's folder is
    made first)."""
    if url.startswith("sqlite:///") and not url.startswith("sqlite:///:memory:"):
        Path(sqlite_file(url)).parent.mkdir(parents=True, exist_ok=True)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(config, "head")
