"""The player page, the home page and the sign-in page read in German and in Hindi
(docs/languages.md): a player with a rated table opens their page in a browser that speaks
German, then one that speaks Hindi, with its rating box, the history as a table, the tables they
sat at, the private link's box and the devices section open; a newcomer reads the page that asks
them to become a player, the home page and the sign-in page. No English is left but the server's
own data (the bots' names); the statistics' names are said in the page's language too. A player
chooses there the language the server writes to them in."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from cardtable import registry, stats
from cardtable.i18n import _, speaking
from tests.browser.test_players import played
from tests.web.client import Server

#: English the pages would show if one of their words were left untranslated.
ENGLISH = re.compile(
    r"\b(Tables?|tables?|[Ss]eat|player|partners?|Partners|against|record|review|match|[Rr]ating|[Rr]ange|hands?|"
    r"rated|since|provisional|[Ss]tatistics|leaderboards|Devices|[Ss]ign|passkey|E-mail address|"
    r"Tournaments?|Replay|replay|Open|the|and|of|with|you|your|Your|newest|waiting|playing|over|closed)\b"
)


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose absent people are played for at once (grace 0), so a table ends alone."""
    db = tmp_path_factory.mktemp("player-languages") / "tables.db"
    s = Server(f"sqlite:///{db}", "--grace", "0").start()
    try:
        yield s
    finally:
        s.stop()


def _page(chromium: Browser, locale: str) -> Page:
    return chromium.new_context(locale=locale, viewport={"width": 1280, "height": 900}).new_page()


def _read(page: Page, leave_out: list[str]) -> list[str]:
    """All a page says: its main part, the top bar, the title, the names given to screen readers
    (labels, images, the chart's title and description), with the server's data left out."""
    top = page.evaluate("() => document.querySelector('.topbar')?.innerText ?? ''")
    texts = [page.inner_text("main"), top, page.title()]
    texts += page.eval_on_selector_all(
        "main [aria-label], main img[alt], main input[placeholder], main svg title, main svg desc",
        "els => els.map(e => e.getAttribute('aria-label') || e.getAttribute('alt')"
        " || e.getAttribute('placeholder') || e.textContent)",
    )
    for words in sorted(leave_out, key=len, reverse=True):
        texts = [x.replace(words, "") for x in texts]
    return texts


def _player_page(page: Page, server: Server, token: str) -> list[str]:
    """The player's page with every part drawn and opened."""
    page.goto(f"{server.url}/player#{token}")
    page.wait_for_selector("#g-smear")
    page.wait_for_selector("#history li")
    page.wait_for_selector("#passkeys li")
    page.wait_for_selector("#sessions li")
    page.wait_for_selector("#link img", state="attached")
    page.click("#linkbox summary")
    page.click("#g-smear details summary")
    # the private link written out is an address, not words
    links = page.eval_on_selector_all("#link code, #link a, #link .invite", "els => els.map(e => e.textContent)")
    return _read(page, [*links, "random", "rule", "Ann"])


def _statistics(page: Page, lang: str) -> None:
    """Each statistic's name on the page is its name in ``lang``'s catalog (the server's data,
    marked where each is written), and there are the generic ones and Smear's own."""
    shown = page.eval_on_selector_all(
        "#g-smear table.stats tr", "els => els.map(e => [e.dataset.key, e.querySelector('th').textContent])"
    )
    names = {s.key: s.label for s in (*stats.GENERIC, *stats.stats_of(registry.game_class("smear")))}
    assert {"hands", "won", "bids"} <= {key for key, _name in shown}, shown
    with speaking(lang):
        expected = [[key, _(names[key])] for key, _name in shown]
    assert shown == expected
    assert all(said != names[key] for key, said in shown), shown


def _english(seen: list[str]) -> list[tuple[str, str]]:
    return [(m.group(0), x[max(0, m.start() - 80) : m.end() + 80]) for x in seen for m in ENGLISH.finditer(x)]


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (
            "de-DE",
            (
                "Spielerseite",
                "Die Tische, an denen du gesessen hast",
                "gegen:",
                "Aufzeichnung der Partie 1",
                "Geräte und Anmeldung",
                "Spanne",
                "Turniere",
                "Eine Aufzeichnung nachspielen",
            ),
        ),
        (
            "hi-IN",
            (
                "खिलाड़ी पेज",
                "वे मेज़ें जिन पर आप बैठे",
                "मैच 1 का रिकॉर्ड",
                "ख़िलाफ़:",
                "डिवाइस और साइन-इन",
                "सीमा",
                "टूर्नामेंट",
                "रिकॉर्ड दोबारा देखें",
            ),
        ),
    ],
)
def test_the_player_home_and_sign_in_pages_leave_no_english(
    chromium: Browser, quick: Server, locale: str, expected: tuple[str, ...]
) -> None:
    ann = quick.post("/api/players", {"name": "Ann"}).json()
    played(quick, ann["token"], "smear", ["human", "random", "rule", "random"], hands=1)
    page = _page(chromium, locale)
    seen = _player_page(page, quick, ann["token"])
    _statistics(page, locale[:2])
    # a newcomer's page, the home page and the sign-in page
    fresh = _page(chromium, locale)
    fresh.goto(quick.url + "/player")
    fresh.wait_for_selector("#nobody:not([hidden])")
    seen += _read(fresh, [])
    fresh.goto(quick.url + "/")
    fresh.wait_for_selector("#language")
    fresh.wait_for_function("document.querySelector('#tables li') !== null")
    seen += _read(fresh, [])
    fresh.goto(quick.url + "/signin")
    fresh.wait_for_selector("#send")
    seen += _read(fresh, [])
    said = "\n".join(seen)
    missing = [w for w in expected if w not in said]
    assert not missing, (missing, said[:1500])
    english = _english(seen)
    assert not english, english[:12]
    page.context.close()
    fresh.context.close()


def test_a_player_chooses_on_their_page_the_language_the_server_writes_to_them_in(
    chromium: Browser, quick: Server
) -> None:
    """The player page shows the language of the player's e-mail and notifications (none chosen:
    English) and changes it; choosing the page's own language in the picker keeps it for the
    player too, and it stays chosen when the page is opened again."""
    ann = quick.post("/api/players", {"name": "Ann"}).json()

    def kept() -> str | None:
        found: str | None = quick.post("/api/players/me", {"token": ann["token"]}).json()["language"]
        return found

    assert kept() is None
    page = _page(chromium, "de-DE")
    page.goto(f"{quick.url}/player#{ann['token']}")
    page.wait_for_selector("#mine:not([hidden]) #mylanguage option", state="attached")
    assert page.input_value("#mylanguage") == "en"
    assert "Die Sprache der E-Mails und Benachrichtigungen" in page.inner_text("#mylanguage-l")
    page.select_option("#mylanguage", "hi")
    page.locator("#mylanguage-saved", has_text="Gespeichert.").wait_for()
    assert kept() == "hi"
    # the page's language, chosen in the picker, is the player's too; the page reads in it
    with page.expect_navigation():
        page.select_option("#language", "de")
    page.wait_for_selector("#mine:not([hidden]) #mylanguage option", state="attached")
    assert kept() == "de" and page.input_value("#mylanguage") == "de"
    with page.expect_navigation():
        page.select_option("#language", "hi")
    page.wait_for_selector("#mine:not([hidden]) #mylanguage option", state="attached")
    assert kept() == "hi" and page.input_value("#mylanguage") == "hi"
    assert "इस सर्वर से आपको भेजे जाने वाले ई-मेल और सूचनाओं की भाषा" in page.inner_text("#mylanguage-l")
    assert page.evaluate("document.documentElement.lang") == "hi"
    page.context.close()
