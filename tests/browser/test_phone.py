"""Phones held upright, in a real browser, as people use them (390×844 and 360×740).

A Seep hand is played by clicking: at every turn of the person the floor and the hand are both on
the screen without scrolling, nothing runs past its edge, and no move, history line or house says
the records' "H9". The home page's controls stay inside the screen. At a table with a time per
move a person who does not move reads "Time ran out: a bot played for you" for as long as it
takes (the bots' next moves do not wipe it), the history marks the move the bot made, also after
a reload, and the page's numbers have the one minus sign. Screenshots of each go to
test-artifacts/ to be looked at.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.pages import create_table, my_turn, sit_down, take_turn, version, wait_until
from tests.web.client import Server

PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
#: The records' way of writing a house, never shown to people.
HOUSE_TOKEN = re.compile(r"\bH\d")


def phone(chromium: Browser, size: dict[str, int]) -> Page:
    return chromium.new_context(bypass_csp=True, viewport=size, is_mobile=True, has_touch=True).new_page()


def on_screen(page: Page, size: dict[str, int], selector: str) -> None:
    """Every element of ``selector`` lies inside the screen, the page scrolled to its top."""
    boxes = [page.locator(selector).nth(i).bounding_box() for i in range(page.locator(selector).count())]
    assert boxes, selector
    for box in boxes:
        assert box is not None
        inside = box["x"] >= -1 and box["y"] >= -1 and box["x"] + box["width"] <= size["width"] + 1
        assert inside and box["y"] + box["height"] <= size["height"] + 1, (size, selector, box)


def wide(page: Page) -> int:
    width: int = page.evaluate("() => document.documentElement.scrollWidth")
    return width


@pytest.mark.parametrize("size", PHONES, ids=[f"{p['width']}x{p['height']}" for p in PHONES])
def test_a_seep_hand_shows_the_floor_and_the_hand_on_one_screen(
    chromium: Browser, server: Server, artifacts: Path, size: dict[str, int]
) -> None:
    page = phone(chromium, size)
    # a match rather than one hand: a hand may end at its deal (a misdeal, R8) with no turn to take
    create_table(page, server.url, "seep", ["human", "rule", "rule", "rule"], hands=None)
    sit_down(page)
    turns = 0
    told: list[str] = []
    deadline = time.monotonic() + 480  # the bots' pauses and a loaded machine: a generous bound
    while turns < 14 and time.monotonic() < deadline:
        if not my_turn(page):
            # one hand can end the match (a side under 9 points, R21, or a 100-point lead, R22)
            if page.locator("#matchover").count():
                break
            page.wait_for_timeout(50)
            continue
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(100)  # settle
        on_screen(page, size, "#table .middle")
        on_screen(page, size, "#hand .cardbtn")
        assert wide(page) <= size["width"], "nothing runs past the screen's right edge"
        shown = page.inner_text("#actions") + page.inner_text("#table .middle")
        told.append(page.text_content("#history") or "")
        assert not HOUSE_TOKEN.search(shown + told[-1]), shown + told[-1]
        if turns in (0, 6):
            page.screenshot(path=str(artifacts / f"phone-seep-{size['width']}x{size['height']}-turn{turns}.png"))
        # a move of the floor's: pick a card, then floor items until a move is complete
        take_turn(page)
        turns += 1
    # a seat plays its 12 cards in a hand (52 cards: 4 on the floor, 12 to each seat), more in a match
    assert turns >= 12, "the person played a hand's worth of turns"
    assert any("house of" in t or "captures" in t for t in told), told[-1]
    page.context.close()


@pytest.mark.parametrize("size", PHONES, ids=[f"{p['width']}x{p['height']}" for p in PHONES])
def test_the_home_page_fits_a_phone(chromium: Browser, server: Server, artifacts: Path, size: dict[str, int]) -> None:
    page = phone(chromium, size)
    page.goto(server.url + "/")
    page.wait_for_selector("#talkmode")
    page.screenshot(path=str(artifacts / f"phone-home-{size['width']}x{size['height']}.png"))
    for selector in ("#talkmode", "#game", "#preset", "#moveseconds", "#seats select", "#hostname", "#invitelink"):
        boxes = [page.locator(selector).nth(i).bounding_box() for i in range(page.locator(selector).count())]
        for box in boxes:
            assert box is not None and box["x"] + box["width"] <= size["width"], (selector, box)
    assert wide(page) <= size["width"], "the home page runs past the screen's right edge"
    page.context.close()


def test_a_bot_playing_for_a_person_is_said_for_long_enough_and_marked_in_the_history(
    chromium: Browser, server: Server, artifacts: Path
) -> None:
    size = PHONES[0]
    page = phone(chromium, size)
    create_table(page, server.url, "smear", ["human", "rule", "rule", "rule"], hands=None, move_seconds=8)
    sit_down(page)
    wait_until(page, lambda: my_turn(page), timeout=30)
    # nobody moves: the clock runs out and a bot moves for the person
    wait_until(page, lambda: page.locator("#standin").count() > 0, timeout=20)
    note = page.inner_text("#standin")
    assert note.startswith("Time ran out: a bot played for you."), note
    shown_at, v = time.monotonic(), version(page)
    # the bots' next moves come at once (no pause at this server): the note stays to be read
    wait_until(page, lambda: version(page) > v, timeout=20)
    page.wait_for_timeout(2500)
    assert page.locator("#standin").count() == 1 and time.monotonic() - shown_at > 2, "the note stayed"
    page.screenshot(path=str(artifacts / "phone-smear-time-ran-out.png"))
    page.click("#historybox summary")
    marked = page.locator("#history li.standin")
    assert marked.count() >= 1 and "a bot played for you" in marked.first.inner_text()
    # a page opened again marks it too (the snapshot's stand_ins)
    page.reload()
    page.wait_for_selector("#table[data-v]")
    page.click("#historybox summary")
    wait_until(page, lambda: page.locator("#history li.standin").count() >= 1, timeout=20)
    # the person plays on: the note goes once it has been read and their own turn has come
    deadline = time.monotonic() + 60
    while page.locator("#standin").count() and time.monotonic() < deadline:
        if take_turn(page) is None:
            page.wait_for_timeout(50)
    assert page.locator("#standin").count() == 0, "the note goes in the end"
    # the key hint of a trick game names no floor (the page hides it on a phone, it is still read)
    hint = page.locator(".keyhint")
    if hint.count():
        assert "floor" not in (hint.first.text_content() or "")
    for where in ("#summary", "#sheet", "#table .info", "#banner", "#history"):
        text = page.locator(where).first.text_content() or ""
        assert not re.search(r"(?<![\w-])-\d", text), (where, text)
    page.context.close()
