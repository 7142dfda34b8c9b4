"""The review jobs in the database (``review_jobs``, migration ``0009_review_jobs``), so that any
process of several over one database answers a poll of any job.

Behind a load balancer, ``GET /api/review/{job}`` goes wherever the job's id hashes to, which is
seldom the process that runs the job. So the process running a job writes its state there as it
goes (queued, running with ``done`` of ``total``, done with the review, failed with its one line)
and every process answers a poll from the row. The decision, against a job id that names its
process or a result recomputed on demand: a row is one small write a decision (seconds of search
each), works the same on one process and on many, and outlives a process that stops; a job's
answer cannot be recomputed from its id alone (the record is not in the poll).

Bounds: a review over `MAX_REVIEW_BYTES` is not kept (the job fails in one line), the rows are
kept `ReviewLimits.kept_seconds` and at most ``kept`` of them; a job whose process stopped
renewing it (it died) reads as failed once `ReviewLimits.stale_seconds` pass without a word from it.
Complete reviews are also the cache shared by every process (by their key).
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Engine, delete, insert, select, update

from cardtable.web.schema import review_jobs

#: The largest review kept (a hand's steps with the seat's views and its decisions: tens of KB).
MAX_REVIEW_BYTES = 1_000_000


class JobStore:
    """The review jobs' rows, over ``engine`` (the server's database)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, job_id: str, key: str, node: str, now: float | None = None) -> None:
        """A job just queued."""
        now = time.time() if now is None else now
        row = {"id": job_id, "key": key, "state": "queued", "done": 0, "total": None, "status": 200}
        row |= {"error": None, "review": None, "complete": False, "node": node, "created": now, "updated": now}
        with self.engine.begin() as conn:
            conn.execute(insert(review_jobs).values(**row))

    def save(self, job_id: str, **values: Any) -> None:
        """Write what changed of a job (``state``, ``done``, ``total``, ``status``, ``error``,
        ``review`` as JSON text, ``complete``), marking it heard of now."""
        with self.engine.begin() as conn:
            conn.execute(update(review_jobs).where(review_jobs.c.id == job_id).values(**values, updated=time.time()))

    def get(self, job_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(review_jobs).where(review_jobs.c.id == job_id)).mappings().first()
        return dict(row) if row is not None else None

    def cached(self, key: str) -> str | None:
        """The newest complete review with that key, as JSON text, or ``None``."""
        query = (
            select(review_jobs.c.review)
            .where(review_jobs.c.key == key, review_jobs.c.complete.is_(True), review_jobs.c.review.is_not(None))
            .order_by(review_jobs.c.updated.desc())
            .limit(1)
        )
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        return str(found) if found is not None else None

    def touch(self, job_ids: list[str]) -> None:
        """Say that the jobs' process still works on them (their ``updated`` now)."""
        if job_ids:
            with self.engine.begin() as conn:
                conn.execute(update(review_jobs).where(review_jobs.c.id.in_(job_ids)).values(updated=time.time()))

    def sweep(self, kept: int, kept_seconds: float, now: float | None = None) -> None:
        """Forget the jobs older than ``kept_seconds`` and all but the newest ``kept``."""
        now = time.time() if now is None else now
        with self.engine.begin() as conn:
            conn.execute(delete(review_jobs).where(review_jobs.c.created < now - kept_seconds))
            newest = select(review_jobs.c.id).order_by(review_jobs.c.created.desc()).limit(kept)
            conn.execute(delete(review_jobs).where(review_jobs.c.id.not_in(newest)))
