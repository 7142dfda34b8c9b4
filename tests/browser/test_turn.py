"""Your turn, unmissable, in a real browser: the tab's title and icon while it is your turn, a
beep once switched on (off on a first visit, remembered after a reload), and the switches that
start off for a person whose system asks for reduced motion."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.pages import create_table, my_turn, sit_down, take_turn, wait_until
from tests.web.client import Server

DESKTOP = {"width": 1280, "height": 860}


def motions(page: Page) -> int:
    n: int = page.evaluate("() => globalThis.cardtableMotions || 0")
    return n


def beeps(page: Page) -> int:
    n: int = page.evaluate("() => globalThis.cardtableBeeps || 0")
    return n


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots wait before they move, so that the turn is seen to pass and come back."""
    db: Path = tmp_path_factory.mktemp("turn") / "tables.db"
    s = Server(f"sqlite:///{db}", "--bot-pause", "0.4").start()
    try:
        yield s
    finally:
        s.stop()


def test_the_title_icon_and_sound_say_it_is_your_turn(chromium: Browser, paced: Server) -> None:
    server = paced
    page = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    create_table(page, server.url, "smear", ["human", "rule", "rule", "rule"], hands=None)
    sit_down(page)
    page.click("#settingsbox summary")
    assert not page.is_checked("#set-sound"), "no sound on a first visit"
    assert page.is_checked("#set-motion") and page.is_checked("#set-title")
    page.check("#set-sound")
    page.reload()
    page.wait_for_selector("#table[data-v]")
    page.click("#settingsbox summary")
    assert page.is_checked("#set-sound"), "the choice is remembered"

    wait_until(page, lambda: my_turn(page), timeout=30)
    assert page.title().startswith("▶ Your turn")
    assert (page.get_attribute("link[rel=icon]", "href") or "").endswith("favicon-turn.svg")
    take_turn(page)
    for _ in range(10):  # our turn may go on (the bid won, now the lead): play until it passes
        if not my_turn(page):
            break
        take_turn(page)
    before = beeps(page)
    # the next time it is our turn, the beep sounds once
    wait_until(page, lambda: beeps(page) > before, timeout=60)
    # one look: whose turn, the title and the icon, read together
    turn, title, icon = page.evaluate(
        "() => [document.querySelector('#table').dataset.myturn, document.title,"
        " document.querySelector('link[rel=icon]').getAttribute('href')]"
    )
    assert title.startswith("▶") == (turn == "1") and icon.endswith("favicon-turn.svg") == (turn == "1"), (
        turn,
        title,
        icon,
    )
    wait_until(page, lambda: my_turn(page) and beeps(page) > before, timeout=30)
    played = 0
    while played < 3:
        wait_until(page, lambda: my_turn(page), timeout=30)
        playing = page.get_attribute("#table", "data-phase") == "play"
        take_turn(page)
        played += playing
    assert motions(page) > 0, "played cards moved to the trick"
    page.context.close()


def test_reduced_motion_starts_the_moving_things_off(chromium: Browser, server: Server) -> None:
    page = chromium.new_context(bypass_csp=True, viewport=DESKTOP, reduced_motion="reduce").new_page()
    create_table(page, server.url, "seep", ["human", "rule", "rule", "rule"], hands=None)
    sit_down(page)
    page.click("#settingsbox summary")
    assert (
        not page.is_checked("#set-motion") and not page.is_checked("#set-vibrate") and not page.is_checked("#set-sound")
    )
    assert "reduced motion" in page.inner_text("#settings")
    for _ in range(6):
        wait_until(page, lambda: my_turn(page), timeout=30)
        take_turn(page)
    assert motions(page) == 0, "nothing moves for a person who asked for reduced motion"
    page.context.close()
