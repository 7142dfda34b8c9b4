"""A word when it is your turn (docs/web.md, "Your turn"): the outbox written with the move, the
sender's e-mail and Web Push (a link to the seat, never a card), quiet hours in the player's zone,
the hourly digest, the preferences' routes and migration 0013."""

from __future__ import annotations

import asyncio
import base64
import json
import re
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from fastapi.testclient import TestClient
from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine

from cardtable.web import schema
from cardtable.web.app import create_app
from cardtable.web.clock import ManualClock
from cardtable.web.database import make_engine
from cardtable.web.notices import push, store
from cardtable.web.notices.sender import Sender
from cardtable.web.notices.store import Prefs
from cardtable.web.ops.migrate import upgrade
from cardtable.web.players import store as players_store
from cardtable.web.settings import Settings
from cardtable.web.tables.hooks import Waiting
from cardtable.web.tables.store import SeatRow
from tests.web.mailsink import body, smtp_sink

BASE = "https://cards.example.org"
#: Every card code of the three games' decks (Seep and Smear: the full deck; Sheepshead: a part of it).
DECK = [r + s for s in "CDHS" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
SUITS = "♣♦♥♠"


def utc(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo("UTC")).timestamp()


def no_card(text: str) -> None:
    for code in DECK:
        assert not re.search(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])", text), code
    assert not any(s in text for s in SUITS)


@dataclass
class World:
    engine: Engine
    url: str
    clock: ManualClock
    tables: list[str] = field(default_factory=list)

    def table(self, game: str = "seep", seats: int = 2) -> str:
        tid = secrets.token_hex(8)
        with self.engine.begin() as conn:
            conn.execute(
                insert(schema.tables).values(
                    id=tid,
                    game=game,
                    rules={},
                    public=False,
                    host_hash="h",
                    invite_hash="i",
                    status="playing",
                    created=self.clock.now(),
                )
            )
            for n in range(seats):
                conn.execute(insert(schema.seats).values(table_id=tid, seat=n, kind="bot", name=None, token_hash=None))
        self.tables.append(tid)
        return tid

    def player(self, name: str = "Ann", address: str | None = None, verified: bool = True) -> str:
        pid = secrets.token_hex(6)
        players_store.create_player(self.engine, name, False, "x" * 64, pid)
        if address is not None:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(schema.player_emails).values(
                        player_id=pid, address=address, verified=self.clock.now() if verified else None, created=0.0
                    )
                )
        return pid

    def seat(self, tid: str, seat: int, pid: str) -> None:
        players_store.take_seat(self.engine, tid, SeatRow(seat, "human", "Ann", None), pid)

    def act(self, tid: str, version: int, seat: int = 0) -> None:
        """An action stored at the table (the turn moves on)."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(schema.actions).values(
                    table_id=tid,
                    version=version,
                    seat=seat,
                    text="x",
                    data=None,
                    client_id=None,
                    stand_in=False,
                    created=self.clock.now(),
                )
            )

    def wait(self, tid: str, seat: int, version: int, game: str = "seep", hours: float = 24) -> None:
        """The seat is to act: the table's row says so and the listener hears it, in one
        transaction, as the tables room does after storing an action."""
        now = self.clock.now()
        with self.engine.begin() as conn:
            conn.execute(
                update(schema.tables).where(schema.tables.c.id == tid).values(to_act=seat, deadline=now + hours * 3600)
            )
            store.enqueue(conn, Waiting(tid, game, seat, version, now + hours * 3600, now))

    def to_act(self, tid: str, seat: int | None) -> None:
        """The table's row names another seat to act (or none), as after a move."""
        with self.engine.begin() as conn:
            conn.execute(update(schema.tables).where(schema.tables.c.id == tid).values(to_act=seat))

    def sender(self, smtp: str | None) -> Sender:
        settings = Settings(db=self.url, smtp=smtp, mail_from="cardtable <tables@cards.example.org>", clock=self.clock)
        return Sender(self.engine, settings, BASE)

    def outbox(self) -> list[Any]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(schema.notice_outbox).order_by(schema.notice_outbox.c.id)).all())


@pytest.fixture(params=["sqlite", "postgresql"])
def world(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[World]:
    url = f"sqlite:///{tmp_path / 'tables.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_db")
    upgrade(url)
    engine = make_engine(url)
    try:
        yield World(engine, url, ManualClock(utc("2026-12-07T12:00:00")))  # a Monday, noon in London
    finally:
        engine.dispose()


def run(sender: Sender) -> int:
    return asyncio.run(sender.run_once())


# --- the outbox and e-mail ---


def test_a_turn_sends_one_email_with_the_link_and_no_card(world: World) -> None:
    ann = world.player("Ann", "ann@example.org")
    tid = world.table("seep")
    world.seat(tid, 1, ann)
    world.wait(tid, 0, 3)  # a seat with no player: nothing
    assert world.outbox() == []
    world.wait(tid, 1, 3, hours=26)
    with smtp_sink() as sink:
        assert run(world.sender(sink.url)) == 1
        (msg,) = sink.wait_for("ann@example.org")
        text = body(msg)
        assert f"{BASE}/t/{tid}" in text and f"{BASE}/player#notices" in text
        assert (
            "Seep" in msg["Subject"] and "Seep" in text and "seat 1)" in text
        )  # seats are numbered as the table page numbers them, from 0
        assert "Tuesday 8 December at 14:00 (UTC), in 1 day 2 hours" in text
        assert msg["List-Unsubscribe"] == f"<{BASE}/player#notices>"
        no_card(msg["Subject"] + "\n" + text)
        assert run(world.sender(sink.url)) == 0  # sent once
    (row,) = world.outbox()
    assert row.sent == world.clock.now() and row.results == {"email": "sent", "push": "0/0"}


def test_the_deadline_is_told_in_the_players_zone(world: World) -> None:
    ann = world.player("Ann", "ann@example.org")
    store.set_prefs(world.engine, ann, Prefs(zone="Asia/Kolkata", quiet_from=0, quiet_to=0), 0.0)
    tid = world.table("sheepshead", 5)
    world.seat(tid, 4, ann)
    world.wait(tid, 4, 7, game="sheepshead", hours=3)
    with smtp_sink() as sink:
        run(world.sender(sink.url))
        text = body(sink.wait_for("ann@example.org")[0])
    assert "Sheepshead" in text and "Monday 7 December at 20:30 (Asia/Kolkata), in 3 hours" in text
    no_card(text)


def test_quiet_hours_hold_the_notice_until_morning_in_the_players_zone(world: World) -> None:
    ann = world.player("Ann", "ann@example.org")
    store.set_prefs(world.engine, ann, Prefs(zone="America/New_York", quiet_from=22, quiet_to=8), 0.0)
    bo = world.player("Bo", "bo@example.org")  # the default: 22 to 8 in UTC
    tid, tid2 = world.table("smear", 2), world.table("smear", 2)  # one seat acts at a time: a table each
    world.seat(tid, 0, ann)
    world.seat(tid2, 1, bo)
    world.clock.set(utc("2026-12-07T11:00:00"))  # 06:00 in New York, 11:00 in UTC
    world.wait(tid, 0, 1)
    world.wait(tid2, 1, 1)
    with smtp_sink() as sink:
        sender = world.sender(sink.url)
        assert run(sender) == 1
        sink.wait_for("bo@example.org")
        assert sink.to("ann@example.org") == []
        world.clock.set(utc("2026-12-07T12:59:00"))  # 07:59 in New York
        assert run(sender) == 0
        world.clock.set(utc("2026-12-07T13:00:00"))  # 08:00 in New York: morning
        assert run(sender) == 1
        (msg,) = sink.wait_for("ann@example.org")
        assert "(America/New_York)" in body(msg)


def test_the_hourly_digest_lists_every_waiting_table_in_one_message(world: World) -> None:
    ann = world.player("Ann", "ann@example.org")
    store.set_prefs(world.engine, ann, Prefs(often="hourly", quiet_from=0, quiet_to=0), 0.0)
    ids = [world.table(g) for g in ("seep", "smear", "sheepshead")]
    for tid in ids:
        world.seat(tid, 0, ann)
        world.wait(tid, 0, 1)
    with smtp_sink() as sink:
        sender = world.sender(sink.url)
        assert run(sender) == 1
        (msg,) = sink.wait_for("ann@example.org")
        text = body(msg)
        assert all(f"{BASE}/t/{tid}" in text for tid in ids) and "3 tables" in msg["Subject"]
        no_card(msg["Subject"] + text)
        # another turn within the hour waits for the next digest
        world.clock.advance(600)
        more = world.table("seep")
        world.seat(more, 0, ann)
        world.wait(more, 0, 1)
        assert run(sender) == 0
        world.clock.advance(3000)  # an hour after the first digest
        assert run(sender) == 1
        msgs = sink.wait_for("ann@example.org", 2)
        assert f"{BASE}/t/{more}" in body(msgs[1]) and f"{BASE}/t/{ids[0]}" not in body(msgs[1])


def test_an_unverified_address_gets_nothing(world: World) -> None:
    ann = world.player("Ann", "ann@example.org", verified=False)
    store.set_prefs(world.engine, ann, Prefs(quiet_from=0, quiet_to=0), 0.0)
    tid = world.table()
    world.seat(tid, 0, ann)
    world.wait(tid, 0, 1)
    with smtp_sink() as sink:
        run(world.sender(sink.url))  # returns once whatever it sent was accepted by the sink
        assert sink.messages == []
    (row,) = world.outbox()
    assert row.results["email"] == "no verified address"


def test_a_superseded_or_passed_turn_is_not_sent(world: World) -> None:
    ann = world.player("Ann", "ann@example.org")
    store.set_prefs(world.engine, ann, Prefs(quiet_from=0, quiet_to=0), 0.0)
    tid = world.table()
    world.seat(tid, 0, ann)
    world.wait(tid, 0, 1)
    world.wait(tid, 0, 3)  # the same seat waits again before anything was sent: one notice
    assert [r.version for r in world.outbox()] == [3]
    other = world.table()
    world.seat(other, 1, ann)
    world.wait(other, 1, 5)
    world.act(other, 5)
    world.act(other, 6)  # the seat moved already (through another device): its turn passed
    third = world.table()
    world.seat(third, 0, ann)
    world.wait(third, 0, 2)
    world.to_act(third, 1)  # the table's row names another seat now (time's end moved for it)
    with smtp_sink() as sink:
        assert run(world.sender(sink.url)) == 1
        (msg,) = sink.wait_for("ann@example.org")
        assert tid in body(msg) and other not in body(msg) and third not in body(msg)
    for passed in (other, third):
        skipped = [r for r in world.outbox() if r.table_id == passed]
        assert skipped[0].results == {"skipped": "the turn passed"}


def test_two_processes_send_each_notice_once(world: World) -> None:
    people = []
    for n in range(6):
        pid = world.player(f"P{n}", f"p{n}@example.org")
        store.set_prefs(world.engine, pid, Prefs(quiet_from=0, quiet_to=0), 0.0)
        tid = world.table()
        world.seat(tid, 0, pid)
        world.wait(tid, 0, 1)
        people.append(pid)
    with smtp_sink() as sink:
        one, two = world.sender(sink.url), world.sender(sink.url)

        async def both() -> list[int]:
            return list(await asyncio.gather(one.run_once(), two.run_once(), one.run_once()))

        assert sum(asyncio.run(both())) == 6
        for n in range(6):
            assert len(sink.to(f"p{n}@example.org")) == 1
    assert len(sink.messages) == 6


def test_the_server_sends_the_notices_by_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.web.notices import sender

    monkeypatch.setattr(sender, "EVERY", 0.05)
    with smtp_sink() as sink:
        url = f"sqlite:///{tmp_path / 'tables.db'}"
        clock = ManualClock(utc("2026-12-07T12:00:00"))
        settings = Settings(db=url, smtp=sink.url, clock=clock, allowed_hosts=("testserver",), public_url=BASE)
        with TestClient(create_app(settings)) as client:
            hub = client.app.state.hub  # type: ignore[attr-defined]
            assert store.enqueue in hub.hooks.turn_waiting  # the tables room's listener is installed
            world = World(hub.store.engine, url, clock)
            ann = world.player("Ann", "ann@example.org")
            tid = world.table()
            world.seat(tid, 0, ann)
            world.wait(tid, 0, 1)
            (msg,) = sink.wait_for("ann@example.org")
        assert f"{BASE}/t/{tid}" in body(msg)


# --- Web Push ---


@dataclass
class PushService:
    """A push service on this machine: keeps each request and answers ``status``."""

    status: int = 201
    requests: list[tuple[str, dict[str, str], bytes]] = field(default_factory=list)
    port: int = 0


@contextmanager
def push_service(status: int = 201) -> Iterator[PushService]:
    service = PushService(status)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            data = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            service.requests.append((self.path, {k.lower(): v for k, v in self.headers.items()}, data))
            self.send_response(service.status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        httpd.shutdown()
        httpd.server_close()


def b64d(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def browser_keys() -> tuple[ec.EllipticCurvePrivateKey, str, bytes, str]:
    """A browser's subscription keys: its private key, public key (base64url), auth secret."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    auth = secrets.token_bytes(16)
    return key, store.b64url(public), auth, store.b64url(auth)


def test_a_push_is_signed_by_the_server_and_readable_only_by_the_browser(world: World) -> None:
    import http_ece

    ann = world.player("Ann")
    store.set_prefs(world.engine, ann, Prefs(email=False, quiet_from=0, quiet_to=0), 0.0)
    key, p256dh, auth, auth_text = browser_keys()
    tid = world.table("smear")
    world.seat(tid, 1, ann)
    world.wait(tid, 1, 9, game="smear")
    with push_service() as service:
        endpoint = f"http://127.0.0.1:{service.port}/push/abc"
        store.add_subscription(world.engine, ann, endpoint, p256dh, auth_text, 0.0)
        assert run(world.sender(None)) == 1
        ((path, headers, data),) = service.requests
    assert path == "/push/abc"
    # the VAPID signature verifies with the server's public key
    _, public = push.vapid_keys(world.engine, 0.0)
    scheme, _, params = headers["authorization"].partition(" ")
    fields = dict(p.split("=", 1) for p in params.split(","))
    assert scheme == "vapid" and fields["k"] == public
    head, claims, sig = fields["t"].split(".")
    raw = b64d(sig)
    server = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64d(public))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    server.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    assert json.loads(b64d(claims))["aud"] == f"http://127.0.0.1:{service.port}"
    # the payload opens with the browser's private key and auth secret
    assert headers["content-encoding"] == "aes128gcm"
    payload = json.loads(http_ece.decrypt(data, private_key=key, auth_secret=auth, version="aes128gcm"))
    assert payload["url"] == f"{BASE}/t/{tid}" and "Four-Point Smear" in payload["title"]
    no_card(json.dumps(payload, ensure_ascii=False))
    (row,) = world.outbox()
    assert row.results == {"email": "off", "push": "1/1"}


def test_a_gone_subscription_is_forgotten(world: World) -> None:
    ann = world.player("Ann")
    store.set_prefs(world.engine, ann, Prefs(email=False, quiet_from=0, quiet_to=0), 0.0)
    _, p256dh, _, auth_text = browser_keys()
    tid = world.table()
    world.seat(tid, 0, ann)
    world.wait(tid, 0, 2)
    with push_service(410) as service:
        store.add_subscription(world.engine, ann, f"http://127.0.0.1:{service.port}/gone", p256dh, auth_text, 0.0)
        run(world.sender(None))
        assert len(service.requests) == 1
    assert store.subscriptions(world.engine, ann) == []


def test_the_vapid_keys_are_made_once_and_kept(world: World) -> None:
    first = push.vapid_keys(world.engine, 0.0)
    assert push.vapid_keys(world.engine, 1.0) == first
    assert len(b64d(first[1])) == 65 and len(b64d(first[0])) == 32


# --- the routes ---


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    settings = Settings(db=db, bot_pause=0, summary_pause=0, bot_workers=0, grace=0.0, allowed_hosts=("testserver",))
    with TestClient(create_app(settings)) as c:
        yield c


def new_player(client: TestClient, name: str) -> str:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    token: str = r.json()["token"]
    return token


def test_preferences_are_read_and_set(client: TestClient) -> None:
    ann = new_player(client, "Ann")
    r = client.post("/api/players/me/notices", json={"token": ann})
    assert r.status_code == 200
    assert r.json() == {
        "email": True,
        "push": True,
        "often": "each",
        "quiet_from": 22,
        "quiet_to": 8,
        "zone": "UTC",
        "saved": False,
        "verified_email": False,
        "subscriptions": 0,
    }
    r = client.post(
        "/api/players/me/notices/set", json={"token": ann, "often": "hourly", "zone": "Europe/Berlin", "quiet_to": 7}
    )
    assert r.status_code == 200, r.text
    got = client.post("/api/players/me/notices", json={"token": ann}).json()
    assert (got["often"], got["zone"], got["quiet_from"], got["quiet_to"]) == ("hourly", "Europe/Berlin", 22, 7)
    assert got["saved"] is True


@pytest.mark.parametrize(
    "change",
    [
        {"email": "yes"},
        {"push": 1},
        {"often": "daily"},
        {"quiet_from": 24},
        {"quiet_to": -1},
        {"quiet_to": True},
        {"quiet_from": 7.5},
        {"zone": "Mars/Olympus"},
        {"zone": "../../etc/passwd"},
        {"zone": ""},
        {"zone": "x" * 100},
        {"colour": "red"},
    ],
)
def test_bad_preferences_are_refused_in_one_line_and_nothing_changes(
    client: TestClient, change: dict[str, Any]
) -> None:
    ann = new_player(client, "Ann")
    before = client.post("/api/players/me/notices", json={"token": ann}).json()
    r = client.post("/api/players/me/notices/set", json={"token": ann, "email": False, **change})
    assert r.status_code == 400, r.text
    assert "\n" not in r.json()["error"] and len(r.json()) == 1
    assert client.post("/api/players/me/notices", json={"token": ann}).json() == before


def test_another_players_token_reads_and_changes_nothing(client: TestClient) -> None:
    ann = new_player(client, "Ann")
    bo = new_player(client, "Bo")
    forged = ann.split(".")[0] + "." + bo.split(".")[1]
    for path, extra in (
        ("/api/players/me/notices", {}),
        ("/api/players/me/notices/set", {"email": False}),
        ("/api/players/me/push/remove", {"endpoint": "https://push.example.org/x"}),
    ):
        for token in (forged, "nonsense", None, 5):
            r = client.post(path, json={"token": token, **extra})
            assert r.status_code == 403, (path, token, r.text)
    assert client.post("/api/players/me/notices", json={"token": ann}).json()["email"] is True
    client.post("/api/players/me/notices/set", json={"token": bo, "email": False})
    assert client.post("/api/players/me/notices", json={"token": ann}).json()["email"] is True


def test_push_subscriptions_are_checked_kept_and_removed(client: TestClient) -> None:
    ann = new_player(client, "Ann")
    key = client.get("/api/push/key").json()["key"]
    assert len(b64d(key)) == 65 and client.get("/api/push/key").json()["key"] == key
    _, p256dh, _, auth = browser_keys()
    good = {"endpoint": "https://push.example.org/send/abc", "keys": {"p256dh": p256dh, "auth": auth}}
    bad: list[Any] = [
        None,
        "x",
        {"endpoint": "https://push.example.org/a"},
        {**good, "endpoint": "http://push.example.org/a"},
        {**good, "endpoint": "ftp://127.0.0.1/a"},
        {**good, "endpoint": "https://" + "a" * 2000 + ".org/"},
        {**good, "endpoint": "https://push.example.org/a b"},
        {**good, "keys": {"p256dh": p256dh[:-4], "auth": auth}},
        {**good, "keys": {"p256dh": p256dh, "auth": auth + auth}},
        {**good, "keys": {"p256dh": "!!!", "auth": auth}},
        {**good, "keys": {"p256dh": p256dh, "auth": 5}},
    ]
    for sub in bad:
        r = client.post("/api/players/me/push", json={"token": ann, "subscription": sub})
        assert r.status_code == 400, (sub, r.text)
        assert "\n" not in r.json()["error"]
    r = client.post("/api/players/me/push", json={"token": ann, "subscription": good})
    assert r.status_code == 200, r.text
    assert r.json()["subscriptions"] == 1
    local = {**good, "endpoint": "http://127.0.0.1:9/push"}
    assert client.post("/api/players/me/push", json={"token": ann, "subscription": local}).json()["subscriptions"] == 2
    bo = new_player(client, "Bo")
    r = client.post("/api/players/me/push/remove", json={"token": bo, "endpoint": good["endpoint"]})
    assert r.status_code == 404
    r = client.post("/api/players/me/push/remove", json={"token": ann, "endpoint": good["endpoint"]})
    assert r.status_code == 200 and r.json()["subscriptions"] == 1


# --- the migration ---


def test_migration_0013_matches_the_schema_and_goes_down(tmp_path: Path) -> None:
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
    ours = (schema.notice_prefs, schema.push_subscriptions, schema.notice_outbox, schema.server_keys)
    seen = inspect(engine)
    for table in ours:
        assert [c["name"] for c in seen.get_columns(table.name)] == [c.name for c in table.columns]
        assert seen.get_pk_constraint(table.name)["constrained_columns"] == [c.name for c in table.primary_key]
        assert {i["name"] for i in seen.get_indexes(table.name)} == {i.name for i in table.indexes}
    command.downgrade(config, "0011")
    names = inspect(engine).get_table_names()
    assert not any(t.name in names for t in ours) and "player_emails" in names
    command.upgrade(config, "head")
    assert all(t.name in inspect(engine).get_table_names() for t in ours)
    engine.dispose()
