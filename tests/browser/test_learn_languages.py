"""The lessons and the puzzles read in German and in Hindi (docs/languages.md): a learner whose
browser speaks German takes a Smear lesson's first steps, and one whose browser speaks Hindi a
Seep lesson's, each trying a move the engine refuses and having it explained in that language,
and no English is left on the page."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page

from tests.web.client import Server

#: English the lessons' page would show if a message were left untranslated.
ENGLISH = re.compile(
    r"\b(Step|Next|Learn|learn|lesson|puzzles|Not allowed|rule|allowed|Play it|type a move|A move|moves|"
    r"[Ss]eat \d|you|your|the|and|with|must|is|of)\b"
)


def _page(chromium: Browser, locale: str) -> Page:
    return chromium.new_context(locale=locale, viewport={"width": 1280, "height": 900}).new_page()


def _read(page: Page) -> list[str]:
    """Everything the lesson's page says: its text, the top bar, the title, the typing box."""
    typed = page.get_attribute("#typed", "placeholder") if page.locator("#typed").count() else ""
    labels = page.eval_on_selector_all("[aria-label]", "els => els.map(e => e.getAttribute('aria-label'))")
    return [page.inner_text("main"), page.inner_text(".topbar"), page.title(), typed or "", *labels]


def _try(page: Page, move: str, kind: str) -> str:
    page.click(f"#moves button[data-move='{move}']")
    page.wait_for_selector(f"#said[data-kind='{kind}']")
    text: str = page.inner_text("#said")
    return text


def _english(seen: list[str]) -> list[str]:
    return [line for line in seen if ENGLISH.search(line)]


def test_a_smear_lesson_in_german(chromium: Browser, server: Server) -> None:
    page = _page(chromium, "de-DE")
    page.goto(server.url + "/learn")
    page.wait_for_selector("#lesson a[href='/learn/smear']")
    seen = _read(page)
    assert "Spielen lernen" in seen[0] and "Smear: deine erste Lektion" in seen[0], seen[0]
    page.click("a[href='/learn/smear']")
    page.wait_for_selector("#moves button.choice")
    assert page.inner_text("#where") == "Schritt 1 von 5: Das Gebot"
    seen += _read(page)
    # a bid the rules refuse, explained in German with the rule in plain words
    refused = _try(page, "bid 5", "illegal")
    assert refused.startswith("Nicht erlaubt: Gebote gehen von 2 bis 4 (Regel R12).") and "höher" in refused, refused
    other = _try(page, "pass", "other")
    assert "ist erlaubt, aber nicht der Zug dieses Schritts" in other and "biete das Höchste" in other, other
    right = _try(page, "bid 4", "right")
    assert right.startswith("Du bietest 4"), right
    seen += [refused, other, right, *_read(page)]
    page.click("#next")
    page.wait_for_selector("#where:text('Schritt 2 von 5')")
    seen += _read(page)
    page.fill("#typed", "jump")
    page.press("#typed", "Enter")
    page.wait_for_selector("#said[data-kind='bad']")
    bad = page.inner_text("#said")
    assert bad.startswith("Das ist kein Zug des Spiels."), bad
    seen.append(bad)
    english = _english(seen)
    assert not english, [(ENGLISH.search(x), x[:300]) for x in english][:3]


def test_a_seep_lesson_in_hindi(chromium: Browser, server: Server) -> None:
    page = _page(chromium, "hi-IN")
    page.goto(server.url + "/learn/seep")
    page.wait_for_selector("#moves button.choice")
    assert page.inner_text("#title") == "सीप: आपका पहला पाठ"
    seen = _read(page)
    refused = _try(page, "bid 11", "illegal")
    assert refused.startswith("अनुमति नहीं: ") and "(नियम R8)" in refused and "बोली लगाने वाला" in refused, refused
    other = _try(page, "bid 9", "other")
    assert "इस क़दम की चाल नहीं है" in other and "13 बोलिए" in other, other
    right = _try(page, "bid 13", "right")
    assert right.startswith("आपने 13 बोला"), right
    seen += [refused, other, right, *_read(page)]
    page.click("#next")
    page.wait_for_selector("#where:text('क़दम 2 / 5')")
    seen += _read(page)
    refused = _try(page, "throw 4D", "illegal")
    assert "(नियम R10)" in refused, refused
    right = _try(page, "capture KH 6H+7C", "right")
    seen += [refused, right, *_read(page)]
    english = _english(seen)
    assert not english, [(ENGLISH.search(x), x[:300]) for x in english][:3]
    # the picker on this page too: English chosen is kept and the lesson reads in it
    with page.expect_navigation():
        page.select_option("#language", "en")
    page.wait_for_selector("#moves button.choice")
    assert page.inner_text("#title") == "Seep: your first lesson"
    page.context.close()
