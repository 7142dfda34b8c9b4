"""The tournaments' heavy work, away from the tables (web.md §5: "No request delays other tables").

Seating a round (a search), the standings of every hand counted (matchpoints compare every table
of a board with every other), their CSV, and the score sheets' QR codes cost time that grows with
what a client made: a tournament of 400 entrants, a hundred hands a round. They run in one worker
process of their own, at a lower priority than the tables (not the idle class: a round must still
start on a busy server), one job at a time, with a bound on how many may wait and on how long one
may take (past it the worker is ended and a new one started, and the request refused). The event
loop only hands the inputs over and waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable, Sequence
from multiprocessing.pool import Pool
from typing import Any

from cardtable.web.errors import Refused

log = logging.getLogger("cardtable.web")

#: How many jobs may wait for the worker at once (past it: ``503``, try again).
QUEUE = 16
#: The longest a job may take, in seconds.
SECONDS = 30.0


def _lower_priority() -> None:
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)


def seat(
    pairs: bool,
    people: Sequence[Any],
    size: int,
    partners: Sequence[Sequence[int]],
    round_index: int,
    history: Sequence[Sequence[list[int | None]]],
    movement: str,
    ranking: Sequence[int],
) -> list[list[int | None]]:
    """In the worker: a round's tables (`cardtable.web.tournaments.seating`)."""
    from cardtable.web.tournaments import seating

    if pairs:
        return seating.seat_pairs(people, size, partners, round_index, history, movement, ranking)
    return seating.seat_round(people, size, history, movement, partners, ranking, seed=round_index + 1)


def standings(
    entrants: Sequence[tuple[int, str]],
    seatings: dict[int, dict[int, Sequence[int | None]]],
    results: Sequence[tuple[int, int, int, tuple[int, ...]]],
    duplicate: bool,
    rounds: int,
    replaced: dict[int, tuple[str, int | None]],
) -> tuple[list[dict[str, Any]], str]:
    """In the worker: the standings as the pages show them, and as CSV."""
    from cardtable.web.tournaments import standings as table

    counted = [table.Result(*r) for r in results]
    rows = table.standings(entrants, seatings, counted, duplicate, replaced)
    return [r.to_json() for r in rows], table.to_csv(rows, rounds, duplicate)


def qr(url: str) -> str:
    """In the worker: the link as a QR code in SVG."""
    from cardtable.web.network import qr_svg

    return qr_svg(url)


class Worker:
    """The tournaments' worker process and its bounds."""

    def __init__(self, queue: int = QUEUE, seconds: float = SECONDS) -> None:
        self.queue, self.seconds = queue, seconds
        self.pool: Pool | None = None
        self.waiting = 0

    def _pool(self) -> Pool:
        if self.pool is None:
            self.pool = multiprocessing.get_context("spawn").Pool(1, initializer=_lower_priority)
        return self.pool

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool = None

    async def run(self, what: str, job: Callable[..., Any], *args: Any) -> Any:
        """``job(*args)`` in the worker; ``503`` when too many wait or it takes too long."""
        if self.waiting >= self.queue:
            busy = f"the server is busy with tournaments' work; try the {what} again in a moment"
            raise Refused(503, busy, retry_after=5)
        self.waiting += 1
        try:
            return await self._run(what, job, args)
        finally:
            self.waiting -= 1

    async def _run(self, what: str, job: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Any] = loop.create_future()

        def settle(result: Any = None, error: BaseException | None = None) -> None:
            if done.done():
                return
            if error is not None:
                done.set_exception(error)
            else:
                done.set_result(result)

        pool = await asyncio.to_thread(self._pool)  # the first start imports the engine: off the loop
        pool.apply_async(
            job,
            args,
            callback=lambda r: loop.call_soon_threadsafe(settle, r),
            error_callback=lambda e: loop.call_soon_threadsafe(settle, None, e),
        )
        try:
            return await asyncio.wait_for(done, self.seconds)
        except TimeoutError:
            log.warning("a tournament's %s took over %.0f s and was stopped", what, self.seconds)
            if self.pool is pool:
                self.pool = None
            await asyncio.to_thread(pool.terminate)
            raise Refused(
                503, f"the {what} took over {self.seconds:g} s and was stopped; try again in a moment", retry_after=5
            ) from None
