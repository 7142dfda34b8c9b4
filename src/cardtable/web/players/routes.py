"""Players who persist from table to table, without passwords or e-mail, and the ratings' pages.

A player is made with a name and gets a private token (``ID.SECRET``), shown once and kept by the
browser like a seat's token; the server keeps only its hash. With it the player sits down at any
table as themselves (``"player"`` in a join), reads their history and ratings, and chooses whether
to be listed on the leaderboards. The routes (``docs/web.md``, "Players and ratings"):

- ``POST /api/players`` ``{"name", "listed"?}``: ``201 {"player": ID, "token": TOKEN, "name"}``
- ``POST /api/players/me`` ``{"token", "before"?}``: the player's page (`cardtable.web.players.page`):
  name, listing, ratings by game (provisional until settled; the bot they play about as well as),
  the rating's history, the statistics by game, and a page of the tables sat at (``before`` pages
  back) with their people, results, records and reviews
- ``POST /api/players/me/listed`` ``{"token", "listed"}``: list or unlist; the page as above
- ``POST /api/players/me/language`` ``{"token", "language"}``: the language the server writes to
  the player in (its e-mail and notifications), one of `cardtable.i18n.LANGUAGES`; ``{"language"}``.
  A player made without one takes the language its request asked in (``"lang"`` in the body of
  ``POST /api/players``, else ``Accept-Language``), or the one asked in when it confirms an address
- ``GET /api/bots/{name}`` ``?before=``: a bot's page, the same but for its public tables only
- ``GET /api/leaderboard/{game}``: the listed players, settled ratings first, and the bots apart
- ``GET /player``, ``GET /bot/{name}`` and ``GET /leaderboard``: the pages

Every page's data is read in a worker thread, never on the event loop, and bounded
(`cardtable.web.players.page`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
import secrets
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from sqlalchemy.engine import Engine

from cardtable import registry
from cardtable.core import BadRules
from cardtable.i18n import LANGUAGES
from cardtable.web import names
from cardtable.web.errors import Refused
from cardtable.web.limits import wait_text
from cardtable.web.pages import STATIC
from cardtable.web.players import store as ratings_store
from cardtable.web.players.page import page
from cardtable.web.players.ratings import Skill, bot_key, player_key, ranked
from cardtable.web.players.sessions import is_session_token, session_of
from cardtable.web.players.store import Player
from cardtable.web.requests import asked_language
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
    time), or ``403``. A live session's token (`cardtable.web.players.sessions`, made when the
    player signed in on a device) is the player's too."""
    player = await asyncio.to_thread(player_by_token, hub.store.engine, token, hub.settings.clock.now())
    if player is None:
        raise Refused(403, "the player token is not a player's")
    return player


def player_by_token(engine: Engine, token: object, now: float) -> Player | None:
    """`player_of` in a worker thread's terms: the player whose token this is (a player's own, or
    a session's live at ``now``), or ``None``."""
    if not isinstance(token, str) or len(token) > 100:
        return None
    if is_session_token(token):
        found = session_of(engine, token, now)
        return None if found is None else ratings_store.player_by_id(engine, found.player_id)
    pid, _, _ = token.partition(".")
    player = ratings_store.player_by_id(engine, pid) if _ID.fullmatch(pid) else None
    if player is None or not token_matches(token, player.token_hash):
        return None
    return player


def attach(hub: Hub) -> None:
    """Let the tables know a player by their credential (`cardtable.web.tables.hooks.PlayerOfToken`):
    a player opens a table where they hold a seat, from any device, and gets that seat."""
    engine, clock = hub.store.engine, hub.settings.clock

    def player_of_token(token: str) -> str | None:
        player = player_by_token(engine, token, clock.now())
        return player.id if player is not None else None

    hub.hooks.player_of_token = player_of_token


@router.post("/api/players/me/waiting")
async def waiting(request: Request) -> dict[str, Any]:
    """The turn-based tables where the player's seat is to act, most urgent first, and their other
    open turn-based tables (docs/web.md, "Turn-based tables")."""
    hub = _hub(request)
    body = await _body(request)
    player = await player_of(hub, body.get("token"))
    reach = request.app.state.reach
    base = (reach.shared_urls() or [reach.local_url()])[0].rstrip("/")
    yours, others = await asyncio.to_thread(ratings_store.turn_tables, hub.store.engine, player.id)
    for row in (*yours, *others):
        row["link"] = f"{base}/t/{row['table']}"
    return {"your_turn": yours, "others": others, "now": hub.settings.clock.now()}


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
    language = asked_language(request, body)
    pid = secrets.token_hex(6)
    token = ratings_store.new_player_token(pid)
    await asyncio.to_thread(
        ratings_store.create_player, hub.store.engine, name, listed, token_hash(token), pid, language
    )
    return {"player": pid, "token": token, "name": name, "listed": listed}


@router.post("/api/players/me")
async def me(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await _body(request)
    player = await player_of(hub, body.get("token"))
    return await asyncio.to_thread(_page_of, hub, player, _before(body.get("before")))


@router.post("/api/players/me/listed")
async def listed(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await _body(request)
    player = await player_of(hub, body.get("token"))
    value = body.get("listed")
    if not isinstance(value, bool):
        raise Refused(400, "listed: expected true or false")
    await asyncio.to_thread(ratings_store.set_listed, hub.store.engine, player.id, value)
    player = dataclasses.replace(player, listed=value)
    return await asyncio.to_thread(_page_of, hub, player, None)


def check_language(value: object) -> str:
    """A language a player chooses: exactly one of `cardtable.i18n.LANGUAGES`, else ``400``."""
    if not isinstance(value, str) or value not in LANGUAGES:
        raise Refused(400, f"language: expected one of {', '.join(LANGUAGES)}")
    return value


@router.post("/api/players/me/language")
async def language(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await _body(request)
    player = await player_of(hub, body.get("token"))
    chosen = check_language(body.get("language"))
    await asyncio.to_thread(ratings_store.set_language, hub.store.engine, player.id, chosen)
    return {"language": chosen}


def _before(value: object) -> float | None:
    """A page's ``before``: the time the next page of tables starts before (the last page's
    ``more``), or none for the first page."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 1e11:  # nan fails too
        raise Refused(400, "before: expected the 'more' of the page before, a number")
    return float(value)


def _number(text: str | None) -> object:
    """A query's number, or the text itself (refused by its check) when it is none."""
    if text is None:
        return None
    try:
        return float(text)
    except ValueError:
        return text


def _page_of(hub: Hub, player: Player, before: float | None) -> dict[str, Any]:
    """What the player's page shows (`cardtable.web.players.page`), each match's record being the
    table's (finished hands only, web.md §1). Run in a worker thread."""
    return {
        "player": player.id,
        "name": player.name,
        "listed": player.listed,
        "created": player.created,
        "language": player.language,
        **page(hub.store.engine, player_key(player.id), before, is_bot=_is_bot(hub)),
    }


@router.get("/api/bots/{name}")
async def bot(request: Request, name: str, before: str | None = None) -> dict[str, Any]:
    """A bot's page: its ratings, their history and its statistics in every game, and the public
    tables it played at where a player sat (hands are rated only there)."""
    hub = _hub(request)
    if len(name) > 64 or not name.isprintable():
        raise Refused(404, "no bot of that name has a rating here")
    real = _is_bot(hub)
    got = await asyncio.to_thread(page, hub.store.engine, bot_key(name), _before(_number(before)), True, real)
    # a name rated in a game where it is no bot (stored before tables kept bots under their own
    # names) has no page there
    got["ratings"] = {g: r for g, r in got["ratings"].items() if real(g, name)}
    got["history"] = {g: r for g, r in got["history"].items() if g in got["ratings"]}
    got["stats"] = {g: r for g, r in got["stats"].items() if g in got["ratings"]}
    if not got["ratings"]:
        raise Refused(404, "no bot of that name has a rating here")
    return {"bot": name, **got}


@router.get("/api/leaderboard/{game}")
async def leaderboard(request: Request, game: str) -> dict[str, Any]:
    """The listed players, the settled ones ranked by rating, then the provisional ones unranked;
    the bots apart, in the same order."""
    engine = _hub(request).store.engine
    _game(game)
    people = await asyncio.to_thread(ratings_store.listed_players, engine, game, LEADERS)
    bots = _real_bots(_hub(request), game, await asyncio.to_thread(ratings_store.skills, engine, game, "bot:"))
    return {
        "game": game,
        "players": [
            {"rank": None if s.provisional else n + 1, "name": p.name, **s.to_json()} for n, (p, s) in enumerate(people)
        ],
        "bots": [{"bot": k.removeprefix("bot:"), **s.to_json()} for k, s in ranked(bots)],
    }


def _is_bot(hub: Hub) -> Callable[[str, str], bool]:
    """Whether a rated name is a real bot of a game (`_real_bots`), for a page's comparisons."""
    programs = dict(hub.settings.bot_programs)

    def real(game: str, name: str) -> bool:
        try:
            return names.is_bot_name(registry.get_game(game), name, programs)
        except BadRules:  # a game no longer registered
            return False

    return real


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


def _file(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html", headers={"Cache-Control": "no-cache"})


@router.get("/player", include_in_schema=False)
def player_page() -> FileResponse:
    """The player's own page (the private link is this page with ``#TOKEN``)."""
    return _file("player.html")


@router.get("/bot/{name}", include_in_schema=False)
def bot_page(name: str) -> FileResponse:
    """A bot's page: the player's page, drawn for the bot its address names."""
    return _file("player.html")


@router.get("/leaderboard", include_in_schema=False)
def leaderboard_page() -> FileResponse:
    """The leaderboards, one game at a time (``?game=NAME``)."""
    return _file("leaderboard.html")
