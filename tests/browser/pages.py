"""Driving the pages as a person does: only clicks and what the page shows."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page


def create_table(
    page: Page,
    base: str,
    game: str,
    seats: list[str],
    hands: int | None = 1,
    name: str = "Ann",
    talk: str | None = None,
    move_seconds: int | None = None,
) -> str:
    """Create a table from the home page and return the invite link shown."""
    page.goto(base + "/")
    page.select_option("#game", game)
    for i, who in enumerate(seats):
        page.select_option(f"#seat{i}", who)
    page.fill("#hands", "" if hands is None else str(hands))
    if talk is not None:
        page.select_option("#talkmode", talk)
    if move_seconds is not None:
        page.fill("#moveseconds", str(move_seconds))
    page.fill("#hostname", name)
    page.click("#createbtn")
    page.wait_for_selector("#invitelinkout")
    return page.inner_text("#invitelinkout")


def sit_down(page: Page) -> None:
    """The host takes a seat from the page that created the table."""
    page.click("#sitdown")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#table[data-v]")


def join(page: Page, link: str, name: str) -> None:
    """Follow an invite link and take a seat."""
    page.goto(link)
    page.fill("#name", name)
    page.click("text=Take a seat")
    page.wait_for_selector("#table[data-v]")


def my_turn(page: Page) -> bool:
    return page.locator("#table[data-myturn='1']").count() > 0


def version(page: Page) -> int:
    v = page.get_attribute("#table", "data-v")
    return int(v) if v else 0


def take_turn(page: Page) -> str | None:
    """Make one legal move by clicking: a move button, or cards and floor items that light up
    until a move is complete. Returns what was clicked last, or ``None`` when it was not our turn."""
    if not my_turn(page):
        return None
    v = version(page)
    plain = page.locator("#actions button.act:not([disabled])")
    if plain.count():
        labels = plain.all_inner_texts()
        # bid or pick rather than pass, so that the hand is played out
        pick = next((i for i, t in enumerate(labels) if t != "pass"), 0)
        label = labels[pick]
        plain.nth(pick).click()
        wait_moved(page, v)
        return label
    for _ in range(8):
        done = page.locator("#actions button.act.primary")
        if done.count():
            label = done.first.inner_text()
            done.first.click()
            wait_moved(page, v)
            return label
        live = page.locator("#hand .cardbtn.live:not(.picked), .floor .piece.live")
        if not live.count():
            break
        picked = page.locator(".picked").count()
        live.first.click(position={"x": 12, "y": 30})  # the part of a fanned card left uncovered

        # either the move went (one click plays a card in a trick game) or one more piece is picked
        def went_or_picked(before: int = picked) -> bool:
            return (
                version(page) > v
                or page.locator(".picked").count() > before
                or page.locator("#actions button.act.primary").count() > 0
            )

        wait_until(page, went_or_picked)
        if version(page) > v:
            return "card"
    raise AssertionError("no legal move could be completed by clicking: " + page.inner_text("#actions"))


def wait_moved(page: Page, v: int, timeout: float = 20) -> None:
    """Wait until the table has moved on from version ``v``."""
    wait_until(page, lambda: version(page) > v, timeout)


def wait_until(page: Page, check: Callable[[], bool], timeout: float = 20) -> None:
    """Poll ``check`` (locator reads only: nothing is evaluated in the page, whose
    Content-Security-Policy allows no string to be run as script) until it holds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("the page did not get there in time")
        page.wait_for_timeout(50)


def play_until_summary(pages: list[Page], timeout: float = 120) -> None:
    """Every person moves in turn by clicking until the pages show the hand's end."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(p.locator("#handsummary").count() for p in pages):
            return
        moved = False
        for p in pages:
            if take_turn(p) is not None:
                moved = True
        if not moved:
            time.sleep(0.1)
    raise AssertionError("the hand did not end in time: " + "; ".join(where(p) for p in pages))


def where(page: Page) -> str:
    """What a page shows of the table, for a failure's account."""
    return (
        f"v={version(page)} myturn={my_turn(page)} summary={page.locator('#handsummary').count()} "
        f"actions={page.inner_text('#actions')[:80]!r}"
    )


def hand_cards(page: Page) -> list[str]:
    return [c or "" for c in page.eval_on_selector_all("#hand .cardbtn", "els => els.map(e => e.dataset.card)")]


def shown_score(page: Page) -> Any:
    import json

    return json.loads(page.get_attribute("#handsummary .scoreline", "data-score") or "null")
