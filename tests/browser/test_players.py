"""A player in a real browser: made on the home page with the private link shown once, sitting
down at a table as themselves, then their page (the rating inside its range and provisional, its
history as a chart with a table beside it, each game's statistics, the tables with partners,
opponents, records and reviews), listing themselves, and the leaderboard that then shows them.

The server is reached as a phone on the same network would: it listens everywhere and names its
network address, which here is a second loopback address (``127.0.0.2``, given with
``--advertise`` as in tests/browser/test_devices.py). The player's private link for another device
and its QR code name that address, and a phone that reaches the server only there opens it and is
the player. axe-core finds no serious violation on the player's page, a bot's page and the
leaderboard, at a desktop's size and a phone's.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from cardtable import registry
from cardtable.core import HandResult
from cardtable.record import replay_record
from tests.browser.test_access import axe_clean
from tests.web.client import Server

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 375, "height": 667}


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose absent people are played for at once (grace 0), so a table ends alone; it
    listens everywhere and gives 127.0.0.2 as its address on the network."""
    db = tmp_path_factory.mktemp("players") / "tables.db"
    s = Server(f"sqlite:///{db}", "--grace", "0", "--host", "0.0.0.0", "--advertise", "127.0.0.2").start()
    try:
        yield s
    finally:
        s.stop()


def other(server: Server) -> str:
    """The server's address for another device."""
    return f"http://127.0.0.2:{server.port}"


def phone_page(chromium: Browser) -> Page:
    """A phone that reaches the server only by its network address, never the host's own."""
    page = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.route("http://127.0.0.1*/**", lambda route: route.abort())
    return page


def played(server: Server, token: str, game: str, seats: list[str], hands: int, public: bool = False) -> str:
    """A table where the player sits in seat 0, played to its end by the stand-in, its hands rated,
    at least one of them a contest: a table whose every hand was no contest (a Seep deal the bidder
    cannot bid on is a misdeal, about one deal in eight) is played again, a few times at most."""
    for _ in range(6):
        table, contests = _played_once(server, token, game, seats, hands, public)
        if contests:
            return table
    raise AssertionError(f"six {game} tables of {hands} hand(s) had no contest")


def _played_once(server: Server, token: str, game: str, seats: list[str], hands: int, public: bool) -> tuple[str, int]:
    t = server.post("/api/tables", {"game": game, "seats": seats, "hands": hands, "public": public}).json()
    r = server.post(f"/api/tables/{t['table']}/join", {"invite": t["invite"], "player": token})
    assert r.status_code == 200, r.text
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{t['table']}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    while True:  # the last hand is rated right after it is stored, a moment after "over"
        page = server.post("/api/players/me", {"token": token}).json()
        row = next(x for x in page["tables"] if x["table"] == t["table"])
        _, report = replay_record(server.get(row["records"][0]).json())
        contests = sum(1 for h in report["hands"] if _contest(game, h))
        if row["rated_hands"] >= contests:
            break
        assert time.monotonic() < deadline
        time.sleep(0.1)
    table: str = t["table"]
    return table, contests


def _contest(game: str, hand: dict[str, Any]) -> bool:
    """Whether a hand of the replay report was a contest (a hand a table rates)."""
    g = registry.get_game(game)
    sides = g.teams(HandResult(hand["result"], tuple(hand.get("score", ())), hand.get("details", {})))
    return sides is not None and len(sides) >= 2


def test_a_player_from_the_home_page_to_the_leaderboard(chromium: Browser, quick: Server) -> None:
    page = chromium.new_context(viewport=DESKTOP).new_page()
    page.goto(quick.url + "/")
    page.fill("#playername", "Ann")
    page.click("#becomeplayer")
    page.wait_for_selector("#playerlink")
    link = page.inner_text("#playerlink")
    # opened on the machine itself, the link names the address other devices reach
    assert link.startswith(other(quick) + "/player#") and "Ann" in page.inner_text("#playeris")
    page.reload()  # back later: the player is named, the private link no longer shown, nothing else
    page.wait_for_selector("#playeris")
    assert page.inner_text("#playerbox").split() == ["You", "play", "as", "Ann", "·", "your", "player", "page"]

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
    page.wait_for_selector("#g-smear")
    box = page.inner_text("#g-smear")
    assert "Four-Point Smear" in box and "provisional" in box and "play about as well as" not in box
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
    assert "provisional" in board.inner_text("#people")
    board.click("#bots a:text-is('rule')")  # each bot's name leads to its page
    board.wait_for_selector("#g-smear")
    assert board.inner_text("#name-h") == "rule (bot)"
    page.context.close()
    board.context.close()


def test_the_private_link_and_its_qr_code_open_on_a_phone_at_another_address(
    chromium: Browser, quick: Server, artifacts: Path
) -> None:
    ann = quick.post("/api/players", {"name": "Bea"}).json()
    laptop = chromium.new_context(viewport=DESKTOP).new_page()
    asked: list[str] = []
    laptop.on(
        "request",
        lambda r: asked.append(json.loads(r.post_data or "{}").get("text", "")) if r.url.endswith("/api/qr") else None,
    )
    laptop.goto(f"{quick.url}/player#{ann['token']}")  # the page opened on the machine itself
    laptop.wait_for_selector("#who:not([hidden])")
    laptop.click("#linkbox summary")
    laptop.wait_for_selector("#linkbox .qr img")
    link = laptop.inner_text("#playerlink")
    assert link == f"{other(quick)}/player#{ann['token']}"
    assert asked == [link]  # the QR code holds the same link
    laptop.screenshot(path=str(artifacts / "player-link-desktop.png"), full_page=True)

    phone = phone_page(chromium)
    phone.goto(link)
    phone.wait_for_selector("#who:not([hidden])")
    assert phone.inner_text("#name-h") == "Bea" and phone.url == f"{other(quick)}/player"
    phone.click("#linkbox summary")
    phone.wait_for_selector("#playerlink")
    assert phone.inner_text("#playerlink") == link  # and the phone's own page names the same address
    hrefs = phone.eval_on_selector_all("a[href]", "els => els.map(a => a.href)")
    assert hrefs and all(h.startswith(other(quick)) for h in hrefs), hrefs
    phone.screenshot(path=str(artifacts / "player-link-phone.png"), full_page=True)
    laptop.context.close()
    phone.context.close()


def test_the_players_page_at_a_phones_size_from_another_address(
    chromium: Browser, quick: Server, artifacts: Path
) -> None:
    cal = quick.post("/api/players", {"name": "Cal"}).json()
    table = played(quick, cal["token"], "sheepshead", ["human", "rule", "rule", "random", "rule"], hands=4)
    played(quick, cal["token"], "smear", ["human", "rule", "random", "rule"], hands=2)
    phone = phone_page(chromium)
    phone.goto(f"{other(quick)}/player#{cal['token']}")
    phone.wait_for_selector("#g-sheepshead")
    me = quick.post("/api/players/me", {"token": cal["token"]}).json()
    r = me["ratings"]["sheepshead"]

    # the headline: the rating inside its range, marked provisional
    headline = phone.inner_text("#g-sheepshead .headline")
    numbers = [float(x.replace("−", "-")) for x in re.findall(r"−?\d+\.\d", headline)]
    assert numbers[1] <= numbers[0] <= numbers[2] and "provisional" in headline
    # shown to one decimal by the page (its rounding of a half may differ from Python's by the last digit)
    assert all(abs(n - x) <= 0.051 for n, x in zip(numbers, (r["rating"], r["low"], r["high"]), strict=True))
    # the chart: an image named for screen readers, and its points as a table too
    chart = phone.locator("#g-sheepshead svg.chart")
    assert chart.get_attribute("role") == "img" and "Rating history" in (chart.text_content() or "")
    phone.click("#g-sheepshead details summary")
    rows = phone.locator("#g-sheepshead details tbody tr")
    assert rows.count() == me["history"]["sheepshead"]["hands"] == r["hands"]
    # the statistics Sheepshead players count
    stats = phone.inner_text("#g-sheepshead table.stats")
    for label in ("picked", "won by schneider or more"):
        assert label in stats, stats
    # a share of no hands is left out: "won as picker" shows once the player has picked
    # (each line read from its start: "won as defender\t0 of 2" must not pass for "defender\t0 of")
    assert ("won as picker" in stats) != bool(re.search(r"^picked\t0 of", stats, re.M)), stats
    assert ("won as defender" in stats) != bool(re.search(r"^defender\t0 of", stats, re.M)), stats
    # the tables, with the partners by turns and the records and reviews
    item = phone.locator(f"#history li[data-table='{table}']")
    words = item.inner_text()
    assert "Sheepshead table" in words and "rated hand" in words
    assert ("partners by turns" in words) or ("against" in words)
    smear = phone.locator("#history li").first.inner_text()
    assert "partner: random (bot)" in smear and "against: rule (bot, in seat 1), rule (bot, in seat 3)" in smear
    # nothing runs past the phone's edge
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    phone.screenshot(path=str(artifacts / "player-page-phone.png"), full_page=True)
    review = item.locator("a", has_text="review of match 1")
    assert review.get_attribute("href") == f"/replay?table={table}&match=0&seat=0"
    review.click()
    phone.wait_for_selector("#reviewseat")
    assert phone.url.startswith(other(quick)) and phone.input_value("#reviewseat") == "0"
    phone.context.close()


def test_the_new_pages_have_no_serious_accessibility_violation(chromium: Browser, quick: Server) -> None:
    dee = quick.post("/api/players", {"name": "Dee", "listed": True}).json()
    played(quick, dee["token"], "seep", ["human", "rule", "rule", "rule"], hands=1, public=True)
    for size in (DESKTOP, PHONE):
        ctx = chromium.new_context(viewport=size, bypass_csp=True)
        page = ctx.new_page()
        page.goto(f"{quick.url}/player#{dee['token']}")
        page.wait_for_selector("#g-seep")
        page.click("#linkbox summary")
        page.wait_for_selector("#linkbox .qr img")
        page.click("#g-seep details summary")
        axe_clean(page, f"the player's page at {size['width']}")
        page.goto(f"{quick.url}/bot/rule")
        page.wait_for_selector("#g-seep")
        assert page.locator("#history li").count() >= 1  # the public table is listed
        axe_clean(page, f"a bot's page at {size['width']}")
        page.goto(f"{quick.url}/leaderboard?game=seep")
        page.wait_for_selector("#bots tr")
        axe_clean(page, f"the leaderboard at {size['width']}")
        ctx.close()
