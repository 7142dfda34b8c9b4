"""Passkeys in a real browser (Chromium's virtual authenticator, through the DevTools protocol): a
player adds a passkey on their page in one browser; a second browser that holds the same
credential (copied from the first's authenticator, as a passkey synced between a person's devices
is) signs in at ``/signin`` with no name typed and becomes the same player, with a session of its
own that the player's page lists and can end.

WebAuthn needs a secure context: the pages are opened at ``http://localhost:PORT`` (which Chromium
treats as one), and the relying party is ``localhost``.
"""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, CDPSession, Page, expect

from tests.browser.test_access import axe_clean
from tests.web.client import Server


def with_authenticator(chromium: Browser) -> tuple[Page, CDPSession, str]:
    """A new browser (context) with a virtual platform authenticator that keeps discoverable
    credentials and verifies its user."""
    page = chromium.new_context(bypass_csp=True).new_page()  # bypass_csp: for axe-core only
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    found = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
            }
        },
    )
    return page, cdp, str(found["authenticatorId"])


def me(server: Server, token: str) -> dict[str, Any]:
    r = httpx.post(f"{server.url}/api/players/me", json={"token": token}, timeout=30)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_a_passkey_added_in_one_browser_signs_in_another_as_the_same_player(server: Server, chromium: Browser) -> None:
    base = f"http://localhost:{server.port}"
    ana = server.post("/api/players", {"name": "Ana"}).json()

    first, first_cdp, first_auth = with_authenticator(chromium)
    first.goto(f"{base}/player#{ana['token']}")
    expect(first.locator("#devices")).to_be_visible()
    expect(first.locator("#passkeys")).to_contain_text("No passkey yet")
    first.click("#addpasskey")
    expect(first.locator("#passkeys li button")).to_have_count(1)
    expect(first.locator("#devmsg")).to_contain_text("passkey is added")
    (credential,) = first_cdp.send("WebAuthn.getCredentials", {"authenticatorId": first_auth})["credentials"]
    assert credential["isResidentCredential"] and credential["rpId"] == "localhost"

    second, second_cdp, second_auth = with_authenticator(chromium)
    second_cdp.send("WebAuthn.addCredential", {"authenticatorId": second_auth, "credential": credential})
    second.goto(f"{base}/signin")
    axe_clean(second, "the sign-in page")
    second.click("#passkey")
    second.wait_for_url(f"{base}/player")
    expect(second.locator("#devices")).to_be_visible()
    session = second.evaluate("localStorage.getItem('cardtable:player')")
    assert isinstance(session, str) and session.startswith("s.") and session != ana["token"]
    assert me(server, session)["player"] == ana["player"]
    expect(second.locator("#name-h")).to_have_text("Ana")
    expect(second.locator("#sessions")).to_contain_text("this device")
    assert second.locator("#linkbox").is_hidden()  # a signed-in device holds a session, not the private link

    # the first browser (the private link) sees the new device and ends it
    first.reload()
    expect(first.locator("#sessions li button")).to_have_count(1)
    first.click("#sessions li button")
    expect(first.locator("#sessions")).to_contain_text("No device signed in")
    assert httpx.post(f"{server.url}/api/players/me", json={"token": session}, timeout=30).status_code == 403

    # the passkey signs in again (a new session), and once removed it no longer does
    second.goto(f"{base}/signin")
    second.click("#passkey")
    second.wait_for_url(f"{base}/player")
    again = second.evaluate("localStorage.getItem('cardtable:player')")
    assert again != session and me(server, again)["player"] == ana["player"]
    first.reload()
    first.click("#passkeys li button")
    expect(first.locator("#passkeys")).to_contain_text("No passkey yet")
    second.goto(f"{base}/signin")
    second.click("#passkey")
    expect(second.locator("#err")).to_contain_text("not known here")
    axe_clean(first, "the player page with its devices")
    first.context.close()
    second.context.close()
