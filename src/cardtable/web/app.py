"""The web table server's application: the HTTP API under ``/api`` and the live connection under
``/ws`` (the contract is ``web.md``), made by `create_app` so tests and the pages can build on it.

Every error is ``{"error": "<one line>"}`` with the contract's status; every refused WebSocket
message is a ``rejected`` message to its sender only, and the connection stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from cardtable.strict import BadJson, loads, one_line
from cardtable.web import logs, metrics, ops, pages, players, review, tournaments
from cardtable.web.guard import MAX_ERROR, Guard
from cardtable.web.hub import Hub
from cardtable.web.limits import Bucket, wait_text
from cardtable.web.live import Conn, LiveTable, Refused
from cardtable.web.migrate import upgrade
from cardtable.web.network import Reach
from cardtable.web.replaywork import Replayer
from cardtable.web.requests import body_of, client_address
from cardtable.web.settings import Settings

log = logging.getLogger("cardtable.web")

#: Close codes of the live connection (web.md §2, and two of the server's own).
WRONG_TOKEN, NO_TABLE, BAD_ORIGIN, TOO_MANY = 4401, 4404, 4403, 4429


#: The largest JSON body of the API's requests other than a record to replay.
MAX_BODY = 65536


def error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": one_line(message, MAX_ERROR)}, status_code=status, headers=headers)


def create_app(settings: Settings | None = None, reach: Reach | None = None) -> FastAPI:
    """The server's application over the database of ``settings`` (migrated and rebuilt on start).
    ``reach`` says where it listens and which hosts it answers to (by default found from
    ``settings``, with this machine's addresses detected)."""
    settings = settings or Settings()
    reach = reach or Reach.detect(
        settings.host, settings.port, settings.public_url, settings.advertise, settings.allowed_hosts
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(upgrade, settings.db_url)
        hub = Hub(settings)
        await hub.rebuild()
        app.state.hub = hub
        app.state.replayer = Replayer(settings)
        hub.start_sweeping()
        try:
            yield
        finally:
            app.state.replayer.close()
            review.close(app)
            await hub.shutdown()

    app = FastAPI(title="cardtable", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.reach = reach
    app.state.settings = settings

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> JSONResponse:
        message = {404: "no such page", 405: "method not allowed"}.get(exc.status_code, str(exc.detail))
        return error(exc.status_code, message)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error(400, "the request is not of the expected form")

    @app.exception_handler(Refused)
    async def _refused(request: Request, exc: Refused) -> JSONResponse:
        metrics.REFUSALS.labels(reason=str(exc.status)).inc()
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
        return error(exc.status, exc.message, headers)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        address = client_address(request)
        limit(hub.create_limit.take(address), "tables created")
        return await hub.create(await body_of(request), address)

    @app.get("/api/tables")
    async def listing(request: Request, status: str | None = None) -> dict[str, Any]:
        return {"tables": await hub_of(request).listing(status)}

    @app.get("/api/tables/{table_id}")
    async def summary(request: Request, table_id: str) -> dict[str, Any]:
        return (await hub_of(request).get(table_id)).summary()

    @app.post("/api/tables/{table_id}/join")
    async def join(request: Request, table_id: str) -> dict[str, Any]:
        limit(hub_of(request).join_limit.take(client_address(request)), "joins")
        table = await hub_of(request).get(table_id)
        body = await body_of(request)
        name, seat = body.get("name"), body.get("seat")
        player = None
        if "player" in body:  # sitting down as a player (`cardtable.web.players`): the player's name
            player = await players.player_of(hub_of(request), body["player"])
            name = name if name is not None else player.name
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40 or not name.isprintable():
            raise Refused(400, "name: expected a name of 1 to 40 printable characters")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise Refused(400, "seat: expected a seat number")
        got, token = await table.submit(
            lambda: table.join(body.get("invite"), name.strip(), seat, player.id if player else None)
        )
        return {"seat": got, "token": token}

    @app.post("/api/tables/{table_id}/start")
    async def start(request: Request, table_id: str) -> dict[str, Any]:
        table = await hub_of(request).get(table_id)
        body = await body_of(request)
        bot = _bot_name(table, body.get("bot", "rule"))
        await table.submit(lambda: table.start(body.get("host"), bot))
        return table.summary()

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def seat_bot(request: Request, table_id: str, seat: int) -> dict[str, Any]:
        table = await hub_of(request).get(table_id)
        body = await body_of(request)
        bot = _bot_name(table, body.get("bot", "rule"))
        await table.submit(lambda: table.seat_bot(body.get("host"), seat, bot))
        return table.summary()

    @app.post("/api/tables/{table_id}/again")
    async def again(request: Request, table_id: str) -> dict[str, Any]:
        table = await hub_of(request).get(table_id)
        body = await body_of(request)
        match = body.get("match")
        if not isinstance(match, int) or isinstance(match, bool) or match < 0:
            raise Refused(400, "match: expected the number of the match that ended")
        got = await table.submit(lambda: table.again(body.get("token"), match))
        return {"match": got, "v": table.version}

    @app.post("/api/tables/{table_id}/close")
    async def close(request: Request, table_id: str) -> dict[str, Any]:
        table = await hub_of(request).get(table_id)
        body = await body_of(request)
        await table.submit(lambda: table.close(body.get("host")))
        return table.summary()

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str, match: int | None = None) -> Any:
        table = await hub_of(request).get(table_id)
        rec = await table.submit(lambda: _async(table.record(match)))
        if rec is None:
            raise Refused(404, "no hand of that match has finished yet")
        return rec

    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str) -> None:
        await serve_connection(hub_of(websocket), websocket, table_id)

    review.install(app)  # the review panel's jobs: /api/review, /api/tables/{id}/review
    app.include_router(tournaments.router)  # tournaments: /api/tournaments, /tournaments/… (docs/tournaments.md)
    pages.install(app)  # the pages people use: /, /t/{id}, /replay, /static, /api/games, /api/replay
    ops.install(app)  # /healthz, /readyz, /metrics, /api/server
    app.include_router(players.router)  # players, their pages, ratings and leaderboards
    app.add_middleware(Guard, reach=reach, limit_of=lambda path: body_limit(path, settings))
    return app


def body_limit(path: str, settings: Settings) -> int:
    """The largest body a ``POST`` to ``path`` may have: a record to replay, or an API request."""
    return settings.max_record_bytes if path in ("/api/replay", "/api/review") else MAX_BODY


def limit(wait: float, what: str) -> None:
    """Refuse with ``429`` when a per-address limit asks to wait ``wait`` seconds."""
    if wait > 0:
        raise Refused(429, f"too many {what} from your address; try again in {wait_text(wait)}", retry_after=wait)


async def _async(value: Any) -> Any:
    return value


def _bot_name(table: LiveTable, bot: object) -> str:
    from cardtable.web.bots import refusal

    if not isinstance(bot, str):
        raise Refused(400, 'bot: expected a bot name such as "rule"')
    why = refusal(table.game, bot, table.settings.max_bot_seconds, dict(table.settings.bot_programs))
    if why is not None:
        raise Refused(422, why)
    return bot


def origin_ok(websocket: WebSocket) -> bool:
    """No ``Origin`` (a program) is fine; a page's ``Origin`` must be the public URL's, or else
    this server's own host (`Reach.origin_ok`)."""
    reach: Reach = websocket.app.state.reach
    return reach.origin_ok(websocket.headers.get("origin"), websocket.headers.get("host"))


async def serve_connection(hub: Hub, websocket: WebSocket, table_id: str) -> None:
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
    if table is None:
        await websocket.close(NO_TABLE, "no such table")
        return
    hub.addresses[address] += 1
    conn = Conn(table=table_id)
    writer = asyncio.create_task(_write(websocket, conn))
    said_hello = False
    limit = Bucket(hub.settings.rate, hub.settings.burst)
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
                problem = _check_fields(parsed, {"token": (str, type(None)), "v": (int,)})
                if problem:
                    conn.send(_rejected(client_id, "bad_message", problem))
                    continue
                seat = None
                if parsed["token"] is not None:
                    seat = table.seat_of_token(parsed["token"])
                    if seat is None:
                        await websocket.close(WRONG_TOKEN, "the token is not a seat's at this table")
                        break
                if said_hello and seat != conn.seat:
                    conn.send(_rejected(client_id, "bad_message", "a connection keeps the seat of its first hello"))
                    continue
                said_hello = True
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
                await _command(table, conn, client_id, functools.partial(table.say, conn, parsed["text"]))
            elif kind == "ping":
                conn.send({"t": "pong", **({"id": client_id} if client_id else {})})
            else:
                conn.send(_rejected(client_id, "bad_message", f"unknown message type {str(kind)[:40]!r}"))
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("table %s: a connection failed", table_id)
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
            await websocket.send_text(json.dumps(msg, separators=(",", ":")))
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
