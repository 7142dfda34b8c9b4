"""Alembic's entry point for the table server's migrations (run by `cardtable.web.ops.migrate`).

Alembic executes this file with its migration context set up; imported any other way (a doctest
collector walking the package) it does nothing.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from cardtable.web.database import make_engine

#: The PostgreSQL advisory lock that several servers starting at once take to migrate one at a time.
MIGRATION_LOCK = 7_240_001


def run() -> None:
    """Apply the migrations over one connection to the configured database."""
    url = context.config.get_main_option("sqlalchemy.url")
    assert url is not None
    engine = make_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, render_as_batch=url.startswith("sqlite"))
        with context.begin_transaction():
            if connection.dialect.name == "postgresql":  # several servers may start at once
                connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
            context.run_migrations()
    engine.dispose()


if hasattr(context, "config"):  # only when Alembic runs this file
    run()
