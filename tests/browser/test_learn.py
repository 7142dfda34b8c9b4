"""A newcomer at the pages: from the home page to each game's first lesson, every step tried
with the moves it offers that the engine refuses or the lesson does not ask for, then the
lesson's move, to the first hand against gentle bots; then a puzzle solved and one missed, on a
phone's screen, with no serious accessibility fault (axe-core)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page

from cardtable import learn, puzzles
from tests.browser.pages import wait_until
from tests.browser.test_access import axe_clean
from tests.web.client import Server

PHONE = {"width": 390, "height": 844}
#: The records' way of writing a house, never shown to people.
HOUSE_TOKEN = re.compile(r"\bH\d")


def phone(chromium: Browser) -> Page:
    return chromium.new_context(bypass_csp=True, viewport=PHONE, is_mobile=True, has_touch=True).new_page()


def said(page: Page, kind: str) -> str:
    page.wait_for_selector(f"#said[data-kind='{kind}']")
    text: str = page.inner_text("#said")
    assert not HOUSE_TOKEN.search(text), text  # a house is said as people say it, never "H9"
    return text


def lesson_to_first_hand(page: Page, server: Server, game: str, artifacts: Path) -> None:
    les = learn.lesson(game)
    page.goto(server.url + "/")
    page.click("#learnlink")
    page.click(f"a[href='/learn/{game}']")
    page.wait_for_selector("#moves button.choice")
    refused = other = False
    for i, step in enumerate(les.steps):
        page.wait_for_selector(f"#where:text('Step {i + 1} of')")
        for move in step.choices:
            verdict = learn.check(les, i, move)
            if verdict.kind in ("illegal", "other"):
                # every move a step offers that is not the lesson's: refused or explained, and tried again
                page.click(f"#moves button[data-move='{move}']")
                text = said(page, verdict.kind)
                if verdict.kind == "illegal":
                    assert f"(rule {verdict.rule})" in text
                    refused = True
                else:
                    assert "is allowed, but" in text
                    other = True
        page.click(f"#moves button[data-move='{step.expect[0]}']")
        assert said(page, "right") == step.done
        if i == 1:
            page.screenshot(path=str(artifacts / f"learn-{game}-phone.png"), full_page=True)
            axe_clean(page, f"the {game} lesson")
        page.click("#next")
    assert refused and other
    page.click("#firsthand")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#table[data-v]")
    # the hand is dealt, the learner seated at seat 0 and the others the gentle bots
    page.wait_for_selector("text=You are Learner, seat 0")
    wait_until(page, lambda: page.locator("text=(random bot)").count() == les_seats(game) - 1)
    page.screenshot(path=str(artifacts / f"learn-{game}-first-hand.png"), full_page=True)


def les_seats(game: str) -> int:
    return int(learn.game_of(learn.lesson(game)).seats)


def test_a_newcomer_learns_each_game_and_solves_puzzles(chromium: Browser, server: Server, artifacts: Path) -> None:
    page = phone(chromium)
    for game in ("sheepshead", "smear", "seep"):
        lesson_to_first_hand(page, server, game, artifacts)
    # puzzles: as a player, so that the rating moves
    got = server.post("/api/players", {"name": "Newcomer"}).json()
    page.goto(server.url + "/")
    page.evaluate("t => localStorage.setItem('cardtable:player', t)", got["token"])
    page.goto(server.url + "/")
    page.click("#puzzleslink")
    page.wait_for_selector("#moves button.choice")
    assert "Puzzle of the day" in page.inner_text("#where")
    page.wait_for_selector("#rating:text('Your puzzle rating: 1500')")
    by_id = {p.id: p for p in puzzles.shipped()}
    first = by_id[server.get("/api/puzzles").json()["daily"]]
    page.click(f"#moves button[data-move='{first.accepted[0]}']")
    assert said(page, "right").startswith("Right")
    page.wait_for_selector("#rating:text('solved 1, missed 0')")
    page.screenshot(path=str(artifacts / "puzzles-phone.png"), full_page=True)
    axe_clean(page, "a puzzle answered")
    page.click("#next")
    page.wait_for_selector("#moves button.choice")
    # the puzzle now shown, found by its moves (the page shows no id)
    moves = page.locator("#moves button.choice").evaluate_all("bs => bs.map(b => b.dataset.move)")
    second = next(p for p in by_id.values() if list(p.legal) == moves and p.id != first.id)
    wrong = next(m for m in second.legal if m not in second.accepted)
    page.click(f"#moves button[data-move='{wrong}']")
    assert said(page, "wrong").startswith("Not the best")
    page.wait_for_selector("#rating:text('solved 1, missed 1')")
