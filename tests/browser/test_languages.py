"""A hand played in the reader's language (docs/languages.md): the home page and a Smear hand in
German, a Seep hand in Hindi, against bots, the language taken from the browser's own (`navigator.languages`);
the turn's prompt, the moves, the seats and the game told as it goes are in that language, and
the language picker switches the page to another and keeps the choice."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page

from tests.browser.pages import my_turn, take_turn, version, wait_moved, wait_until
from tests.web.client import Server

#: English the page would show in these places if a message were left untranslated.
ENGLISH = re.compile(r"\b(Your move|Waiting for|your turn|Seat \d|seat \d|passes|plays|takes trick|bids)\b")


def _seat_at(page: Page, server: Server, game: str) -> None:
    """A table of ``game`` with one person and three rule bots; the page takes the seat."""
    made = httpx.post(
        server.url + "/api/tables", json={"game": game, "seats": ["human", "rule", "rule", "rule"], "hands": 1}
    )
    table = made.json()
    page.goto(f"{server.url}/t/{table['table']}?invite={table['invite']}")
    page.fill("#name", "Ann")
    page.click("#join button[type=submit]")
    page.wait_for_selector("#table[data-v]")


def _move(page: Page) -> bool:
    """One legal move by clicking: a bid rather than a pass (so that the hand is played), else the
    cards and floor items that light up. Whether a move was made."""
    if not my_turn(page):
        return False
    plain = page.locator("#actions button.act[data-action]:not(.primary)")
    actions = [
        a or ""
        for a in page.eval_on_selector_all("#actions button.act[data-action]", "els => els.map(e => e.dataset.action)")
    ]
    if plain.count() and not page.locator("#hand .cardbtn.live").count():
        choice = next((a for a in actions if not a.startswith("pass")), actions[0])
        v = version(page)
        page.click(f"#actions button.act[data-action='{choice}']")
        wait_moved(page, v)
        return True
    return take_turn(page) is not None


def _play_hand(page: Page, seen: list[str], timeout: float = 60) -> None:
    """Play until the hand's summary shows, keeping every prompt, move label and news line seen."""
    deadline = time.monotonic() + timeout
    while not page.locator("#handsummary").count():
        assert time.monotonic() < deadline, "the hand did not end in time"
        if my_turn(page):
            seen.append(page.inner_text("#actions"))
            seen.append(page.inner_text("#me"))
        news = page.locator("#news")
        if news.count():
            seen.append(news.inner_text())
        if not _move(page):
            page.wait_for_timeout(50)


def test_a_smear_hand_in_german(chromium: Browser, server: Server) -> None:
    context = chromium.new_context(locale="de-DE", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    # the home page first: making a table, in German
    page.goto(server.url + "/")
    page.wait_for_selector("#seat0")
    assert page.inner_text("#create-h") == "Einen Tisch eröffnen"
    assert page.inner_text("#createbtn") == "Tisch anlegen"
    assert "Platz 0" in page.inner_text("#seats")
    # The person's first turn is a bid unless a seat before them bid the most there is (4), which
    # ends the auction: such a table is played again, a few times at most.
    for _ in range(6):
        _seat_at(page, server, "smear")
        assert page.get_attribute("html", "lang") == "de"
        assert "Tisch" in page.inner_text("#title")
        wait_until(page, lambda: my_turn(page), 30)
        if page.locator("#actions button.act[data-action='pass']").count():
            break
        page.goto(server.url + "/")
    # the auction's moves in German, the record's spelling kept in data-action
    labels = page.inner_text("#actions")
    assert "passen" in labels and "bieten" in labels, labels
    seen: list[str] = []
    _play_hand(page, seen)
    said = "\n".join(seen)
    assert "Dein Zug: Spiele eine Karte" in said, said[:400]  # the turn's prompt
    assert "du bist dran" in said
    assert re.search(r"\b(passt|bietet|spielt|macht Stich)\b", said), said[:400]  # the narration
    summary = page.inner_text("#handsummary")
    assert "Spiel 1 ist aus" in summary and "Partie:" in summary, summary
    for text in (said, summary, page.inner_text("#table")):
        assert not ENGLISH.search(text), ENGLISH.search(text)
    context.close()


def test_a_seep_hand_in_hindi_and_the_picker(chromium: Browser, server: Server) -> None:
    context = chromium.new_context(locale="hi-IN", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    # A Seep deal whose bidder holds no card of 9 or more is a misdeal (about one deal in eight):
    # the hand ends before the person moves, so such a table is played again, a few times at most.
    for _ in range(6):
        _seat_at(page, server, "seep")
        assert page.get_attribute("html", "lang") == "hi"
        seen: list[str] = []
        _play_hand(page, seen, timeout=90)
        if any("आपकी चाल" in line for line in seen):
            break
    said = "\n".join(seen)
    assert "आपकी चाल" in said, said[:400]  # the turn's prompt
    assert re.search(r"उठाते|फेंकते|बनाते|बोली", said), said[:400]  # the moves and the narration
    summary = page.inner_text("#handsummary")
    assert "दौर 1 खत्म" in summary and "पत्तों के अंक" in summary, summary
    for text in (said, summary):
        assert not ENGLISH.search(text), ENGLISH.search(text)
    # the picker: English chosen here is kept in the browser and the page reads in it
    with page.expect_navigation():
        page.select_option("#language", "en")
    page.wait_for_selector("#table[data-v]")
    assert page.get_attribute("html", "lang") == "en"
    assert "Score sheet" in page.inner_text("#sheetbox summary")
    context.close()


#: English words the house rules' names, choices and meanings would show if left untranslated.
RULES_ENGLISH = re.compile(
    r"\b(the|and|when|who|may|must|with|team|points?|cards?|house|picker|bid|trick|yes|none|standard|size)\b"
)


def _house_rules(page: Page) -> list[str]:
    """The house rules, their choices and meanings and the presets of each game on the home page."""
    shown = []
    for game in ("seep", "sheepshead", "smear"):  # (not the toy game the tests register)
        page.select_option("#game", game)
        # the house rules are folded away until opened: their text is read from the page as it is
        page.wait_for_selector("#options [data-option] >> nth=0", state="attached")
        shown.append(
            page.eval_on_selector(
                "#options", "e => [...e.querySelectorAll('label, option, .doc')].map(x => x.textContent).join('\\n')"
            )
        )
        shown.append(" ".join(page.eval_on_selector_all("#preset option", "els => els.map(e => e.textContent)")))
    return shown


def _phrases(page: Page, server: Server) -> list[str]:
    """The quick phrases of a table where only they may be said during a hand; one is said."""
    _seat_at(page, server, "smear")
    page.wait_for_selector("#talk .phrase")
    buttons = page.eval_on_selector_all("#talk .phrase", "els => els.map(e => e.textContent)")
    page.click("#talk .phrase >> nth=1")
    wait_until(page, lambda: page.locator("#talklog .said").count() > 0)
    return [*buttons, page.inner_text("#talklog .said")]


def test_the_house_rules_presets_and_quick_phrases_in_german(chromium: Browser, server: Server) -> None:
    context = chromium.new_context(locale="de-DE", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#seat0")
    rules = _house_rules(page)
    joined = "\n".join(rules)
    assert "Größe des Stocks" in joined and "Ausbieten" in joined and "gerufenes Ass" in joined, joined[:400]
    assert "Haus" in joined and "Baazi" in joined and "Gegenspieler" in joined, joined[:400]
    for text in rules:
        assert not RULES_ENGLISH.search(text), (RULES_ENGLISH.search(text), text[:300])
    phrases = _phrases(page, server)
    assert phrases[0] == "Hallo!" and "Viel Glück!" in phrases, phrases
    assert phrases[-1] == "Viel Glück!", phrases  # said in English, shown in the reader's language
    context.close()


def test_the_house_rules_presets_and_quick_phrases_in_hindi(chromium: Browser, server: Server) -> None:
    context = chromium.new_context(locale="hi-IN", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#seat0")
    rules = _house_rules(page)
    joined = "\n".join(rules)
    assert "किटी का आकार" in joined and "पक्का" in joined and "पिकर" in joined, joined[:400]
    for text in rules:
        assert not RULES_ENGLISH.search(text), (RULES_ENGLISH.search(text), text[:300])
    phrases = _phrases(page, server)
    assert phrases[0] == "नमस्ते!" and phrases[-1] == "शुभकामनाएँ!", phrases
    context.close()


#: English the leaderboard and the replay viewer would show if their words were left untranslated.
PAGE_ENGLISH = re.compile(
    r"\b(Players|Rating|Range|Hands?|provisional|Nobody|Only players|leaderboards|your player page|"
    r"Game|replay|record|step|Scores|Review|dealt|seat \d|Seat \d|passes|plays|takes|picks|buries|calls|"
    r"the|and|of|with)\b"
)


def _leaderboard(page: Page, server: Server) -> str:
    page.goto(server.url + "/leaderboard?game=smear")
    page.wait_for_selector("#people tr")
    return page.inner_text("main") + "\n" + page.inner_text(".topbar") + "\n" + page.title()


def _replay(page: Page, server: Server, path: str) -> list[str]:
    """The replay viewer with a record file, read at each step of its first hand."""
    page.goto(server.url + "/replay")
    page.set_input_files("#file", path)
    page.wait_for_selector("#reviewhand")
    seen = [page.inner_text(".topbar"), page.inner_text("#load"), page.title()]
    for _ in range(80):
        seen += [page.inner_text("#nav"), page.inner_text("#said"), page.inner_text("#reviewbox")]
        seen += [page.inner_text("#table"), page.inner_text("#summary")]
        seen += [page.get_attribute(f"#{b}", "aria-label") or "" for b in ("first", "prev", "next", "last")]
        if page.locator("#summary .summary").count():
            break
        page.click("#next")
    return seen


def _record_file(tmp_path: Path) -> str:
    from tests.analysis.helpers import played_record

    path = tmp_path / "record.json"
    path.write_text(json.dumps(played_record("sheepshead", 11, hands=1)))
    return str(path)


def test_the_leaderboard_and_a_replay_in_german(chromium: Browser, server: Server, tmp_path: Path) -> None:
    context = chromium.new_context(locale="de-DE", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    board = _leaderboard(page, server)
    assert "Bestenlisten" in board and "Wertung" in board and "Spanne" in board, board[:400]
    assert not PAGE_ENGLISH.search(board), (PAGE_ENGLISH.search(board), board[:400])
    seen = _replay(page, server, _record_file(tmp_path))
    said = "\n".join(seen)
    assert "Spiel 1, Schritt" in said and "Nachspielen" in said and "Stand:" in said, said[:600]
    assert re.search(r"\b(nimmt auf|drückt|spielt|macht Stich)\b", said), said[:600]
    english = [line for line in seen if PAGE_ENGLISH.search(line)]
    assert not english, english[:3]
    context.close()


def test_the_leaderboard_and_a_replay_in_hindi(chromium: Browser, server: Server, tmp_path: Path) -> None:
    context = chromium.new_context(locale="hi-IN", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    board = _leaderboard(page, server)
    assert "लीडरबोर्ड" in board and "रेटिंग" in board, board[:400]
    assert not PAGE_ENGLISH.search(board), (PAGE_ENGLISH.search(board), board[:400])
    seen = _replay(page, server, _record_file(tmp_path))
    said = "\n".join(seen)
    assert "दौर 1, क़दम" in said and "अंक:" in said, said[:600]
    english = [line for line in seen if PAGE_ENGLISH.search(line)]
    assert not english, english[:3]
    # the picker on this page too: English chosen is kept and the page reads in it
    with page.expect_navigation():
        page.select_option("#language", "en")
    page.wait_for_selector("#file")
    assert page.get_attribute("html", "lang") == "en"
    assert "replay" in page.inner_text(".topbar")
    context.close()
