"""Friends who live apart play a whole turn-based Four-Point Smear match, each in their own
browser, over simulated days: the server's clock is a file the test writes
(``CARDTABLE_CLOCK_FILE``, `cardtable.web.clock.FileClock`), moved on by hours before each move.

Each player confirms an e-mail address by the link the server mails (an SMTP sink on this machine
receives it), asks for a notice on each turn at any hour, and has a push subscription at a push
service on this machine. Headless Chromium has no push service of its own, so the subscription is
registered through the API with the player's token, with keys the test holds: each push the server
sends is received there and decrypted as a browser would.

For every turn the test checks that the seat's player got one e-mail and one push naming the game,
the seat and the table's link, and no card; then it moves the clock and makes the move by clicking
in that player's browser. Once, the clock is moved past the day a move may take (no bank), and the
stand-in bot moves at time's end, said in words on the table. Every few moves the server is stopped
(SIGTERM) and started again on the same database and port: the browsers reconnect and the hand is
where it was. Midway the second player adds a passkey in their browser; a second device that holds
the same credential (copied between Chromium's virtual authenticators, as a synced passkey is)
signs in at ``/signin``, follows the table's link from the latest e-mail, and plays that seat's
moves from then on.

Every turn gets its one e-mail and one push but one kind: a turn that follows the same person's
own move (the bid that won the auction, then the lead; a trick won with its last card) gets no
word, since that person is at the table (docs/web.md, "The word that a person waits"); the test
counts those apart. The turn after the stand-in's move is told, whoever it falls to.

The server looks at time's end and at the notices' outbox every fraction of a second here
(``--sweep-every``, ``--notice-every``, flags for tests only), so that simulated days pass in
about a minute of real time.

The pages are opened at ``http://localhost:PORT``, the server's public address (WebAuthn needs a
secure context, which ``localhost`` is), so that the links in the messages open in the browsers
as they are.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from playwright.sync_api import Browser, Page, expect

from cardtable.web.clock import CLOCK_FILE
from cardtable.web.notices import store
from tests.browser.pages import hand_cards, my_turn, take_turn, version, wait_moved, wait_until
from tests.browser.test_passkeys import with_authenticator
from tests.conftest import need
from tests.web.client import Server, free_port
from tests.web.mailsink import Sink, body, smtp_sink
from tests.web.test_notices import PushService, no_card, push_service

HOUR = 3600.0
DAY = 24 * HOUR
NAMES = ("Ana", "Ben", "Cal", "Dee")
#: Moves between two restarts of the server.
RESTART_EVERY = 9
#: The person's turn (counted from 0) at which the clock runs past the move's day.
LATE_TURN = 2
#: From this turn on, the second player's next turn is played from their second device.
SECOND_DEVICE_FROM = 12


@dataclass
class Person:
    name: str
    token: str
    address: str
    key: ec.EllipticCurvePrivateKey
    auth: bytes
    endpoint: str
    page: Page
    seat: int = -1
    turns: int = 0  # the turns of theirs so far that were told by one e-mail and one push


@dataclass
class Apart:
    server: Server
    sink: Sink
    push: PushService
    clock: Path
    offset: float = 0.0

    @property
    def base(self) -> str:
        return f"http://localhost:{self.server.port}"

    def advance(self, seconds: float) -> None:
        self.offset += seconds
        self.clock.write_text(f"{self.offset}\n", encoding="utf-8")

    def summary(self, table: str) -> dict[str, Any]:
        r = self.server.get(f"/api/tables/{table}")
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def restart(self) -> None:
        self.server.stop()
        assert self.server.proc is not None and self.server.proc.returncode == 0, self.server.log.read_text()
        self.server.start()


@pytest.fixture
def apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Apart]:
    clock = tmp_path / "clock"
    clock.write_text("0\n", encoding="utf-8")
    monkeypatch.setenv(CLOCK_FILE, str(clock))  # the server's process inherits it
    port = free_port()
    with smtp_sink() as sink, push_service() as push:
        server = Server(
            f"sqlite:///{tmp_path / 'tables.db'}",
            "--smtp",
            sink.url,
            "--public-url",
            f"http://localhost:{port}",
            "--allowed-host",
            "127.0.0.1",
            "--sweep-every",
            "0.5",
            "--notice-every",
            "0.2",
        )
        server.port = port
        server.start()
        try:
            yield Apart(server, sink, push, clock)
        finally:
            server.stop()


def turn_mails(sink: Sink, address: str) -> list[EmailMessage]:
    return [m for m in sink.to(address) if str(m["Subject"]).startswith("Your turn")]


def wait_mails(sink: Sink, address: str, count: int, timeout: float = 60) -> list[EmailMessage]:
    end = time.monotonic() + timeout
    while len(got := turn_mails(sink, address)) < count:
        assert time.monotonic() < end, f"no {count} turn e-mails to {address}: {len(got)}"
        time.sleep(0.05)
    return got


def pushes(service: PushService, person: Person) -> list[dict[str, Any]]:
    import http_ece

    out = []
    for path, headers, data in list(service.requests):
        if person.endpoint.endswith(path):
            assert headers["content-encoding"] == "aes128gcm"
            out.append(
                json.loads(http_ece.decrypt(data, private_key=person.key, auth_secret=person.auth, version="aes128gcm"))
            )
    return out


def wait_pushes(service: PushService, person: Person, count: int, timeout: float = 60) -> list[dict[str, Any]]:
    end = time.monotonic() + timeout
    while len(got := pushes(service, person)) < count:
        assert time.monotonic() < end, f"no {count} pushes to {person.name}: {len(got)}"
        time.sleep(0.05)
    return got


def cardless(text: str, table: str, base: str) -> None:
    """No card code nor suit in ``text``, once the links and the table's id (random text) are out."""
    no_card(text.replace(f"{base}/t/{table}", "").replace(f"{base}/player#notices", "").replace(table, ""))


def newcomer(chromium: Browser, apart: Apart, name: str) -> Person:
    """A player made, with a confirmed address, notices on each turn at every hour and a push
    subscription at the push service on this machine, and a browser that keeps the player."""
    made = apart.server.post("/api/players", {"name": name}).json()
    token = made["token"]
    address = f"{name.lower()}@example.org"
    context = chromium.new_context()
    context.add_init_script(f"localStorage.setItem('cardtable:player', {json.dumps(token)})")
    page = context.new_page()
    r = apart.server.post("/api/players/me/email", {"token": token, "address": address})
    assert r.status_code == 200, r.text
    found = re.search(rf"{re.escape(apart.base)}/signin#[A-Za-z0-9_-]+", body(apart.sink.wait_for(address)[0]))
    assert found is not None
    page.goto(found[0])  # the confirmation link, followed in the player's own browser
    expect(page.locator("#msg")).to_contain_text(f"{address} is confirmed")
    r = apart.server.post(
        "/api/players/me/notices/set", {"token": token, "often": "each", "quiet_from": 0, "quiet_to": 0}
    )
    assert r.status_code == 200 and r.json()["verified_email"] is True, r.text
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    auth = secrets.token_bytes(16)
    endpoint = f"http://127.0.0.1:{apart.push.port}/push/{name.lower()}"
    subscription = {"endpoint": endpoint, "keys": {"p256dh": store.b64url(public), "auth": store.b64url(auth)}}
    r = apart.server.post("/api/players/me/push", {"token": token, "subscription": subscription})
    assert r.status_code == 200 and r.json()["subscriptions"] == 1, r.text
    return Person(name, token, address, key, auth, endpoint, page)


def at_table(page: Page, want: int) -> None:
    """The page shows the table at version ``want`` (after a reconnect, say)."""
    wait_until(page, lambda: version(page) == want, timeout=60)


def connected(apart: Apart, table: str) -> None:
    """Every seat's browser is connected to the server (after a restart: reconnected)."""
    end = time.monotonic() + 60
    while not all(seat["connected"] for seat in apart.summary(table)["seats"]):
        assert time.monotonic() < end, apart.summary(table)["seats"]
        time.sleep(0.05)


def move(page: Page, v: int) -> None:
    """One legal move by clicking, once the page shows the table at version ``v`` and the seat to
    act. In the auction the first to speak bids the lowest bid and the others pass, so that
    contracts are made and the match is won in a few hands."""
    wait_until(page, lambda: version(page) == v and my_turn(page), timeout=60)
    # the time left is the server's (a day a move, no bank), never the device's clock, which
    # here is days behind the server's simulated one
    page.wait_for_selector("#me .clock")
    shown = page.inner_text("#me .clock")
    hours = re.fullmatch(r"(\d+) hours? left", shown)
    assert shown in ("1 day left", "time is up") or (hours is not None and int(hours[1]) <= 24), shown
    if page.locator("#actions button.act[data-action^='bid ']").count():
        low = page.locator("#actions button.act[data-action='bid 2']")
        (low if low.count() else page.locator("#actions button.act[data-action='pass']")).click()
        wait_moved(page, v)
    else:
        assert take_turn(page) is not None


def second_device(chromium: Browser, apart: Apart, ben: Person, table: str) -> Page:
    """Ben adds a passkey in his own browser (a page beside his table's, with a virtual platform
    authenticator); a second device holding the same credential signs in at /signin as Ben.
    Returns that device's page."""
    first = ben.page.context.new_page()
    first_cdp = ben.page.context.new_cdp_session(first)
    first_cdp.send("WebAuthn.enable")
    options = {"protocol": "ctap2", "transport": "internal", "hasResidentKey": True}
    options |= {"hasUserVerification": True, "isUserVerified": True}
    first_auth = first_cdp.send("WebAuthn.addVirtualAuthenticator", {"options": options})["authenticatorId"]
    first.goto(f"{apart.base}/player")  # the browser keeps Ben's player
    expect(first.locator("#name-h")).to_have_text(ben.name)
    expect(first.locator("#passkeys")).to_contain_text("No passkey yet")
    first.click("#addpasskey")
    expect(first.locator("#devmsg")).to_contain_text("passkey is added")
    expect(first.locator("#passkeys li button")).to_have_count(1)
    (credential,) = first_cdp.send("WebAuthn.getCredentials", {"authenticatorId": first_auth})["credentials"]
    first.close()
    phone, phone_cdp, phone_auth = with_authenticator(chromium)
    phone_cdp.send("WebAuthn.addCredential", {"authenticatorId": phone_auth, "credential": credential})
    phone.goto(f"{apart.base}/signin")
    phone.click("#passkey")
    phone.wait_for_url(f"{apart.base}/player")
    session = phone.evaluate("localStorage.getItem('cardtable:player')")
    assert isinstance(session, str) and session.startswith("s.") and session != ben.token
    r = httpx.post(f"{apart.server.url}/api/players/me", json={"token": session}, timeout=30)
    assert r.json()["name"] == ben.name
    assert phone.evaluate(f"localStorage.getItem('cardtable:seat:{table}')") is None  # no seat's token here
    return phone


def test_four_friends_play_a_turn_based_match_over_days_through_restarts(apart: Apart, chromium: Browser) -> None:
    try:
        import http_ece  # noqa: F401
    except ImportError:
        need(False, "http_ece (the web extra)")
    people = [newcomer(chromium, apart, name) for name in NAMES]
    made = apart.server.post(
        "/api/tables",
        {
            "game": "smear",
            "seats": ["human"] * 4,
            "mode": "turns",
            "turn_seconds": DAY,
            "bank_seconds": 0,
            "on_timeout": "bot",
            "rules": {"target_score": 4},
        },
    )
    assert made.status_code == 201, made.text
    table, invite = made.json()["table"], made.json()["invite"]
    link = f"{apart.base}/t/{table}"
    for p in people:
        r = apart.server.post(f"/api/tables/{table}/join", {"invite": invite, "player": p.token})
        assert r.status_code == 200, r.text
        p.seat = r.json()["seat"]
    by_seat = {p.seat: p for p in people}
    for p in people:
        p.page.goto(link)  # the page takes the player's own seat
        p.page.wait_for_selector("#table[data-v]")
    ben = people[1]

    turns = late_done = quiet = restarts = restarted = 0
    own = None  # the seat whose person made the last move (not the stand-in), and the version after it
    switched = False
    while True:
        s = apart.summary(table)
        if s["status"] != "playing":
            break
        seat = s["to_act"]
        if seat is None:  # between hands: the next deal is on its way
            time.sleep(0.05)
            continue
        who = by_seat[seat]
        if own == (seat, s["version"]):
            # their own move left them to act again (the auction won, then the lead; a trick won
            # with its last card): they are at the table, and no word is sent
            quiet += 1
        else:
            who.turns += 1
        # the word that it is their turn: one e-mail and one push, with the link and no card
        mails = wait_mails(apart.sink, who.address, who.turns)
        assert len(mails) == who.turns, [m["Subject"] for m in mails]
        text = body(mails[-1])
        assert link in text and f"seat {seat}" in text and "Four-Point Smear" in text, text
        cardless(str(mails[-1]["Subject"]) + "\n" + text, table, apart.base)
        got = wait_pushes(apart.push, who, who.turns)
        assert len(got) == who.turns
        assert got[-1]["url"] == link and f"seat {seat}" in got[-1]["body"], got[-1]
        cardless(json.dumps(got[-1], ensure_ascii=False), table, apart.base)

        before = s["version"]
        if turns == LATE_TURN:
            # the day passes with no move: time's end, and the stand-in bot moves for them
            apart.advance(DAY + HOUR)
            for p in people:
                at_table(p.page, before + 1)
            expect(who.page.locator("#news")).to_contain_text("ran out of time")
            late_done += 1
            own = None
        else:
            apart.advance((3 + 5 * (turns % 4)) * HOUR)  # 3 to 18 hours
            if who is ben and turns >= SECOND_DEVICE_FROM and not switched:
                mailed = re.search(rf"{re.escape(apart.base)}/t/[A-Za-z0-9_-]+", text)
                assert mailed is not None and mailed[0] == link
                phone = second_device(chromium, apart, ben, table)
                ben.page.context.close()  # the first device is put away
                wait_until(phone, lambda n=seat: not apart.summary(table)["seats"][n]["connected"])
                phone.goto(mailed[0])  # the link in the e-mail: the seat is taken as the player's
                phone.wait_for_selector("#table[data-v]")
                ben.page = phone
                switched = True
            move(who.page, before)
            own = (seat, before + 1)  # the version of their move (a deal may follow at once)
        turns += 1
        after = apart.summary(table)
        assert after["version"] > before
        if turns >= restarted + RESTART_EVERY and after["to_act"] is not None:  # a person waits: nothing moves
            hands = {}
            for p in people:
                at_table(p.page, after["version"])
                hands[p.name] = hand_cards(p.page)
            connected(apart, table)
            apart.restart()
            restarted = turns
            again = apart.summary(table)
            assert (again["version"], again["to_act"], again["deadline"]) == (
                after["version"],
                after["to_act"],
                after["deadline"],
            )
            connected(apart, table)  # every browser is back
            for p in people:
                at_table(p.page, after["version"])  # the hand where it was
                assert hand_cards(p.page) == hands[p.name]
            restarts += 1

    final = apart.summary(table)
    print(
        f"{turns} turns, {quiet} without a word, {restarts} restarts, hand {final.get('hand')},"
        f" {apart.offset / DAY:.1f} days; words: " + ", ".join(f"{p.name} {p.turns}" for p in people)
    )
    assert final["status"] == "over" and final["winner"], final
    assert late_done == 1 and switched and restarts >= 2
    assert turns >= 20, turns  # a whole match: at least one hand
    for p in people:
        # one e-mail and one push for each turn of theirs, none more
        assert len(turn_mails(apart.sink, p.address)) == p.turns
        assert len(pushes(apart.push, p)) == p.turns
    assert sum(p.turns for p in people) + quiet == turns
    for p in people:
        p.page.context.close()
