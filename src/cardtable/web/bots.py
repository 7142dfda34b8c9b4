"""The bots' thinking, off the event loop: a process pool (or one thread, for tests) that turns a
seat's view and legal actions into an action's text. A bot sees only its seat's view."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import secrets
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


class BotPool:
    """Where bots think: ``workers`` processes, or one thread in the server when ``workers`` is 0."""

    def __init__(self, workers: int) -> None:
        self.executor: Executor
        if workers > 0:
            self.executor = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        else:
            self.executor = ThreadPoolExecutor(1, thread_name_prefix="bots")

    async def choose(self, game_name: str, rules: dict[str, Any], spec: str, view: Any, legal: list[Any]) -> str:
        loop = asyncio.get_running_loop()
        seed = secrets.randbits(64)
        return await loop.run_in_executor(self.executor, choose, game_name, rules, spec, view, legal, seed)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
