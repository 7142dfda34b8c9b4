"""Tables over HTTP (web.md §1): creating, joining, starting, bots in waiting seats, play again,
the open list, the record, and every bad request refused in one line with its status."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from cardtable.record import replay_record
from tests.web.client import Client, Server, create, join, play


def over(msg: dict) -> bool:
    return msg["t"] == "table" and msg["table"]["status"] == "over"


def test_bad_requests_get_one_line_and_the_contracts_status(server: Server) -> None:
    cases = [
        ({"game": "poker", "seats": ["human"] * 4}, 422, "unknown game"),
        ({"game": "smear", "seats": ["human"] * 3}, 422, "4 seats"),
        ({"game": "smear", "seats": ["human", "rule", "rule", "genius"]}, 422, "unknown bot"),
        ({"game": "smear", "seats": ["human"] * 4, "rules": {"colour": "red"}}, 422, "unknown smear option"),
        ({"game": "smear", "seats": ["human"] * 4, "preset": "nope"}, 422, "unknown smear preset"),
        ({"game": "smear", "seats": ["human"] * 4, "hands": 0}, 400, "hands"),
        ({"game": "smear", "seats": "human"}, 400, "seats"),
        # A bot may think at most the server's max_bot_seconds (10 by default) a move.
        ({"game": "smear", "seats": ["human", "search:hard@30", "rule", "rule"]}, 422, "at most 10 s"),
    ]
    for body, status, words in cases:
        r = server.post("/api/tables", body)
        assert r.status_code == status, (body, r.text)
        assert words in r.json()["error"] and "\n" not in r.json()["error"]
    r = server.post("/api/tables", None)  # no body and no Content-Type: not JSON (web.md §5)
    assert r.status_code == 415
    import httpx

    r = httpx.post(server.url + "/api/tables", content=b"{oops", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"].startswith("the body is not JSON")
    t = create(server, "smear", ["human", "human", "rule", "rule"])
    table = t["table"]
    assert server.post(f"/api/tables/{table}/join", {"invite": "wrong", "name": "Ann"}).status_code == 403
    assert server.post("/api/tables/nope/join", {"invite": t["invite"], "name": "Ann"}).status_code == 404
    assert join(server, t, "Ann", seat=1)["seat"] == 1
    r = server.post(f"/api/tables/{table}/join", {"invite": t["invite"], "name": "Ben", "seat": 1})
    assert r.status_code == 409
    assert (
        server.post(f"/api/tables/{table}/join", {"invite": t["invite"], "name": "Ben", "seat": 2}).status_code == 409
    )
    assert server.post(f"/api/tables/{table}/join", {"invite": t["invite"], "name": ""}).status_code == 400
    assert server.post(f"/api/tables/{table}/start", {"host": t["invite"]}).status_code == 403
    r = server.post(f"/api/tables/{table}/start", {"host": t["host"], "bot": "search:easy@10.5"})
    assert r.status_code == 422 and "at most 10 s" in r.json()["error"]
    r = server.post(f"/api/tables/{table}/seats/1/bot", {"host": t["host"], "bot": "search:easy@11"})
    assert r.status_code == 422 and "at most 10 s" in r.json()["error"]
    assert join(server, t, "Ben")["seat"] == 0
    assert server.post(f"/api/tables/{table}/join", {"invite": t["invite"], "name": "Cat"}).status_code == 409
    assert server.get(f"/api/tables/{table}").json()["status"] == "playing"
    assert server.get(f"/api/tables/{table}/record").status_code == 404  # no hand finished: nothing shown
    assert server.get("/api/nothing").status_code == 404


def test_the_host_starts_with_bots_and_public_tables_are_listed_while_a_seat_is_free(server: Server) -> None:
    t = create(server, "sheepshead", ["human", "human", "human", "rule", "rule"], public=True)
    listed = {x["id"] for x in server.get("/api/tables?status=open").json()["tables"]}
    assert t["table"] in listed
    hidden = create(server, "sheepshead", ["human"] * 5)
    assert hidden["table"] not in {x["id"] for x in server.get("/api/tables?status=open").json()["tables"]}
    listed_one = next(x for x in server.get("/api/tables?status=open").json()["tables"] if x["id"] == t["table"])
    assert "invite" not in listed_one  # the list shows no token: a public table is joined without one
    r = server.post(f"/api/tables/{t['table']}/join", {"name": "Ann"})
    assert r.status_code == 200 and r.json()["seat"] == 0
    r = server.post(f"/api/tables/{hidden['table']}/join", {"name": "Eve"})
    assert r.status_code == 403 and r.json() == {"error": "the invite token is not this table's"}
    r = server.post(f"/api/tables/{hidden['table']}/join", {"invite": "wrong", "name": "Eve"})
    assert r.status_code == 403
    r = server.post(f"/api/tables/{t['table']}/seats/1/bot", {"host": t["host"], "bot": "random"})
    assert r.status_code == 200 and r.json()["seats"][1]["player"] == "random"
    r = server.post(f"/api/tables/{t['table']}/seats/0/bot", {"host": t["host"]})
    assert r.status_code == 409  # Ann sits there
    r = server.post(f"/api/tables/{t['table']}/start", {"host": t["host"], "bot": "search:easy"})
    assert r.status_code == 200
    summary = server.get(f"/api/tables/{t['table']}").json()
    assert [s["player"] for s in summary["seats"]] == ["human", "random", "search:easy", "rule", "rule"]
    assert summary["status"] == "playing" and summary["version"] >= 1
    assert t["table"] not in {x["id"] for x in server.get("/api/tables?status=open").json()["tables"]}
    assert server.post(f"/api/tables/{t['table']}/start", {"host": t["host"]}).status_code == 200  # again: no change


async def test_play_again_starts_one_new_match_however_often_it_is_asked(server: Server) -> None:
    t = create(server, "smear", ["human", "rule", "rule", "rule"], hands=1)
    ann = join(server, t, "Ann")
    c = await Client.connect(server, t["table"], ann["token"])
    rng = random.Random(3)
    await play(c, lambda c: rng.choice(c.legal), over)
    first = server.get(f"/api/tables/{t['table']}/record").json()
    answers = [server.post(f"/api/tables/{t['table']}/again", {"token": ann["token"], "match": 0}) for _ in range(3)]
    assert [r.json()["match"] for r in answers] == [1, 1, 1]
    r = server.post(f"/api/tables/{t['table']}/again", {"token": "nobody", "match": 0})
    assert r.status_code == 403
    await play(c, lambda c: rng.choice(c.legal), over)
    assert server.get(f"/api/tables/{t['table']}").json()["match"] == 1
    second = server.get(f"/api/tables/{t['table']}/record").json()
    assert replay_record(second)[0] == 0 and len(second["hands"]) == 1
    assert server.get(f"/api/tables/{t['table']}/record?match=0").json() == first
    await c.close()


async def test_a_bot_plays_for_a_person_who_dropped_until_they_return(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 't.db'}", "--grace", "0.3").start()
    try:
        t = create(server, "smear", ["human", "rule", "rule", "rule"], hands=2)
        ann = join(server, t, "Ann")
        spectator = await Client.connect(server, t["table"], None)
        await spectator.until(over, timeout=60)  # Ann never came: a bot played her seat
        record = server.get(f"/api/tables/{t['table']}/record").json()
        assert replay_record(record)[0] == 0
        for hand in record["hands"]:
            ann_moves = [i for i, a in enumerate(hand["actions"]) if a.startswith("0 ")]
            assert hand.get("stand_ins", []) == ann_moves
        assert any(hand.get("stand_ins") for hand in record["hands"])
        # Back with her token, she plays again herself.
        # She connects before asking again, so the stand-in has no turn of hers to take.
        c = await Client.connect(server, t["table"], ann["token"])
        assert c.table["seats"][0]["away"] is False
        await c.until(over)  # the table's news that she is back, the match still over
        server.post(f"/api/tables/{t['table']}/again", {"token": ann["token"], "match": 0})
        rng = random.Random(2)
        await play(c, lambda c: rng.choice(c.legal), over)
        second = server.get(f"/api/tables/{t['table']}/record").json()
        assert all("stand_ins" not in hand for hand in second["hands"])
    finally:
        server.stop()


async def test_a_move_time_limit_lets_a_bot_move_for_a_slow_person(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 't.db'}").start()
    try:
        t = create(server, "smear", ["human", "rule", "rule", "rule"], hands=1, move_seconds=1)
        ann = join(server, t, "Ann")
        c = await Client.connect(server, t["table"], ann["token"])
        event = await c.until(lambda m: m["t"] == "event" and m["action"].startswith("0 "), timeout=60)
        assert event.get("stand_in") is True
        # a page that connects later learns which moves of its log a bot made (the snapshot's stand_ins)
        late = await Client.connect(server, t["table"], None)
        snapshot = late.received[0]
        assert snapshot["t"] == "snapshot" and snapshot["log"][snapshot["stand_ins"][0]] == event["action"]
        assert all(snapshot["log"][i].startswith("0 ") for i in snapshot["stand_ins"])
        await late.close()
        await asyncio.wait_for(c.until(over), 120)
        record = server.get(f"/api/tables/{t['table']}/record").json()
        assert record["hands"][0]["stand_ins"]
    finally:
        server.stop()
