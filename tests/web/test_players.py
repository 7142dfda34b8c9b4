"""Players who persist: made with a name, a private token kept only as its hash, sitting down at
tables as themselves, their history and records, the leaderboard's listing, and every bad input
refused with nothing changed (docs/web.md, "Players and ratings")."""

from __future__ import annotations

import dataclasses
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.record import replay_record
from cardtable.web.app import create_app
from cardtable.web.settings import Settings


def settings(tmp_path: Path) -> Settings:
    # grace 0: a seat whose person never connects is played by the stand-in at once
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    return Settings(db=db, bot_pause=0, summary_pause=0, bot_workers=0, grace=0.0, allowed_hosts=("testserver",))


def wait_for(client: TestClient, table: str, status: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        summary: dict[str, Any] = client.get(f"/api/tables/{table}").json()
        if summary["status"] == status:
            return summary
        time.sleep(0.05)
    raise TimeoutError(status)


def new_player(client: TestClient, name: str = "Ann", **kw: Any) -> dict[str, Any]:
    r = client.post("/api/players", json={"name": name, **kw})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def me(client: TestClient, token: str) -> dict[str, Any]:
    r = client.post("/api/players/me", json={"token": token})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def play_as(client: TestClient, player: dict[str, Any], game: str, seats: list[str], hands: int) -> str:
    """A table where ``player`` sits in the human seat; played to its end (the stand-in moves for
    the absent person). Returns the table's id."""
    t = client.post("/api/tables", json={"game": game, "seats": seats, "hands": hands}).json()
    r = client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "player": player["token"]})
    assert r.status_code == 200, r.text
    wait_for(client, t["table"], "over")
    table: str = t["table"]
    return table


def test_a_player_is_made_with_a_name_and_a_token_kept_only_as_its_hash(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        p = new_player(client, "  Ann  ")
        assert p["name"] == "Ann" and p["listed"] is False
        assert p["token"].startswith(p["player"] + ".") and len(p["token"]) >= len(p["player"]) + 23
        page = me(client, p["token"])
        assert page["name"] == "Ann" and page["tables"] == [] and page["ratings"] == {}
    raw = (tmp_path / "tables.db").read_bytes() + b"".join(q.read_bytes() for q in tmp_path.glob("tables.db-*"))
    assert p["token"].encode() not in raw
    assert p["token"].split(".")[1].encode() not in raw


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"name": ""}, 400, "name"),
        ({"name": "   "}, 400, "name"),
        ({"name": "x" * 41}, 400, "name"),
        ({"name": "Ann\x07"}, 400, "name"),
        ({"name": "Ann\nBen"}, 400, "name"),
        ({"name": 7}, 400, "name"),
        ({}, 400, "name"),
        ({"name": "Ann", "listed": "yes"}, 400, "listed"),
    ],
)
def test_a_bad_player_is_refused_and_nothing_is_made(
    tmp_path: Path, body: dict[str, Any], status: int, words: str
) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        r = client.post("/api/players", json=body)
        assert r.status_code == status and words in r.json()["error"] and "\n" not in r.json()["error"]
    with sqlite3.connect(tmp_path / "tables.db") as db:
        assert db.execute("select count(*) from players").fetchone() == (0,)


def test_a_wrong_player_token_is_refused_everywhere(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        p = new_player(client)
        pid, secret = p["token"].split(".")
        t = client.post("/api/tables", json={"game": "smear", "seats": ["human", "rule", "rule", "rule"]}).json()
        other_end = "y" if secret.endswith("x") else "x"  # a token one character off the real one
        for wrong in (
            None,
            7,
            "",
            "nonsense",
            f"{pid}.{secret[:-1]}{other_end}",
            f"{pid}.",
            "0" * 12 + "." + secret,
            "x" * 5000,
        ):
            for path, body in (
                ("/api/players/me", {"token": wrong}),
                ("/api/players/me/listed", {"token": wrong, "listed": True}),
                (f"/api/tables/{t['table']}/join", {"invite": t["invite"], "player": wrong}),
            ):
                r = client.post(path, json=body)
                assert r.status_code == 403, (path, wrong, r.text)
                assert r.json()["error"] == "the player token is not a player's"
        assert client.get(f"/api/tables/{t['table']}").json()["seats"][0]["taken"] is False
        assert me(client, p["token"])["listed"] is False


def test_a_player_sits_in_one_seat_of_a_table_at_most_and_guests_still_sit(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        p = new_player(client, "Ann")
        t = client.post("/api/tables", json={"game": "seep", "seats": ["human", "human", "human", "rule"]}).json()
        url = f"/api/tables/{t['table']}/join"
        first = client.post(url, json={"invite": t["invite"], "player": p["token"]})
        assert first.status_code == 200 and first.json()["seat"] == 0
        again = client.post(url, json={"invite": t["invite"], "player": p["token"], "seat": 2})
        assert again.status_code == 409 and again.json()["error"] == "you already sit at this table, in seat 0"
        seats = client.get(f"/api/tables/{t['table']}").json()["seats"]
        assert seats[0]["name"] == "Ann" and not seats[2]["taken"] and not seats[1]["taken"]
        guest = client.post(url, json={"invite": t["invite"], "name": "Guest"})
        assert guest.status_code == 200 and guest.json()["seat"] == 1
        # a player's own name may be replaced at one table, checked as any name
        other = new_player(client, "Ben")
        bad = client.post(url, json={"invite": t["invite"], "player": other["token"], "name": "B\x00"})
        assert bad.status_code == 400
        assert not client.get(f"/api/tables/{t['table']}").json()["seats"][2]["taken"]
        assert [x["table"] for x in me(client, p["token"])["tables"]] == [t["table"]]
        assert me(client, other["token"])["tables"] == []


def test_a_players_page_shows_the_tables_records_and_a_provisional_rating(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        p = new_player(client, "Ann")
        table = play_as(client, p, "smear", ["human", "rule", "random", "rule"], hands=3)
        page = me(client, p["token"])
        (row,) = page["tables"]
        assert row["table"] == table and row["game"] == "smear" and row["seat"] == 0 and row["status"] == "over"
        assert row["matches"] == [0]
        record = client.get(row["records"][0]).json()
        assert len(record["hands"]) == 3 and replay_record(record)[0] == 0
        rated = row["rated_hands"]
        assert 1 <= rated <= 3  # a hand passed out is no contest
        rating = page["ratings"]["smear"]
        assert rating["hands"] == rated
        # the rating shown is the mean, inside its range; the floor is the cautious mu - 3 sigma.
        # Each figure is rounded to 2 places on its own, so the floor computed from the shown mu and
        # sigma may be off by half a cent from the floor, the mu and each of three sigmas: 0.025.
        assert rating["low"] < rating["rating"] == rating["mu"] < rating["high"]
        assert rating["floor"] == pytest.approx(rating["mu"] - 3 * rating["sigma"], abs=0.025 + 1e-9)
        assert rating["sigma"] < 8.34  # learned something
        # a few hands settle nothing: provisional, and no bot is named as its match yet
        assert rating["provisional"] is True and rating["like"] is None and "like_rating" not in rating


def test_the_record_of_a_match_in_play_holds_no_unfinished_hand(tmp_path: Path) -> None:
    waiting = dataclasses.replace(settings(tmp_path), grace=30.0)  # the people's seats wait for them
    with TestClient(create_app(waiting)) as client:
        p = new_player(client, "Ann")
        t = client.post("/api/tables", json={"game": "smear", "seats": ["human", "human", "rule", "rule"]}).json()
        client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "player": p["token"]})
        client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "name": "Guest"})
        with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            ws.send_json({"t": "hello", "token": None, "v": 0})
            ws.receive_json()
            (row,) = me(client, p["token"])["tables"]
            assert row["matches"] == [0] and row["rated_hands"] == 0
            r = client.get(row["records"][0])
            assert r.status_code == 404 and r.json()["error"] == "no hand of that match has finished yet"


def test_the_leaderboard_lists_only_players_who_chose_it_and_the_bots_apart(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        ann = new_player(client, "Ann", listed=True)
        ben = new_player(client, "Ben")
        for p in (ann, ben):
            play_as(client, p, "smear", ["human", "random", "rule", "random"], hands=2)
        board = client.get("/api/leaderboard/smear").json()
        assert [x["name"] for x in board["players"]] == ["Ann"]
        assert board["players"][0]["rank"] is None and board["players"][0]["provisional"]  # two hands settle nothing
        assert {b["bot"] for b in board["bots"]} == {"random", "rule"}
        assert "token" not in str(board) and ann["player"] not in str(board)
        listed = client.post("/api/players/me/listed", json={"token": ben["token"], "listed": True}).json()
        assert listed["listed"] is True
        names = [x["name"] for x in client.get("/api/leaderboard/smear").json()["players"]]
        assert sorted(names) == ["Ann", "Ben"]
        shown = client.get("/api/leaderboard/smear").json()["players"]
        assert [x["rating"] for x in shown] == sorted((x["rating"] for x in shown), reverse=True)
        client.post("/api/players/me/listed", json={"token": ann["token"], "listed": False})
        assert [x["name"] for x in client.get("/api/leaderboard/smear").json()["players"]] == ["Ben"]
        assert client.post("/api/players/me/listed", json={"token": ann["token"], "listed": 1}).status_code == 400
        assert client.get("/api/leaderboard/seep").json() == {"game": "seep", "players": [], "bots": []}
        r = client.get("/api/leaderboard/chess")
        assert r.status_code == 404 and "no game" in r.json()["error"]


def test_the_player_and_leaderboard_pages_are_served(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        for path, script in (("/player", "/static/js/player.js"), ("/leaderboard", "/static/js/leaderboard.js")):
            r = client.get(path)
            assert r.status_code == 200 and script in r.text
            assert client.get(script).status_code == 200


def test_players_history_and_leaderboard_on_postgresql(pg_db: str) -> None:
    pg = Settings(db=pg_db, bot_pause=0, summary_pause=0, bot_workers=0, grace=0.0, allowed_hosts=("testserver",))
    with TestClient(create_app(pg)) as client:
        ann = new_player(client, "Ann", listed=True)
        table = play_as(client, ann, "smear", ["human", "random", "rule", "random"], hands=2)
        page = me(client, ann["token"])
        assert page["tables"][0]["table"] == table and page["tables"][0]["matches"] == [0]
        board = client.get("/api/leaderboard/smear").json()
        assert [x["name"] for x in board["players"]] == ["Ann"] and {b["bot"] for b in board["bots"]} == {
            "random",
            "rule",
        }
        t = client.post("/api/tables", json={"game": "seep", "seats": ["human", "human", "rule", "rule"]}).json()
        url = f"/api/tables/{t['table']}/join"
        assert client.post(url, json={"invite": t["invite"], "player": ann["token"]}).status_code == 200
        assert client.post(url, json={"invite": t["invite"], "player": ann["token"]}).status_code == 409
