"""The server's settings: where it stores tables, its pauses and its limits; and how ``serve`` and
the ``db`` commands read the settings an operator keeps outside the command line.

The database's URL and the public address may come from the command line (``--db``,
``--public-url``), from a settings file named by ``--env-file FILE``, or from the environment
(``CARDTABLE_DB``, ``CARDTABLE_PUBLIC_URL``), in that order: the first that gives one wins. The
program reads the file itself, with no shell: a URL holding ``&``, ``$`` or quotes means what it
says, and a file it cannot read is an error rather than a setting silently left out. A setting
given empty, from any of the three, is an error too: an empty ``--db`` is a mistake (a variable
that was never set), never a request for the default SQLite file (`read_given`).
"""

from __future__ import annotations

import dataclasses
import os
import re
import stat
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cardtable.core import CardtableError
from cardtable.web.clock import Clock, from_environment


def data_dir() -> Path:
    """The user's data directory for cardtable (XDG on Linux, the platform's own elsewhere)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "cardtable"


def default_db_url() -> str:
    """The default database: a SQLite file in the user's data directory."""
    return f"sqlite:///{data_dir() / 'tables.db'}"


@dataclass(frozen=True)
class Settings:
    """Everything the server can be tuned by. Times are in seconds; ``0`` pauses not at all."""

    db: str = ""
    #: Where the server listens: every address of the machine by default, so that other devices
    #: on the same network can join (``127.0.0.1``: this machine only).
    host: str = "0.0.0.0"
    port: int = 8000
    #: The server's address as others reach it through a reverse proxy (``https://cards.example.org``):
    #: links are built from it and a page's ``Origin`` must be it (web.md §5).
    public_url: str | None = None
    #: Addresses to put in links and print instead of the detected ones.
    advertise: tuple[str, ...] = ()
    #: More names (``Host`` headers) that the server answers to.
    allowed_hosts: tuple[str, ...] = ()
    #: The reverse proxies whose ``X-Forwarded-For``/``-Proto`` are believed (none: no proxy).
    trusted_proxies: tuple[str, ...] = ()
    #: The pause before a bot's move, so people can follow it.
    bot_pause: float = 0.8
    #: The pause after a hand ends, for its summary, before the next deal.
    summary_pause: float = 4.0
    #: How long a dropped person keeps the seat before a bot plays for them.
    grace: float = 60.0
    #: Worker processes for the searching bots' thinking (0: one thread in the server, for tests).
    #: The quick bots (`web.bots.QUICK`) think in a process of their own, never queued behind a search.
    bot_workers: int = 2
    #: The longest time limit a bot at a table may think per move (``search:hard@5``): a table asking
    #: for more is refused, so that no table holds the searching workers for long.
    max_bot_seconds: float = 10.0
    #: The longest message a client may send, in bytes.
    max_message: int = 4096
    #: Messages a connection may send per second on average, and in one burst.
    rate: float = 40.0
    burst: int = 80
    #: WebSocket connections from one address at once.
    connections_per_address: int = 32
    #: Tables that are not closed, on the whole server.
    max_open_tables: int = 1000
    #: A client this many versions behind (or fewer) gets the missed events instead of a snapshot.
    catch_up: int = 16
    #: The bot that plays for a person who is away or out of time.
    stand_in: str = "rule"
    #: Tables created from one address: on average one in this many seconds, and this many at once.
    create_every: float = 6.0
    create_burst: int = 10
    #: Waiting tables (a person's seat not yet taken) that one address may have at once.
    waiting_per_address: int = 20
    #: Joins from one address: on average one in this many seconds, and this many at once.
    join_every: float = 1.0
    join_burst: int = 20
    #: Records replayed for the replay viewer: the largest body, the longest replay, one address's
    #: pace (one in this many seconds, this many at once) and how many may wait at once in all.
    max_record_bytes: int = 4_000_000
    replay_seconds: float = 20.0
    replay_every: float = 2.0
    replay_burst: int = 5
    replay_queue: int = 8
    #: A table that waits this long for its people with nobody joining is closed (0: never).
    waiting_expiry: float = 6 * 3600.0
    #: A finished or abandoned table with nobody connected is closed after this long idle (0: never).
    idle_expiry: float = 24 * 3600.0
    #: How often the server looks for tables to expire and unloads closed ones from memory.
    sweep_every: float = 60.0
    #: How often each process's sender looks at the notices' outbox (docs/web.md, "Your turn").
    notice_every: float = 15.0
    #: When storing an action takes longer than this, the table's people are told the server is busy.
    busy_after: float = 1.0
    #: Seconds that a stopping server (SIGTERM) gives open connections before it closes them.
    shutdown_grace: float = 3.0
    #: Several server processes over one PostgreSQL database, each live table owned by one of them
    #: through a lease (`cardtable.web.tables.leases`); ``lease_seconds`` is a lease's term.
    cluster: bool = False
    lease_seconds: float = 10.0
    #: This process's name in the leases (default: host name, process id and a random part).
    node: str = ""
    #: Bot programs the operator offers by name (``serve --bot NAME=COMMAND``): a table seats one
    #: as ``NAME``; it speaks the bot protocol (docs/bot-protocol.md).
    bot_programs: tuple[tuple[str, str], ...] = ()
    #: For tests and benchmarks only: deals, dealers and bots' choices drawn from this seed (with
    #: the game and the version), so two runs play the same; such deals are not secret.
    seed: int | None = None
    #: The wall clock of turn-based deadlines, sign-in links, sessions and quiet hours
    #: (`cardtable.web.clock`): the machine's, unless a test moves it (``CARDTABLE_CLOCK_FILE``).
    clock: Clock = dataclasses.field(default_factory=from_environment)
    #: Where e-mail goes out (`cardtable.web.mail`): ``smtp://[USER:PASSWORD@]HOST[:PORT]``, or
    #: ``smtps://`` for TLS from the start, or ``smtp://...?starttls=1``; none: no e-mail is sent
    #: (``CARDTABLE_SMTP``).
    smtp: str | None = None
    #: The sender of the server's e-mail (``CARDTABLE_MAIL_FROM``).
    mail_from: str = "cardtable <cardtable@localhost>"

    @property
    def db_url(self) -> str:
        return self.db or default_db_url()


#: The settings read from a settings file (``--env-file``) or the environment: the variable, the
#: `Settings` field it gives, and the command line's flag that gives it instead.
FROM_ENVIRONMENT: dict[str, tuple[str, str]] = {
    "CARDTABLE_DB": ("db", "--db"),
    "CARDTABLE_PUBLIC_URL": ("public_url", "--public-url"),
    "CARDTABLE_SMTP": ("smtp", "--smtp"),
    "CARDTABLE_MAIL_FROM": ("mail_from", "--mail-from"),
}
#: The largest settings file read (a few lines are expected).
MAX_ENV_FILE = 65536

_LINE = re.compile(r"(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)")


class BadSettings(CardtableError):
    """A settings file that cannot be read or is not ``NAME=VALUE`` lines, or a setting given empty."""


def read_env_file(path: str) -> dict[str, str]:
    """The settings in the file at ``path``: ``NAME=VALUE`` lines (``export NAME=VALUE`` too), blank
    lines and ``#`` comments between them, each name one of `FROM_ENVIRONMENT` and given once. A
    value is the rest of the line with the spaces around it removed and, if it is wrapped in one
    pair of matching quotes (``"..."`` or ``'...'``), without them; nothing else in it is read
    specially (no ``$``, ``&`` or backslash means anything). `BadSettings` in one line otherwise."""
    where = f"the settings file {path!r}"
    try:  # opened without blocking, so that a FIFO given by mistake is refused, not waited on
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise BadSettings(f"{where} is not a regular file")
            raw = f.read(MAX_ENV_FILE + 1)
    except OSError as e:
        raise BadSettings(f"cannot read {where}: {e.strerror or e}") from None
    if len(raw) > MAX_ENV_FILE:
        raise BadSettings(f"{where} is over {MAX_ENV_FILE} bytes; it holds NAME=VALUE lines")
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise BadSettings(f"{where} is not UTF-8 text") from None
    out: dict[str, str] = {}
    for number, line in enumerate(text.split("\n"), 1):
        line = line.removesuffix("\r").strip()
        if not line or line.startswith("#"):
            continue
        found = _LINE.fullmatch(line)
        if found is None:
            raise BadSettings(f"{where}, line {number}: expected NAME=VALUE")
        name, value = found[1], found[2].strip()
        if name not in FROM_ENVIRONMENT:
            raise BadSettings(f"{where}, line {number}: {name} is not a setting (known: {', '.join(FROM_ENVIRONMENT)})")
        if name in out:
            raise BadSettings(f"{where}, line {number}: {name} is given twice")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        if any(not ch.isprintable() for ch in value):
            raise BadSettings(f"{where}, line {number}: {name} holds a control character")
        out[name] = value
    return out


def read_given(
    flags: Mapping[str, str | None], env_file: str | None = None, environ: Mapping[str, str] | None = None
) -> dict[str, str | None]:
    """Each setting of `FROM_ENVIRONMENT` by its `Settings` field: the command line's (``flags``,
    by field; ``None`` when not given), else the settings file's (``env_file``), else the
    environment's, else ``None``. A value given empty is refused in one line naming where it was
    given (`BadSettings`, exit status 2)."""
    environ = os.environ if environ is None else environ
    from_file = read_env_file(env_file) if env_file is not None else {}
    out: dict[str, str | None] = {}
    for name, (field, flag) in FROM_ENVIRONMENT.items():
        if flags.get(field) is not None:
            value, where = flags[field], flag
        elif name in from_file:
            value, where = from_file[name], f"{name} in {env_file}"
        elif name in environ:
            value, where = environ[name], f"the environment's {name}"
        else:
            out[field] = None
            continue
        if value is None or not value.strip():
            raise BadSettings(f"{where} is empty: give a value, or leave it out ({_left_out(field)})")
        out[field] = value
    return out


def database_url(db: str | None, env_file: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The database a command works on (`read_given`): the URL given, or the default SQLite file
    when none is given anywhere."""
    return read_given({"db": db}, env_file, environ)["db"] or default_db_url()


def _left_out(field: str) -> str:
    if field == "db":
        return f"then the tables go in {default_db_url().removeprefix('sqlite:///')}"
    if field == "public_url":
        return "then links name this machine's addresses"
    if field == "smtp":
        return "then no e-mail is sent"
    return "then the default is used"
