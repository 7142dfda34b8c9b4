"""A bot in another program, in any language, spoken to in the cardtable bot protocol: JSON lines
over its standard input and output (docs/bot-protocol.md). Named ``cmd:COMMAND`` on the command
line (``--bots "cmd:node examples/bots/first.mjs"``) and at a web table.

The program is started once per command, game and rules in a process, and kept for every seat
and hand that uses it. It is asked only for the decisions of its seats, with the seat's view as
the engine gives it (never another seat's cards) and the legal actions. An answer that is not a
legal action, comes later than the time limit, or never comes (the program died) is replaced for
that move by the game's rule-based bot, and the move is marked as such (`stood_in`); the program
is told with an ``error`` message and asked again at its next decision.
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

#: The protocol's version, sent in the engine's ``hello`` and expected in the bot's.
PROTOCOL = 1
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

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def send(self, msg: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        with contextlib.suppress(OSError, ValueError):
            self.proc.stdin.write(json.dumps(msg, separators=(",", ":")) + "\n")
            self.proc.stdin.flush()

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
        self.send({"t": "bye"})
        with contextlib.suppress(OSError):
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        try:
            self.proc.wait(2)
        except subprocess.TimeoutExpired:
            self.proc.kill()


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

    def __init__(self, game: Any, command: str, seconds: float = MOVE_SECONDS) -> None:
        # The rule-based bot by its registered name: `cardtable.bots` registers it, and loads
        # this module on demand, so this module does not import that package back.
        from cardtable.bots.base import RandomBot, make_bot

        self.game = game
        self.seconds = seconds
        self.program = program(command, game)
        self.name = f"cmd:{command}"
        try:
            self.stand_in = make_bot(game, "rule")
        except BadRules:
            self.stand_in = RandomBot(game)
        #: Whether the last move was made by the stand-in, and how many were.
        self.stood_in = False
        self.stand_ins = 0
        self.errors: list[str] = []

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


def make_external(game: Any, spec: str) -> ExternalBot:
    """``cmd:COMMAND`` or ``cmd@SECONDS:COMMAND`` (a time limit per move other than 5 s)."""
    seconds = MOVE_SECONDS
    if spec.startswith("@"):
        limit, _, spec = spec[1:].partition(":")
        try:
            seconds = float(limit)
        except ValueError:
            seconds = 0.0
        if not 0 < seconds <= 600:
            raise BadRules(f"cmd@{excerpt(limit)}: expected a time limit in seconds per move, such as cmd@2:COMMAND")
    return ExternalBot(game, spec, seconds)
