"""The pages at a network address over plain ``http``, the way a phone on the same Wi-Fi opens
them (``http://192.168.1.20:8000/``): no page may log an error in the browser's console.

A browser treats such an origin as untrustworthy (not a secure context), unlike ``localhost`` and
the loopback addresses the other browser tests use, so what only fails there (a header the browser
ignores and complains of, an API that exists only in secure contexts) shows only here. The
network address is a name (``cards.lan``) that Chromium is told resolves to 127.0.0.1, given to the
server with ``--allowed-host`` as an operator would give their router's DNS name: the same test
runs on a machine without a network.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, sync_playwright

from tests.browser.conftest import chromium_path
from tests.browser.pages import create_table, play_until_summary, sit_down
from tests.conftest import need
from tests.web.client import Server

NAME = "cards.lan"
PHONE = {"width": 375, "height": 667}


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("console") / "tables.db"
    extra = ("--host", "0.0.0.0", "--allowed-host", NAME, "--bot-pause", "0.05")
    s = Server(f"sqlite:///{db}", *extra).start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="module")
def lan_chromium() -> Iterator[Browser]:
    """Chromium that resolves `NAME` to this machine."""
    path = chromium_path()
    need(path is not None, "Chromium (apt install chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=[f"--host-resolver-rules=MAP {NAME} 127.0.0.1"])
        try:
            yield browser
        finally:
            browser.close()


def watch(page: Page, errors: list[str]) -> Page:
    """Keep every console error and uncaught exception of ``page``, with the page's address."""

    def seen(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            errors.append(f"{page.url}: {msg.text}")

    page.on("console", seen)
    page.on("pageerror", lambda e: errors.append(f"{page.url}: uncaught {e}"))
    return page


def test_no_page_logs_a_console_error_at_a_network_address_over_http(
    lan_chromium: Browser, lan_server: Server, artifacts: Path
) -> None:
    base = f"http://{NAME}:{lan_server.port}"
    errors: list[str] = []
    ctx = lan_chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = watch(ctx.new_page(), errors)
    assert page.goto(base + "/") is not None
    assert page.evaluate("window.isSecureContext") is False  # what a phone on the Wi-Fi gets
    # the home page: a table made, its invite shown with its QR code; then the table, played
    link = create_table(page, base, "smear", ["human", "rule", "rule", "rule"], hands=1)
    assert link.startswith(f"{base}/t/"), link
    page.wait_for_selector(".invitebox .qr img")
    sit_down(page)
    play_until_summary([page])
    table_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    page.screenshot(path=str(artifacts / "network-http-table.png"), full_page=True)
    # the other pages people open
    for path in (f"/replay?table={table_id}", "/leaderboard", "/player", "/tournaments/new"):
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
    assert not errors, errors
    ctx.close()
