"""Records replayed for the replay viewer, away from the tables (web.md §5: "No request delays
other tables").

A record is hostile input of up to a few megabytes, and replaying it step by step with every
seat's view is seconds of work. It is done in a worker process of its own (at idle priority), one
record at a time, with bounds on each address's pace, on how many may wait, on the time one
replay may take (past it the worker is ended and a new one started) and on the size of the answer.
The tables' event loop only reads the body and waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
from multiprocessing.pool import Pool
from typing import Any

from cardtable.web.errors import Refused
from cardtable.web.limits import PerAddress, wait_text
from cardtable.web.settings import Settings

log = logging.getLogger("cardtable.web")

#: The largest answer a replay may give (every step of a long match with every seat's view).
MAX_ANSWER_BYTES = 48_000_000


def _lower_priority() -> None:
    """The worker runs only on CPU time nothing else wants: Linux's idle scheduling class where
    there is one, else the lowest nice value."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))  # type: ignore[attr-defined,unused-ignore]
    except (OSError, AttributeError):
        with contextlib.suppress(OSError, AttributeError):
            os.nice(19)


def replay_bytes(raw: bytes, steps: bool, seat: int | None, ended: bool) -> tuple[int, bytes]:
    """In the worker: the record in ``raw`` replayed (`replayjson.replay_json`), as an HTTP status and
    a JSON body; every refusal is one line."""
    from cardtable.core import CardtableError
    from cardtable.record import BadRecord, ReplayStopped
    from cardtable.strict import BadJson, loads, one_line
    from cardtable.web.review.replayjson import TooManySteps, replay_json

    def refuse(status: int, message: str) -> tuple[int, bytes]:
        return status, json.dumps({"error": one_line(message, 300)}).encode()

    try:
        obj = loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, BadJson) as e:
        return refuse(400, f"the record is not JSON: {e}")
    try:
        out = replay_json(obj, steps, seat, ended)
    except TooManySteps as e:
        return refuse(413, str(e))
    except (BadRecord, ReplayStopped, CardtableError) as e:
        return refuse(422, str(e))
    body = json.dumps(out, separators=(",", ":")).encode()
    if len(body) > MAX_ANSWER_BYTES:
        return refuse(413, "the record has too many steps to show here; replay it with 'cardtable view'")
    return 200, body


class Replayer:
    """The replay worker and its bounds (`Settings`: ``replay_*``, ``max_record_bytes``)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.per_address = PerAddress(1 / settings.replay_every, settings.replay_burst)
        self.pool: Pool | None = None
        self.waiting = 0
        self.one = asyncio.Lock()

    def _pool(self) -> Pool:
        if self.pool is None:
            self.pool = multiprocessing.get_context("spawn").Pool(1, initializer=_lower_priority)
        return self.pool

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool = None

    async def replay(self, address: str, raw: bytes, steps: bool, seat: int | None, ended: bool) -> tuple[int, bytes]:
        """Replay ``raw`` for ``address``; ``429``/``503`` when its pace or the queue is over bounds."""
        wait = self.per_address.take(address)
        if wait > 0:
            raise Refused(
                429, f"too many records replayed from your address; try again in {wait_text(wait)}", retry_after=wait
            )
        if self.waiting >= self.settings.replay_queue:
            raise Refused(503, "the server is replaying too many records; try again in a few seconds", retry_after=5)
        self.waiting += 1
        try:
            async with self.one:
                return await self._run(raw, steps, seat, ended)
        finally:
            self.waiting -= 1

    async def _run(self, raw: bytes, steps: bool, seat: int | None, ended: bool) -> tuple[int, bytes]:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[tuple[int, bytes]] = loop.create_future()

        def settle(result: Any = None, error: BaseException | None = None) -> None:
            if done.done():
                return
            if error is not None:
                done.set_exception(error)
            else:
                done.set_result(result)

        def ok(result: Any) -> None:
            loop.call_soon_threadsafe(settle, result)

        def failed(e: BaseException) -> None:
            loop.call_soon_threadsafe(settle, None, e)

        pool = await asyncio.to_thread(self._pool)  # the first start imports the engine: off the loop
        pool.apply_async(replay_bytes, (raw, steps, seat, ended), callback=ok, error_callback=failed)
        try:
            return await asyncio.wait_for(done, self.settings.replay_seconds)
        except TimeoutError:
            log.warning("a record's replay took over %.0f s and was stopped", self.settings.replay_seconds)
            self.pool = None
            await asyncio.to_thread(pool.terminate)
            raise Refused(
                422, f"the record took over {self.settings.replay_seconds:g} s to replay and was stopped"
            ) from None
