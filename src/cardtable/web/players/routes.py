"""Players who persist from table to table, without passwords or e-mail, and the ratings' pages.

A player is made with a name and gets a private token (``ID.SECRET``), shown once and kept by the
browser like a seat's token; the server keeps only its hash. With it the player sits down at any
table as themselves (``"player"`` in a join), reads their history and ratings, and chooses whether
to be listed on the leaderboards. The routes (``docs/web.md``, "Players and ratings"):

- ``POST /api/players`` ``{"name", "listed"?}``: ``201 {"player": ID, "token": TOKEN, "name"}``
- ``POST /api/players/me`` ``{"token"}``: the player's page: name, listing, ratings by game (with
  the bot they play about as well as), and the tables sat at with their matches' records
- ``POST /api/players/me/listed`` ``{"token", "listed"}``: list or unlist; the page as above
- ``GET /api/leaderboard/{game}``: the listed players by rating, and the bots apart
- ``GET /player`` and ``GET /leaderboard``: the pages
"""

from __future__ import annotations

import asyncio
import re
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from cardtable import registry
from cardtable.web import names
from cardtable.web.errors import Refused
from cardtable.web.limits import wait_text
from cardtable.web.pages import STATIC
from cardtable.web.players import store as ratings_store
from cardtable.web.players.ratings import Skill, nearest
from cardtable.web.players.store import Player
from cardtable.web.tables.hub import Hub
from cardtable.web.tokens import token_hash, token_matches

router = APIRouter()

#: The longest name a player may take, as at a table.
MAX_NAME = names.MAX_PERSON

#: How many players a leaderboard shows.
LEADERS = 100

_ID = re.compile(r"[0-9a-f]{12}")


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _body(request: Request) -> dict[str, Any]:
    from cardtable.web.requests import body_of  # the one strict reading of a body

    return await body_of(request)


def check_name(name: object) -> str:
    """A player's name as kept (`cardtable.web.names.person`: 1 to 40 characters, none hidden)."""
    return names.person(name)


async def player_of(hub: Hub, token: object) -> Player:
    """The player whose token this is (the id finds the row; the hash is compared in constant
    time), or ``403``."""
    if not isinstance(token, str) or len(token) > 100:
        raise Refused(403, "the player token is not a player's")
    pid, _, _ = token.partition(".")
    player = await asyncio.to_thread(ratings_store.player_by_id, hub.store.engine, pid) if _ID.fullmatch(pid) else None
    if player is None or not token_matches(token, player.token_hash):
        raise Refused(403, "the player token is not a player's")
    return player


def _game(game: str) -> str:
    if game not in registry.names():
        raise Refused(404, f"no game {game[:40]!r}: expected one of {', '.join(registry.names())}")
    return game


@router.post("/api/players", status_code=201)
async def create_player(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    address = request.client.host if request.client else "?"
    wait = hub.create_limit.take(address)
    if wait > 0:
        raise Refused(
            429, f"too many players created from your address; try again in {wait_text(wait)}", retry_after=wait
        )
    body = await _body(request)
    name = check_name(body.get("name"))
    listed = body.get("listed", False)
    if not isinstance(listed, bool):
        raise Refused(400, "listed: expected true or false")
    pid = secrets.token_hex(6)
    token = ratings_store.new_player_token(pid)
    await asyncio.to_thread(ratings_store.create_player, hub.store.engine, name, listed, token_hash(token), pid)
    return {"player": pid, "token": token, "name": name, "listed": listed}


@router.post("/api/players/me")
async def me(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    player = await player_of(hub, (await _body(request)).get("token"))
    return await asyncio.to_thread(_page_of, hub, player)


@router.post("/api/players/me/listed")
async def listed(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await _body(request)
    player = await player_of(hub, body.get("token"))
    value = body.get("listed")
    if not isinstance(value, bool):
        raise Refused(400, "listed: expected true or false")
    await asyncio.to_thread(ratings_store.set_listed, hub.store.engine, player.id, value)
    player = Player(player.id, player.name, player.token_hash, value, player.created)
    return await asyncio.to_thread(_page_of, hub, player)


def _page_of(hub: Hub, player: Player) -> dict[str, Any]:
    """What the player's page shows: their ratings by game and the tables they sat at, each
    match's record being the table's (finished hands only, web.md §1)."""
    engine = hub.store.engine
    games: dict[str, Any] = {}
    for game, skill in sorted(ratings_store.player_skills(engine, player.id).items()):
        bots = _real_bots(hub, game, ratings_store.skills(engine, game, "bot:"))
        like = nearest(skill, bots)
        games[game] = {**skill.to_json(), "like": like, **({"like_rating": bots[like].to_json()} if like else {})}
    tables = ratings_store.history(engine, player.id)
    for t in tables:
        t["records"] = [f"/api/tables/{t['table']}/record?match={m}" for m in t["matches"]]
    return {
        "player": player.id,
        "name": player.name,
        "listed": player.listed,
        "created": player.created,
        "ratings": games,
        "tables": tables,
    }


@router.get("/api/leaderboard/{game}")
async def leaderboard(request: Request, game: str) -> dict[str, Any]:
    engine = _hub(request).store.engine
    _game(game)
    people = await asyncio.to_thread(ratings_store.listed_players, engine, game, LEADERS)
    bots = _real_bots(_hub(request), game, await asyncio.to_thread(ratings_store.skills, engine, game, "bot:"))
    return {
        "game": game,
        "players": [{"rank": n + 1, "name": p.name, **s.to_json()} for n, (p, s) in enumerate(people)],
        "bots": [{"bot": k, **s.to_json()} for k, s in _best_first(bots)],
    }


def _real_bots(hub: Hub, game: str, skills: dict[str, Skill]) -> dict[str, Skill]:
    """The ratings of ``skills`` (keyed ``bot:NAME``) that belong to real bots, by name: the
    known bots and plug-ins under their own names, and the operator's programs (a table seats a
    bot under its own name, `cardtable.web.names.bot_name`; a name stored before that was so,
    such as ``random:`` and any text, is no bot and is left out)."""
    rules_game = registry.get_game(game)
    programs = dict(hub.settings.bot_programs)
    out = {}
    for key, skill in skills.items():
        name = key.removeprefix("bot:")
        if names.is_bot_name(rules_game, name, programs):
            out[name] = skill
    return out


def _best_first(skills: dict[str, Skill]) -> list[tuple[str, Skill]]:
    return sorted(skills.items(), key=lambda kv: (-kv[1].ordinal, kv[0]))


def _file(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html", headers={"Cache-Control": "no-cache"})


@router.get("/player", include_in_schema=False)
def player_page() -> FileResponse:
    """The player's own page (the private link is this page with ``#TOKEN``)."""
    return _file("player.html")


@router.get("/leaderboard", include_in_schema=False)
def leaderboard_page() -> FileResponse:
    """The leaderboards, one game at a time (``?game=NAME``)."""
    return _file("leaderboard.html")
