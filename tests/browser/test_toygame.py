"""The toy game (tests/toygame, added by its package and one registry line) at a web table in a
real browser: created from the home page with bots, a whole hand played by clicking, the score
the page shows is the stored record's, and the replay viewer steps through it. It has no page
module of its own, so the pages draw it the generic way (its hand by suit, the trick in the
middle, its result as the scores), with no change outside its package."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, ConsoleMessage

from tests.browser.pages import create_table, hand_cards, play_until_summary, shown_score, sit_down
from tests.browser.test_tables import DESKTOP, replayed_scores, table_of
from tests.web.client import Server


def test_the_toy_game_plays_a_hand_by_clicking(
    chromium: Browser, server: Server, artifacts: Path, tmp_path: Path
) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(str(err)))

    def seen(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            problems.append(msg.text)

    page.on("console", seen)
    create_table(page, server.url, "toy", ["human", "rule", "search:easy"], hands=1)
    sit_down(page)
    assert page.inner_text("#title").startswith("Toy · table")
    page.wait_for_selector("#table[data-phase='play']")
    assert page.locator("#table .seat").count() == 2  # the two bots around the reader
    cards = hand_cards(page)
    assert len(cards) == 5 and all(c[-1] in "CDH" for c in cards)
    play_until_summary([page])
    assert page.locator("#table .trickwrap .caption").inner_text().startswith("Trick 5 won by")
    page.screenshot(path=str(artifacts / "toy-desktop-summary.png"), full_page=True)
    expected = replayed_scores(server, table_of(page), tmp_path)
    assert shown_score(page) == expected and sum(expected) == 5  # T4: a point a trick
    assert page.locator("#handsummary p").count() >= 2, "the end of the hand is told in words"

    # the replay viewer draws it the same generic way: every hand face up, the trick in the middle
    viewer = context.new_page()
    viewer.on("pageerror", lambda err: problems.append(str(err)))
    viewer.goto(f"{server.url}/replay?table={table_of(page)}")
    viewer.wait_for_selector("#nav:not([hidden])")
    assert viewer.locator(".openhand img").count() == 15, "after the deal every hand is face up: 3 seats × 5 cards"
    assert "Toy" in viewer.title()
    shown = []
    for _ in range(3):  # the first trick, a card more at each step
        viewer.click("#next")
        shown.append(viewer.locator("#table .trickwrap .trick img").count())
    assert shown[:3] == [1, 2, 3], shown
    viewer.keyboard.press("End")
    viewer.wait_for_selector(".summary")
    assert problems == [], problems  # no script error, no CSP refusal, no module that failed to load
    context.close()
