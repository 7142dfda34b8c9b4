"""The replay workers' priorities: a table's summary (a small record) is replayed by a worker at
nice 10, which a busy machine slows but does not starve; a large upload by a worker in Linux's idle
class, which costs the tables nothing (`cardtable.web.review.replaywork`)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from cardtable.web.review.replaywork import SMALL_RECORD_BYTES, Replayer
from cardtable.web.settings import Settings
from cardtable.web.workers import CallFailed, WorkerPool

ROOT = Path(__file__).resolve().parents[2]
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's scheduling classes")


def _pids(pool: WorkerPool) -> list[int]:
    assert pool.pool is not None, "the worker was not started"
    return [p.pid for p in pool.pool._pool]  # type: ignore[attr-defined]


@linux
def test_a_tables_record_replays_at_nice_10_and_a_large_upload_in_the_idle_class() -> None:
    record = next(iter(sorted(ROOT.glob("tests/*/records/*.json")))).read_bytes()
    assert len(record) <= SMALL_RECORD_BYTES
    large = b" " * (SMALL_RECORD_BYTES + 1) + json.dumps({"not": "a record"}).encode()

    async def run() -> None:
        replayer = Replayer(Settings())
        try:
            status, body = await replayer.replay("a", record, False, None, False)
            assert status == 200, body[:300]
            status, body = await replayer.replay("b", large, False, None, False)
            assert status == 422, body[:300]  # replayed (and refused) by the idle worker
            for pid in _pids(replayer.small_pool):
                assert os.sched_getscheduler(pid) == os.SCHED_OTHER
                assert os.getpriority(os.PRIO_PROCESS, pid) == 10
            for pid in _pids(replayer.pool):
                assert os.sched_getscheduler(pid) == os.SCHED_IDLE
        finally:
            replayer.close()

    asyncio.run(run())


def test_a_pool_closed_while_it_was_being_started_is_not_left_behind() -> None:
    async def run() -> None:
        pool = WorkerPool(1, 5.0)
        pool.close()
        with pytest.raises(CallFailed):
            await pool.call(len, "abc")
        assert pool.pool is None

    asyncio.run(run())


def test_a_review_is_worked_out_below_the_tables_but_not_in_the_idle_class() -> None:
    from cardtable.web.review.jobs import Reviewer
    from cardtable.web.workers import low_priority

    async def run() -> None:
        reviewer = Reviewer()
        try:
            assert reviewer.pool.initializer is low_priority
        finally:
            reviewer.close()

    asyncio.run(run())
