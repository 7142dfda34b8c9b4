"""The table as the people at it read it, in a real browser: who sits where before joining, who
you are and who your partner is, a spectator's view of every seat, news and refusals next to the
hand on a phone, the history and the scores in full, the replay viewer with the players' names,
the record offered once there is one, a Seep move made with the arrow keys alone.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.browser.pages import (
    create_table,
    join,
    my_turn,
    play_until_summary,
    sit_down,
    take_turn,
    version,
    wait_until,
)
from tests.web.client import Server

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 375, "height": 667}
LIVE = "#hand .cardbtn.live:not(.picked)"


def contrast(fg: str, bg: str) -> float:
    """WCAG contrast of two CSS ``rgb(...)`` colours."""

    def lum(css: str) -> float:
        r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css)[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    a, b = sorted((lum(fg), lum(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


@pytest.fixture
def pausing(tmp_path: Path) -> Iterator[Server]:
    """A server that waits 30 s between a hand's end and the next deal, as a real one waits a
    little: the end of the hand (its summary, its history) stays on the page while it is read."""
    s = Server(f"sqlite:///{tmp_path / 'tables.db'}", "--summary-pause", "30").start()
    try:
        yield s
    finally:
        s.stop()


def test_the_people_at_a_smear_table(chromium: Browser, pausing: Server) -> None:
    server = pausing
    desk = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    phone = chromium.new_context(bypass_csp=True, viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    link = create_table(desk, server.url, "smear", ["human", "human", "rule", "rule"], hands=2)
    table = link.split("/t/")[1].split("?")[0]
    sit_down(desk)

    # 9: the join page names who sits where and does not pretend to connect while it waits for a name
    phone.goto(link)
    phone.wait_for_selector("#whosits li")
    assert "connecting" not in phone.inner_text("#status")
    sits = phone.inner_text("#whosits")
    assert "Seat 0" in sits and "Ann" in sits and "a free seat" in sits and "bot" in sits
    join(phone, link, "Bo")

    # 1: a spectator sees every seat, seat 0 included
    watcher = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    watcher.goto(f"{server.url}/t/{table}")
    watcher.wait_for_selector("#table .middle")
    for s in range(4):
        assert watcher.locator(f"#table .seat[data-seat='{s}']").is_visible(), f"seat {s}"
    assert "watching" in watcher.inner_text("#whoami")

    # 4: who you are, your partner and the others; the match in your words
    desk.wait_for_selector("#table .middle")
    assert desk.inner_text("#whoami").startswith("You are Ann, seat 0 · your partner: seat 2")
    assert phone.inner_text("#whoami").startswith("You are Bo, seat 1 · your partner: seat 3")
    assert "your partner" in desk.inner_text("#table .seat[data-seat='2'] .marks")
    assert "opponent" in desk.inner_text("#table .seat[data-seat='1'] .marks")
    assert "Match: you 0, them 0" in desk.inner_text("#table .info")
    assert "seats 0+2" not in desk.inner_text("#table")

    # 12: no record to download before a hand has ended (rather than a JSON 404), and a favicon
    assert desk.locator("#download").count() == 0 and desk.locator("#download-later").count() == 1
    icon = desk.get_attribute("link[rel=icon]", "href") or ""
    assert httpx.get(server.url + icon, timeout=10).status_code == 200

    # 2: on a phone a refusal shows next to the hand, on screen while the cards are picked
    refused = False
    for _ in range(400):
        if not refused and phone.locator("#hand .cardbtn").count() and my_turn(desk):
            phone.locator("#hand").scroll_into_view_if_needed()
            phone.locator("#hand .cardbtn").first.click(position={"x": 12, "y": 30})
            phone.wait_for_selector("#refusal")
            box, hand = phone.locator("#refusal").bounding_box(), phone.locator("#hand").bounding_box()
            assert box and hand and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
            assert abs(box["y"] - (hand["y"] + hand["height"])) < 120, (box, hand)
            refused = True
        if desk.locator("#handsummary").count() and phone.locator("#handsummary").count():
            break
        moved = [take_turn(p) for p in (desk, phone)]
        if not any(moved):
            desk.wait_for_timeout(50)
    assert refused
    play_until_summary([desk, phone])

    # 5: every move of the history shown in full: "10." with both digits, nothing hidden in a scroll box
    desk.click("#historybox summary")
    moves = desk.locator("#history li").all_inner_texts()
    assert len(moves) >= 10 and moves[9].startswith("10.") and moves[0].startswith("1.")
    sizes: Any = desk.evaluate(
        "() => { const o = document.querySelector('#history'); return [o.scrollHeight, o.clientHeight]; }"
    )
    assert sizes[0] <= sizes[1] + 1, sizes

    # 6: the summary's quiet line is readable (AA: 4.5:1) on the summary's light paper
    assert desk.locator("#handsummary p.muted").count() == 1, "the next hand is dealt in a moment"
    colours: Any = desk.evaluate(
        "() => { const p = document.querySelector('#handsummary p.muted');"
        " return [getComputedStyle(p).color, getComputedStyle(p.closest('.summary')).backgroundColor]; }"
    )
    assert contrast(*colours) >= 4.5, colours

    # 12 again: once a hand has ended the record is there to download
    wait_until(desk, lambda: desk.locator("#download").count() == 1)
    assert httpx.get(server.url + (desk.get_attribute("#download", "href") or ""), timeout=10).status_code == 200

    # 11: the replay viewer names the seats by the players' names
    viewer = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    viewer.goto(f"{server.url}/replay?table={table}")
    viewer.wait_for_selector("#table .seat")
    assert "Ann" in viewer.inner_text("#table .seat[data-seat='0']")
    assert "Bo" in viewer.inner_text("#table .seat[data-seat='1']")
    for page in (desk, phone, watcher, viewer):
        page.context.close()


def focused(page: Page) -> dict[str, str]:
    found: dict[str, str] = page.evaluate(
        "() => { const e = document.activeElement;"
        " const row = e.closest('#hand') ? 'hand' : e.closest('.floor') ? 'floor'"
        " : e.closest('#actions') ? 'actions' : '';"
        " return {cls: e.className || '', row}; }"
    )
    return found


def test_a_whole_seep_hand_by_arrow_keys(chromium: Browser, server: Server) -> None:
    page = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    # three hands at most: a hand is thrown in at the deal when its bidder holds no card above 8
    # (R8, about one deal in eight), and then the next one is played
    create_table(page, server.url, "seep", ["human", "rule", "rule", "rule"], hands=3)
    sit_down(page)
    wait_until(page, lambda: page.locator("#hand .cardbtn").count() > 0, timeout=30)
    page.focus("#hand .cardbtn")  # the one Tab into the hand; the keyboard stays there from then on
    moves = 0
    deadline = time.monotonic() + 180
    while not (moves and page.locator("#handsummary").count()):
        assert time.monotonic() < deadline, "the hand did not end in time"
        if not my_turn(page):
            page.wait_for_timeout(50)
            continue
        # a move with the keyboard alone, looking at the page as a person does
        v = version(page)
        presses = 0
        while version(page) == v:
            assert presses < 20, f"too many keys for one move: {presses}"
            at = focused(page)
            assert at["row"], f"the keyboard lost its place at the table after {moves} moves: {at}"
            primary = page.locator("#actions button.act.primary").count() > 0
            if "primary" in at["cls"] or (at["row"] == "actions" and "act" in at["cls"] and not primary):
                key = "Enter"
            elif primary:
                key = "ArrowUp" if at["row"] == "hand" else "ArrowDown"
            elif "live" in at["cls"] and "picked" not in at["cls"]:
                key = "Enter"
            elif at["row"] in ("floor", "actions") or (at["row"] == "hand" and page.locator(LIVE).count()):
                key = "ArrowRight"
            else:
                key = "ArrowUp"
            page.keyboard.press(key)
            presses += 1
            page.wait_for_timeout(60)
        moves += 1
    assert moves >= 1, "every move of the person's hand was made by keyboard"
    page.context.close()


def test_the_bury_says_how_many_cards(chromium: Browser, server: Server) -> None:
    page = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    # five hands: the deal goes round, so the person is offered the blind first at least once and picks it
    create_table(page, server.url, "sheepshead", ["human", "rule", "rule", "rule", "rule"], hands=5)
    sit_down(page)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if my_turn(page) and page.get_attribute("#table", "data-phase") == "bury":
            break
        if take_turn(page) is None:
            page.wait_for_timeout(50)
    else:
        raise AssertionError("the person never picked the blind")
    assert page.inner_text("#prompt") == "Bury 2 cards: pick them in your hand."
    page.locator("#hand .cardbtn.live").first.click(position={"x": 12, "y": 30})
    wait_until(page, lambda: page.locator(".picked").count() == 1)
    assert page.inner_text("#prompt") == "Bury 2 cards: pick 1 more in your hand."
    page.context.close()
