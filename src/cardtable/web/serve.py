"""``cardtable serve`` and ``cardtable db upgrade``: run the server, or migrate its database."""

from __future__ import annotations

import sys
from typing import Any

import uvicorn

from cardtable.web.app import create_app
from cardtable.web.migrate import upgrade
from cardtable.web.settings import Settings


def shown_url(url: str) -> str:
    """The database URL without its password, for printing."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def check_url(url: str) -> None:
    """Refuse a database URL that SQLAlchemy cannot read or has no driver for, in one line."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    from cardtable.core import CardtableError

    try:
        make_url(url).get_dialect()
    except (ArgumentError, NoSuchModuleError, ValueError) as e:
        raise CardtableError(f"--db {url!r}: not a database URL SQLAlchemy can use ({e})") from None


def migrate(url: str) -> None:
    """Apply the migrations, or say in one line why the database cannot be reached."""
    from sqlalchemy.exc import SQLAlchemyError

    from cardtable.core import CardtableError

    check_url(url)
    try:
        upgrade(url)
    except (SQLAlchemyError, OSError) as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise CardtableError(f"database {shown_url(url)}: {first}") from None


def db_upgrade(db: str | None) -> int:
    settings = Settings(db=db or "")
    migrate(settings.db_url)
    print(f"database {shown_url(settings.db_url)} is up to date")
    return 0


def serve(host: str, port: int, db: str | None, **overrides: Any) -> int:
    """Run the server until interrupted; ``overrides`` are `Settings` fields given on the command line."""
    settings = Settings(db=db or "", **{k: v for k, v in overrides.items() if v is not None})
    migrate(settings.db_url)
    print(f"cardtable: tables are stored in {shown_url(settings.db_url)}", file=sys.stderr, flush=True)
    print(f"cardtable: serving on http://{host}:{port}/", file=sys.stderr, flush=True)
    uvicorn.run(create_app(settings), host=host, port=port, ws_max_size=65536, log_level="warning")
    return 0
