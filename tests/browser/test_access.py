"""Accessibility as a bar: axe-core finds no serious or critical violation on the home page, the
join page, each game's table mid-hand and at the hand's end, and the replay viewer; a phone held
sideways (667×375) shows the whole table — every seat, the trick or the floor, the hand — without
scrolling.

axe-core is installed with npm into tests/browser/node (``.ci/run`` does it); without it these
tests skip locally and fail in CI.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.pages import create_table, hand_cards, my_turn, play_until_summary, sit_down, take_turn, wait_until
from tests.conftest import need
from tests.web.client import Server

AXE = Path(__file__).resolve().parent / "node" / "node_modules" / "axe-core" / "axe.min.js"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 375, "height": 667}
LANDSCAPE = {"width": 667, "height": 375}
OTHERS = {"seep": 3, "smear": 3, "sheepshead": 4}


def axe_clean(page: Page, where: str) -> None:
    """Run axe-core on the page as it is; fail on any serious or critical violation."""
    need(AXE.exists(), "axe-core (npm install --prefix tests/browser/node axe-core@4)")
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations.map(v =>"
        " ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map(n => n.target.join(' '))}))"
    )
    bad = [v for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: {bad}"


def mid_hand(page: Page, cards: int = 3) -> None:
    """Play (by clicking) until it is our turn to play a card with a few cards left."""
    for _ in range(600):
        playing = page.get_attribute("#table", "data-phase") == "play"
        if my_turn(page) and playing and len(hand_cards(page)) >= cards:
            return
        if take_turn(page) is None:
            page.wait_for_timeout(50)
    raise AssertionError("never mid-hand")


def test_home_and_join_pages(chromium: Browser, server: Server) -> None:
    need(AXE.exists(), "axe-core (npm install --prefix tests/browser/node axe-core@4)")
    home = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    home.goto(server.url + "/")
    home.wait_for_selector("#seat0")
    # 8: games and house rules in people's words, not the engine's identifiers
    assert "Four-Point Smear" in home.inner_text("#game")
    home.select_option("#game", "smear")
    home.click("#create details summary")
    rules = home.inner_text("#options")
    assert "follow or trump" in rules and "_" not in rules and "null" not in rules and "§" not in rules, rules
    axe_clean(home, "home")
    link = create_table(home, server.url, "smear", ["human", "human", "rule", "rule"], hands=1)
    axe_clean(home, "home with the invite")
    joiner = chromium.new_context(bypass_csp=True, viewport=PHONE, is_mobile=True).new_page()
    joiner.goto(link)
    joiner.wait_for_selector("#whosits li")
    axe_clean(joiner, "join")
    for page in (home, joiner):
        page.context.close()


@pytest.mark.parametrize("game", ["seep", "smear", "sheepshead"])
def test_each_game_mid_hand_at_its_end_and_in_the_replay(chromium: Browser, server: Server, game: str) -> None:
    need(AXE.exists(), "axe-core (npm install --prefix tests/browser/node axe-core@4)")
    page = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    create_table(page, server.url, game, ["human"] + ["rule"] * OTHERS[game], hands=None)
    sit_down(page)
    # every line of news put on the page, with the table's version when it came
    page.evaluate(
        "() => { window.heard = []; new MutationObserver(() => { const n = document.querySelector('#news');"
        " if (n && !n.dataset.seen) { n.dataset.seen = '1';"
        " window.heard.push([document.querySelector('#table').dataset.v, n.textContent]); } })"
        ".observe(document.querySelector('#banner'), {childList: true}); }"
    )
    mid_hand(page)
    axe_clean(page, f"{game} mid-hand")
    play_until_summary([page])
    heard: list[list[str]] = page.evaluate("() => window.heard")
    assert len(heard) >= 3 and len({tuple(x) for x in heard}) == len(heard), f"each move is told once: {heard}"
    axe_clean(page, f"{game} at the hand's end")
    table = page.url.split("/t/")[1]
    viewer = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    viewer.goto(f"{server.url}/replay?table={table}")
    viewer.wait_for_selector("#table .seat")
    axe_clean(viewer, f"{game} replay")
    for p in (page, viewer):
        p.context.close()


@pytest.mark.parametrize("game", ["seep", "smear", "sheepshead"])
def test_a_phone_held_sideways_shows_the_whole_table(chromium: Browser, server: Server, game: str) -> None:
    page = chromium.new_context(bypass_csp=True, viewport=LANDSCAPE, is_mobile=True, has_touch=True).new_page()
    create_table(page, server.url, game, ["human"] + ["rule"] * OTHERS[game], hands=None)
    sit_down(page)
    mid_hand(page, cards=4)
    wait_until(page, lambda: page.locator("#hand .cardbtn").count() >= 4)
    scrolled = page.evaluate("() => window.scrollY")
    assert scrolled == 0
    parts = ["#table .seat", "#table .middle", "#hand .cardbtn"]
    for selector in parts:
        boxes = [page.locator(selector).nth(i).bounding_box() for i in range(page.locator(selector).count())]
        assert boxes, selector
        for box in boxes:
            assert box is not None
            inside = box["x"] >= 0 and box["y"] >= 0
            inside = inside and box["x"] + box["width"] <= LANDSCAPE["width"] + 1
            assert inside and box["y"] + box["height"] <= LANDSCAPE["height"] + 1, (selector, box)
    page.context.close()
