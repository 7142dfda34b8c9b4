"""Floods of the doors where what a client sends costs the server work (web.md §5: "no request
delays other tables"): QR codes, records to review (megabytes, and a review answered from the
cache), records to replay, and large JSON bodies. Each is sent by a few clients from three
addresses as fast as they are answered, against a real server with its default limits; another
table, of bots only, must keep at least half its quiet pace (moves a second, measured in the same
run: tests/web/flood.py), and every flooding request gets one of its documented answers.

Before the work moved off the event loop, each of these brought such a table from about 36 moves
a second to under one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.analysis.helpers import played_record
from tests.web.attacks import long_record
from tests.web.client import Server
from tests.web.flood import PACED, flood

#: A measure of pace: run with no test of another process beside it (tests/conftest.py).
pytestmark = pytest.mark.alone

JSON = {"content-type": "application/json"}
#: What a flooding request may get: its answer, a refusal of its pace or share (429), a full
#: server (503), or a closed connection for a body the server did not read (0).
ANSWERS = {0, 200, 429, 503}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the default limits of QR codes, reviews and replays (the test helper relaxes
    only those of tables created and joined), whose bots pause 20 ms before a move: a table's pace
    then says how promptly the server serves it (about 36 moves a second), not how much CPU the
    machine has left."""
    db = tmp_path_factory.mktemp("floods") / "tables.db"
    s = Server(f"sqlite:///{db}", *PACED).start()
    try:
        yield s
    finally:
        s.stop()


def settled(got: object, ratio: float) -> None:
    print(got)  # the paces, for the log of the run
    assert ratio >= 0.5, f"another table fell below half its quiet pace: {got}"


async def test_a_flood_of_qr_codes_leaves_other_tables_their_pace(server: Server) -> None:
    async def ask(http: httpx.AsyncClient, n: int) -> int:
        text = f"http://192.168.1.20:8000/t/{n:010d}?" + "x" * 950  # a new code each time: no cache
        return (await http.post("/api/qr", json={"text": text})).status_code

    got = await flood(server, ask, ["127.0.0.11", "127.0.0.12", "127.0.0.13"])
    assert set(got.statuses) <= ANSWERS and got.statuses[200] > 0, got
    settled(got, got.ratio)


async def test_a_flood_of_reviews_of_long_records_and_of_cached_ones_leaves_other_tables_their_pace(
    server: Server,
) -> None:
    big = long_record()
    last = len(json.loads(big)["hands"]) - 1  # the hand whose review reads the whole record
    small = json.dumps(played_record("smear", 4)).encode()
    # the small record's review, made once so that the flood's asks of it are answered from the cache
    with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.29"), base_url=server.url) as http:
        job = http.post("/api/review?hand=0&seat=0", content=small, headers=JSON, timeout=60).json()
        deadline = time.monotonic() + 600
        while job["state"] in ("queued", "running"):
            assert time.monotonic() < deadline, "the review did not finish"
            time.sleep(0.2)
            job = http.get(f"/api/review/{job['job']}", timeout=60).json()
        assert job["state"] == "done", job

    async def ask(http: httpx.AsyncClient, n: int) -> int:
        body, hand = (big, last) if n % 2 else (small, 0)
        r = await http.post(f"/api/review?hand={hand}&seat=0", content=body, headers=JSON)
        return r.status_code

    got = await flood(server, ask, ["127.0.0.21", "127.0.0.22", "127.0.0.23"])
    assert set(got.statuses) <= ANSWERS and got.statuses[429] > 0, got
    settled(got, got.ratio)


async def test_a_flood_of_records_to_replay_leaves_other_tables_their_pace(server: Server) -> None:
    big = long_record()

    async def ask(http: httpx.AsyncClient, n: int) -> int:
        return (await http.post("/api/replay", content=big, headers=JSON)).status_code

    got = await flood(server, ask, ["127.0.0.31", "127.0.0.32", "127.0.0.33"])
    assert set(got.statuses) <= ANSWERS | {413, 422}, got
    settled(got, got.ratio)


async def test_a_flood_of_large_json_bodies_leaves_other_tables_their_pace(server: Server) -> None:
    """Bodies of 60 KB of small numbers, the costliest the strict JSON reader meets under the
    64 KiB limit, to a door that reads them before it can refuse them (a table's close)."""
    made = server.post("/api/tables", {"game": "smear", "seats": ["human"] * 4}).json()
    pad = json.dumps({"host": "not the host", "pad": [0] * 20_000}).encode()
    assert 50_000 < len(pad) < 65_536

    async def ask(http: httpx.AsyncClient, n: int) -> int:
        return (await http.post(f"/api/tables/{made['table']}/close", content=pad, headers=JSON)).status_code

    got = await flood(server, ask, ["127.0.0.41", "127.0.0.42", "127.0.0.43"])
    assert set(got.statuses) <= ANSWERS | {403}, got
    settled(got, got.ratio)
