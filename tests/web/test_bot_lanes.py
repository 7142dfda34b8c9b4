"""The bots' two lanes (web.md: "their thinking never holds up other tables"): a quick bot answers
while a search is thinking, and a table cannot ask for a search longer than the server allows."""

from __future__ import annotations

import asyncio
import os
import random
from typing import Any

import pytest

from cardtable.registry import get_game
from cardtable.web.tables.bots import QUICK, BotPool, refusal


def _turn(game_name: str, seed: int) -> tuple[object, list[object]]:
    game = get_game(game_name)
    s = game.start(0)
    s = game.apply(s, game.deal(s, random.Random(seed)))
    while len(legal := list(game.legal_actions(s))) < 2:
        s = game.apply(s, legal[0])
    seat = game.actor(s)
    return game.observe(s, seat), legal


@pytest.mark.parametrize("workers", [0, 1])
def test_a_quick_bot_answers_while_a_search_is_thinking(workers: int) -> None:
    # One searching worker, busy for two seconds with another table's search: the rule bot's
    # answer still comes first, from its own lane.
    view, legal = _turn("smear", 4)

    async def race() -> list[str]:
        pool = BotPool(workers)
        done: list[str] = []
        try:
            if workers:  # the worker processes started, so that start-up is not what is timed
                await asyncio.gather(
                    pool.choose("smear", {}, "rule", view, legal, 1),
                    pool.choose("smear", {}, "search:easy", view, legal, 1),
                )

            async def ask(spec: str) -> None:
                await pool.choose("smear", {}, spec, view, legal, 7)
                done.append(spec)

            search = asyncio.create_task(ask("search:hard@2"))
            await asyncio.sleep(0.2)  # the search has started
            await ask("rule")
            await search
        finally:
            pool.close()
        return done

    assert asyncio.run(race()) == ["rule", "search:hard@2"]


def test_only_bots_within_the_servers_time_limit_may_sit() -> None:
    game = get_game("seep")
    assert refusal(game, "rule", 10) is None and refusal(game, "search:hard", 10) is None
    assert refusal(game, "search:medium@10", 10) is None
    assert refusal(game, "search:medium@10.01", 10) == (
        "bot 'search:medium@10.01' would think 10.01 s a move; this server allows at most 10 s"
    )
    assert "unknown bot" in (refusal(game, "genius", 10) or "")
    assert {"random", "rule"} == QUICK


def test_a_hint_is_worked_out_in_the_searching_bots_worker_not_in_the_server() -> None:
    # The hint's search runs in the searching bots' worker process (it would hold the server's
    # interpreter in a thread of its own); it sees only the seat's view and answers as the same
    # search in this process does, best first.
    from cardtable.web.tables.bots import hints

    view, legal = _turn("sheepshead", 3)

    async def ask() -> tuple[list[dict[str, Any]], set[int]]:
        pool = BotPool(1)
        try:
            got = await pool.hints("sheepshead", {}, view, legal, 11)
            pids = {p.pid for p in pool.executor._processes.values()}  # type: ignore[attr-defined]
        finally:
            pool.close()
        return got, pids

    got, pids = asyncio.run(ask())
    assert pids and os.getpid() not in pids
    assert got == hints("sheepshead", {}, view, legal, 11)
    values = [h["value"] for h in got]
    assert values == sorted(values, reverse=True) and got[0]["standing"] == "best"
    assert len(got) == len(legal)


def test_a_lost_bot_worker_is_started_again_and_the_next_move_comes() -> None:
    # A worker process ended abruptly breaks its pool; the lane is started again, so that one
    # lost process does not leave every table's bots failing.
    import signal

    view, legal = _turn("smear", 4)

    async def run() -> list[str]:
        pool = BotPool(1)
        try:
            moves = [await pool.choose("smear", {}, "search:easy", view, legal, 1)]
            for p in list(pool.executor._processes.values()):  # type: ignore[attr-defined]
                os.kill(p.pid, signal.SIGKILL)
            await asyncio.sleep(0.5)
            moves.append(await pool.choose("smear", {}, "search:easy", view, legal, 1))
            moves.append(await pool.choose("smear", {}, "search:easy", view, legal, 1))
        finally:
            pool.close()
        return moves

    moves = asyncio.run(run())
    assert len(moves) == 3 and len(set(moves)) == 1  # the same seed: the same move, before and after
