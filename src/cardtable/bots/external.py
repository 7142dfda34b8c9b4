"""A bot in another program, in any language, spoken to in the cardtable bot protocol: JSON lines
over its standard input and output (docs/bot-protocol.md). Named ``cmd:COMMAND`` on the command
line (``--bots "cmd:node examples/bots/first.mjs"``) and at a web table.

The program is started once per command, game and rules in a process, and kept for every seat
and hand that uses it. It is asked only for the decisions of its seats, with the seat's view as
the engine gives it (never another seat's cards) and the legal actions. An answer that is not a
legal action, comes later than the time limit, or never comes (the program died) is replaced for
that move by the game's rule-based bot, and the move is marked as such (`stood_in`); the program
is told with an ``error`` message and asked again at its next decision.

A program that answers ``hello`` with protocol 2 or later is also told when a hand begins (its
seat's view) and every action after, as its seat sees it (``hand`` and ``action`` messages, where
the hand is played by ``sim``, the terminal table or ``watch``: `cardtable.bots.listen`); one that
answers protocol 1 is spoken to as before.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import queue
import random
import shlex
import subprocess
import threading
from collections.abc import Sequence
from typing import Any

from cardtable.core import BadRules, rules_json
from cardtable.strict import excerpt, one_line

#: The protocol's version, sent in the engine's ``hello``. A bot's ``hello`` names the version it
#: speaks: 1 (decisions only) or 2 (also ``hand`` and ``action`` messages).
PROTOCOL = 2
#: How long a program may take to start and answer ``hello``.
HELLO_SECONDS = 20.0
#: The time limit per move unless the name gives one (``cmd@2:COMMAND``).
MOVE_SECONDS = 5.0

_PROGRAMS: dict[tuple[str, str, str], Program] = {}


class Program:
    """One running bot program: its process, a reader thread, and the handshake's answer."""

    def __init__(self, command: str, game: Any) -> None:
        self.command = command
        try:
            args = shlex.split(command)
        except ValueError as e:
            raise BadRules(f"cmd:{excerpt(command)}: {e}") from None
        if not args:
            raise BadRules("cmd: expected a command after 'cmd:', such as cmd:python mybot.py")
        try:
            self.proc = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as e:
            raise BadRules(f"cmd:{excerpt(command)}: cannot start it ({e.strerror or e})") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        # Messages are written by a thread of their own: a program that stops reading fills its
        # pipe, and the game must then go on (its moves stood in for) rather than wait on a write.
        self.outbox: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._write, daemon=True).start()
        self.asked = 0
        self.send({"t": "hello", "protocol": PROTOCOL, "game": game.name, "rules": rules_json(game.rules),
                   "seats": game.seats})  # fmt: skip
        answer = self.receive(HELLO_SECONDS)
        if not isinstance(answer, dict) or answer.get("t") != "hello":
            self.stop()
            raise BadRules(f"cmd:{excerpt(command)}: no hello from the bot within {HELLO_SECONDS:g} s")
        games = answer.get("games")
        if isinstance(games, list) and game.name not in games:
            self.stop()
            raise BadRules(f"cmd:{excerpt(command)}: the bot plays {', '.join(map(str, games))}, not {game.name}")
        name = answer.get("name")
        self.name = one_line(name, 40) if isinstance(name, str) and name.strip() else command
        author = answer.get("author")
        self.author = one_line(author, 60) if isinstance(author, str) else ""
        version = answer.get("protocol")
        #: The version the bot speaks: a bot that names none, or a bad one, is taken as version 1.
        self.protocol = version if isinstance(version, int) and not isinstance(version, bool) and version > 0 else 1

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def alive(self) -> bool:
        return self.proc.poll() is None

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

    def send(self, msg: dict[str, Any]) -> None:
        """Queue one message for the program (written in order, never waited on)."""
        self.outbox.put(json.dumps(msg, separators=(",", ":")) + "\n")

    def receive(self, seconds: float) -> Any:
        """The next message (a JSON value), ``None`` at the time limit or the program's end."""
        try:
            line = self.lines.get(timeout=seconds)
        except queue.Empty:
            return None
        if line is None:
            self.lines.put(None)  # the end stays the end
            return None
        try:
            return json.loads(line[:100_000])
        except ValueError:
            return {"t": "garbage", "text": line[:80]}

    def stop(self) -> None:
        """Say ``bye``, close the program's input, and kill it if it has not ended 2 s later."""
        self.send({"t": "bye"})
        self.outbox.put(None)  # the writer closes the program's input once all is written
        try:
            self.proc.wait(2)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(2)


def program(command: str, game: Any) -> Program:
    """The running program for ``command`` with ``game``'s rules (started on first use)."""
    key = (command, game.name, json.dumps(rules_json(game.rules), sort_keys=True))
    found = _PROGRAMS.get(key)
    if found is None or not found.alive():
        found = _PROGRAMS[key] = Program(command, game)
    return found


@atexit.register
def _stop_all() -> None:
    for p in _PROGRAMS.values():
        p.stop()
    _PROGRAMS.clear()


class ExternalBot:
    """A `Bot` whose decisions come from a program (see the module's docstring)."""

    def __init__(self, game: Any, command: str, seconds: float = MOVE_SECONDS, own: bool = False) -> None:
        # The rule-based bot by its registered name: `cardtable.bots` registers it, and loads
        # this module on demand, so this module does not import that package back.
        from cardtable.bots.base import RandomBot, make_bot

        self.game = game
        self.seconds = seconds
        #: ``own``: a process of this bot's own, not shared with other bots of the same command
        #: (a web table gives each of its program seats one: `cardtable.web.tables.programs`).
        self.program = Program(command, game) if own else program(command, game)
        self.name = f"cmd:{command}"
        try:
            self.stand_in = make_bot(game, "rule")
        except BadRules:
            self.stand_in = RandomBot(game)
        #: Whether the last move was made by the stand-in, and how many were.
        self.stood_in = False
        self.stand_ins = 0
        self.errors: list[str] = []

    def hand_begins(self, seat: int, view: Any) -> None:
        """A ``hand`` message: ``seat``'s view of a hand just dealt (protocol 2 and later)."""
        if self.program.protocol >= 2 and self.program.alive():
            self.program.send({"t": "hand", "seat": seat, "view": view.to_json()})

    def seen(self, seat: int, by: int, text: str, view: Any) -> None:
        """An ``action`` message: seat ``by``'s action as ``seat`` sees it, and ``seat``'s view
        after it (protocol 2 and later)."""
        if self.program.protocol >= 2 and self.program.alive():
            self.program.send({"t": "action", "seat": seat, "by": by, "action": text, "view": view.to_json()})

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        texts = [self.game.format(a) for a in legal]
        p = self.program
        p.asked += 1
        ask = p.asked
        self.stood_in = False
        if p.alive():
            payload = {"t": "act", "id": ask, "view": view.to_json(), "legal": texts, "ms": round(self.seconds * 1000)}
            p.send(payload)
            while True:
                answer = p.receive(self.seconds)
                if isinstance(answer, dict) and answer.get("t") == "move" and answer.get("id") not in (None, ask):
                    continue  # a late answer to an earlier question
                break
            why = self._check(answer, texts)
            if why is None:
                return legal[texts.index(answer["action"])]
        else:
            why = "the bot's program has ended"
        self.stood_in = True
        self.stand_ins += 1
        self.errors.append(why)
        p.send({"t": "error", "id": ask, "message": why})
        return self.stand_in.act(view, legal, rng)

    def _check(self, answer: Any, texts: list[str]) -> str | None:
        if answer is None:
            return f"no answer within {self.seconds:g} s"
        if not isinstance(answer, dict) or answer.get("t") != "move":
            return f"expected a move, got {excerpt(answer)}"
        action = answer.get("action")
        if not isinstance(action, str) or action not in texts:
            return f"{excerpt(action)} is not one of the legal actions"
        return None


def parse_spec(spec: str) -> tuple[float, str]:
    """The time limit per move and the command of ``COMMAND`` or ``@SECONDS:COMMAND`` (what follows
    ``cmd:``), without starting anything; `BadRules` for a bad time limit."""
    seconds = MOVE_SECONDS
    if spec.startswith("@"):
        limit, _, spec = spec[1:].partition(":")
        try:
            seconds = float(limit)
        except ValueError:
            seconds = 0.0
        if not 0 < seconds <= 600:
            raise BadRules(f"cmd@{excerpt(limit)}: expected a time limit in seconds per move, such as cmd@2:COMMAND")
    return seconds, spec


def make_external(game: Any, spec: str, own: bool = False) -> ExternalBot:
    """``cmd:COMMAND`` or ``cmd@SECONDS:COMMAND`` (a time limit per move other than 5 s); ``own``:
    in a process of its own (`ExternalBot`)."""
    seconds, command = parse_spec(spec)
    return ExternalBot(game, command, seconds, own)
