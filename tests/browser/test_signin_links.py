"""Signing in by e-mail in a real browser: the player sets an address on their page and follows
the link that confirms it; another browser asks at ``/signin`` for a link, and following it makes
it the same player. The link's token travels in the address's fragment: the server's log never
holds it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.web.client import Server
from tests.web.mailsink import Sink, body, smtp_sink


@pytest.fixture(scope="module")
def mailing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Sink]]:
    db = tmp_path_factory.mktemp("signin") / "tables.db"
    with smtp_sink() as sink:
        s = Server(f"sqlite:///{db}", "--smtp", sink.url).start()
        try:
            yield s, sink
        finally:
            s.stop()


def link_in(sink: Sink, address: str, count: int) -> str:
    found = re.search(r"http://localhost:\d+/signin#[A-Za-z0-9_-]+", body(sink.wait_for(address, count)[-1]))
    assert found is not None
    return found[0]


def test_an_email_link_signs_another_browser_in_as_the_same_player(
    mailing: tuple[Server, Sink], chromium: Browser
) -> None:
    server, sink = mailing
    base = f"http://localhost:{server.port}"
    ana = server.post("/api/players", {"name": "Ana"}).json()
    first = chromium.new_context().new_page()
    first.goto(f"{base}/player#{ana['token']}")
    expect(first.locator("#emailstate")).to_contain_text("No e-mail address yet")
    first.fill("#email", "ana@example.org")
    first.click("#emailform button")
    expect(first.locator("#devmsg")).to_contain_text("on its way")
    expect(first.locator("#emailstate")).to_contain_text("not confirmed yet")
    confirm = link_in(sink, "ana@example.org", 1)
    first.goto(confirm)
    expect(first.locator("#msg")).to_contain_text("ana@example.org is confirmed")
    assert first.url == f"{base}/signin"  # the token left the address bar
    first.goto(f"{base}/player")
    expect(first.locator("#emailstate")).to_contain_text("(confirmed)")

    second = chromium.new_context().new_page()
    second.goto(f"{base}/signin")
    second.fill("#address", "ana@example.org")
    second.click("#send")
    expect(second.locator("#msg")).to_contain_text("If this address belongs to a player")
    link = link_in(sink, "ana@example.org", 2)
    second.goto(link)
    second.wait_for_url(f"{base}/player")
    expect(second.locator("#name-h")).to_have_text("Ana")
    session = second.evaluate("localStorage.getItem('cardtable:player')")
    assert isinstance(session, str) and session.startswith("s.")
    r = httpx.post(f"{server.url}/api/players/me", json={"token": session}, timeout=30)
    assert r.json()["player"] == ana["player"]
    # once only
    third = chromium.new_context().new_page()
    third.goto(link)
    expect(third.locator("#err")).to_contain_text("cannot be used")
    log = Path(server.log).read_text(errors="replace")
    for token in (link.split("#")[1], confirm.split("#")[1]):
        assert token not in log
    for page in (first, second, third):
        page.context.close()
