"""A friend on another device (web.md §5): the host opens the server on the machine itself
(``127.0.0.1``); the invite link the page shows names the machine's network address, which here is
a second loopback address (``127.0.0.2``, given with ``--advertise`` as an operator would for a
machine whose detected address is not the one to share). A second browser reaches the server by
that address only, joins through the link and plays the hand with the host.

Both pages run under the server's Content-Security-Policy as served (no bypass), and neither
reports a violation of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page

from tests.browser.pages import create_table, join, play_until_summary, sit_down
from tests.web.client import Server

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 375, "height": 667}


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("devices") / "tables.db"
    s = Server(f"sqlite:///{db}", "--host", "0.0.0.0", "--advertise", "127.0.0.2", "--bot-pause", "0.05").start()
    try:
        yield s
    finally:
        s.stop()


def watch_csp(page: Page, problems: list[str]) -> Page:
    def seen(msg: ConsoleMessage) -> None:
        if "Content Security Policy" in msg.text or "Content-Security-Policy" in msg.text:
            problems.append(msg.text)

    page.on("console", seen)
    return page


def test_the_invite_link_works_from_a_second_device(
    chromium: Browser, lan_server: Server, artifacts: Path
) -> None:
    problems: list[str] = []
    other_base = f"http://127.0.0.2:{lan_server.port}"
    host_ctx = chromium.new_context(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    host = watch_csp(host_ctx.new_page(), problems)
    link = create_table(host, lan_server.url, "smear", ["human", "human", "rule", "rule"], hands=1)
    assert link.startswith(f"{other_base}/t/"), link
    # the QR code holds the same link, and the copy button says what it did
    host.wait_for_selector(".invitebox .qr img")
    host.click("#invitelinkout-copy")
    host.wait_for_selector(".copystatus:has-text('Copied')")
    assert host.evaluate("navigator.clipboard.readText()") == link
    svg = httpx.post(lan_server.url + "/api/qr", json={"text": link}, timeout=30).json()["svg"]
    assert svg.startswith("<svg") and "path" in svg
    host.screenshot(path=str(artifacts / "invite-desktop.png"), full_page=True)
    sit_down(host)

    # the phone: another browser that reaches the server only at 127.0.0.2
    phone_ctx = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = watch_csp(phone_ctx.new_page(), problems)
    phone.route("http://127.0.0.1*/**", lambda route: route.abort())  # never the host's own address
    join(phone, link, "Ben")
    assert phone.url.startswith(other_base)
    assert phone.get_attribute("#table", "data-seat") == "1"
    play_until_summary([host, phone])
    phone.screenshot(path=str(artifacts / "second-device-phone.png"), full_page=True)
    assert not problems, problems
    host_ctx.close()
    phone_ctx.close()


def test_a_page_opened_by_the_network_address_links_to_that_address(chromium: Browser, lan_server: Server) -> None:
    ctx = chromium.new_context(viewport=PHONE)
    page = ctx.new_page()
    base = f"http://127.0.0.2:{lan_server.port}"
    link = create_table(page, base, "seep", ["human", "rule", "human", "rule"], hands=1)
    assert link.startswith(f"{base}/t/")
    ctx.close()
