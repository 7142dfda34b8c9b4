"""The bots' thinking, off the event loop: process pools (or threads, for tests) that turn a
seat's view and legal actions into an action's text. A bot sees only its seat's view.

Two lanes, so that one table's bots never hold up another's: the quick bots (`QUICK`, which
answer in milliseconds) think in a process of their own, and the searching bots in a pool of
``workers`` processes. A table asks for one move at a time, so the pool serves the tables with a
search in the order they asked, and a table cannot ask for a search longer than the server's
``max_bot_seconds`` (`refusal`)."""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import random
import secrets
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from cardtable.bots import Bot, make_bot
from cardtable.bots.external import parse_spec
from cardtable.core import CardtableError, rules_json
from cardtable.registry import get_game_from_rules

log = logging.getLogger("cardtable.web")

_BOTS: dict[tuple[str, str, str], tuple[Any, Bot]] = {}

#: The bots that answer in milliseconds: they never wait behind a search.
QUICK: frozenset[str] = frozenset({"random", "rule"})


#: The bot kinds that run a program: a table never names one (it would run a command on the
#: server); the operator offers programs by name instead (``serve --bot NAME=COMMAND``).
PROGRAM_KINDS = frozenset({"cmd"})


def resolve(spec: str, programs: dict[str, str]) -> str:
    """The bot to make for a seat's ``spec``: an operator's program by its name, else the spec."""
    command = programs.get(spec)
    return f"cmd:{command}" if command is not None else spec


def refusal(game: Any, spec: str, max_seconds: float, programs: dict[str, str] | None = None) -> str | None:
    """Why the bot ``spec`` may not sit at a table of ``game`` on this server (an unknown bot, a
    program named by the table rather than by the operator, or a time limit per move above
    ``max_seconds``), or None when it may. Answered once for each game's rules and bot (making a
    search bot to read its time limit takes a while, on the event loop), then remembered."""
    programs = programs or {}
    key = (
        game.name,
        json.dumps(rules_json(game.rules), sort_keys=True),
        spec,
        max_seconds,
        tuple(sorted(programs.items())),
    )
    if key in _REFUSALS:
        return _REFUSALS[key]
    why = _refusal(game, spec, max_seconds, programs)
    if len(_REFUSALS) >= 1024:
        _REFUSALS.clear()
    _REFUSALS[key] = why
    return why


#: The answers of `refusal`, by the game's name and rules, the bot and the server's settings.
_REFUSALS: dict[tuple[Any, ...], str | None] = {}


def _refusal(game: Any, spec: str, max_seconds: float, programs: dict[str, str]) -> str | None:
    if spec not in programs and spec.strip().partition(":")[0] in PROGRAM_KINDS:
        offered = f" (this server offers: {', '.join(sorted(programs))})" if programs else ""
        return f"a table cannot name a program to run; the server's operator offers bot programs by name{offered}"
    try:
        if spec in programs:  # checked without starting it: it starts at its seat's first decision
            limit: object = parse_spec(programs[spec])[0]
        else:
            limit = getattr(make_bot(game, spec), "time_limit", None)
    except CardtableError as e:
        return str(e)
    if isinstance(limit, int | float) and limit > max_seconds:
        return f"bot {spec!r} would think {limit:g} s a move; this server allows at most {max_seconds:g} s"
    return None


def choose(game_name: str, rules: dict[str, Any], spec: str, view: Any, legal: list[Any], seed: int) -> str:
    """The bot ``spec``'s choice among ``legal`` from ``view``, as action text (without the seat)."""
    key = (game_name, json.dumps(rules, sort_keys=True), spec)
    if key not in _BOTS:
        if len(_BOTS) > 256:
            _BOTS.clear()
        game = get_game_from_rules(game_name, rules)
        _BOTS[key] = (game, make_bot(game, spec))
    game, bot = _BOTS[key]
    action = bot.act(view, legal, random.Random(seed))
    text: str = game.format(action)
    return text


#: The search level of the hints at a table: quick enough to answer while a person waits.
HINT_LEVEL = "medium"


def hints(game_name: str, rules: dict[str, Any], view: Any, legal: list[Any], seed: int) -> list[dict[str, Any]]:
    """Every action of ``legal`` with the search bot's value and its standard error from ``view``
    (the seat's own view: a hint cannot tell a seat anything it may not know), best first, with
    its standing as the terminal table says it (`cardtable.table.ranked_hints`)."""
    from cardtable.bots import SearchBot, rule_bot
    from cardtable.table import ranked_hints

    key = (game_name, json.dumps(rules, sort_keys=True), f"hints:{HINT_LEVEL}")
    if key not in _BOTS:
        if len(_BOTS) > 256:
            _BOTS.clear()
        game = get_game_from_rules(game_name, rules)
        try:
            policy = rule_bot(game)
        except CardtableError:
            policy = None
        _BOTS[key] = (game, SearchBot(game, HINT_LEVEL, policy))
    game, bot = _BOTS[key]
    assert isinstance(bot, SearchBot)
    found = bot.hints(view, legal, random.Random(seed))
    return [
        {
            "action": game.format(h.action),
            "value": round(h.value, 3),
            "stderr": round(h.stderr, 3),
            "standing": standing,
        }
        for h, standing in ranked_hints(found)
    ]


def _follow_parent(parent: int) -> None:
    """In a bot worker: exit as soon as the server that started it is gone (even by SIGKILL)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="follow-parent").start()


def _processes(n: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(
        n, mp_context=multiprocessing.get_context("spawn"), initializer=_follow_parent, initargs=(os.getpid(),)
    )


class BotPool:
    """Where bots think: the searching bots in ``workers`` processes and the quick ones (`QUICK`) in
    one more, or in two threads of the server (one per lane) when ``workers`` is 0.

    A worker process that ends abruptly (the kernel's out-of-memory killer, a crash in compiled
    code) breaks its whole pool, and every later call to it would fail: the lane is started
    again and the call asked once more, so that one lost process does not stop every table's bots."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.executor: Executor
        self.quick: Executor
        if workers > 0:
            self.executor = _processes(workers)
            self.quick = _processes(1)
        else:
            self.executor = ThreadPoolExecutor(1, thread_name_prefix="bots")
            self.quick = ThreadPoolExecutor(1, thread_name_prefix="quick-bots")

    async def _run(self, quick: bool, fn: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        lane = self.quick if quick else self.executor
        try:
            return await loop.run_in_executor(lane, fn, *args)
        except BrokenProcessPool:
            self._restart(quick, lane)
            return await loop.run_in_executor(self.quick if quick else self.executor, fn, *args)

    def _restart(self, quick: bool, broken: Executor) -> None:
        """A new pool for the lane whose pool ``broken`` is (unless another call made one already)."""
        if (self.quick if quick else self.executor) is not broken:
            return
        log.warning(
            "a bot worker process ended abruptly; the %s bots' processes are started again",
            "quick" if quick else "searching",
        )
        broken.shutdown(wait=False, cancel_futures=True)
        fresh = _processes(1 if quick else self.workers)
        if quick:
            self.quick = fresh
        else:
            self.executor = fresh

    async def choose(
        self, game_name: str, rules: dict[str, Any], spec: str, view: Any, legal: list[Any], seed: int | None = None
    ) -> str:
        seed = secrets.randbits(64) if seed is None else seed
        text: str = await self._run(spec in QUICK, choose, game_name, rules, spec, view, legal, seed)
        return text

    async def hints(
        self, game_name: str, rules: dict[str, Any], view: Any, legal: list[Any], seed: int
    ) -> list[dict[str, Any]]:
        """`hints` in the searching bots' lane: a search, so never in the server's own process
        when it has worker processes (a thread there would hold the interpreter the tables need)."""
        found: list[dict[str, Any]] = await self._run(False, hints, game_name, rules, view, legal, seed)
        return found

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.quick.shutdown(wait=True, cancel_futures=True)  # a quick bot ends in milliseconds
