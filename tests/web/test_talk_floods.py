"""Floods of the live connection that once slowed every table (web.md §5: "no request delays other
tables"), each within the server's default message rate (40 a second a connection), against a
real server: another table of bots only must keep at least half the pace it had before the flood,
measured in the same run (a ratio of moves a second, never a time).

- 30 connections saying ``hello`` 40 times a second each: every hello was answered with the whole
  match's snapshot (another table went from 18.5 to 2.8 moves a second);
- 30 connections talking 40 times a second each at one table: every text went to every page at
  the table (every table slowed by two thirds).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Iterator

import pytest
import websockets

from tests.web.client import Client, Server, create

#: A measure of pace: run with no test of another process beside it (tests/conftest.py).
pytestmark = pytest.mark.alone

#: How long each pace is measured, in seconds.
WINDOW = 4.0
FLOODERS = 30
PER_SECOND = 40


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("floods") / "tables.db"
    # bots that move every 20 ms: a table whose pace shows any delay of the server's loop
    s = Server(f"sqlite:///{db}", "--bot-pause", "0.02").start()
    try:
        yield s
    finally:
        s.stop()


async def pace(server: Server, table: str, seconds: float = WINDOW) -> float:
    """Moves a second at ``table``, as a spectator sees them over ``seconds``."""
    watcher = await Client.connect(server, table, None)
    first, started = watcher.v, time.monotonic()
    with contextlib.suppress(TimeoutError):
        while time.monotonic() - started < seconds:
            await watcher.recv(timeout=max(0.01, seconds - (time.monotonic() - started)))
    moves = watcher.v - first
    await watcher.close()
    return moves / seconds


async def flood(server: Server, table: str, message: Callable[[int], str], during: Awaitable[float]) -> float:
    """``during``'s result while `FLOODERS` connections to ``table`` each send ``message(n)``
    `PER_SECOND` times a second (reading whatever comes back, as a client that wants to stay)."""
    stop = asyncio.Event()

    async def one(n: int) -> None:
        async with websockets.connect(f"{server.ws}/ws/tables/{table}", max_size=2**24, ping_interval=None) as ws:
            await ws.send('{"t": "hello", "token": null, "v": 0}')

            async def drain() -> None:
                with contextlib.suppress(websockets.ConnectionClosed):
                    async for _ in ws:
                        pass

            reader = asyncio.create_task(drain())
            try:
                while not stop.is_set():
                    await ws.send(message(n))
                    await asyncio.sleep(1 / PER_SECOND)
            finally:
                reader.cancel()

    flooders = [asyncio.create_task(one(n)) for n in range(FLOODERS)]
    await asyncio.sleep(1.0)  # the flood is on
    try:
        return await during
    finally:
        stop.set()
        await asyncio.gather(*flooders, return_exceptions=True)


async def _ratio(server: Server, message: Callable[[int], str], **kw: object) -> None:
    # Sheepshead: a match that goes on for its hands, never won before them
    other = create(server, "sheepshead", ["rule"] * 5, hands=1000)["table"]
    target = create(server, "sheepshead", ["rule"] * 5, hands=1000, **kw)["table"]
    await asyncio.sleep(2.0)  # both tables are under way; the target's match has a log to send
    quiet = await pace(server, other)
    flooded = await flood(server, target, message, pace(server, other))
    print(f"another table's pace: {quiet:.1f} moves a second quiet, {flooded:.1f} during the flood")
    assert quiet > 5, f"the bots' table barely moved ({quiet:.1f} a second): the measure says nothing"
    assert flooded >= quiet / 2, f"the flood slowed another table from {quiet:.1f} to {flooded:.1f} moves a second"


async def test_a_hello_flood_leaves_other_tables_their_pace(server: Server) -> None:
    await _ratio(server, lambda n: '{"t": "hello", "token": null, "v": 0}')


async def test_a_talk_flood_leaves_other_tables_their_pace(server: Server) -> None:
    await _ratio(server, lambda n: f'{{"t": "say", "text": "look at me {n}"}}', talk="free")
