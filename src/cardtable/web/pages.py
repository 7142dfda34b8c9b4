"""The pages people use: the home page, the table, the replay viewer, their static files, and the
few read-only engine answers the pages need beyond web.md (the games with their presets and house
rules; a record replayed step by step with every hand face up, and each hand summed up).

`install` adds them to the server's FastAPI app. Nothing here holds a table's state: the replay
endpoint works on a record the caller sends (a finished match fetched from this server, or a
file), so it can reveal only what that record already shows.
"""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from cardtable import registry
from cardtable.bots import bot_names
from cardtable.core import CardtableError
from cardtable.record import Record, load_game, replay, report
from cardtable.web import metrics
from cardtable.web.replaywork import Replayer
from cardtable.web.words import people_names

STATIC = Path(__file__).resolve().parent / "static"

#: Bots a seat can be given from the home page, weakest first, with what they are.
BOTS: list[dict[str, str]] = [
    {"name": "random", "label": "random bot"},
    {"name": "rule", "label": "rule bot"},
    {"name": "search:easy", "label": "search bot: easy"},
    {"name": "search:medium", "label": "search bot: medium"},
    {"name": "search:hard", "label": "search bot: hard"},
]

router = APIRouter()


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html", headers={"Cache-Control": "no-cache"})


@router.get("/", include_in_schema=False)
def home() -> FileResponse:
    """The home page: create a table, join one, the public tables."""
    return _page("home.html")


@router.get("/t/{table_id}", include_in_schema=False)
def table_page(table_id: str) -> FileResponse:
    """The table page (the invite link is this page with ``?invite=TOKEN``)."""
    return _page("table.html")


@router.get("/replay", include_in_schema=False)
def replay_page() -> FileResponse:
    """The replay viewer: a finished match of this server (``?table=ID``) or a record file."""
    return _page("replay.html")


def _options(game: str) -> list[dict[str, Any]]:
    cls = registry.game_class(game)
    rules_cls = getattr(cls, "RULES", None) or _rules_class(game)
    out = []
    for f in dataclasses.fields(rules_cls):
        meta = f.metadata
        kind = meta.get("kind")
        choices = meta.get("choices")
        out.append(
            {
                "name": f.name,
                "default": f.default,
                "rule": meta.get("rule", ""),
                "doc": meta.get("doc", ""),
                "choices": list(choices) if choices is not None else None,
                "kind": "int" if kind is int else (type(f.default).__name__ if f.default is not None else "int"),
                "minimum": meta.get("minimum"),
            }
        )
    return out


def _rules_class(game: str) -> Any:
    """The rules dataclass of a game, found from a default instance."""
    return type(registry.get_game(game).rules)


def games_json() -> dict[str, Any]:
    """Every game with its seats, presets and house rules (name, default, rule, one-line meaning)."""
    games = []
    for name in registry.names():
        g = registry.get_game(name)
        games.append(
            {
                "name": name,
                "seats": g.seats,
                "presets": sorted(registry.presets(name)),
                "preset_rules": registry.presets(name),
                "options": _options(name),
            }
        )
    return {"games": games, "bots": BOTS}


@router.get("/api/games")
def games(request: Request) -> dict[str, Any]:
    """The games, presets, house rules and bots the home page offers (with the bot programs the
    server's operator offers by name)."""
    out = games_json()
    settings = getattr(request.app.state, "settings", None)
    for name, _ in getattr(settings, "bot_programs", ()):
        out["bots"] = [*out["bots"], {"name": name, "label": f"{name} (a bot program)"}]
    return out


def _refuse(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


#: The most steps a replay shows (a long evening's match has a few thousand).
MAX_STEPS = 20_000


class TooManySteps(CardtableError):
    """A record with more steps than the replay viewer shows."""


def replay_json(obj: object, steps: bool = True, seat: int | None = None, ended: bool = False) -> dict[str, Any]:
    """A record replayed: each hand's result (the §7 report) and, with ``steps``, every state of
    every hand with every seat's view (all hands face up), for the replay viewer. The hands'
    ends are told in words to ``seat`` ("you") when the narration module is present; with
    ``ended`` the match ended with the last hand (a table's match that ends sooner than the game's
    own rule), so nobody is told to deal next.

    Raises `BadRecord` or `ReplayStopped` for a record that does not replay.
    """
    record = Record.from_json(obj)
    game = load_game(record)
    rep = report(record, game)
    out: dict[str, Any] = {"game": record.game, "rules": record.rules, "seats": game.seats, "report": rep}
    # the players' names, so that the viewer tells the seats as the table did
    out["names"] = player_names(record)
    if seat is not None and not 0 <= seat < game.seats:
        seat = None
    out["narration"] = _narration(record, game, seat, ended)
    if steps:
        rows: list[dict[str, Any]] = []
        for step in replay(record, game):
            if len(rows) >= MAX_STEPS:
                raise TooManySteps(f"the record has over {MAX_STEPS} steps; the viewer shows at most that many")
            hand = record.hands[step.hand]
            text = None if step.action is None else hand.actions[step.action]
            rows.append(
                {
                    "hand": step.hand,
                    "action": text,
                    "views": [game.observe(step.state, s).to_json() for s in range(game.seats)],
                    "to_act": game.actor(step.state),
                }
            )
        out["steps"] = rows
    return out


def player_names(record: Record) -> list[str | None] | None:
    """The players by the names the record gives them (`words.people_names`), ``None`` when it
    names nobody. A table's record names a bot by its kind ("rule", "search:hard"), which tells no
    one apart, so a bot is told by its seat (``None``), as at the table."""
    kinds = set(bot_names())
    given = [None if p.partition(":")[0] in kinds else p for p in record.players or ()]
    return people_names(given) if any(given) else None


def _narration(record: Record, game: Any, seat: int | None, ended: bool = False) -> list[list[str]] | None:
    """Each finished hand's end told in words by `cardtable.narrate` to ``seat`` (``None``: to
    anyone), with the players' names where the record gives them, when that module is present."""
    try:
        narrate = importlib.import_module("cardtable.narrate")
    except ImportError:
        return None
    tell = getattr(narrate, "narrate_hand_end", None)
    if tell is None:
        return None
    ends: dict[int, Any] = {}
    for step in replay(record, game):
        ends[step.hand] = step.state
    names = player_names(record)
    out: list[list[str]] = []
    last = max(ends, default=-1)
    for hand in sorted(ends):
        state = ends[hand]
        try:
            over = ended and hand == last
            out.append(list(tell(game, state, seat, names, over)) if game.outcome(state) is not None else [])
        except CardtableError:
            out.append([])
    return out


@router.post("/api/replay")
async def replay_record(request: Request, steps: bool = True, seat: int | None = None, ended: bool = False) -> Any:
    """Replay a record sent in the body (a finished match of this server, or a file), in the
    replay worker (`cardtable.web.replaywork`), never on the tables' event loop."""
    from cardtable.web.app import client_address

    body = await request.body()
    limit = request.app.state.settings.max_record_bytes
    if len(body) > limit:
        return _refuse(413, f"a record is at most {limit} bytes")
    replayer: Replayer = request.app.state.replayer
    status, answer = await replayer.replay(client_address(request), body, steps, seat, ended)
    metrics.REPLAYS.labels(outcome=str(status)).inc()
    return Response(answer, status_code=status, media_type="application/json")


def install(app: FastAPI) -> None:
    """Add the pages, their static files, `/api/games`, `/api/replay` and the hints to ``app``."""
    from cardtable.web import hints  # the search bot's hints, for the seat to act

    app.include_router(router)
    app.include_router(hints.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
