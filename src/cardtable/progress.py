"""How far long work has got, on one line of standard error: ``37/200 deals · 2.4/s · 1 min 8 s
left``, for ``sim``, ``ratings calibrate`` and ``analyze``.

The line is written only when standard error is a terminal (a log file or a pipe gets nothing but
the command's own lines), and kept fresh by a thread of its own at least every `EVERY` seconds
while the work runs, so a long unit of work (one deal of a slow bot) still shows the time going
by. It is cleared when the work ends, so what is printed next starts on a clean line.

>>> import io
>>> shown = io.StringIO()
>>> with Progress("deals", 4, stream=shown, terminal=True) as p:
...     p.update(1)
>>> "1/4 deals" in shown.getvalue()
True
>>> quiet = io.StringIO()
>>> with Progress("deals", 4, stream=quiet) as p:
...     p.update(4)
>>> quiet.getvalue()
''
"""

from __future__ import annotations

import contextlib
import contextvars
import sys
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import IO, Any

from cardtable.i18n import _, written

#: The most seconds between two writes of the line while work runs.
EVERY = 1.0


def on_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a closed or replaced stream is not)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def duration(seconds: float) -> str:
    """Seconds in words for a progress line: ``45 s``, ``3 min 5 s``, ``2 h 10 min``.

    >>> duration(45.2), duration(185), duration(7800)
    ('45 s', '3 min 5 s', '2 h 10 min')
    """
    s = max(0, round(seconds))
    if s < 60:
        return _("{s} s").format(s=s)
    if s < 3600:
        return _("{min} min {s} s").format(min=s // 60, s=s % 60)
    return _("{h} h {min} min").format(h=s // 3600, min=s % 3600 // 60)


class Progress:
    """A progress line for ``total`` units of work called ``unit`` (plural: ``deals``). Use it as
    a context manager and call `update` as units finish. ``terminal``: whether to write at all
    (default: whether ``stream`` is a terminal); ``detail``: more words after the count, asked
    at each write (``"hand 3"``). The line is said in the language spoken where it is made
    (`cardtable.i18n.speaking`), its unit too where the caller marked it (``N_("decisions")``)."""

    def __init__(
        self,
        unit: str,
        total: int,
        stream: IO[str] | None = None,
        terminal: bool | None = None,
        every: float = EVERY,
        detail: Callable[[], str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.unit = unit
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.shown = on_terminal(self.stream) if terminal is None else terminal
        self.every = every
        self.detail = detail
        self.clock = clock
        self.done = 0
        self.started = clock()
        self.writes = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._width = 0
        self._thread: threading.Thread | None = None
        self._words = contextvars.copy_context()

    def __enter__(self) -> Progress:
        if self.shown:
            self._words = contextvars.copy_context()  # the language spoken here, for the thread's writes too
            self.write()
            self._thread = threading.Thread(target=self._tick, daemon=True, name="progress")
            self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def update(self, done: int, total: int | None = None) -> None:
        """``done`` units of ``total`` (as given at the start unless said again) are finished."""
        self.done = done
        if total is not None:
            self.total = total
        if self.shown:
            self.write()

    def line(self) -> str:
        """The line as it stands: done of total, the rate, the time left, and the detail."""
        elapsed = max(self.clock() - self.started, 1e-9)
        parts = [f"{self.done}/{self.total} {_(self.unit)}"]
        if self.done:
            rate = self.done / elapsed
            parts.append(written(f"{rate:.2f}/s") if rate < 10 else f"{rate:.0f}/s")
            parts.append(_("{time} left").format(time=duration((self.total - self.done) / rate)))
        parts.append(_("{time} so far").format(time=duration(elapsed)))
        if self.detail is not None:
            with contextlib.suppress(Exception):
                words = self.detail()
                if words:
                    parts.append(words)
        return " · ".join(parts)

    def write(self) -> None:
        """Write the line again (over the last one)."""
        with self._lock:
            text = self.line()
            pad = " " * max(0, self._width - len(text))
            self._width = len(text)
            with contextlib.suppress(OSError, ValueError):
                self.stream.write(f"\r{text}{pad}")
                self.stream.flush()
                self.writes += 1

    def clear(self) -> None:
        """Erase the line for a moment, so that other output starts on a clean line (the next
        refresh writes it again)."""
        if self.shown:
            with self._lock, contextlib.suppress(OSError, ValueError):
                self.stream.write("\r" + " " * self._width + "\r\x1b[K")
                self.stream.flush()
                self._width = 0

    def _tick(self) -> None:
        while not self._stop.wait(self.every):
            self._words.run(self.write)

    def close(self) -> None:
        """Stop the thread and clear the line."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        # spaces over the line, then the terminal's erase to the end of the line (what the
        # terminal echoed after it, a ^C, goes too)
        self.clear()
        self.shown = False
