"""A client's live connection to a table (``/ws/tables/{id}``, web.md §2): the handshake's
checks (origin, connections per address), the messages read strictly and limited, each command
run on the table's one writer, and the connection's own writer sending what the table tells it.
A refused message is a ``rejected`` message to its sender only; the connection stays open.

What a client may make the server do is bounded by what it costs others, not only by its message
rate: a ``hello`` after the first on a connection is answered at once with ``{"t": "current",
"v": V}`` (every event up to ``V`` was sent on this connection, in order: there is nothing it has
not been sent), never with the match's snapshot again; and talk has its own pace per connection,
per seat and per address of spectators (`cardtable.web.tables.talk.Pace`)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from cardtable.i18n import language_of
from cardtable.strict import BadJson, loads, one_line
from cardtable.web.database import outage
from cardtable.web.errors import Refused
from cardtable.web.guard import MAX_ERROR
from cardtable.web.limits import Bucket
from cardtable.web.network import Reach
from cardtable.web.ops import logs, metrics
from cardtable.web.requests import client_address
from cardtable.web.tables.hub import Hub
from cardtable.web.tables.live import Conn, LiveTable

log = logging.getLogger("cardtable.web")

#: Close codes of the live connection (web.md §2, and two of the server's own).
WRONG_TOKEN, NO_TABLE, BAD_ORIGIN, TOO_MANY = 4401, 4404, 4403, 4429


def origin_ok(websocket: WebSocket) -> bool:
    """No ``Origin`` (a program) is fine; a page's ``Origin`` must be the public URL's, or else
    this server's own host (`Reach.origin_ok`)."""
    reach: Reach = websocket.app.state.reach
    return reach.origin_ok(websocket.headers.get("origin"), websocket.headers.get("host"))


async def serve(hub: Hub, websocket: WebSocket, table_id: str) -> None:
    """One client's live connection, from handshake to close."""
    if not origin_ok(websocket):
        await websocket.close(BAD_ORIGIN)  # before the handshake: the page gets HTTP 403
        return
    address = client_address(websocket)
    logs.TABLE.set(table_id[:32])
    if hub.addresses[address] >= hub.settings.connections_per_address:
        await websocket.accept()
        await websocket.close(TOO_MANY, "too many connections from one address")
        return
    await websocket.accept()
    try:
        table = await hub.get(table_id)
    except Refused as e:
        if e.reason == "elsewhere":  # being handed over from another process: try again (1013)
            await websocket.close(1013, "the table is moving to this server; try again")
            return
        table = None
    except Exception as e:
        if outage(e) is None:
            raise
        logs.failed(log, f"table {table_id[:32]}: a connection could not be served", e)
        await websocket.close(1013, "the server is busy; try again")
        return
    if table is None:
        await websocket.close(NO_TABLE, "no such table")
        return
    hub.addresses[address] += 1
    conn = Conn(table=table_id, address=address)
    writer = asyncio.create_task(_write(websocket, conn))
    said_hello = False
    first_token: str | None = None
    limit = Bucket(hub.settings.rate, hub.settings.burst)
    talk_pace = table.pace.connection()
    metrics.CONNECTIONS.inc()
    try:
        while not conn.closed:
            msg = await websocket.receive()
            if msg["type"] == "websocket.disconnect":
                break
            raw: str | bytes | None = msg.get("text")
            if raw is None:
                raw = msg.get("bytes") or b""
            if not limit.allow():
                conn.send(_rejected(None, "rate", "too many messages; slow down"))
                continue
            if len(raw) > hub.settings.max_message:
                conn.send(_rejected(None, "bad_message", f"the message is over {hub.settings.max_message} bytes"))
                continue
            parsed = _parse(raw)
            if isinstance(parsed, str):
                conn.send(_rejected(None, "bad_message", parsed))
                continue
            kind = parsed["t"]
            client_id = parsed.get("id") if isinstance(parsed.get("id"), str) else None
            if kind == "hello":
                player = parsed.get("player")
                if player is not None and "token" not in parsed:
                    parsed["token"] = None  # a player's hello names the player, not the seat's token
                problem = _check_fields(parsed, {"token": (str, type(None)), "v": (int,)})
                if not problem and player is not None and (not isinstance(player, str) or parsed["token"] is not None):
                    problem = "player: expected a player's token, instead of a seat's token"
                if problem:
                    conn.send(_rejected(client_id, "bad_message", problem))
                    continue
                if player is not None:
                    # a player opening a table where they hold a seat, from any device: that seat
                    seat = await _seat_of_player(hub, table_id, player)
                    if seat is None or not table.seats[seat].human:  # none, or a bot's for good now
                        await websocket.close(WRONG_TOKEN, "the player holds no seat at this table")
                        break
                    parsed["token"] = f"player:{player}"
                if said_hello and parsed["token"] == first_token:
                    # said again: the connection was sent everything up to conn.v already
                    conn.send({"t": "current", "v": conn.v, **({"id": client_id} if client_id else {})})
                    continue
                if player is None:
                    seat = None
                if player is None and parsed["token"] is not None:
                    seat = table.seat_of_token(parsed["token"])
                    if seat is None:
                        await websocket.close(WRONG_TOKEN, "the token is not a seat's at this table")
                        break
                if said_hello:
                    conn.send(_rejected(client_id, "bad_message", "a connection keeps the seat of its first hello"))
                    continue
                said_hello, first_token = True, parsed["token"]
                conn.language = language_of(parsed.get("lang"))
                await table.submit(functools.partial(table.hello, conn, seat, parsed["v"]))
            elif kind == "act":
                problem = _check_fields(parsed, {"v": (int,), "action": (str,), "id": (str,)})
                if not problem and not 1 <= len(parsed["id"]) <= 64:
                    problem = "id: expected 1 to 64 characters"
                if not problem and len(parsed["action"]) > 200:
                    problem = "action: too long"
                if not problem and not said_hello:
                    problem = "say hello first"
                if problem:
                    conn.send(_rejected(client_id, "bad_message", problem))
                    continue
                act = functools.partial(table.act, conn, parsed["v"], parsed["action"], parsed["id"])
                await _command(table, conn, parsed["id"], act)
            elif kind == "say":
                problem = _check_fields(parsed, {"text": (str,)})
                if not problem and not said_hello:
                    problem = "say hello first"
                if problem:
                    conn.send(_rejected(client_id, "bad_message", problem))
                    continue
                too_fast = table.pace.take(talk_pace, conn.seat, address)
                if too_fast is not None:
                    conn.send(_rejected(client_id, "rate", too_fast))
                    continue
                await _command(table, conn, client_id, functools.partial(table.say, conn, parsed["text"]))
            elif kind == "ping":
                conn.send({"t": "pong", **({"id": client_id} if client_id else {})})
            else:
                conn.send(_rejected(client_id, "bad_message", f"unknown message type {str(kind)[:40]!r}"))
    except WebSocketDisconnect:
        pass
    except Exception as e:
        logs.failed(log, f"table {table_id}: a connection failed", e)
        with contextlib.suppress(Exception):
            await websocket.close(1011, "server error")
    finally:
        metrics.CONNECTIONS.dec()
        hub.addresses[address] -= 1
        if hub.addresses[address] <= 0:
            del hub.addresses[address]
        with contextlib.suppress(Exception):
            await table.submit(lambda: table.bye(conn))
        conn.closed = True
        writer.cancel()


async def _seat_of_player(hub: Hub, table_id: str, token: str) -> int | None:
    """The seat at the table of the player whose credential ``token`` is (the players' room
    knows: `cardtable.web.tables.hooks`), or ``None``."""
    who, seat_of = hub.hooks.player_of_token, hub.hooks.player_seat
    if who is None or seat_of is None:
        return None
    player_id = await asyncio.to_thread(who, token)
    if player_id is None:
        return None
    return await asyncio.to_thread(seat_of, table_id, player_id)


async def _command(table: LiveTable, conn: Conn, client_id: str | None, job: Callable[[], Awaitable[Any]]) -> None:
    """Run a client's command on the table's worker; a refusal goes to that client only."""
    try:
        await table.submit(job)
    except Refused as e:
        conn.send(_rejected(client_id, e.reason, e.message))


async def _write(websocket: WebSocket, conn: Conn) -> None:
    """Send the connection's messages in order; stop at the first failure or a ``None``."""
    try:
        while True:
            msg = await conn.outbox.get()
            if msg is None:
                await websocket.close(*conn.ending)
                return
            await websocket.send_text(msg if isinstance(msg, str) else json.dumps(msg, separators=(",", ":")))
    except Exception:
        conn.closed = True


def _rejected(client_id: str | None, reason: str, message: str) -> dict[str, Any]:
    """A refusal to send: the client's id echoed only when short, the message one line of at most
    `MAX_ERROR` characters."""
    metrics.REFUSALS.labels(reason=reason).inc()
    shown = client_id if client_id is None or len(client_id) <= 64 else None
    return {"t": "rejected", "id": shown, "reason": reason, "message": one_line(message, MAX_ERROR)}


def _parse(raw: str | bytes) -> dict[str, Any] | str:
    """The message as a JSON object with a string ``t``, or the one line saying what is wrong."""
    try:
        obj = loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
    except (BadJson, UnicodeDecodeError):
        return "not JSON"
    if not isinstance(obj, dict):
        return "a message is a JSON object"
    if not isinstance(obj.get("t"), str):
        return 'a message needs a type "t"'
    return obj


def _check_fields(msg: dict[str, Any], fields: dict[str, tuple[type, ...]]) -> str | None:
    for name, kinds in fields.items():
        if name not in msg:
            return f"{name}: missing"
        value = msg[name]
        if isinstance(value, bool) or not isinstance(value, kinds):
            return f"{name}: wrong type"
        if isinstance(value, int) and value < 0:
            return f"{name}: must not be negative"
    return None
