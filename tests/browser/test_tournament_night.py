"""A hall's evening on phones, as the pages promise it (docs/tournaments.md): the captain enters a
result with the bidder chosen by name, the director corrects it on the same page and sees it in
the log, a withdrawn entrant is marked in the standings with the rule they rank by, the game is
named in its own words, and the printed standings are black on white."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

from tests.browser.pages import wait_until
from tests.web.client import Server

PHONE = {"width": 390, "height": 844}


def test_a_hall_result_is_entered_by_the_captain_and_corrected_by_the_director(
    chromium: Browser, server: Server, artifacts: Path
) -> None:
    made = server.post(
        "/api/tournaments", {"name": "Hall night", "game": "smear", "rounds": 1, "hands": 1, "hall": True}
    )
    t = made.json()
    tid, director = t["tournament"], t["director"]
    tokens = [
        server.post(f"/api/tournaments/{tid}/entrants", {"name": f"Player {n}"}).json()["token"] for n in range(1, 9)
    ]
    event = server.post(f"/api/tournaments/{tid}/rounds", {"director": director}).json()
    table = event["played"][0]["tables"][0]
    names = [s["name"] for s in table["seats"]]
    captain = tokens[table["captain"] - 1]

    phone = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone.goto(f"{server.url}/tournaments/{tid}/enter?round=1&table=1#token={captain}")
    phone.wait_for_selector("#enterhand")
    assert f"captain is {names[0]}" in phone.inner_text("#captainline")
    # the bidder is chosen by the seat's player's name
    options = phone.eval_on_selector_all("#field-bidder option", "els => els.map((o) => o.textContent)")
    assert options == ["nobody (all passed)", *[f"{n} (seat {s})" for s, n in enumerate(names)]]
    phone.select_option("#field-bidder", label=f"{names[1]} (seat 1)")
    phone.fill("#field-bid-0", "3")
    phone.fill("#field-points-0", "4")  # a false result: the captain's side takes all four
    phone.fill("#field-points-1", "0")
    phone.click("#enterhand")
    wait_until(phone, lambda: "Hand 1 entered" in phone.inner_text("#entered"))
    phone.fill("#hand", "1")
    phone.dispatch_event("#hand", "input")
    assert phone.is_disabled("#enterhand")  # the captain cannot change it

    # the director, on their own phone, corrects it on the same page
    boss = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    boss.goto(f"{server.url}/tournaments/{tid}/enter?round=1&table=1#director={director}")
    boss.wait_for_selector("#enterhand")
    boss.fill("#hand", "1")
    boss.dispatch_event("#hand", "input")
    assert boss.inner_text("#enterhand") == "Correct hand 1"
    assert boss.eval_on_selector("#field-bidder", "el => el.value") == "1"  # the entry as it was
    boss.fill("#field-points-0", "1")
    boss.fill("#field-points-1", "3")
    boss.click("#enterhand")
    wait_until(boss, lambda: "Hand 1 corrected" in boss.inner_text("#entered"))
    boss.screenshot(path=str(artifacts / "tournament-correction-phone.png"), full_page=True)
    server.post(f"/api/tournaments/{tid}/entrants/8/bot", {"director": director})
    body = {"token": director, "round": 1, "table": 2, "hand": 1, "entry": {"bidder": 0, "bid": 2, "points": [2, 1]}}
    assert server.post(f"/api/tournaments/{tid}/results", body).status_code == 201

    boss.goto(f"{server.url}/tournaments/{tid}/director")
    boss.wait_for_selector("#corrections li")
    line = boss.inner_text("#corrections li")
    assert "Round 1, table 1, hand 1: corrected by the director" in line and "was" in line and "now" in line
    assert "Four-Point Smear" in boss.inner_text("#content")  # the game in its own words

    stand = chromium.new_context(viewport=PHONE, is_mobile=True).new_page()
    stand.goto(f"{server.url}/tournaments/{tid}")
    wait_until(stand, lambda: stand.inner_text("#state") == "Final standings.")
    last = stand.locator("#standings tbody tr").last
    assert "Player 8" in last.inner_text() and "replaced by the rule bot in round 1" in last.inner_text()
    assert "ranks after everyone who was not" in stand.inner_text("#replacedrule")
    assert "corrected by the director" in stand.inner_text("#corrections")
    stand.emulate_media(media="print")
    colours = stand.eval_on_selector_all(
        ".muted, #replacedrule, #standings td, h1", "els => [...new Set(els.map((e) => getComputedStyle(e).color))]"
    )
    assert colours == ["rgb(0, 0, 0)"], colours
    stand.screenshot(path=str(artifacts / "tournament-standings-print.png"), full_page=True)
    for page in (phone, boss, stand):
        page.context.close()


def test_a_finished_tournament_table_leads_back_to_the_tournament(chromium: Browser, server: Server) -> None:
    """At a tournament's table whose round is over, the page offers the way back to the
    tournament, never "Play again" (a tournament's table plays its round's hands once)."""
    t = server.post("/api/tournaments", {"name": "Back", "game": "smear", "rounds": 1, "hands": 1}).json()
    tid, director = t["tournament"], t["director"]
    token = server.post(f"/api/tournaments/{tid}/entrants", {"name": "Ann"}).json()["token"]
    server.post(f"/api/tournaments/{tid}/entrants", {"name": "Ben"})
    assert server.post(f"/api/tournaments/{tid}/rounds", {"director": director}).status_code == 200
    phone = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone.goto(f"{server.url}/tournaments/{tid}/me#token={token}")
    phone.click("#gototable")
    phone.wait_for_url("**/t/**")
    wait_until(phone, lambda: phone.inner_text("#status") == "connected")
    # the director ends the round by time: the table closes where it is
    assert server.post(f"/api/tournaments/{tid}/rounds/1/end", {"director": director}).status_code == 200
    phone.wait_for_selector("#backtotournament", timeout=20_000)
    assert phone.get_attribute("#backtotournament", "href") == f"/tournaments/{tid}/me"
    assert phone.locator("text=Play again").count() == 0
    phone.click("#backtotournament")
    phone.wait_for_url(f"**/tournaments/{tid}/me")
