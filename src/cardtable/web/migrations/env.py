"""Alembic's entry point for the table server's migrations (run by `cardtable.web.migrate`).

Alembic executes this file with its migration context set up; imported any other way (a doctest
collector walking the package) it does nothing.
"""

from __future__ import annotations

from alembic import context

from cardtable.web.store import make_engine


def run() -> None:
    """Apply the migrations over one connection to the configured database."""
    url = context.config.get_main_option("sqlalchemy.url")
    assert url is not None
    engine = make_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, render_as_batch=url.startswith("sqlite"))
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if hasattr(context, "config"):  # only when Alembic runs this file
    run()
