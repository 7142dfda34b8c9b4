"""A view read in several statements sees the database at one moment (`database.snapshot`): a
commit made between its reads shows in none of them, on SQLite and on PostgreSQL; and a write
after the view still lands."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, text

from cardtable.web.database import make_engine, snapshot


def _made(engine: Engine) -> Engine:
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE rounds_seen (n INTEGER PRIMARY KEY, status VARCHAR(10))"))
        conn.execute(text("INSERT INTO rounds_seen VALUES (1, 'playing'), (2, 'playing')"))
    return engine


def _two_reads_around_a_commit(engine: Engine) -> None:
    with snapshot(engine) as conn:
        first = conn.execute(text("SELECT status FROM rounds_seen WHERE n = 1")).scalar_one()
        with engine.begin() as other:  # the round ends between the view's two reads
            other.execute(text("UPDATE rounds_seen SET status = 'over'"))
        second = conn.execute(text("SELECT status FROM rounds_seen WHERE n = 2")).scalar_one()
    assert (first, second) == ("playing", "playing")
    with engine.connect() as conn:  # the commit is there for the next view
        assert conn.execute(text("SELECT count(*) FROM rounds_seen WHERE status = 'over'")).scalar_one() == 2
    with engine.begin() as conn:  # the view held no lock that stops a writer afterwards
        conn.execute(text("UPDATE rounds_seen SET status = 'done'"))


def test_a_view_on_sqlite_sees_one_moment(tmp_path: Path) -> None:
    engine = _made(make_engine(f"sqlite:///{tmp_path / 'v.db'}"))
    try:
        _two_reads_around_a_commit(engine)
    finally:
        engine.dispose()


def test_a_view_on_postgresql_sees_one_moment(pg_db: str) -> None:
    engine = _made(make_engine(pg_db))
    try:
        _two_reads_around_a_commit(engine)
    finally:
        engine.dispose()


def test_without_it_the_second_read_sees_the_commit(tmp_path: Path) -> None:
    """What the snapshot is for: a plain connection's second read sees the commit made after its
    first (so the test above can fail)."""
    engine = _made(make_engine(f"sqlite:///{tmp_path / 'v.db'}"))
    try:
        with engine.connect() as conn:
            first = conn.execute(text("SELECT status FROM rounds_seen WHERE n = 1")).scalar_one()
            with engine.begin() as other:
                other.execute(text("UPDATE rounds_seen SET status = 'over'"))
            second = conn.execute(text("SELECT status FROM rounds_seen WHERE n = 2")).scalar_one()
        assert (first, second) == ("playing", "over")
    finally:
        engine.dispose()
