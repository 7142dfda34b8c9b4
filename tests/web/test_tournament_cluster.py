"""A tournament on several processes (``cardtable serve --cluster`` over one PostgreSQL database):
reading a tournament never moves its tables. Each table of a round is served by the process that
holds its lease; the standings page and the director's page poll ``GET /api/tournaments/{ID}``
(every 5 s and 4 s), often through another process: that read comes from the store, so the table
stays where it is and its players stay connected (a table moved closes them with ``1012``).

Needs PostgreSQL (``CARDTABLE_TEST_PG``): skips locally without it, fails in CI.
"""

from __future__ import annotations

import asyncio

import websockets
from sqlalchemy import create_engine, text

from tests.web.client import Client, Server
from tests.web.cluster import cluster_server


def owner(db: str, table: str) -> str | None:
    with create_engine(db).connect() as conn:
        found = conn.execute(text("SELECT owner FROM leases WHERE table_id = :t"), {"t": table}).first()
    return None if found is None else str(found[0])


async def test_reading_a_tournament_on_another_process_never_moves_its_tables(pg_db: str) -> None:
    a: Server = cluster_server(pg_db, 2.0, "--grace", "600")
    b: Server = cluster_server(pg_db, 2.0, "--grace", "600")
    try:  # both are stopped, whatever fails
        a.start()
        b.start()
        made = a.post("/api/tournaments", {"name": "Cluster", "game": "sheepshead", "rounds": 1, "hands": 2}).json()
        tid = made["tournament"]
        tokens = [a.post(f"/api/tournaments/{tid}/entrants", {"name": f"P{n}"}).json()["token"] for n in range(1, 11)]
        assert a.post(f"/api/tournaments/{tid}/rounds", {"director": made["director"]}).status_code == 200
        me = a.post(f"/api/tournaments/{tid}/me", {"token": tokens[0]}).json()["table"]
        held = owner(pg_db, me["table"])
        assert held is not None
        client = await Client.connect(a, me["table"], tokens[0])
        for _ in range(8):  # the pages' polls, through the other process
            got = b.get(f"/api/tournaments/{tid}")
            assert got.status_code == 200 and len(got.json()["played"][0]["tables"]) == 2
            assert b.post(f"/api/tournaments/{tid}/me", {"token": tokens[1]}).status_code == 200
            await asyncio.sleep(0.3)
        # the table stayed with its process, and the person at it is still connected
        assert owner(pg_db, me["table"]) == held
        await client.send({"t": "ping", "id": "still-here"})
        try:
            pong = await client.until(lambda m: m["t"] == "pong", timeout=10)
        except websockets.ConnectionClosed as e:
            raise AssertionError(f"the player was disconnected ({e.rcvd})") from None
        assert pong["id"] == "still-here"
        await client.close()
    finally:
        a.kill()
        b.kill()


async def test_reading_a_table_on_another_process_never_moves_it(pg_db: str) -> None:
    """The table's summary, its record and a review of a finished hand, asked of the process that
    does not serve the table, are read from a copy: the lease stays, the player stays connected."""
    a: Server = cluster_server(pg_db, 2.0, "--grace", "600")
    b: Server = cluster_server(pg_db, 2.0, "--grace", "600")
    try:
        a.start()
        b.start()
        made = a.post("/api/tables", {"game": "smear", "seats": ["human", "rule", "rule", "rule"]}).json()
        table = made["table"]
        joined = a.post(f"/api/tables/{table}/join", {"invite": made["invite"], "name": "Ann"}).json()
        client = await Client.connect(a, table, joined["token"])
        held = owner(pg_db, table)
        assert held is not None
        for _ in range(5):
            summary = b.get(f"/api/tables/{table}")
            assert summary.status_code == 200 and summary.json()["id"] == table
            assert b.get(f"/api/tables/{table}/record").status_code in (200, 404)
            await asyncio.sleep(0.3)
        assert owner(pg_db, table) == held
        await client.send({"t": "ping", "id": "still-here"})
        try:
            pong = await client.until(lambda m: m["t"] == "pong", timeout=10)
        except websockets.ConnectionClosed as e:
            raise AssertionError(f"the player was disconnected ({e.rcvd})") from None
        assert pong["id"] == "still-here"
        await client.close()
    finally:
        a.kill()
        b.kill()
