"""Hints at the web table: the search bot's estimate of each legal move for the seat to act,
best first, with its ± as the terminal table shows it.

``POST /api/tables/{ID}/hints {"token": SEAT_TOKEN}`` answers ``{"v", "hints": [{"action",
"value", "stderr", "standing"}]}`` for that seat only when it is the seat's turn; ``standing`` is
the terminal table's word for it (`cardtable.table.ranked_hints`): ``"best"``, ``"about equal to
the best"`` when the ± intervals overlap, or ``""``. A table created with ``"hints": false``
refuses them (409). The search sees only the seat's own view (as every bot does), so a hint
cannot tell a seat anything it may not know. It is a search (`cardtable.web.tables.bots.hints`,
at the level ``HINT_LEVEL``), so it runs where the searching bots think: in their worker
processes, away from the tables' event loop and the server's interpreter; one at a time a table.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from cardtable.strict import excerpt

router = APIRouter()


def _refuse(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


@router.post("/api/tables/{table_id}/hints")
async def hints(request: Request, table_id: str) -> Any:
    """The search bot's hints for the seat whose token is sent, when it is that seat's turn."""
    hub = getattr(request.app.state, "hub", None)
    table = None if hub is None else hub.tables.get(table_id)
    if hub is None or table is None:
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
        view = table.game.observe(state, seat)
        legal = list(table.game.legal_actions(state))
        found = await hub.bots.hints(table.row.game, table.rules, view, legal, v)
    finally:
        table.hinting = False
    return {"v": v, "hints": found}
