"""The database behind the server: its engine, and its URL checked and shown without a password."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event


def shown_url(url: str) -> str:
    """The database URL without its password, for printing."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def sqlite_file(url: str) -> str:
    """The file of a ``sqlite:///`` URL, without the URL's query (``?timeout=20&...``)."""
    from sqlalchemy.engine import make_url

    return make_url(url).database or ""


def check_url(url: str) -> None:
    """Refuse a database URL that SQLAlchemy cannot read or has no driver for, in one line."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    from cardtable.core import CardtableError

    try:
        make_url(url).get_dialect()
    except (ArgumentError, NoSuchModuleError, ValueError) as e:
        raise CardtableError(f"--db {url!r}: not a database URL SQLAlchemy can use ({e})") from None


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, full sync and a busy timeout, so that a commit has
    reached the disk before it returns and concurrent writers wait instead of failing."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        return engine
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


@contextmanager
def snapshot(engine: Engine) -> Iterator[Connection]:
    """A connection whose reads all see the database at one moment, for a view read in several
    statements (a page's ratings and its tables' counts, a tournament and its rounds): without it
    each statement sees the commits made before it, and a view read while a hand is rated or a
    round ends could show the round over in a tournament still playing. PostgreSQL reads in one
    REPEATABLE READ transaction; SQLite (WAL) in one read transaction, which its driver does not
    begin for reads by itself."""
    if engine.dialect.name == "sqlite":
        with engine.connect() as conn:
            conn.exec_driver_sql("BEGIN")  # the snapshot is taken at the first read
            try:
                yield conn
            finally:
                conn.rollback()
        return
    with engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn, conn.begin():
        yield conn


def outage(exc: BaseException) -> str | None:
    """What went wrong in one line, when ``exc`` is not a bug but the world: the database not
    answering (an outage, a restart, a lost connection, a pool with no connection free) or a
    table that another server process took over; ``None`` for anything else, a bug whose
    traceback the log must keep."""
    from sqlalchemy import exc as sa

    from cardtable.strict import one_line
    from cardtable.web.errors import Refused

    if isinstance(exc, Refused) and exc.reason in ("elsewhere", "busy"):
        return one_line(exc.message, 200)
    if isinstance(exc, sa.OperationalError | sa.InterfaceError | sa.TimeoutError | sa.DisconnectionError):
        cause = exc.orig if isinstance(exc, sa.DBAPIError) and exc.orig is not None else exc
        first = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
        return f"the database does not answer ({one_line(first, 160)})"
    return None
