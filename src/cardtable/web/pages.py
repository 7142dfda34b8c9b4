"""The pages people use: the home page, the table, the replay viewer, their static files, and the
few read-only engine answers the pages need beyond web.md (the games with their presets and house
rules; a record replayed step by step with every hand face up, and each hand summed up).

`install` adds them to the server's FastAPI app. Nothing here holds a table's state: the replay
endpoint works on a record the caller sends (a finished match fetched from this server, or a
file), so it can reveal only what that record already shows.
"""

from __future__ import annotations

import dataclasses
import functools
import gettext
import importlib.util
import json
import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from cardtable import i18n, registry
from cardtable.core import game_package
from cardtable.voice import partnerships
from cardtable.web.ops import metrics
from cardtable.web.requests import client_address
from cardtable.web.review.replaywork import Replayer

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
    """Every game with its seats, presets and house rules (name, default, rule, one-line meaning),
    whether it is played in partnerships (seats 0 and 2 against 1 and 3), and the hands a match
    lasts when the game's match has no end of its own (``match_hands``, else ``null``): the facts
    the home page asks of a game rather than of its name; and the game menus offer first
    (``default``)."""
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
                "partnerships": partnerships(g),
                "match_hands": getattr(registry.part(name, "matches"), "OPEN_HANDS", None),
            }
        )
    return {"games": games, "default": registry.DEFAULT_GAME, "bots": BOTS}


@router.get("/api/games")
def games(request: Request) -> dict[str, Any]:
    """The games, presets, house rules and bots the home page offers (with the bot programs the
    server's operator offers by name)."""
    out = games_json()
    settings = getattr(request.app.state, "settings", None)
    for name, _ in getattr(settings, "bot_programs", ()):
        out["bots"] = [*out["bots"], {"name": name, "label": f"{name} (a bot program)"}]
    return out


#: The name of a game's page module: letters, digits and underscores, then ``.js`` (no path).
_MODULE_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}\.js")


def game_module_path(game: str, name: str) -> Path | None:
    """The file of the page module ``name`` of the registered game ``game``: in the ``web`` folder
    of its package, where the pages find what only that game draws (``game.js``, see
    docs/pages.md), or, for ``game.js`` of a game without its own, the generic module that draws
    it the generic way. ``None`` for an unknown game, a name that is not a module's, or a path
    that would leave the game's ``web`` folder."""
    if game not in registry.names() or not _MODULE_NAME.fullmatch(name):
        return None
    spec = importlib.util.find_spec(game_package(registry.game_class(game)))
    places = list(spec.submodule_search_locations or ()) if spec is not None else []
    for place in places:
        folder = (Path(place) / "web").resolve()
        target = (folder / name).resolve()
        if target.parent == folder and target.is_file():
            return target
    return STATIC / "js" / "gamedefault.js" if name == "game.js" else None


@router.get("/static/games/{game}/{name}", include_in_schema=False)
def game_module(game: str, name: str) -> Response:
    """A game's own page module (``/static/games/seep/game.js``), loaded by the pages with
    ``import()`` keyed by the table's game (`game_module_path`)."""
    path = game_module_path(game, name)
    if path is None:
        return _refuse(404, "no such page module")
    return FileResponse(path, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


@functools.cache
def catalog_json(language: str) -> bytes:
    """A language's messages for the pages, made by Babel from its ``.po`` (docs/languages.md):
    ``{"language", "messages"}``, each message its translation, or for a plural its forms by the
    plural category the browser's ``Intl.PluralRules`` names (``one``, ``other``)."""
    from babel import Locale
    from babel.messages.pofile import read_po

    with (i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as f:
        catalog = read_po(f, locale=language)
    index = gettext.c2py(catalog.plural_expr)
    rule = Locale.parse(language).plural_form
    category: dict[str, int] = {}
    for n in [1, *range(200)]:  # which of the catalog's forms each category of the language takes
        category.setdefault(rule(n), index(n))
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or not message.string or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = list(message.string)
            messages[message.id[0]] = {cat: forms[i] for cat, i in category.items() if i < len(forms)}
        else:
            messages[str(message.id)] = message.string
    return json.dumps({"language": language, "messages": messages}, ensure_ascii=False).encode()


@router.get("/i18n/{name}", include_in_schema=False)
def catalog(name: str) -> Response:
    """A language's messages for the pages (``/i18n/de.json``); English is the messages themselves."""
    language = name.removesuffix(".json")
    if not name.endswith(".json") or language not in i18n.LANGUAGES or language == "en":
        return _refuse(404, f"no such language; there are {', '.join(i18n.LANGUAGES[1:])}")
    return Response(catalog_json(language), media_type="application/json", headers={"Cache-Control": "max-age=300"})


def _refuse(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


@router.post("/api/replay")
async def replay_record(
    request: Request, steps: bool = True, seat: int | None = None, ended: bool = False, lang: str = "en"
) -> Any:
    """Replay a record sent in the body (a finished match of this server, or a file), in the
    replay worker (`cardtable.web.review.replaywork`), never on the tables' event loop; the hands'
    narration in ``lang`` (docs/languages.md)."""
    body = await request.body()
    limit = request.app.state.settings.max_record_bytes
    if len(body) > limit:
        return _refuse(413, f"a record is at most {limit} bytes")
    replayer: Replayer = request.app.state.replayer
    language = i18n.language_of(lang)
    status, answer = await replayer.replay(client_address(request), body, steps, seat, ended, language)
    metrics.REPLAYS.labels(outcome=str(status)).inc()
    return Response(answer, status_code=status, media_type="application/json")


def install(app: FastAPI) -> None:
    """Add the pages, their static files, `/api/games`, `/api/replay` and the hints to ``app``."""
    from cardtable.web.tables import hints  # the search bot's hints, for the seat to act

    app.include_router(router)
    app.include_router(hints.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
