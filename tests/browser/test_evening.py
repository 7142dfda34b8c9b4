"""An evening at the table, as the pages promise it: four people in four browsers (two of them
phone-sized) play a Smear match with phrases-only talk, a time per move, sounds and motion on,
while two spectators talk among themselves and no player ever sees it. The spectators watch from
another address than the players' (through the proxy the server trusts): a spectator page from a
player's own address is taken for that player's, and hears no spectator."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.pages import create_table, join, play_until_summary, sit_down, wait_until
from tests.web.client import Server

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 375, "height": 667}
#: The spectators' devices: another address, as the trusted proxy in front of the server says.
ELSEWHERE = {"X-Forwarded-For": "203.0.113.8"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("evening") / "tables.db"
    s = Server(f"sqlite:///{db}", "--trusted-proxy", "127.0.0.1").start()
    try:
        yield s
    finally:
        s.stop()


def said(page: Page, text: str) -> bool:
    return any(text in line for line in page.locator("#talklog li").all_inner_texts())


def count(page: Page, name: str) -> int:
    n: int = page.evaluate(f"() => globalThis.{name} || 0")
    return n


def test_four_people_and_two_spectators_spend_an_evening(chromium: Browser, server: Server) -> None:
    sizes = [DESKTOP, PHONE, DESKTOP, PHONE]
    pages = [
        chromium.new_context(bypass_csp=True, viewport=v, is_mobile=v is PHONE, has_touch=v is PHONE).new_page()
        for v in sizes
    ]
    link = create_table(pages[0], server.url, "smear", ["human"] * 4, hands=1, talk="phrases", move_seconds=120)
    table = link.split("/t/")[1].split("?")[0]
    elsewhere = {"viewport": DESKTOP, "extra_http_headers": ELSEWHERE}
    watchers = [chromium.new_context(bypass_csp=True, **elsewhere).new_page() for _ in range(2)]
    for w in watchers:
        w.goto(f"{server.url}/t/{table}")
        w.wait_for_selector("#table[data-v]")
    sit_down(pages[0])
    for page, name in zip(pages[1:], ["Bo", "Cy", "Di"], strict=True):
        join(page, link, name)
    for page in pages:
        page.click("#settingsbox summary")
        page.check("#set-sound")
        assert page.is_checked("#set-motion")

    # the seat to act sees its clock; phrases only while the hand is played
    wait_until(pages[0], lambda: any(p.locator(".clock").count() for p in pages))
    for page in pages:
        page.wait_for_selector("#talk .phrase")
        assert page.locator("#talkform").count() == 0
    pages[1].click("#talk .phrase >> text=Good luck!")
    for page in pages + watchers:
        wait_until(page, lambda p=page: said(p, "Good luck!"))
    watchers[0].click("#talk .phrase >> text=Wow!")
    wait_until(watchers[1], lambda: said(watchers[1], "Wow!"))

    play_until_summary(pages, timeout=240)
    for page in pages:
        assert not said(page, "Wow!"), "the players never see the spectators' talk"
        assert count(page, "cardtableBeeps") >= 1, "a beep on each person's turn"
        assert count(page, "cardtableMotions") >= 1, "cards moved"
    # after the match free text is allowed again
    pages[2].wait_for_selector("#talkform")
    pages[2].fill("#talktext", "gg all, same time next week?")
    pages[2].click("#talkform button[type=submit]")
    for page in pages + watchers:
        wait_until(page, lambda p=page: said(p, "same time next week"))
    for page in pages + watchers:
        page.context.close()
