"""Records replayed for the replay viewer, away from the tables (web.md §5: "No request delays
other tables").

A record is hostile input of up to a few megabytes, and replaying it step by step with every
seat's view is seconds of work. It is done as every client-paid piece of work is
(`cardtable.web.workers`): each address's pace is taken first, then a place among those that may
wait (each address a bounded share of them, so two cannot keep the queue full), then the replay
runs in a worker process of its own, one record at a time, bounded in time (past it the worker is
ended and a new one started) and in the size of its answer. The tables' event loop only reads the
body and waits.

Two workers, by the record's size. A record of up to `SMALL_RECORD_BYTES` (a table's match: the
summary every page asks for at the end of each hand, which a person waits for) replays in a worker
at nice 10, started with the server: below the tables, but not starved by them. A larger record
(an upload) replays in a worker in Linux's idle class, which gets only CPU time nothing else
wants: a flood of large uploads costs the tables nothing (docs/benchmarks.md), and a table's
summary never waits behind one. With the idle worker alone, a busy machine (the tables' bots and
anything else at normal priority on every core) left the summaries unanswered for minutes: the
idle class has a weight of 3 against 1,024 for a normal process.
"""

from __future__ import annotations

import asyncio
import json
import logging

from cardtable.i18n import N_
from cardtable.web.errors import Refused
from cardtable.web.limits import PerAddress, wait_text
from cardtable.web.settings import Settings
from cardtable.web.workers import Admission, CallFailed, WorkerPool, idle_priority, low_priority

log = logging.getLogger("cardtable.web")

#: The largest answer a replay may give (every step of a long match with every seat's view).
MAX_ANSWER_BYTES = 48_000_000
#: How many of the replays waiting or running one address may hold (in each worker's queue).
REPLAYS_PER_ADDRESS = 2
#: The largest record replayed by the worker at nice 10: a table's match with room to spare (the
#: record of 20 hands at a Sheepshead table is 15 KB); larger ones go to the worker at idle priority.
SMALL_RECORD_BYTES = 256_000


#: How long after the server starts the worker for small records is started (`Replayer.start`).
WARM_AFTER = 3.0


def warm() -> None:
    """In the worker: import what a replay needs, so that the first summary does not wait for it."""
    from cardtable.web.review import replayjson  # noqa: F401


def replay_bytes(raw: bytes, steps: bool, seat: int | None, ended: bool, language: str = "en") -> tuple[int, bytes]:
    """In the worker: the record in ``raw`` replayed (`replayjson.replay_json`), as an HTTP status and
    a JSON body, its narration in ``language`` (docs/languages.md); every refusal is one line."""
    from cardtable.core import CardtableError
    from cardtable.i18n import speaking
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
        with speaking(language):
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
        self.admission = Admission(settings.replay_queue, REPLAYS_PER_ADDRESS, N_("records replayed"))
        self.pool = WorkerPool(1, settings.replay_seconds, idle_priority)
        self.small_admission = Admission(settings.replay_queue, REPLAYS_PER_ADDRESS, N_("records replayed"))
        self.small_pool = WorkerPool(1, settings.replay_seconds, low_priority)

    async def start(self) -> None:
        """Start the worker for small records and import the replay's modules in it, a moment
        after the server started (`WARM_AFTER`; a server stopped before then never starts it). A
        failure here is only logged: the first replay starts the worker again."""
        await asyncio.sleep(WARM_AFTER)
        try:
            await self.small_pool.call(warm)
        except Exception as e:  # the first replay starts the worker again
            if not self.small_pool.closed:
                log.warning("the replay worker could not be started ahead: %s", e)

    def close(self) -> None:
        self.pool.close()
        self.small_pool.close()

    async def replay(
        self, address: str, raw: bytes, steps: bool, seat: int | None, ended: bool, language: str = "en"
    ) -> tuple[int, bytes]:
        """Replay ``raw`` for ``address``: ``429`` when the address's pace is spent or it holds its
        share of the places, ``503`` when all are taken; all before any work on the record."""
        wait = self.per_address.take(address)
        if wait > 0:
            raise Refused(
                429, f"too many records replayed from your address; try again in {wait_text(wait)}", retry_after=wait
            )
        small = len(raw) <= SMALL_RECORD_BYTES
        admission, pool = (self.small_admission, self.small_pool) if small else (self.admission, self.pool)
        with admission.held(address):
            try:
                result: tuple[int, bytes] = await pool.call(replay_bytes, raw, steps, seat, ended, language)
            except CallFailed:
                raise Refused(
                    422, f"the record took over {self.settings.replay_seconds:g} s to replay and was stopped"
                ) from None
            return result
