"""A bot in another program, in any language, spoken to in the cardtable bot protocol: JSON lines
over its standard input and output (docs/bot-protocol.md). Named ``cmd:COMMAND`` on the command
line (``--bots "cmd:node examples/bots/first_legal.mjs"``) and at a web table, with a time
control and options before the command where wanted: ``cmd:@2:depth=3:python3 mybot.py``.

Every `ExternalBot` runs a process of its own: one bot, one seat (the places that play hands give
each seat a bot of its own, and ``sim`` each seat of each seating arrangement), so that no process
is ever told two seats' cards, nor, in a duplicate tournament, the same deal twice. It is asked
only for the decisions of its seat, with the seat's view as the engine gives it and the legal
actions. An answer that is not a legal action, that answers another question, that is not JSON,
that comes after the time limit, or that never comes (the program ended) is replaced for that
move by the game's rule-based bot; the move is marked as such (`last_stand_in`, with the kind of
failure and its exact words), and the program is told with an ``error`` message. A program that
ended is started again at its next decision, at most `RESTARTS` times; one stood in for at
`MISSES` decisions in a row, or that writes more than `MAX_LINES` lines for one decision, is
ended (and may then be started again the same way).

The protocol's versions: 1, decisions only; 2, also the ``hand`` and ``action`` messages (the hand
as the seat sees it, `cardtable.bots.listen`); 3, also options declared in the bot's ``hello`` and
set by the user (``options``), a seed and a clock in each ``act``, ``stop`` when the clock runs
out, ``info`` messages during a decision (`last_thought`), and a structured refusal of rules the
bot cannot play (``refuse``). A program is spoken to in the version it answers, so programs of
every version keep working.
"""

from __future__ import annotations

import math
import random
import re
import shlex
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from cardtable.bots.program import MAX_LINE, Ended, NotJson, Program, TooLong, said, stop_all
from cardtable.bots.report import StandIn, Thought
from cardtable.bots.search import Hint
from cardtable.core import BadRules, rules_json
from cardtable.strict import excerpt, one_line

#: The protocol's version, sent in the engine's ``hello``. A bot's ``hello`` names the version it
#: speaks (1, 2 or 3); it is spoken to in that one.
PROTOCOL = 3
#: How long a program may take to start and answer ``hello``.
HELLO_SECONDS = 20.0
#: The time limit per move unless the name gives one (``cmd:@2:COMMAND``).
MOVE_SECONDS = 5.0
#: The longest time control a name may give, in seconds.
MAX_SECONDS = 3600.0
#: After ``stop`` (version 3), how long a move is still taken.
STOP_GRACE = 0.25
#: The most lines a program may write while one decision is asked (``info`` messages included).
MAX_LINES = 2000
#: Decisions stood in for in a row after which a program is ended.
MISSES = 5
#: How many times a program that ended is started again (for one seat).
RESTARTS = 2
#: The option types a program may declare in its ``hello``.
OPTION_TYPES = ("int", "float", "bool", "choice", "string")

_OPTION = re.compile(r"([A-Za-z_][A-Za-z0-9_.-]{0,39})=([^:]*)")


@dataclass(frozen=True)
class Clock:
    """A program's time control: ``seconds`` for each move (``per`` is ``"move"``), or a bank of
    ``seconds`` for each hand to which ``increment`` is added after each move (``per`` is
    ``"hand"``)."""

    seconds: float = MOVE_SECONDS
    increment: float = 0.0
    per: str = "move"

    def text(self) -> str:
        return f"@{self.seconds:g}" + (f"+{self.increment:g}" if self.per == "hand" else "")


@dataclass(frozen=True)
class Spec:
    """A program's name as given after ``cmd:``: its command, its time control and the options
    the user set (by name, as text)."""

    command: str
    clock: Clock = field(default_factory=Clock)
    options: tuple[tuple[str, str], ...] = ()


def read_spec(text: str) -> Spec:
    """What follows ``cmd:``: any of ``@SECONDS:`` (a time per move), ``@BANK+INC:`` (a bank of
    seconds for each hand, ``INC`` more after each move) and ``NAME=VALUE:`` (an option), then the
    command. `BadRules` for a bad time control; the command itself is checked when it starts.

    >>> read_spec("@2:depth=3:python3 bot.py")
    Spec(command='python3 bot.py', clock=Clock(seconds=2.0, increment=0.0, per='move'), options=(('depth', '3'),))
    >>> read_spec("@60+1:node bot.mjs").clock
    Clock(seconds=60.0, increment=1.0, per='hand')
    """
    clock = Clock()
    options: list[tuple[str, str]] = []
    rest = text
    while True:
        head, colon, tail = rest.partition(":")
        if not colon:
            break
        if head.startswith("@"):
            clock = _clock(head[1:])
        elif (m := _OPTION.fullmatch(head)) is not None:
            options.append((m.group(1), m.group(2)))
        else:
            break
        rest = tail
    return Spec(rest.strip(), clock, tuple(options))


def _clock(text: str) -> Clock:
    bank, plus, increment = text.partition("+")
    try:
        seconds = float(bank)
        extra = float(increment) if plus else 0.0
    except ValueError:
        seconds = extra = math.nan
    if not (0 < seconds <= MAX_SECONDS and 0 <= extra <= MAX_SECONDS):
        raise BadRules(
            f"cmd:@{excerpt(text)}: expected a time limit in seconds per move, such as cmd:@2:COMMAND, "
            "or a bank for each hand and an increment, such as cmd:@60+1:COMMAND"
        )
    return Clock(seconds, extra, "hand" if plus else "move")


def parse_spec(text: str) -> tuple[float, str]:
    """The longest a program may think over one move (its time per move, or its bank) and its
    command, without starting anything; `BadRules` for a bad time control."""
    spec = read_spec(text)
    return spec.clock.seconds + (0.0 if spec.clock.per == "move" else spec.clock.increment), spec.command


def with_options(name: str, options: Sequence[tuple[str, str]]) -> str:
    """A bot's name with ``options`` (``--bot-option NAME=VALUE``) set: for a program
    (``cmd:…``) they are written before its command; other bots' names are returned as they are.
    A value may not hold ``:`` or ``,`` there (`BadRules`)."""
    if not name.startswith("cmd:") or not options:
        return name
    for key, value in options:
        if not _OPTION.fullmatch(f"{key}={value}") or "," in value:
            given = excerpt(f"{key}={value}")
            raise BadRules(f"--bot-option {given}: expected NAME=VALUE, the value without ':' or ','")
    return "cmd:" + "".join(f"{key}={value}:" for key, value in options) + name[len("cmd:") :]


@dataclass(frozen=True)
class Option:
    """An option a program declares in its ``hello``: its name, type, default and bounds."""

    name: str
    type: str
    default: Any
    low: float | None = None
    high: float | None = None
    values: tuple[str, ...] = ()
    doc: str = ""

    def read(self, text: str) -> Any:
        """The value of ``text`` for this option, or `ValueError` saying what is expected."""
        match self.type:
            case "int" | "float":
                try:
                    value: Any = int(text) if self.type == "int" else float(text)
                except ValueError:
                    raise ValueError(f"expected {'a whole number' if self.type == 'int' else 'a number'}") from None
                if (
                    not math.isfinite(value)
                    or (self.low is not None and value < self.low)
                    or (self.high is not None and value > self.high)
                ):
                    raise ValueError(f"expected a number from {_bound(self.low)} to {_bound(self.high)}")
                return value
            case "bool":
                word = text.strip().lower()
                if word in ("true", "yes", "1", "on"):
                    return True
                if word in ("false", "no", "0", "off"):
                    return False
                raise ValueError("expected true or false")
            case "choice":
                if text not in self.values:
                    raise ValueError(f"expected one of {', '.join(self.values)}")
                return text
        return text


def _bound(value: float | None) -> str:
    return "any" if value is None else f"{value:g}"


def read_options(declared: Any) -> dict[str, Option]:
    """The options of a ``hello`` (a list of objects), or `ValueError` naming the bad one."""
    if declared is None:
        return {}
    if not isinstance(declared, list):
        raise ValueError("'options' is not a list")
    out: dict[str, Option] = {}
    for item in declared[:100]:
        if (
            not isinstance(item, dict)
            or not isinstance(item.get("name"), str)
            or not _OPTION.fullmatch(f"{item.get('name')}=x")
        ):
            raise ValueError(f"an option without a good name: {said(item)}")
        name, kind = item["name"], item.get("type")
        if kind not in OPTION_TYPES:
            raise ValueError(f"option {name}: type {excerpt(kind)} is not one of {', '.join(OPTION_TYPES)}")
        values = tuple(v for v in item.get("values") or [] if isinstance(v, str))
        low, high = item.get("min"), item.get("max")
        doc = item.get("doc")
        option = Option(
            name,
            kind,
            item.get("default"),
            float(low) if isinstance(low, int | float) and not isinstance(low, bool) else None,
            float(high) if isinstance(high, int | float) and not isinstance(high, bool) else None,
            values,
            one_line(doc, 120) if isinstance(doc, str) else "",
        )
        if kind == "choice" and not values:
            raise ValueError(f"option {name}: a choice needs its 'values'")
        try:
            option.read(_as_text(option.default))
        except ValueError as e:
            raise ValueError(f"option {name}: its default {said(option.default)} is not good: {e}") from None
        out[name] = option
    return out


def _as_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def short_name(hello_name: str | None, command: str) -> str:
    """A program's name for summaries and tables: the name it gave in its ``hello``, else its
    script's file name (``first_legal.py`` for ``python3 examples/bots/first_legal.py``), else its
    program's.

    >>> short_name(None, "python3 examples/bots/first_legal.py --fast")
    'first_legal.py'
    >>> short_name("Bold bot", "node bot.mjs")
    'Bold bot'
    """
    if hello_name:
        return hello_name
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    files = [w for w in words[1:] if not w.startswith("-") and ("/" in w or "." in w)]
    return PurePath(files[0] if files else words[0] if words else command).name or command


@dataclass
class Started:
    """A program that has answered its ``hello``: the program, its version, its names, its
    options with the values in force."""

    program: Program
    protocol: int
    name: str
    author: str
    options: dict[str, Any]


def start(game: Any, spec: Spec) -> Started:
    """Start the program of ``spec`` for ``game``, exchange ``hello``, check the games it plays,
    the rules it refuses and the options it is given, and send it its options (version 3).
    `BadRules` in one line saying exactly what went wrong; the program is then ended."""
    where = f"cmd:{one_line(spec.command, 60)}"
    program = Program(spec.command)
    try:
        return _handshake(game, spec, program, where)
    except BadRules:
        program.stop()
        raise


def _handshake(game: Any, spec: Spec, program: Program, where: str) -> Started:
    program.send({"t": "hello", "protocol": PROTOCOL, "game": game.name, "rules": rules_json(game.rules),
                  "seats": game.seats})  # fmt: skip
    answer = program.receive(time.monotonic() + HELLO_SECONDS)
    if answer is None:
        said_so = f" ({program.last_words()})" if program.last_words() else ""
        raise BadRules(f"{where}: no hello from the bot within {HELLO_SECONDS:g} s{said_so}")
    if isinstance(answer, Ended):
        raise BadRules(f"{where}: the program ended before its hello ({program.end_words(answer.status)})")
    if isinstance(answer, NotJson | TooLong):
        raise BadRules(f"{where}: the bot wrote {said(answer)} where its hello was expected")
    if isinstance(answer, dict) and answer.get("t") == "refuse":
        raise BadRules(f"{where}: {_refusal(game, answer)}")
    if not isinstance(answer, dict) or answer.get("t") != "hello":
        raise BadRules(f"{where}: expected the bot's hello, got {said(answer)}")
    games = answer.get("games")
    if isinstance(games, list) and game.name not in games:
        raise BadRules(f"{where}: the bot plays {', '.join(map(str, games))}, not {game.name}")
    version = answer.get("protocol")
    protocol = min(version, PROTOCOL) if isinstance(version, int) and not isinstance(version, bool) else 1
    protocol = max(protocol, 1)
    name = answer.get("name")
    writer = answer.get("author")
    declared: dict[str, Option] = {}
    if protocol >= 3:
        try:
            declared = read_options(answer.get("options"))
        except ValueError as e:
            raise BadRules(f"{where}: its hello declares a bad option: {e}") from None
    values = {key: option.read(_as_text(option.default)) for key, option in declared.items()}
    for key, text in spec.options:
        option = declared.get(key)
        if option is None:
            known = f" (its options: {', '.join(declared)})" if declared else " (it declares none)"
            raise BadRules(f"{where}: the bot has no option {key!r}{known}")
        try:
            values[key] = option.read(text)
        except ValueError as e:
            raise BadRules(f"{where}: option {key}={one_line(text, 40)}: {e}") from None
    if declared:
        program.send({"t": "options", "values": values})
    return Started(
        program,
        protocol,
        one_line(name, 40) if isinstance(name, str) and name.strip() else "",
        one_line(writer, 60) if isinstance(writer, str) else "",
        values,
    )


def _refusal(game: Any, answer: dict[str, Any]) -> str:
    """A program's ``refuse``: the rules it names, with their values, and its reason."""
    rules = rules_json(game.rules)
    named = [r for r in answer.get("rules") or [] if isinstance(r, str)][:20]
    shown = ", ".join(f"{r} {rules[r]}" if r in rules else r for r in named)
    reason = answer.get("reason")
    why = f" ({one_line(reason, 160)})" if isinstance(reason, str) and reason.strip() else ""
    return f"the bot cannot play {game.name} with {shown or 'these rules'}{why}"


class ExternalBot:
    """A `Bot` whose decisions come from a program of its own (see the module's docstring)."""

    def __init__(self, game: Any, spec: Spec) -> None:
        # The rule-based bot by its registered name: `cardtable.bots` registers it, and loads
        # this module on demand, so this module does not import that package back.
        from cardtable.bots.base import RandomBot, make_bot

        self.game = game
        self.spec = spec
        self.seconds = spec.clock.seconds
        self._started = start(game, spec)
        self.name = f"cmd:{spec.command}"
        #: The short name for summaries and tables (`short_name`).
        self.title = short_name(self._started.name, spec.command)
        self.author = self._started.author
        try:
            self.stand_in = make_bot(game, "rule")
        except BadRules:
            self.stand_in = RandomBot(game)
        #: Why a stand-in made the last move (`StandIn`), or ``None``; what the program weighed
        #: for it (`Thought`), or ``None``.
        self.last_stand_in: StandIn | None = None
        self.last_thought: Thought | None = None
        #: Whether the last move was made by the stand-in, and how many were.
        self.stood_in = False
        self.stand_ins = 0
        self.errors: list[str] = []
        self.asked = 0
        self.restarts = 0
        self.misses = 0
        self.bank = spec.clock.seconds

    @property
    def program(self) -> Program:
        return self._started.program

    @property
    def protocol(self) -> int:
        return self._started.protocol

    @property
    def options(self) -> dict[str, Any]:
        """The program's options with the values in force (version 3)."""
        return dict(self._started.options)

    # --- the hand as the seat sees it (version 2 on) ---

    def hand_begins(self, seat: int, view: Any) -> None:
        """A ``hand`` message: ``seat``'s view of a hand just dealt (protocol 2 and later). A
        clock of a bank for each hand is set again."""
        self.bank = self.spec.clock.seconds
        if self.protocol >= 2 and self.program.alive():
            self.program.send({"t": "hand", "seat": seat, "view": view.to_json()})

    def seen(self, seat: int, by: int, text: str, view: Any) -> None:
        """An ``action`` message: seat ``by``'s action as ``seat`` sees it, and ``seat``'s view
        after it (protocol 2 and later)."""
        if self.protocol >= 2 and self.program.alive():
            self.program.send({"t": "action", "seat": seat, "by": by, "action": text, "view": view.to_json()})

    # --- decisions ---

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        texts = [self.game.format(a) for a in legal]
        answer = self._ask(view, texts, rng)
        if isinstance(answer, str):
            self.misses = 0
            return legal[texts.index(answer)]
        self.stood_in = True
        self.stand_ins += 1
        self.last_stand_in = answer
        self.errors.append(answer.message)
        self.misses += 1
        program = self.program
        if program.alive():
            program.send({"t": "error", "id": self.asked, "message": answer.message})
            if self.misses >= MISSES:
                program.end(f"stood in for {MISSES} decisions in a row")
        return self.stand_in.act(view, legal, rng)

    def hints(self, view: Any, legal: Sequence[Any], rng: random.Random) -> list[Hint]:
        """What the program weighed for this decision (its ``info``), as hints: each candidate
        with its value and, where the program gives one, its standard error (else not a number);
        empty when it said nothing. The program is asked as for a move; its move is not played."""
        self.act(view, legal, rng)
        thought = self.last_thought
        if thought is None:
            return []
        by_text = {self.game.format(a): a for a in legal}
        return [Hint(by_text[a], v, math.nan if e is None else e, 0) for a, v, e in thought.candidates if a in by_text]

    def close(self) -> None:
        """End the program (``bye``, then killed if it lingers)."""
        stop_all([self.program])

    def _ready(self, view: Any) -> Program | StandIn:
        """The program, started again if it ended and may be (`RESTARTS`): told the hand from
        where it stands (version 2 on); else why it cannot be asked."""
        program = self.program
        if program.alive():
            return program
        ended = program.end_words()
        if self.restarts >= RESTARTS:
            return StandIn("ended", f"{ended}; started again {self.restarts} times already")
        self.restarts += 1
        program.stop()
        try:
            self._started = start(self.game, self.spec)
        except BadRules as e:
            return StandIn("not_started", f"{ended}; starting it again failed: {e}")
        seen = view.to_json()
        if self.protocol >= 2:
            self.program.send({"t": "hand", "seat": seen.get("seat"), "view": seen})
        return self.program

    def _limit(self) -> float:
        clock = self.spec.clock
        return clock.seconds if clock.per == "move" else self.bank

    def _ask(self, view: Any, texts: list[str], rng: random.Random) -> str | StandIn:
        """The program's legal answer (its text), or why it is stood in for."""
        self.stood_in = False
        self.last_stand_in = self.last_thought = None
        ready = self._ready(view)
        if isinstance(ready, StandIn):
            return ready
        program = ready
        limit = self._limit()
        if limit <= 0:
            return StandIn("clock", "no time left on its clock for this hand")
        self.asked += 1
        ask = self.asked
        program.drain()
        msg: dict[str, Any] = {"t": "act", "id": ask, "view": view.to_json(), "legal": texts, "ms": round(limit * 1000)}
        clock = self.spec.clock
        if self.protocol >= 3:
            msg["seed"] = rng.getrandbits(63)
            increment = round(clock.increment * 1000)
            msg["clock"] = {"ms_left": round(limit * 1000), "increment_ms": increment, "per": clock.per}
        began = time.monotonic()
        try:
            return self._answer(program, msg, texts, began + limit)
        finally:
            if clock.per == "hand":
                self.bank = max(0.0, self.bank - min(time.monotonic() - began, limit)) + clock.increment

    def _answer(self, program: Program, msg: dict[str, Any], texts: list[str], deadline: float) -> str | StandIn:
        ask: int = msg["id"]
        limit = msg["ms"] / 1000
        program.send(msg)
        stopped = False
        lines = 0
        while True:
            got = program.receive(deadline)
            if got is None:
                if self.protocol >= 3 and not stopped:
                    program.send({"t": "stop", "id": ask})
                    stopped, deadline = True, time.monotonic() + STOP_GRACE
                    continue
                return StandIn("late", f"no answer within {limit:g} s")
            lines += 1
            if isinstance(got, Ended):
                return StandIn("ended", program.end_words(got.status))
            if isinstance(got, TooLong):
                return StandIn("flood", f"a line of more than {MAX_LINE} bytes; the program was ended")
            if lines > MAX_LINES:
                program.end(f"more than {MAX_LINES} lines for one decision")
                return StandIn("flood", f"more than {MAX_LINES} lines for one decision; the program was ended")
            if isinstance(got, NotJson):
                return StandIn("not_json", f"it wrote {said(got)}")
            kind = got.get("t") if isinstance(got, dict) else None
            if kind == "info" and got.get("id") in (None, ask):
                self.last_thought = Thought.from_json(got, texts) or self.last_thought
                continue
            if kind == "info":
                continue  # what it weighed for an earlier question
            if kind != "move":
                return StandIn("not_a_move", f"expected a move, got {said(got)}")
            number = got.get("id")
            if number is not None and number != ask:
                if isinstance(number, int) and not isinstance(number, bool) and 0 < number < ask:
                    continue  # a late answer to an earlier question
                return StandIn("wrong_id", f"it answered question {excerpt(number)} while asked question {ask}")
            action = got.get("action")
            if not isinstance(action, str) or action not in texts:
                return StandIn("illegal", f"{excerpt(action)} is not one of the legal actions")
            return action


def make_external(game: Any, text: str) -> ExternalBot:
    """The bot of ``cmd:TEXT`` (`read_spec`): a program of its own, started and greeted."""
    return ExternalBot(game, read_spec(text))


def close_bots(bots: Iterable[object]) -> None:
    """End the programs of ``bots`` together (`stop_all`); other bots are left as they are."""
    programs = [bot.program for bot in bots if isinstance(bot, ExternalBot)]
    if programs:
        stop_all(programs)


def options_of(bots: Mapping[Any, object]) -> dict[Any, dict[str, Any]]:
    """The options in force of the programs among ``bots`` (by key)."""
    return {key: bot.options for key, bot in bots.items() if isinstance(bot, ExternalBot)}
