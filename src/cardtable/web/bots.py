"""The bots' thinking, off the event loop: a process pool (or one thread, for tests) that turns a
seat's view and legal actions into an action's text. A bot sees only its seat's view."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import secrets
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from cardtable.bots import Bot, make_bot
from cardtable.registry import get_game_from_rules

_BOTS: dict[tuple[str, str, str], tuple[Any, Bot]] = {}


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


def _follow_parent(parent: int) -> None:
    """In a bot worker: exit as soon as the server that started it is gone (even by SIGKILL)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="follow-parent").start()


class BotPool:
    """Where bots think: ``workers`` processes, or one thread in the server when ``workers`` is 0."""

    def __init__(self, workers: int) -> None:
        self.executor: Executor
        if workers > 0:
            self.executor = ProcessPoolExecutor(
                workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_follow_parent,
                initargs=(os.getpid(),),
            )
        else:
            self.executor = ThreadPoolExecutor(1, thread_name_prefix="bots")

    async def choose(
        self, game_name: str, rules: dict[str, Any], spec: str, view: Any, legal: list[Any], seed: int | None = None
    ) -> str:
        loop = asyncio.get_running_loop()
        seed = secrets.randbits(64) if seed is None else seed
        return await loop.run_in_executor(self.executor, choose, game_name, rules, spec, view, legal, seed)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
