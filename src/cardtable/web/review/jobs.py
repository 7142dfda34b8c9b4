"""The review panel's endpoints: one hand of a record reviewed for one seat, off the event loop.

A review is seconds of search. It runs as a job in a worker process of its own at nice 10 (as the
replay worker of a table's records, `cardtable.web.review.replaywork`): below the tables, so that a
review takes at most a small share of a CPU they want, but not in the idle class, where a busy
machine (every core wanted at normal priority) starved it and the person waiting for it saw the
call's time bound fail the job. One job at a time, one decision per call to the worker, so the job
says how far it got: the page polls ``GET /api/review/{job}`` for
``done`` of ``total`` and, at the end, the review (docs/web.md, "The review panel").

What a client sends costs nothing on the tables' event loop, and every gate comes before the work
(`cardtable.web.workers`): the address's pace first (a job every ``every`` seconds, ``burst`` at
once; a review answered from the cache counts too), then a place among the jobs (``queue``
waiting, each address at most ``per_address`` of them waiting or running, so that two addresses
cannot keep the queue full); only then is the record read and checked, in the server's worker
process for short work (`check_review`: the strict JSON reader on a record of megabytes takes a
second), and the job queued. Bounds of the job itself: the time one call may take (past it the
worker is ended and a new one started) and the time a whole job may take (past it the job ends
with what was done, ``complete`` false).

Jobs live in the database (`cardtable.web.review.store`), so that any process of a cluster answers
a poll of any job; the process that runs a job also keeps it in memory and answers its polls from
there. Complete reviews are cached, keyed by a hash of the record up to the hand, the seat and the
search's settings: in memory (least recently used first out) and in the jobs' rows, so the same
hand asked again, from the table or from the replay viewer, on this process or another, is
answered at once.

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
import os
import secrets
import socket
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import Response
from prometheus_client import Counter

from cardtable.i18n import N_, Amount, Phrase, phrase, words_of
from cardtable.web.errors import Refused
from cardtable.web.limits import PerAddress, wait_text
from cardtable.web.ops.metrics import REGISTRY
from cardtable.web.review.store import MAX_REVIEW_BYTES, JobStore
from cardtable.web.workers import Admission, CallFailed, WorkerPool, low_priority, pool_of

log = logging.getLogger("cardtable.web")

REVIEWS = Counter(
    "cardtable_reviews", "Hands reviewed for the review panel, by outcome", ["outcome"], registry=REGISTRY
)

#: The refusal of a review of the hand being played at a table.
IN_PLAY = N_("hand {hand} is still being played at this table: its review opens when the hand is over")
#: What a poll says of a job whose process stopped before it finished.
STOPPED = phrase("the server reviewing this hand stopped before it finished; ask for the review again")
#: What a poll says of a job that failed for a reason of the server's own (logged).
FAILED = phrase("the review failed on the server")
#: The server's own words a job's error may be, as the store keeps them (English), each with its phrase.
_OWN_WORDS = {str(p): p for p in (STOPPED, FAILED)}
#: The longest a record may take to be read and checked before its job is queued.
CHECK_SECONDS = 60.0


@dataclass(frozen=True)
class ReviewLimits:
    """The review worker's bounds: the longest call (one decision), the longest job, jobs waiting
    at most, one address's pace (a job every ``every`` seconds, ``burst`` at once), the jobs one
    address may have waiting or running, reviews kept in memory, finished jobs kept to be polled
    (at most ``kept`` of them, for ``kept_seconds``), the silence after which a job whose process
    stopped reads as failed, and the search's settings (``level``: ``None`` for each game's own;
    ``seed``)."""

    call_seconds: float = 120.0
    job_seconds: float = 300.0
    queue: int = 8
    every: float = 2.0
    burst: int = 5
    per_address: int = 2
    cached: int = 64
    kept: int = 256
    kept_seconds: float = 3600.0
    stale_seconds: float = 60.0
    level: str | None = None
    seed: int = 0


@dataclass
class Job:
    """One review: what it works on, how far it got, and its answer (as JSON text) or its refusal."""

    id: str
    key: str
    record: bytes
    hand: int
    seat: int
    address: str = ""
    state: str = "queued"
    done: int = 0
    total: int | None = None
    review: str | None = None
    error: str | None = None
    status: int = 200
    decisions: list[dict[str, Any]] = field(default_factory=list)

    def answer(self) -> Response:
        return job_answer(self.id, self.state, self.done, self.total, self.review, self.error, self.status)


def job_answer(
    job_id: str, state: str, done: int, total: int | None, review: str | None, error: str | None, status: int
) -> Response:
    """A job as ``GET /api/review/{job}`` answers it: ``{"job", "state", "done", "total"}``, with
    ``review`` once done and ``error`` once failed (then with the job's status); the review is
    the JSON text kept, put in as it is. An error in the server's own words has them beside it
    too, ``error_words`` (`cardtable.i18n.words_of`), for the page to say in its language; an
    error of the record or the engine (its one line) is English only, as the data is."""
    head: dict[str, Any] = {"job": job_id, "state": state, "done": done, "total": total}
    if error is not None and state == "failed":
        said = error if isinstance(error, Phrase) else _OWN_WORDS.get(error)
        head = {"error": error, **({"error_words": words_of(said)} if said is not None else {}), **head}
    text = json.dumps(head, separators=(",", ":"))
    if review is not None and state == "done":
        text = text[:-1] + ',"review":' + review + "}"
    return Response(text, status_code=status if state == "failed" else 200, media_type="application/json")


def _seconds(value: float) -> Amount:
    """Seconds as the server's words say them: as ``f"{value:g}"`` writes them (``60``, ``0.5``),
    with the decimals a language writes its own way."""
    shown = f"{value:g}"
    return Amount(value, min(3, len(shown.split(".")[1])) if "." in shown and "e" not in shown else 0)


def review_key(record: dict[str, Any], hand: int, seat: int, level: str | None, seed: int) -> str:
    """The cache key: a hash of the record up to the hand, the hand, the seat and the settings."""
    text = json.dumps([record, hand, seat, level, seed], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def check_review(source: bytes | dict[str, Any], hand: int, seat: int, level: str | None, seed: int) -> tuple[int, Any]:
    """In a worker: the record (JSON ``bytes`` from a client, or a table's own record) up to
    ``hand``, checked for ``seat``, as ``(200, {"key", "record": JSON bytes})``, or ``(400 | 422,
    one line)``."""
    from cardtable.analysis.panel import hand_record
    from cardtable.core import CardtableError
    from cardtable.record import BadRecord, Record, load_game
    from cardtable.strict import BadJson, loads, one_line

    if isinstance(source, bytes):
        try:
            record = loads(source.decode("utf-8"))
        except (UnicodeDecodeError, BadJson) as e:
            return 400, one_line(f"the record is not JSON: {e}", 300)
    else:
        record = source
    try:
        cut = hand_record(record, hand)  # type: ignore[arg-type]
        seats = load_game(Record.from_json(cut)).seats
    except (BadRecord, CardtableError, TypeError, ValueError, AttributeError) as e:
        return 422, one_line(str(e), 300)
    if seat >= seats:
        return 422, f"seat {seat}: the game has seats 0 to {seats - 1}"
    key = review_key(cut, hand, seat, level, seed)
    return 200, {"key": key, "record": json.dumps(cut, separators=(",", ":")).encode()}


#: In the review worker: the records last read, by key, so a job's calls read its record once.
_READ: OrderedDict[str, Any] = OrderedDict()


def _call(name: str, key: str, raw: bytes, *args: Any) -> tuple[bool, Any]:
    """In the worker: ``panel.<name>(record, *args)``, as ``(True, result)`` or ``(False, one line)``."""
    from cardtable.analysis import panel
    from cardtable.core import CardtableError
    from cardtable.record import BadRecord, ReplayStopped
    from cardtable.strict import loads, one_line

    record = _READ.get(key)
    if record is None:
        record = _READ[key] = loads(raw.decode("utf-8"))
        while len(_READ) > 2:
            _READ.popitem(last=False)
    try:
        return True, getattr(panel, name)(record, *args)
    except (BadRecord, ReplayStopped, CardtableError) as e:
        return False, one_line(str(e), 300)


class Reviewer:
    """The review jobs, their worker, their bounds and the cache (see the module docstring);
    ``store`` keeps the jobs where every process reads them (``None``: in memory only)."""

    def __init__(self, limits: ReviewLimits | None = None, store: JobStore | None = None) -> None:
        self.limits = lim = limits or ReviewLimits()
        self.store = store
        self.node = f"{socket.gethostname()}:{os.getpid()}"[:80]
        self.per_address = PerAddress(1 / lim.every, lim.burst)
        # a place for each job waiting, and one for the job running
        self.admission = Admission(lim.queue + 1, lim.per_address, N_("reviews asked"))
        self.pool = WorkerPool(1, lim.call_seconds, low_priority)
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.cache: OrderedDict[str, str] = OrderedDict()
        self.one = asyncio.Lock()
        self.tasks: set[asyncio.Task[None]] = set()
        self.beating: asyncio.Task[None] | None = None

    def close(self) -> None:
        """Stop: the jobs not finished are failed (in the store too, so a poll elsewhere says so)."""
        for task in self.tasks:
            task.cancel()
        if self.beating is not None:
            self.beating.cancel()
        self.pool.close()
        unfinished = [j for j in self.jobs.values() if j.state in ("queued", "running")]
        for job in unfinished:
            job.state, job.status, job.error = "failed", 503, STOPPED
        if self.store is not None and unfinished:
            try:
                for job in unfinished:
                    self.store.save(job.id, state="failed", status=503, error=str(STOPPED))
            except Exception:
                log.warning("the unfinished reviews could not be marked stopped in the database", exc_info=True)

    def admit(self, address: str) -> None:
        """Before any work on a request: take the address's pace (``429``), then a place among the
        jobs (``429`` the address holds its share, ``503`` every place is taken). The place is
        the job's once `start` queues it; `release` gives it back otherwise."""
        wait = self.per_address.take(address)
        if wait > 0:
            raise Refused(
                429, f"too many reviews asked from your address; try again in {wait_text(wait)}", retry_after=wait
            )
        self.admission.enter(address)

    def release(self, address: str) -> None:
        self.admission.leave(address)

    async def check(self, app: FastAPI, source: bytes | dict[str, Any], hand: int, seat: int) -> tuple[str, bytes]:
        """The record up to the hand, checked in the worker for short work (`check_review`): its
        key and its JSON; ``400``/``422`` in one line."""
        try:
            status, got = await pool_of(app).call(
                check_review, source, hand, seat, self.limits.level, self.limits.seed, seconds=CHECK_SECONDS
            )
        except CallFailed:
            said = phrase("the record took too long to read; try again in a few seconds")
            raise Refused(503, said, retry_after=5) from None
        if status != 200:
            raise Refused(status, got)
        return got["key"], got["record"]

    async def start(self, address: str, key: str, record: bytes, hand: int, seat: int) -> Job:
        """A job reviewing ``hand`` of ``record`` (checked) for ``seat``, holding the place
        `admit` took: answered from the cache when it holds the review (the place given back),
        else queued."""
        job = Job(secrets.token_urlsafe(12), key, record, hand, seat, address)
        cached = await self._cached(key)
        if cached is not None:
            self.release(address)
            job.state, job.review, job.record = "done", cached, b""
            job.done = job.total = _decisions(cached)
            REVIEWS.labels(outcome="cached").inc()
            return job
        try:
            if self.store is not None:
                await asyncio.to_thread(self._add, job)
        except BaseException:
            self.release(address)
            raise
        self._keep(job)
        task = asyncio.get_running_loop().create_task(self._work(job))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        if self.store is not None and self.beating is None:
            self.beating = asyncio.get_running_loop().create_task(self._heartbeat())
        return job

    async def answer(self, job_id: str) -> Response:
        """A job as a poll sees it: this process's own from memory, any other from the store."""
        found = self.jobs.get(job_id)
        if found is not None:
            return found.answer()
        row = await asyncio.to_thread(self.store.get, job_id) if self.store is not None else None
        if row is None:
            raise Refused(404, phrase("no such review (a finished review is kept for a while, then asked for again)"))
        state, status, error = row["state"], row["status"], row["error"]
        if state in ("queued", "running") and time.time() - row["updated"] > self.limits.stale_seconds:
            state, status, error = "failed", 503, STOPPED
        return job_answer(job_id, state, row["done"], row["total"], row["review"], error, status)

    async def _cached(self, key: str) -> str | None:
        found = self.cache.get(key)
        if found is not None:
            self.cache.move_to_end(key)
            return found
        if self.store is None:
            return None
        found = await asyncio.to_thread(self.store.cached, key)
        if found is not None:
            self._remember(key, found)
        return found

    def _remember(self, key: str, review: str) -> None:
        self.cache[key] = review
        while len(self.cache) > self.limits.cached:
            self.cache.popitem(last=False)

    def _add(self, job: Job) -> None:
        assert self.store is not None
        self.store.sweep(self.limits.kept, self.limits.kept_seconds)
        self.store.add(job.id, job.key, self.node)

    def _keep(self, job: Job) -> None:
        self.jobs[job.id] = job
        while len(self.jobs) > self.limits.kept:
            self.jobs.popitem(last=False)

    async def _save(self, job: Job, **values: Any) -> None:
        if self.store is None:
            return
        try:
            await asyncio.to_thread(self.store.save, job.id, **values)
        except Exception:  # the job goes on; a poll on this process still sees it
            log.warning("review %s: its progress could not be stored", job.id[:6], exc_info=True)

    async def _heartbeat(self) -> None:
        """While this process has jobs not finished, say so in the store now and then, so that a
        poll elsewhere tells a job still waiting from one whose process stopped."""
        assert self.store is not None
        try:
            while True:
                await asyncio.sleep(self.limits.stale_seconds / 4)
                ids = [j.id for j in self.jobs.values() if j.state in ("queued", "running")]
                if not ids:
                    break
                try:
                    await asyncio.to_thread(self.store.touch, ids)
                except Exception:
                    log.warning("the reviews' heartbeat could not be stored", exc_info=True)
        finally:
            self.beating = None

    async def _work(self, job: Job) -> None:
        try:
            async with self.one:
                job.state = "running"
                await self._save(job, state="running")
                await self._review(job)
        except CallFailed:
            job.state, job.status = "failed", 422
            job.error = phrase(
                "a decision took over {seconds} s to review and was stopped", seconds=_seconds(self.limits.call_seconds)
            )
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("a review failed")
            job.state, job.status, job.error = "failed", 500, FAILED
        finally:
            self.release(job.address)
            job.record = b""
            if job.state in ("failed", "done"):
                REVIEWS.labels(outcome=job.state).inc()
        if job.state == "failed":
            await self._save(
                job, state="failed", status=job.status, error=None if job.error is None else str(job.error)
            )

    async def _review(self, job: Job) -> None:
        lim = self.limits
        ok, plan = await self._run("plan", job, job.hand, job.seat, lim.level)
        if not ok:
            job.state, job.status, job.error = "failed", 422, plan
            return
        job.total = len(plan["turns"])
        await self._save(job, total=job.total)
        ends = time.monotonic() + lim.job_seconds
        complete = True
        for n in range(job.total):
            if time.monotonic() > ends:
                complete = False
                break
            ok, got = await self._run("decision", job, job.hand, job.seat, n, plan["level"], lim.seed)
            if not ok:
                job.state, job.status, job.error = "failed", 422, got
                return
            job.decisions.append(got)
            job.done = n + 1
            await self._save(job, done=job.done)
        opened = None
        if complete and plan["over"]:
            ok, opened = await self._run("open_card", job, job.hand, job.seat)
            opened = opened if ok else None
        review = {k: plan[k] for k in ("game", "seats", "seat", "hand", "level", "steps", "turns", "score", "value")}
        review |= {"seed": lim.seed, "decisions": job.decisions, "open_card": opened, "complete": complete}
        if not complete:
            stopped = phrase(
                "the review's {seconds} s ran out after {done} of {total} decisions",
                seconds=_seconds(lim.job_seconds),
                done=job.done,
                total=job.total,
            )
            review |= {"stopped": str(stopped), "stopped_words": words_of(stopped)}
        text = json.dumps(review, separators=(",", ":"))
        if len(text) > MAX_REVIEW_BYTES:
            job.state, job.status = "failed", 422
            job.error = phrase("the review is over {n} bytes, more than the server keeps", n=MAX_REVIEW_BYTES)
            return
        if complete:  # in the cache before anyone can see the job done, so asking again finds it
            self._remember(job.key, text)
        # stored before it is done here: a process that sees it done, any process sees it done
        await self._save(job, state="done", done=job.done, review=text, complete=complete)
        job.review, job.state = text, "done"

    async def _run(self, name: str, job: Job, *args: Any) -> tuple[bool, Any]:
        if not job.record:
            raise CallFailed("the server is stopping")
        result: tuple[bool, Any] = await self.pool.call(_call, name, job.key, job.record, *args)
        return result


def _decisions(review: str) -> int:
    """How many decisions a review (JSON text) holds, without reading it all into objects."""
    value = json.loads(review)
    return len(value["decisions"]) if isinstance(value, dict) else 0


router = APIRouter()


def reviewer_of(request: Request) -> Reviewer:
    """The app's reviewer, made on first use over the server's database (the app closes it as it
    stops, `close`)."""
    found: Reviewer | None = getattr(request.app.state, "reviewer", None)
    if found is None:
        hub = getattr(request.app.state, "hub", None)
        store = JobStore(hub.store.engine) if hub is not None else None
        found = request.app.state.reviewer = Reviewer(getattr(request.app.state, "review_limits", None), store)
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


@router.post("/api/review")
async def review_record(request: Request, hand: int = 0, seat: int = 0) -> Any:
    """Review hand ``hand`` of the record in the body for ``seat``: a job to poll."""
    from cardtable.web.requests import client_address

    hand, seat = _whole(hand, "hand"), _whole(seat, "seat")
    reviewer = reviewer_of(request)
    address = client_address(request)
    reviewer.admit(address)  # the address's pace and a place, before the record is read
    try:
        body = await request.body()
        limit = request.app.state.settings.max_record_bytes
        if len(body) > limit:
            raise Refused(413, f"a record is at most {limit} bytes")
        key, record = await reviewer.check(request.app, body, hand, seat)
    except BaseException:
        reviewer.release(address)
        raise
    return (await reviewer.start(address, key, record, hand, seat)).answer()


@router.post("/api/tables/{table_id}/review")
async def review_table_hand(request: Request, table_id: str) -> Any:
    """Review a finished hand of a table's match (``{"hand": h, "seat": s, "match": m}``; the
    match by default the current one) for a seat; the hand in play is refused (`IN_PLAY`)."""
    from cardtable.web.requests import body_of, client_address

    hub = request.app.state.hub
    table = await hub.peek(table_id)  # reading a table never moves it (`Hub.peek`)
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

    record, playing, shown = await (table.submit(finished) if table.worker else finished())
    await hub.check_record(table_id, shown)  # a duplicate board still played elsewhere is held back
    held = len(record["hands"]) if record is not None else 0
    if hand >= held:
        if playing and hand == held:
            raise Refused(409, phrase(IN_PLAY, hand=hand + 1), reason="in_play")
        raise Refused(404, "no such hand in that match")
    assert record is not None
    reviewer = reviewer_of(request)
    address = client_address(request)
    reviewer.admit(address)
    try:
        key, checked = await reviewer.check(request.app, record, hand, seat)
    except BaseException:
        reviewer.release(address)
        raise
    return (await reviewer.start(address, key, checked, hand, seat)).answer()


@router.get("/api/review/{job_id}")
async def review_job(request: Request, job_id: str) -> Any:
    """How far a review got: ``done`` of ``total`` decisions, and at the end the review."""
    return await reviewer_of(request).answer(job_id[:32])


def install(app: FastAPI) -> None:
    """Add the review endpoints to ``app``."""
    app.include_router(router)
