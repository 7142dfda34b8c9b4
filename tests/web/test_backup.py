"""``cardtable db backup`` and ``cardtable db restore``: a played table goes through a backup file into
another database (SQLite, and PostgreSQL and back when ``CARDTABLE_TEST_PG`` is set: skipped
locally without it, failed in CI) and a server started there serves it at its version; the backup
is one snapshot while the database is written; a file that exists, a database that holds tables,
a malformed, damaged or cut-short file, and rows the database refuses, each get one line and
status 2 and leave the database as it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import os
import random
import re
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.engine import make_url

from cardtable.cli import main
from cardtable.record import replay_record
from cardtable.web import schema
from cardtable.web.database import make_engine
from cardtable.web.ops import backup
from cardtable.web.ops.migrate import upgrade
from cardtable.web.tables import store
from tests.conftest import need
from tests.web.client import Client, Server, create, join, play


@pytest.fixture
def pg_databases() -> Iterator[Callable[[], str]]:
    """Makes empty PostgreSQL databases of this test's own, dropped at its end."""
    url = os.environ.get("CARDTABLE_TEST_PG")
    need(bool(url), "PostgreSQL (CARDTABLE_TEST_PG)")
    assert url is not None
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    made: list[str] = []

    def new() -> str:
        name = f"cardtable_backup_{secrets.token_hex(4)}"
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        made.append(name)
        return make_url(url).set(database=name).render_as_string(hide_password=False)

    try:
        yield new
    finally:
        with admin.connect() as conn:
            for name in made:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def over(msg: dict[str, Any]) -> bool:
    return msg["t"] == "table" and msg["table"]["status"] == "over"


#: The rows of the tables beyond the core in a database of tables only.
ZERO = {t.name: 0 for t in backup.TABLES if t.name not in backup.CORE_NAMES}


def rows_of(url: str) -> dict[str, int]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            names = set(conn.dialect.get_table_names(conn))
            return {
                t.name: conn.execute(select(func.count()).select_from(t)).scalar_one() if t.name in names else 0
                for t in backup.TABLES
            }
    finally:
        engine.dispose()


def body(path: Path) -> list[str]:
    """A backup's lines without the header's time of making."""
    opener: Any = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        lines = f.read().splitlines()
    header = json.loads(lines[0])
    del header["made"]
    return [json.dumps(header), *lines[1:]]


def one_refusal(capsys: pytest.CaptureFixture[str], argv: list[str], *words: str) -> str:
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtable db: "), err
    for word in words:
        assert word in err, err
    return err


async def play_some(server: Server) -> tuple[dict[str, Any], list[str], dict[str, Any]]:
    """A Smear match of two people and two bots part-played, a waiting Seep table and a closed one."""
    t = create(server, "smear", ["human", "rule", "human", "rule"], hands=2)
    made = server.post("/api/players", {"name": "Ann"})  # Ann sits down as her player
    assert made.status_code == 201, made.text
    t["player"] = made.json()["token"]
    sat = server.post(f"/api/tables/{t['table']}/join", {"invite": t["invite"], "player": t["player"]})
    assert sat.status_code == 200, sat.text
    tokens = [sat.json()["token"], join(server, t, "Ben")["token"]]
    clients = [await Client.connect(server, t["table"], tok) for tok in tokens]
    rng = random.Random(3)
    acks = 0
    while acks < 6:
        actor = next((c for c in clients if c.legal), None)
        if actor is None:
            for c in clients:  # the bots' moves, until one of the people is to act
                with contextlib.suppress(TimeoutError):
                    await c.recv(timeout=0.2)
            continue
        await actor.send({"t": "act", "v": actor.v, "action": rng.choice(actor.legal), "id": f"a{actor.v}"})
        acks += (await actor.until(lambda m: m["t"] in ("ack", "rejected")))["t"] == "ack"
    for c in clients:
        await c.close()
    create(server, "seep", ["human", "human", "rule", "rule"])
    event = server.post("/api/tournaments", {"name": "Germanfest", "game": "sheepshead", "rounds": 2, "hands": 2})
    assert event.status_code == 201, event.text
    t["tournament"] = event.json()["tournament"]
    assert server.post(f"/api/tournaments/{t['tournament']}/entrants", {"name": "Cy"}).status_code == 201
    closed = create(server, "sheepshead", ["rule"] * 5, hands=1)
    assert server.post(f"/api/tables/{closed['table']}/close", {"host": closed["host"]}).status_code == 200
    listed = {s["id"]: s for s in (server.get(f"/api/tables/{i}").json() for i in table_ids(server.db))}
    return t, tokens, listed


def table_ids(url: str) -> list[str]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return [r[0] for r in conn.execute(select(schema.tables.c.id))]
    finally:
        engine.dispose()


async def check_served(url: str, t: dict[str, Any], tokens: list[str], before: dict[str, Any]) -> None:
    """A server on ``url`` serves every table as it was, and the Smear match plays on to its end."""
    server = Server(url).start()
    try:
        after = {i: server.get(f"/api/tables/{i}").json() for i in before}
        assert after == before  # every table, at its version, with its seats and status
        me = server.post("/api/players/me", {"token": t["player"]})  # the player, and her table
        assert me.status_code == 200 and t["table"] in me.text, me.text
        event = server.get(f"/api/tournaments/{t['tournament']}")  # the tournament and its entrant
        assert event.status_code == 200 and "Cy" in event.text, event.text
        back = [await Client.connect(server, t["table"], tok) for tok in tokens]
        assert back[0].v == before[t["table"]]["version"]
        rng = random.Random(4)
        await asyncio.gather(*(play(c, lambda c: rng.choice(c.legal), over) for c in back))
        record = server.get(f"/api/tables/{t['table']}/record").json()
        assert len(record["hands"]) == 2 and replay_record(record)[0] == 0
    finally:
        server.stop()


async def test_a_table_backed_up_while_served_restores_into_sqlite_and_plays_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = f"sqlite:///{tmp_path / 'source.db'}"
    server = Server(source).start()
    try:
        t, tokens, before = await play_some(server)
        file = tmp_path / "tables.jsonl.gz"
        assert main(["db", "backup", str(file), "--db", source]) == 0  # the server is still running
    finally:
        server.stop()
    assert "backed up 3 tables, 13 seats" in capsys.readouterr().out
    target = f"sqlite:///{tmp_path / 'restored' / 'tables.db'}"
    assert main(["db", "restore", str(file), "--db", target]) == 0
    assert rows_of(target) == rows_of(source)
    await check_served(target, t, tokens, before)


async def test_sqlite_to_postgresql_and_back(
    tmp_path: Path, pg_databases: Callable[[], str], capsys: pytest.CaptureFixture[str]
) -> None:
    pg = pg_databases()
    source = f"sqlite:///{tmp_path / 'source.db'}"
    server = Server(source).start()
    try:
        t, tokens, before = await play_some(server)
    finally:
        server.stop()
    first, second = tmp_path / "from-sqlite.jsonl", tmp_path / "from-pg.jsonl"
    assert main(["db", "backup", str(first), "--db", source]) == 0
    assert main(["db", "restore", str(first), "--db", pg]) == 0
    assert rows_of(pg) == rows_of(source)
    assert main(["db", "backup", str(second), "--db", pg]) == 0
    assert body(second) == body(first)  # the same rows, the same values, whichever database
    back = f"sqlite:///{tmp_path / 'back.db'}"
    assert main(["db", "restore", str(second), "--db", back]) == 0
    await check_served(pg, t, tokens, before)
    await check_served(back, t, tokens, before)
    # A PostgreSQL database that holds tables is refused like a SQLite one.
    one_refusal(capsys, ["db", "restore", str(first), "--db", pg], "already holds tables")


def filled(url: str, tables: int = 2) -> None:
    """A migrated database with ``tables`` tables, their seats and a few actions, written as the
    server writes them."""
    upgrade(url)
    s = store.Store(url)
    try:
        for n in range(tables):
            add_table(s, f"t{n}")
    finally:
        s.close()


def add_table(s: store.Store, table_id: str) -> None:
    row = store.TableRow(table_id, "seep", None, {"deck": "full"}, True, 1, 30.0, "h" * 64, "i" * 64, "playing")
    seats = [store.SeatRow(i, "human" if i < 2 else "rule", f"P{i}" if i < 2 else None, None) for i in range(4)]
    s.create_table(row, seats)
    s.append(table_id, store.ActionRow(1, -1, "deal", {"deck": [1, 2, 3], "salt": "ab"}, None, False))
    s.append(table_id, store.ActionRow(2, 1, "bid 9", None, "c1", False))


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_the_backup_is_one_snapshot_while_the_database_is_written(
    tmp_path: Path, database: str, request: pytest.FixtureRequest
) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}" if database == "sqlite" else request.getfixturevalue("pg_databases")()
    filled(url)
    engine = make_engine(url)
    writer = store.Store(url)
    try:
        lines = backup.dump(engine)
        taken = [next(lines), next(lines)]  # the header and the first table: the snapshot is taken
        add_table(writer, "later")  # committed while the backup reads
        writer.append("t0", store.ActionRow(3, 0, "play", None, "c2", False))
        rest = list(lines)
    finally:
        writer.close()
        engine.dispose()
    rows = [json.loads(line) for line in taken[1:] + rest[:-1]]
    assert json.loads(rest[-1])["end"] == {"tables": 2, "seats": 8, "actions": 4} | ZERO
    assert "later" not in {r["row"][0] for r in rows} and len(rows) == 14
    assert rows_of(url) == {"tables": 3, "seats": 12, "actions": 7} | ZERO  # the writes did happen


@pytest.fixture
def saved(tmp_path: Path) -> tuple[str, Path]:
    """A SQLite database with two tables and its backup file."""
    url = f"sqlite:///{tmp_path / 'source.db'}"
    filled(url)
    file = tmp_path / "backup.jsonl"
    assert main(["db", "backup", str(file), "--db", url]) == 0
    return url, file


def test_a_backup_file_is_replaced_only_with_force(
    saved: tuple[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, file = saved
    file.write_text("keep me\n")
    one_refusal(capsys, ["db", "backup", str(file), "--db", url], "already exists", "--force")
    assert file.read_text() == "keep me\n"
    assert main(["db", "backup", str(file), "--db", url, "--force"]) == 0
    assert json.loads(file.read_text().splitlines()[-1])["end"] == {"tables": 2, "seats": 8, "actions": 4} | ZERO
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []  # no temporary file left
    one_refusal(capsys, ["db", "backup", str(tmp_path / "no" / "such" / "folder.jsonl"), "--db", url], "folder")
    one_refusal(capsys, ["db", "backup", "--db", url], "needs the backup FILE")


def test_restore_refuses_a_database_that_holds_tables(
    saved: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    url, file = saved
    one_refusal(capsys, ["db", "restore", str(file), "--db", url], "already holds tables")
    assert rows_of(url) == {"tables": 2, "seats": 8, "actions": 4} | ZERO


def test_restore_refuses_every_cut_of_the_file_and_touches_nothing(
    saved: tuple[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, file = saved
    data = file.read_bytes()
    cut = tmp_path / "cut.jsonl"
    target = tmp_path / "target.db"
    for n in range(len(data)):
        cut.write_bytes(data[:n])
        one_refusal(capsys, ["db", "restore", str(cut), "--db", f"sqlite:///{target}"])
        assert not target.exists()  # refused before the database was touched
    gz = tmp_path / "cut.jsonl.gz"
    whole = gzip.compress(data)
    for n in range(0, len(whole), 7):
        gz.write_bytes(whole[:n])
        one_refusal(capsys, ["db", "restore", str(gz), "--db", f"sqlite:///{target}"])
        assert not target.exists()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda lines: ["not json", *lines[1:]], ("line 1", "not JSON")),
        (lambda lines: ['{"format": "something else"}', *lines[1:]], ("not a cardtable backup",)),
        (lambda lines: [lines[0].replace('"version":1', '"version":9'), *lines[1:]], ("format version 9",)),
        (
            lambda lines: [re.sub('"revision":"[^"]*"', '"revision":"9999"', lines[0]), *lines[1:]],
            ("'9999'", "upgrade cardtable"),
        ),
        (lambda lines: [lines[0].replace('"game"', '"colour"'), *lines[1:]], ("columns of 'tables'",)),
        (lambda lines: [lines[0], '{"table": "users", "row": []}', *lines[1:]], ("line 2", "known table")),
        (lambda lines: [*lines[:2], lines[2].replace('"seep"', "7"), *lines[3:]], ("line 3", "tables.game")),
        (lambda lines: [*lines[:2], lines[2].replace("true", '"yes"', 1), *lines[3:]], ("tables.public",)),
        (
            lambda lines: [lines[0], lines[1].rsplit(",", 1)[0] + "]}", *lines[2:]],
            ("line 2", f"values for the {len(schema.tables.columns)}"),
        ),
        (lambda lines: [*lines[:-2], lines[-1]], ("end line counts",)),  # a row missing
        (lambda lines: [*lines, lines[1]], ("after the end line",)),
        (lambda lines: [*lines[:-1], '{"end": "soon"}'], ("malformed end line",)),
        (lambda lines: [], ("empty",)),
    ],
)
def test_restore_refuses_a_malformed_file_in_one_line(
    saved: tuple[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, words: tuple[str, ...]
) -> None:
    _, file = saved
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(line + "\n" for line in change(file.read_text().splitlines())))
    target = tmp_path / "target.db"
    one_refusal(capsys, ["db", "restore", str(bad), "--db", f"sqlite:///{target}"], *words)
    assert not target.exists()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_restore_is_one_transaction(
    saved: tuple[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], database: str,
    request: pytest.FixtureRequest,
) -> None:  # fmt: skip
    """A file well formed throughout whose last seat the database refuses (a second seat 3 of a
    table, after the tables went in) restores nothing at all."""
    _, file = saved
    lines = file.read_text().splitlines()
    seat_lines = [i for i, line in enumerate(lines) if line.startswith('{"table":"seats"')]
    lines.insert(seat_lines[-1] + 1, lines[seat_lines[-1]])
    end = json.loads(lines[-1])
    end["end"]["seats"] += 1
    lines[-1] = json.dumps(end)
    bad = tmp_path / "twice.jsonl"
    bad.write_text("".join(line + "\n" for line in lines))
    if database == "sqlite":
        target, word = f"sqlite:///{tmp_path / 'target.db'}", "UNIQUE"
    else:
        target, word = request.getfixturevalue("pg_databases")(), "duplicate key"
    one_refusal(capsys, ["db", "restore", str(bad), "--db", target], word)
    assert rows_of(target) == {"tables": 0, "seats": 0, "actions": 0} | ZERO
    # The same database, still empty, takes the whole file afterwards.
    assert main(["db", "restore", str(file), "--db", target]) == 0
    assert rows_of(target) == {"tables": 2, "seats": 8, "actions": 4} | ZERO


def head() -> str:
    """The newest schema revision this cardtable ships."""
    from alembic.script import ScriptDirectory

    from cardtable.web.ops.migrate import MIGRATIONS

    newest = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert newest is not None
    return newest


def old_database(url: str) -> None:
    """A database at the first schema revision (before the hints switch) with one table."""
    from alembic import command
    from alembic.config import Config

    from cardtable.web.ops.migrate import MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, "0001")
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO tables (id, game, rules, public, host_hash, invite_hash, status, created) "
                "VALUES ('old', 'seep', '{}', 1, 'h', 'i', 'waiting', 1.5)"
            )
        )
    engine.dispose()


@pytest.mark.parametrize("target_first", [None, "upgrade"])
def test_a_backup_of_an_older_schema_restores_and_is_migrated(
    tmp_path: Path, target_first: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A backup made before an upgrade (schema 0001) restores into an empty database, new or
    already migrated to the newest schema, and comes out migrated: the table gains its hints
    switch, on, as the migration gives it."""
    source = f"sqlite:///{tmp_path / 'old.db'}"
    old_database(source)
    file = tmp_path / "old.jsonl"
    assert main(["db", "backup", str(file), "--db", source]) == 0
    assert json.loads(file.read_text().splitlines()[0])["revision"] == "0001"
    assert "hints" not in json.loads(file.read_text().splitlines()[0])["columns"]["tables"]
    target = f"sqlite:///{tmp_path / 'new.db'}"
    if target_first:
        upgrade(target)
    assert main(["db", "restore", str(file), "--db", target]) == 0
    loaded = store.Store(target)
    try:
        found = loaded.load("old")
    finally:
        loaded.close()
    assert found is not None and found[0].hints is True and found[0].status == "waiting"
    with create_engine(target).connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == head()


def test_backup_refuses_a_database_without_the_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    one_refusal(capsys, ["db", "backup", str(tmp_path / "b.jsonl"), "--db", url], "empty.db: no such file")
    assert not (tmp_path / "empty.db").exists()
    create_engine(url).connect().close()  # an empty SQLite file
    one_refusal(capsys, ["db", "backup", str(tmp_path / "b.jsonl"), "--db", url], "no cardtable tables")
    assert not (tmp_path / "b.jsonl").exists()
    one_refusal(capsys, ["db", "restore", str(tmp_path / "missing.jsonl"), "--db", url], "no such file")


def test_a_database_that_cannot_be_reached_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    nowhere = "postgresql+psycopg://nobody@127.0.0.1:1/none"
    one_refusal(capsys, ["db", "backup", str(tmp_path / "b.jsonl"), "--db", nowhere], "database postgresql")
    assert not (tmp_path / "b.jsonl").exists()
    filled(f"sqlite:///{tmp_path / 'source.db'}")
    assert main(["db", "backup", str(tmp_path / "b.jsonl"), "--db", f"sqlite:///{tmp_path / 'source.db'}"]) == 0
    one_refusal(capsys, ["db", "restore", str(tmp_path / "b.jsonl"), "--db", nowhere], "database postgresql")
    one_refusal(capsys, ["db", "restore", str(tmp_path / "b.jsonl"), "--db", "nosuchdb://x"], "not a database URL")
