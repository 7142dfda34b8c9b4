"""The same server on PostgreSQL: migrations, a whole match over sockets, and SIGKILL durability.

Runs against ``CARDTABLE_TEST_PG`` (a SQLAlchemy URL; CI starts a throwaway PostgreSQL 15), each
test in a database of its own made and dropped here; skips locally without it, fails in CI.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from sqlalchemy import create_engine, text

from cardtable.record import replay_record
from cardtable.web.ops.migrate import MIGRATIONS
from tests.web.client import Client, Server, create, join, play


@pytest.fixture
def pg(pg_db: str) -> str:
    """A database of the test's own (tests/web/conftest.py)."""
    return pg_db


def over(msg: dict) -> bool:
    return msg["t"] == "table" and msg["table"]["status"] == "over"


async def test_a_match_on_postgresql_survives_sigkill_and_replays(pg: str) -> None:
    server = Server(pg).start()
    try:
        t = create(server, "smear", ["human", "rule", "human", "rule"], hands=2)
        tokens = [join(server, t, name)["token"] for name in ("Ann", "Ben")]
        clients = [await Client.connect(server, t["table"], tok) for tok in tokens]
        rng = random.Random(7)
        for _ in range(4):
            actor = next((c for c in clients if c.legal), None)
            if actor is None:
                await asyncio.wait([asyncio.ensure_future(c.recv()) for c in clients], timeout=5)
                continue
            await actor.send({"t": "act", "v": actor.v, "action": rng.choice(actor.legal), "id": f"a{actor.v}"})
            await actor.until(lambda m: m["t"] in ("ack", "rejected"))
        acked = {i: v for c in clients for i, v in c.acks.items()}
        server.kill()
    finally:
        server.kill()
    again = Server(pg).start()
    try:
        assert again.get(f"/api/tables/{t['table']}").json()["version"] >= max(acked.values(), default=0)
        back = [await Client.connect(again, t["table"], tok) for tok in tokens]
        await asyncio.gather(*(play(c, lambda c: rng.choice(c.legal), over) for c in back))
        record = again.get(f"/api/tables/{t['table']}/record").json()
        assert len(record["hands"]) == 2 and replay_record(record)[0] == 0
    finally:
        again.stop()


def test_db_upgrade_on_postgresql_is_idempotent(pg: str) -> None:
    from cardtable.cli import main

    assert main(["db", "upgrade", "--db", pg]) == 0
    assert main(["db", "upgrade", "--db", pg]) == 0
    with create_engine(pg).connect() as conn:
        from alembic.script import ScriptDirectory

        newest = ScriptDirectory(str(MIGRATIONS)).get_current_head()  # revisions are named by their slugs too
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == newest
