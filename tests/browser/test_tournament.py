"""A Sheepshead tournament from registration to final standings, as the pages promise it: the
director creates it and runs three rounds of six hands from the director's page, 23 entrants (one
registered on the standings page, the rest over HTTP) play at tables of five filled by bots, each
entrant's moves sent by a WebSocket client playing legal moves, while a spectator's standings
page never shows a hand of the round being played. Nobody meets anyone twice."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from cardtable.web.tournaments.seating import repeats
from tests.browser.pages import wait_until
from tests.web.client import Client, Server, play

DESKTOP = {"width": 1280, "height": 900}


def over(msg: dict[str, Any]) -> bool:
    return msg["t"] == "table" and msg["table"]["status"] in ("over", "closed")


async def play_round(server: Server, tid: str, tokens: list[str], seed: int) -> None:
    """Every entrant sits down at their table of the round and plays legal moves to its end."""
    rng = random.Random(seed)
    seats = []
    for token in tokens:
        me = server.post(f"/api/tournaments/{tid}/me", {"token": token}).json()
        seats.append((me["table"]["table"], token))
    clients = [await Client.connect(server, table, token) for table, token in seats]
    try:
        await asyncio.gather(*(play(c, lambda c: rng.choice(c.legal), over, timeout=240) for c in clients))
    finally:
        for c in clients:
            await c.close()


def in_thread(job: Any) -> threading.Thread:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(job)
        except BaseException as e:  # reported by the test, not lost in the thread
            errors.append(e)

    thread = threading.Thread(target=run)
    thread.errors = errors  # type: ignore[attr-defined]
    thread.start()
    return thread


def standing_hands(page: Page) -> list[int]:
    """The "hands" column of the standings table on the page."""
    rows = page.locator("#standings tbody tr")
    return [int(rows.nth(i).locator("td").last.inner_text()) for i in range(rows.count())]


def test_a_sheepshead_tournament_of_23_from_registration_to_final_standings(
    chromium: Browser, server: Server, artifacts: Path
) -> None:
    director = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    director.goto(server.url + "/")
    director.click("#newtournament")
    director.fill("#tname", "Germanfest Sheepshead")
    director.select_option("#game", "sheepshead")
    assert director.eval_on_selector("#preset", "el => el.value") == "tournament"
    director.fill("#rounds", "3")
    director.fill("#hands", "6")
    director.click("#createtournament")
    director.wait_for_url("**/director")
    tid = director.url.split("/tournaments/")[1].split("/")[0]

    # one entrant registers on the standings page, and their page awaits the first round
    entrant = chromium.new_context(bypass_csp=True, viewport={"width": 375, "height": 667}).new_page()
    entrant.goto(f"{server.url}/tournaments/{tid}")
    entrant.fill("#entrantname", "Player 1")
    entrant.click("#register")
    entrant.wait_for_url("**/me")
    entrant.wait_for_selector("#waiting")
    tokens = [entrant.evaluate(f"() => localStorage.getItem('cardtable:entrant:{tid}')")]
    for n in range(2, 24):
        r = server.post(f"/api/tournaments/{tid}/entrants", {"name": f"Player {n}"})
        assert r.status_code == 201, r.text
        tokens.append(r.json()["token"])

    spectator = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()
    spectator.goto(f"{server.url}/tournaments/{tid}")
    wait_until(spectator, lambda: spectator.locator("#standings tbody tr").count() == 23)

    for n in range(1, 4):
        director.reload()
        director.click("#startround")
        wait_until(director, lambda n=n: f"Round {n} is being played" in director.inner_text("#state"))
        # the entrant's page shows their table (their entrant token is their seat's token there)
        entrant.reload()
        entrant.wait_for_selector("#gototable")
        assert f"round {n}" in entrant.inner_text("#gototable")
        if n == 1:  # the button seats them at their table's page, as themselves
            entrant.click("#gototable")
            entrant.wait_for_url("**/t/**")
            wait_until(entrant, lambda: entrant.inner_text("#status") == "connected")
            entrant.goto(f"{server.url}/tournaments/{tid}/me")
        player = in_thread(play_round(server, tid, tokens, seed=n))
        spectator.reload()
        wait_until(spectator, lambda: spectator.locator("#standings tbody tr").count() == 23)
        if "being played" in spectator.inner_text("#state"):
            assert set(standing_hands(spectator)) == {6 * (n - 1)}, "no hand of the round being played"
        player.join(300)
        assert not player.is_alive() and not player.errors  # type: ignore[attr-defined]
        director.reload()  # the round ends once its tables have played their hands
        wait_until(director, lambda n=n: f"{n} of 3 rounds played" in director.inner_text("#state") or n == 3)

    spectator.reload()
    wait_until(spectator, lambda: spectator.inner_text("#state") == "Final standings.")
    assert set(standing_hands(spectator)) == {18}
    event = server.get(f"/api/tournaments/{tid}").json()
    assert event["status"] == "over" and len(event["played"]) == 3
    shown = [r.locator("td").nth(1).inner_text() for r in spectator.locator("#standings tbody tr").all()]
    assert shown == [row["name"] for row in event["standings"]]
    # players were reseated so that no two entrants sat at one table twice
    assert repeats([[[s["entrant"] for s in t["seats"]] for t in r["tables"]] for r in event["played"]]) == 0
    assert all(sum(s["entrant"] is None for s in t["seats"]) <= 1 for r in event["played"] for t in r["tables"])
    spectator.screenshot(path=str(artifacts / "tournament-standings.png"), full_page=True)
    director.screenshot(path=str(artifacts / "tournament-director.png"), full_page=True)


def test_the_tournament_pages_are_accessible(chromium: Browser, server: Server) -> None:
    from tests.browser.test_access import axe_clean

    r = server.post("/api/tournaments", {"name": "Hall night", "game": "smear", "rounds": 2, "hands": 3, "hall": True})
    t = r.json()
    tid = t["tournament"]
    tokens = [
        server.post(f"/api/tournaments/{tid}/entrants", {"name": f"Player {n}"}).json()["token"] for n in range(1, 9)
    ]
    server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]})
    page = chromium.new_context(bypass_csp=True, viewport={"width": 375, "height": 667}, is_mobile=True).new_page()
    for path, ready in [
        ("/tournaments/new", "#createtournament"),
        (f"/tournaments/{tid}", "#standings"),
        (f"/tournaments/{tid}/director#director={t['director']}", "#endround"),
        (f"/tournaments/{tid}/me#token={tokens[0]}", "text=table's results"),
        (f"/tournaments/{tid}/enter?round=1&table=1", "form"),
        (f"/tournaments/{tid}/sheets", ".sheet"),
    ]:
        page.goto(server.url + path)
        page.wait_for_selector(ready)
        axe_clean(page, path.split("#")[0])
