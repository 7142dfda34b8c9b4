"""Tournament night from every device (docs/tournaments.md): the director opens the server on the
machine itself (``127.0.0.1``), and every link and QR code the tournament pages and the server
make for others (the registration link and its QR code, the director's and an entrant's own
links, a partner's link, each score sheet's QR code and entry link) names the machine's network
address, here a second loopback address given with ``--advertise`` (``127.0.0.2``), as
test_devices.py does for the table invite. The QR codes are decoded for real (zxing-cpp) from
the images Chromium drew. A phone that reaches the server only at that address opens each link.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.pages import wait_until
from tests.web.client import Server

zxingcpp = pytest.importorskip("zxingcpp")

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
LOOPBACK = re.compile(r"(127\.0\.0\.1|localhost|\[::1\])")

#: Draws each image matched by a selector on a white canvas, four times its size, and gives its
#: grey levels: what a phone's camera would see, for the decoder.
GREY = """async (selector) => {
  const out = [];
  for (const img of document.querySelectorAll(selector)) {
    if (!img.complete) await new Promise((ok) => { img.onload = ok; img.onerror = ok; });
    const w = Math.max(1, Math.round(img.getBoundingClientRect().width * 4));
    const h = Math.max(1, Math.round(img.getBoundingClientRect().height * 4));
    const canvas = document.createElement("canvas");
    canvas.width = w + 64; canvas.height = h + 64;
    const g = canvas.getContext("2d");
    g.fillStyle = "#fff"; g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(img, 32, 32, w, h);
    const rgba = g.getImageData(0, 0, canvas.width, canvas.height).data;
    const grey = new Array(canvas.width * canvas.height);
    for (let i = 0; i < grey.length; i++) grey[i] = Math.round((rgba[4 * i] + rgba[4 * i + 1] + rgba[4 * i + 2]) / 3);
    out.push({ w: canvas.width, h: canvas.height, grey });
  }
  return out;
}"""


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("tournament-devices") / "tables.db"
    s = Server(f"sqlite:///{db}", "--host", "0.0.0.0", "--advertise", "127.0.0.2").start()
    try:
        yield s
    finally:
        s.stop()


def qr_texts(page: Page, selector: str) -> list[str]:
    """The text of each QR code image on the page, decoded from what Chromium drew (once there is
    one: the page may put its codes in a moment after its links)."""
    page.wait_for_function(
        "(s) => { const q = [...document.querySelectorAll(s)];"
        " return q.length > 0 && q.every((i) => i.complete && i.naturalWidth > 0); }",
        arg=selector,
    )
    texts = []
    for image in page.evaluate(GREY, selector):
        pixels = memoryview(bytes(image["grey"])).cast("B", (image["h"], image["w"]))
        found = zxingcpp.read_barcodes(pixels)
        assert found, f"no QR code could be read in {selector}"
        texts.append(found[0].text)
    return texts


def shown(page: Page) -> list[str]:
    """The links a page shows for another device (as text to copy, send or print)."""
    texts: list[str] = page.eval_on_selector_all("code, p.invite", "els => els.map((c) => c.textContent)")
    return [x for x in texts if x.startswith("http")]


def links(page: Page) -> list[str]:
    """Every link the page makes: the anchors' resolved addresses and the links shown as text.
    (An anchor to follow on the same device is relative: it keeps the browser's own address, and
    with it the tokens this browser holds for that address.)"""
    hrefs: list[str] = page.eval_on_selector_all("a[href]", "els => els.map((a) => a.href)")
    return [x for x in hrefs if x.startswith("http")] + shown(page)


def opens(phone: Page, url: str, ready: str) -> None:
    phone.goto(url)
    phone.wait_for_selector(ready)
    assert phone.url.startswith(url.split("#")[0].split("?")[0]), phone.url


def test_every_tournament_link_and_qr_code_names_the_network_address(
    chromium: Browser, lan_server: Server, artifacts: Path
) -> None:
    other = f"http://127.0.0.2:{lan_server.port}"
    made = lan_server.post(
        "/api/tournaments", {"name": "Hall night", "game": "smear", "rounds": 2, "hands": 2, "hall": True}
    ).json()
    tid, director = made["tournament"], made["director"]
    tokens = [
        lan_server.post(f"/api/tournaments/{tid}/entrants", {"name": f"Player {n}"}).json()["token"]
        for n in range(1, 9)
    ]
    # the director, on the machine itself, at the address the server prints for it
    laptop = chromium.new_context(viewport=DESKTOP).new_page()
    laptop.goto(f"{lan_server.url}/tournaments/{tid}/director#director={director}")
    laptop.wait_for_selector("#registrationlink")
    laptop.click("#startround")
    laptop.wait_for_selector("#endround")
    seen: dict[str, list[str]] = {"director": shown(laptop)}
    registration = laptop.inner_text("#registrationlink")
    assert registration == f"{other}/tournaments/{tid}", registration
    assert laptop.inner_text("#directorlink") == f"{other}/tournaments/{tid}/director#director={director}"
    assert qr_texts(laptop, ".invitebox .qr img") == [registration]
    laptop.goto(f"{lan_server.url}/tournaments/{tid}/sheets")
    laptop.wait_for_selector(".sheet")
    sheets = qr_texts(laptop, ".sheet img.qr")
    assert sheets == [f"{other}/tournaments/{tid}/enter?round=1&table={n}" for n in (1, 2)], sheets
    seen["sheets"] = shown(laptop) + sheets
    laptop.goto(f"{lan_server.url}/tournaments/{tid}/me#token={tokens[0]}")
    laptop.wait_for_selector("#ownlink")
    own = laptop.inner_text("#ownlink")
    assert own == f"{other}/tournaments/{tid}/me#token={tokens[0]}"
    seen["entrant"] = shown(laptop)
    laptop.goto(f"{lan_server.url}/tournaments/{tid}")
    laptop.wait_for_selector("#standings")
    seen["standings"] = shown(laptop)
    # the server's own QR code of a table's entry page, asked for at the loopback address
    svg = lan_server.get(f"/api/tournaments/{tid}/qr/1/1.svg").text
    assert "127.0.0.1" not in svg
    loopback = {page: [x for x in found if LOOPBACK.search(x.split("/")[2])] for page, found in seen.items()}
    assert not any(loopback.values()), loopback

    # a pair registers on the standings page and is shown their partner's own link
    pairs = lan_server.post(
        "/api/tournaments", {"name": "Pairs", "game": "seep", "rounds": 1, "hands": 1, "format": "round_robin"}
    ).json()
    laptop.goto(f"{lan_server.url}/tournaments/{pairs['tournament']}")
    laptop.fill("#entrantname", "Ann")
    laptop.fill("#partnername", "Ben")
    laptop.click("#register")
    laptop.wait_for_selector("#partnerlink")
    partner = laptop.inner_text("#partnerlink")
    assert partner.startswith(f"{other}/tournaments/{pairs['tournament']}/me#token="), partner

    # the phone reaches the server at the network address only, and every link opens there
    phone_ctx = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = phone_ctx.new_page()
    phone.route(re.compile(r"https?://(127\.0\.0\.1|localhost)[:/].*"), lambda route: route.abort())
    opens(phone, registration, "#standings")
    for url in sheets:
        opens(phone, url, "text=captain")
    opens(phone, own, "text=You are entrant 1")
    opens(phone, partner, "text=You are entrant 2, Ben")
    opens(phone, f"{other}/tournaments/{tid}/director#director={director}", "#endround")
    # every link the phone's pages make names the address it reached the server by
    for path, ready in [
        (f"/tournaments/{tid}", "#standings"),
        (f"/tournaments/{tid}/director", "#endround"),
        (f"/tournaments/{tid}/me#token={tokens[1]}", "#ownlink"),
        (f"/tournaments/{tid}/enter?round=1&table=1", "#captainline"),
        (f"/tournaments/{tid}/sheets", ".sheet"),
    ]:
        phone.goto(other + path)
        phone.wait_for_selector(ready)
        found = links(phone)
        assert found and all(x.startswith(other) for x in found), (path, found)
    phone.screenshot(path=str(artifacts / "tournament-director-phone.png"), full_page=True)
    phone.goto(sheets[0])
    wait_until(phone, lambda: phone.locator("#entryform").count() == 0 or phone.locator("#enterhand").count() == 1)
    phone.screenshot(path=str(artifacts / "tournament-enter-phone.png"), full_page=True)
    phone_ctx.close()
    laptop.context.close()
