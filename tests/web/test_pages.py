"""The pages' own endpoints, in process: the games with their house rules, and records replayed
for the viewer (with bad input refused in one line)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi")

from collections.abc import Iterator

from fastapi.testclient import TestClient

from cardtable.record import HandLog
from cardtable.registry import get_game, names
from cardtable.web.app import create_app
from cardtable.web.settings import Settings


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("pages") / "tables.db"
    settings = Settings(db=f"sqlite:///{db}", bot_workers=0, allowed_hosts=("testserver",), replay_burst=1000)
    with TestClient(create_app(settings)) as client:
        yield client


def test_the_pages_are_served(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/replay", "/static/js/table.js", "/static/cards/10D.svg", "/static/cards/4/10D.svg"):
        assert client.get(path).status_code == 200, path
    assert client.get("/static/../pages.py").status_code == 404


def test_each_game_serves_its_own_page_module_and_nothing_else(client: TestClient) -> None:
    for game in ("seep", "smear", "sheepshead"):
        got = client.get(f"/static/games/{game}/game.js")
        assert got.status_code == 200 and got.headers["content-type"].startswith("text/javascript"), game
        assert "export function game(kit)" in got.text and f"@module {game}" in got.text
    # a game without a module of its own gets the generic one (its pages draw it the generic way)
    generic = client.get("/static/games/toy/game.js")
    assert generic.status_code == 200 and "@module gamedefault" in generic.text
    for path in (
        "/static/games/nosuchgame/game.js",  # not a registered game
        "/static/games/seep/other.js",  # no such module
        "/static/games/seep/game.py",  # not a module's name
        "/static/games/seep/..%2fgame.py",  # out of the game's web folder
        "/static/games/seep/%2e%2e%2f%2e%2e%2fweb%2fpages.py",
        "/static/games/seep/../../web/pages.py",
        "/static/games/..%2f..%2fweb/pages.py",
        "/static/games/seep/.js",
        "/static/games/seep/Game.js",
    ):
        got = client.get(path)
        assert got.status_code == 404, path
        assert "def " not in got.text and "import " not in got.text, path


def test_every_game_lists_every_house_rule_with_its_meaning(client: TestClient) -> None:
    got = client.get("/api/games").json()
    assert [g["name"] for g in got["games"]] == names()
    for g in got["games"]:
        rules = get_game(g["name"]).rules
        assert {o["name"] for o in g["options"]} == set(type(rules).__dataclass_fields__)
        assert all(o["doc"] and o["rule"] for o in g["options"]), g["name"]
        assert "standard" in g["presets"]
    facts = {g["name"]: (g["partnerships"], g["match_hands"]) for g in got["games"]}
    assert facts["seep"] == facts["smear"] == (True, None) and facts["sheepshead"] == (False, 5)
    assert {"rule", "search:hard"} <= {b["name"] for b in got["bots"]}


def played_record(game_name: str, seed: int) -> dict[str, object]:
    game = get_game(game_name)
    log = HandLog(game, dealer=game.seats - 1)
    state = log.deal(random.Random(seed))
    rng = random.Random(seed)
    while game.actor(state) is not None:
        state = log.act(rng.choice(game.legal_actions(state)))
    return log.record()


@pytest.mark.parametrize("game_name", ["seep", "smear", "sheepshead"])
def test_a_record_replays_with_every_hand_face_up(client: TestClient, game_name: str) -> None:
    record = played_record(game_name, 3)
    got = client.post("/api/replay?seat=0", json=record).json()
    actions = len(record["hands"][0]["actions"])  # type: ignore[index]
    assert len(got["steps"]) == actions + 1
    first = got["steps"][0]
    dealt = sum(len(view["hand"]) for view in first["views"])
    assert dealt > 0 and len(first["views"]) == get_game(game_name).seats
    assert got["report"]["hands"][0]["result"] != "unfinished"
    brief = client.post("/api/replay?steps=false", json=record).json()
    assert "steps" not in brief and brief["report"] == got["report"]


def test_bad_records_are_refused_in_one_line(client: TestClient) -> None:
    for body, status in ((b"{not json", 400), (b'{"game": "chess"}', 422), (b"[1, 2]", 422)):
        got = client.post("/api/replay", content=body, headers={"content-type": "application/json"})
        assert got.status_code == status, body
        message = got.json()["error"]
        assert message and "\n" not in message and "Traceback" not in message
    record = played_record("smear", 4)
    record["hands"][0]["actions"][0] = "3 play 9Z"  # type: ignore[index]
    got = client.post("/api/replay", json=record)
    assert got.status_code == 422 and "9Z" in got.json()["error"]


@pytest.mark.parametrize("game_name", ["seep", "smear", "sheepshead"])
def test_the_hands_ends_are_told_with_the_records_names(client: TestClient, game_name: str) -> None:
    # The table's summary of a hand comes from here: its players by the names the record gives
    # (two of the same name told apart by the seat), "you" for the seat asking.
    record = played_record(game_name, 5)
    plain = client.post("/api/replay?steps=false", json=record).json()["narration"]
    seats = get_game(game_name).seats
    record["players"] = ["Ann", "Ben", "rule", "rule", "Eve"][:seats]
    named = client.post("/api/replay?steps=false", json=record).json()["narration"]
    told = " ".join(line for hand in named for line in hand)
    assert named != plain and "Seat 0" not in told and "Ann" in told
    assert "Ben" in told or game_name != "seep"  # Seep's hand end names the sides: Ann and Seat 2
    assert "rule" not in told  # a bot, named by its kind, is told by its seat
    if game_name == "seep":
        assert "Ann and Seat 2" in told and "Ben and Seat 3" in told
    mine = client.post("/api/replay?steps=false&seat=0", json=record).json()["narration"]
    assert "Ann" not in " ".join(line for hand in mine for line in hand)


def test_a_match_the_table_ended_names_nobody_to_deal_next(client: TestClient) -> None:
    # A Seep match at the table ends at its baazi, sooner than the game's own rule: the page asks
    # with ended=true, and the last hand is told without who deals next (the others still are).
    game = get_game("seep")
    log = HandLog(game, dealer=3)
    rng = random.Random(5)
    for hand in range(2):
        if hand:
            assert log.next_hand() is not None
        state = log.deal(rng)
        while game.actor(state) is not None:
            state = log.act(rng.choice(game.legal_actions(state)))
    record = log.record()
    assert len(record["hands"]) == 2
    told = client.post("/api/replay?steps=false", json=record).json()["narration"]
    ended = client.post("/api/replay?steps=false&ended=true", json=record).json()["narration"]
    assert told[-1][-1].endswith((" next.", " again."))
    assert ended[-1] == told[-1][:-1] and ended[0] == told[0]
