"""Hints at the web table: the search bot's estimate of each legal move for the seat to act,
best first, with its ± as the terminal table shows it.

``POST /api/tables/{ID}/hints {"token": SEAT_TOKEN}`` answers ``{"v", "hints": [{"action",
"value", "stderr", "standing"}]}`` for that seat only when it is the seat's turn; ``standing`` is
the terminal table's word for it (`cardtable.table.ranked_hints`): ``"best"``, ``"about equal to
the best"`` when the ± intervals overlap, or ``""``. A table created with ``"hints": false``
refuses them (409). The search sees only the
seat's own view (as every bot does), so a hint cannot tell a seat anything it may not know; it
runs in a worker thread with a small budget, away from the tables' event loop.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from cardtable.bots import SearchBot, rule_bot
from cardtable.core import CardtableError
from cardtable.strict import excerpt
from cardtable.table import ranked_hints

#: The search level used for hints: quick enough to answer while a person waits.
LEVEL = "medium"

router = APIRouter()


def _refuse(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def hints_for(game: Any, state: Any, seat: int, seed: int) -> list[dict[str, Any]]:
    """Every legal move of ``seat`` with the search bot's value and its standard error, best first."""
    try:
        policy = rule_bot(game)
    except CardtableError:
        policy = None
    bot = SearchBot(game, LEVEL, policy)
    legal = game.legal_actions(state)
    found = bot.hints(game.observe(state, seat), legal, random.Random(seed))
    return [
        {
            "action": game.format(h.action),
            "value": round(h.value, 3),
            "stderr": round(h.stderr, 3),
            "standing": standing,
        }
        for h, standing in ranked_hints(found)
    ]


@router.post("/api/tables/{table_id}/hints")
async def hints(request: Request, table_id: str) -> Any:
    """The search bot's hints for the seat whose token is sent, when it is that seat's turn."""
    hub = getattr(request.app.state, "hub", None)
    table = None if hub is None else hub.tables.get(table_id)
    if table is None:
        return _refuse(404, f"no table {excerpt(table_id)}")
    from cardtable.web.requests import body_of

    body = await body_of(request)
    token = body.get("token")
    seat = table.seat_of_token(token) if isinstance(token, str) else None
    if seat is None:
        return _refuse(403, "hints are for a seat: its token was not recognised")
    if not table.row.hints:
        return _refuse(409, "hints are switched off at this table")
    state, v = table.state, table.version
    if state is None or table.game.actor(state) != seat:
        return _refuse(409, "hints are given on your turn")
    if table.hinting:
        return _refuse(429, "a hint is being worked out for this table; wait for it")
    table.hinting = True
    try:
        found = await asyncio.to_thread(hints_for, table.game, state, seat, v)
    finally:
        table.hinting = False
    return {"v": v, "hints": found}
