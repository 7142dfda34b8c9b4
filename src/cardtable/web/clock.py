"""The server's wall clock: the time that turn-based deadlines, sign-in links, sessions and quiet
hours are measured in (seconds since the epoch).

Live tables time a person's move with the monotonic clock, which no one sets; a turn-based table
measures hours and days that must survive restarts, so its deadlines are wall-clock times stored in
the database, and every room reads that time from one `Clock`. A test that plays through simulated
days needs to move that clock, in its own process (`ManualClock`) or in a server it started
(`FileClock`, named by ``CARDTABLE_CLOCK_FILE``: the file holds how many seconds the clock runs
ahead of the machine's). An operator never sets it; `serve` prints a warning when it is set.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Protocol

#: The environment variable that names a `FileClock`'s file (tests only).
CLOCK_FILE = "CARDTABLE_CLOCK_FILE"


class Clock(Protocol):
    def now(self) -> float:
        """The time now, in seconds since the epoch."""
        ...


class SystemClock:
    """The machine's clock."""

    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock a test moves by hand: it starts at ``start`` (default: the machine's time) and
    stands still until `advance` or `set` moves it."""

    def __init__(self, start: float | None = None) -> None:
        self.t = time.time() if start is None else start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds

    def set(self, t: float) -> None:
        self.t = t


class FileClock:
    """The machine's clock plus an offset read from a file (a decimal number of seconds; a missing,
    empty or unreadable file counts as 0), so that a test can move a server process's clock by
    writing the file. The file is read again only when it changed."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._seen: tuple[int, int] | None = None
        self._offset = 0.0

    def offset(self) -> float:
        try:
            st = self.path.stat()
        except OSError:
            self._seen, self._offset = None, 0.0
            return 0.0
        key = (st.st_mtime_ns, st.st_size)
        if key != self._seen:
            try:
                self._offset = float(self.path.read_text(encoding="utf-8").strip() or 0.0)
            except (OSError, ValueError):
                self._offset = 0.0
            self._seen = key
        return self._offset

    def now(self) -> float:
        return time.time() + self.offset()


def from_environment(environ: dict[str, str] | None = None) -> Clock:
    """A `FileClock` when ``CARDTABLE_CLOCK_FILE`` is set, else the machine's clock."""
    path = (os.environ if environ is None else environ).get(CLOCK_FILE)
    return FileClock(path) if path else SystemClock()
