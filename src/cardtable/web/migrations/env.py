"""Alembic's entry point for the table server's migrations (run by `cardtable.web.migrate`)."""

from __future__ import annotations

from alembic import context

from cardtable.web.store import make_engine

config = context.config
url = config.get_main_option("sqlalchemy.url")
assert url is not None
engine = make_engine(url)
with engine.connect() as connection:
    context.configure(connection=connection, render_as_batch=url.startswith("sqlite"))
    with context.begin_transaction():
        context.run_migrations()
engine.dispose()
