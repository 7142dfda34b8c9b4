"""Talk and clocks (web.md §4), against a real server: who hears whom, phrases only while a hand
is played, nothing at all with talk off, the talk a page missed when it comes back, and a person's
clock running in every snapshot and event until a bot moves for them at zero."""

from __future__ import annotations

import asyncio
import contextlib
import time
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


#: Another device: an address of this machine other than the players' (127.0.0.1).
ELSEWHERE = {"local_addr": ("127.0.0.2", 0)}


async def test_players_hear_players_and_only_spectators_hear_spectators(server: Server) -> None:
    t = create(server, "smear", ["human", "human", "rule", "rule"], talk="free")
    summary = server.get(f"/api/tables/{t['table']}").json()
    assert summary["talk"] == "free" and "phrases" not in summary
    ann = await Client.connect(server, t["table"], join(server, t, "Ann")["token"])
    ben = await Client.connect(server, t["table"], join(server, t, "Ben")["token"])
    watcher = await Client.connect(server, t["table"], None, **ELSEWHERE)
    other = await Client.connect(server, t["table"], None, **ELSEWHERE)
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
    watcher = await Client.connect(server, t["table"], None, **ELSEWHERE)
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


async def test_ordinary_text_is_said_as_typed_and_hidden_characters_are_refused(server: Server) -> None:
    """Talk takes what people type (a family emoji of joined emoji, a no-break space, accents,
    a flag's tags, an emoji newer than the server's Unicode tables) and refuses what cannot be
    seen for what it is (a control character, a bidi override, a zero-width space, a lone
    surrogate, marks stacked past the lines)."""
    t = create(server, "smear", ["human", "rule", "rule", "rule"], talk="free")
    ann = await Client.connect(server, t["table"], join(server, t, "Ann")["token"])
    typed = [
        "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466 all of us",
        "Bonjour\u00a0!",
        "Ça va, Zoë? 👍🏽",
        "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
        "\U0001fae8",
        "می\u200cخواهم",
    ]
    for n, text in enumerate(typed):
        await ann.send({"t": "say", "text": text, "id": f"ok{n}"})
        got = await ann.until(lambda m: m["t"] in ("said", "rejected"))
        assert got["t"] == "said" and got["text"] == text, (text, got)
        await asyncio.sleep(1.0)  # within the talk's pace
    hidden = ["a\x07b", "evil\u202eexe.txt", "x\u200by", "\u2066isolated", "e" + "\u0301" * 9, "\u200d", "a\u2028b"]
    for n, text in enumerate(hidden):
        await ann.send({"t": "say", "text": text, "id": f"no{n}"})
        got = await ann.until(lambda m: m["t"] in ("said", "rejected"))
        assert got["t"] == "rejected" and got["reason"] == "talk", (text, got)
        await asyncio.sleep(1.0)
    await ann.send('{"t": "say", "text": "half \\ud800 of it", "id": "surrogate"}')
    got = await ann.until(lambda m: m["t"] in ("said", "rejected"))
    assert got["t"] == "rejected" and got["reason"] in ("talk", "bad_message"), got
    await ann.close()


async def test_a_seated_persons_spectator_connection_never_hears_the_spectators(server: Server) -> None:
    """A player who also opens the table as a spectator (from the address their seat connected
    from) hears the players' talk there, never the spectators': no table lets spectators' words
    reach its players (web.md §4). A spectator elsewhere hears both."""
    t = create(server, "smear", ["human", "human", "rule", "rule"], talk="free")
    ann = await Client.connect(server, t["table"], join(server, t, "Ann")["token"])
    ben = await Client.connect(server, t["table"], join(server, t, "Ben")["token"], **ELSEWHERE)
    peeking = await Client.connect(server, t["table"], None)  # Ann's address
    peeking_too = await Client.connect(server, t["table"], None, **ELSEWHERE)  # Ben's
    watcher = await Client.connect(server, t["table"], None, local_addr=("127.0.0.3", 0))
    await asyncio.sleep(0.3)
    await watcher.send({"t": "say", "text": "Ben holds the jack", "id": "w"})
    await ann.send({"t": "say", "text": "good luck", "id": "a"})
    got = {
        name: said(await quiet(c))
        for name, c in (("peeking", peeking), ("peeking_too", peeking_too), ("watcher", watcher), ("ben", ben))
    }
    assert got["peeking"] == got["peeking_too"] == got["ben"] == [(0, "good luck")]
    assert got["watcher"] == [(None, "Ben holds the jack"), (0, "good luck")]
    # nor does the talk kept for pages that come back reach a seated person's spectator page
    late = await Client.connect(server, t["table"], None)
    assert said(await quiet(late)) == [(0, "good luck")]
    for c in (ann, ben, peeking, peeking_too, watcher, late):
        await c.close()


async def test_talk_has_a_pace_of_its_own_per_connection_and_per_seat(server: Server) -> None:
    """Well within the message rate (40 a second), a connection that talks without pause is held
    to the talk's pace (bursts of 5, then one a second), refused with reason rate to itself only;
    a second connection of the same seat shares the seat's pace; another seat talks on."""
    t = create(server, "smear", ["human", "human", "rule", "rule"], talk="free")
    ann_token = join(server, t, "Ann")["token"]
    ann = await Client.connect(server, t["table"], ann_token)
    ann_again = await Client.connect(server, t["table"], ann_token)
    ben = await Client.connect(server, t["table"], join(server, t, "Ben")["token"])
    started = time.monotonic()
    for n in range(20):
        await ann.send({"t": "say", "text": f"spam {n}", "id": f"s{n}"})
    while len([m for m in ann.received if m["t"] in ("said", "rejected")]) < 20:
        await ann.recv()
    await ann_again.send({"t": "say", "text": "from my phone", "id": "p"})
    await ben.send({"t": "say", "text": "stop it", "id": "b"})
    heard = said(await quiet(ben, 1.0))
    refill = int(time.monotonic() - started) + 1  # the pace gives back a text a second
    seat0 = [text for seat, text in heard if seat == 0]
    assert seat0[:5] == [f"spam {n}" for n in range(5)] and len(seat0) <= 5 + refill, heard
    assert (1, "stop it") in heard
    await quiet(ann_again, 0.3)
    refused = [m for m in ann.received + ann_again.received if m["t"] == "rejected"]
    assert len(refused) == 21 - len(seat0) and all(m["reason"] == "rate" for m in refused), refused
    assert not ben.rejected
    for c in (ann, ann_again, ben):
        await c.close()


async def test_a_repeated_hello_is_answered_with_the_version_not_the_match_again(server: Server) -> None:
    """The first hello of a connection gets the snapshot; each later one only ``current`` and the
    version up to which the connection was sent every event (nothing it has not seen)."""
    t = create(server, "smear", ["rule"] * 4, hands=3)
    watcher = await Client.connect(server, t["table"], None)
    await watcher.until(lambda m: m["t"] == "event" and m["v"] >= 5)
    for n in range(5):
        await watcher.send({"t": "hello", "token": None, "v": 0, "id": f"h{n}"})
    answers = [m for m in await quiet(watcher) if m["t"] not in ("event", "table")]
    assert [m["t"] for m in answers] == ["current"] * 5, answers
    assert all(m["v"] <= watcher.v for m in answers)
    assert not any(m["t"] == "snapshot" for m in watcher.received[1:])
    await watcher.close()
