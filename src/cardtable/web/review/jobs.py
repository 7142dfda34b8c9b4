"""The review panel's endpoints: one hand of a record reviewed for one seat, off the event loop.

A review is seconds of search. It runs as a job in a worker process of its own at idle priority
(as the replay worker, `cardtable.web.review.replaywork`), one job at a time, one decision per call to
the worker, so the job says how far it got: the page polls ``GET /api/review/{job}`` for
``done`` of ``total`` and, at the end, the review (docs/web.md, "The review panel"). Bounds: each
address's pace, how many jobs may wait, the time one call may take (past it the worker is ended
and a new one started) and the time a whole job may take (past it the job ends with what was
done, ``complete`` false).

Reviews are cached in memory (least recently used first out), keyed by a hash of the record up to
the hand, the seat and the search's settings: the same hand asked again, from the table or from
the replay viewer, is answered at once.

A table's hand is reviewed only once it is over: ``POST /api/tables/{id}/review`` takes the
hand from the table's record of finished hands, and refuses the hand still being played with
``409`` and the one line `IN_PLAY` says, whatever the seat, so nothing of a hand in play (not a
seat's own cards, not the time the search takes) comes out of it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from multiprocessing.pool import Pool
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from prometheus_client import Counter

from cardtable.web.errors import Refused
from cardtable.web.limits import PerAddress, wait_text
from cardtable.web.ops.metrics import REGISTRY
from cardtable.web.review.replaywork import _lower_priority

log = logging.getLogger("cardtable.web")

REVIEWS = Counter(
    "cardtable_reviews", "Hands reviewed for the review panel, by outcome", ["outcome"], registry=REGISTRY
)

#: The refusal of a review of the hand being played at a table.
IN_PLAY = "hand {hand} is still being played at this table: its review opens when the hand is over"


@dataclass(frozen=True)
class ReviewLimits:
    """The review worker's bounds: the longest call (one decision), the longest job, jobs waiting
    at most, one address's pace (a job every ``every`` seconds, ``burst`` at once), reviews kept
    in the cache, finished jobs kept to be polled, and the search's settings (``level``: ``None``
    for each game's own; ``seed``)."""

    call_seconds: float = 120.0
    job_seconds: float = 300.0
    queue: int = 8
    every: float = 2.0
    burst: int = 5
    cached: int = 64
    kept: int = 256
    level: str | None = None
    seed: int = 0


@dataclass
class Job:
    """One review: what it works on, how far it got, and its answer or its refusal."""

    id: str
    key: str
    record: dict[str, Any]
    hand: int
    seat: int
    state: str = "queued"
    done: int = 0
    total: int | None = None
    review: dict[str, Any] | None = None
    error: str | None = None
    status: int = 200
    decisions: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"job": self.id, "state": self.state, "done": self.done, "total": self.total}
        if self.review is not None:
            out["review"] = self.review
        if self.error is not None:
            out["error"] = self.error
        return out


def review_key(record: dict[str, Any], hand: int, seat: int, limits: ReviewLimits) -> str:
    """The cache key: a hash of the record up to the hand, the hand, the seat and the settings."""
    text = json.dumps([record, hand, seat, limits.level, limits.seed], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _call(name: str, *args: Any) -> tuple[bool, Any]:
    """In the worker: ``panel.<name>(*args)``, as ``(True, result)`` or ``(False, one line)``."""
    from cardtable.analysis import panel
    from cardtable.core import CardtableError
    from cardtable.record import BadRecord, ReplayStopped
    from cardtable.strict import one_line

    try:
        return True, getattr(panel, name)(*args)
    except (BadRecord, ReplayStopped, CardtableError) as e:
        return False, one_line(str(e), 300)


class Timeout(Exception):
    """A call to the worker ran past its bound."""


class Reviewer:
    """The review jobs, their worker, their bounds and the cache (see the module docstring)."""

    def __init__(self, limits: ReviewLimits | None = None) -> None:
        self.limits = limits or ReviewLimits()
        self.per_address = PerAddress(1 / self.limits.every, self.limits.burst)
        self.pool: Pool | None = None
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.cache: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.waiting = 0
        self.one = asyncio.Lock()
        self.tasks: set[asyncio.Task[None]] = set()

    def _pool(self) -> Pool:
        if self.pool is None:
            self.pool = multiprocessing.get_context("spawn").Pool(1, initializer=_lower_priority)
        return self.pool

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        if self.pool is not None:
            self.pool.terminate()
            self.pool = None

    def start(self, address: str, record: dict[str, Any], hand: int, seat: int) -> Job:
        """A job reviewing ``hand`` of ``record`` for ``seat``: answered from the cache when it
        holds it, else queued; ``429``/``503`` when the address's pace or the queue is over bounds."""
        key = review_key(record, hand, seat, self.limits)
        cached = self.cache.get(key)
        if cached is not None:
            self.cache.move_to_end(key)
            job = self._keep(Job(secrets.token_urlsafe(12), key, record, hand, seat))
            job.state, job.review = "done", cached
            job.done = job.total = len(cached["decisions"])
            REVIEWS.labels(outcome="cached").inc()
            return job
        wait = self.per_address.take(address)
        if wait > 0:
            raise Refused(
                429, f"too many reviews asked from your address; try again in {wait_text(wait)}", retry_after=wait
            )
        if self.waiting >= self.limits.queue:
            raise Refused(503, "the server is reviewing too many hands; try again in a few seconds", retry_after=5)
        job = self._keep(Job(secrets.token_urlsafe(12), key, record, hand, seat))
        self.waiting += 1
        task = asyncio.get_running_loop().create_task(self._work(job))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return job

    def job(self, job_id: str) -> Job:
        found = self.jobs.get(job_id)
        if found is None:
            raise Refused(404, "no such review (a finished review is kept for a while, then asked for again)")
        return found

    def _keep(self, job: Job) -> Job:
        self.jobs[job.id] = job
        while len(self.jobs) > self.limits.kept:
            self.jobs.popitem(last=False)
        return job

    async def _work(self, job: Job) -> None:
        try:
            async with self.one:
                self.waiting -= 1
                job.state = "running"
                await self._review(job)
        except Timeout:
            job.state, job.status = "failed", 422
            job.error = f"a decision took over {self.limits.call_seconds:g} s to review and was stopped"
        except Exception:
            log.exception("a review failed")
            job.state, job.status, job.error = "failed", 500, "the review failed on the server"
        finally:
            if job.state == "queued":  # cancelled while waiting
                self.waiting -= 1
            job.record = {}
            REVIEWS.labels(outcome=job.state).inc()

    async def _review(self, job: Job) -> None:
        lim = self.limits
        ok, plan = await self._run("plan", job.record, job.hand, job.seat, lim.level)
        if not ok:
            job.state, job.status, job.error = "failed", 422, plan
            return
        job.total = len(plan["turns"])
        ends = time.monotonic() + lim.job_seconds
        complete = True
        for n in range(job.total):
            if time.monotonic() > ends:
                complete = False
                break
            ok, got = await self._run("decision", job.record, job.hand, job.seat, n, plan["level"], lim.seed)
            if not ok:
                job.state, job.status, job.error = "failed", 422, got
                return
            job.decisions.append(got)
            job.done = n + 1
        opened = None
        if complete and plan["over"]:
            ok, opened = await self._run("open_card", job.record, job.hand, job.seat)
            opened = opened if ok else None
        review = {k: plan[k] for k in ("game", "seats", "seat", "hand", "level", "steps", "turns", "score", "value")}
        review |= {"seed": lim.seed, "decisions": job.decisions, "open_card": opened, "complete": complete}
        if not complete:
            review["stopped"] = f"the review's {lim.job_seconds:g} s ran out after {job.done} of {job.total} decisions"
        job.review, job.state = review, "done"
        if complete:
            self.cache[job.key] = review
            while len(self.cache) > lim.cached:
                self.cache.popitem(last=False)

    async def _run(self, name: str, *args: Any) -> tuple[bool, Any]:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[tuple[bool, Any]] = loop.create_future()

        def settle(result: Any = None, error: BaseException | None = None) -> None:
            if done.done():
                return
            if error is not None:
                done.set_exception(error)
            else:
                done.set_result(result)

        pool = await asyncio.to_thread(self._pool)  # the first start imports the engine: off the loop
        pool.apply_async(
            _call,
            (name, *args),
            callback=lambda r: loop.call_soon_threadsafe(settle, r),
            error_callback=lambda e: loop.call_soon_threadsafe(settle, None, e),
        )
        try:
            return await asyncio.wait_for(done, self.limits.call_seconds)
        except TimeoutError:
            log.warning("a review's %s took over %.0f s and was stopped", name, self.limits.call_seconds)
            self.pool = None
            await asyncio.to_thread(pool.terminate)
            raise Timeout from None


router = APIRouter()


def reviewer_of(request: Request) -> Reviewer:
    """The app's reviewer, made on first use (the app closes it as it stops, `close`)."""
    found: Reviewer | None = getattr(request.app.state, "reviewer", None)
    if found is None:
        found = request.app.state.reviewer = Reviewer(getattr(request.app.state, "review_limits", None))
    return found


def close(app: FastAPI) -> None:
    """End the app's review worker, if it has one."""
    found: Reviewer | None = getattr(app.state, "reviewer", None)
    if found is not None:
        found.close()


def _whole(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Refused(400, f"{what}: expected a whole number from 0")
    return value


def _checked(record: object, hand: int, seat: int) -> dict[str, Any]:
    """The record up to ``hand``, with the hand and the seat checked (``422`` in one line)."""
    from cardtable.analysis.panel import hand_record
    from cardtable.core import CardtableError
    from cardtable.record import BadRecord, Record, load_game
    from cardtable.strict import one_line

    try:
        cut = hand_record(record, hand)  # type: ignore[arg-type]
        seats = load_game(Record.from_json(cut)).seats
    except (BadRecord, CardtableError, TypeError, ValueError) as e:
        raise Refused(422, one_line(str(e), 300)) from None
    if seat >= seats:
        raise Refused(422, f"seat {seat}: the game has seats 0 to {seats - 1}")
    return cut


def _answer(job: Job) -> Any:
    from fastapi.responses import JSONResponse

    if job.state == "failed":
        return JSONResponse({"error": job.error, **job.to_json()}, status_code=job.status)
    return job.to_json()


@router.post("/api/review")
async def review_record(request: Request, hand: int = 0, seat: int = 0) -> Any:
    """Review hand ``hand`` of the record in the body for ``seat``: a job to poll."""
    from cardtable.strict import BadJson, loads
    from cardtable.web.requests import client_address

    body = await request.body()
    limit = request.app.state.settings.max_record_bytes
    if len(body) > limit:
        raise Refused(413, f"a record is at most {limit} bytes")
    try:
        record = loads(body.decode("utf-8"))
    except (UnicodeDecodeError, BadJson) as e:
        raise Refused(400, f"the record is not JSON: {e}") from None
    checked = await asyncio.to_thread(_checked, record, _whole(hand, "hand"), _whole(seat, "seat"))
    return _answer(reviewer_of(request).start(client_address(request), checked, hand, seat))


@router.post("/api/tables/{table_id}/review")
async def review_table_hand(request: Request, table_id: str) -> Any:
    """Review a finished hand of a table's match (``{"hand": h, "seat": s, "match": m}``; the
    match by default the current one) for a seat; the hand in play is refused (`IN_PLAY`)."""
    from cardtable.web.requests import body_of, client_address

    hub = request.app.state.hub
    table = await hub.get(table_id)
    body = await body_of(request)
    hand = _whole(body.get("hand"), "hand")
    seat = _whole(body.get("seat"), "seat")
    match = body.get("match")
    if match is not None:
        match = _whole(match, "match")

    async def finished() -> tuple[dict[str, Any] | None, bool, int]:
        m = table.match if match is None else match
        playing = table.hand is not None and m == table.match
        return table.record(m), playing, m

    record, playing, shown = await table.submit(finished)
    await hub.check_record(table_id, shown)  # a duplicate board still played elsewhere is held back
    held = len(record["hands"]) if record is not None else 0
    if hand >= held:
        if playing and hand == held:
            raise Refused(409, IN_PLAY.format(hand=hand + 1), reason="in_play")
        raise Refused(404, "no such hand in that match")
    assert record is not None
    checked = await asyncio.to_thread(_checked, record, hand, seat)
    return _answer(reviewer_of(request).start(client_address(request), checked, hand, seat))


@router.get("/api/review/{job_id}")
async def review_job(request: Request, job_id: str) -> Any:
    """How far a review got: ``done`` of ``total`` decisions, and at the end the review."""
    return _answer(reviewer_of(request).job(job_id[:64]))


def install(app: FastAPI) -> None:
    """Add the review endpoints to ``app``."""
    app.include_router(router)
