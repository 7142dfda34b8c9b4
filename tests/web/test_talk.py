"""Talk and clocks (web.md §4), against a real server: who hears whom, phrases only while a hand
is played, nothing at all with talk off, the talk a page missed when it comes back, and a person's
clock running in every snapshot and event until a bot moves for them at zero."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import pytest

from tests.web.client import Client, Server, create, join


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("talk") / "tables.db"
    s = Server(f"sqlite:///{db}", "--bot-pause", "0.2").start()
    try:
        yield s
    finally:
        s.stop()


async def quiet(c: Client, seconds: float = 0.5) -> list[dict]:
    """Every message ``c`` gets in the next ``seconds``."""
    got = []
    with contextlib.suppress(TimeoutError):
        while True:
            got.append(await c.recv(timeout=seconds))
    return got


def said(msgs: list[dict]) -> list[tuple[object, str]]:
    return [(m["seat"], m["text"]) for m in msgs if m["t"] == "said"]


async def test_players_hear_players_and_only_spectators_hear_spectators(server: Server) -> None:
    t = create(server, "smear", ["human", "human", "rule", "rule"], talk="free")
    summary = server.get(f"/api/tables/{t['table']}").json()
    assert summary["talk"] == "free" and "phrases" not in summary
    ann = await Client.connect(server, t["table"], join(server, t, "Ann")["token"])
    ben = await Client.connect(server, t["table"], join(server, t, "Ben")["token"])
    watcher = await Client.connect(server, t["table"], None)
    other = await Client.connect(server, t["table"], None)
    await asyncio.sleep(0.3)
    await ann.send({"t": "say", "text": "Hi <b>all</b>", "id": "a"})
    await other.send({"t": "say", "text": "Ann will win this", "id": "w"})
    got = {
        name: said(await quiet(c)) for name, c in (("ann", ann), ("ben", ben), ("watcher", watcher), ("other", other))
    }
    assert got["ann"] == got["ben"] == [(0, "Hi <b>all</b>")]  # the text as sent; pages show it as text
    assert got["watcher"] == got["other"] == [(0, "Hi <b>all</b>"), (None, "Ann will win this")]
    for c in (ann, ben, watcher, other):
        await c.close()


async def test_phrases_only_while_a_hand_is_played(server: Server) -> None:
    t = create(server, "smear", ["human", "rule", "rule", "rule"], talk="phrases")
    summary = server.get(f"/api/tables/{t['table']}").json()
    assert summary["talk"] == "phrases" and "Good game" in summary["phrases"]
    ann = await Client.connect(server, t["table"], join(server, t, "Ann")["token"])
    if ann.view is None:  # the hand is dealt when the last person sits down
        await ann.until(lambda m: m["t"] == "event" and m["action"] == "deal")
    await ann.send({"t": "say", "text": "I have the ace of trumps", "id": "x"})
    got = await ann.until(lambda m: m["t"] == "rejected")
    assert got["reason"] == "talk" and got["id"] == "x"
    await ann.send({"t": "say", "text": "Good luck!", "id": "y"})
    assert (await ann.until(lambda m: m["t"] == "said"))["text"] == "Good luck!"
    await ann.close()


async def test_talk_off_refuses_everything_and_too_long_is_refused(server: Server) -> None:
    t = create(server, "smear", ["human", "rule", "rule", "rule"], talk="off")
    ann = await Client.connect(server, t["table"], join(server, t, "Ann")["token"])
    await ann.send({"t": "say", "text": "Hello!", "id": "x"})
    assert (await ann.until(lambda m: m["t"] == "rejected"))["reason"] == "talk"
    free = create(server, "smear", ["human", "rule", "rule", "rule"], talk="free")
    ben = await Client.connect(server, free["table"], join(server, free, "Ben")["token"])
    await ben.send({"t": "say", "text": "x" * 201, "id": "long"})
    assert (await ben.until(lambda m: m["t"] == "rejected"))["reason"] == "talk"
    await ben.send({"t": "say", "id": "none"})
    assert (await ben.until(lambda m: m["t"] == "rejected"))["reason"] == "bad_message"
    assert create(server, "smear", ["rule"] * 4, talk="free")
    r = server.post("/api/tables", {"game": "smear", "seats": ["rule"] * 4, "talk": "loud"})
    assert r.status_code == 400 and "talk" in r.json()["error"]
    for c in (ann, ben):
        await c.close()


async def test_a_page_that_comes_back_sees_the_talk_it_missed(server: Server) -> None:
    t = create(server, "smear", ["human", "human", "rule", "rule"], talk="free")
    ann_token = join(server, t, "Ann")["token"]
    ben = await Client.connect(server, t["table"], join(server, t, "Ben")["token"])
    watcher = await Client.connect(server, t["table"], None)
    await watcher.send({"t": "say", "text": "spectators only", "id": "w"})
    await ben.send({"t": "say", "text": "are you there?", "id": "b"})
    await quiet(ben)
    ann = await Client.connect(server, t["table"], ann_token)
    back = said(await quiet(ann))
    assert back == [(1, "are you there?")]  # never the spectators' words
    for c in (ann, ben, watcher):
        await c.close()


async def test_a_persons_clock_runs_and_a_bot_moves_at_zero(server: Server) -> None:
    t = create(server, "smear", ["human", "rule", "rule", "rule"], move_seconds=2)
    assert server.get(f"/api/tables/{t['table']}").json()["move_seconds"] == 2
    ann = await Client.connect(server, t["table"], join(server, t, "Ann")["token"])
    turn = await ann.until(lambda m: m["t"] in ("event", "snapshot") and bool(m.get("legal")))
    assert turn["clock"]["seat"] == 0 and 0 < turn["clock"]["ms_left"] <= 2000
    v = turn["v"]
    moved = await ann.until(lambda m: m["t"] == "event" and m["v"] == v + 1, timeout=30)
    assert moved["action"].startswith("0 ") and moved.get("stand_in") is True
    others = [m for m in ann.received if m["t"] == "event" and m.get("clock") and m["clock"]["seat"] != 0]
    assert not others  # a clock only while a person is to act
    await ann.close()
