"""Several servers over one PostgreSQL database (``cardtable serve --cluster``): each live table
served by one process under a lease, handed over when another process is asked for it, taken over
when its process dies; through HAProxy as docs/deploy/haproxy.cfg configures it.

Needs PostgreSQL (``CARDTABLE_TEST_PG``) and HAProxy: skips locally without them, fails in CI.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import time

import httpx
from sqlalchemy import create_engine, text

from cardtable.record import replay_record
from tests.conftest import need
from tests.web.client import Server, create, join
from tests.web.cluster import Player, Proxy, cluster_server, lost_moves


def stop_all(*servers: Server) -> None:
    for s in servers:
        s.kill()


async def test_two_servers_racing_for_one_table_never_both_accept_a_move(pg_db: str) -> None:
    """Two people of one table, each connected to a different process: every connection asks its
    process for the table, so the table is handed back and forth all match long while both act.
    Every acknowledged move must be in the final record at its version, once."""
    a = cluster_server(pg_db, 2.0, "--bot-pause", "0.02")
    b = cluster_server(pg_db, 2.0, "--bot-pause", "0.02")
    try:  # both are stopped, whatever fails
        a.start()
        b.start()
        t = create(a, "smear", ["human", "rule", "human", "rule"], hands=2)
        ann, ben = (Player(t["table"], join(a, t, name)["token"], seed) for name, seed in (("Ann", 1), ("Ben", 2)))
        deadline = time.monotonic() + 240
        await asyncio.gather(ann.play(a, deadline), ben.play(b, deadline))
        assert ann.over and ben.over, "the match did not end in time"
        record = httpx.get(f"{a.url}/api/tables/{t['table']}/record", timeout=60)
        if record.status_code == 503:  # the table is with the other process just now
            record = httpx.get(f"{b.url}/api/tables/{t['table']}/record", timeout=60)
        rec = record.json()
        assert replay_record(rec)[0] == 0
        assert not lost_moves(ann, rec, 0) and not lost_moves(ben, rec, 2)
        assert ann.reconnects + ben.reconnects >= 2, "the table was never handed over"
        assert not ann.errors and not ben.errors, (ann.errors, ben.errors)
        # one version, one action: the store's key refuses a second writer
        with create_engine(pg_db).connect() as conn:
            dupes = conn.execute(
                text("SELECT version, count(*) FROM actions WHERE table_id = :t GROUP BY version HAVING count(*) > 1"),
                {"t": t["table"]},
            ).all()
        assert not dupes
    finally:
        stop_all(a, b)


async def test_a_killed_server_loses_nothing_and_its_tables_move_through_haproxy(pg_db: str) -> None:
    need(shutil.which("haproxy") is not None or os.path.exists("/usr/sbin/haproxy"), "HAProxy (apt install haproxy)")
    servers: list[Server] = []
    proxy = Proxy(servers)
    try:  # everything started is stopped, whatever fails
        for _ in range(3):
            servers.append(cluster_server(pg_db, 2.0, "--bot-pause", "0.05"))
            servers[-1].start()
        proxy.start()
        tables = [create(proxy, "smear", ["human", "rule", "rule", "rule"], hands=2) for _ in range(4)]
        players = [Player(t["table"], join(proxy, t, f"P{n}")["token"], n) for n, t in enumerate(tables)]
        deadline = time.monotonic() + 240
        # while every table is played, the process owning the first one dies after a few moves there
        playing = [asyncio.create_task(p.play(proxy, deadline)) for p in players]
        while len(players[0].acked) < 3:
            await asyncio.sleep(0.05)
        with create_engine(pg_db).connect() as conn:
            owner = conn.execute(
                text("SELECT owner FROM leases WHERE table_id = :t"), {"t": tables[0]["table"]}
            ).scalar()
        pid = int(str(owner).split(":")[1])
        victim = next(s for s in servers if s.proc is not None and s.proc.pid == pid)
        assert victim.proc is not None
        victim.proc.send_signal(signal.SIGKILL)
        victim.proc.wait(10)
        await asyncio.gather(*playing)
        for n, (t, p) in enumerate(zip(tables, players, strict=True)):
            assert p.over, f"table {n} did not end"
            rec = httpx.get(f"{proxy.url}/api/tables/{t['table']}/record", timeout=60)
            for _ in range(40):  # a hand-over in progress answers 503 for a moment
                if rec.status_code != 503:
                    break
                await asyncio.sleep(0.25)
                rec = httpx.get(f"{proxy.url}/api/tables/{t['table']}/record", timeout=60)
            assert rec.status_code == 200, rec.text
            assert replay_record(rec.json())[0] == 0
            assert not lost_moves(p, rec.json(), 0), f"table {n}: an acknowledged move was lost"
            assert not p.errors, p.errors
        assert players[0].gaps, "the dead server's client never had to reconnect"
    finally:
        proxy.kill()
        stop_all(*servers)


def test_cluster_mode_needs_postgresql(tmp_path: object) -> None:
    import subprocess
    import sys

    from tests.web.client import SRC

    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "serve", "--cluster", "--db", "sqlite:////tmp/x.db", "--port", "0"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "PostgreSQL" in done.stderr and "Traceback" not in done.stderr


async def test_a_rolling_restart_behind_haproxy_is_only_a_reconnect(pg_db: str) -> None:
    need(shutil.which("haproxy") is not None or os.path.exists("/usr/sbin/haproxy"), "HAProxy (apt install haproxy)")
    servers: list[Server] = []
    proxy = Proxy(servers)
    try:  # everything started is stopped, whatever fails
        for _ in range(2):
            servers.append(cluster_server(pg_db, 2.0, "--bot-pause", "0.05"))
            servers[-1].start()
        proxy.start()
        tables = [create(proxy, "sheepshead", ["human", "rule", "rule", "rule", "rule"], hands=3) for _ in range(3)]
        players = [Player(t["table"], join(proxy, t, f"P{n}")["token"], n) for n, t in enumerate(tables)]
        deadline = time.monotonic() + 240
        playing = [asyncio.create_task(p.play(proxy, deadline)) for p in players]
        for n, old in enumerate(servers):  # each process in turn: SIGTERM, then started again on its port
            await asyncio.sleep(2)
            assert old.proc is not None
            old.proc.send_signal(signal.SIGTERM)
            assert await asyncio.to_thread(old.proc.wait, 15) == 0
            fresh = cluster_server(pg_db, 2.0, "--bot-pause", "0.05")
            fresh.port = old.port
            servers[n] = await asyncio.to_thread(fresh.start)
        await asyncio.gather(*playing)
        for t, p in zip(tables, players, strict=True):
            assert p.over and not p.errors, p.errors
            rec = httpx.get(f"{proxy.url}/api/tables/{t['table']}/record", timeout=60).json()
            assert replay_record(rec)[0] == 0 and not lost_moves(p, rec, 0)
    finally:
        proxy.kill()
        stop_all(*servers)


async def test_a_killed_process_is_noticed_before_its_leases_run_out(pg_db: str) -> None:
    """A process killed with SIGKILL is noticed by the others through the database (its own
    advisory lock is released with its connection): its table of bots is taken over while its
    lease, at the default term, still runs, and plays on there."""
    a = cluster_server(pg_db, 10.0, "--bot-pause", "0.05")
    b = cluster_server(pg_db, 10.0, "--bot-pause", "0.05")
    engine = create_engine(pg_db)
    try:  # both are stopped, whatever fails
        a.start()
        b.start()
        t = create(a, "sheepshead", ["rule"] * 5, hands=100)
        with engine.connect() as conn:
            lease = text("SELECT owner, until FROM leases WHERE table_id = :t")
            owner, _ = conn.execute(lease, {"t": t["table"]}).one()
        assert a.proc is not None and str(owner).split(":")[1] == str(a.proc.pid)
        a.kill()
        with engine.connect() as conn:
            _, until = conn.execute(lease, {"t": t["table"]}).one()  # as the dead process last renewed it
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                now_owner, _ = conn.execute(lease, {"t": t["table"]}).one()
            if now_owner != owner:
                break
            await asyncio.sleep(0.05)
        taken_at = time.time()
        assert now_owner != owner, "nobody took the dead process's table"
        assert taken_at < until, f"taken {taken_at - until:.1f} s after the dead process's lease ran out"
        version = b.get(f"/api/tables/{t['table']}").json()["version"]
        for _ in range(100):  # its bots play on at the process that took it
            await asyncio.sleep(0.1)
            if b.get(f"/api/tables/{t['table']}").json()["version"] > version:
                break
        else:
            raise AssertionError("the table did not play on after it was taken over")
    finally:
        engine.dispose()
        stop_all(a, b)
