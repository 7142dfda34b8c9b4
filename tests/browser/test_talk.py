"""Talk and clocks in a real browser (web.md §4), used by clicking and typing as people do.

Two players and two spectators at a free-talk table: a player's words reach everyone, shown as
text; a spectator's reach the spectators only (a spectator page from a player's own address is
taken for that player's, so the spectators here come from another address, through the proxy
the server trusts); a muted person stays muted after a reload; an emoji family and a no-break
space are said as typed. At a
phrases-only table with a time per move the quick reactions are the only talk while the hand is
played, the seat to act sees its clock run, and the page says when the time ran out.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.browser.pages import create_table, join, sit_down, wait_until
from tests.web.client import Server

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 375, "height": 667}
#: The spectators' devices: another address, as the trusted proxy in front of the server says.
ELSEWHERE = {"X-Forwarded-For": "203.0.113.7"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("talk") / "tables.db"
    s = Server(f"sqlite:///{db}", "--trusted-proxy", "127.0.0.1").start()
    try:
        yield s
    finally:
        s.stop()


def lines(page: Page) -> list[str]:
    return page.locator("#talklog li").all_inner_texts()


def said(page: Page, text: str) -> bool:
    return any(text in line for line in lines(page))


def table_of(link: str) -> str:
    return link.split("/t/")[1].split("?")[0]


def say(page: Page, text: str) -> None:
    page.fill("#talktext", text)
    page.click("#talkform button[type=submit]")


def test_players_and_spectators_talk_apart_and_a_mute_stays(chromium: Browser, server: Server) -> None:
    desk = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    phone = chromium.new_context(bypass_csp=True, viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    link = create_table(desk, server.url, "smear", ["human", "human", "rule", "rule"], hands=None, talk="free")
    table = table_of(link)
    assert httpx.get(f"{server.url}/api/tables/{table}", timeout=10).json()["talk"] == "free"
    watchers = [
        chromium.new_context(bypass_csp=True, viewport=DESKTOP, extra_http_headers=ELSEWHERE).new_page()
        for _ in range(2)
    ]
    for w in watchers:
        w.goto(f"{server.url}/t/{table}")
        w.wait_for_selector("#table[data-v]")
    sit_down(desk)
    join(phone, link, "Bo")
    for w in watchers:
        assert "Spectators only" in w.inner_text("#talk")

    markup = "<img src=x onerror=alert(1)><b>bold</b>"
    say(desk, markup)
    for page in (desk, phone, *watchers):
        wait_until(page, lambda p=page: said(p, markup))
        assert page.locator("#talklog img, #talklog b").count() == 0, "a text is shown as text, never as markup"
    assert lines(desk)[-1].startswith("you: ")
    assert lines(phone)[-1].startswith("Ann: ")

    # what is being typed survives the page drawing new talk meanwhile, caret and all
    desk.click("#talktext")
    desk.keyboard.type("half a ")
    say(phone, "interrupting")
    wait_until(desk, lambda: said(desk, "interrupting"))
    desk.keyboard.type("sentence")
    assert desk.input_value("#talktext") == "half a sentence"
    desk.fill("#talktext", "")

    say(watchers[0], "who wins this one?")
    wait_until(watchers[1], lambda: said(watchers[1], "who wins this one?"))
    say(phone, "hello all \U0001f468\u200d\U0001f469\u200d\U0001f467\u00a0!")
    for page in (desk, *watchers):
        wait_until(page, lambda p=page: said(p, "hello all \U0001f468\u200d\U0001f469\u200d\U0001f467"))
    assert not said(desk, "who wins") and not said(phone, "who wins"), "the players never see the spectators' talk"

    # Bo mutes Ann; Ann's next words do not show on Bo's page, even after a reload
    phone.click("#talklog button.mute[data-name='Ann']")
    wait_until(phone, lambda: not said(phone, markup))
    say(desk, "can you hear me")
    wait_until(watchers[1], lambda: said(watchers[1], "can you hear me"))
    say(desk, "last words")
    wait_until(watchers[1], lambda: said(watchers[1], "last words"))
    phone.reload()
    phone.wait_for_selector("#talklog")
    wait_until(phone, lambda: said(phone, "hello all"))  # the kept talk came back
    assert not said(phone, "can you hear me") and not said(phone, "last words")
    assert "Ann" in phone.inner_text("#mutedlist")
    phone.click("#mutedlist button")
    wait_until(phone, lambda: said(phone, "last words"))
    for page in (desk, phone, *watchers):
        page.context.close()


def test_phrases_only_in_a_hand_and_the_clock_runs_out(chromium: Browser, server: Server) -> None:
    page = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    create_table(page, server.url, "smear", ["human", "rule", "rule", "rule"], hands=None, move_seconds=3)
    sit_down(page)
    summary = httpx.get(f"{server.url}/api/tables/{page.url.split('/t/')[1]}", timeout=10).json()
    assert summary["talk"] == "phrases" and summary["move_seconds"] == 3
    page.wait_for_selector("#talk .phrase")
    assert page.locator("#talkform").count() == 0, "no free text while the hand is played"
    page.click("#talk .phrase >> text=Good luck!")
    wait_until(page, lambda: said(page, "Good luck!"))

    # nobody moves: the clock shows on our own line, runs down, and the page says what happened
    page.wait_for_selector("#me .clock", timeout=20000)
    # every text the news line shows is kept: the bots' next moves (no pause here) replace it at once
    page.evaluate(
        "() => { window.seenNews = []; const b = document.querySelector('#banner');"
        " new MutationObserver(() => window.seenNews.push(b.innerText))"
        ".observe(b, {subtree: true, childList: true, characterData: true}); }"
    )
    first = page.inner_text("#me .clock")
    wait_until(page, lambda: page.locator("#me .clock").count() == 0 or page.inner_text("#me .clock") != first)
    told = "Time ran out: a bot played for you."
    wait_until(page, lambda: any(told in t for t in page.evaluate("() => window.seenNews")), timeout=20)
    page.context.close()
