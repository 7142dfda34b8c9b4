"""The tournaments' heavy work, away from the tables (web.md §5: "No request delays other tables").

Seating a round (a search), the public view of a tournament with its standings (matchpoints
compare every table of a board with every other), their CSV, and the score sheets' QR codes cost
time that grows with what a client made: a tournament of 400 entrants, a hundred hands a round.
They run in one worker process of their own (reading the database with its own connection,
`cardtable.web.tournaments.view`), at a lower priority than the tables (not the idle class: a round must still
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
from collections.abc import Callable
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


_stores: dict[str, Any] = {}


def _store(db_url: str) -> Any:
    """In the worker: the tournaments' store of ``db_url`` (one engine a database, kept)."""
    from cardtable.web.database import make_engine
    from cardtable.web.tournaments.store import TournamentStore

    if db_url not in _stores:
        _stores[db_url] = TournamentStore(make_engine(db_url))
    return _stores[db_url]


def public(db_url: str, tournament_id: str) -> Any:
    """In the worker: the public view (`cardtable.web.tournaments.view.public_json`)."""
    from cardtable.web.tournaments import view

    return view.public_json(_store(db_url), tournament_id)


def csv(db_url: str, tournament_id: str) -> str | None:
    """In the worker: the standings as CSV."""
    from cardtable.web.tournaments import view

    return view.csv_text(_store(db_url), tournament_id)


def next_round(db_url: str, tournament_id: str) -> Any:
    """In the worker: the next round's number and seating, or a refusal."""
    from cardtable.web.tournaments import view

    return view.next_round(_store(db_url), tournament_id)


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
