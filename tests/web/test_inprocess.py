"""The server in this process (FastAPI's test client): rebuilding from the store, tokens kept only
as hashes, the shuffle's commitment, and the live connection without a subprocess."""

from __future__ import annotations

import hashlib
import random
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from cardtable.record import Record, replay
from cardtable.registry import get_game
from cardtable.shuffle import check_shuffle, draw
from cardtable.web.app import create_app
from cardtable.web.settings import Settings


def settings(tmp_path: Path) -> Settings:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    return Settings(db=db, bot_pause=0, summary_pause=0, bot_workers=0, allowed_hosts=("testserver",))


def wait_for(client: TestClient, table: str, status: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        summary: dict[str, Any] = client.get(f"/api/tables/{table}").json()
        if summary["status"] == status:
            return summary
        time.sleep(0.05)
    raise TimeoutError(status)


def test_a_restarted_server_rebuilds_each_table_to_the_same_version_and_record(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        done = client.post("/api/tables", json={"game": "sheepshead", "seats": ["rule"] * 5, "hands": 2}).json()
        waiting = client.post("/api/tables", json={"game": "seep", "seats": ["human", "rule", "human", "rule"]}).json()
        client.post(f"/api/tables/{waiting['table']}/join", json={"invite": waiting["invite"], "name": "Ann"})
        first = wait_for(client, done["table"], "over")
        record = client.get(f"/api/tables/{done['table']}/record").json()
    with TestClient(create_app(settings(tmp_path))) as client:
        assert client.get(f"/api/tables/{done['table']}").json() == first
        assert client.get(f"/api/tables/{done['table']}/record").json() == record
        summary = client.get(f"/api/tables/{waiting['table']}").json()
        assert summary["status"] == "waiting" and summary["seats"][0]["name"] == "Ann"


def test_a_full_table_stored_as_waiting_starts_when_the_server_is_started_again(tmp_path: Path) -> None:
    """The server stopped after storing a table's last seat and before storing its start: started
    again, it starts the table rather than leaving it waiting for a join that cannot come."""
    with TestClient(create_app(settings(tmp_path))) as client:
        t = client.post(
            "/api/tables", json={"game": "smear", "seats": ["human", "rule", "rule", "rule"], "hands": 1}
        ).json()
    with sqlite3.connect(tmp_path / "tables.db") as db:  # the last seat stored, the start not
        db.execute(
            "UPDATE seats SET name = 'Ann', token_hash = ? WHERE table_id = ? AND seat = 0",
            (hashlib.sha256(b"a token never sent").hexdigest(), t["table"]),
        )
    with TestClient(create_app(settings(tmp_path))) as client:
        summary = wait_for(client, t["table"], "playing")
        assert summary["seats"][0]["name"] == "Ann"
        deadline = time.monotonic() + 60
        while summary["version"] == 0 and time.monotonic() < deadline:  # the first deal comes next
            time.sleep(0.05)
            summary = client.get(f"/api/tables/{t['table']}").json()
        assert summary["version"] > 0, summary


def test_tokens_are_stored_only_as_hashes(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        t = client.post("/api/tables", json={"game": "smear", "seats": ["human", "rule", "rule", "rule"]}).json()
        seat = client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "name": "Ann"}).json()
    raw = (tmp_path / "tables.db").read_bytes() + b"".join(p.read_bytes() for p in tmp_path.glob("tables.db-*"))
    for token in (t["host"], t["invite"], seat["token"]):
        assert len(token) >= 22  # at least 128 bits, URL-safe
        assert token.encode() not in raw
    with sqlite3.connect(tmp_path / "tables.db") as db:
        stored = db.execute("SELECT token_hash FROM seats WHERE seat = 0").fetchone()[0]
    assert stored == hashlib.sha256(seat["token"].encode()).hexdigest()


def test_the_served_commitment_is_the_sha256_of_the_salt_and_the_deck(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        t = client.post("/api/tables", json={"game": "smear", "seats": ["rule"] * 4, "hands": 1}).json()
        wait_for(client, t["table"], "over")
        hand = client.get(f"/api/tables/{t['table']}/record").json()["hands"][0]
    salt, deck = hand["shuffle"]["salt"], hand["deal"]["deck"]
    text = salt + " " + " ".join(deck)
    assert hand["shuffle"]["commitment"] == hashlib.sha256(text.encode()).hexdigest()
    assert len(salt) >= 32 and len(set(deck)) == len(deck) >= 24


def test_a_seeded_draw_repeats_its_deal_and_salt() -> None:
    game = get_game("smear")
    one, two = (draw(game, game.start(0), random.Random(7)) for _ in range(2))
    assert one == two and len(one[1].salt) == 32
    assert check_shuffle(one[1].to_json(), one[0].deck) == "verified"
    assert draw(game, game.start(0))[1].salt != draw(game, game.start(0))[1].salt


def test_a_seep_match_ends_at_its_baazi_and_can_be_played_again(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        t = client.post("/api/tables", json={"game": "seep", "seats": ["rule"] * 4}).json()
        summary = wait_for(client, t["table"], "over")
        record = client.get(f"/api/tables/{t['table']}/record").json()
        game = get_game("seep")
        ends: dict[int, Any] = {}  # the state at the end of each hand
        for step in replay(Record.from_json(record), game):
            ends[step.hand] = step.state
        baazis = [game.match_json(ends[h])["baazis"] for h in sorted(ends)]
        assert all(b == [0, 0] for b in baazis[:-1])  # no baazi before the last hand
        assert sorted(baazis[-1]) == [0, 1]
        team = baazis[-1].index(1)
        assert summary["winner"] == [team, team + 2]
        again = client.post(f"/api/tables/{t['table']}/again", json={"token": t["host"], "match": 0})
        assert again.status_code == 200 and again.json()["match"] == 1
        summary = client.get(f"/api/tables/{t['table']}").json()
        assert summary["match"] == 1 and summary["winner"] is None


def test_hints_can_be_switched_off_per_table_and_say_which_are_about_equal(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        bad = client.post("/api/tables", json={"game": "smear", "seats": ["human"] * 4, "hints": "no"})
        assert bad.status_code == 400 and bad.json() == {"error": "hints: expected true or false"}
        made = {
            on: client.post("/api/tables", json={"game": "smear", "seats": ["human"] * 4, "hints": on}).json()
            for on in (True, False)
        }
        tokens = {}
        for on, t in made.items():
            joined = [
                client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "name": f"P{n}"}).json()
                for n in range(4)
            ]
            tokens[on] = joined
            assert client.get(f"/api/tables/{t['table']}").json()["hints"] is on
        for seat in tokens[False]:
            off = client.post(f"/api/tables/{made[False]['table']}/hints", json={"token": seat["token"]})
            assert off.status_code == 409 and off.json() == {"error": "hints are switched off at this table"}
        answers = [
            client.post(f"/api/tables/{made[True]['table']}/hints", json={"token": s["token"]}) for s in tokens[True]
        ]
        assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]  # only the seat to act
        got = next(a.json()["hints"] for a in answers if a.status_code == 200)
        best = got[0]
        assert best["standing"] == "best" and [h["value"] for h in got] == sorted(
            (h["value"] for h in got), reverse=True
        )
        for h in got[1:]:
            overlaps = h["value"] + h["stderr"] >= best["value"] - best["stderr"]
            assert (
                h["standing"] == ("about equal to the best" if overlaps else "")
                or abs(h["value"] + h["stderr"] - best["value"] + best["stderr"]) < 0.01
            )  # the server rounds what it sends to 3 places
    with TestClient(create_app(settings(tmp_path))) as client:  # the switch is stored with the table
        assert client.get(f"/api/tables/{made[False]['table']}").json()["hints"] is False
        off = client.post(f"/api/tables/{made[False]['table']}/hints", json={"token": tokens[False][0]["token"]})
        assert off.status_code == 409


def test_the_live_connection_in_process(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        t = client.post("/api/tables", json={"game": "smear", "seats": ["human"] * 4}).json()
        tokens = [
            client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "name": f"P{n}"}).json()["token"]
            for n in range(4)
        ]
        with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            ws.send_json({"t": "hello", "token": None, "v": 0})
            snap = ws.receive_json()
            assert snap["t"] == "snapshot" and snap["seat"] is None and snap["view"]["seat"] is None
            assert "legal" not in snap and snap["log"] == ["deal"]
        actor = snap["view"]["to_act"] if "to_act" in snap["view"] else snap["view"].get("actor")
        with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            ws.send_json({"t": "hello", "token": tokens[actor], "v": 0})
            snap = ws.receive_json()
            assert snap["seat"] == actor and snap["legal"]
            ws.send_json({"t": "act", "v": snap["v"], "action": snap["legal"][0], "id": "one"})
            got = [ws.receive_json() for _ in range(3)]
            event, ack = [m for m in got if m["t"] != "table"]
            assert event["t"] == "event" and ack == {"t": "ack", "id": "one", "v": snap["v"] + 1}


def test_the_narration_calls_people_by_their_names(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        t = client.post("/api/tables", json={"game": "smear", "seats": ["human", "human", "rule", "rule"]}).json()
        tokens = [
            client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "name": name}).json()["token"]
            for name in ("Ann", "Ben")
        ]
        with client.websocket_connect(f"/ws/tables/{t['table']}") as watch:
            watch.send_json({"t": "hello", "token": None, "v": 0})
            seen = watch.receive_json()
            while seen.get("view") is None or seen["view"]["to_act"] not in (0, 1):  # the bots move first
                seen = watch.receive_json()
            actor = seen["view"]["to_act"]
            with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
                ws.send_json({"t": "hello", "token": tokens[actor], "v": 0})
                mine = ws.receive_json()
                ws.send_json({"t": "act", "v": mine["v"], "action": mine["legal"][0], "id": "one"})
                event = watch.receive_json()
                while event["t"] != "event":
                    event = watch.receive_json()
        name = ("Ann", "Ben")[actor]
        assert event["say"] and event["say"][0].startswith(f"{name} "), event["say"]
        assert not any("Seat 0" in line or "Seat 1" in line for line in event["say"])


def test_a_closed_table_stops_and_its_record_stays_after_a_restart(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        t = client.post("/api/tables", json={"game": "smear", "seats": ["rule"] * 4, "hands": 1}).json()
        wait_for(client, t["table"], "over")
        assert client.post(f"/api/tables/{t['table']}/close", json={"host": "wrong"}).status_code == 403
        assert client.post(f"/api/tables/{t['table']}/close", json={"host": t["host"]}).json()["status"] == "closed"
        record = client.get(f"/api/tables/{t['table']}/record").json()
    with TestClient(create_app(settings(tmp_path))) as client:
        assert client.get(f"/api/tables/{t['table']}").json()["status"] == "closed"
        assert client.get(f"/api/tables/{t['table']}/record").json() == record
        assert client.post(f"/api/tables/{t['table']}/again", json={"token": t["host"], "match": 0}).status_code == 409


async def test_a_group_commit_stores_every_action_and_fails_only_a_bad_one(tmp_path: Path) -> None:
    import asyncio

    from cardtable.web.ops.migrate import upgrade
    from cardtable.web.tables.store import ActionRow, Journal, SeatRow, Store, TableRow

    url = f"sqlite:///{tmp_path / 'j.db'}"
    await asyncio.to_thread(upgrade, url)
    store = Store(url)
    for name in ("a", "b"):
        row = TableRow(name, "smear", None, {}, False, None, None, "h", "i", "playing")
        store.create_table(row, [SeatRow(n, "rule", None, None) for n in range(4)])
    journal = Journal(store)
    rows = [(t, ActionRow(v, 0, "pass", None, None, False)) for v in range(1, 20) for t in ("a", "b")]
    await asyncio.gather(*(journal.append(t, r) for t, r in rows))
    results = await asyncio.gather(
        journal.append("a", ActionRow(20, 0, "pass", None, "x", False)),
        journal.append("a", ActionRow(5, 0, "pass", None, None, False)),  # version 5 is taken: refused
        journal.append("b", ActionRow(20, 0, "pass", None, None, False)),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None and isinstance(results[1], Exception)
    loaded = store.load("a")
    assert loaded is not None and [r.version for r in loaded[2]] == list(range(1, 21))
    assert loaded[2][-1].client_id == "x"
    journal.close()
    store.close()


def test_a_database_made_before_the_hints_switch_is_upgraded_with_hints_on(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    from cardtable.web.ops.migrate import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, "0001")
    with sqlite3.connect(tmp_path / "tables.db") as db:
        db.execute("INSERT INTO tables VALUES ('old', 'smear', NULL, '{}', 0, NULL, NULL, 'h', 'i', 'waiting', 0)")
        db.executemany("INSERT INTO seats VALUES ('old', ?, 'human', NULL, NULL)", [(n,) for n in range(4)])
    with TestClient(create_app(settings(tmp_path))) as client:  # the server upgrades at start
        summary = client.get("/api/tables/old").json()
    assert summary["hints"] is True and summary["status"] == "waiting"


def test_the_hand_that_ends_the_match_names_nobody_to_deal_next(tmp_path: Path) -> None:
    """A table's match of two Smear hands: the first hand's end says who deals next, the last
    one's does not, though the game's own match (to 15) would go on."""
    from dataclasses import replace

    with TestClient(create_app(replace(settings(tmp_path), catch_up=100))) as client:
        t = client.post("/api/tables", json={"game": "smear", "seats": ["rule"] * 4, "hands": 2}).json()
        version = wait_for(client, t["table"], "over")["version"]
        with client.websocket_connect(f"/ws/tables/{t['table']}") as watch:
            watch.send_json({"t": "hello", "token": None, "v": 1})  # every event since the first
            events = [watch.receive_json() for _ in range(version - 1)]
    assert [e["v"] for e in events] == list(range(2, version + 1))
    ends = [e["say"] for e in events if "result" in e]
    assert len(ends) == 2
    first, last = ends
    assert re.search(r"deals? (next|again)\.$", first[-1]), first
    assert not any(re.search(r"deals? (next|again)\.$", line) for line in last), last


def test_a_bot_whose_move_fails_is_asked_again_and_the_table_plays_on(tmp_path: Path, monkeypatch: Any) -> None:
    # A bot's move that fails (its worker lost, a fault in the bot) is logged and asked again a
    # moment later: the table never waits in silence for a move that will not come.
    from cardtable.web.tables import bots, live

    real = bots.BotPool.choose
    failures = {"left": 3}

    async def flaky(self: bots.BotPool, *args: Any, **kw: Any) -> str:
        if failures["left"]:
            failures["left"] -= 1
            raise RuntimeError("the bot's worker was lost")
        return await real(self, *args, **kw)

    monkeypatch.setattr(bots.BotPool, "choose", flaky)
    monkeypatch.setattr(live, "BOT_RETRY_SECONDS", 0.05)
    with TestClient(create_app(settings(tmp_path))) as client:
        made = client.post("/api/tables", json={"game": "smear", "seats": ["rule"] * 4, "hands": 1}).json()
        summary = wait_for(client, made["table"], "over")
    assert failures["left"] == 0 and summary["hand"] >= 1


def test_a_full_table_whose_start_could_not_be_stored_starts_a_moment_later(tmp_path: Path, monkeypatch: Any) -> None:
    # The last seat is taken but the store refuses the table's new status once (a locked
    # database, an outage): the person is seated all the same, and play starts a moment later.
    from cardtable.web.tables import live, store

    real = store.Store.set_status
    failures = {"left": 1}

    def flaky(self: Any, table_id: str, status: str) -> None:
        if status == "playing" and failures["left"]:
            failures["left"] -= 1
            raise RuntimeError("database is locked")
        real(self, table_id, status)

    monkeypatch.setattr(store.Store, "set_status", flaky)
    monkeypatch.setattr(live, "BOT_RETRY_SECONDS", 0.05)
    with TestClient(create_app(settings(tmp_path))) as client:
        made = client.post("/api/tables", json={"game": "smear", "seats": ["human", "rule", "rule", "rule"]}).json()
        joined = client.post(f"/api/tables/{made['table']}/join", json={"invite": made["invite"], "name": "Ann"})
        assert joined.status_code == 200, joined.text
        wait_for(client, made["table"], "playing")
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{made['table']}").json()["version"] < 1 and time.monotonic() < deadline:
            time.sleep(0.05)  # the first deal follows the status
        summary = client.get(f"/api/tables/{made['table']}").json()
    assert failures["left"] == 0 and summary["version"] >= 1
