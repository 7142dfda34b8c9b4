"""Names, the same on every database (`cardtable.web.names`): what a name may hold and how long it
may be, look-alike names refused where two would meet (at a table, in a tournament), bots seated
under their own names (so that only real bots stand on a leaderboard), and one person in one seat
at a table. The server's refusals are asked of a real server on SQLite and on PostgreSQL alike:
PostgreSQL once answered 500 to a bot seat of ``random:`` and a hundred letters (a ``VARCHAR(64)``
column) on five request paths, while SQLite stored 60,000 characters."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.registry import get_game
from cardtable.web import names
from cardtable.web.errors import Refused
from tests.web.client import Server, create, join

LONG_BOT = "random:" + "x" * 100


# --- the module itself ---


@pytest.mark.parametrize(
    "text",
    [
        "Ann",
        "José María",
        "Zoë 👍🏽",
        "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466",  # a family: emoji joined by ZWJ
        "\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f",  # Wales's flag
        "می\u200cخواهم",  # Persian with a zero-width non-joiner
        "Jean\u00a0Pierre",
        "1\ufe0f\u20e3",  # a keycap
        "\U0001fae8",  # an emoji newer than this Python's Unicode tables
    ],
)
def test_what_people_type_is_taken(text: str) -> None:
    assert names.text_problem(text) is None


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("a\x00b", "control"),
        ("a\tb", "control"),
        ("a\u2028b", "line break"),
        ("evil\u202eexe.txt", "direction"),  # a right-to-left override
        ("\u2067isolate", "direction"),
        ("x\u200by", "invisible"),  # a zero-width space
        ("soft\u00adhyphen", "invisible"),
        ("\ufeffbom", "invisible"),
        ("a\U000e0041b", "invisible"),  # a tag character outside a flag: hidden text
        ("\U0001f3f4\U000e0067", "flag"),  # a flag's tags without their end
        ("half \ud800", "surrogate"),
        ("\ue000", "private"),
        ("e" + "\u0301" * 9, "marks"),
        ("\u200d", "nothing"),
        ("   ", "nothing"),
    ],
)
def test_what_cannot_be_seen_for_what_it_is_is_refused(text: str, why: str) -> None:
    problem = names.text_problem(text)
    assert problem is not None and why in problem, problem


def test_a_name_is_kept_tidy_and_within_its_column() -> None:
    assert names.person("  Jean \u00a0 Pierre ") == "Jean Pierre"
    assert names.person("Zoe\u0308") == "Zoë"  # NFC
    assert names.person("a" * 40) == "a" * 40
    for bad in ("a" * 41, "", " ", None, 7, "x" * 60_000, "Ann\x07"):
        with pytest.raises(Refused) as refused:
            names.person(bad)
        assert refused.value.status == 400
    assert names.title("T" * 80) == "T" * 80
    with pytest.raises(Refused):
        names.title("T" * 81)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ann", "ANN"),
        ("Ann", "\u0410nn"),  # a Cyrillic А
        ("Ian", "lan"),  # a capital I and a small L
        ("Bob", "B0b"),
        ("Bob", "Ｂｏｂ"),  # full-width
        ("Bob", "𝐁𝐨𝐛"),  # mathematical bold
        ("Bob", "b\u200dob"),  # a joiner in the middle
        ("Ann Lee", "Ann  Lee"),
        ("Arne", "Ame"),  # rn and m
        ("O'Neil", "O\u2019Neil"),
        ("Jean-Luc", "Jean\u2013Luc"),
        ("Paula", "Ρaula"),  # a Greek Rho
    ],
)
def test_look_alike_names_meet(a: str, b: str) -> None:
    assert names.looks_alike(a, b)
    assert names.alike(b, ["Zed", a]) == a


@pytest.mark.parametrize(("a", "b"), [("Ann", "Anne"), ("José", "Jose"), ("Ann Lee", "AnnLee"), ("Lena", "Ilena")])
def test_different_names_do_not_meet(a: str, b: str) -> None:
    assert not names.looks_alike(a, b)


def test_bots_sit_under_their_own_names() -> None:
    game = get_game("smear")
    assert names.bot_name(game, "search") == "search:medium"
    assert names.bot_name(game, " rule ") == "rule"
    assert names.bot_name(game, "search:hard@.50") == "search:hard@0.5"
    assert names.bot_name(game, "search:classic") == "search:classic:medium"
    assert names.bot_name(game, "ear", {"ear": "python3 ear.py"}) == "ear"
    for spec, status in ((LONG_BOT, 400), ("random:abc", 422), ("rule:fast", 422), ("nobody", 422), ("cmd:ls", 422)):
        with pytest.raises(Refused) as refused:
            names.bot_name(game, spec)
        assert refused.value.status == status, spec
    assert names.is_bot_name(game, "search:medium") and not names.is_bot_name(game, "search")
    assert not names.is_bot_name(game, "random:anything at all")


def test_no_name_read_starts_a_program() -> None:
    from cardtable.web.tables.bots import PROGRAM_KINDS

    assert PROGRAM_KINDS <= names.RUNS_A_PROGRAM


# --- a real server, on each database ---


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path / 'tables.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_db")
    s = Server(db).start()
    try:
        yield s
    finally:
        s.stop()


def refused(r: httpx.Response, status: int, words: str = "") -> None:
    assert r.status_code == status, (r.status_code, r.text)
    message = r.json()["error"]
    assert "\n" not in message and len(message) <= 300 and words in message, message


def test_a_bot_name_is_never_a_500_on_any_database(server: Server) -> None:
    """The five paths that seat a bot refuse the same names the same way on both databases."""
    human = create(server, "smear", ["human", "rule", "rule", "rule"])
    refused(server.post("/api/tables", {"game": "smear", "seats": ["human", LONG_BOT, "rule", "rule"]}), 400, "bot")
    refused(server.post("/api/tables", {"game": "smear", "seats": ["random:abc"] * 4}), 422, "no such level")
    path = f"/api/tables/{human['table']}"
    refused(server.post(f"{path}/start", {"host": human["host"], "bot": LONG_BOT}), 400, "bot")
    refused(server.post(f"{path}/seats/0/bot", {"host": human["host"], "bot": LONG_BOT}), 400, "bot")
    tournament = {"name": "Cup", "game": "smear", "rounds": 1, "hands": 1}
    refused(server.post("/api/tournaments", {**tournament, "bot": LONG_BOT}), 400, "bot")
    made = server.post("/api/tournaments", tournament).json()
    entrant = server.post(f"/api/tournaments/{made['tournament']}/entrants", {"name": "Ann"}).json()
    replace = f"/api/tournaments/{made['tournament']}/entrants/{entrant['entrant']}/bot"
    refused(server.post(replace, {"director": made["director"], "bot": LONG_BOT}), 400, "bot")
    # a bot sits under its own name
    t = create(server, "smear", ["search:easy@.5", "random", "rule", "search"], hands=1)
    seats = server.get(f"/api/tables/{t['table']}").json()["seats"]
    assert [s["player"] for s in seats] == ["search:easy@0.5", "random", "rule", "search:medium"]


def test_names_and_look_alikes_are_refused_the_same_on_any_database(server: Server) -> None:
    t = create(server, "sheepshead", ["human", "human", "human", "rule", "rule"])
    body: dict[str, Any] = {"invite": t["invite"]}
    path = f"/api/tables/{t['table']}/join"
    for name in ("x" * 41, "x" * 60_000, "Ann\x00", "Ann\u202e", ""):
        refused(server.post(path, {**body, "name": name}), 400, "name")
    assert join(server, t, "Ann")["seat"] == 0
    refused(server.post(path, {**body, "name": "\u0410NN"}), 409, "Ann")  # a Cyrillic А, in capitals
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert join(server, t, f"{family} Lee")["seat"] == 1
    refused(server.post("/api/players", {"name": "Bob\u200b"}), 400, "name")
    assert server.post("/api/players", {"name": "Bob\u00a0Lee"}).json()["name"] == "Bob Lee"
    # tournaments: the name, the entrants and look-alike entrants
    refused(server.post("/api/tournaments", {"name": "T" * 81, "game": "smear", "rounds": 1, "hands": 1}), 400)
    made = server.post("/api/tournaments", {"name": "Cup \U0001f3c6", "game": "smear", "rounds": 1, "hands": 1})
    register = f"/api/tournaments/{made.json()['tournament']}/entrants"
    assert server.post(register, {"name": "Paula"}).status_code == 201
    refused(server.post(register, {"name": "\u03a1aula"}), 409, "Paula")  # a Greek Rho
    refused(server.post(register, {"name": "p" * 41}), 400, "name")


def test_one_person_holds_one_seat(server: Server) -> None:
    """A person is known by what their client shows: a player's token, or a seat's token at this
    table. A player seated here cannot take a guest seat too, nor a guest a player's seat."""
    t = create(server, "sheepshead", ["human", "human", "human", "rule", "rule"])
    path = f"/api/tables/{t['table']}/join"
    player = server.post("/api/players", {"name": "Ann"}).json()
    seated = server.post(path, {"invite": t["invite"], "player": player["token"]}).json()
    refused(server.post(path, {"invite": t["invite"], "name": "Guest", "token": seated["token"]}), 409, "already sit")
    refused(server.post(path, {"invite": t["invite"], "player": player["token"], "name": "Other"}), 409, "already sit")
    guest = join(server, t, "Ben")
    other = server.post("/api/players", {"name": "Cy"}).json()
    refused(
        server.post(path, {"invite": t["invite"], "player": other["token"], "token": guest["token"]}),
        409,
        "already sit",
    )
    assert server.post(path, {"invite": t["invite"], "player": other["token"]}).status_code == 200


def test_the_leaderboard_shows_only_real_bots(tmp_path: Path) -> None:
    """A name stored for a bot before bots sat under their own names (``random:`` and any text)
    is left off the leaderboard; the known bots stay."""
    from cardtable.web.database import make_engine
    from cardtable.web.ops.migrate import upgrade
    from cardtable.web.players import store as ratings_store
    from cardtable.web.players.ratings import Skill

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    upgrade(url)
    engine = make_engine(url)
    junk = "random:visit evil.example"
    ratings_store.write_skills(engine, "smear", {"bot:rule": Skill(), f"bot:{junk}": Skill(), "bot:search": Skill()})
    engine.dispose()
    s = Server(url).start()
    try:
        bots = [b["bot"] for b in s.get("/api/leaderboard/smear").json()["bots"]]
    finally:
        s.stop()
    assert bots == ["rule"], bots


def test_a_stored_name_that_is_no_bot_is_neither_compared_with_nor_given_a_page(tmp_path: Path) -> None:
    """A player's page compares a settled rating with the nearest real bot only, and a name stored
    for a bot before bots sat under their own names has no bot page."""
    from cardtable.web.database import make_engine
    from cardtable.web.ops.migrate import upgrade
    from cardtable.web.players import store as ratings_store
    from cardtable.web.players.ratings import Skill, player_key

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    upgrade(url)
    junk = "random:visit evil.example"
    s = Server(url).start()
    try:
        ann = s.post("/api/players", {"name": "Ann"}).json()
        engine = make_engine(url)
        ratings_store.write_skills(
            engine,
            "smear",
            {
                player_key(ann["player"]): Skill(30.0, 1.0, 80),
                f"bot:{junk}": Skill(30.1, 1.0, 500),  # the nearest, but no bot
                "bot:rule": Skill(26.0, 1.0, 500),
            },
        )
        engine.dispose()
        rating = s.post("/api/players/me", {"token": ann["token"]}).json()["ratings"]["smear"]
        assert rating["provisional"] is False and rating["like"] == "rule", rating
        assert s.get("/api/bots/rule").status_code == 200
        got = s.get(f"/api/bots/{junk}")
        assert got.status_code == 404 and "no bot of that name" in got.json()["error"]
    finally:
        s.stop()
