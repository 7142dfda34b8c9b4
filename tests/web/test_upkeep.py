"""The server's upkeep, in process: players are told when the store is slow (web.md §5: "the
server is busy" rather than silence), and tables that nobody joins or uses leave memory (and, when
nothing was ever dealt at them, the store), while a finished table's record stays downloadable."""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from cardtable.web.app import create_app
from cardtable.web.settings import Settings


def settings(tmp_path: Path, **kw: Any) -> Settings:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    base = Settings(db=db, bot_pause=0, summary_pause=0, bot_workers=0, allowed_hosts=("testserver",))
    return replace(base, **kw)


def until(check: Any, timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise TimeoutError("the condition never held")


def test_a_slow_store_is_told_to_the_table_and_the_move_is_kept(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path, busy_after=0.2, bot_pause=5))) as client:
        t = client.post("/api/tables", json={"game": "smear", "seats": ["human", "rule", "rule", "rule"]}).json()
        seat = client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "name": "Ann"}).json()
        with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            ws.send_json({"t": "hello", "token": seat["token"], "v": 0})
            msg = ws.receive_json()
            while not msg.get("legal"):  # wait for a deal that gives Ann a move
                msg = ws.receive_json()
            v, move = msg["v"], msg["legal"][0]
            # another program holds the database's write lock for 1.5 s
            locker = sqlite3.connect(tmp_path / "tables.db", timeout=30, check_same_thread=False)
            locker.execute("BEGIN EXCLUSIVE")
            release = threading.Timer(1.5, locker.commit)
            release.start()
            ws.send_json({"t": "act", "v": v, "action": move, "id": "a1"})
            seen = []
            while True:
                got = ws.receive_json()
                seen.append(got["t"] if got["t"] != "busy" else ("busy", got["busy"]))
                if got["t"] == "ack":
                    break
            release.join()
            locker.close()
        # told while it waited, told when it was over, then the move as usual
        assert seen.index(("busy", True)) < seen.index(("busy", False)) < seen.index("event") < seen.index("ack"), seen
        summary = client.get(f"/api/tables/{t['table']}").json()
        assert summary["version"] >= v + 1


def test_a_table_nobody_joins_expires_and_leaves_the_store(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path, waiting_expiry=0.5, sweep_every=0.1))) as client:
        t = client.post("/api/tables", json={"game": "seep", "seats": ["human", "rule", "human", "rule"]}).json()
        assert client.get(f"/api/tables/{t['table']}").status_code == 200
        until(lambda: client.get(f"/api/tables/{t['table']}").status_code == 404)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert t["table"] not in hub.tables
    with sqlite3.connect(tmp_path / "tables.db") as db:
        assert db.execute("SELECT count(*) FROM tables").fetchone()[0] == 0
        assert db.execute("SELECT count(*) FROM seats").fetchone()[0] == 0


def test_a_new_table_is_not_taken_for_an_old_one(tmp_path: Path) -> None:
    """A sweep right after a table is made (the expiry counts from its making, not from 1970)."""
    with TestClient(create_app(settings(tmp_path, sweep_every=0))) as client:
        t = client.post("/api/tables", json={"game": "seep", "seats": ["human", "rule", "human", "rule"]}).json()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert client.portal.call(hub.sweep) == []  # type: ignore[union-attr]
        assert client.get(f"/api/tables/{t['table']}").json()["status"] == "waiting"


def test_a_finished_idle_table_leaves_memory_and_its_record_stays(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path, idle_expiry=0.5, sweep_every=0.1))) as client:
        t = client.post("/api/tables", json={"game": "smear", "seats": ["rule"] * 4, "hands": 1}).json()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        until(lambda: t["table"] not in hub.tables)
        summary = client.get(f"/api/tables/{t['table']}").json()  # read back from the store
        assert summary["status"] == "closed"
        record = client.get(f"/api/tables/{t['table']}/record")
        assert record.status_code == 200 and len(record.json()["hands"]) == 1
        until(lambda: t["table"] not in hub.tables)  # and it leaves memory again


def test_closing_and_creating_in_a_loop_does_not_grow_the_server(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path, sweep_every=0.1, create_burst=1000))) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        for _ in range(30):
            t = client.post("/api/tables", json={"game": "smear", "seats": ["human", "rule", "rule", "rule"]}).json()
            assert client.post(f"/api/tables/{t['table']}/close", json={"host": t["host"]}).status_code == 200
        until(lambda: not hub.tables)
    with sqlite3.connect(tmp_path / "tables.db") as db:
        assert db.execute("SELECT count(*) FROM tables").fetchone()[0] == 0
