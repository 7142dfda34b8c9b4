"""The lessons and the puzzles read in German and in Hindi (docs/languages.md): a learner whose
browser speaks German takes a Smear lesson's first steps, and one whose browser speaks Hindi a
Seep lesson's, each trying a move the engine refuses and having it explained in that language;
each solves a puzzle and misses one; and no English is left on the pages but the analysis's own
reason, shown apart and marked as English."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page

from cardtable import puzzles
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


def _order(server: Server) -> list[puzzles.Puzzle]:
    """The puzzles as the page asks them: the puzzle of the day first, then the others in order."""
    got = httpx.get(server.url + "/api/puzzles").json()
    ids = [p["id"] for p in got["puzzles"]]
    if got["daily"] in ids:
        ids.remove(got["daily"])
        ids.insert(0, got["daily"])
    by_id = {p.id: p for p in puzzles.shipped()}
    return [by_id[i] for i in ids]


def _puzzle_page(page: Page) -> list[str]:
    """What the puzzles page says, the verdict's reason too: every puzzle that comes with
    cardtable keeps its reason's words, so none is shown apart in English."""
    assert page.locator("#why:not([hidden])").count() == 0
    return _read(page)


def _solve_and_miss(page: Page, server: Server, right: str, wrong: str) -> list[str]:
    first, second = _order(server)[:2]
    page.wait_for_selector("#moves button.choice")
    seen = _puzzle_page(page)
    page.click(f"#moves button[data-move='{next(m for m in first.legal if m not in first.accepted)}']")
    page.wait_for_selector("#said[data-kind='wrong']")
    assert page.inner_text("#said").startswith(wrong), page.inner_text("#said")
    seen += _puzzle_page(page)
    page.click("#next")
    page.wait_for_selector(f"#moves button[data-move='{second.best}']")
    page.click(f"#moves button[data-move='{second.best}']")
    page.wait_for_selector("#said[data-kind='right']")
    assert page.inner_text("#said").startswith(right), page.inner_text("#said")
    return seen + _puzzle_page(page)


def test_the_puzzles_in_german_and_in_hindi(chromium: Browser, server: Server) -> None:
    page = _page(chromium, "de-DE")
    page.goto(server.url + "/puzzles")
    seen = _solve_and_miss(
        page, server, "Richtig. In dem Spiel, aus dem es stammt: ", "Nicht der beste. In dem Spiel, aus dem es stammt: "
    )
    said = "\n".join(seen)
    assert "Punkte pro Spiel" in said and "Thema: " in said, said[:500]  # the reason and the theme
    assert "Rätsel aus echten Spielen" in said and "Rätsel des Tages" in said and "Du sitzt auf Platz" in said, said[
        :500
    ]
    english = _english(seen)
    assert not english, [(ENGLISH.search(x), x[:300]) for x in english][:3]
    page.context.close()
    page = _page(chromium, "hi-IN")
    page.goto(server.url + "/puzzles")
    seen = _solve_and_miss(
        page, server, "सही। जिस दौर से यह ली गई है, उसमें ", "सबसे अच्छी चाल नहीं। जिस दौर से यह ली गई है, उसमें "
    )
    said = "\n".join(seen)
    assert "अंक का नुकसान" in said and "विषय: " in said, said[:500]
    assert "असली दौरों से पहेलियाँ" in said and "आज की पहेली" in said, said[:500]
    english = _english(seen)
    assert not english, [(ENGLISH.search(x), x[:300]) for x in english][:3]
    page.context.close()


#: English the review panel or the hints would show if a message were left untranslated.
REVIEW_ENGLISH = re.compile(
    r"\b(best|good|inaccuracy|mistake|blunder|decisions?|accuracy|points lost|better|expected|Review|step|"
    r"about equal|Expected|Values|the|you|your|and|of|with|made|Close|Next)\b"
)


def _panel(page: Page) -> list[str]:
    """What the review panel says, the analysis's reasons too: in the page's language, none
    shown apart in English."""
    assert page.locator("#reviewpanel span.reason[lang='en']").count() == 0
    seen = [page.inner_text("#reviewpanel")]
    seen += page.eval_on_selector_all(
        "#reviewpanel [aria-label], #reviewpanel title, #reviewpanel img",
        "els => els.map(e => e.getAttribute('aria-label') || e.getAttribute('alt') || e.textContent)",
    )
    return seen


def _walk_review(page: Page) -> list[str]:
    page.wait_for_selector("#reviewsummary", timeout=180_000)
    seen = _panel(page)
    buttons = page.locator("#reviewpanel .reviewlist button")
    for i in range(buttons.count()):
        buttons.nth(i).click()
        seen += _panel(page)
    return seen


def test_the_hints_and_the_review_of_a_hand_in_german(chromium: Browser, server: Server) -> None:
    from tests.browser.pages import my_turn, take_turn

    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "smear", "seats": ["human", "rule", "rule", "rule"], "hands": 1, "hints": True},
    )
    table = made.json()
    page = _page(chromium, "de-DE")
    page.goto(f"{server.url}/t/{table['table']}?invite={table['invite']}")
    page.fill("#name", "Ann")
    page.click("#join button[type=submit]")
    page.wait_for_selector("#table[data-v]")
    hinted = False
    while not page.locator("#handsummary").count():
        if not hinted and my_turn(page) and int(page.get_attribute("#table", "data-legal") or 0) > 1:
            page.click("#hintbtn")
            page.wait_for_selector("#hints li")
            hints = page.inner_text(".hints")
            assert re.search(r"\(der beste\)", hints) and re.search(r"[+−]\d+,\d\d ± \d+,\d\d", hints), hints
            assert not REVIEW_ENGLISH.search(hints), hints
            hinted = True
        if take_turn(page) is None:
            page.wait_for_timeout(100)
    assert hinted
    page.click("#reviewhand")
    seen = _walk_review(page)
    said = "\n".join(seen)
    assert "Analyse von Spiel 1 für dich" in said and ("Punkte verloren" in said or "der beste" in said), said[:600]
    # a decision graded below best says why, in German
    # a hand played without a loss says "0,00 Punkte verloren" and gives no reason to say
    lost = re.search(r"(?<![\d,])(?!0,00 )\d+,\d\d Punkte verloren", said)
    assert not lost or ("Punkte pro Spiel" in said and "wäre besser gewesen" in said), said
    english = [s for s in seen if REVIEW_ENGLISH.search(s)]
    assert not english, [(REVIEW_ENGLISH.search(x), x[:300]) for x in english][:3]
    page.context.close()


def test_the_review_of_a_record_in_hindi(chromium: Browser, server: Server, tmp_path: Path) -> None:
    from tests.analysis.helpers import played_record

    path = tmp_path / "record.json"
    path.write_text(json.dumps(played_record("sheepshead", 11, hands=1)))
    page = _page(chromium, "hi-IN")
    page.goto(server.url + "/replay")
    page.wait_for_selector("#language")  # the page reads in its language: the file may be opened
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#reviewhand")
    page.select_option("#reviewseat", value="2")
    page.click("#reviewhand")
    seen = _walk_review(page)
    said = "\n".join(seen)
    assert "दौर 1 का विश्लेषण, सीट 2 के लिए" in said and "क़दम" in said, said[:600]
    # this hand's review grades decisions below best (the review repeats): each says why, in Hindi
    assert "अंक गँवाए" in said and "अंक का नुकसान" in said and "बेहतर था" in said, said
    english = [s for s in seen if REVIEW_ENGLISH.search(s)]
    assert not english, [(REVIEW_ENGLISH.search(x), x[:300]) for x in english][:3]
    page.context.close()


#: English the tournament pages would show if a message were left untranslated.
TOURNAMENT_ENGLISH = re.compile(
    r"\b(round|Round|table|Table|hands?|seat|Standings|Rounds|Register|Print|Results|director|entrant|"
    r"captain|Loading|the|you|your|and|of|with|by|bot|points|rank|name)\b"
)


def _tournament_pages(page: Page, server: Server) -> list[str]:
    """Each tournament page of a hall's tournament with its first round started, as read; the
    server's own words (the tie-breaks, a hall's result fields, marked as English) left out."""
    made = server.post(
        "/api/tournaments", {"name": "Hall night", "game": "smear", "rounds": 2, "hands": 3, "hall": True}
    )
    t = made.json()
    tid = t["tournament"]
    tokens = [
        server.post(f"/api/tournaments/{tid}/entrants", {"name": f"Player {n}"}).json()["token"] for n in range(1, 9)
    ]
    server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]})
    seen: list[str] = []
    for path, ready in [
        ("/tournaments/new", "#createtournament"),
        (f"/tournaments/{tid}", "#standings"),
        (f"/tournaments/{tid}/director#director={t['director']}", "#endround"),
        (f"/tournaments/{tid}/me#token={tokens[0]}", "#content a[href*='enter']"),
        (f"/tournaments/{tid}/enter?round=1&table=1", "#entryform"),
        (f"/tournaments/{tid}/sheets", ".sheet"),
    ]:
        page.goto(server.url + path)
        page.wait_for_selector(ready)
        page.wait_for_selector("#language")
        # words marked as English, and the links written out (addresses, not words)
        english = page.eval_on_selector_all(
            "[lang='en']:not(html), main code, main .invite", "els => els.map(e => e.textContent)"
        )
        texts = [page.inner_text("main"), page.title()]
        texts += page.eval_on_selector_all(
            "main [aria-label]:not(#entryform input), main img[alt], main input[placeholder]",
            "els => els.map(e => e.getAttribute('aria-label') || e.getAttribute('alt')"
            " || e.getAttribute('placeholder'))",
        )
        for words in sorted(english, key=len, reverse=True):
            texts = [x.replace(words, "") for x in texts]
        seen += [x.replace("Hall night", "") for x in texts]
    return seen


def test_the_tournament_pages_in_german_and_in_hindi(chromium: Browser, server: Server) -> None:
    for locale, words in (
        ("de-DE", ("Ein Turnier anlegen", "Runde 1", "Tisch 1", "Spielzettel")),
        ("hi-IN", ("राउंड 1", "मेज़ 1", "अंक-पत्र")),
    ):
        page = _page(chromium, locale)
        seen = _tournament_pages(page, server)
        said = "\n".join(seen)
        assert all(w in said for w in words), (words, said[:800])
        english = [x for x in seen if TOURNAMENT_ENGLISH.search(x)]
        assert not english, [(TOURNAMENT_ENGLISH.search(x), x[:400]) for x in english][:3]
        page.context.close()
