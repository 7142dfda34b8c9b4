"""The review panel on several processes behind HAProxy (docs/deploy/haproxy.cfg): a review job
asked through the proxy is answered by every process, not only the one running it, so each poll,
wherever HAProxy's hash of the job's id sends it, sees the job go forward to its review; and a
hand reviewed on one process is answered from the shared cache on another.

Needs PostgreSQL (``CARDTABLE_TEST_PG``) and HAProxy: skips locally without them, fails in CI.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import time

import httpx

from tests.analysis.helpers import played_record
from tests.conftest import need
from tests.web.client import Server
from tests.web.cluster import Proxy, cluster_server

JSON = {"content-type": "application/json"}


async def test_every_process_answers_a_review_job_through_haproxy(pg_db: str) -> None:
    need(shutil.which("haproxy") is not None or os.path.exists("/usr/sbin/haproxy"), "HAProxy (apt install haproxy)")
    servers: list[Server] = []
    proxy = Proxy(servers)
    try:  # everything started is stopped, whatever fails
        for _ in range(3):
            servers.append(cluster_server(pg_db))
            servers[-1].start()
        proxy.start()
        record = json.dumps(played_record("smear", 11)).encode()
        async with httpx.AsyncClient(timeout=60) as http:
            asked = await http.post(f"{proxy.url}/api/review?hand=0&seat=1", content=record, headers=JSON)
            assert asked.status_code == 200, asked.text
            job = asked.json()["job"]
            # every process answers the job at once, whichever runs it
            for s in servers:
                seen = await http.get(f"{s.url}/api/review/{job}")
                assert seen.status_code == 200 and seen.json()["job"] == job, (s.port, seen.text)
            # the page's polls through the proxy, until the review is done: every one answered
            polls: list[dict[str, object]] = []
            deadline = time.monotonic() + 600
            while not polls or polls[-1]["state"] in ("queued", "running"):
                assert time.monotonic() < deadline, "the review did not finish"
                got = await http.get(f"{proxy.url}/api/review/{job}")
                assert got.status_code == 200, got.text
                polls.append(got.json())
                await asyncio.sleep(0.2)
            done = polls[-1]
            assert done["state"] == "done" and done["done"] == done["total"]
            review = done["review"]
            assert isinstance(review, dict) and review["complete"] and review["seat"] == 1
            progress = [p["done"] for p in polls]
            assert progress == sorted(progress)  # it only goes forward, from any process
            # every process gives the same finished job; and the same hand asked of each is
            # answered from the cache the processes share
            for s in servers:
                assert (await http.get(f"{s.url}/api/review/{job}")).json() == done
                again = await http.post(f"{s.url}/api/review?hand=0&seat=1", content=record, headers=JSON)
                assert again.json()["state"] == "done" and again.json()["review"] == review
            assert (await http.get(f"{proxy.url}/api/review/nonesuch")).status_code == 404
    finally:
        proxy.kill()
        for s in servers:
            s.kill()
