"""The player page's Notices in a real browser (docs/web.md, "Your turn"): the time zone is the
browser's until the player saves another, how often, quiet hours and e-mail are saved at the
server, the preferences' link (``/player#notices``) opens the section and keeps the player, and
axe-core finds no serious violation in it."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser

from tests.browser.test_access import axe_clean
from tests.web.client import Server

DESKTOP = {"width": 1280, "height": 860}


def prefs(server: Server, token: str) -> dict[str, Any]:
    r = httpx.post(server.url + "/api/players/me/notices", json={"token": token})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_the_notices_are_set_on_the_player_page(chromium: Browser, server: Server) -> None:
    token = httpx.post(server.url + "/api/players", json={"name": "Ann"}).json()["token"]
    context = chromium.new_context(viewport=DESKTOP, timezone_id="Europe/Berlin", bypass_csp=True)
    page = context.new_page()
    page.goto(f"{server.url}/player#{token}")
    page.wait_for_selector("#notices:not([hidden])")
    assert page.input_value("#notice-zone") == "Europe/Berlin"  # the browser's, not yet saved
    assert "Not saved yet" in page.inner_text("#notice-saved")
    assert "no confirmed address" in page.inner_text("#notice-address")
    axe_clean(page, "the player page with its notices")

    page.uncheck("#notice-email")
    page.wait_for_selector("#notice-email:not(:checked)")
    page.wait_for_function("!document.getElementById('notice-saved').textContent")  # the answer came back
    got = prefs(server, token)
    assert got["email"] is False and got["zone"] == "Europe/Berlin"  # the first change keeps the browser's zone

    page.select_option("#notice-often", "hourly")
    page.select_option("#notice-from", "23")
    page.select_option("#notice-to", "7")
    page.click("#notice-save")
    page.wait_for_function("document.getElementById('notice-saved').textContent === 'Saved.'")
    got = prefs(server, token)
    assert (got["often"], got["quiet_from"], got["quiet_to"], got["zone"]) == ("hourly", 23, 7, "Europe/Berlin")

    page.fill("#notice-zone", "Mars/Olympus")
    page.click("#notice-save")
    page.wait_for_function("document.getElementById('notice-err').textContent.includes('zone')")
    assert prefs(server, token)["zone"] == "Europe/Berlin"

    # the link in every notice: the section, and the player kept
    page.goto("about:blank")
    page.goto(f"{server.url}/player#notices")
    page.wait_for_selector("#notices:not([hidden])")
    assert page.inner_text("#name-h") == "Ann"
    assert page.evaluate("localStorage.getItem('cardtable:player')") == token
    assert page.input_value("#notice-zone") == "Europe/Berlin" and page.input_value("#notice-often") == "hourly"
    assert httpx.get(server.url + "/static/sw.js").status_code == 200
    context.close()
