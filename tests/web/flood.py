"""The measure of a flood test (web.md §5: "no request delays other tables"): another table's pace,
a table of bots only, in moves a second, quiet and while a few clients from a few addresses send
one door's requests as fast as they are answered. The result is a ratio of the two, measured in the
same run on the same machine, never a time.

The windows alternate (quiet, flooded, quiet, flooded, ...), so that a change in the machine's own
load during the run (other processes on a shared machine) falls on both sides alike; the moves are
counted afterwards from the times the server stored them (the ``actions`` table), so that a test
process slow to read a spectator's messages does not move the count.

Shared by the flood tests (tests/web/test_floods.py) and `bench/web_floods.py`, which prints the
paces.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import httpx
from sqlalchemy import create_engine, text

from tests.web.client import Server, create

#: A door's request, sent by one flooding client through its own HTTP client: the status it got.
Request = Callable[[httpx.AsyncClient, int], Awaitable[int]]

#: The server's options for a flood test: bots that pause 20 ms before each move, so that a table's
#: pace (about 36 moves a second) measures how promptly the server serves it rather than how much
#: CPU the machine has to spare (with no pause, a table of bots takes all the CPU it is given).
PACED = ("--bot-pause", "0.02", "--bot-workers", "2")
#: Each window's length, the windows of each kind, and how long a flood runs before its window.
WINDOW = 3.0
ROUNDS = 3
WARM_UP = 1.0


@dataclass
class Flood:
    """What a flood did: the paces (moves a second) quiet and during it, and the statuses the
    flooding clients got (``0``: a connection closed without an answer)."""

    quiet: float
    flooded: float
    statuses: Counter[int] = field(default_factory=Counter)

    @property
    def ratio(self) -> float:
        return self.flooded / self.quiet if self.quiet > 0 else 0.0

    def __str__(self) -> str:
        codes = ", ".join(f"{n}x{code}" for code, n in sorted(self.statuses.items()))
        return f"{self.quiet:.1f} -> {self.flooded:.1f} moves/s (ratio {self.ratio:.2f}; answers {codes})"


def moves_between(server: Server, table: str, windows: list[tuple[float, float]]) -> tuple[float, float]:
    """The table's moves stored in the windows (server times), and the windows' seconds."""
    engine = create_engine(server.db)
    try:
        with engine.connect() as conn:
            stamps = [
                row[0] for row in conn.execute(text("SELECT created FROM actions WHERE table_id = :t"), {"t": table})
            ]
    finally:
        engine.dispose()
    moves = sum(1 for t in stamps for start, end in windows if start <= t < end)
    return moves, sum(end - start for start, end in windows)


async def flood(
    server: Server,
    request: Request,
    addresses: list[str],
    clients_per_address: int = 2,
    seconds: float = WINDOW,
    rounds: int = ROUNDS,
) -> Flood:
    """Measure the pace of a table of bots over ``rounds`` quiet windows and as many windows
    while ``clients_per_address`` clients from each of ``addresses`` (loopback addresses such as
    ``127.0.0.2``) send ``request`` one after another as fast as they are answered."""
    made = create(server, "sheepshead", ["rule"] * 5)  # bots only, playing on until closed
    table = made["table"]
    statuses: Counter[int] = Counter()
    quiet: list[tuple[float, float]] = []
    flooded: list[tuple[float, float]] = []
    count = [0]

    async def one(address: str, stop: asyncio.Event) -> None:
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(transport=transport, base_url=server.url, timeout=120) as http:
            while not stop.is_set():
                count[0] += 1
                try:
                    statuses[await request(http, count[0])] += 1
                except httpx.HTTPError:
                    statuses[0] += 1

    await asyncio.sleep(1.0)  # the table under way
    for _ in range(rounds):
        start = time.time()
        await asyncio.sleep(seconds)
        quiet.append((start, time.time()))
        stop = asyncio.Event()
        tasks = [asyncio.create_task(one(a, stop)) for a in addresses for _ in range(clients_per_address)]
        try:
            await asyncio.sleep(WARM_UP)
            start = time.time()
            await asyncio.sleep(seconds)
            flooded.append((start, time.time()))
        finally:
            stop.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    server.post(f"/api/tables/{table}/close", {"host": made["host"]})
    q_moves, q_seconds = moves_between(server, table, quiet)
    f_moves, f_seconds = moves_between(server, table, flooded)
    return Flood(q_moves / q_seconds, f_moves / f_seconds, statuses)
