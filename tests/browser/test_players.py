"""A player in a real browser: made on the home page with the private link shown once, sitting
down at a table as themselves, then their page (rating, the bot they play like, the table with
its record to download), listing themselves, and the leaderboard that then shows them."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser

from tests.web.client import Server


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose absent people are played for at once (grace 0), so a table ends alone."""
    db = tmp_path_factory.mktemp("players") / "tables.db"
    s = Server(f"sqlite:///{db}", "--grace", "0").start()
    try:
        yield s
    finally:
        s.stop()


def test_a_player_from_the_home_page_to_the_leaderboard(chromium: Browser, quick: Server) -> None:
    page = chromium.new_context(viewport={"width": 1280, "height": 860}).new_page()
    page.goto(quick.url + "/")
    page.fill("#playername", "Ann")
    page.click("#becomeplayer")
    page.wait_for_selector("#playerlink")
    link = page.inner_text("#playerlink")
    assert link.startswith(quick.url + "/player#") and "Ann" in page.inner_text("#playeris")

    t = httpx.post(
        quick.url + "/api/tables", json={"game": "smear", "seats": ["human", "rule", "random", "rule"], "hands": 2}
    ).json()
    page.goto(f"{quick.url}/t/{t['table']}?invite={t['invite']}")
    page.wait_for_selector("#asplayer")
    assert page.is_checked("#asplayer")
    page.wait_for_function("document.getElementById('name').value === 'Ann'")
    page.click("button[type=submit]")
    page.wait_for_selector("#join", state="hidden")
    page.goto("about:blank")  # the person leaves: the stand-in plays the seat to the end
    deadline = time.monotonic() + 120
    while httpx.get(f"{quick.url}/api/tables/{t['table']}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.1)

    page.goto(quick.url + "/player")
    page.wait_for_selector("#ratings li")
    ratings = page.inner_text("#ratings")
    assert "Smear" in ratings and "You play about as well as" in ratings
    record = page.get_attribute("#history a[download]", "href")
    assert record is not None
    got = httpx.get(quick.url + record).json()
    assert got["players"][0] == "Ann" and len(got["hands"]) == 2

    board = chromium.new_context().new_page()
    board.goto(quick.url + "/leaderboard?game=smear")
    board.wait_for_selector("#bots tr")
    assert "Ann" not in board.inner_text("#people")
    page.check("#listed")
    deadline = time.monotonic() + 30
    while "Ann" not in board.inner_text("#people"):  # the listing is stored, then the board shows it
        assert time.monotonic() < deadline
        board.reload()
        board.wait_for_selector("#bots tr")
    assert "rule" in board.inner_text("#bots") and page.is_checked("#listed")
