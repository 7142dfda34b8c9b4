"""The web table server's application: the HTTP API under ``/api`` and the live connection under
``/ws`` (the contract is ``web.md``), made by `create_app` so tests and the pages can build on it.

Every error is ``{"error": "<one line>"}`` with the contract's status; every refused WebSocket
message is a ``rejected`` message to its sender only, and the connection stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from cardtable.i18n import Phrase, words_of
from cardtable.strict import one_line
from cardtable.web import names, pages, workers
from cardtable.web.accounts import routes as accounts
from cardtable.web.errors import Refused
from cardtable.web.guard import MAX_ERROR, Guard
from cardtable.web.learn import routes as learn
from cardtable.web.limits import wait_text
from cardtable.web.network import Reach
from cardtable.web.notices import attach as attach_notices
from cardtable.web.notices import routes as notices
from cardtable.web.notices.sender import Sender
from cardtable.web.ops import health as ops
from cardtable.web.ops import metrics
from cardtable.web.ops.migrate import upgrade
from cardtable.web.players import routes as players
from cardtable.web.players import seats
from cardtable.web.requests import body_of, client_address
from cardtable.web.review import jobs as review
from cardtable.web.review.replaywork import Replayer
from cardtable.web.settings import Settings
from cardtable.web.tables import connection
from cardtable.web.tables.hub import Hub, bot_seat
from cardtable.web.tables.live import LiveTable
from cardtable.web.tournaments import listen
from cardtable.web.tournaments import routes as tournaments

log = logging.getLogger("cardtable.web")

#: The largest JSON body of the API's requests other than a record to replay.
MAX_BODY = 65536
#: How long a refusal for asking too often (``429``) is held before it is sent (at most its
#: ``Retry-After``): a client that asks again at once, as a flood does, then asks at most four
#: times a second on each connection, so that a flood of refusals costs the tables' event loop
#: next to nothing (tests/web/test_floods.py). A ``503`` (a full server, a table being handed
#: over) is not held: the client is told at once to come back.
HOLD_REFUSAL = 0.25


def error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """``{"error": one line}``; where the line was made of phrases (`cardtable.i18n.phrase`), with
    its words beside it, ``error_words``, for a page to say it in its reader's language."""
    body: dict[str, object] = {"error": one_line(message, MAX_ERROR)}
    if isinstance(message, Phrase) and len(str(message)) <= MAX_ERROR:
        body["error_words"] = words_of(message)
    return JSONResponse(body, status_code=status, headers=headers)


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
        seats.attach(hub)  # players are seated, and their hands rated, by the players' room
        players.attach(hub)  # a player is known by their credential at the tables where they sit
        listen.attach(hub)  # a tournament's results are stored as its tables' hands end
        attach_notices(hub)  # a seat of a turn-based table that waits: a notice in the outbox
        await hub.rebuild()
        app.state.hub = hub
        app.state.replayer = Replayer(settings)
        # the summaries' replay worker starts now, so that the first hand's end does not wait for it
        warming = asyncio.create_task(app.state.replayer.start())
        hub.start_sweeping()
        sender = Sender(hub.store.engine, settings, base_url(reach))
        app.state.notices = sender
        sender.start(settings.notice_every)  # the notices' sender (docs/web.md, "Your turn")
        try:
            yield
        finally:
            sender.stop()
            warming.cancel()
            app.state.replayer.close()
            accounts.close(app)
            review.close(app)
            tournaments.close(app)
            workers.close(app)  # the short work's pool (QR codes, records and bodies read)
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
        if exc.status == 429 and exc.retry_after:
            await asyncio.sleep(min(exc.retry_after, HOLD_REFUSAL))
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
        return (await hub_of(request).peek(table_id)).summary()

    @app.post("/api/tables/{table_id}/join")
    async def join(request: Request, table_id: str) -> dict[str, Any]:
        limit(hub_of(request).join_limit.take(client_address(request)), "joins")
        table = await hub_of(request).get(table_id)
        body = await body_of(request)
        name, seat = body.get("name"), body.get("seat")
        player = None
        if "player" in body:  # sitting down as a player (`cardtable.web.players.routes`): the player's name
            player = await players.player_of(hub_of(request), body["player"])
            name = name if name is not None else player.name
        kept = names.person(name)
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise Refused(400, "seat: expected a seat number")
        # "token": a seat's token the client holds at this table already (one person, one seat)
        got, token = await table.submit(
            lambda: table.join(body.get("invite"), kept, seat, player.id if player else None, body.get("token"))
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
        hub = hub_of(request)
        table = await hub.peek(table_id)
        # a table served here is read on its worker, between two commands; a copy is nobody's
        rec = await table.submit(lambda: _async(table.record(match))) if table.worker else table.record(match)
        if rec is None:
            raise Refused(404, "no hand of that match has finished yet")
        await hub_of(request).check_record(table_id, table.match if match is None else match)
        return rec

    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str) -> None:
        await connection.serve(hub_of(websocket), websocket, table_id)

    review.install(app)  # the review panel's jobs: /api/review, /api/tables/{id}/review
    app.include_router(tournaments.router)  # tournaments: /api/tournaments, /tournaments/… (docs/tournaments.md)
    pages.install(app)  # the pages people use: /, /t/{id}, /replay, /static, /api/games, /api/replay
    ops.install(app)  # /healthz, /readyz, /metrics, /api/server
    app.include_router(players.router)  # players, their pages, ratings and leaderboards
    app.include_router(accounts.router)  # signing in on any device: sessions, e-mail links, passkeys
    app.include_router(notices.router)  # a word when it is your turn: preferences, push keys
    app.include_router(learn.router)  # lessons and puzzles: /learn, /puzzles (docs/learn.md)
    app.add_middleware(Guard, reach=reach, limit_of=lambda path: body_limit(path, settings))
    return app


def base_url(reach: Reach) -> str:
    """The address links in messages start with: the public URL, else the first shared address,
    else this machine's own."""
    shared = reach.shared_urls()
    return (shared[0] if shared else reach.local_url()).rstrip("/")


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
    return bot_seat(table.game, bot, table.settings)
