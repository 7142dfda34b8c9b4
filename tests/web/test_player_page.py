"""The player's page and a bot's (docs/ratings.md, docs/web.md "Players and ratings"): the rating
shown inside its own range and provisional until settled, its history hand by hand, the tables
played at with their people (partners and opponents), results, records and reviews, a page at a
time, each game's statistics checked against the records counted another way, a bot's page that
lists only public tables, the leaderboard's settled players first, and every page's data read off
the event loop."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable import registry
from cardtable.core import HandResult
from cardtable.record import replay_record
from cardtable.web.app import create_app
from cardtable.web.players import page as page_module
from cardtable.web.players import routes
from cardtable.web.players import store as ratings_store
from cardtable.web.players.ratings import Skill, contest
from tests.web.test_players import me, new_player, play_as, settings, wait_for


def engine_of(client: TestClient) -> Any:
    return client.app.state.hub.store.engine  # type: ignore[attr-defined]


def by_key(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {r["key"]: r for r in rows}


def report_of(client: TestClient, url: str) -> list[dict[str, Any]]:
    """The hands of a match's record as the replay report gives them (the record contract)."""
    status, report = replay_record(client.get(url).json())
    assert status == 0
    hands: list[dict[str, Any]] = report["hands"]
    return hands


def contested(client: TestClient, url: str, game: str) -> int:
    """The hands of a match's record that were a contest (those rated, docs/ratings.md)."""
    g = registry.get_game(game)
    results = [HandResult(h["result"], tuple(h["score"]), h.get("details", {})) for h in report_of(client, url)]
    return sum(1 for r in results if contest(g, r) is not None)


def rated_page(client: TestClient, token: str) -> dict[str, Any]:
    """The player's page once every contested hand of their finished tables is rated: a hand is
    rated right after its last action is stored, so a table may be "over" a moment before. (One
    page's reads are not one snapshot on SQLite, so the page is read again once all are rated.)"""
    deadline = time.monotonic() + 60
    while True:
        got = me(client, token)
        want = sum(
            contested(client, url, t["game"]) for t in got["tables"] if t["status"] == "over" for url in t["records"]
        )
        if sum(t["rated_hands"] for t in got["tables"]) == want:
            return me(client, token)  # read again: every rating transaction had committed by then
        assert time.monotonic() < deadline, "the hands were not rated"
        time.sleep(0.05)


def test_the_rating_shown_lies_inside_its_range_and_is_provisional_until_settled(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        p = new_player(client, "Ann")
        play_as(client, p, "smear", ["human", "rule", "random", "rule"], hands=3)
        r = rated_page(client, p["token"])["ratings"]["smear"]
        assert r["low"] < r["rating"] < r["high"] and r["rating"] == r["mu"]
        assert r["provisional"] is True and r["like"] is None and r["settled_sigma"] == 4.0
        # settled: sigma at most 4; the bot named is the nearest settled one (not search:hard,
        # nearer but provisional itself)
        ratings_store.write_skills(
            engine_of(client),
            "smear",
            {
                f"player:{p['player']}": Skill(27.0, 3.9, 80),
                "bot:rule": Skill(25.5, 1.6, 900),
                "bot:random": Skill(17.0, 1.7, 900),
                "bot:search:hard": Skill(27.2, 6.0, 12),
            },
        )
        r = me(client, p["token"])["ratings"]["smear"]
        assert r["provisional"] is False and r["like"] == "rule" and r["like_rating"]["rating"] == 25.5
        assert (r["rating"], r["low"], r["high"], r["floor"]) == (27.0, 19.2, 34.8, 15.3)


def test_the_rating_history_has_a_point_for_each_rated_hand_ending_at_the_rating(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        p = new_player(client, "Ann")
        for hands in (3, 2):
            play_as(client, p, "smear", ["human", "rule", "random", "rule"], hands=hands)
        got = rated_page(client, p["token"])
        rated = sum(t["rated_hands"] for t in got["tables"])
        history, rating = got["history"]["smear"], got["ratings"]["smear"]
        assert history["hands"] == rated == len(history["points"]) == rating["hands"] and history["first"] == 1
        points = history["points"]
        assert points[-1]["rating"] == rating["rating"] and points[-1]["high"] == rating["high"]
        assert all(x["low"] < x["rating"] < x["high"] for x in points)
        assert [x["at"] for x in points] == sorted(x["at"] for x in points)
        assert points[-1]["high"] - points[-1]["low"] < points[0]["high"] - points[0]["low"]  # surer each hand
        # bounded: only the last hands are drawn, numbered among all
        monkeypatch.setattr(page_module, "HISTORY_POINTS", 2)
        short = me(client, p["token"])["history"]["smear"]
        assert short["points"] == points[-2:] and short["first"] == rated - 1 and short["hands"] == rated


def test_a_smear_table_shows_the_partner_the_opponents_and_the_results_of_the_record(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        p = new_player(client, "Ann")
        table = play_as(client, p, "smear", ["human", "rule", "random", "rule"], hands=4)
        got = rated_page(client, p["token"])
        (row,) = got["tables"]
        contested = [h for h in report_of(client, row["records"][0]) if h["result"] == "played"]
        assert row["hands"] == row["rated_hands"] == len(contested) >= 1
        people = {x["seat"]: x for x in row["people"]}
        assert sorted(people) == [1, 2, 3] and people[2]["bot"] == "random" and people[1]["name"] == "rule"
        assert (people[2]["with"], people[2]["against"]) == (row["hands"], 0)  # the partner across (R1)
        assert all((people[s]["with"], people[s]["against"]) == (0, row["hands"]) for s in (1, 3))
        # the results, counted from the record: seat 0's side against seat 1's
        assert row["points"] == sum(h["score"][0] for h in contested)
        assert row["won"] == sum(h["score"][0] > h["score"][1] for h in contested)
        assert row["won"] + row["tied"] + row["lost"] == row["hands"]
        assert row["change"] == pytest.approx(got["ratings"]["smear"]["mu"] - 25.0, abs=0.02)  # from a newcomer
        assert row["reviews"] == [f"/replay?table={table}&match=0&seat=0"]
        smear = by_key(got["stats"]["smear"]["rows"])
        assert smear["hands"]["count"] == row["hands"]
        bids = [h for h in contested if h["details"]["bidder"] == 0]
        assert smear.get("bids", {"count": 0})["count"] == len(bids)
        taken = sum(1 for h in contested for v in h["details"]["points"].values() if v == 0)
        assert smear["taken"]["count"] == taken


def test_a_sheepshead_table_shows_the_partners_hand_by_hand_and_how_often_the_player_picked(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        p = new_player(client, "Ann")
        play_as(client, p, "sheepshead", ["human", "rule", "rule", "random", "rule"], hands=6)
        got = rated_page(client, p["token"])
        (row,) = got["tables"]
        hands = [h for h in report_of(client, row["records"][0]) if h["result"] in ("played", "leaster")]
        hands = [h for h in hands if h["details"].get("no_pick") != "schwanzer"]
        assert row["hands"] == len(hands)
        for other in row["people"]:
            s = other["seat"]
            together = 0
            for h in hands:
                d = h["details"]
                side = {d["picker"], d["partner"]} if h["result"] == "played" else {0}
                together += (0 in side) == (s in side) and h["result"] == "played"
            assert other["with"] == together and other["with"] + other["against"] == row["hands"]
        shown = by_key(got["stats"]["sheepshead"]["rows"])
        picked = sum(h["result"] == "played" and h["details"]["picker"] == 0 for h in hands)
        assert shown.get("picked", {"count": 0})["count"] == picked
        assert shown["hands"]["count"] == row["hands"]


def test_seep_statistics_count_the_players_bids_and_houses_from_the_record(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        p = new_player(client, "Ann")
        # six deals: a deal whose bidder holds no 9 to king is a misdeal, no contest and not rated
        # (R8; about one deal in eight), and three misdeals in a row left nothing to count
        play_as(client, p, "seep", ["human", "rule", "rule", "rule"], hands=6)
        got = rated_page(client, p["token"])
        (row,) = got["tables"]
        assert row["rated_hands"] > 0, "every deal was a misdeal: nothing was rated"
        record = client.get(row["records"][0]).json()
        mine = [a.split(" ", 1)[1] for h in record["hands"] for a in h["actions"] if a.startswith("0 ")]
        shown = by_key(got["stats"]["seep"]["rows"])
        assert shown.get("bids", {"count": 0})["count"] == sum(a.startswith("bid") for a in mine)
        assert shown["built"]["count"] == sum(a.startswith("build") for a in mine)
        assert shown["cemented"]["count"] == sum(a.startswith("cement") for a in mine)
        assert shown["hands"]["count"] == row["hands"] == row["rated_hands"]


def test_the_tables_come_a_page_at_a_time_newest_first(tmp_path: Path) -> None:
    # nobody plays (the tables wait for their second person); one address makes them all
    waiting = dataclasses.replace(
        settings(tmp_path), grace=30.0, create_burst=100, waiting_per_address=100, join_burst=100
    )
    with TestClient(create_app(waiting)) as client:
        p = new_player(client, "Ann")
        made = []
        for _ in range(page_module.TABLES_PAGE + 5):
            t = client.post("/api/tables", json={"game": "smear", "seats": ["human", "human", "rule", "rule"]}).json()
            client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "player": p["token"]})
            made.append(t["table"])
        first = me(client, p["token"])
        assert [t["table"] for t in first["tables"]] == made[::-1][: page_module.TABLES_PAGE]
        assert first["more"] is not None
        r = client.post("/api/players/me", json={"token": p["token"], "before": first["more"]})
        second = r.json()
        assert [t["table"] for t in second["tables"]] == made[::-1][page_module.TABLES_PAGE :]
        assert second["more"] is None
        for bad in ("soon", True, -1, [1]):
            r = client.post("/api/players/me", json={"token": p["token"], "before": bad})
            assert r.status_code == 400 and r.json()["error"].startswith("before:")
        for bad in ("soon", "-1", "nan"):
            r = client.get(f"/api/bots/rule?before={bad}")
            assert r.status_code == 400 and r.json()["error"].startswith("before:")


def test_a_bots_page_shows_its_ratings_and_statistics_and_lists_only_public_tables(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        ann = new_player(client, "Ann")
        public = client.post(
            "/api/tables",
            json={"game": "smear", "seats": ["human", "rule", "random", "rule"], "hands": 2, "public": True},
        ).json()
        client.post(f"/api/tables/{public['table']}/join", json={"invite": public["invite"], "player": ann["token"]})
        hidden = play_as(client, ann, "smear", ["human", "rule", "random", "rule"], hands=2)
        wait_for(client, public["table"], "over")
        rated = sum(t["rated_hands"] for t in rated_page(client, ann["token"])["tables"])
        r = client.get("/api/bots/rule")
        assert r.status_code == 200
        bot = r.json()
        text = r.text
        assert bot["bot"] == "rule" and [t["table"] for t in bot["tables"]] == [public["table"]]
        assert hidden not in text and ann["player"] not in text and ann["token"] not in text
        (row,) = bot["tables"]
        assert row["seats"] == [1, 3] and {x["seat"]: x["name"] for x in row["people"]} == {0: "Ann", 2: "random"}
        assert bot["ratings"]["smear"]["hands"] == bot["history"]["smear"]["hands"] == rated  # every table counts
        assert by_key(bot["stats"]["smear"]["rows"])["hands"]["count"] == 2 * rated  # two seats a hand
        # settled, a bot is compared with the other bots, never with itself
        settled = {"bot:rule": Skill(25.0, 1.5, 900), "bot:random": Skill(17.0, 1.6, 900)}
        ratings_store.write_skills(engine_of(client), "smear", settled)
        assert client.get("/api/bots/rule").json()["ratings"]["smear"]["like"] == "random"
        assert client.get("/api/bots/search:nothing").status_code == 404
        assert client.get("/api/bots/" + "x" * 100).status_code == 404
        page = client.get("/bot/rule")
        assert page.status_code == 200 and "/static/js/player.js" in page.text


def test_the_leaderboard_ranks_the_settled_first_and_the_provisional_after_unranked(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        ann, ben = new_player(client, "Ann", listed=True), new_player(client, "Ben", listed=True)
        ratings_store.write_skills(
            engine_of(client),
            "smear",
            {
                f"player:{ann['player']}": Skill(27.0, 3.5, 90),
                f"player:{ben['player']}": Skill(40.0, 6.0, 9),  # higher, but not settled
                "bot:rule": Skill(25.0, 1.5, 900),
                "bot:random": Skill(30.0, 7.0, 3),
            },
        )
        board = client.get("/api/leaderboard/smear").json()
        assert [(x["name"], x["rank"], x["provisional"]) for x in board["players"]] == [
            ("Ann", 1, False),
            ("Ben", None, True),
        ]
        assert [b["bot"] for b in board["bots"]] == ["rule", "random"]


def test_every_pages_data_is_read_off_the_event_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    where: list[str] = []
    real = routes.page

    def spy(*args: Any, **kw: Any) -> Any:
        try:
            asyncio.get_running_loop()
            where.append("event loop")
        except RuntimeError:
            where.append("worker thread")
        return real(*args, **kw)

    monkeypatch.setattr(routes, "page", spy)
    with TestClient(create_app(settings(tmp_path))) as client:
        p = new_player(client, "Ann")
        play_as(client, p, "smear", ["human", "rule", "random", "rule"], hands=1)
        me(client, p["token"])
        client.post("/api/players/me/listed", json={"token": p["token"], "listed": True})
        assert client.get("/api/bots/rule").status_code == 200
    assert where == ["worker thread"] * 3
