"""``cardtable db backup`` and ``cardtable db restore``: the table server's database as a portable file.

A backup is JSON lines (gzip-compressed when the file's name ends in ``.gz``): a header naming the
format, its version, the schema revision (the Alembic revision of `cardtable.web.migrations`) and
the columns of each table; then one line a row (``{"table": "seats", "row": [...]}``), tables
before seats before actions; then an end line counting the rows of each table, so that a file cut
short is told from a whole one. The same file restores into SQLite or PostgreSQL, whichever it
came from.

The backup reads every table in one transaction that sees one snapshot (SQLite's ``BEGIN`` in WAL
mode, PostgreSQL's ``REPEATABLE READ``), so it may run while a server writes: it holds no lock
that stops the server, and what it writes is the database as it was at one moment.

A restore goes only into a database that holds no tables yet. It checks the whole file first (a
malformed or truncated one is refused before the database is touched), brings the schema to the
backup's revision, inserts every row in one transaction (all or nothing), and then applies the
later migrations, so a backup made by an older version of cardtable restores into a newer one. A
backup from a newer version than the one installed is refused.
"""

from __future__ import annotations

import contextlib
import datetime
import gzip
import json
import os
import tempfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from alembic import command as alembic
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Connection, Engine, Table, func, insert, inspect, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.types import JSON, Boolean, Float, Integer, String

from cardtable.core import CardtableError
from cardtable.record import check_writable
from cardtable.web import schema
from cardtable.web.database import check_url, make_engine, shown_url, sqlite_file
from cardtable.web.ops.migrate import MIGRATIONS

FORMAT = "cardtable-db-backup"
VERSION = 1
#: The tables every backup holds, in the order their rows are written and restored (a seat or an
#: action names its table).
CORE: tuple[Table, ...] = (schema.tables, schema.seats, schema.actions)
CORE_NAMES = frozenset(t.name for t in CORE)
#: Every table a backup may hold, in that order: the core, then those added by later migrations
#: (players and ratings; tournaments; the players' pages; puzzle ratings; players' e-mail
#: addresses), which a backup made before them does not name.
TABLES: tuple[Table, ...] = (
    *CORE,
    schema.players,
    schema.seat_players,
    schema.ratings,
    schema.rated_hands,
    schema.hand_history,
    schema.table_results,
    schema.stat_totals,
    schema.tournaments,
    schema.entrants,
    schema.rounds,
    schema.round_tables,
    schema.results,
    schema.result_changes,
    schema.puzzle_ratings,
    schema.puzzle_scores,
    schema.puzzle_answers,
    schema.player_emails,
    schema.sessions,
    schema.passkeys,
    schema.notice_prefs,
    schema.push_subscriptions,
    schema.server_keys,
)
#: Rows inserted at once during a restore.
BATCH = 500


class BadBackup(CardtableError):
    """A backup file that cannot be restored: malformed, cut short, or from an unknown schema."""


@dataclass(frozen=True)
class Counts:
    """How many rows of each table a backup holds."""

    rows: dict[str, int]

    def __str__(self) -> str:
        shown = [t for t in TABLES if t.name in CORE_NAMES or self.rows.get(t.name)]  # the core, and what else has rows
        return ", ".join(
            f"{self.rows.get(t.name, 0)} {t.name[:-1] if self.rows.get(t.name) == 1 else t.name}" for t in shown
        )


def backup(url: str, path: str | Path, force: bool = False) -> Counts:
    """Write the database at ``url`` to ``path``; an existing file is replaced only with ``force``.

    The file is written beside ``path`` under a temporary name and moved into place only once
    whole and on disk, so an interrupted backup never leaves a half file under the backup's name.
    """
    check_url(url)
    p = check_writable(path, force)
    if url.startswith("sqlite:///") and not Path(sqlite_file(url)).is_file():
        raise CardtableError(f"database {shown_url(url)}: no such file")
    engine = make_engine(url)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent if str(p.parent) else ".")
    os.close(fd)
    try:
        line = ""
        with _text_file(Path(tmp), True, _compressed(p)) as out:
            for line in dump(engine):
                out.write(line + "\n")
            out.flush()
            os.fsync(out.fileno())
        if force:
            os.replace(tmp, p)
        else:
            try:
                os.link(tmp, p)  # fails, rather than replaces, if the file appeared meanwhile
            except FileExistsError:
                raise CardtableError(f"{p}: already exists (use --force to replace it)") from None
            os.unlink(tmp)
        return Counts(json.loads(line)["end"])  # the end line counts the rows
    except SQLAlchemyError as e:
        raise CardtableError(f"database {shown_url(url)}: {_first_line(e)}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        engine.dispose()


def dump(engine: Engine) -> Iterator[str]:
    """The backup's lines (without their newlines), read in one snapshot.

    A generator: the snapshot's transaction stays open until the last line is taken.
    """
    with _snapshot(engine) as conn:
        revision = MigrationContext.configure(conn).get_current_revision()
        if revision is None:
            raise CardtableError("the database holds no cardtable tables (nothing to back up)")
        _known(revision, "the database's schema")
        names = set(inspect(conn).get_table_names())
        columns: dict[str, list[str]] = {}
        for table in TABLES:
            if table.name not in names:
                if table.name in CORE_NAMES:
                    raise CardtableError(f"the database has no {table.name!r} table at revision {revision}")
                continue  # a table of a later migration than the database's
            present = {c["name"] for c in inspect(conn).get_columns(table.name)}
            columns[table.name] = [c.name for c in table.columns if c.name in present]
        header = {
            "format": FORMAT,
            "version": VERSION,
            "revision": revision,
            "made": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "columns": columns,
        }
        rows: dict[str, int] = {t.name: 0 for t in TABLES if t.name in columns}
        yield _json(header)
        for table in TABLES:
            if table.name not in columns:
                continue
            cols = [table.c[name] for name in columns[table.name]]
            query = select(*cols).order_by(*table.primary_key.columns)
            # yield_per: PostgreSQL streams the rows through a server-side cursor rather than
            # loading a whole table into memory first
            for row in conn.execute(query.execution_options(yield_per=BATCH)):
                rows[table.name] += 1
                yield _json({"table": table.name, "row": list(row)})
        yield _json({"end": rows})


def restore(url: str, path: str | Path) -> Counts:
    """Restore the backup at ``path`` into the database at ``url``, which must hold no tables."""
    check_url(url)
    p = Path(path)
    if not p.is_file():
        raise CardtableError(f"{p}: no such file" if not p.exists() else f"{p}: not a regular file")
    # First the whole file is checked, so that a damaged one is refused before the database is
    # touched; then it is read again into one transaction.
    with _text_file(p, False, _compressed(p)) as lines:
        numbered = _numbered(p, lines)
        header = _header(p, numbered)
        _known(header["revision"], f"{p}: the backup's schema")
        load(None, p, header, numbered)
    engine = _engine(url)
    try:
        _ready(engine, url, header["revision"])
        with (
            _text_file(p, False, _compressed(p)) as lines,
            engine.begin() as conn,
        ):  # one transaction: every row, or none
            numbered = _numbered(p, lines)
            next(numbered)
            counts = load(conn, p, header, numbered)
        _migrate(url, "head")
        return counts
    except SQLAlchemyError as e:
        raise CardtableError(f"database {shown_url(url)}: {_first_line(e)}") from None
    finally:
        engine.dispose()


def load(conn: Connection | None, name: str | Path, header: dict[str, Any], lines: Iterator[tuple[int, str]]) -> Counts:
    """Insert the rows of ``lines`` (after the header) over ``conn``, or only check them when
    ``conn`` is None; refuse anything malformed, a value of the wrong kind for its column, and a
    file without its end line or with rows missing."""
    columns: dict[str, list[str]] = header["columns"]
    by_name = {t.name: t for t in TABLES}
    rows: dict[str, int] = {t.name: 0 for t in TABLES if t.name in columns}
    batch: list[dict[str, Any]] = []
    batch_table: str | None = None
    end: dict[str, Any] | None = None
    for number, text in lines:
        where = f"{name} line {number}"
        if end is not None:
            raise BadBackup(f"{where}: something after the end line")
        obj = _parse(where, text)
        if "end" in obj:
            end = obj
            continue
        table_name, row = obj.get("table"), obj.get("row")
        if table_name not in columns or not isinstance(row, list):
            raise BadBackup(f"{where}: not a row of a known table")
        names = columns[table_name]
        if len(row) != len(names):
            raise BadBackup(f"{where}: {len(row)} values for the {len(names)} columns of {table_name}")
        table = by_name[table_name]
        for col, value in zip(names, row, strict=True):
            _check_value(where, table, col, value)
        if table_name != batch_table and batch:
            _insert(conn, by_name[batch_table or ""], batch)
            batch = []
        batch_table = table_name
        batch.append(dict(zip(names, row, strict=True)))
        rows[table_name] += 1
        if len(batch) >= BATCH:
            _insert(conn, table, batch)
            batch = []
    if batch:
        _insert(conn, by_name[batch_table or ""], batch)
    if end is None:
        raise BadBackup(f"{name}: cut short (no end line); nothing was restored")
    if end["end"] != rows:
        raise BadBackup(f"{name}: the end line counts {_json(end['end'])} rows, the file holds {_json(rows)}")
    return Counts(rows)


def _insert(conn: Connection | None, table: Table, batch: list[dict[str, Any]]) -> None:
    if conn is not None:
        conn.execute(insert(table), batch)


def _header(name: Path, lines: Iterator[tuple[int, str]]) -> dict[str, Any]:
    """The header line, checked: this format, a version this code reads, and columns it knows."""
    first = next(lines, None)
    if first is None:
        raise BadBackup(f"{name}: empty, not a cardtable backup")
    header = _parse(f"{name} line 1", first[1])
    if header.get("format") != FORMAT:
        raise BadBackup(f"{name}: not a cardtable backup (no {FORMAT!r} header)")
    if header.get("version") != VERSION:
        raise BadBackup(f"{name}: backup format version {header.get('version')!r}; this cardtable reads {VERSION}")
    revision, columns = header.get("revision"), header.get("columns")
    if not isinstance(revision, str) or not isinstance(columns, dict):
        raise BadBackup(f"{name}: the header lacks the schema revision or the columns")
    if not set(columns) <= {t.name for t in TABLES}:
        raise BadBackup(f"{name}: the header names tables this schema does not have")
    for table in TABLES:
        names = columns.get(table.name)
        if names is None and table.name not in CORE_NAMES:
            continue  # made before the migration that added it
        if not isinstance(names, list) or not all(isinstance(n, str) and n in table.c for n in names):
            raise BadBackup(f"{name}: the header's columns of {table.name!r} are not this schema's")
        missing = [c.name for c in table.columns if c.primary_key and c.name not in names]
        if missing:
            raise BadBackup(f"{name}: the header's columns of {table.name!r} lack {', '.join(missing)}")
    return header


def _check_value(where: str, table: Table, name: str, value: Any) -> None:
    """Refuse a value of the wrong kind for its column (SQLite would store it anyway)."""
    col = table.c[name]
    if value is None:
        if not col.nullable:
            raise BadBackup(f"{where}: {table.name}.{name} may not be empty")
        return
    kind = col.type
    ok: bool
    if isinstance(kind, Boolean):
        ok = isinstance(value, bool)
    elif isinstance(kind, Integer):
        ok = isinstance(value, int) and not isinstance(value, bool) and -(2**31) <= value < 2**31
    elif isinstance(kind, Float):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif isinstance(kind, JSON):
        ok = isinstance(value, dict)
    elif isinstance(kind, String):  # Text too
        length = getattr(kind, "length", None)
        ok = isinstance(value, str) and (length is None or len(value) <= length)
    else:  # pragma: no cover - a column type added to the schema without a check here
        ok = False
    if not ok:
        raise BadBackup(f"{where}: {table.name}.{name} holds {_json(value)[:40]}, not a value of its kind")


def _parse(where: str, text: str) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except ValueError:
        raise BadBackup(f"{where}: not JSON (the file is damaged or cut short)") from None
    except RecursionError:
        raise BadBackup(f"{where}: nested too deeply") from None
    if not isinstance(obj, dict):
        raise BadBackup(f"{where}: not a JSON object")
    if "end" in obj and not (
        isinstance(obj["end"], dict)
        and all(isinstance(v, int) and not isinstance(v, bool) for v in obj["end"].values())
    ):
        raise BadBackup(f"{where}: a malformed end line")
    return obj


def _numbered(name: Path, lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The file's lines with their numbers; a line without its newline is a file cut short, and a
    damaged compressed file or text that is not UTF-8 is refused in one line."""
    number = 0
    try:
        for number, line in enumerate(lines, 1):
            if not line.endswith("\n"):
                raise BadBackup(f"{name} line {number}: cut short (no end of line); nothing was restored")
            yield number, line
    except (EOFError, gzip.BadGzipFile, zlib.error):
        raise BadBackup(f"{name}: the compressed file is damaged or cut short after line {number}") from None
    except UnicodeDecodeError:
        raise BadBackup(f"{name} line {number + 1}: not UTF-8 text") from None


def _ready(engine: Engine, url: str, revision: str) -> None:
    """Make sure the database holds no tables, then bring its schema to ``revision`` (up, or down
    when a newer cardtable made it: it is empty, so nothing is lost)."""
    with engine.connect() as conn:
        present = set(inspect(conn).get_table_names())
        for table in TABLES:
            if table.name in present and conn.execute(select(func.count()).select_from(table)).scalar_one():
                raise CardtableError(
                    f"database {shown_url(url)} already holds tables; restore into a new, empty database"
                )
        current = MigrationContext.configure(conn).get_current_revision()
    if current is not None:
        _known(current, f"database {shown_url(url)}: its schema")
    if current == revision:
        return
    script = _scripts()
    if current is not None and revision in {r.revision for r in script.iterate_revisions(current, "base")}:
        _migrate(url, revision, down=True)
    else:
        _migrate(url, revision)


def _migrate(url: str, revision: str, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    (alembic.downgrade if down else alembic.upgrade)(config, revision)


def _scripts() -> ScriptDirectory:
    return ScriptDirectory(str(MIGRATIONS))


def _known(revision: str, what: str) -> None:
    """Refuse a schema revision that this cardtable's migrations do not have (a newer version's)."""
    try:
        found = _scripts().get_revision(revision)
    except CommandError:
        found = None
    if found is None:
        raise CardtableError(f"{what} is revision {revision!r}, which this cardtable does not know: upgrade cardtable")


@contextlib.contextmanager
def _snapshot(engine: Engine) -> Iterator[Connection]:
    """A connection whose every read sees the database at one moment, for a consistent backup."""
    if engine.dialect.name == "sqlite":
        with engine.connect() as conn:
            # Python's sqlite3 starts no transaction for a SELECT, so each would see the database
            # as it is then; an explicit BEGIN makes them one read transaction, one snapshot (WAL).
            conn.exec_driver_sql("BEGIN")
            try:
                yield conn
            finally:
                conn.rollback()
    else:
        with engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn, conn.begin():
            conn.exec_driver_sql("SET TRANSACTION READ ONLY")
            yield conn


def _engine(url: str) -> Engine:
    """An engine for ``url`` (a new SQLite file's folder is made first, as the server does)."""
    if url.startswith("sqlite:///") and not url.startswith("sqlite:///:memory:"):
        Path(sqlite_file(url)).parent.mkdir(parents=True, exist_ok=True)
    return make_engine(url)


@contextlib.contextmanager
def _text_file(path: Path, write: bool, compressed: bool) -> Iterator[IO[str]]:
    """``path`` opened as UTF-8 text for reading or writing, through gzip if ``compressed``."""
    try:
        f: IO[str]
        if compressed:
            f = gzip.open(path, "wt" if write else "rt", encoding="utf-8", newline="\n")  # noqa: SIM115
        else:
            f = open(path, "w" if write else "r", encoding="utf-8", newline="\n")  # noqa: SIM115 - closed below
    except OSError as e:
        raise CardtableError(f"{path}: {e.strerror or e}") from None
    with f:
        yield f


def _compressed(path: Path) -> bool:
    return path.name.endswith(".gz")


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def run(action: str, path: str, db: str | None, force: bool = False) -> int:
    """``cardtable db backup|restore FILE [--db URL] [--force]``: run it and say what was done."""
    from cardtable.web.settings import Settings

    url = Settings(db=db or "").db_url
    if action == "backup":
        counts = backup(url, path, force)
        print(f"backed up {counts} from {shown_url(url)} to {path}")
    else:
        counts = restore(url, path)
        print(f"restored {counts} from {path} into {shown_url(url)}")
    return 0
