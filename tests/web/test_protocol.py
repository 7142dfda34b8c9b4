"""The live connection's contract (web.md §2) against the real server: refusals in their order,
acks and resends, catching up, snapshots, close codes, the origin check and the limits."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
import websockets

from tests.web.client import Client, Server, create, join


async def seated(server: Server, game: str = "smear", **kw: Any) -> tuple[dict[str, Any], list[Client]]:
    """A table of people only, every seat connected."""
    seats = {"smear": 4, "seep": 4, "sheepshead": 5}[game]
    t = create(server, game, ["human"] * seats, **kw)
    tokens = [join(server, t, f"P{n}")["token"] for n in range(seats)]
    clients = [await Client.connect(server, t["table"], tok) for tok in tokens]
    for c in clients:  # the deal came after some of them said hello
        while c.v < 1:
            await c.recv()
    return t, clients


def to_act(clients: list[Client]) -> tuple[Client, Client]:
    actor = next(c for c in clients if c.legal)
    other = next(c for c in clients if c is not actor)
    return actor, other


async def drain(clients: list[Client], v: int) -> None:
    for c in clients:
        while c.v < v:
            await c.recv()


async def test_a_move_is_acked_and_sent_to_everyone_with_each_seats_own_view(server: Server) -> None:
    t, clients = await seated(server)
    actor, _ = to_act(clients)
    v, move = actor.v, actor.legal[0]
    await actor.send({"t": "act", "v": v, "action": move, "id": "m1"})
    event = await actor.until(lambda m: m["t"] == "event")
    ack = await actor.until(lambda m: m["t"] == "ack")
    assert ack == {"t": "ack", "id": "m1", "v": v + 1}
    assert event["action"] == f"{actor.seat} {move}"
    await drain(clients, v + 1)
    for c in clients:
        assert c.view["seat"] == c.seat
        last = [m for m in c.received if m["t"] == "event"][-1]
        assert ("legal" in last) == (last["view"]["to_act"] == c.seat)
    # The resend of an applied id gets the same ack and changes nothing.
    await actor.send({"t": "act", "v": v, "action": "anything", "id": "m1"})
    assert await actor.until(lambda m: m["t"] in ("ack", "rejected")) == ack
    assert server.get(f"/api/tables/{t['table']}").json()["version"] == v + 1


async def test_refusals_come_in_the_contracts_order_and_change_nothing(server: Server) -> None:
    t, clients = await seated(server)
    actor, other = to_act(clients)
    v = actor.v

    async def refused(c: Client, msg: Any) -> dict[str, Any]:
        await c.send(msg)
        got = await c.until(lambda m: m["t"] in ("rejected", "ack", "event"))
        assert got["t"] == "rejected", got
        return got

    assert (await refused(actor, "{not json"))["reason"] == "bad_message"
    assert (await refused(actor, [1, 2]))["reason"] == "bad_message"
    assert (await refused(actor, {"t": "dance"}))["reason"] == "bad_message"
    assert (await refused(actor, {"t": "act", "v": "x", "action": "pass", "id": "a"}))["reason"] == "bad_message"
    assert (await refused(actor, {"t": "act", "v": v, "action": "pass"}))["reason"] == "bad_message"
    assert (await refused(actor, {"t": "act", "v": v, "action": "x" * 5000, "id": "a"}))["reason"] == "bad_message"
    # stale before not_your_turn before illegal
    r = await refused(other, {"t": "act", "v": v - 1, "action": "nonsense", "id": "b"})
    assert (r["reason"], r["id"]) == ("stale", "b")
    assert (await refused(other, {"t": "act", "v": v, "action": "nonsense", "id": "c"}))["reason"] == "not_your_turn"
    r = await refused(actor, {"t": "act", "v": v, "action": "nonsense", "id": "d"})
    assert r["reason"] == "illegal" and "\n" not in r["message"]
    r = await refused(
        actor, {"t": "act", "v": v, "action": "play 2C" if "play 2C" not in actor.legal else "bid 9", "id": "e"}
    )
    assert r["reason"] == "illegal"
    spectator = await Client.connect(server, t["table"], None)
    assert spectator.seat is None and "legal" not in spectator.received[0]
    r = await refused(spectator, {"t": "act", "v": 0, "action": "nonsense", "id": "f"})
    assert r["reason"] == "spectator"
    assert (await refused(spectator, {"t": "act", "v": 0, "action": 7, "id": "f"}))["reason"] == "bad_message"
    # nothing changed, and the connection still works
    assert server.get(f"/api/tables/{t['table']}").json()["version"] == v
    await actor.send({"t": "act", "v": v, "action": actor.legal[0], "id": "g"})
    assert (await actor.until(lambda m: m["t"] == "ack"))["v"] == v + 1


async def test_catch_up_and_snapshot_after_reconnecting(server: Server) -> None:
    t = create(server, "smear", ["human"] * 4)
    tokens = [join(server, t, f"P{n}")["token"] for n in range(4)]
    clients = [await Client.connect(server, t["table"], tok) for tok in tokens]
    await drain(clients, 1)
    for _ in range(3):
        actor, _ = to_act(clients)
        await actor.send({"t": "act", "v": actor.v, "action": actor.legal[0], "id": f"x{actor.v}"})
        await drain(clients, actor.v + 1)
    now = clients[0].v
    events = [m for m in clients[0].received if m["t"] == "event"]
    again = await Client.connect(server, t["table"], tokens[0], v=now - 3)
    got = [again.received[0]] + [await again.recv() for _ in range(2)]
    assert [m["t"] for m in got] == ["event"] * 3
    assert [m["v"] for m in got] == [now - 2, now - 1, now]
    assert [m["action"] for m in got] == [m["action"] for m in events[-3:]]
    current = await Client.connect(server, t["table"], tokens[0], v=now)
    assert current.received[0]["t"] == "snapshot" and current.received[0]["v"] == now
    assert current.received[0]["log"] == clients[0].log
    far = await Client.connect(server, t["table"], tokens[0], v=0)
    assert far.received[0]["t"] == "snapshot"


async def test_close_codes_for_a_wrong_token_and_an_unknown_table(server: Server) -> None:
    t, _ = await seated(server)
    ws = await websockets.connect(f"{server.ws}/ws/tables/{t['table']}")
    await ws.send(json.dumps({"t": "hello", "token": "not-a-token", "v": 0}))
    with pytest.raises(websockets.ConnectionClosed):
        await asyncio.wait_for(ws.recv(), 10)
    assert ws.close_code == 4401
    ws = await websockets.connect(f"{server.ws}/ws/tables/nope")
    with pytest.raises(websockets.ConnectionClosed):
        await asyncio.wait_for(ws.recv(), 10)
    assert ws.close_code == 4404
    assert server.get("/api/tables/nope").status_code == 404


async def test_the_origin_must_be_the_servers_own(server: Server) -> None:
    t, _ = await seated(server)
    ok = await Client.connect(server, t["table"], None, origin=f"http://127.0.0.1:{server.port}")
    assert ok.received[0]["t"] == "snapshot"
    with pytest.raises(websockets.InvalidStatus) as refused:
        await websockets.connect(f"{server.ws}/ws/tables/{t['table']}", origin="http://evil.example")
    assert refused.value.response.status_code == 403


async def test_twenty_messages_a_second_pass_and_a_flood_is_refused_as_rate(server: Server) -> None:
    _, clients = await seated(server)
    c = clients[1]
    for n in range(40):
        await c.send({"t": "ping", "id": f"p{n}"})
        await asyncio.sleep(0.05)
    got = [await c.until(lambda m: m["t"] in ("pong", "rejected")) for _ in range(40)]
    assert all(m["t"] == "pong" for m in got)
    for n in range(300):
        await c.send({"t": "ping", "id": f"q{n}"})
    got = [await c.until(lambda m: m["t"] in ("pong", "rejected")) for _ in range(300)]
    assert any(m["t"] == "rejected" and m["reason"] == "rate" for m in got)
