"""The pages in a real browser, used only by clicking and reading them as a person does.

For each game two people in two browsers (a laptop and a phone) join a table with bots by the
invite link and play a whole hand by clicking, one page is reloaded mid-hand, and the scores the
pages show are those of the stored record replayed by ``cardtable replay``. A spectator's page and
every WebSocket frame it receives are scanned for cards hidden from any seat at that moment.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from cardtable import secrecy
from cardtable.record import Record, load_game, replay
from tests.browser.pages import (
    create_table,
    hand_cards,
    join,
    my_turn,
    play_until_summary,
    shown_score,
    sit_down,
    take_turn,
    version,
    wait_moved,
    wait_until,
)
from tests.web.client import SRC, Server

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 375, "height": 667}
BOTS = {"seep": 2, "smear": 2, "sheepshead": 3}


def pretty(card: str) -> str:
    """A card as the pages write it: ``AH`` as ``A♥``."""
    return card[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card[-1]]


def people(chromium: Browser) -> tuple[Page, Page]:
    desk = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    phone = chromium.new_context(bypass_csp=True, viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    return desk, phone


def replayed_scores(server: Server, table: str, tmp: Path) -> list[int]:
    record = httpx.get(f"{server.url}/api/tables/{table}/record", timeout=30).json()
    path = tmp / "record.json"
    path.write_text(json.dumps(record))
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "replay", "--json", str(path)],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    score: list[int] = json.loads(done.stdout)["hands"][0]["score"]
    return score


def table_of(page: Page) -> str:
    return page.url.split("/t/")[1].split("?")[0]


@pytest.mark.parametrize("game", ["seep", "smear", "sheepshead"])
def test_a_whole_hand_by_clicking(
    chromium: Browser, server: Server, game: str, artifacts: Path, tmp_path: Path
) -> None:
    desk, phone = people(chromium)
    link = create_table(desk, server.url, game, ["human", "human"] + ["rule"] * BOTS[game], hands=1)
    sit_down(desk)
    join(phone, link, "Bo")
    assert desk.get_attribute("#table", "data-seat") == "0"
    assert phone.get_attribute("#table", "data-seat") == "1"

    # play until a person is to move with cards in hand mid-hand, then reload that page
    reloaded = False
    for _ in range(200):
        for page in (desk, phone):
            playing = page.get_attribute("#table", "data-phase") == "play"
            choice = int(page.get_attribute("#table", "data-legal") or 0) > 1  # something to hint at
            mid_hand = playing and choice and len(hand_cards(page)) >= 2 and page.locator("#handsummary").count() == 0
            if not reloaded and my_turn(page) and mid_hand:
                before = (version(page), page.get_attribute("#table", "data-seat"), hand_cards(page))
                page.reload()
                page.wait_for_selector("#table[data-myturn='1']")
                assert page.inner_text("#status") == "connected"
                after = (version(page), page.get_attribute("#table", "data-seat"), hand_cards(page))
                assert after == before, "a reload comes back to the same seat, moment and hand"
                page.click("#hintbtn")
                page.wait_for_selector("#hints li")
                lines = page.locator("#hints li").all_inner_texts()
                # a value's sign is a true minus (U+2212) on the pages
                shown = [re.search(r"([+\u2212]?\d+\.\d+) ± (\d+\.\d+)", t) for t in lines]
                values = [(float(m[1].replace("\u2212", "-")), float(m[2])) for m in shown if m]
                assert len(values) == len(lines) and values == sorted(values, key=lambda x: -x[0]), "best first, with ±"
                assert lines[0].endswith("(best)")
                low = values[0][0] - values[0][1]
                # when no move stands apart, one note says so rather than every line
                close = page.locator("#hintnote").count() > 0
                for line, (value, err) in zip(lines[1:], values[1:], strict=True):
                    equal = line.endswith("(about equal to the best)")
                    if close:
                        assert not equal and (value + err >= low or abs(value + err - low) <= 0.02), line
                    else:
                        assert equal == (value + err >= low) or abs(value + err - low) <= 0.02, line
                desk.screenshot(path=str(artifacts / f"{game}-desktop.png"))
                phone.screenshot(path=str(artifacts / f"{game}-phone.png"), full_page=True)
                reloaded = True
            take_turn(page)
        if reloaded or desk.locator("#handsummary").count():
            break
    play_until_summary([desk, phone])
    desk.screenshot(path=str(artifacts / f"{game}-desktop-summary.png"), full_page=True)
    phone.screenshot(path=str(artifacts / f"{game}-phone-summary.png"), full_page=True)

    expected = replayed_scores(server, table_of(desk), tmp_path)
    assert shown_score(desk) == expected
    assert shown_score(phone) == expected
    for page in (desk, phone):
        assert page.locator("#handsummary p").count() >= 2, "the end of the hand is told in words"
    misdeal = "misdeal" in desk.inner_text("#handsummary").lower()
    assert reloaded or misdeal, "a page was reloaded mid-hand (only a Seep misdeal ends a hand before play)"
    desk.context.close()
    phone.context.close()


@pytest.mark.parametrize("game", ["sheepshead", "smear", "seep"])
def test_a_spectator_sees_no_hidden_card(chromium: Browser, server: Server, game: str) -> None:
    desk, phone = people(chromium)
    link = create_table(desk, server.url, game, ["human", "human"] + ["rule"] * BOTS[game], hands=1)
    table = link.split("/t/")[1].split("?")[0]
    watcher = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    frames: list[dict[str, Any]] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    watcher.goto(f"{server.url}/t/{table}")
    watcher.wait_for_selector("#table[data-v]")
    sit_down(desk)
    join(phone, link, "Bo")
    seen_dom: list[tuple[int, set[str], str]] = []
    for _ in range(400):
        moved = [take_turn(p) for p in (desk, phone)]
        watcher.wait_for_timeout(50)
        # one look at the page: its version, its card pictures and its words, taken together
        look = watcher.evaluate(
            "() => ({v: Number(document.querySelector('#table').dataset.v),"
            " cards: [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card),"
            " text: document.body.innerText})"
        )
        seen_dom.append((look["v"], set(look["cards"]) - {"back"}, look["text"]))
        if desk.locator("#handsummary").count() and watcher.locator("#handsummary").count():
            break
        if not any(moved):
            desk.wait_for_timeout(50)
    assert watcher.locator("#handsummary").count(), "the spectator saw the hand end"

    record = Record.from_json(httpx.get(f"{server.url}/api/tables/{table}/record", timeout=30).json())
    g = load_game(record)
    hands: list[list[Any]] = [[] for _ in record.hands]  # each hand's states: the deal, then each action
    for step in replay(record, g):
        hands[step.hand].append(step.state)
    deals = [f["v"] for f in frames if f.get("t") == "event" and f.get("action") == "deal"]
    assert len(deals) == len(hands), "every hand the spectator saw dealt is in the record"

    def state_at(v: int) -> Any:
        k = max(i for i, d in enumerate(deals) if d <= v)
        return hands[k][min(v - deals[k], len(hands[k]) - 1)]

    checked = 0
    for frame in frames:
        if frame.get("t") not in ("event", "snapshot") or frame["v"] < deals[0]:
            continue
        leak = secrecy.leaks(g, state_at(frame["v"]), None, frame)
        assert not leak, f"the spectator's frame at v{frame['v']} names hidden cards {leak}: {json.dumps(frame)[:2000]}"
        checked += 1
    for v, shown, body in seen_dom:
        if v < deals[0]:
            continue
        # the table's random id (in the page's title) may read like a card, as "IX-8h-…" does
        text = body.replace(table, "table")
        leak = secrecy.leaks(g, state_at(v), None, {"cards": sorted(shown), "text": text})
        assert not leak, f"the spectator's page at v{v} shows hidden cards {leak}: {body}"
    assert checked >= sum(len(h) for h in hands), "every deal and action reached the spectator"
    for page in (desk, phone, watcher):
        page.context.close()


def test_illegal_clicks_are_refused_with_the_engines_reason_and_keys_play(chromium: Browser, server: Server) -> None:
    desk, phone = people(chromium)
    link = create_table(desk, server.url, "sheepshead", ["human", "human", "rule", "rule", "rule"], hands=5)
    sit_down(desk)
    join(phone, link, "Bo")
    refused_engine = refused_turn = by_keyboard = False
    for _ in range(600):
        for page in (desk, phone):
            cards = hand_cards(page)
            playing = page.get_attribute("#table", "data-phase") == "play"
            other = phone if page is desk else desk
            if not refused_turn and cards and playing and my_turn(other) and version(other) == version(page):
                # the table waits for the other person (both pages at one version: the other page's
                # turn is not one it just played and has not yet heard back), so nothing moves while
                # we click
                v = version(page)
                page.click(f"#hand .cardbtn[data-card='{cards[0]}']", position={"x": 12, "y": 30})
                assert "turn" in page.inner_text("#refusal")
                assert hand_cards(page) == cards and version(page) == v
                refused_turn = True
            dead = page.locator("#hand .cardbtn.dead")
            if not refused_engine and my_turn(page) and dead.count():
                card = dead.first.get_attribute("data-card")
                v = version(page)
                # a dimmed card (aria-disabled, so Playwright would wait for it to become usable) clicked anyway
                dead.first.click(position={"x": 12, "y": 30}, force=True)
                # wait for this card's refusal: an earlier one ("It is Ann's turn.") may still be shown
                shown = pretty(card or "")
                wait_until(page, lambda c=shown, p=page: f"You cannot play {c}:" in p.inner_text("#banner"))
                text = page.inner_text("#refusal")
                # the engine's reason in a player's words: "you", A♥, no rule ids or seat numbers
                assert not re.search(r"\(R\d+|\bseat [01]\b|\b(10|[2-9AJQK])[CDHS]\b", text), text
                assert version(page) == v and card in hand_cards(page), "a refused move changes nothing"
                refused_engine = True
            live = page.locator("#hand .cardbtn.live")
            if not by_keyboard and my_turn(page) and playing and live.count():
                v = version(page)
                live.first.focus()
                page.keyboard.press("Enter")  # the keyboard plays as the mouse does
                wait_moved(page, v)
                by_keyboard = True
            take_turn(page)
        if refused_engine and refused_turn and by_keyboard:
            break
    assert refused_engine and refused_turn and by_keyboard
    desk.context.close()
    phone.context.close()


def test_the_replay_viewer_and_play_again(chromium: Browser, server: Server) -> None:
    desk = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    create_table(desk, server.url, "smear", ["human", "rule", "rule", "rule"], hands=1)
    sit_down(desk)
    play_until_summary([desk])
    table = table_of(desk)
    viewer = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    viewer.goto(f"{server.url}/replay?table={table}")
    viewer.wait_for_selector("#nav:not([hidden])")
    dealt = viewer.locator(".openhand img").count()
    assert dealt == 24, "after the deal every hand is face up: 4 seats × 6 cards"
    viewer.keyboard.press("End")
    viewer.wait_for_selector(".summary")
    viewer.keyboard.press("Home")
    viewer.click("#next")
    assert "step 1" in viewer.inner_text("#where")
    viewer.context.close()
    desk.click("#again")  # play again: a new match at the same table
    desk.wait_for_function("document.querySelector('#handsummary') === null")
    desk.wait_for_selector("#table[data-phase='auction'], #table[data-phase='play']")
    assert len(hand_cards(desk)) == 6
    desk.context.close()


def test_a_dropped_connection_shows_reconnecting_and_loses_no_move(chromium: Browser, tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'tables.db'}").start()
    try:
        page = chromium.new_context(bypass_csp=True, viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        create_table(page, server.url, "smear", ["human", "rule", "rule", "rule"], hands=1)
        sit_down(page)
        while not (my_turn(page) and page.get_attribute("#table", "data-phase") == "play"):
            if take_turn(page) is None:
                page.wait_for_timeout(50)
        v, cards = version(page), hand_cards(page)
        server.kill()  # the server goes away (a phone that slept sees the same)
        page.wait_for_selector("#status.reconnecting")
        assert page.inner_text("#status") == "reconnecting…"
        card = page.locator("#hand .cardbtn.live").first.get_attribute("data-card")
        page.locator("#hand .cardbtn.live").first.click(position={"x": 12, "y": 30})  # played while away
        # the page says the move waits, and marks the card, until the server is back
        page.wait_for_selector("#pending")
        assert "waits for the server" in page.inner_text("#pending")
        assert page.locator(f"#hand .cardbtn.sending[data-card='{card}']").count() == 1
        server.start()
        page.wait_for_selector("#status.open", timeout=30000)
        wait_moved(page, v)
        assert card not in hand_cards(page) and len(hand_cards(page)) == len(cards) - 1, "the move made while away"
        summary = httpx.get(f"{server.url}/api/tables/{table_of(page)}", timeout=30).json()
        assert summary["version"] >= v + 1, "the server has the move"
        page.context.close()
    finally:
        server.stop()


def test_a_seep_match_ends_at_its_baazi_and_the_page_says_who_won(chromium: Browser, server: Server) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={"game": "seep", "seats": ["rule"] * 4}, timeout=30).json()
    url = f"{server.url}/api/tables/{made['table']}"
    summary: dict[str, Any] = {}
    for _ in range(600):
        summary = httpx.get(url, timeout=30).json()
        if summary["status"] == "over":
            break
        time.sleep(0.1)
    assert summary["status"] == "over"
    team = summary["winner"]
    assert team in ([0, 2], [1, 3])
    page = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    page.goto(f"{server.url}/t/{made['table']}")
    page.wait_for_selector("#matchover")
    text = page.inner_text("#handsummary")
    # four rule bots, told by their seats as the narration tells them (format.peopleNames)
    assert f"The match is won by seat {team[0]} and seat {team[1]}." in text
    assert f"seats {team[0]} and {team[1]}" in text
    labels = [page.inner_text(f"section.seat[data-seat='{s}'] .name") for s in range(4)]
    assert labels == [f"seat {s} (rule bot)" for s in range(4)], labels
    page.context.close()


def test_a_public_table_is_joined_from_the_home_pages_list(chromium: Browser, server: Server) -> None:
    seats = ["human", "human", "rule", "rule"]
    made = httpx.post(
        f"{server.url}/api/tables", json={"game": "smear", "seats": seats, "public": True}, timeout=30
    ).json()
    page = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    page.goto(f"{server.url}/")
    row = page.locator("#tables li", has=page.locator(f"a[href='/t/{made['table']}']"))
    row.locator("a.watch").wait_for()
    assert row.locator("a.join").inner_text() == "Join"
    row.locator("a.join").click()
    page.fill("#name", "Zoe")
    page.click("text=Take a seat")
    page.wait_for_selector("#table[data-v]")
    summary = httpx.get(f"{server.url}/api/tables/{made['table']}", timeout=30).json()
    assert [s["name"] for s in summary["seats"][:2]] == ["Zoe", None]
    page.context.close()


def test_a_table_without_hints_shows_no_hints_button(chromium: Browser, server: Server) -> None:
    body = {"game": "smear", "seats": ["human", "rule", "rule", "rule"], "hints": False}
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
    page = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    join(page, f"{server.url}/t/{made['table']}?invite={made['invite']}", "Ann")
    page.wait_for_selector("#table[data-myturn='1'] #actions button", timeout=60_000)
    assert page.locator("#hintbtn").count() == 0
    page.keyboard.press("h")
    assert page.locator("#hints").count() == 0
    page.context.close()
