"""A bot program's process: started from a command, written to and read from in JSON lines, its
output read within bounds.

Nothing a program does can make the engine wait past a deadline or hold more than a bounded
amount of its output:

- Its standard output is read by a thread of its own, one line at a time, each line at most
  `MAX_LINE` bytes; a longer line is not read on (the program is ended: it floods). At most
  `READ_AHEAD` lines wait to be taken; past that the reader waits, and so does the program,
  whose pipe fills.
- Messages to it are written by another thread, so a program that stops reading never holds up
  a game; at most `MAX_OUTBOX` wait to be written, past that the program is ended (it does not
  read its input).
- Its standard error is read by a third thread, which keeps only the last `ERROR_LINES` lines,
  each cut to `ERROR_CHARS` characters: what a program says of its own failure is shown with it.
- `receive` waits until a deadline (a `time.monotonic` time), never longer.

Every program started is ended when the process that started it exits.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import json
import queue
import shlex
import subprocess
import threading
import time
import weakref
from dataclasses import dataclass
from typing import IO, Any

from cardtable.core import BadRules
from cardtable.strict import excerpt, one_line

#: The longest line a program may write, in bytes (a view is a few kilobytes).
MAX_LINE = 1 << 20
#: How many lines of a program's output may wait to be taken.
READ_AHEAD = 256
#: How many messages may wait to be written to a program that does not read them.
MAX_OUTBOX = 20_000
#: What is kept of a program's standard error: its last lines, each cut this short.
ERROR_LINES = 20
ERROR_CHARS = 300
#: How long a program has to exit after ``bye`` before it is killed.
BYE_SECONDS = 2.0

_LIVE: weakref.WeakSet[Program] = weakref.WeakSet()


@dataclass(frozen=True)
class Ended:
    """The program's output ended: it exited (``status``, ``None`` while not yet reaped)."""

    status: int | None


@dataclass(frozen=True)
class NotJson:
    """A line that is not JSON (its first characters)."""

    text: str


@dataclass(frozen=True)
class TooLong:
    """A line longer than `MAX_LINE` bytes: reading stopped there."""


class Program:
    """One running program: its process and the threads that read and write it."""

    def __init__(self, command: str) -> None:
        self.command = command
        try:
            args = shlex.split(command)
        except ValueError as e:
            raise BadRules(f"cmd:{excerpt(command)}: {e}") from None
        if not args:
            raise BadRules("cmd: expected a command after 'cmd:', such as cmd:python3 mybot.py")
        try:
            self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        except OSError as e:
            raise BadRules(f"cmd:{excerpt(command)}: cannot start it ({e.strerror or e})") from None
        _LIVE.add(self)
        #: Why the engine ended the program, if it did (it flooded, it stopped reading …).
        self.ended_why: str | None = None
        self._closed = threading.Event()
        self.lines: queue.Queue[Any] = queue.Queue(READ_AHEAD)
        self.outbox: queue.Queue[bytes | None] = queue.Queue(MAX_OUTBOX)
        self.errors: collections.deque[str] = collections.deque(maxlen=ERROR_LINES)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        for target, name in ((self._read, "out"), (self._write, "in"), (self._read_errors, "err")):
            threading.Thread(target=target, daemon=True, name=f"bot-program-{name}").start()

    # --- the threads ---

    def _put(self, item: Any) -> bool:
        """Hand a line to the engine, waiting while `READ_AHEAD` lines wait; ``False`` once the
        program is closed (nobody will take it)."""
        while not self._closed.is_set():
            try:
                self.lines.put(item, timeout=0.2)
                return True
            except queue.Full:
                continue
        return False

    def _read(self) -> None:
        out: IO[bytes] | None = self.proc.stdout
        assert out is not None
        try:
            while True:
                line = out.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE:
                    self._put_last(TooLong())
                    self.end(f"it wrote a line of more than {MAX_LINE} bytes")
                    return
                if not line.strip():
                    continue
                if not self._put(_parse(line)):
                    return
        except (OSError, ValueError):
            pass
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(0.5)  # the status, where the program has exited with its output
        if not self._put(Ended(self.proc.poll())):
            self._put_last(Ended(self.proc.poll()))

    def _put_last(self, item: Any) -> None:
        """Put the last item the reader has (the end of the output), making room for it."""
        while True:
            try:
                self.lines.put_nowait(item)
                return
            except queue.Full:
                with contextlib.suppress(queue.Empty):
                    self.lines.get_nowait()

    def _read_errors(self) -> None:
        err: IO[bytes] | None = self.proc.stderr
        assert err is not None
        with contextlib.suppress(OSError, ValueError):
            while line := err.readline(64 * 1024):
                text = line.decode("utf-8", "replace").strip()
                if text:
                    self.errors.append(one_line(text, ERROR_CHARS))

    def _write(self) -> None:
        stdin = self.proc.stdin
        assert stdin is not None
        while (line := self.outbox.get()) is not None:
            try:
                stdin.write(line)
                stdin.flush()
            except (OSError, ValueError):
                break
        with contextlib.suppress(OSError, ValueError):
            stdin.close()

    # --- the engine's side ---

    def alive(self) -> bool:
        return self.proc.poll() is None and self.ended_why is None

    def send(self, msg: dict[str, Any]) -> None:
        """Queue one message for the program (written in order, never waited on). A program with
        `MAX_OUTBOX` messages unread is ended."""
        if self._closed.is_set():
            return
        try:
            self.outbox.put_nowait(json.dumps(msg, separators=(",", ":")).encode() + b"\n")
        except queue.Full:
            self.end(f"it left {MAX_OUTBOX} messages unread")

    def receive(self, deadline: float) -> Any:
        """The next message (a JSON value, or `Ended`, `NotJson`, `TooLong`), or ``None`` once
        ``deadline`` (a `time.monotonic` time) has passed."""
        try:
            item = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None
        if isinstance(item, Ended | TooLong):
            with contextlib.suppress(queue.Full):
                self.lines.put_nowait(item)  # the end stays the end
        return item

    def drain(self) -> int:
        """Drop what the program wrote between decisions (late answers, ``info`` after a move);
        how many lines that was. The end of its output is kept."""
        dropped = 0
        while True:
            try:
                item = self.lines.get_nowait()
            except queue.Empty:
                return dropped
            if isinstance(item, Ended | TooLong):
                self.lines.put_nowait(item)
                return dropped
            dropped += 1

    def end(self, why: str) -> None:
        """End the program at once (it floods, or will not read): killed, never waited on."""
        if self.ended_why is None:
            self.ended_why = why
        self._closed.set()
        with contextlib.suppress(OSError):
            self.proc.kill()
        with contextlib.suppress(queue.Full):
            self.outbox.put_nowait(None)

    def stop(self) -> None:
        """Say ``bye``, close the program's input, and kill it if it has not ended `BYE_SECONDS`
        later. Waits; call it from a thread that may wait."""
        if self.proc.poll() is None and not self._closed.is_set():
            self.send({"t": "bye"})
        with contextlib.suppress(queue.Full):
            self.outbox.put_nowait(None)  # the writer closes the program's input once all is written
        self._closed.set()
        try:
            self.proc.wait(BYE_SECONDS)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(BYE_SECONDS)
        for stream in (self.proc.stdout, self.proc.stderr):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()
        _LIVE.discard(self)

    def last_words(self) -> str:
        """What the program last wrote on its standard error (one line), or ``""``."""
        return self.errors[-1] if self.errors else ""

    def end_words(self, status: int | None = None) -> str:
        """How the program ended, in words: ``it exited with status 3: ValueError: …``."""
        if self.ended_why is not None:
            return f"ended by the engine: {self.ended_why}"
        status = self.proc.poll() if status is None else status
        how = "it exited" if status is None else _status_words(status)
        said = self.last_words()
        return f"{how}: {said}" if said else how


def _status_words(status: int) -> str:
    if status < 0:
        return f"it was killed by signal {-status}"
    return f"it exited with status {status}"


def _parse(line: bytes) -> Any:
    text = line.decode("utf-8", "replace").strip()
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return NotJson(one_line(text, 80))


def said(message: Any) -> str:
    """A message a program wrote, quoted for an error: its JSON cut short, or the text that was
    not JSON."""
    if isinstance(message, NotJson):
        return f"{excerpt(message.text)}, which is not JSON"
    if isinstance(message, TooLong):
        return f"a line of more than {MAX_LINE} bytes"
    try:
        text = json.dumps(message, separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(message)
    return one_line(text, 80)


def stop_all(programs: list[Program]) -> None:
    """`Program.stop` for several programs at once: each is told ``bye``, then all are given
    `BYE_SECONDS` together before those still running are killed."""
    for program in programs:
        if program.proc.poll() is None and not program._closed.is_set():
            program.send({"t": "bye"})
        with contextlib.suppress(queue.Full):
            program.outbox.put_nowait(None)
    deadline = time.monotonic() + BYE_SECONDS
    for program in programs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            program.proc.wait(max(0.0, deadline - time.monotonic()))
    for program in programs:
        if program.proc.poll() is None:
            with contextlib.suppress(OSError):
                program.proc.kill()
    for program in programs:
        program.stop()  # ended by now: it closes the pipes


@atexit.register
def _end_all() -> None:
    """End every program still running when this process exits."""
    with contextlib.suppress(Exception):
        stop_all(list(_LIVE))
