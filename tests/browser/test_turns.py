"""A turn-based table in a real browser: made on the home page's form in hours and days, its
clock told in words on the table page; the player, on another device that keeps only the
player's link, finds it in "Your turn", opens it, takes their own seat, reads what was played
since their last visit, and moves."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import Browser

from tests.web.client import Client, Server


@pytest.fixture(scope="module")
def slow(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("turns") / "tables.db"
    s = Server(f"sqlite:///{db}").start()
    try:
        yield s
    finally:
        s.stop()


def move_as(server: Server, table: str, token: str) -> None:
    """A seat's person connects, makes its first legal move and leaves."""

    async def go() -> None:
        c = await Client.connect(server, table, token)
        assert c.legal, c.received
        await c.send({"t": "act", "v": c.v, "action": c.legal[0], "id": f"m{c.v}"})
        assert (await c.until(lambda m: m["t"] in ("ack", "rejected")))["t"] == "ack"
        await c.close()

    with ThreadPoolExecutor(1) as pool:  # Playwright's own loop runs in this thread
        pool.submit(asyncio.run, go()).result()


def test_a_turn_based_table_from_the_form_to_a_move_on_another_device(slow: Server, chromium: Browser) -> None:
    ana = slow.post("/api/players", {"name": "Ana"}).json()
    keep = f"localStorage.setItem('cardtable:player', {json.dumps(ana['token'])})"
    laptop = chromium.new_context().new_page()
    laptop.add_init_script(keep)
    laptop.goto(slow.url + "/")
    laptop.select_option("#game", "smear")
    for seat in range(4):
        laptop.select_option(f"#seat{seat}", "human")
    laptop.check("#turnbased")
    laptop.fill("#turnhours", "2")
    laptop.fill("#bankdays", "1")
    laptop.select_option("#ontimeout", "abandon")
    laptop.click("#createbtn")
    laptop.click("#sitdown")  # as the player this browser keeps
    laptop.wait_for_url(re.compile(r"/t/"))
    table = laptop.url.rsplit("/t/", 1)[1]
    invite = slow.get(f"/api/tables/{table}").json()
    assert invite["mode"] == "turns" and invite["turn_seconds"] == 7200 and invite["bank_seconds"] == 86400
    laptop.wait_for_selector("#turnsabout")
    assert laptop.text_content("#turnsabout") == (
        "Turn-based: 2 hours a move, and a bank of 1 day for the match; when both run out, the match is abandoned."
    )
    host_invite = laptop.evaluate(f"localStorage.getItem('cardtable:invite:{table}')")
    tokens = {}
    for name in ("Ben", "Cal", "Dee"):
        got = slow.post(f"/api/tables/{table}/join", {"invite": host_invite, "name": name}).json()
        tokens[got["seat"]] = got["token"]
    mine = json.loads(laptop.evaluate(f"localStorage.getItem('cardtable:seat:{table}')"))
    assert mine["seat"] == 0
    tokens[0] = mine["token"]
    laptop.goto("about:blank")  # Ana leaves; at a turn-based table nobody plays for her
    moved = 0  # the others' moves since Ana last saw the table (told in words, or as a hand that ended)
    while (to_act := slow.get(f"/api/tables/{table}").json()["to_act"]) != 0 or not moved:
        move_as(slow, table, tokens[to_act])
        moved = moved + 1 if to_act != 0 else 0
        # what a seat has seen is stored when it leaves: the next move waits for that
        while slow.get(f"/api/tables/{table}").json()["seats"][to_act]["connected"]:
            time.sleep(0.05)
    phone = chromium.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True).new_page()
    phone.add_init_script(keep)  # the phone keeps the player's link only, no seat of this table
    phone.goto(slow.url + "/")
    phone.wait_for_selector("#yourturn a")
    assert phone.text_content("#yourturn-h") == "Your turn"
    assert "left" in (phone.text_content("#yourturn li") or "")
    phone.click("#yourturn a")
    phone.wait_for_url(re.compile(rf"/t/{table}$"))
    phone.wait_for_selector("#actions button")  # her own seat: her moves are offered
    phone.wait_for_selector("#since li")
    assert "Since your last visit" in (phone.text_content("#since") or "")
    assert phone.locator("#since li").count() >= 1, phone.text_content("#since")
    before = slow.get(f"/api/tables/{table}").json()["version"]
    phone.click("#actions button >> nth=0")
    phone.wait_for_function(
        f"fetch('/api/tables/{table}').then(r => r.json()).then(s => s.version > {before})", polling=200
    )
    assert slow.get(f"/api/tables/{table}").json()["to_act"] != 0
