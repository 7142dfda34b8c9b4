"""Turn-based tables (docs/web.md, "Turn-based tables"): hours or days a move, a bank for the
match, deadlines read from the stored actions' wall-clock times (so a restart loses nothing), the
overdue sweep and what each ``on_timeout`` does, and live tables left exactly as they were."""

from __future__ import annotations

import dataclasses
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.engine import Connection
from starlette.websockets import WebSocketDisconnect

from cardtable.i18n import speaking
from cardtable.web import schema
from cardtable.web.app import create_app
from cardtable.web.clock import ManualClock
from cardtable.web.settings import Settings
from cardtable.web.tables.hooks import Waiting

HOUR = 3600.0
DAY = 86400.0
START = 1_800_000_000.0


def settings(tmp_path: Path, clock: ManualClock) -> Settings:
    # no periodic sweep: a test runs the overdue sweep itself, after moving the clock
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    return Settings(
        db=db,
        bot_pause=0,
        summary_pause=0,
        bot_workers=0,
        sweep_every=0,
        create_burst=100,
        allowed_hosts=("testserver",),
        clock=clock,
    )


def hub(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


def create(client: TestClient, seats: list[str] | None = None, **kw: Any) -> dict[str, Any]:
    body = {"game": "smear", "seats": seats or ["human"] * 4, "mode": "turns", **kw}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def join_all(client: TestClient, t: dict[str, Any], names: tuple[str, ...]) -> list[str]:
    out = []
    for name in names:
        r = client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "name": name})
        assert r.status_code == 200, r.text
        out.append(r.json()["token"])
    return out


def summary(client: TestClient, table: str) -> dict[str, Any]:
    out: dict[str, Any] = client.get(f"/api/tables/{table}").json()
    return out


def until(client: TestClient, table: str, ready: Any) -> dict[str, Any]:
    """The table's summary once ``ready`` says so (its bots move in tasks of their own)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        s = summary(client, table)
        if ready(s):
            return s
        time.sleep(0.02)
    raise TimeoutError(table)


def move(client: TestClient, table: str, token: str, choose: Any = None) -> dict[str, Any]:
    """Connect with the seat's token, make the first legal move (or ``choose``'s of the legal
    moves), and leave; returns the move's event."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"t": "hello", "token": token, "v": 0})
        snap = ws.receive_json()
        while snap["t"] != "snapshot":
            snap = ws.receive_json()
        assert snap["legal"], snap
        action = choose(snap["legal"]) if choose else snap["legal"][0]
        ws.send_json({"t": "act", "v": snap["v"], "action": action, "id": f"m{snap['v']}"})
        event = None
        while True:
            msg = ws.receive_json()
            if msg["t"] == "event":
                event = msg
            if msg["t"] in ("ack", "rejected"):
                assert msg["t"] == "ack", msg
                break
    assert event is not None
    return event


def stored_row(tmp_path: Path, table: str) -> tuple[Any, ...]:
    with sqlite3.connect(tmp_path / "tables.db") as db:
        row: tuple[Any, ...] = db.execute(
            "SELECT to_act, deadline, status FROM tables WHERE id = ?", (table,)
        ).fetchone()
    return row


NAMES = ("Ana", "Ben", "Cal", "Dee")


def test_deadlines_and_banks_come_from_the_stored_times_and_survive_restarts(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        t = create(client, turn_seconds=HOUR, bank_seconds=2 * HOUR)
        tokens = join_all(client, t, NAMES)
        s = summary(client, t["table"])
        assert s["mode"] == "turns" and s["status"] == "playing" and s["on_timeout"] == "bot"
        first = s["to_act"]
        assert s["deadline"] == START + HOUR + 2 * HOUR
        assert s["banks"] == [2 * HOUR] * 4
        assert stored_row(tmp_path, t["table"]) == (first, START + 3 * HOUR, "playing")
        clock.advance(HOUR / 2)  # within the allowance: the bank is untouched
        event = move(client, t["table"], tokens[first])
        assert event["clock"]["deadline"] == START + HOUR / 2 + 3 * HOUR
        s = summary(client, t["table"])
        second = s["to_act"]
        assert second != first and s["banks"] == [2 * HOUR] * 4
    clock.advance(1.5 * HOUR)  # the server is down meanwhile; the second seat's turn goes on
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        s = summary(client, t["table"])
        assert s["to_act"] == second and s["deadline"] == START + HOUR / 2 + 3 * HOUR
        move(client, t["table"], tokens[second])  # half an hour over its allowance: paid from the bank
        s = summary(client, t["table"])
        assert s["banks"][second] == 1.5 * HOUR and s["banks"][first] == 2 * HOUR
        third, version = s["to_act"], s["version"]
        assert s["deadline"] == START + 2 * HOUR + 3 * HOUR
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        s = summary(client, t["table"])
        assert s["banks"][second] == 1.5 * HOUR and s["to_act"] == third and s["version"] == version
        assert stored_row(tmp_path, t["table"]) == (third, START + 5 * HOUR, "playing")
        # days apart, with no stand-in: being away is normal at a turn-based table
        clock.advance(2.5 * HOUR)
        assert client.portal.call(hub(client).overdue) == []  # type: ignore[union-attr]
        assert summary(client, t["table"])["version"] == version
        move(client, t["table"], tokens[third])
        assert summary(client, t["table"])["banks"][third] == HOUR / 2  # 2.5 h for a 1 h move


def test_at_times_end_the_stand_in_bot_makes_that_one_move_and_says_so(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        t = create(client, turn_seconds=DAY, bank_seconds=DAY)
        tokens = join_all(client, t, NAMES)
        s = summary(client, t["table"])
        late = s["to_act"]
        clock.advance(2 * DAY - 1)
        assert client.portal.call(hub(client).overdue) == []  # type: ignore[union-attr]
        clock.advance(2)
        with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            other = (late + 1) % 4
            ws.send_json({"t": "hello", "token": tokens[other], "v": 0})
            assert ws.receive_json()["t"] == "snapshot"
            assert client.portal.call(hub(client).overdue) == [t["table"]]  # type: ignore[union-attr]
            event = ws.receive_json()
            while event["t"] != "event":
                event = ws.receive_json()
        assert event["timeout"] is True and event["stand_in"] is True
        assert event["say"][0] == f"{NAMES[late]} ran out of time; the stand-in bot moved for them."
        after = summary(client, t["table"])
        assert after["version"] == s["version"] + 1 and after["banks"][late] == 0
        assert after["seats"][late]["player"] == "human"  # the seat stays the person's
        assert client.portal.call(hub(client).overdue) == []  # type: ignore[union-attr]
    # the words survive a restart
    with (
        TestClient(create_app(settings(tmp_path, clock))) as client,
        client.websocket_connect(f"/ws/tables/{t['table']}") as ws,
    ):
        ws.send_json({"t": "hello", "token": None, "v": s["version"]})
        got = ws.receive_json()
        assert got["t"] == "event" and got["say"][0].startswith(f"{NAMES[late]} ran out of time")


@pytest.mark.parametrize("on_timeout", ["abandon", "replace"])
def test_at_times_end_the_match_is_abandoned_or_a_bot_takes_the_seat(tmp_path: Path, on_timeout: str) -> None:
    clock = ManualClock(START)
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        t = create(client, turn_seconds=HOUR, bank_seconds=0, on_timeout=on_timeout)
        join_all(client, t, NAMES)
        late = summary(client, t["table"])["to_act"]
        clock.advance(HOUR + 1)
        assert client.portal.call(hub(client).overdue) == [t["table"]]  # type: ignore[union-attr]
        s = until(client, t["table"], lambda s: on_timeout == "abandon" or s["version"] > 1)
        if on_timeout == "abandon":
            assert s["status"] == "abandoned" and s["deadline"] is None
            assert s["note"] == f"{NAMES[late]} ran out of time; the match is abandoned."
            assert stored_row(tmp_path, t["table"]) == (None, None, "abandoned")
        else:
            assert s["seats"][late]["player"] == "rule" and s["status"] == "playing"
            assert s["note"].startswith(f"{NAMES[late]} ran out of time; a bot")
            assert s["version"] > 1 and s["to_act"] != late  # the bot played its seat's move
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        again = summary(client, t["table"])
        assert again["status"] == s["status"] and again["note"] == s["note"]


def test_the_word_that_a_person_waits_is_heard_in_the_storing_transaction(tmp_path: Path) -> None:
    clock = ManualClock(START)
    heard: list[tuple[Waiting, int]] = []

    def listener(conn: Connection, w: Waiting) -> None:
        stored = conn.execute(select(func.max(schema.actions.c.version)).where(schema.actions.c.table_id == w.table_id))
        heard.append((w, stored.scalar() or 0))

    with TestClient(create_app(settings(tmp_path, clock))) as client:
        hub(client).hooks.turn_waiting.append(listener)
        t = create(client, ["human", "rule", "human", "rule"], turn_seconds=DAY, bank_seconds=0)
        tokens = join_all(client, t, ("Ana", "Cal"))
        # the table began: its first person to act hears (a bot may have moved first)
        s = until(client, t["table"], lambda s: s["to_act"] is not None)
        assert heard, "the first person to act is told"
        w, seen = heard[-1]
        assert (w.table_id, w.game_name, w.seat, w.version) == (t["table"], "smear", s["to_act"], s["version"])
        assert seen == w.version and w.deadline == s["deadline"] and w.deadline == w.since + DAY
        count = len(heard)
        clock.advance(HOUR)
        move(client, t["table"], tokens[s["to_act"] // 2])
        s = until(client, t["table"], lambda s: s["to_act"] is not None or s["status"] != "playing")
        if s["to_act"] is not None:
            w, seen = heard[-1]
            assert len(heard) == count + 1 and w.seat == s["to_act"] and seen == w.version == s["version"]
            assert w.since == START + HOUR  # the clock stood still while a bot in between moved
        for w, _ in heard:
            assert w.seat in (0, 2)  # never a bot's seat


@pytest.mark.parametrize("late", [True, False])
def test_a_seat_to_act_again_is_told_after_the_stand_ins_move_not_after_its_own(tmp_path: Path, late: bool) -> None:
    clock = ManualClock(START)
    heard: list[Waiting] = []

    def listener(conn: Connection, w: Waiting) -> None:
        heard.append(w)

    with TestClient(create_app(settings(tmp_path, clock))) as client:
        hub(client).hooks.turn_waiting.append(listener)
        # three passes, then the dealer must bid (stick_dealer): whatever the bid, the dealer leads
        t = create(client, turn_seconds=DAY, bank_seconds=0, rules={"all_pass": "stick_dealer"})
        tokens = join_all(client, t, NAMES)
        for _ in range(3):
            move(client, t["table"], tokens[summary(client, t["table"])["to_act"]], lambda legal: "pass")
        s = summary(client, t["table"])
        dealer, count = s["to_act"], len(heard)
        assert heard[-1].seat == dealer and heard[-1].version == s["version"]
        if late:
            clock.advance(DAY + 1)
            assert client.portal.call(hub(client).overdue) == [t["table"]]  # type: ignore[union-attr]
        else:
            move(client, t["table"], tokens[dealer])
        after = until(client, t["table"], lambda a: a["version"] > s["version"])
        assert after["to_act"] == dealer and after["version"] == s["version"] + 1  # the dealer leads
        if late:  # they were away: the word that they are to act again
            assert len(heard) == count + 1
            assert (heard[-1].seat, heard[-1].version) == (dealer, after["version"])
            assert heard[-1].deadline == after["deadline"]
        else:  # their own move: they are at the table
            assert len(heard) == count


def test_a_listener_that_fails_loses_its_own_writes_and_never_the_move(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A broken listener of the seat to act (a notice's) is logged and its writes undone (a
    savepoint), and the move that made the seat wait is stored all the same: play goes on."""
    clock = ManualClock(START)

    def broken(conn: Connection, w: Waiting) -> None:
        conn.execute(schema.player_emails.insert().values(player_id="p", address="a@b.org", verified=None, created=0.0))
        raise RuntimeError("the listener broke")

    with TestClient(create_app(settings(tmp_path, clock))) as client:
        hub(client).hooks.turn_waiting.append(broken)
        t = create(client, ["human", "rule", "human", "rule"], turn_seconds=DAY, bank_seconds=0)
        tokens = join_all(client, t, ("Ana", "Cal"))
        s = until(client, t["table"], lambda s: s["to_act"] is not None)
        before = s["version"]
        move(client, t["table"], tokens[s["to_act"] // 2])
        s = until(client, t["table"], lambda s: s["version"] > before)
        assert s["status"] == "playing"
        with hub(client).store.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(schema.player_emails)).scalar() == 0
    assert "a listener of the seat to act failed" in caplog.text


def test_live_tables_are_as_they_were_and_bad_settings_are_refused_in_one_line(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        live = client.post("/api/tables", json={"game": "smear", "seats": ["human"] * 4}).json()
        s = summary(client, live["table"])
        assert not {"mode", "deadline", "turn_seconds", "banks"} & set(s)
        assert stored_row(tmp_path, live["table"])[:2] == (None, None)
        made = create(client)
        s = summary(client, made["table"])
        assert (s["turn_seconds"], s["bank_seconds"], s["on_timeout"]) == (DAY, 3 * DAY, "bot")
        for body, words in [
            ({"mode": "slow"}, "mode"),
            ({"mode": "turns", "turn_seconds": 59}, "turn_seconds"),
            ({"mode": "turns", "turn_seconds": 15 * DAY}, "turn_seconds"),
            ({"mode": "turns", "turn_seconds": True}, "turn_seconds"),
            ({"mode": "turns", "bank_seconds": -1}, "bank_seconds"),
            ({"mode": "turns", "bank_seconds": 31 * DAY}, "bank_seconds"),
            ({"mode": "turns", "on_timeout": "wait"}, "on_timeout"),
            ({"mode": "turns", "move_seconds": 30}, "move_seconds"),
            ({"turn_seconds": HOUR}, "turn_seconds"),
        ]:
            r = client.post("/api/tables", json={"game": "smear", "seats": ["human"] * 4, **body})
            assert r.status_code == 400 and r.json()["error"].startswith(words), (body, r.text)


def test_migration_0012_matches_the_schema_and_goes_down(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, inspect

    from cardtable.web.ops.migrate import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, "head")
    engine = create_engine(url)
    for table in (schema.tables, schema.actions):
        seen = inspect(engine)
        assert [c["name"] for c in seen.get_columns(table.name)] == [c.name for c in table.columns]
    assert "ix_tables_deadline" in {i["name"] for i in inspect(engine).get_indexes("tables")}
    command.downgrade(config, "0011")
    assert "deadline" not in {c["name"] for c in inspect(engine).get_columns("tables")}
    assert "at" not in {c["name"] for c in inspect(engine).get_columns("actions")}
    command.upgrade(config, "head")
    assert "at" in {c["name"] for c in inspect(engine).get_columns("actions")}
    engine.dispose()


def seated(client: TestClient, player: dict[str, Any], turn_seconds: float) -> tuple[dict[str, Any], list[str]]:
    """A turn-based Smear table where ``player`` sits in seat 0 and three people in the others;
    returns it and the others' seat tokens (seat 0's is ``None``)."""
    t = create(client, turn_seconds=turn_seconds, bank_seconds=0)
    r = client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "player": player["token"]})
    assert r.status_code == 200 and r.json()["seat"] == 0, r.text
    return t, ["", *join_all(client, t, NAMES[1:])]


def test_a_seat_given_to_a_bot_for_good_is_no_longer_the_players(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        ana = client.post("/api/players", json={"name": "Ana"}).json()
        t = create(client, turn_seconds=HOUR, bank_seconds=0, on_timeout="replace")
        r = client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "player": ana["token"]})
        assert r.json()["seat"] == 0
        tokens = ["", *join_all(client, t, NAMES[1:])]
        while (to_act := summary(client, t["table"])["to_act"]) != 0:
            move(client, t["table"], tokens[to_act])
        clock.advance(HOUR + 1)
        assert client.portal.call(hub(client).overdue) == [t["table"]]  # type: ignore[union-attr]
        assert summary(client, t["table"])["seats"][0]["player"] == "rule"
        with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            ws.send_json({"t": "hello", "player": ana["token"], "v": 0})
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4401


def test_the_waiting_list_puts_the_most_urgent_first_and_a_player_takes_their_seat_anywhere(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        ana = client.post("/api/players", json={"name": "Ana"}).json()
        made = []
        for turn in (2 * DAY, HOUR, DAY):
            t, tokens = seated(client, ana, turn)
            while (to_act := summary(client, t["table"])["to_act"]) != 0:
                move(client, t["table"], tokens[to_act])
            made.append(t["table"])
            clock.advance(60)
        # at the last table, Ana moves from another device: her player's token takes her seat
        with client.websocket_connect(f"/ws/tables/{made[2]}") as ws:
            ws.send_json({"t": "hello", "player": ana["token"], "v": 0})
            snap = ws.receive_json()
            assert snap["t"] == "snapshot" and snap["seat"] == 0 and snap["legal"]
            ws.send_json({"t": "act", "v": snap["v"], "action": snap["legal"][0], "id": "phone"})
            while (msg := ws.receive_json())["t"] != "ack":
                assert msg["t"] != "rejected", msg
        got = client.post("/api/players/me/waiting", json={"token": ana["token"]})
        assert got.status_code == 200, got.text
        body = got.json()
        assert [w["table"] for w in body["your_turn"]] == [made[1], made[0]]  # the hour's deadline first
        assert [w["table"] for w in body["others"]] == [made[2]]
        first = body["your_turn"][0]
        assert first["seat"] == 0 and first["game"] == "smear" and first["link"].endswith(f"/t/{made[1]}")
        assert first["deadline"] == summary(client, made[1])["deadline"]
        bad = client.post("/api/players/me/waiting", json={"token": "nope"})
        assert bad.status_code == 403 and bad.json() == {"error": "the player token is not a player's"}
        ben = client.post("/api/players", json={"name": "Ben"}).json()
        assert client.post("/api/players/me/waiting", json={"token": ben["token"]}).json()["your_turn"] == []
        # a player with no seat at the table, or a token that is nobody's, gets no seat
        for token in (ben["token"], "x.y"):
            with client.websocket_connect(f"/ws/tables/{made[0]}") as ws:
                ws.send_json({"t": "hello", "player": token, "v": 0})
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4401


def visit(client: TestClient, table: str, token: str) -> list[dict[str, Any]]:
    """Connect with the seat's token and leave; returns the words since the last visit, if any."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"t": "hello", "token": token, "v": 0})
        got = [ws.receive_json()]
        assert got[0]["t"] == "snapshot"
        ws.send_json({"t": "ping", "id": "end"})
        while (msg := ws.receive_json())["t"] != "pong":
            got.append(msg)
    return [m for m in got if m["t"] == "since"]


SUITS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def test_since_the_last_visit_a_person_reads_the_moves_in_words_and_no_hidden_card(tmp_path: Path) -> None:
    clock = ManualClock(START)
    names = (*NAMES, "Eve")
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        t = create(client, ["human"] * 5, game="sheepshead")
        tokens = join_all(client, t, names)
        assert [visit(client, t["table"], tok) for tok in tokens] == [[]] * 5  # a first visit: nothing to tell
        table = hub(client).tables[t["table"]]
        picker = None
        while picker is None:
            s = summary(client, t["table"])
            clock.advance(HOUR)
            move(
                client,
                t["table"],
                tokens[s["to_act"]],
                lambda legal: next((a for a in legal if a.startswith(("pick", "bury"))), legal[0]),
            )
            last = table.entries[-1]
            if last.text.startswith("bury"):
                picker, buried = last.seat, last.text.split()[1:]
        shown = [card[:-1] + SUITS[card[-1]] for card in buried]
        someone = next(
            n
            for n in range(5)
            if n != picker and table.seats[n].seen is not None and table.seats[n].seen < table.version - 1
        )
        back = visit(client, t["table"], tokens[someone])
        assert len(back) == 1 and back[0]["v"] == table.version and back[0]["from"] < table.version
        lines = back[0]["say"]
        assert any(f"{names[picker]} picks" in line for line in lines), lines
        assert any(f"{names[picker]} buries two cards face down" in line for line in lines), lines
        assert not any(card in line for card in shown for line in lines), (shown, lines)
        # the picker's own seat reads its bury with the cards; nobody is told twice
        mine = table.since(picker, table.version - 1)
        assert any(all(card in line for card in shown) for line in mine), (shown, mine)
        assert visit(client, t["table"], tokens[someone]) == []
    with TestClient(create_app(settings(tmp_path, clock))) as client:  # the seen version is stored
        assert visit(client, t["table"], tokens[someone]) == []


def test_a_turn_based_hand_is_rated_in_the_pool_of_live_ones_its_timed_out_moves_a_stand_ins(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        ana = client.post("/api/players", json={"name": "Ana"}).json()
        t = create(client, ["human", "rule", "rule", "rule"], turn_seconds=HOUR, bank_seconds=0, hands=3)
        r = client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "player": ana["token"]})
        assert r.status_code == 200 and r.json()["seat"] == 0
        timed_out = 0
        while True:
            s = until(client, t["table"], lambda s: s["to_act"] == 0 or s["status"] == "over")
            if s["status"] == "over":
                break
            clock.advance(HOUR + 1)  # Ana never comes: each of her moves is the stand-in's at time's end
            assert client.portal.call(hub(client).overdue) == [t["table"]]  # type: ignore[union-attr]
            timed_out += 1
        record = client.get(f"/api/tables/{t['table']}/record").json()
        stood = [h["actions"][i] for h in record["hands"] for i in h.get("stand_ins", [])]
        assert len(stood) == timed_out > 0 and all(a.startswith("0 ") for a in stood)
        page = client.post("/api/players/me", json={"token": ana["token"]}).json()
        (row,) = page["tables"]
        assert 1 <= row["rated_hands"] <= 3
        assert page["ratings"]["smear"]["hands"] == row["rated_hands"]  # the one pool of Smear ratings


def test_a_turn_based_table_waits_a_week_for_its_people(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        live = client.post("/api/tables", json={"game": "smear", "seats": ["human"] * 4}).json()
        slow = create(client)
        created = hub(client).tables[slow["table"]].row.created
        assert client.portal.call(hub(client).sweep, created + DAY) == [live["table"]]  # type: ignore[union-attr]
        assert summary(client, slow["table"])["status"] == "waiting"
        assert client.portal.call(hub(client).sweep, created + 8 * DAY) == [slow["table"]]  # type: ignore[union-attr]


def test_since_the_last_visit_a_hand_that_ended_meanwhile_is_counted(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with TestClient(create_app(settings(tmp_path, clock))) as client:
        t = create(client)
        tokens = join_all(client, t, NAMES)
        table = hub(client).tables[t["table"]]
        s = summary(client, t["table"])
        while sum(1 for e in table.entries if e.seat < 0) < 2:  # everyone passes: the hand is passed out
            move(client, t["table"], tokens[s["to_act"]], lambda legal: "pass" if "pass" in legal else legal[0])
            s = until(client, t["table"], lambda s: s["to_act"] is not None)
        lines = table.since(s["to_act"], 1)
        assert lines[:2] == ["1 hand ended since your last visit.", "A new hand was dealt."], lines
        assert table.since(s["to_act"], table.version) == []
        with speaking("de"):  # in the language the seat's page speaks
            assert table.since(s["to_act"], 1)[:2] == [
                "Seit deinem letzten Besuch endete 1 Spiel.",
                "Ein neues Spiel wurde gegeben.",
            ]


def test_on_postgresql_the_clock_survives_a_restart_and_time_runs_out(pg_db: str) -> None:
    clock = ManualClock(START)
    pg = Settings(
        db=pg_db, bot_pause=0, summary_pause=0, bot_workers=0, sweep_every=0, allowed_hosts=("testserver",), clock=clock
    )
    with TestClient(create_app(pg)) as client:
        ana = client.post("/api/players", json={"name": "Ana"}).json()
        t = create(client, turn_seconds=HOUR, bank_seconds=HOUR)
        r = client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "player": ana["token"]})
        assert r.status_code == 200
        tokens = ["", *join_all(client, t, NAMES[1:])]
        while (to_act := summary(client, t["table"])["to_act"]) == 0:
            with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
                ws.send_json({"t": "hello", "player": ana["token"], "v": 0})
                snap = ws.receive_json()
                ws.send_json({"t": "act", "v": snap["v"], "action": snap["legal"][0], "id": "a"})
                while ws.receive_json()["t"] != "ack":
                    pass
        clock.advance(1.5 * HOUR)
        move(client, t["table"], tokens[to_act])
        before = summary(client, t["table"])
        assert before["banks"][to_act] == HOUR / 2
    with TestClient(create_app(pg)) as client:
        after = summary(client, t["table"])
        assert (after["to_act"], after["deadline"], after["banks"]) == (
            before["to_act"],
            before["deadline"],
            before["banks"],
        )
        waiting = client.post("/api/players/me/waiting", json={"token": ana["token"]}).json()
        assert [w["table"] for w in waiting["your_turn"] + waiting["others"]] == [t["table"]]
        clock.set(after["deadline"] + 1)
        assert client.portal.call(hub(client).overdue) == [t["table"]]  # type: ignore[union-attr]
        assert summary(client, t["table"])["version"] == after["version"] + 1


async def test_with_several_processes_only_the_lease_holder_applies_times_end(tmp_path: Path) -> None:
    from cardtable.web.ops.migrate import upgrade
    from cardtable.web.tables.hub import Hub

    clock = ManualClock(START)
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    upgrade(url)
    base = Settings(db=url, bot_pause=0, summary_pause=0, bot_workers=0, sweep_every=0, cluster=True, clock=clock)
    one, two = Hub(dataclasses.replace(base, node="one")), Hub(dataclasses.replace(base, node="two"))
    try:
        await one.rebuild()
        await two.rebuild()
        made = await one.create(
            {"game": "smear", "seats": ["human"] * 4, "mode": "turns", "turn_seconds": HOUR, "bank_seconds": 0}
        )
        table = one.tables[made["table"]]
        for name in NAMES:
            await table.submit(lambda name=name: table.join(made["invite"], name, None))
        version = table.version
        clock.advance(HOUR + 1)
        assert await two.overdue() == []  # the first process holds the table: its own sweep acts
        assert made["table"] not in two.tables and table.version == version
        assert await one.overdue() == [made["table"]]
        assert table.version == version + 1
        await one.shutdown()  # its leases are given up: the other process takes the table on
        clock.advance(HOUR + 1)
        assert await two.overdue() == [made["table"]]
        assert two.tables[made["table"]].version == version + 2
    finally:
        one.close()
        await two.shutdown()
