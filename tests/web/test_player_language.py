"""Each player's language, kept by the server (migration 0015), and the server's own messages said
in it (docs/languages.md, "The server's own messages"): the turn notice's e-mail, the hourly
digest, the push body, the address's confirmation and the sign-in link, in German, in Hindi, and in
English for a player with none. The player chooses it (``POST /api/players/me/language``), or it is
learned from the request that made the player or confirmed their address."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from sqlalchemy import select

from cardtable.i18n import LOCALE_DIR, language_of_header, named_language
from cardtable.web import schema
from cardtable.web.notices import store
from cardtable.web.notices.store import Prefs
from cardtable.web.players import store as players_store
from tests.web.mailsink import body, smtp_sink
from tests.web.test_notices import BASE, World, browser_keys, no_card, push_service, run
from tests.web.test_notices import world as world  # the fixture: SQLite and PostgreSQL
from tests.web.test_signin import Site, running, sign_in_by_mail

#: What stays as it is in every language: names, places, the game's title where the language keeps
#: it, the time zone, the server's name, the word "Link" (German says it so).
DATA = re.compile(
    r"https?://\S+|\b[0-9a-f]{12,16}\b|Europe/Berlin|Asia/Kolkata|UTC|cardtable|Four-Point Smear|Seep|Ann\b"
)
WORD = re.compile(r"[A-Za-z]{3,}")


def _translations(language: str) -> list[str]:
    """Every translation in the language's catalog (each plural form apart)."""
    with open(LOCALE_DIR / language / "LC_MESSAGES" / "cardtable.po", "rb") as f:
        found = [m.string for m in read_po(f) if m.id]
    return [s for said in found for s in ([said] if isinstance(said, str) else said) if s]


def english_left(said: str, english: str, language: str) -> list[str]:
    """What in ``said`` is not in ``language``: the English words of ``english`` (the same
    message to a player who reads English) that it still has, its data left out (the German say
    ``Link`` too), and each line whose words are not a translation of the catalog's (every fixed
    piece of some translation found in it)."""
    words = set(WORD.findall(DATA.sub(" ", english))) - {"Link"}
    found = sorted(w for w in set(WORD.findall(DATA.sub(" ", said))) if w in words)
    pieces = [
        kept
        for translation in _translations(language)
        if (kept := [p.strip() for p in re.split(r"\{\w+\}", translation) if len(p.strip()) >= 3])
    ]
    for line in said.splitlines():
        if DATA.sub("", line).strip(" -:().") and not any(all(p in line for p in kept) for kept in pieces):
            found.append(line)
    return found


def language_of_row(world: World, pid: str) -> str | None:
    with world.engine.connect() as conn:
        found = conn.execute(select(schema.players.c.language).where(schema.players.c.id == pid)).scalar()
    return None if found is None else str(found)


# --- the notices ---


def _one_notice(world: World, language: str | None, address: str) -> tuple[str, str]:
    pid = world.player("Ann", address)
    if language is not None:
        players_store.set_language(world.engine, pid, language)
    store.set_prefs(world.engine, pid, Prefs(zone="Europe/Berlin", quiet_from=0, quiet_to=0), 0.0)
    tid = world.table("smear", 4)
    world.seat(tid, 1, pid)
    world.wait(tid, 1, 3, game="smear", hours=26)
    return pid, tid


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", ("Du bist dran: Four-Point Smear", "Dienstag, 8. Dezember um 15:00 (Europe/Berlin)", "1 Tag 2 Stunden")),
        ("hi", ("फ़ोर-पॉइंट स्मियर में आपकी बारी", "मंगलवार, 8 दिसंबर, 15:00 बजे (Europe/Berlin)", "1 दिन 2 घंटे")),
    ],
)
def test_the_turn_email_is_in_the_players_language(world: World, language: str, expected: tuple[str, ...]) -> None:
    _, tid = _one_notice(world, None, "en@example.org")
    _, tid2 = _one_notice(world, language, "them@example.org")
    with smtp_sink() as sink:
        assert run(world.sender(sink.url)) == 2
        (english,) = sink.wait_for("en@example.org")
        (said,) = sink.wait_for("them@example.org")
    en_text, text = english["Subject"] + "\n" + body(english), said["Subject"] + "\n" + body(said)
    # a player with no language reads English, as before
    assert english["Subject"] == "Your turn at Four-Point Smear"
    assert "Tuesday 8 December at 15:00 (Europe/Berlin), in 1 day 2 hours" in en_text
    assert all(e in text for e in expected), text
    # the links are the same links
    assert f"{BASE}/t/{tid2}" in text and f"{BASE}/player#notices" in text and f"{BASE}/t/{tid}" in en_text
    assert said["List-Unsubscribe"] == f"<{BASE}/player#notices>"
    assert (said["Content-Language"], english["Content-Language"]) == (language, "en")
    left = english_left(text, en_text.replace(tid, tid2), language)
    assert not left, (left, text)
    no_card(text)


@pytest.mark.parametrize(("language", "subject"), [("de", "Du bist an 3 Tischen dran"), ("hi", "3 मेज़ों पर आपकी बारी")])
def test_the_digest_is_in_the_players_language_with_its_plural(world: World, language: str, subject: str) -> None:
    made = {}
    for who, lang in (("en@example.org", None), ("them@example.org", language)):
        pid = world.player("Ann", who)
        if lang is not None:
            players_store.set_language(world.engine, pid, lang)
        store.set_prefs(world.engine, pid, Prefs(often="hourly", quiet_from=0, quiet_to=0), 0.0)
        made[who] = [world.table(g) for g in ("seep", "smear", "sheepshead")]
        for tid in made[who]:
            world.seat(tid, 0, pid)
            world.wait(tid, 0, 1)
    with smtp_sink() as sink:
        assert run(world.sender(sink.url)) == 2
        (english,) = sink.wait_for("en@example.org")
        (said,) = sink.wait_for("them@example.org")
    assert english["Subject"] == "Your turn at 3 tables" and said["Subject"] == subject
    assert (said["Content-Language"], english["Content-Language"]) == (language, "en")
    text = said["Subject"] + "\n" + body(said)
    en_text = english["Subject"] + "\n" + body(english)
    for mine, theirs in zip(made["en@example.org"], made["them@example.org"], strict=True):
        en_text = en_text.replace(mine, theirs)
    assert all(f"{BASE}/t/{tid}" in text for tid in made["them@example.org"])
    left = english_left(text, en_text, language)
    assert not left, (left, text)
    no_card(text)


@pytest.mark.parametrize(("language", "title"), [("de", "Du bist dran: Seep"), ("hi", "सीप में आपकी बारी")])
def test_the_push_body_is_in_the_players_language(world: World, language: str, title: str) -> None:
    import http_ece

    ann = world.player("Ann")
    players_store.set_language(world.engine, ann, language)
    store.set_prefs(world.engine, ann, Prefs(email=False, quiet_from=0, quiet_to=0), 0.0)
    key, p256dh, auth, auth_text = browser_keys()
    tid = world.table("seep")
    world.seat(tid, 1, ann)
    world.wait(tid, 1, 9, hours=3)
    with push_service() as service:
        store.add_subscription(world.engine, ann, f"http://127.0.0.1:{service.port}/push/abc", p256dh, auth_text, 0.0)
        assert run(world.sender(None)) == 1
        ((_, _, data),) = service.requests
    payload = json.loads(http_ece.decrypt(data, private_key=key, auth_secret=auth, version="aes128gcm"))
    assert payload["title"] == title and payload["lang"] == language and payload["url"] == f"{BASE}/t/{tid}"
    english = (
        f"Ann, it is your turn at Seep (table {tid}, seat 1). "
        "Your move is due by Monday 7 December at 15:00 (UTC), in 3 hours."
    )
    left = english_left(payload["body"], english, language)
    assert not left, (left, payload)


def test_the_language_is_in_the_database_and_survives_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with running(db, tmp_path) as site:
        ann = site.player()
        r = site.post("/api/players/me/language", {"token": ann["token"], "language": "hi"})
        assert r.status_code == 200 and r.json() == {"language": "hi"}
    with running(db, tmp_path) as site:
        assert site.post("/api/players/me", {"token": ann["token"]}).json()["language"] == "hi"
        site.verified(ann, "ann@example.org")
        (confirm,) = site.sink.to("ann@example.org")
        assert confirm["Subject"] == "अपने ई-मेल पते की पुष्टि करें"


# --- the sign-in e-mails ---


def _texts(site: Site, address: str, count: int) -> list[str]:
    return [m["Subject"] + "\n" + body(m) for m in site.sink.wait_for(address, count)]


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    with running(f"sqlite:///{tmp_path / 'tables.db'}", tmp_path) as found:
        yield found


@pytest.mark.parametrize(
    ("how", "language", "subjects"),
    [
        ({"json": {"lang": "de"}}, "de", ("Bestätige deine E-Mail-Adresse", "Dein Anmeldelink")),
        (
            {"headers": {"accept-language": "fr-CH, hi;q=0.9, en;q=0.5"}},
            "hi",
            ("अपने ई-मेल पते की पुष्टि करें", "आपका साइन-इन लिंक"),
        ),
    ],
)
def test_the_confirmation_and_the_sign_in_link_are_in_the_language_the_player_was_made_in(
    site: Site, how: dict[str, Any], language: str, subjects: tuple[str, str]
) -> None:
    english = site.player("En")
    r = site.client.post("/api/players", json={"name": "Ann", **how.get("json", {})}, headers=how.get("headers", {}))
    assert r.status_code == 201, r.text
    ann = r.json()
    assert site.post("/api/players/me", {"token": ann["token"]}).json()["language"] == language
    assert site.post("/api/players/me", {"token": english["token"]}).json()["language"] is None
    for who, address in ((english, "en@example.org"), (ann, "ann@example.org")):
        site.verified(who, address)
        sign_in_by_mail(site, address, 2)
    en_texts, texts = _texts(site, "en@example.org", 2), _texts(site, "ann@example.org", 2)
    assert [t.splitlines()[0] for t in en_texts] == ["Confirm your e-mail address", "Your sign-in link"]
    assert tuple(t.splitlines()[0] for t in texts) == subjects
    assert [m["Content-Language"] for m in site.sink.to("ann@example.org")] == [language, language]
    for said, en in zip(texts, en_texts, strict=True):
        link, en_link = (
            re.findall(r"http://testserver/signin#\S+", said),
            re.findall(r"http://testserver/signin#\S+", en),
        )
        assert len(link) == len(en_link) == 1
        left = english_left(said.replace("En", "Ann"), en.replace(en_link[0], link[0]).replace("En", "Ann"), language)
        assert not left, (left, said)


def test_a_chosen_language_is_used_and_kept_over_the_requests(site: Site) -> None:
    ann = site.player()
    r = site.post("/api/players/me/language", {"token": ann["token"], "language": "de"})
    assert r.status_code == 200
    # confirming the address from a Hindi page keeps the chosen German
    before = len(site.sink.to("ann@example.org"))
    site.post("/api/players/me/email", {"token": ann["token"], "address": "ann@example.org", "lang": "hi"})
    (token,) = site.links("ann@example.org", before + 1)
    assert site.post("/api/signin/link", {"token": token, "lang": "hi"}).status_code == 200
    assert site.post("/api/players/me", {"token": ann["token"]}).json()["language"] == "de"
    # a sign-in link asked from a Hindi page: in the player's German
    sign_in_by_mail(site, "ann@example.org", 2)
    assert [m["Subject"] for m in site.sink.to("ann@example.org")] == [
        "Bestätige deine E-Mail-Adresse",
        "Dein Anmeldelink",
    ]
    # changed again: the next link is in Hindi
    site.post("/api/players/me/language", {"token": ann["token"], "language": "hi"})
    site.post("/api/signin/email", {"address": "ann@example.org", "lang": "de"})
    assert site.sink.wait_for("ann@example.org", 3)[-1]["Subject"] == "आपका साइन-इन लिंक"


def test_a_player_with_no_language_learns_the_one_they_confirm_their_address_in(site: Site) -> None:
    ann = site.player()
    assert site.post("/api/players/me", {"token": ann["token"]}).json()["language"] is None
    r = site.client.post(
        "/api/players/me/email",
        json={"token": ann["token"], "address": "ann@example.org"},
        headers={"accept-language": "de-AT,de;q=0.9"},
    )
    assert r.status_code == 200
    (msg,) = site.sink.wait_for("ann@example.org")
    assert msg["Subject"] == "Bestätige deine E-Mail-Adresse"
    assert site.post("/api/players/me", {"token": ann["token"]}).json()["language"] == "de"


def test_a_link_to_an_address_with_no_player_is_answered_alike_in_any_language(site: Site) -> None:
    ann = site.player()
    site.post("/api/players/me/language", {"token": ann["token"], "language": "hi"})
    site.verified(ann, "ann@example.org")
    for lang in ("de", "hi", "en", None):
        site.clock.advance(900)  # the address's limit on links fills again
        ask = {} if lang is None else {"lang": lang}
        known = site.client.post("/api/signin/email", json={"address": "ann@example.org", **ask})
        unknown = site.client.post("/api/signin/email", json={"address": f"nobody{lang}@example.org", **ask})
        assert (known.status_code, known.content) == (unknown.status_code, unknown.content)
        assert {k: v for k, v in known.headers.items() if k != "date"} == {
            k: v for k, v in unknown.headers.items() if k != "date"
        }
    site.settle()
    links = site.sink.to("ann@example.org")[1:]
    assert len(links) == 4 and all(m["Subject"] == "आपका साइन-इन लिंक" for m in links)
    assert not [m for m in site.sink.messages if m["To"].startswith("nobody")]


# --- bad input ---


@pytest.mark.parametrize("bad", ["fr", "de-AT", "DE", "", "x" * 5000, 5, None, ["de"], {"de": 1}, True])
def test_a_language_that_is_not_ours_is_refused_in_one_line(site: Site, bad: object) -> None:
    ann = site.player()
    site.post("/api/players/me/language", {"token": ann["token"], "language": "de"})
    r = site.post("/api/players/me/language", {"token": ann["token"], "language": bad})
    assert r.status_code == 400 and r.json() == {"error": "language: expected one of en, de, hi"}
    assert site.post("/api/players/me", {"token": ann["token"]}).json()["language"] == "de"
    assert site.post("/api/players/me/language", {"token": "nobody.x", "language": "de"}).status_code == 403


@pytest.mark.parametrize("wish", ["fr", "klingon-XX", "x" * 5000, 5, None, ["de"], {"de": 1}])
def test_a_wish_that_is_not_ours_makes_a_player_with_no_language(site: Site, wish: object) -> None:
    r = site.client.post(
        "/api/players", json={"name": "Ann", "lang": wish}, headers={"accept-language": "fr-FR,*;q=0.5"}
    )
    assert r.status_code == 201, r.text
    assert site.post("/api/players/me", {"token": r.json()["token"]}).json()["language"] is None


def test_the_wishes_are_read_as_the_pages_read_them() -> None:
    assert named_language("de-AT") == "de" and named_language("hi_IN") == "hi" and named_language("fr") is None
    assert named_language(5) is None and named_language("de" + "x" * 100) is None
    assert language_of_header("fr-CH, de;q=0.8, en;q=0.5") == "de"
    assert language_of_header("en;q=0.1, hi;q=0.2") == "hi"
    assert language_of_header("de;q=0, hi") == "hi"
    for nothing in ("*", "", "fr", "de;q=x", None, 5, "de-" * 1000):
        assert language_of_header(nothing) is None, nothing


# --- the games' titles ---


def test_a_game_is_named_by_its_own_title_as_its_page_module_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable import registry
    from cardtable.i18n import speaking
    from cardtable.web.notices.sender import game_title

    games = Path(registry.__file__).resolve().parent / "games"
    for name in ("seep", "smear", "sheepshead"):
        title = registry.title(name)
        assert f'title: t("{title}")' in (games / name / "web" / "game.js").read_text(encoding="utf-8")
        with speaking("hi"):
            assert game_title(name) != title  # said in the reader's language
    monkeypatch.setitem(registry._MODULES, "toy_game", "tests.toygame")
    assert registry.title("toy_game") == "Toy game" and game_title("gone") == "gone"


# --- the migration ---


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_migration_0015_adds_the_language_and_goes_down(
    request: pytest.FixtureRequest, tmp_path: Path, kind: str
) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, inspect

    from cardtable.web.ops.migrate import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'tables.db'}" if kind == "sqlite" else request.getfixturevalue("pg_db")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, "0014")
    engine = create_engine(url)
    with engine.begin() as conn:  # a player made before the language was kept
        conn.exec_driver_sql(
            "INSERT INTO players (id, name, token_hash, listed, created) VALUES ('aaaaaaaaaaaa', 'Ann', 'x', false, 0)"
        )
    command.upgrade(config, "head")
    seen = inspect(engine)
    assert [c["name"] for c in seen.get_columns("players")] == [c.name for c in schema.players.columns]
    (column,) = [c for c in seen.get_columns("players") if c["name"] == "language"]
    assert column["nullable"]
    assert players_store.player_by_id(engine, "a" * 12) is not None
    assert players_store.language_of_player(engine, "a" * 12) is None
    players_store.set_language(engine, "a" * 12, "hi")
    assert players_store.learn_language(engine, "a" * 12, "de") == "hi"  # a choice is kept
    command.downgrade(config, "0014")
    assert "language" not in [c["name"] for c in inspect(engine).get_columns("players")]
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT name FROM players").scalars().all() == ["Ann"]
    command.upgrade(config, "head")
    assert players_store.language_of_player(engine, "a" * 12) is None
    engine.dispose()
