"""The server's settings: where it stores tables, its pauses and its limits."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path


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
    #: For tests and benchmarks only: deals, dealers and bots' choices drawn from this seed (with
    #: the game and the version), so two runs play the same; such deals are not secret.
    seed: int | None = None

    @property
    def db_url(self) -> str:
        return self.db or default_db_url()
