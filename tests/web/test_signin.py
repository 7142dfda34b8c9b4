"""Signing in on any device (`cardtable.web.accounts`): sessions, e-mail addresses and one-time
links, the limits on trying, and migration 0014. The server runs in this process with a clock the
tests move (`ManualClock`) and an SMTP sink for its mail."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from cardtable.web.accounts import store
from cardtable.web.app import create_app
from cardtable.web.clock import ManualClock
from cardtable.web.players.sessions import SESSION_DAYS
from cardtable.web.schema import sessions
from cardtable.web.settings import Settings
from tests.web.mailsink import Sink, body, smtp_sink

LINK = re.compile(r"http://testserver/signin#([A-Za-z0-9_-]+)")


@dataclass
class Site:
    client: TestClient
    clock: ManualClock
    sink: Sink
    db: Path

    def post(self, path: str, body: dict[str, Any], **kw: Any) -> Any:
        return self.client.post(path, json=body, **kw)

    def player(self, name: str = "Ana") -> dict[str, Any]:
        r = self.post("/api/players", {"name": name})
        assert r.status_code == 201, r.text
        out: dict[str, Any] = r.json()
        return out

    def settle(self) -> None:
        """Wait until the mail the server sends after its answers is sent (or found not to be due)."""
        from cardtable.web.accounts.routes import limits_of

        tasks = limits_of(self.client.app).sending  # type: ignore[arg-type]

        async def done() -> None:
            while tasks:
                await asyncio.gather(*list(tasks))

        assert self.client.portal is not None
        self.client.portal.call(done)

    def links(self, address: str, count: int) -> list[str]:
        """The tokens of the links in the ``count`` messages sent to ``address``."""
        found = []
        for msg in self.sink.wait_for(address, count):
            m = LINK.search(body(msg))
            assert m is not None, body(msg)
            found.append(m[1])
        return found

    def verified(self, player: dict[str, Any], address: str) -> None:
        """Give the player ``address`` and follow the link that confirms it."""
        before = len(self.sink.to(address))
        r = self.post("/api/players/me/email", {"token": player["token"], "address": address})
        assert r.status_code == 200, r.text
        token = self.links(address, before + 1)[-1]
        r = self.post("/api/signin/link", {"token": token})
        assert r.status_code == 200 and r.json() == {"verified": address, "player": player["player"]}, r.text


@contextmanager
def running(db: str, tmp_path: Path) -> Iterator[Site]:
    clock = ManualClock()
    with smtp_sink() as sink:
        settings = Settings(
            db=db,
            bot_workers=0,
            allowed_hosts=("testserver",),
            clock=clock,
            smtp=sink.url,
        )
        with TestClient(create_app(settings)) as client:
            yield Site(client, clock, sink, tmp_path / "tables.db")


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    with running(f"sqlite:///{tmp_path / 'tables.db'}", tmp_path) as found:
        yield found


def sign_in_by_mail(site: Site, address: str, count: int) -> str:
    """Ask for a sign-in link to ``address`` (the ``count``-th message there) and its token."""
    r = site.post("/api/signin/email", {"address": address})
    assert r.status_code == 202, r.text
    return site.links(address, count)[-1]


def test_a_session_is_the_player_until_it_is_ended(site: Site) -> None:
    ana = site.player()
    site.verified(ana, "ana@example.org")
    link = sign_in_by_mail(site, "ana@example.org", 2)
    r = site.post(
        "/api/signin/link", {"token": link}, headers={"user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130"}
    )
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["player"] == ana["player"] and got["token"].startswith("s.")
    session = got["token"]
    # wherever the player's token works, the session's does, as the same player
    for token in (ana["token"], session):
        me = site.post("/api/players/me", {"token": token})
        assert me.status_code == 200 and me.json()["player"] == ana["player"]
    listed = site.post("/api/players/me/sessions", {"token": session}).json()["sessions"]
    assert [(s["label"], s["current"]) for s in listed] == [("Chrome on Linux", True)]
    assert session.split(".")[2] not in str(listed) and "hash" not in str(listed)
    # the private link keeps working; ending the session from it ends the session only
    r = site.post("/api/players/me/sessions/end", {"token": ana["token"], "id": listed[0]["id"]})
    assert r.status_code == 200 and r.json()["sessions"] == []
    for path in ("/api/players/me", "/api/players/me/sessions"):
        r = site.post(path, {"token": session})
        assert r.status_code == 403 and r.json() == {"error": "the player token is not a player's"}
    assert site.post("/api/players/me", {"token": ana["token"]}).status_code == 200


def test_a_session_expires_unused_and_lives_on_while_used(site: Site) -> None:
    ana = site.player()
    site.verified(ana, "ana@example.org")
    first = site.post("/api/signin/link", {"token": sign_in_by_mail(site, "ana@example.org", 2)}).json()["token"]
    second = site.post("/api/signin/link", {"token": sign_in_by_mail(site, "ana@example.org", 3)}).json()["token"]
    site.clock.advance(SESSION_DAYS * 86400 - 3600)
    assert site.post("/api/players/me", {"token": second}).status_code == 200  # used: its end moves on
    site.clock.advance(7200)
    assert site.post("/api/players/me", {"token": first}).status_code == 403
    assert site.post("/api/players/me", {"token": second}).status_code == 200
    listed = site.post("/api/players/me/sessions", {"token": ana["token"]}).json()["sessions"]
    assert len(listed) == 1 and not listed[0]["current"]


def test_ending_the_others_keeps_this_one(site: Site) -> None:
    ana = site.player()
    site.verified(ana, "ana@example.org")
    tokens = [
        site.post("/api/signin/link", {"token": sign_in_by_mail(site, "ana@example.org", n)}).json()["token"]
        for n in (2, 3, 4)
    ]
    r = site.post("/api/players/me/sessions/end", {"token": tokens[0], "id": "others"})
    assert [s["current"] for s in r.json()["sessions"]] == [True]
    assert [site.post("/api/players/me", {"token": t}).status_code for t in tokens] == [200, 403, 403]
    # another player's session is not yours to end, and a forged one is nobody's
    bo = site.player("Bo")
    r = site.post("/api/players/me/sessions/end", {"token": bo["token"], "id": tokens[0].split(".")[1]})
    assert r.status_code == 404
    forged = tokens[0][:-4] + "AAAA"
    assert site.post("/api/players/me", {"token": forged}).status_code == 403
    for bad in ("s.", "s.x.y", "s." + "0" * 12 + ".", 5, None):
        assert site.post("/api/players/me", {"token": bad}).status_code == 403
    # the ended ones are dropped from the database a month later; the live one stays
    site.clock.advance((store.KEEP_ENDED_DAYS + 1) * 86400)
    engine = create_engine_of(site)
    store.forget_old(engine, site.clock.now())
    with engine.connect() as conn:
        assert conn.execute(select(sessions.c.id)).scalars().all() == [tokens[0].split(".")[1]]
    assert site.post("/api/players/me", {"token": tokens[0]}).status_code == 200


def test_a_link_works_once_and_not_after_fifteen_minutes(site: Site) -> None:
    ana = site.player()
    site.verified(ana, "ana@example.org")
    link = sign_in_by_mail(site, "ana@example.org", 2)
    assert site.post("/api/signin/link", {"token": link}).status_code == 200
    again = site.post("/api/signin/link", {"token": link})
    assert again.status_code == 403 and "used already" in again.json()["error"]
    late = sign_in_by_mail(site, "ana@example.org", 3)
    site.clock.advance(store.LINK_SECONDS + 1)
    r = site.post("/api/signin/link", {"token": late})
    assert r.status_code == 403 and r.json() == again.json()
    never = site.post("/api/signin/link", {"token": "A" * 43})
    assert never.json() == again.json()


def test_a_verify_link_confirms_only_and_gives_no_session(site: Site) -> None:
    ana = site.player()
    r = site.post("/api/players/me/email", {"token": ana["token"], "address": "Ana@Example.ORG"})
    assert r.status_code == 200 and r.json()["email"] == {"address": "Ana@example.org", "verified": None}
    # an unconfirmed address gets no sign-in link
    site.post("/api/signin/email", {"address": "Ana@example.org"})
    (token,) = site.links("Ana@example.org", 1)
    got = site.post("/api/signin/link", {"token": token}).json()
    assert got == {"verified": "Ana@example.org", "player": ana["player"]} and "token" not in got
    email = site.post("/api/players/me/signin", {"token": ana["token"]}).json()["email"]
    assert email["address"] == "Ana@example.org" and email["verified"] is not None


def test_the_answer_is_the_same_whoever_the_address_is(site: Site) -> None:
    ana = site.player()
    site.verified(ana, "ana@example.org")
    known = site.post("/api/signin/email", {"address": "ana@example.org"})
    unknown = site.post("/api/signin/email", {"address": "nobody@example.org"})
    assert (known.status_code, known.content) == (unknown.status_code, unknown.content)
    assert {k: v for k, v in known.headers.items() if k != "date"} == {
        k: v for k, v in unknown.headers.items() if k != "date"
    }
    site.settle()
    assert len(site.links("ana@example.org", 2)) == 2 and site.sink.to("nobody@example.org") == []
    bad = site.post("/api/signin/email", {"address": "not an address"})
    assert bad.status_code == 400 and "\n" not in bad.json()["error"]


def test_another_players_confirmed_address_is_not_taken_nor_told(site: Site) -> None:
    ana, bo = site.player(), site.player("Bo")
    site.verified(ana, "ana@example.org")
    r = site.post("/api/players/me/email", {"token": bo["token"], "address": "ana@example.org"})
    assert r.status_code == 200 and r.json()["email"] is None
    assert "if this address belongs to a player" in r.json()["message"]
    link = sign_in_by_mail(site, "ana@example.org", 2)
    assert site.post("/api/signin/link", {"token": link}).json()["player"] == ana["player"]


def one_line_429(r: Any) -> str:
    assert r.status_code == 429, r.text
    assert int(r.headers["retry-after"]) >= 1
    error: str = r.json()["error"]
    assert "\n" not in error and "try again in" in error
    return error


def test_links_for_one_address_are_limited_alike_for_anyone(site: Site) -> None:
    ana = site.player()
    site.verified(ana, "ana@example.org")
    for address in ("ana@example.org", "nobody@example.org"):
        answers = [site.post("/api/signin/email", {"address": address}) for _ in range(4)]
        assert [a.status_code for a in answers] == [202, 202, 202, 429]
        assert "this e-mail address" in one_line_429(answers[-1])


def test_failed_links_lock_the_account_and_say_until_when(site: Site) -> None:
    ana = site.player()
    site.verified(ana, "ana@example.org")
    used = sign_in_by_mail(site, "ana@example.org", 2)
    fresh = sign_in_by_mail(site, "ana@example.org", 3)
    assert site.post("/api/signin/link", {"token": used}).status_code == 200
    answers = [site.post("/api/signin/link", {"token": used}).status_code for _ in range(store.MAX_FAILURES)]
    assert answers == [403] * (store.MAX_FAILURES - 1) + [429]
    site.clock.advance(120)
    error = one_line_429(site.post("/api/signin/link", {"token": fresh}))
    assert "failed too often" in error and "13 minutes" in error
    # a locked account is sent no link, and the answer does not tell
    assert site.post("/api/signin/email", {"address": "ana@example.org"}).status_code == 202
    site.settle()
    assert len(site.sink.to("ana@example.org")) == 3  # the one asked while locked was never sent
    site.clock.advance(store.LOCKOUT_SECONDS)
    after = sign_in_by_mail(site, "ana@example.org", 4)
    assert site.post("/api/signin/link", {"token": after}).status_code == 200


def test_no_mail_server_says_so(tmp_path: Path) -> None:
    settings = Settings(db=f"sqlite:///{tmp_path / 'tables.db'}", bot_workers=0, allowed_hosts=("testserver",))
    with TestClient(create_app(settings)) as client:
        ana = client.post("/api/players", json={"name": "Ana"}).json()
        for path, body in (
            ("/api/signin/email", {"address": "a@example.org"}),
            ("/api/players/me/email", {"token": ana["token"], "address": "a@example.org"}),
        ):
            r = client.post(path, json=body)
            assert r.status_code == 409 and "sends no e-mail" in r.json()["error"]


def test_links_and_sessions_are_stored_only_as_hashes(site: Site) -> None:
    ana = site.player()
    site.verified(ana, "ana@example.org")
    link = sign_in_by_mail(site, "ana@example.org", 2)
    session = site.post("/api/signin/link", {"token": link}).json()["token"]
    raw = site.db.read_bytes() + b"".join(p.read_bytes() for p in site.db.parent.glob("tables.db-*"))
    for secret in (link, session, session.split(".")[2]):
        assert secret.encode() not in raw


def test_migration_0014_matches_the_schema_and_goes_down(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, inspect

    from cardtable.web import schema
    from cardtable.web.ops.migrate import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, "head")
    engine = create_engine(url)
    mine = (schema.sessions, schema.signin_links, schema.passkeys, schema.passkey_challenges, schema.signin_failures)
    seen = inspect(engine)
    for table in mine:
        assert [c["name"] for c in seen.get_columns(table.name)] == [c.name for c in table.columns]
    command.downgrade(config, "0011")
    names = inspect(engine).get_table_names()
    assert not any(t.name in names for t in mine) and "player_emails" in names
    command.upgrade(config, "head")
    assert all(t.name in inspect(engine).get_table_names() for t in mine)
    engine.dispose()


def test_on_postgresql_a_link_signs_in_once_and_the_session_ends(pg_db: str, tmp_path: Path) -> None:
    with running(pg_db, tmp_path) as site:
        ana = site.player()
        site.verified(ana, "ana@example.org")
        link = sign_in_by_mail(site, "ana@example.org", 2)
        got = site.post("/api/signin/link", {"token": link}).json()
        assert got["player"] == ana["player"]
        assert site.post("/api/signin/link", {"token": link}).status_code == 403
        assert site.post("/api/players/me", {"token": got["token"]}).json()["player"] == ana["player"]
        site.post("/api/players/me/sessions/end", {"token": ana["token"], "id": "others"})
        assert site.post("/api/players/me", {"token": got["token"]}).status_code == 403
        for _ in range(store.MAX_FAILURES - 2):  # one failure above
            assert site.post("/api/signin/link", {"token": link}).status_code == 403
        one_line_429(site.post("/api/signin/link", {"token": link}))


def test_a_passkeys_bad_answers_refuse_then_lock_its_account(site: Site) -> None:
    from cryptography.hazmat.primitives.asymmetric import ec
    from webauthn.helpers import bytes_to_base64url

    ana = site.player()
    key = ec.generate_private_key(ec.SECP256R1()).public_key().public_numbers()
    cose = (
        bytes.fromhex("a5010203262001215820")
        + key.x.to_bytes(32, "big")
        + bytes.fromhex("225820")
        + key.y.to_bytes(32, "big")
    )
    passkey = store.Passkey(
        "Y3JlZGVudGlhbA", ana["player"], bytes_to_base64url(cose), 0, "test", site.clock.now(), None
    )
    assert store.add_passkey(create_engine_of(site), passkey)
    listed = site.post("/api/players/me/passkeys", {"token": ana["token"]}).json()["passkeys"]
    assert [k["id"] for k in listed] == ["Y3JlZGVudGlhbA"]
    bad = {
        "id": "Y3JlZGVudGlhbA",
        "rawId": "Y3JlZGVudGlhbA",
        "type": "public-key",
        "response": {"clientDataJSON": "e30", "authenticatorData": "AAAA", "signature": "AAAA", "userHandle": None},
    }
    answers = []
    for _ in range(store.MAX_FAILURES):
        start = site.post("/api/signin/passkey/options", {}).json()
        answers.append(site.post("/api/signin/passkey", {"challenge": start["challenge"], "credential": bad}))
    assert [a.status_code for a in answers] == [403] * (store.MAX_FAILURES - 1) + [429]
    assert answers[0].json() == {"error": "the passkey's answer does not check out"}
    assert "failed too often" in one_line_429(answers[-1])
    # a challenge answers once, and not when it is out of date
    start = site.post("/api/signin/passkey/options", {}).json()
    site.clock.advance(store.CHALLENGE_SECONDS + 1)
    late = site.post("/api/signin/passkey", {"challenge": start["challenge"], "credential": bad})
    assert late.status_code == 409
    again = site.post("/api/signin/passkey", {"challenge": start["challenge"], "credential": bad})
    assert again.status_code == 409
    # removed, it is no one's
    gone = site.post("/api/players/me/passkeys/remove", {"token": ana["token"], "id": "Y3JlZGVudGlhbA"})
    assert gone.status_code == 200 and gone.json()["passkeys"] == []


def create_engine_of(site: Site) -> Any:
    hub = site.client.app.state.hub  # type: ignore[attr-defined]
    return hub.store.engine
